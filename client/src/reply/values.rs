//! [`Values`]: the strings or nulls of an array reply (`MGET`, `HMGET`, ...), kept as one
//! slice of the reply and handed out as views.

use std::fmt;

use bytes::Bytes;

use super::extents::{read_strings, Extent, Walk};
use crate::resp::read::collections::vec_for;
use crate::resp::read::RespRead;
use crate::wire::DecodeError;
use crate::wire::Reader;

/// The values of an array reply whose elements are strings or nulls: what `MGET`, `HMGET`,
/// `HGETEX`, `HGETDEL`, `SORT ... GET` and `JSON.MGET` return by default, a null where a
/// key or field has no value.
///
/// As [`List`](super::List), the reply is kept once with the place of each string in it:
/// one allocation and no reference count per value. [`get`](Self::get) and
/// [`iter`](Self::iter) hand out `Option<&[u8]>` views, and a `for` loop over an owned
/// `Values` (or [`to_vec`](Self::to_vec)) gives `Option<Bytes>`.
///
/// It compares equal to a slice, array or `Vec` of `Option`s of strings with the same
/// elements in the same order.
///
/// ```
/// use typedis::resp::Frame;
/// use typedis::reply::Values;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// // MGET a b c, where b does not exist.
/// let frame = Frame::from_slice(b"*3\r\n$1\r\n1\r\n$-1\r\n$1\r\n3\r\n")?;
/// let values: Values = frame.decode()?;
/// assert_eq!(values.len(), 3);
/// assert_eq!(values.get(0), Some(&b"1"[..]));
/// assert_eq!(values.get(1), None);
/// assert!(values.is_null(1));
/// assert_eq!(values.get_str(2), Some("3"));
/// assert_eq!(values, [Some("1"), None, Some("3")]);
/// let found = values.iter().flatten().count();
/// assert_eq!(found, 2);
/// # Ok(())
/// # }
/// ```
#[derive(Clone, Default)]
pub struct Values {
    /// The buffer the extents point into: the reply's array, or a copy of its strings.
    buf: Bytes,
    items: Vec<Extent>,
}

impl Values {
    /// The number of elements, nulls included.
    #[inline]
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// True when there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The value at `index`, borrowed from the reply; `None` for a null, or past the end.
    #[inline]
    pub fn get(&self, index: usize) -> Option<&[u8]> {
        let extent = *self.items.get(index)?;
        (!extent.is_null()).then(|| extent.of(&self.buf))
    }

    /// Whether the element at `index` is null (`false` past the end).
    pub fn is_null(&self, index: usize) -> bool {
        self.items.get(index).is_some_and(|s| s.is_null())
    }

    /// The value at `index` as text; `None` for a null, past the end, or when it is not
    /// UTF-8 (read it with [`get`](Self::get)).
    pub fn get_str(&self, index: usize) -> Option<&str> {
        std::str::from_utf8(self.get(index)?).ok()
    }

    /// The value at `index` as zero-copy [`Bytes`]; `None` for a null, or past the end.
    pub fn get_bytes(&self, index: usize) -> Option<Bytes> {
        let extent = *self.items.get(index)?;
        (!extent.is_null()).then(|| extent.bytes(&self.buf))
    }

    /// The values in order, borrowed from the reply, `None` for the nulls.
    #[inline]
    pub fn iter(&self) -> ValuesIter<'_> {
        ValuesIter {
            buf: &self.buf,
            items: self.items.iter(),
        }
    }

    /// The values as zero-copy [`Bytes`].
    pub fn to_vec(&self) -> Vec<Option<Bytes>> {
        self.items.iter().map(|s| owned(*s, &self.buf)).collect()
    }
}

fn owned(extent: Extent, buf: &Bytes) -> Option<Bytes> {
    (!extent.is_null()).then(|| extent.bytes(buf))
}

/// An array, set or push of strings and nulls laid out as extents.
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
            let item = match r.try_null() {
                Ok(true) => Ok(Extent::NULL),
                Ok(false) => string(r),
                Err(e) => Err(e),
            };
            items.push(item.map_err(|e| e.at_index(i))?);
        }
        Ok(items)
    }
}

/// An array, set or push of strings and nulls, as `Vec<Option<Bytes>>` reads it.
impl<'de> RespRead<'de> for Values {
    #[inline]
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let (buf, items) = read_strings::<Items>(r)?;
        Ok(Values { buf, items })
    }
}

impl fmt::Debug for Values {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.iter().map(|v| v.map(String::from_utf8_lossy)))
            .finish()
    }
}

