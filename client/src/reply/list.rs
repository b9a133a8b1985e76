//! [`List`]: the strings of an array reply (`LRANGE`, `SMEMBERS`, `KEYS`, ...), kept as one
//! slice of the reply and handed out as views.

use std::fmt;
use std::ops::Index;

use bytes::Bytes;

use super::extents::{read_strings, Extent, Lookup, Walk};
use crate::resp::read::collections::vec_for;
use crate::resp::read::RespRead;
use crate::wire::DecodeError;
use crate::wire::Reader;

/// The strings of an array or set reply: what `LRANGE`, `SMEMBERS`, `KEYS`, `SINTER`,
/// `ZRANGE` and the other commands that reply a list of strings return by default.
///
/// The reply is kept once, as a zero-copy slice of the frame, with the place of each
/// string in it: reading 10,000 strings costs one allocation and no reference count per
/// string. [`get`](Self::get) and [`iter`](Self::iter) hand out `&[u8]` views (and
/// [`get_str`](Self::get_str) `&str`), [`contains`](Self::contains) scans the strings on
/// its first calls and answers from a hash index after them, and a `for` loop over an
/// owned `List` (or [`to_vec`](Self::to_vec)) gives zero-copy [`Bytes`].
///
/// A list compares equal to any slice, array or `Vec` of strings with the same elements
/// in the same order. To read the reply into other types (`Vec<String>`, a `HashSet`, a
/// struct of your own), ask for them with
/// [`Client::query_as`](crate::Client::query_as).
///
/// ```
/// use typedis::resp::Frame;
/// use typedis::reply::List;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let frame = Frame::from_slice(b"*3\r\n$1\r\na\r\n$2\r\nbc\r\n$3\r\ndef\r\n")?;
/// let list: List = frame.decode()?;
/// assert_eq!(list.len(), 3);
/// assert_eq!(list.get(1), Some(&b"bc"[..]));
/// assert_eq!(list.get_str(2), Some("def"));
/// assert!(list.contains("a"));
/// assert_eq!(list, ["a", "bc", "def"]);
/// let lengths: Vec<usize> = list.iter().map(<[u8]>::len).collect();
/// assert_eq!(lengths, [1, 2, 3]);
/// for item in list {
///     let owned: bytes::Bytes = item;
///     assert!(!owned.is_empty());
/// }
/// # Ok(())
/// # }
/// ```
#[derive(Clone, Default)]
pub struct List {
    /// The buffer the extents point into: the reply's array, or a copy of its strings.
    buf: Bytes,
    items: Vec<Extent>,
    lookup: Lookup,
}

impl List {
    /// The number of strings.
    #[inline]
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// True when there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The string at `index`, borrowed from the reply.
    #[inline]
    pub fn get(&self, index: usize) -> Option<&[u8]> {
        self.items.get(index).map(|s| s.of(&self.buf))
    }

    /// The string at `index` as text; `None` past the end or when it is not UTF-8 (read
    /// it with [`get`](Self::get)).
    pub fn get_str(&self, index: usize) -> Option<&str> {
        std::str::from_utf8(self.get(index)?).ok()
    }

    /// The string at `index` as zero-copy [`Bytes`].
    pub fn get_bytes(&self, index: usize) -> Option<Bytes> {
        self.items.get(index).map(|s| s.bytes(&self.buf))
    }

    /// The first string.
    pub fn first(&self) -> Option<&[u8]> {
        self.get(0)
    }

    /// The last string.
    pub fn last(&self) -> Option<&[u8]> {
        self.len().checked_sub(1).and_then(|i| self.get(i))
    }

    /// Whether `value` is one of the strings (a set's member). The first calls scan the
    /// strings; once they have compared as many strings as the list holds, a list of more
    /// than 16 builds a hash index, so later calls cost O(1).
    pub fn contains(&self, value: impl AsRef<[u8]>) -> bool {
        self.position(value).is_some()
    }

    /// The position of the last string equal to `value` (as [`contains`](Self::contains)).
    pub fn position(&self, value: impl AsRef<[u8]>) -> Option<usize> {
        self.lookup
            .find(self.len(), |i| self.items[i].of(&self.buf), value.as_ref())
    }

    /// Sorts the strings by their bytes, in place (the reply stays where it is: only the
    /// list's order of it changes), as a set's members are sorted to compare them.
    pub fn sort(&mut self) {
        let buf = &self.buf;
        self.items.sort_unstable_by(|a, b| a.of(buf).cmp(b.of(buf)));
        self.lookup = Lookup::default();
    }

