//! [`StreamEntry`]: one entry of a stream, its fields kept as a slice of the reply.

use std::fmt;

use bytes::{BufMut, Bytes, BytesMut};

use super::extents::Extent;
use crate::error::Error;
use crate::resp::read::RespRead;
use crate::wire::DecodeError;
use crate::wire::Frame;
use crate::wire::Kind;
use crate::wire::Reader;

/// One stream entry: `[id, [field, value, ...]]`, as `XRANGE`, `XREAD`, `XCLAIM`,
/// `XAUTOCLAIM` and `XINFO STREAM` return them.
///
/// The fields are not copied or split up front: [`Fields`] keeps them as one zero-copy
/// slice of the reply and reads them when asked for, so a 1000-entry `XRANGE` costs one
/// allocation (the `Vec`) whatever the entries hold.
///
/// ```
/// use typedis::resp::Frame;
/// use typedis::reply::StreamEntry;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let frame = Frame::from_slice(b"*2\r\n$3\r\n1-1\r\n*4\r\n$4\r\ntemp\r\n$2\r\n21\r\n$2\r\nrh\r\n$2\r\n40\r\n")?;
/// let entry: StreamEntry = frame.decode()?;
/// assert_eq!(entry.id, "1-1");
/// assert_eq!(entry.fields.get("temp"), Some(&b"21"[..]));
/// assert_eq!(entry.fields.iter().count(), 2);
/// # Ok(())
/// # }
/// ```
#[derive(Clone, PartialEq)]
#[non_exhaustive]
pub struct StreamEntry {
    /// The entry's ID (`1700000000000-0`).
    pub id: Bytes,
    /// Its field/value pairs.
    pub fields: Fields,
}

impl fmt::Debug for StreamEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StreamEntry")
            .field("id", &String::from_utf8_lossy(&self.id))
            .field("fields", &self.fields)
            .finish()
    }
}

impl<'de> RespRead<'de> for StreamEntry {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let n = r.array_len()?;
        if n != 2 {
            return Err(DecodeError::length(2, n));
        }
        let id = r.bytes_owned().map_err(|e| e.at_field("id"))?;
        let fields = Fields::read(r).map_err(|e| e.at_field("fields"))?;
        Ok(StreamEntry { id, fields })
    }
}

/// The field/value pairs of a [`StreamEntry`], kept as one zero-copy slice of the reply.
///
/// An entry that was deleted while still pending in a consumer group has no fields
/// (`XREADGROUP` and `XCLAIM` return null for them): it is empty and
/// [`is_deleted`](Self::is_deleted). [`view`](Self::view) borrows them as the
/// [`FieldsRef`] an entry of [`StreamEntries`](super::StreamEntries) hands out.
#[derive(Clone, Default)]
pub struct Fields {
    /// The `[field, value, ...]` array (or a RESP3 map); `None` for a deleted entry.
    frame: Option<Frame>,
}

impl Fields {
    /// The fields, borrowed.
    pub fn view(&self) -> FieldsRef<'_> {
        match &self.frame {
            Some(frame) => {
                let bytes = frame.as_bytes();
                // The frame was checked to be a map or an even array when it was read.
                let pairs = Reader::new(frame).map_len().unwrap_or(0);
                FieldsRef {
                    buf: bytes,
                    at: Some((0, bytes.len())),
                    pairs,
                }
            }
            None => FieldsRef::deleted(),
        }
    }

    /// True for the entry of a deleted message (the server sent null for its fields).
    pub fn is_deleted(&self) -> bool {
        self.frame.is_none()
    }

    /// The number of field/value pairs.
    pub fn len(&self) -> usize {
        self.view().len()
    }

    /// True when there are no fields.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The pairs, borrowed from the reply.
    pub fn iter(&self) -> FieldsIter<'_> {
        self.view().iter()
    }

    /// The value of the first field named `field`.
    pub fn get(&self, field: impl AsRef<[u8]>) -> Option<&[u8]> {
        self.view().get(field)
    }

    /// The pairs as owned, zero-copy [`Bytes`].
    pub fn to_vec(&self) -> Vec<(Bytes, Bytes)> {
        self.view().to_vec()
    }

    /// Reads the fields into a type of your own: a `#[derive(RespRead)]`
    /// `#[resp(map)]` struct reads them by name, borrowing from the reply.
    ///
    /// # Errors
    ///
    /// [`Error::Decode`] when the fields do not fit `T`, and for a deleted entry.
    pub fn decode<'de, T: RespRead<'de>>(&'de self) -> Result<T, Error> {
        self.view().decode()
    }
}

