//! Hand-written `RespRead` impls of the XRANGE entry shapes: the reference that derived
//! code is measured against.

use typedis::resp::{DecodeError, Reader};
use typedis::RespRead;

/// One XRANGE entry with its fields as borrowed pairs: `[id, [f1, v1, f2, v2, ...]]`.
/// Costs one allocation per entry (the `Vec` of pairs).
#[derive(Debug, PartialEq, Eq)]
pub struct StreamEntry<'a> {
    /// The entry id, such as `1700000000000-0`.
    pub id: &'a str,
    /// Field/value pairs, in the order the server sent them.
    pub fields: Vec<(&'a [u8], &'a [u8])>,
}

impl<'de> RespRead<'de> for StreamEntry<'de> {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let n = r.array_len()?;
        if n != 2 {
            return Err(DecodeError::length(2, n));
        }
        let id = r.str().map_err(|e| e.at_field("id"))?;
        let fields = RespRead::read(r).map_err(|e| e.at_field("fields"))?;
        Ok(StreamEntry { id, fields })
    }
}

/// The fields of an XRANGE entry of a known shape, read by name from the flat
/// field/value array (or a map): no allocation.
#[derive(Debug, PartialEq, Eq)]
pub struct EntryFields<'a> {
    /// The value of `field1`.
    pub field1: &'a [u8],
}

impl<'de> RespRead<'de> for EntryFields<'de> {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let n = r.map_len()?;
        let mut field1 = None;
        for _ in 0..n {
            match r.bytes()? {
                b"field1" => {
                    if field1.is_some() {
                        return Err(DecodeError::duplicate_field("field1"));
                    }
                    field1 = Some(r.bytes().map_err(|e| e.at_field("field1"))?);
                }
                _ => r.skip()?,
            }
        }
        Ok(EntryFields {
            field1: field1.ok_or_else(|| DecodeError::missing_field("field1"))?,
        })
    }
}

/// One XRANGE entry whose fields are a fixed struct: `[id, {field1: ...}]`.
#[derive(Debug, PartialEq, Eq)]
pub struct MapEntry<'a> {
    /// The entry id.
    pub id: &'a str,
    /// Its fields, by name.
    pub fields: EntryFields<'a>,
}

impl<'de> RespRead<'de> for MapEntry<'de> {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let n = r.array_len()?;
        if n != 2 {
            return Err(DecodeError::length(2, n));
        }
        let id = r.str().map_err(|e| e.at_field("id"))?;
        let fields = EntryFields::read(r).map_err(|e| e.at_field("fields"))?;
        Ok(MapEntry { id, fields })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures;
    use typedis::resp::Frame;

    #[test]
    fn hand_written_shapes_read_the_xrange_fixture() {
        let frame = Frame::from_slice(&fixtures::xrange().bytes()).unwrap();
        let entries: Vec<StreamEntry<'_>> = frame.decode().unwrap();
        assert_eq!(entries.len(), 1000);
        assert_eq!(entries[17].id, "1700000000000-17");
        assert_eq!(entries[17].fields, [(&b"field1"[..], &b"value17"[..])]);

        let entries: Vec<MapEntry<'_>> = frame.decode().unwrap();
        assert_eq!(entries[999].id, "1700000000000-999");
        assert_eq!(entries[999].fields.field1, b"value999");
    }

    #[test]
    fn map_shape_reports_a_missing_field_with_its_path() {
        let frame =
            Frame::from_slice(b"*1\r\n*2\r\n$3\r\n1-1\r\n*2\r\n$1\r\nx\r\n$1\r\ny\r\n").unwrap();
        let err = frame.decode::<Vec<MapEntry<'_>>>().unwrap_err();
        assert!(err.to_string().contains("field1"), "{err}");
    }
}
