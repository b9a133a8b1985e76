//! [`RespRead`] for collections: `Vec`, `VecDeque`, sets and maps.
//!
//! Capacity is never taken on trust: a declared length reserves at most as many elements
//! as the rest of the frame could hold (each element needs at least 3 bytes).

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::hash::{BuildHasher, Hash};

use super::RespRead;
use crate::resp::{DecodeError, Kind, Reader};

/// At most as many elements as the rest of the frame could hold, `per` bytes each.
#[inline]
pub(crate) fn capacity(r: &Reader<'_>, n: usize, per: usize) -> usize {
    n.min(r.remaining() / per)
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
                let mut out = Vec::with_capacity(capacity(r, n, 6));
                for i in 0..n {
                    out.push(T::read_flat_pair(r).map_err(|e| e.at_index(i))?);
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
    let mut out = Vec::with_capacity(capacity(r, n, 3));
    for i in 0..n {
        out.push(T::read(r).map_err(|e| e.at_index(i))?);
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
        let mut out = HashSet::with_capacity_and_hasher(capacity(r, n, 3), S::default());
        for i in 0..n {
            out.insert(T::read(r).map_err(|e| e.at_index(i))?);
        }
        Ok(out)
    }
}

impl<'de, T: RespRead<'de> + Ord> RespRead<'de> for BTreeSet<T> {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let n = r.array_len()?;
        let mut out = BTreeSet::new();
        for i in 0..n {
            out.insert(T::read(r).map_err(|e| e.at_index(i))?);
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
    out.reserve(capacity(r, n, 6));
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
