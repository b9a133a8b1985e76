//! [`StreamEntry`]: one entry of a stream, its fields kept as a slice of the reply.

use std::fmt;

use bytes::Bytes;

use crate::error::Error;
use crate::resp::{DecodeError, Frame, Kind, Reader};
use crate::RespRead;

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
/// [`is_deleted`](Self::is_deleted).
#[derive(Clone, Default)]
pub struct Fields {
    /// The `[field, value, ...]` array (or a RESP3 map); `None` for a deleted entry.
    frame: Option<Frame>,
}

impl Fields {
    /// True for the entry of a deleted message (the server sent null for its fields).
    pub fn is_deleted(&self) -> bool {
        self.frame.is_none()
    }

    /// The number of field/value pairs.
    pub fn len(&self) -> usize {
        self.pairs().map_or(0, |(n, _)| n)
    }

    /// True when there are no fields.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The pairs, borrowed from the reply.
    pub fn iter(&self) -> FieldsIter<'_> {
        match self.pairs() {
            Some((left, reader)) => FieldsIter {
                reader: Some(reader),
                left,
            },
            None => FieldsIter {
                reader: None,
                left: 0,
            },
        }
    }

    /// The value of the first field named `field`.
    pub fn get(&self, field: impl AsRef<[u8]>) -> Option<&[u8]> {
        let field = field.as_ref();
        self.iter().find(|(f, _)| *f == field).map(|(_, v)| v)
    }

    /// The pairs as owned, zero-copy [`Bytes`].
    pub fn to_vec(&self) -> Vec<(Bytes, Bytes)> {
        let Some(frame) = &self.frame else {
            return Vec::new();
        };
        frame.decode().unwrap_or_default()
    }

    /// Reads the fields into a type of your own: a `#[derive(RespRead)]`
    /// `#[resp(map)]` struct reads them by name, borrowing from the reply.
    ///
    /// # Errors
    ///
    /// [`Error::Decode`] when the fields do not fit `T`, and for a deleted entry.
    pub fn decode<'de, T: RespRead<'de>>(&'de self) -> Result<T, Error> {
        match &self.frame {
            Some(frame) => frame.decode(),
            None => Err(Error::Decode(DecodeError::unexpected("fields", Kind::Null))),
        }
    }

    fn pairs(&self) -> Option<(usize, Reader<'_>)> {
        let frame = self.frame.as_ref()?;
        let mut reader = Reader::new(frame);
        // The frame was checked to be a map or an even array when it was read.
        let n = reader.map_len().ok()?;
        Some((n, reader))
    }
}

impl<'de> RespRead<'de> for Fields {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        if r.try_null()? {
            return Ok(Fields { frame: None });
        }
        match r.peek()? {
            Kind::Array | Kind::Map => {}
            other => return Err(DecodeError::unexpected("array", other)),
        }
        // Checked as it is kept, so that reading the pairs later cannot fail.
        let ((), bytes) = r.read_and_keep(|r| {
            let n = r.map_len()?;
            for i in 0..n {
                r.bytes().map_err(|e| e.at_index(2 * i))?;
                r.bytes().map_err(|e| e.at_index(2 * i + 1))?;
            }
            Ok(())
        })?;
        Ok(Fields {
            frame: Some(Frame::from_scanned(bytes)),
        })
    }
}

impl PartialEq for Fields {
    fn eq(&self, other: &Fields) -> bool {
        self.is_deleted() == other.is_deleted() && self.iter().eq(other.iter())
    }
}

impl fmt::Debug for Fields {
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

impl<'a> IntoIterator for &'a Fields {
    type Item = (&'a [u8], &'a [u8]);
    type IntoIter = FieldsIter<'a>;

    fn into_iter(self) -> FieldsIter<'a> {
        self.iter()
    }
}

/// The pairs of [`Fields`], in the order of the reply.
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