    /// The strings in order, borrowed from the reply.
    #[inline]
    pub fn iter(&self) -> ListIter<'_> {
        ListIter {
            buf: &self.buf,
            items: self.items.iter(),
        }
    }

    /// The strings as zero-copy [`Bytes`].
    pub fn to_vec(&self) -> Vec<Bytes> {
        self.items.iter().map(|s| s.bytes(&self.buf)).collect()
    }

    /// The strings as owned `String`s.
    ///
    /// # Errors
    ///
    /// When a string is not UTF-8; the error names its position.
    pub fn to_strings(&self) -> Result<Vec<String>, DecodeError> {
        self.iter()
            .enumerate()
            .map(|(i, s)| match std::str::from_utf8(s) {
                Ok(s) => Ok(s.to_owned()),
                Err(_) => Err(DecodeError::custom("not UTF-8 text").at_index(i)),
            })
            .collect()
    }
}

/// An array, set or push of strings laid out as extents.
struct Items;

impl Walk for Items {
    type Spans = Vec<Extent>;

    #[inline(always)]
    fn walk<'de>(
        r: &mut Reader<'de>,
        mut string: impl FnMut(&mut Reader<'de>) -> Result<Extent, DecodeError>,
    ) -> Result<Vec<Extent>, DecodeError> {
        let n = r.array_len()?;
        let mut items = vec_for(r, n, 3);
        for i in 0..n {
            items.push(string(r).map_err(|e| e.at_index(i))?);
        }
        Ok(items)
    }
}

/// An array, set or push of strings, as `Vec<Bytes>` reads it.
impl<'de> RespRead<'de> for List {
    #[inline]
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let (buf, items) = read_strings::<Items>(r)?;
        Ok(List {
            buf,
            items,
            lookup: Lookup::default(),
        })
    }
}

impl Index<usize> for List {
    type Output = [u8];

    /// The string at `index`.
    ///
    /// # Panics
    ///
    /// Past the end, as a slice does.
    fn index(&self, index: usize) -> &[u8] {
        self.items[index].of(&self.buf)
    }
}

impl fmt::Debug for List {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.iter().map(String::from_utf8_lossy))
            .finish()
    }
}

impl PartialEq for List {
    fn eq(&self, other: &List) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for List {}

impl<T: AsRef<[u8]>> PartialEq<[T]> for List {
    fn eq(&self, other: &[T]) -> bool {
        self.iter().eq(other.iter().map(AsRef::as_ref))
    }
}

impl<T: AsRef<[u8]>> PartialEq<&[T]> for List {
    fn eq(&self, other: &&[T]) -> bool {
        *self == **other
    }
}

impl<T: AsRef<[u8]>, const N: usize> PartialEq<[T; N]> for List {
    fn eq(&self, other: &[T; N]) -> bool {
        *self == other[..]
    }
}

impl<T: AsRef<[u8]>> PartialEq<Vec<T>> for List {
    fn eq(&self, other: &Vec<T>) -> bool {
        *self == other[..]
    }
}

impl From<List> for Vec<Bytes> {
    fn from(list: List) -> Vec<Bytes> {
        list.to_vec()
    }
}

impl<'a> IntoIterator for &'a List {
    type Item = &'a [u8];
    type IntoIter = ListIter<'a>;

    fn into_iter(self) -> ListIter<'a> {
        self.iter()
    }
}

impl IntoIterator for List {
    type Item = Bytes;
    type IntoIter = ListIntoIter;

    /// The strings as zero-copy [`Bytes`].
    fn into_iter(self) -> ListIntoIter {
        ListIntoIter {
            buf: self.buf,
            items: self.items.into_iter(),
        }
    }
}

/// The strings of a [`List`], borrowed, in order.
#[derive(Debug, Clone)]
pub struct ListIter<'a> {
    buf: &'a [u8],
    items: std::slice::Iter<'a, Extent>,
}

impl<'a> Iterator for ListIter<'a> {
    type Item = &'a [u8];

    #[inline]
    fn next(&mut self) -> Option<&'a [u8]> {
        self.items.next().map(|s| s.of(self.buf))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.items.size_hint()
    }
}

