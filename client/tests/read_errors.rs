//! Every decode error path, with its exact message (path, expected, found), and hostile
//! input: typed errors, never a panic.

use std::collections::{BTreeMap, HashMap};

use typedis::resp::{decode, DecodeError, DecodeErrorKind, Frame, Kind, Reader};
use typedis::{Error, ProtocolErrorKind, RespRead, ServerError, Value};

fn frame(bytes: &[u8]) -> Frame {
    Frame::from_slice(bytes).expect("test frames are valid")
}

/// The decode error of reading `bytes` as `T`.
fn decode_error<T: for<'de> RespRead<'de> + std::fmt::Debug>(bytes: &[u8]) -> DecodeError {
    match decode::<T>(bytes) {
        Err(Error::Decode(e)) => e,
        other => panic!("expected a decode error, got {other:?}"),
    }
}

fn error<T: for<'de> RespRead<'de> + std::fmt::Debug>(bytes: &[u8]) -> String {
    decode_error::<T>(bytes).to_string()
}

#[test]
fn wrong_types_name_what_was_expected_and_found() {
    assert_eq!(
        error::<String>(b":1\r\n"),
        "expected bulk string, found integer"
    );
    assert_eq!(
        error::<Vec<u8>>(b",1.5\r\n"),
        "expected bulk string, found double"
    );
    assert_eq!(
        error::<bytes::Bytes>(b"#t\r\n"),
        "expected bulk string, found boolean"
    );
    assert_eq!(error::<i64>(b"*0\r\n"), "expected integer, found array");
    assert_eq!(error::<u64>(b",1.5\r\n"), "expected integer, found double");
    assert_eq!(error::<f64>(b"#t\r\n"), "expected double, found boolean");
    assert_eq!(error::<bool>(b"*0\r\n"), "expected boolean, found array");
    // Text is a boolean when it is `1` or `0` (what a `bool` argument writes).
    assert_eq!(
        error::<bool>(b"+t\r\n"),
        "expected boolean, found simple string that is not one"
    );
    assert_eq!(error::<Vec<i64>>(b"%0\r\n"), "expected array, found map");
    assert_eq!(
        error::<(i64, i64)>(b"~0\r\n"),
        "expected 2 elements, found 0"
    );
    assert_eq!(
        error::<HashMap<String, i64>>(b":3\r\n"),
        "expected map, found integer"
    );
    assert_eq!(error::<()>(b":1\r\n"), "expected OK, found integer");
    assert_eq!(
        error::<()>(b"+QUEUED\r\n"),
        "expected OK, found simple string that is not one"
    );
}

#[test]
fn nulls_are_errors_unless_the_type_is_an_option() {
    assert_eq!(
        error::<String>(b"$-1\r\n"),
        "expected bulk string, found null"
    );
    assert_eq!(
        error::<String>(b"_\r\n"),
        "expected bulk string, found null"
    );
    assert_eq!(
        error::<Vec<String>>(b"*-1\r\n"),
        "expected array, found null"
    );
    assert_eq!(error::<i64>(b"_\r\n"), "expected integer, found null");
    assert_eq!(error::<i64>(b"$-1\r\n"), "expected integer, found null");
    assert_eq!(
        error::<HashMap<String, String>>(b"*-1\r\n"),
        "expected map, found null"
    );
}

#[test]
fn nested_error_replies_are_decode_errors_unless_asked_for() {
    assert_eq!(
        error::<Vec<i64>>(b"*2\r\n:1\r\n-ERR no\r\n"),
        "[1]: expected integer, found simple error"
    );
    assert_eq!(
        error::<Vec<String>>(b"*1\r\n!6\r\nERR no\r\n"),
        "[0]: expected bulk string, found bulk error"
    );
    let ok: Vec<Result<i64, ServerError>> = decode(b"*2\r\n:1\r\n-ERR no\r\n").unwrap();
    assert_eq!(ok, [Ok(1), Err(ServerError::new("ERR no"))]);
}