impl PartialEq for Values {
    fn eq(&self, other: &Values) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for Values {}

impl<T: AsRef<[u8]>> PartialEq<[Option<T>]> for Values {
    fn eq(&self, other: &[Option<T>]) -> bool {
        self.iter()
            .eq(other.iter().map(|v| v.as_ref().map(AsRef::as_ref)))
    }
}

impl<T: AsRef<[u8]>, const N: usize> PartialEq<[Option<T>; N]> for Values {
    fn eq(&self, other: &[Option<T>; N]) -> bool {
        *self == other[..]
    }
}

impl<T: AsRef<[u8]>> PartialEq<Vec<Option<T>>> for Values {
    fn eq(&self, other: &Vec<Option<T>>) -> bool {
        *self == other[..]
    }
}

impl From<Values> for Vec<Option<Bytes>> {
    fn from(values: Values) -> Vec<Option<Bytes>> {
        values.to_vec()
    }
}

impl<'a> IntoIterator for &'a Values {
    type Item = Option<&'a [u8]>;
    type IntoIter = ValuesIter<'a>;

    fn into_iter(self) -> ValuesIter<'a> {
        self.iter()
    }
}

impl IntoIterator for Values {
    type Item = Option<Bytes>;
    type IntoIter = ValuesIntoIter;

    /// The values as zero-copy [`Bytes`], `None` for the nulls.
    fn into_iter(self) -> ValuesIntoIter {
        ValuesIntoIter {
            buf: self.buf,
            items: self.items.into_iter(),
        }
    }
}

/// The values of [`Values`], borrowed, in order.
#[derive(Debug, Clone)]
pub struct ValuesIter<'a> {
    buf: &'a [u8],
    items: std::slice::Iter<'a, Extent>,
}

impl<'a> Iterator for ValuesIter<'a> {
    type Item = Option<&'a [u8]>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let extent = *self.items.next()?;
        Some((!extent.is_null()).then(|| extent.of(self.buf)))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.items.size_hint()
    }
}

impl DoubleEndedIterator for ValuesIter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        let extent = *self.items.next_back()?;
        Some((!extent.is_null()).then(|| extent.of(self.buf)))
    }
}

impl ExactSizeIterator for ValuesIter<'_> {}

/// The values of [`Values`] as zero-copy [`Bytes`], in order.
// Hidden from the docs, as the other owned iterators of replies: its page would list
// `Iterator`'s provided methods and nothing of its own (~180 KB); `for x in reply` uses it.
#[doc(hidden)]
#[derive(Debug, Clone)]
pub struct ValuesIntoIter {
    buf: Bytes,
    items: std::vec::IntoIter<Extent>,
}

impl Iterator for ValuesIntoIter {
    type Item = Option<Bytes>;

    fn next(&mut self) -> Option<Option<Bytes>> {
        self.items.next().map(|s| owned(s, &self.buf))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.items.size_hint()
    }
}

impl DoubleEndedIterator for ValuesIntoIter {
    fn next_back(&mut self) -> Option<Option<Bytes>> {
        self.items.next_back().map(|s| owned(s, &self.buf))
    }
}

impl ExactSizeIterator for ValuesIntoIter {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::Frame;

    fn values(wire: &[u8]) -> Result<Values, DecodeError> {
        let frame = Frame::from_slice(wire).expect("one whole frame");
        let mut r = Reader::new(&frame);
        Values::read(&mut r)
    }

    #[test]
    fn every_null_form_reads_as_none() {
        let v = values(b"*4\r\n$1\r\na\r\n$-1\r\n_\r\n*-1\r\n").unwrap();
        assert_eq!(v, [Some("a"), None, None, None]);
        assert_eq!(v.to_vec(), [Some(Bytes::from("a")), None, None, None]);
        assert_eq!(v.clone().into_iter().next_back(), Some(None));
        assert_eq!(format!("{v:?}"), r#"[Some("a"), None, None, None]"#);
        assert!(v.is_null(3) && !v.is_null(0) && !v.is_null(4));
        assert_eq!(v.get(4), None);
    }

    #[test]
    fn an_empty_string_is_not_a_null() {
        let v = values(b"*2\r\n$0\r\n\r\n$?\r\n;0\r\n").unwrap();
        assert_eq!(v, [Some(""), Some("")]);
        assert!(!v.is_null(0) && !v.is_null(1));
    }

    #[test]
    fn a_wrong_element_is_refused_where_it_is() {
        let err = values(b"*3\r\n$1\r\na\r\n_\r\n:1\r\n").unwrap_err();
        assert_eq!(err.path(), "[2]");
    }
}
