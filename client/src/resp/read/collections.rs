//! [`RespRead`] for collections: `Vec`, `VecDeque`, sets and maps.
//!
//! Capacity is never taken on trust: a declared length reserves at most as many elements
//! as the rest of the frame could hold (each element needs at least 3 bytes), never more
//! than [`HELD_PER_BYTE`] bytes per byte left in the frame, and never more than
//! [`MAX_RESERVED`] bytes up front; past that, a collection grows as its elements are read.
//! Every reader of the crate, core or module, reserves through [`capacity`] (the crate's
//! `clippy.toml` refuses the other ways).
//!
//! What elements read hold is bounded too: an element of a large type (a generated reply
//! struct of many fields) can be read from a 3-byte null, so a reply of nulls read as
//! `Vec<Option<T>>` would hold hundreds of bytes per byte received. Collections count
//! such elements as they read them ([`hold`]), and a decode whose collections would hold
//! more than [`HELD_PER_BYTE`] bytes per byte of its frame (past [`HELD_FLOOR`]) fails. A
//! decode therefore allocates at most about twice that per byte received (a `Vec` grows
//! by doubling), whatever the reply and whatever the type.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::hash::{BuildHasher, Hash};

use super::RespRead;
use crate::wire::DecodeError;
use crate::wire::Kind;
use crate::wire::Reader;

/// The most bytes a declared count may reserve before its elements are read. A reply of
/// 2,000,000 nulls declared as search results would otherwise ask for 368 MB at once (a
/// result is 184 bytes), and one of 516 MB for 31 GB: the process would abort before the
/// first element failed to read. Larger collections grow as their elements arrive, so
/// what they hold is what the elements read justify.
pub(crate) const MAX_RESERVED: usize = 1 << 20;

/// Bytes of memory the collections of one decode may hold in elements of a large type,
/// per byte of the frame: a generated struct read from an empty map, a `List` read from a
/// null, stay within it; 440-byte `COMMAND INFO` entries read from 3-byte nulls do not.
pub(crate) const HELD_PER_BYTE: usize = 48;

/// What the collections of a decode may hold in large elements whatever the frame's
/// length: a few hundred nulls or empty entries of the largest reply structs.
pub(crate) const HELD_FLOOR: usize = 64 << 10;

/// Elements of at most this many bytes stay within [`HELD_PER_BYTE`] by themselves: each
/// takes at least 3 bytes of the frame.
const LARGE: usize = 3 * HELD_PER_BYTE;

/// How many `T`s to reserve room for when a reply declares `n` elements of at least
/// `per` bytes each: no more than the rest of the frame could hold, no more than
/// [`HELD_PER_BYTE`] bytes per byte left in it, and no more than [`MAX_RESERVED`] bytes.
#[inline]
pub(crate) fn capacity<T>(r: &Reader<'_>, n: usize, per: usize) -> usize {
    let size = size_of::<T>().max(1);
    let left = r.remaining();
    n.min(left / per)
        .min(left.saturating_mul(HELD_PER_BYTE) / size)
        .min(MAX_RESERVED / size)
}

/// Counts one more `T` held by a collection being read (nothing for types of at most
/// [`LARGE`] bytes, the most common by far).
///
/// # Errors
///
/// When the large elements read so far hold more than [`HELD_PER_BYTE`] bytes per byte of
/// the frame, past [`HELD_FLOOR`].
#[inline(always)]
pub(crate) fn hold<T>(r: &mut Reader<'_>) -> Result<(), DecodeError> {
    if size_of::<T>() <= LARGE {
        return Ok(());
    }
    let (held, frame) = r.add_held(size_of::<T>());
    if held
        > frame
            .saturating_mul(HELD_PER_BYTE)
            .saturating_add(HELD_FLOOR)
    {
        return Err(held_too_much::<T>(frame));
    }
    Ok(())
}

#[cold]
#[inline(never)]
fn held_too_much<T>(frame: usize) -> DecodeError {
    DecodeError::custom(format_args!(
        "a reply of {frame} bytes whose elements would hold more than {HELD_PER_BYTE} bytes of \
         memory per byte received, {} bytes each as `{}` (empty or null elements sent by a \
         broken or hostile server?); read it as `Value` to see it",
        size_of::<T>(),
        std::any::type_name::<T>(),
    ))
}

/// An empty `Vec` with room for as many of `n` declared elements, of at least `per` bytes
/// each, as [`capacity`] allows.
#[inline]
pub(crate) fn vec_for<T>(r: &Reader<'_>, n: usize, per: usize) -> Vec<T> {
    #[allow(
        clippy::disallowed_methods,
        reason = "the one path, bounded by `capacity`"
    )]
    Vec::with_capacity(capacity::<T>(r, n, per))
}

/// How a sequence of key/value pairs is laid out.
pub(crate) enum Pairs {
    /// A RESP3 map or a RESP2 flat `[k, v, k, v]` array: `n` pairs, no header per pair.
    Flat(usize),
    /// An array of `n` two-element arrays (RESP3 replies such as `ZRANGE .. WITHSCORES`).
    Nested(usize),
}

/// Tells a flat key/value array from an array (or RESP3 set, as in COMMAND DOCS `history`)
/// of pairs by its first element: an aggregate means pairs. (A flat array whose keys are
/// themselves arrays is therefore read as pairs; no Redis reply has that shape.)
#[inline]
pub(crate) fn pairs(r: &mut Reader<'_>) -> Result<Pairs, DecodeError> {
    if matches!(r.peek()?, Kind::Array | Kind::Set | Kind::Push) {
        if let Some(Kind::Array | Kind::Map | Kind::Set | Kind::Push) = r.peek_first()? {
            return r.array_len().map(Pairs::Nested);
        }
    }
    r.map_len().map(Pairs::Flat)
}

