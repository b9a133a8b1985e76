//! What [`List`](super::List), [`Values`](super::Values) and [`Map`](super::Map) share:
//! where each string (or null) sits in the one buffer they keep ([`Extent`]), how an
//! aggregate of strings is read into extents in one walk ([`read_strings`]), and the hash
//! index that finds a string by value, built the first time one is looked up
//! ([`Lookup`]).

use std::hash::{BuildHasher, RandomState};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

use bytes::{Bytes, BytesMut};

use crate::wire::DecodeError;
use crate::wire::Reader;

/// Where one string sits in a kept buffer: `start..end`, as `u32`s to keep the index
/// small (a reply is at most 1 GiB unless the limits are raised past 4 GiB).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Extent {
    start: u32,
    end: u32,
}

impl Extent {
    /// An empty string, wherever it was.
    pub(super) const EMPTY: Extent = Extent { start: 0, end: 0 };

    /// No string: a null element (a string's extent never ends before it starts).
    pub(super) const NULL: Extent = Extent { start: 1, end: 0 };

    /// Whether this is [`NULL`](Self::NULL).
    #[inline(always)]
    pub(super) fn is_null(self) -> bool {
        self.start > self.end
    }

    /// The extent of `len` bytes at `start`.
    #[inline(always)]
    pub(super) fn new(start: usize, len: usize) -> Result<Extent, DecodeError> {
        match (u32::try_from(start), u32::try_from(start + len)) {
            (Ok(start), Ok(end)) => Ok(Extent { start, end }),
            _ => Err(too_large()),
        }
    }

    /// The string in `buf`, the buffer the extent was taken from.
    #[inline(always)]
    pub(super) fn of(self, buf: &[u8]) -> &[u8] {
        &buf[self.start as usize..self.end as usize]
    }

    /// Where the string is, as a range of `buf` (the extent must not be [`NULL`](Self::NULL)).
    #[inline(always)]
    pub(super) fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }

    /// The string as a zero-copy slice of `buf`.
    #[inline]
    pub(super) fn bytes(self, buf: &Bytes) -> Bytes {
        buf.slice(self.start as usize..self.end as usize)
    }
}

#[cold]
fn too_large() -> DecodeError {
    DecodeError::custom("a list or map of strings longer than 4 GiB: read it as `Vec<Bytes>`")
}

/// How one collection lays out its strings: a walk over the aggregate that calls
/// `string` for each string it reads and gathers the extents it returns.
pub(super) trait Walk {
    /// The extents, as the collection keeps them.
    type Spans;

    /// Reads the whole aggregate.
    fn walk<'de>(
        r: &mut Reader<'de>,
        string: impl FnMut(&mut Reader<'de>) -> Result<Extent, DecodeError>,
    ) -> Result<Self::Spans, DecodeError>;
}

/// Reads a whole aggregate of strings as `W` lays it out, and returns the buffer the
/// extents point into with the extents.
///
/// The buffer is the aggregate's own bytes, a zero-copy slice of the frame: extents are
/// offsets into it. Should that walk fail, the aggregate is read again from where it
/// started with owned strings copied into a new buffer: that reads the rare forms a
/// borrowed string cannot be (a RESP3 streamed string sent in several chunks), and
/// reports any other failure where it is.
#[inline]
pub(super) fn read_strings<W: Walk>(r: &mut Reader<'_>) -> Result<(Bytes, W::Spans), DecodeError> {
    let from = r.clone();
    let kept = r.read_and_keep(|r| {
        let base = r.position();
        W::walk(r, |r| {
            let s = r.bytes()?;
            if s.is_empty() {
                // Not necessarily in the frame (a streamed string of no chunks).
                return Ok(Extent::EMPTY);
            }
            Extent::new(r.offset_of(s) - base, s.len())
        })
    });
    match kept {
        Ok((extents, buf)) => Ok((buf, extents)),
        Err(_) => {
            *r = from;
            let mut buf = BytesMut::new();
            let extents = W::walk(r, |r| {
                let s = r.bytes_owned()?;
                let extent = Extent::new(buf.len(), s.len())?;
                buf.extend_from_slice(&s);
                Ok(extent)
            })?;
            Ok((buf.freeze(), extents))
        }
    }
}

/// Lists this short are searched from the end; longer ones get a hash index.
const LINEAR: usize = 16;

/// How many strings the lookups of a longer collection may compare, per string it holds,
/// before its hash index is built. Comparing two strings costs a nanosecond or two and
/// indexing one tens (hashing and placing it), so the first lookup of a reply read for a
/// field or two scans, and a collection looked up many times pays about one scan more
/// than the index alone.
const SCANS_PER_STRING: usize = 1;