#[test]
fn paths_point_at_the_failing_element() {
    // [17].fields.field1 from a hand-written reader that names its fields.
    #[derive(Debug)]
    struct Fields {
        _field1: String,
    }
    impl<'de> RespRead<'de> for Fields {
        fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
            let n = r.map_len()?;
            if n != 1 || r.str()? != "field1" {
                return Err(DecodeError::missing_field("field1"));
            }
            let field1 = String::read(r).map_err(|e| e.at_field("field1"))?;
            Ok(Fields { _field1: field1 })
        }
    }
    #[derive(Debug)]
    struct Entry {
        _fields: Fields,
    }
    impl<'de> RespRead<'de> for Entry {
        fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
            let n = r.array_len()?;
            if n != 1 {
                return Err(DecodeError::length(1, n));
            }
            let fields = Fields::read(r).map_err(|e| e.at_field("fields"))?;
            Ok(Entry { _fields: fields })
        }
    }
    let mut bytes = b"*18\r\n".to_vec();
    for _ in 0..17 {
        bytes.extend_from_slice(b"*1\r\n%1\r\n+field1\r\n+x\r\n");
    }
    bytes.extend_from_slice(b"*1\r\n%1\r\n+field1\r\n:7\r\n");
    let e = decode_error::<Vec<Entry>>(&bytes);
    assert_eq!(
        e.to_string(),
        "[17].fields.field1: expected bulk string, found integer"
    );
    assert_eq!(e.path(), "[17].fields.field1");
    assert_eq!(
        e.kind(),
        &DecodeErrorKind::Unexpected {
            expected: "bulk string",
            found: Kind::Integer
        }
    );

    assert_eq!(
        error::<Vec<(String, i64)>>(b"*2\r\n*2\r\n+a\r\n:1\r\n*2\r\n+b\r\n+x\r\n"),
        "[1][1]: expected integer, found simple string that is not one"
    );
    assert_eq!(
        error::<Vec<(String, i64)>>(b"%2\r\n+a\r\n:1\r\n:2\r\n:2\r\n"),
        "[1][0]: expected bulk string, found integer"
    );
    assert_eq!(
        error::<BTreeMap<String, Vec<u8>>>(b"*4\r\n+a\r\n+b\r\n+c\r\n*0\r\n"),
        "[1][1]: expected bulk string, found array"
    );
    assert_eq!(
        error::<HashMap<String, i64>>(b"*1\r\n*3\r\n+a\r\n:1\r\n:2\r\n"),
        "[0]: expected 2 elements, found 3"
    );
    assert_eq!(
        error::<[u8; 2]>(b"*2\r\n:1\r\n:256\r\n"),
        "[1]: expected u8, found out of range integer 256"
    );
    assert_eq!(
        error::<(i64, (i64, String))>(b"*2\r\n:1\r\n*2\r\n:2\r\n:3\r\n"),
        "[1][1]: expected bulk string, found integer"
    );
    assert_eq!(
        error::<Vec<Vec<i64>>>(b"*2\r\n*0\r\n*1\r\n+x\r\n"),
        "[1][0]: expected integer, found simple string that is not one"
    );
}

#[test]
fn numbers_out_of_range_or_not_numbers_are_reported() {
    assert_eq!(
        error::<u8>(b":-1\r\n"),
        "expected u8, found out of range integer -1"
    );
    assert_eq!(
        error::<i8>(b":128\r\n"),
        "expected i8, found out of range integer 128"
    );
    assert_eq!(
        error::<u32>(b":4294967296\r\n"),
        "expected u32, found out of range integer 4294967296"
    );
    assert_eq!(
        error::<u64>(b":-5\r\n"),
        "expected u64, found out of range integer -5"
    );
    assert_eq!(
        error::<i64>(b"(9223372036854775808\r\n"),
        "expected integer, found big number that is not one"
    );
    assert_eq!(
        error::<i64>(b"$3\r\n1.5\r\n"),
        "expected integer, found bulk string that is not one"
    );
    assert_eq!(
        error::<i64>(b"$0\r\n\r\n"),
        "expected integer, found bulk string that is not one"
    );
    assert_eq!(
        error::<i64>(b"+ 1\r\n"),
        "expected integer, found simple string that is not one"
    );
    assert_eq!(
        error::<f64>(b"$3\r\nabc\r\n"),
        "expected double, found bulk string that is not one"
    );
    assert_eq!(
        error::<bool>(b":2\r\n"),
        "expected boolean, found integer that is not one"
    );
}