/// Reads an aggregate of `T`s into a `Vec` (the default of [`RespRead::read_vec`]).
/// When `T` is a pair, a map and a flat key/value array are accepted too.
#[inline]
pub(super) fn read_seq<'de, T: RespRead<'de>>(r: &mut Reader<'de>) -> Result<Vec<T>, DecodeError> {
    if T::PAIR {
        return match pairs(r)? {
            Pairs::Flat(n) => {
                let mut out = vec_for(r, n, 6);
                for i in 0..n {
                    let pair = T::read_flat_pair(r).and_then(|p| hold::<T>(r).map(|()| p));
                    out.push(pair.map_err(|e| e.at_index(i))?);
                }
                Ok(out)
            }
            // The array header is read; each element is a two-element array.
            Pairs::Nested(n) => read_elements(r, n),
        };
    }
    let n = r.array_len()?;
    read_elements(r, n)
}

/// Reads `n` elements after an array header.
#[inline]
fn read_elements<'de, T: RespRead<'de>>(
    r: &mut Reader<'de>,
    n: usize,
) -> Result<Vec<T>, DecodeError> {
    let mut out = vec_for(r, n, 3);
    for i in 0..n {
        let item = T::read(r).and_then(|item| hold::<T>(r).map(|()| item));
        out.push(item.map_err(|e| e.at_index(i))?);
    }
    Ok(out)
}

/// An array, set or push of `T`s. `Vec<u8>` is the exception: it reads a string.
impl<'de, T: RespRead<'de>> RespRead<'de> for Vec<T> {
    #[inline]
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        T::read_vec(r)
    }
}

impl<'de, T: RespRead<'de>> RespRead<'de> for VecDeque<T> {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        read_seq(r).map(VecDeque::from)
    }
}

impl<'de, T: RespRead<'de> + Eq + Hash, S: BuildHasher + Default> RespRead<'de> for HashSet<T, S> {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let n = r.array_len()?;
        #[allow(clippy::disallowed_methods, reason = "bounded by `capacity`")]
        let mut out = HashSet::with_capacity_and_hasher(capacity::<T>(r, n, 3), S::default());
        for i in 0..n {
            let item = T::read(r).and_then(|item| hold::<T>(r).map(|()| item));
            out.insert(item.map_err(|e| e.at_index(i))?);
        }
        Ok(out)
    }
}

impl<'de, T: RespRead<'de> + Ord> RespRead<'de> for BTreeSet<T> {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let n = r.array_len()?;
        let mut out = BTreeSet::new();
        for i in 0..n {
            let item = T::read(r).and_then(|item| hold::<T>(r).map(|()| item));
            out.insert(item.map_err(|e| e.at_index(i))?);
        }
        Ok(out)
    }
}

/// A map being filled by [`read_map`].
trait Fill<K, V> {
    fn reserve(&mut self, n: usize);
    fn insert(&mut self, k: K, v: V);
}

impl<K: Eq + Hash, V, S: BuildHasher> Fill<K, V> for HashMap<K, V, S> {
    #[allow(
        clippy::disallowed_methods,
        reason = "called with `capacity`'s bound alone"
    )]
    fn reserve(&mut self, n: usize) {
        HashMap::reserve(self, n);
    }
    fn insert(&mut self, k: K, v: V) {
        HashMap::insert(self, k, v);
    }
}

impl<K: Ord, V> Fill<K, V> for BTreeMap<K, V> {
    fn reserve(&mut self, _: usize) {}
    fn insert(&mut self, k: K, v: V) {
        BTreeMap::insert(self, k, v);
    }
}

/// Reads key/value pairs in any layout into `out`.
#[inline]
fn read_map<'de, K: RespRead<'de>, V: RespRead<'de>>(
    r: &mut Reader<'de>,
    out: &mut impl Fill<K, V>,
) -> Result<(), DecodeError> {
    let (n, nested) = match pairs(r)? {
        Pairs::Flat(n) => (n, false),
        Pairs::Nested(n) => (n, true),
    };
    out.reserve(capacity::<(K, V)>(r, n, 6));
    for i in 0..n {
        let pair = (|| {
            if nested {
                let len = r.array_len()?;
                if len != 2 {
                    return Err(DecodeError::length(2, len));
                }
            }
            let k = K::read(r).map_err(|e| e.at_index(0))?;
            let v = V::read(r).map_err(|e| e.at_index(1))?;
            hold::<(K, V)>(r)?;
            Ok((k, v))
        })();
        let (k, v) = pair.map_err(|e| e.at_index(i))?;
        out.insert(k, v);
    }
    Ok(())
}

/// A RESP3 map, a RESP2 flat `[k, v, k, v]` array, or an array of `[k, v]` pairs. A key
/// that appears twice keeps its last value.
impl<'de, K, V, S> RespRead<'de> for HashMap<K, V, S>
where
    K: RespRead<'de> + Eq + Hash,
    V: RespRead<'de>,
    S: BuildHasher + Default,
{
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let mut out = HashMap::with_hasher(S::default());
        read_map(r, &mut out)?;
        Ok(out)
    }
}

/// As `HashMap`.
impl<'de, K: RespRead<'de> + Ord, V: RespRead<'de>> RespRead<'de> for BTreeMap<K, V> {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let mut out = BTreeMap::new();
        read_map(r, &mut out)?;
        Ok(out)
    }
}