impl DoubleEndedIterator for ListIter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.items.next_back().map(|s| s.of(self.buf))
    }
}

impl ExactSizeIterator for ListIter<'_> {}

/// The strings of a [`List`] as zero-copy [`Bytes`], in order.
// Hidden from the docs, as the other owned iterators of replies: its page would list
// `Iterator`'s provided methods and nothing of its own (~180 KB); `for x in reply` uses it.
#[doc(hidden)]
#[derive(Debug, Clone)]
pub struct ListIntoIter {
    buf: Bytes,
    items: std::vec::IntoIter<Extent>,
}

impl Iterator for ListIntoIter {
    type Item = Bytes;

    fn next(&mut self) -> Option<Bytes> {
        self.items.next().map(|s| s.bytes(&self.buf))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.items.size_hint()
    }
}

impl DoubleEndedIterator for ListIntoIter {
    fn next_back(&mut self) -> Option<Bytes> {
        self.items.next_back().map(|s| s.bytes(&self.buf))
    }
}

impl ExactSizeIterator for ListIntoIter {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::Frame;

    fn list(wire: &[u8]) -> Result<List, DecodeError> {
        let frame = Frame::from_slice(wire).expect("one whole frame");
        let mut r = Reader::new(&frame);
        List::read(&mut r)
    }

    #[test]
    fn resp2_resp3_sets_and_attributes_read_alike() {
        let a = list(b"*2\r\n$1\r\na\r\n+b\r\n").unwrap();
        let b = list(b"~2\r\n$1\r\na\r\n|1\r\n+k\r\n+v\r\n$1\r\nb\r\n").unwrap();
        assert_eq!(a, b);
        assert_eq!(a, ["a", "b"]);
        assert_eq!(a.to_vec(), [Bytes::from("a"), Bytes::from("b")]);
        assert_eq!(a.iter().rev().collect::<Vec<_>>(), [b"b", b"a"]);
        assert_eq!(format!("{a:?}"), r#"["a", "b"]"#);
        assert!(list(b"*0\r\n").unwrap().is_empty());
    }

    #[test]
    fn a_string_streamed_in_chunks_is_copied_and_read() {
        let l = list(b"*2\r\n$?\r\n;2\r\nab\r\n;1\r\nc\r\n;0\r\n$1\r\nd\r\n").unwrap();
        assert_eq!(l, ["abc", "d"]);
        assert_eq!(l.get_bytes(0).unwrap(), "abc");
        // A string of no chunks is empty, wherever the reader found it.
        let empty = list(b"*?\r\n$?\r\n;0\r\n$1\r\nx\r\n.\r\n").unwrap();
        assert_eq!(empty, ["", "x"]);
    }

    #[test]
    fn a_wrong_element_is_refused_where_it_is() {
        let err = list(b"*2\r\n$1\r\na\r\n:1\r\n").unwrap_err();
        assert_eq!(err.path(), "[1]");
        assert!(err.to_string().contains("integer"), "{err}");
        assert!(list(b"*1\r\n$-1\r\n").is_err());
        assert!(list(b"$1\r\na\r\n").is_err());
    }

    #[test]
    fn membership_is_found_in_short_and_long_lists() {
        let long: Vec<u8> = {
            let mut w = b"*100\r\n".to_vec();
            for i in 0..100 {
                let s = format!("m{i}");
                w.extend_from_slice(format!("${}\r\n{s}\r\n", s.len()).as_bytes());
            }
            w
        };
        let l = list(&long).unwrap();
        assert!(l.contains("m99") && l.contains("m0") && !l.contains("m100"));
        assert_eq!(l.position("m42"), Some(42));
        let mut sorted = l.clone();
        sorted.sort();
        assert_eq!(sorted.get_str(1), Some("m1"));
        assert_eq!(sorted.get_str(2), Some("m10"));
        assert_eq!(sorted.position("m42"), Some(37));
        assert_eq!(&l[42], b"m42");
        let short = list(b"*2\r\n$1\r\na\r\n$1\r\nb\r\n").unwrap();
        assert!(short.contains(b"b") && !short.contains(""));
    }

    #[test]
    fn text_that_is_not_utf8_is_named() {
        let l = list(b"*2\r\n$1\r\na\r\n$1\r\n\xff\r\n").unwrap();
        assert_eq!(l.get_str(1), None);
        assert_eq!(l.to_strings().unwrap_err().path(), "[1]");
    }
}