#[test]
fn invalid_utf8_is_reported_for_text_types() {
    assert_eq!(
        error::<String>(b"$2\r\n\xff\xfe\r\n"),
        "expected utf-8 string, found bulk string that is not one"
    );
    let f = frame(b"*2\r\n$1\r\na\r\n$1\r\n\xff\r\n");
    let e = match f.decode::<Vec<&str>>() {
        Err(Error::Decode(e)) => e,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        e.to_string(),
        "[1]: expected utf-8 string, found bulk string that is not one"
    );
    // The raw bytes still read.
    assert_eq!(f.decode::<Vec<&[u8]>>().unwrap(), [&b"a"[..], b"\xff"]);
    // Every text form names itself, past attributes and in chunks alike.
    assert_eq!(
        error::<String>(b"+\xff\r\n"),
        "expected utf-8 string, found simple string that is not one"
    );
    assert_eq!(
        error::<String>(b"|1\r\n+k\r\n:1\r\n$1\r\n\xff\r\n"),
        "expected utf-8 string, found bulk string that is not one"
    );
    assert_eq!(
        error::<String>(b"$?\r\n;1\r\na\r\n;1\r\n\xff\r\n;0\r\n"),
        "expected utf-8 string, found bulk string that is not one"
    );
}

#[test]
fn strings_read_past_attributes_and_join_chunks() {
    let read = |bytes: &[u8]| decode::<String>(bytes).unwrap();
    assert_eq!(read(b"$2\r\nhi\r\n"), "hi");
    assert_eq!(read(b"|1\r\n+k\r\n:1\r\n$2\r\nhi\r\n"), "hi");
    assert_eq!(read(b"$?\r\n;1\r\na\r\n;2\r\nbc\r\n;0\r\n"), "abc");
    assert_eq!(read(b"=7\r\ntxt:abc\r\n"), "abc");
    let owned = |bytes: &[u8]| decode::<bytes::Bytes>(bytes).unwrap();
    assert_eq!(owned(b"|1\r\n+k\r\n:1\r\n+ok\r\n"), "ok");
    assert_eq!(owned(b"$?\r\n;1\r\na\r\n;1\r\nb\r\n;0\r\n"), "ab");
}

#[test]
fn flat_maps_of_odd_length_are_rejected() {
    assert_eq!(
        error::<HashMap<String, String>>(b"*3\r\n+a\r\n+b\r\n+c\r\n"),
        "expected map or flat array of key/value pairs, found array that is not one"
    );
    assert_eq!(
        error::<Vec<(String, String)>>(b"*1\r\n+a\r\n"),
        "expected map or flat array of key/value pairs, found array that is not one"
    );
}

#[test]
fn a_value_not_consumed_exactly_is_an_error() {
    /// A hand-written reader that stops after the first element.
    #[derive(Debug)]
    struct FirstOnly;
    impl<'de> RespRead<'de> for FirstOnly {
        fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
            r.array_len()?;
            r.int().map(|_| FirstOnly)
        }
    }
    let e = decode_error::<FirstOnly>(b"*2\r\n:1\r\n:22\r\n");
    assert_eq!(e.to_string(), "expected end of frame, found 5 more bytes");
    assert_eq!(e.kind(), &DecodeErrorKind::Trailing { remaining: 5 });
}

#[test]
fn a_streamed_string_of_several_chunks_cannot_be_borrowed() {
    let f = frame(b"$?\r\n;1\r\na\r\n;1\r\nb\r\n;0\r\n");
    match f.decode::<&[u8]>() {
        Err(Error::Decode(e)) => assert_eq!(
            e.to_string(),
            "expected contiguous bulk string, found bulk string that is not one"
        ),
        other => panic!("{other:?}"),
    }
    assert_eq!(f.decode::<String>().unwrap(), "ab");
}