/// A hash index over `n` strings, built once the lookups of a collection longer than
/// [`LINEAR`] have compared [`SCANS_PER_STRING`] times its length in strings: open
/// addressing, each slot the position of a string plus one (0 is empty), a string that
/// appears twice indexed at its last position.
#[derive(Debug, Default)]
pub(super) struct Lookup {
    index: OnceLock<(RandomState, Box<[u32]>)>,
    /// Strings compared by the lookups made without the index.
    scanned: AtomicUsize,
}

impl Clone for Lookup {
    fn clone(&self) -> Self {
        Lookup {
            index: self.index.clone(),
            scanned: AtomicUsize::new(self.scanned.load(Ordering::Relaxed)),
        }
    }
}

impl Lookup {
    /// The last position `i < n` whose string (`at(i)`) is `wanted`.
    pub(super) fn find<'a>(
        &self,
        n: usize,
        at: impl Fn(usize) -> &'a [u8],
        wanted: &[u8],
    ) -> Option<usize> {
        if n <= LINEAR {
            return scan(n, &at, wanted);
        }
        let (hasher, slots) = match self.index.get() {
            Some(index) => index,
            // Relaxed: lookups racing on another thread at most scan a little more.
            None if self.scanned.load(Ordering::Relaxed) < SCANS_PER_STRING * n => {
                let found = scan(n, &at, wanted);
                let compared = found.map_or(n, |i| n - i);
                self.scanned.fetch_add(compared, Ordering::Relaxed);
                return found;
            }
            None => self.index.get_or_init(|| build(n, &at)),
        };
        let mask = slots.len() - 1;
        let mut p = hasher.hash_one(wanted) as usize & mask;
        loop {
            match slots[p] {
                0 => return None,
                slot => {
                    let i = slot as usize - 1;
                    if at(i) == wanted {
                        return Some(i);
                    }
                }
            }
            p = (p + 1) & mask;
        }
    }
}

/// The last position `i < n` whose string is `wanted`, searched from the end.
fn scan<'a>(n: usize, at: &impl Fn(usize) -> &'a [u8], wanted: &[u8]) -> Option<usize> {
    (0..n).rev().find(|&i| at(i) == wanted)
}

fn build<'a>(n: usize, at: &impl Fn(usize) -> &'a [u8]) -> (RandomState, Box<[u32]>) {
    let hasher = RandomState::new();
    let mut slots = vec![0u32; (2 * n).next_power_of_two()].into_boxed_slice();
    let mask = slots.len() - 1;
    for i in 0..n {
        let s = at(i);
        let mut p = hasher.hash_one(s) as usize & mask;
        // Spans are u32 offsets, so there are fewer than u32::MAX strings.
        let here = i as u32 + 1;
        loop {
            match slots[p] {
                0 => break slots[p] = here,
                slot if at(slot as usize - 1) == s => break slots[p] = here,
                _ => p = (p + 1) & mask,
            }
        }
    }
    (hasher, slots)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookups_find_the_last_of_repeated_strings_and_miss_absent_ones() {
        let words: Vec<String> = (0..100).map(|i| format!("w{}", i % 60)).collect();
        let at = |i: usize| words[i].as_bytes();
        let expect = |lookup: &Lookup| {
            assert_eq!(lookup.find(words.len(), at, b"w5"), Some(65));
            assert_eq!(lookup.find(words.len(), at, b"w59"), Some(59));
            assert_eq!(lookup.find(words.len(), at, b"w60"), None);
        };
        let short = Lookup::default();
        assert_eq!(short.find(10, at, b"w3"), Some(3));
        assert_eq!(short.find(10, at, b"w30"), None);
        assert!(short.index.get().is_none());

        // The first lookups scan (35, 41 and 100 strings compared), each started under the
        // budget of 100.
        let lookup = Lookup::default();
        expect(&lookup);
        assert!(
            lookup.index.get().is_none(),
            "indexed before its budget was spent"
        );
        // The budget spent, the next lookup builds the index, which answers alike.
        expect(&lookup);
        assert!(lookup.index.get().is_some(), "not indexed after its budget");
        for (i, w) in words.iter().enumerate().skip(40) {
            assert_eq!(lookup.find(words.len(), at, w.as_bytes()), Some(i), "{w}");
        }
        // A clone keeps the index and what its lookups spent.
        let clone = lookup.clone();
        assert!(clone.index.get().is_some());
        expect(&clone);
    }
}
