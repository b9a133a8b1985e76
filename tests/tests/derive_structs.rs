//! `#[derive(RespRead)]` on structs read by position: named, tuple, newtype and unit structs,
//! from RESP2 and RESP3 replies, and every way such a read fails.

#[macro_use]
mod derive_support;

use bytes::Bytes;
use derive_support::{decode, frame};
use typedis::RespRead;

#[derive(RespRead, Debug, PartialEq)]
struct StreamEntry<'a> {
    id: &'a str,
    fields: Vec<(&'a str, &'a [u8])>,
}

#[derive(RespRead, Debug, PartialEq)]
struct Pair<'a>(&'a str, i64);

#[derive(RespRead, Debug, PartialEq)]
struct Id(u64);

#[derive(RespRead, Debug, PartialEq)]
struct Ack;

#[derive(RespRead, Debug, PartialEq)]
struct Nothing {}

/// Owns its data: `Bytes` slices of the frame and `String`s, so it outlives the frame.
#[derive(RespRead, Debug, PartialEq)]
struct OwnedEntry {
    id: Bytes,
    name: String,
    score: f64,
}

#[test]
fn named_struct_reads_its_fields_in_order_from_an_array() {
    let f = frame("*2\n$3\n1-1\n*4\n$2\nf1\n$2\nv1\n$2\nf2\n$2\nv2\n");
    let entry: StreamEntry<'_> = f.decode().unwrap();
    assert_eq!(
        entry,
        StreamEntry {
            id: "1-1",
            fields: vec![("f1", b"v1".as_slice()), ("f2", b"v2".as_slice())],
        }
    );
}

#[test]
fn named_struct_reads_resp3_sets_and_simple_strings_alike() {
    let f = frame("~2\n+1-1\n%1\n+f1\n=6\ntxt:v1\n");
    let entry: StreamEntry<'_> = f.decode().unwrap();
    assert_eq!(entry.id, "1-1");
    assert_eq!(entry.fields, vec![("f1", b"v1".as_slice())]);
}

#[test]
fn borrowed_fields_point_into_the_frame() {
    let f = frame("*2\n$3\n1-1\n*0\n");
    let entry: StreamEntry<'_> = f.decode().unwrap();
    let range = f.as_bytes().as_ptr_range();
    assert!(range.contains(&entry.id.as_ptr()));
}

#[test]
fn named_struct_rejects_an_array_of_another_length() {
    assert_eq!(
        decode_error!(Pair<'_>, "*3\n$1\na\n:1\n:2\n"),
        "expected 2 elements, found 3"
    );
    assert_eq!(
        decode_error!(OwnedEntry, "*2\n$1\na\n$1\nb\n"),
        "expected 3 elements, found 2"
    );
}

#[test]
fn named_struct_rejects_a_value_that_is_not_an_array() {
    assert_eq!(
        decode_error!(OwnedEntry, "$1\na\n"),
        "expected array, found bulk string"
    );
    assert_eq!(
        decode_error!(OwnedEntry, "_\n"),
        "expected array, found null"
    );
    assert_eq!(
        decode_error!(OwnedEntry, "*-1\n"),
        "expected array, found null"
    );
}

#[test]
fn field_errors_name_the_field_and_its_position() {
    let err = decode_error!(
        Vec<StreamEntry<'_>>,
        "*2\n*2\n$3\n1-1\n*0\n*2\n$3\n1-2\n*2\n$1\na\n:1\n",
    );
    assert_eq!(err, "[1].fields[0][1]: expected bulk string, found integer");
    assert_eq!(
        decode_error!(OwnedEntry, "*3\n$1\na\n$1\nb\n*0\n"),
        "score: expected double, found array"
    );
}

#[test]
fn tuple_struct_reads_by_position_and_names_the_index_in_errors() {
    let f = frame("*2\n+k\n:7\n");
    assert_eq!(f.decode::<Pair<'_>>().unwrap(), Pair("k", 7));
    let f = frame("*2\n$1\nk\n$2\n-3\n");
    assert_eq!(f.decode::<Pair<'_>>().unwrap(), Pair("k", -3));
    assert_eq!(
        decode_error!(Pair<'_>, "*2\n$1\nk\n*0\n"),
        "[1]: expected integer, found array"
    );
}

#[test]
fn newtype_struct_reads_as_its_field() {
    assert_eq!(decode::<Id>(":42\n"), Id(42));
    assert_eq!(decode::<Id>("$2\n42\n"), Id(42));
    assert_eq!(decode::<Vec<Id>>("*2\n:1\n:2\n"), vec![Id(1), Id(2)]);
    assert_eq!(
        decode_error!(Id, "*1\n:42\n"),
        "expected integer, found array"
    );
}

#[test]
fn unit_struct_reads_ok_or_null() {
    assert_eq!(decode::<Ack>("+OK\n"), Ack);
    assert_eq!(decode::<Ack>("_\n"), Ack);
    assert_eq!(decode::<Ack>("$-1\n"), Ack);
    assert_eq!(decode::<Ack>("*-1\n"), Ack);
    assert!(decode_error!(Ack, "+QUEUED\n").contains("expected OK"));
    assert_eq!(decode_error!(Ack, ":1\n"), "expected OK, found integer");
}

#[test]
fn struct_without_fields_reads_an_empty_array() {
    assert_eq!(decode::<Nothing>("*0\n"), Nothing {});
    assert_eq!(
        decode_error!(Nothing, "*1\n:1\n"),
        "expected 0 elements, found 1"
    );
}

#[test]
fn owned_struct_outlives_its_frame() {
    let entry: OwnedEntry = {
        let f = frame("*3\n$3\n1-1\n+name\n,1.5\n");
        f.decode().unwrap()
    };
    assert_eq!(
        entry,
        OwnedEntry {
            id: Bytes::from_static(b"1-1"),
            name: "name".to_owned(),
            score: 1.5,
        }
    );
    let resp2: OwnedEntry =
        typedis::resp::decode(b"*3\r\n$1\r\na\r\n$1\r\nb\r\n$3\r\n2.5\r\n").unwrap();
    assert!((resp2.score - 2.5).abs() < f64::EPSILON);
}

#[test]
fn error_replies_are_server_errors_not_decode_errors() {
    let f = frame("-WRONGTYPE Operation against a key holding the wrong kind of value\n");
    match f.decode::<OwnedEntry>() {
        Err(typedis::Error::Server(e)) => assert_eq!(e.code(), Some("WRONGTYPE")),
        other => panic!("expected a server error, got {other:?}"),
    }
}

#[test]
fn two_field_struct_is_also_a_key_value_pair_of_a_map() {
    let nested = frame("*2\n*2\n+a\n:1\n*2\n+b\n:2\n");
    let resp3 = frame("%2\n+a\n:1\n+b\n:2\n");
    let resp2 = frame("*4\n$1\na\n:1\n$1\nb\n:2\n");
    let set = frame("~2\n*2\n+a\n:1\n*2\n+b\n:2\n");
    for f in [&nested, &resp3, &resp2, &set] {
        let pairs: Vec<Pair<'_>> = f.decode().unwrap();
        assert_eq!(pairs, [Pair("a", 1), Pair("b", 2)]);
    }
    assert_eq!(
        decode_error!(Vec<Pair<'_>>, "%2\n+a\n:1\n+b\n+x\n"),
        "[1][1]: expected integer, found simple string that is not one"
    );
}