#[test]
fn failed_steps_leave_the_cursor_in_place() {
    let f = frame(b"*2\r\n$3\r\nabc\r\n$2\r\n\xff\xff\r\n");
    let mut r = Reader::new(&f);
    r.array_len().unwrap();
    assert!(r.int().is_err());
    assert!(r.boolean().is_err());
    assert!(r.array_len().is_err());
    assert!(r.null().is_err());
    assert_eq!(r.str().unwrap(), "abc");
    let at = r.position();
    assert!(r.str().is_err());
    assert_eq!(r.position(), at);
    assert_eq!(r.bytes().unwrap(), b"\xff\xff");
    assert!(r.is_at_end());
    assert_eq!(
        r.int().unwrap_err().to_string(),
        "expected integer, found end of frame"
    );
    assert_eq!(
        r.peek().unwrap_err().to_string(),
        "expected value, found end of frame"
    );
}

#[test]
fn frames_that_are_not_exactly_one_frame_are_refused() {
    let e = Frame::from_slice(b"+OK\r\n+OK\r\n").unwrap_err();
    assert_eq!(e.kind, ProtocolErrorKind::TrailingBytes);
    assert_eq!(e.offset, 5);
    let e = Frame::from_slice(b"*2\r\n:1\r\n").unwrap_err();
    assert_eq!(e.kind, ProtocolErrorKind::Incomplete);
    assert_eq!(e.offset, 8);
    assert!(Frame::from_slice(b"").is_err());
    assert!(matches!(decode::<i64>(b"?\r\n"), Err(Error::Protocol(_))));
    assert!(matches!(
        decode::<i64>(b":1\r\n:2\r\n"),
        Err(Error::Protocol(_))
    ));
}

#[test]
fn lying_lengths_never_reserve_what_the_frame_cannot_hold() {
    // A declared length larger than the frame is refused by the scanner ...
    assert!(Frame::from_slice(b"*2147483647\r\n:1\r\n").is_err());
    assert!(Frame::from_slice(b"$100\r\nab\r\n").is_err());
    // ... and a reader's capacity is bounded by the bytes that are there.
    let v: Vec<Vec<String>> = decode(b"*3\r\n*0\r\n*0\r\n*0\r\n").unwrap();
    assert_eq!(v.len(), 3);
    assert!(v.iter().all(|x| x.capacity() == 0));
}

#[test]
fn every_type_fails_cleanly_on_every_sample() {
    // Each sample read as each type: success or a typed error, never a panic.
    let samples: &[&[u8]] = &[
        b"+OK\r\n",
        b"-ERR x\r\n",
        b":1\r\n",
        b"$1\r\na\r\n",
        b"$-1\r\n",
        b"*-1\r\n",
        b"*1\r\n:1\r\n",
        b"_\r\n",
        b"#t\r\n",
        b",1.5\r\n",
        b"(1\r\n",
        b"!1\r\nE\r\n",
        b"=5\r\ntxt:a\r\n",
        b"%1\r\n:1\r\n:2\r\n",
        b"~1\r\n:1\r\n",
        b">1\r\n:1\r\n",
        b"|1\r\n:1\r\n:2\r\n:3\r\n",
        b"$?\r\n;1\r\na\r\n;0\r\n",
        b"*?\r\n:1\r\n.\r\n",
        b"%?\r\n:1\r\n:2\r\n.\r\n",
        b"~?\r\n.\r\n",
    ];
    for s in samples {
        let f = frame(s);
        let _ = f.decode::<&str>();
        let _ = f.decode::<&[u8]>();
        let _ = f.decode::<String>();
        let _ = f.decode::<i64>();
        let _ = f.decode::<u128>();
        let _ = f.decode::<f64>();
        let _ = f.decode::<bool>();
        let _ = f.decode::<()>();
        let _ = f.decode::<Option<i64>>();
        let _ = f.decode::<Vec<i64>>();
        let _ = f.decode::<Vec<(i64, i64)>>();
        let _ = f.decode::<HashMap<i64, i64>>();
        let _ = f.decode::<(i64,)>();
        let _ = f.decode::<[i64; 1]>();
        let _ = f.decode::<Result<i64, ServerError>>();
        let _ = f.decode::<Frame>();
        let _ = f.decode::<Value>();
        let mut r = Reader::new(&f);
        r.skip().unwrap();
        assert!(r.is_at_end(), "{}", String::from_utf8_lossy(s));
    }
}