impl<'de> RespRead<'de> for Fields {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        if r.try_null()? {
            return Ok(Fields { frame: None });
        }
        let from = r.clone();
        let bytes = match r.read_and_keep(check_pairs) {
            Ok((_, bytes)) => bytes,
            // Strings a borrowed read cannot take (streamed in chunks), or a streamed
            // aggregate: copied out whole.
            Err(_) => {
                *r = from;
                let mut copy = BytesMut::new();
                copy_pairs(r, &mut copy)?;
                copy.freeze()
            }
        };
        Ok(Fields {
            frame: Some(Frame::from_scanned(bytes)),
        })
    }
}

/// Reads an entry's fields, a map or an even array of strings (checked as they are
/// kept, so that reading them later cannot fail), and returns how many pairs it holds.
/// Called where the value starts (in `read_and_keep` or `read_and_mark`).
///
/// A streamed map or array is refused, for the caller to copy with [`copy_pairs`]: the
/// `.` that closes it lies past what the read covers, so the bytes kept would not be the
/// whole value.
#[inline]
pub(super) fn check_pairs(r: &mut Reader<'_>) -> Result<usize, DecodeError> {
    match r.peek()? {
        Kind::Array | Kind::Map => {}
        other => return Err(DecodeError::unexpected("array", other)),
    }
    if r.is_streamed(r.position()) {
        return Err(DecodeError::custom("streamed fields: copied instead"));
    }
    let n = r.map_len()?;
    for i in 0..n {
        r.bytes().map_err(|e| e.at_index(2 * i))?;
        r.bytes().map_err(|e| e.at_index(2 * i + 1))?;
    }
    Ok(n)
}

/// Reads an entry's fields (as [`check_pairs`] does) with owned strings, and writes them
/// to `out` as one RESP2 array of bulk strings. Returns how many pairs they hold.
pub(super) fn copy_pairs(r: &mut Reader<'_>, out: &mut BytesMut) -> Result<usize, DecodeError> {
    match r.peek()? {
        Kind::Array | Kind::Map => {}
        other => return Err(DecodeError::unexpected("array", other)),
    }
    let n = r.map_len()?;
    out.put_slice(format!("*{}\r\n", 2 * n).as_bytes());
    for i in 0..2 * n {
        let s = r.bytes_owned().map_err(|e| e.at_index(i))?;
        out.put_slice(format!("${}\r\n", s.len()).as_bytes());
        out.put_slice(&s);
        out.put_slice(b"\r\n");
    }
    Ok(n)
}

impl PartialEq for Fields {
    fn eq(&self, other: &Fields) -> bool {
        self.view() == other.view()
    }
}

impl fmt::Debug for Fields {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.view().fmt(f)
    }
}

impl<'a> IntoIterator for &'a Fields {
    type Item = (&'a [u8], &'a [u8]);
    type IntoIter = FieldsIter<'a>;

    fn into_iter(self) -> FieldsIter<'a> {
        self.iter()
    }
}

