//! The XRANGE entry shapes with `#[derive(RespRead)]`, measured next to the hand-written
//! reference in [`shapes`](crate::shapes), and the fields of a search document indexed
//! `ON JSON`.

use bytes::Bytes;
use serde::Deserialize;
use typedis::{Json, RespRead};

/// `[id, {field1: ...}]` with the fields as a map struct: no allocation per entry.
#[derive(RespRead, Debug, PartialEq, Eq)]
pub struct MapEntry<'a> {
    /// The entry id.
    pub id: &'a str,
    /// Its fields, by name.
    pub fields: Fields<'a>,
}

/// The fields of an entry, matched by name from a RESP2 flat array or a RESP3 map.
#[derive(RespRead, Debug, PartialEq, Eq)]
#[resp(map)]
pub struct Fields<'a> {
    /// The value of `field1`.
    pub field1: &'a [u8],
}

/// `[id, [f1, v1, ...]]` with the fields as borrowed pairs.
#[derive(RespRead, Debug, PartialEq, Eq)]
pub struct PairsEntry<'a> {
    /// The entry id.
    pub id: &'a str,
    /// Field/value pairs in server order.
    pub fields: Vec<(&'a [u8], &'a [u8])>,
}

/// An owned entry that outlives the frame: `Bytes` slices of it, no copy.
#[derive(RespRead, Debug, PartialEq, Eq)]
pub struct OwnedEntry {
    /// The entry id.
    pub id: Bytes,
    /// Its fields, by name.
    pub fields: OwnedFields,
}

/// Owned fields of an entry.
#[derive(RespRead, Debug, PartialEq, Eq)]
#[resp(map)]
pub struct OwnedFields {
    /// The value of `field1`.
    pub field1: Bytes,
}

/// The fields of a document of an index `ON JSON`: its JSON text under `$`, borrowed.
#[derive(RespRead, Debug, PartialEq, Eq)]
#[resp(map)]
pub struct JsonDoc<'a> {
    /// The whole document as JSON text.
    #[resp(rename = "$")]
    pub json: &'a str,
}

/// A product as an application keeps it: the documents of the FT.SEARCH fixture.
#[derive(Deserialize, Debug, Clone, PartialEq)]
pub struct Product {
    /// Its name.
    pub name: String,
    /// A sentence or two about it.
    pub description: String,
    /// Its price.
    pub price: f64,
    /// Its tags.
    pub tags: Vec<String>,
    /// How many are in stock.
    pub stock: u32,
}

/// The fields of a document of an index `ON JSON`, its JSON text deserialized by serde.
#[derive(RespRead, Debug)]
#[resp(map)]
pub struct ProductDoc {
    /// The whole document.
    #[resp(rename = "$")]
    pub product: Json<Product>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{fixtures, shapes};
    use typedis::resp::Frame;

    #[test]
    fn derived_shapes_read_what_the_hand_written_ones_read() {
        let frame = Frame::from_slice(&fixtures::xrange().bytes()).unwrap();
        let hand: Vec<shapes::MapEntry<'_>> = frame.decode().unwrap();
        let derived: Vec<MapEntry<'_>> = frame.decode().unwrap();
        assert_eq!(derived.len(), hand.len());
        for (d, h) in derived.iter().zip(&hand) {
            assert_eq!((d.id, d.fields.field1), (h.id, h.fields.field1));
        }
        let pairs: Vec<PairsEntry<'_>> = frame.decode().unwrap();
        assert_eq!(pairs[5].fields, [(&b"field1"[..], &b"value5"[..])]);
        let owned: Vec<OwnedEntry> = frame.decode().unwrap();
        drop(frame);
        assert_eq!(owned[999].id, "1700000000000-999");
        assert_eq!(owned[999].fields.field1, "value999");
    }
}