/// The field/value pairs of one stream entry, borrowed from the reply: what an entry of
/// [`StreamEntries`](super::StreamEntries) holds, and [`Fields::view`].
///
/// ```
/// use typedis::resp::Frame;
/// use typedis::reply::StreamEntries;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let frame = Frame::from_slice(b"*1\r\n*2\r\n$3\r\n1-1\r\n*4\r\n$4\r\ntemp\r\n$2\r\n21\r\n$2\r\nrh\r\n$2\r\n40\r\n")?;
/// let entries: StreamEntries = frame.decode()?;
/// let fields = entries.first().unwrap().fields;
/// assert_eq!(fields.len(), 2);
/// assert_eq!(fields.get("temp"), Some(&b"21"[..]));
/// assert_eq!(fields.get_str("rh"), Some("40"));
/// assert_eq!(fields.iter().map(|(f, _)| f).collect::<Vec<_>>(), [&b"temp"[..], b"rh"]);
/// # Ok(())
/// # }
/// ```
#[derive(Clone, Copy)]
pub struct FieldsRef<'a> {
    /// The buffer `at` points into.
    buf: &'a Bytes,
    /// Where the `[field, value, ...]` array (or map) is in `buf` (start, end):
    /// well-formed RESP, checked when it was read; `None` for a deleted entry.
    at: Option<(usize, usize)>,
    pairs: usize,
}

impl<'a> FieldsRef<'a> {
    /// The fields of a deleted entry.
    pub(super) fn deleted() -> FieldsRef<'static> {
        FieldsRef {
            buf: &EMPTY,
            at: None,
            pairs: 0,
        }
    }

    /// The buffer the fields are in.
    pub(super) fn buf(&self) -> &'a Bytes {
        self.buf
    }

    /// The `pairs` pairs at `at` in `buf` ([`Extent::NULL`] for a deleted entry's).
    #[inline]
    pub(super) fn new(buf: &'a Bytes, at: Extent, pairs: usize) -> Self {
        let at = (!at.is_null()).then(|| {
            let r = at.range();
            (r.start, r.end)
        });
        FieldsRef { buf, at, pairs }
    }

    /// True for the entry of a deleted message (the server sent null for its fields).
    pub fn is_deleted(&self) -> bool {
        self.at.is_none()
    }

    /// The number of field/value pairs.
    pub fn len(&self) -> usize {
        self.pairs
    }

    /// True when there are no fields.
    pub fn is_empty(&self) -> bool {
        self.pairs == 0
    }

    /// The pairs, in the order of the reply.
    pub fn iter(&self) -> FieldsIter<'a> {
        FieldsIter {
            reader: self.reader().and_then(|mut r| r.map_len().ok().map(|_| r)),
            left: self.pairs,
        }
    }

    /// The value of the first field named `field`.
    pub fn get(&self, field: impl AsRef<[u8]>) -> Option<&'a [u8]> {
        let field = field.as_ref();
        self.iter().find(|(f, _)| *f == field).map(|(_, v)| v)
    }

    /// The value of the first field named `field`, as text; `None` when there is none or
    /// it is not UTF-8 (read it with [`get`](Self::get)).
    pub fn get_str(&self, field: impl AsRef<[u8]>) -> Option<&'a str> {
        std::str::from_utf8(self.get(field)?).ok()
    }

    /// The pairs as owned, zero-copy [`Bytes`].
    pub fn to_vec(&self) -> Vec<(Bytes, Bytes)> {
        let buf = self.buf;
        self.iter()
            .map(|(f, v)| (buf.slice_ref(f), buf.slice_ref(v)))
            .collect()
    }

    /// The fields as owned [`Fields`], a zero-copy slice of the reply.
    pub fn to_fields(&self) -> Fields {
        Fields {
            frame: self
                .at
                .map(|(start, end)| Frame::from_scanned(self.buf.slice(start..end))),
        }
    }

    /// Reads the fields into a type of your own: a `#[derive(RespRead)]`
    /// `#[resp(map)]` struct reads them by name, borrowing from the reply.
    ///
    /// # Errors
    ///
    /// [`Error::Decode`] when the fields do not fit `T`, and for a deleted entry.
    pub fn decode<T: RespRead<'a>>(&self) -> Result<T, Error> {
        let Some(mut r) = self.reader() else {
            return Err(Error::Decode(DecodeError::unexpected("fields", Kind::Null)));
        };
        let value = T::read(&mut r)?;
        r.finish()?;
        Ok(value)
    }

    fn reader(&self) -> Option<Reader<'a>> {
        self.at
            .map(|(start, end)| Reader::within(self.buf, start..end))
    }
}

/// The buffer of the fields of a deleted entry, which hold nothing.
static EMPTY: Bytes = Bytes::new();

impl PartialEq for FieldsRef<'_> {
    fn eq(&self, other: &FieldsRef<'_>) -> bool {
        self.is_deleted() == other.is_deleted() && self.iter().eq(other.iter())
    }
}

impl fmt::Debug for FieldsRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_deleted() {
            return f.write_str("Fields(deleted)");
        }
        f.debug_map()
            .entries(
                self.iter()
                    .map(|(k, v)| (String::from_utf8_lossy(k), String::from_utf8_lossy(v))),
            )
            .finish()
    }
}

impl<'a> IntoIterator for FieldsRef<'a> {
    type Item = (&'a [u8], &'a [u8]);
    type IntoIter = FieldsIter<'a>;

    fn into_iter(self) -> FieldsIter<'a> {
        self.iter()
    }
}

/// The pairs of [`Fields`] or [`FieldsRef`], in the order of the reply.
#[derive(Debug, Clone)]
pub struct FieldsIter<'a> {
    reader: Option<Reader<'a>>,
    left: usize,
}

impl<'a> Iterator for FieldsIter<'a> {
    type Item = (&'a [u8], &'a [u8]);

    fn next(&mut self) -> Option<Self::Item> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let r = self.reader.as_mut()?;
        let field = r.bytes().ok()?;
        let value = r.bytes().ok()?;
        Some((field, value))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for FieldsIter<'_> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_reads_resp2_and_resp3_fields_and_a_deleted_one() {
        let resp2 = Frame::from_slice(b"*2\r\n$3\r\n1-1\r\n*2\r\n$1\r\na\r\n$1\r\nb\r\n").unwrap();
        let resp3 = Frame::from_slice(b"*2\r\n$3\r\n1-1\r\n%1\r\n$1\r\na\r\n$1\r\nb\r\n").unwrap();
        let a: StreamEntry = resp2.decode().unwrap();
        let b: StreamEntry = resp3.decode().unwrap();
        assert_eq!(a, b);
        assert_eq!(a.fields.to_vec(), [(Bytes::from("a"), Bytes::from("b"))]);
        assert_eq!(a.fields.len(), 1);
        let deleted = Frame::from_slice(b"*2\r\n$3\r\n1-1\r\n_\r\n").unwrap();
        let d: StreamEntry = deleted.decode().unwrap();
        assert!(d.fields.is_deleted() && d.fields.is_empty());
        assert_eq!(d.fields.get("a"), None);
    }

    #[test]
    fn fields_after_an_attribute_are_kept_without_it() {
        let frame = Frame::from_slice(
            b"*2\r\n$3\r\n1-1\r\n|1\r\n+ttl\r\n:3\r\n%1\r\n$1\r\na\r\n|1\r\n+k\r\n+v\r\n$1\r\nb\r\n",
        )
        .unwrap();
        let entry: StreamEntry = frame.decode().unwrap();
        assert_eq!(entry.fields.get("a"), Some(&b"b"[..]));
        assert_eq!(entry.fields.len(), 1);
    }

    #[test]
    fn fields_of_the_wrong_shape_are_refused_where_they_are() {
        let odd = Frame::from_slice(b"*2\r\n$3\r\n1-1\r\n*1\r\n$1\r\na\r\n").unwrap();
        let err = odd.decode::<StreamEntry>().unwrap_err();
        assert!(err.to_string().contains("fields"), "{err}");
        let number = Frame::from_slice(b"*2\r\n$3\r\n1-1\r\n*2\r\n$1\r\na\r\n:1\r\n").unwrap();
        let err = number.decode::<StreamEntry>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "cannot decode reply: fields[1]: expected bulk string, found integer"
        );
    }
}
