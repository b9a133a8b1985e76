//! Every RESP2/RESP3 type and null/error form read into the natural Rust types and into
//! `Value`, with exact results.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};

use bytes::Bytes;
use typedis::resp::{decode, Frame, Kind, Reader};
use typedis::{Error, RespRead, ServerError, Value};

fn frame(bytes: &[u8]) -> Frame {
    Frame::from_slice(bytes).expect("test frames are valid")
}

fn owned<T: for<'de> RespRead<'de>>(bytes: &[u8]) -> T {
    decode(bytes).unwrap_or_else(|e| panic!("{:?}: {e}", String::from_utf8_lossy(bytes)))
}

fn value(bytes: &[u8]) -> Value {
    owned(bytes)
}

#[test]
fn strings_read_borrowed_and_owned_from_bulk_simple_and_verbatim() {
    for (bytes, text) in [
        (&b"$5\r\nhello\r\n"[..], "hello"),
        (b"+hello\r\n", "hello"),
        (b"=9\r\ntxt:hello\r\n", "hello"),
        (b"$0\r\n\r\n", ""),
        (b"+\r\n", ""),
    ] {
        let f = frame(bytes);
        assert_eq!(f.decode::<&str>().unwrap(), text);
        assert_eq!(f.decode::<&[u8]>().unwrap(), text.as_bytes());
        assert_eq!(f.decode::<String>().unwrap(), text);
        assert_eq!(f.decode::<Vec<u8>>().unwrap(), text.as_bytes());
        assert_eq!(f.decode::<Bytes>().unwrap(), text.as_bytes());
    }
}

#[test]
fn bulk_strings_are_binary_safe() {
    let f = frame(b"$4\r\n\r\n\0\xff\r\n");
    assert_eq!(f.decode::<&[u8]>().unwrap(), b"\r\n\0\xff");
    assert_eq!(f.decode::<Vec<u8>>().unwrap(), b"\r\n\0\xff");
}

#[test]
fn bytes_are_zero_copy_slices_of_the_frame() {
    let f = frame(b"*2\r\n$3\r\nabc\r\n+de\r\n");
    let (a, b): (Bytes, Bytes) = f.decode().unwrap();
    let base = f.as_bytes().as_ptr() as usize;
    assert_eq!(a.as_ptr() as usize, base + 8);
    assert_eq!(b.as_ptr() as usize, base + 14);
}

#[test]
fn integers_read_from_integer_replies_and_decimal_strings() {
    assert_eq!(owned::<i64>(b":-42\r\n"), -42);
    assert_eq!(owned::<i64>(b"$3\r\n-42\r\n"), -42);
    assert_eq!(owned::<i64>(b"+17\r\n"), 17);
    assert_eq!(owned::<i64>(b"(12\r\n"), 12);
    assert_eq!(owned::<u8>(b":255\r\n"), 255);
    assert_eq!(owned::<i8>(b":-128\r\n"), -128);
    assert_eq!(owned::<u16>(b":65535\r\n"), 65535);
    assert_eq!(owned::<i32>(b":-2147483648\r\n"), i32::MIN);
    assert_eq!(owned::<u32>(b":4294967295\r\n"), u32::MAX);
    assert_eq!(owned::<usize>(b":7\r\n"), 7);
    assert_eq!(owned::<isize>(b":-7\r\n"), -7);
    assert_eq!(owned::<i64>(b":9223372036854775807\r\n"), i64::MAX);
    assert_eq!(owned::<u64>(b"$20\r\n18446744073709551615\r\n"), u64::MAX);
    assert_eq!(owned::<u64>(b"(18446744073709551615\r\n"), u64::MAX);
    assert_eq!(
        owned::<i128>(b"(-170141183460469231731687303715884105728\r\n"),
        i128::MIN
    );
    assert_eq!(owned::<u128>(b":5\r\n"), 5);
}

#[test]
fn floats_read_from_doubles_integers_and_numeric_strings() {
    assert_eq!(owned::<f64>(b",3.5\r\n"), 3.5);
    assert_eq!(owned::<f64>(b",-1.25e3\r\n"), -1250.0);
    assert_eq!(owned::<f64>(b",inf\r\n"), f64::INFINITY);
    assert_eq!(owned::<f64>(b",-inf\r\n"), f64::NEG_INFINITY);
    assert!(owned::<f64>(b",nan\r\n").is_nan());
    assert_eq!(owned::<f64>(b":10\r\n"), 10.0);
    assert_eq!(owned::<f64>(b"$4\r\n2.25\r\n"), 2.25);
    assert_eq!(owned::<f64>(b"$3\r\ninf\r\n"), f64::INFINITY);
    assert_eq!(owned::<f64>(b"$4\r\n-inf\r\n"), f64::NEG_INFINITY);
    assert_eq!(owned::<f64>(b"+0.5\r\n"), 0.5);
    assert_eq!(owned::<f32>(b",1.5\r\n"), 1.5f32);
}

#[test]
fn booleans_read_from_resp3_booleans_and_resp2_integers() {
    assert!(owned::<bool>(b"#t\r\n"));
    assert!(!owned::<bool>(b"#f\r\n"));
    assert!(owned::<bool>(b":1\r\n"));
    assert!(!owned::<bool>(b":0\r\n"));
}

#[test]
fn unit_reads_ok() {
    owned::<()>(b"+OK\r\n");
}

#[test]
fn every_null_form_is_none() {
    for bytes in [&b"_\r\n"[..], b"$-1\r\n", b"*-1\r\n"] {
        assert_eq!(owned::<Option<String>>(bytes), None);
        assert_eq!(owned::<Option<i64>>(bytes), None);
        assert_eq!(owned::<Option<Vec<String>>>(bytes), None);
        assert_eq!(value(bytes), Value::Nil);
        frame(bytes).decode::<Option<&str>>().unwrap();
    }
    assert_eq!(owned::<Option<i64>>(b":3\r\n"), Some(3));
    assert_eq!(
        owned::<Vec<Option<String>>>(b"*3\r\n$1\r\na\r\n$-1\r\n_\r\n"),
        [Some("a".to_owned()), None, None]
    );
}

#[test]
fn top_level_error_replies_become_server_errors() {
    for (bytes, code, message) in [
        (
            &b"-WRONGTYPE Operation against a key\r\n"[..],
            "WRONGTYPE",
            "Operation against a key",
        ),
        (
            b"!21\r\nSYNTAX invalid syntax\r\n",
            "SYNTAX",
            "invalid syntax",
        ),
        (b"-ERR\r\n", "ERR", ""),
        // An attribute before the error: the error is still the reply.
        (
            b"|1\r\n+trace\r\n:7\r\n-BUSY script running\r\n",
            "BUSY",
            "script running",
        ),
    ] {
        let f = frame(bytes);
        assert!(f.is_error());
        match f.decode::<Value>() {
            Err(Error::Server(e)) => {
                assert_eq!(e.code(), Some(code));
                assert_eq!(e.message(), message);
            }
            other => panic!("expected a server error, got {other:?}"),
        }
        assert!(matches!(f.decode::<i64>(), Err(Error::Server(_))));
        assert!(matches!(
            f.decode::<Result<i64, ServerError>>(),
            Err(Error::Server(_))
        ));
    }
}

#[test]
fn nested_error_replies_read_as_result_and_value() {
    // The reply of EXEC where the second command failed.
    let f = frame(b"*3\r\n+OK\r\n-WRONGTYPE bad\r\n:5\r\n");
    let replies: (
        Result<(), ServerError>,
        Result<i64, ServerError>,
        Result<i64, ServerError>,
    ) = f.decode().unwrap();
    assert_eq!(replies.0, Ok(()));
    assert_eq!(replies.1, Err(ServerError::new("WRONGTYPE bad")));
    assert_eq!(replies.2, Ok(5));
    assert_eq!(
        f.decode::<Value>().unwrap(),
        Value::Array(vec![
            Value::SimpleString("OK".into()),
            Value::Error(ServerError::new("WRONGTYPE bad")),
            Value::Int(5),
        ])
    );
    let f = frame(b"*1\r\n!5\r\nERR x\r\n");
    assert_eq!(
        f.decode::<Vec<Result<i64, ServerError>>>().unwrap(),
        [Err(ServerError::new("ERR x"))]
    );
}

#[test]
fn arrays_sets_and_pushes_read_as_sequences() {
    for bytes in [
        &b"*3\r\n:1\r\n:2\r\n:3\r\n"[..],
        b"~3\r\n:1\r\n:2\r\n:3\r\n",
        b">3\r\n:1\r\n:2\r\n:3\r\n",
    ] {
        assert_eq!(owned::<Vec<i64>>(bytes), [1, 2, 3]);
        assert_eq!(owned::<VecDeque<i64>>(bytes), [1, 2, 3]);
        assert_eq!(owned::<[u8; 3]>(bytes), [1, 2, 3]);
        assert_eq!(owned::<(i64, u8, i32)>(bytes), (1, 2, 3));
        assert_eq!(owned::<BTreeSet<i64>>(bytes), BTreeSet::from([1, 2, 3]));
        assert_eq!(owned::<HashSet<i64>>(bytes), HashSet::from([1, 2, 3]));
    }
    assert_eq!(owned::<Vec<String>>(b"*0\r\n"), Vec::<String>::new());
    assert!(frame(b">2\r\n+message\r\n+x\r\n").is_push());
    assert!(!frame(b"*2\r\n+message\r\n+x\r\n").is_push());
}

#[test]
fn vec_u8_is_a_string_and_vec_of_vec_u8_an_array_of_strings() {
    assert_eq!(owned::<Vec<u8>>(b"$3\r\nabc\r\n"), b"abc");
    assert_eq!(
        owned::<Vec<Vec<u8>>>(b"*2\r\n$1\r\na\r\n+b\r\n"),
        [b"a".to_vec(), b"b".to_vec()]
    );
}

#[test]
fn tuples_up_to_twelve_read_positionally() {
    let t: (u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8) = owned(
        b"*12\r\n:1\r\n:2\r\n:3\r\n:4\r\n:5\r\n:6\r\n:7\r\n:8\r\n:9\r\n:10\r\n:11\r\n:12\r\n",
    );
    assert_eq!(t, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12));
    assert_eq!(owned::<(String,)>(b"*1\r\n+a\r\n"), ("a".to_owned(),));
}

const RESP3_MAP: &[u8] = b"%2\r\n+a\r\n:1\r\n+b\r\n:2\r\n";
const RESP2_FLAT: &[u8] = b"*4\r\n$1\r\na\r\n$1\r\n1\r\n$1\r\nb\r\n$1\r\n2\r\n";
const PAIRS: &[u8] = b"*2\r\n*2\r\n$1\r\na\r\n:1\r\n*2\r\n$1\r\nb\r\n:2\r\n";

#[test]
fn maps_read_from_resp3_maps_flat_arrays_and_arrays_of_pairs() {
    let expected = [("a".to_owned(), 1), ("b".to_owned(), 2)];
    for bytes in [RESP3_MAP, RESP2_FLAT, PAIRS] {
        assert_eq!(owned::<Vec<(String, i64)>>(bytes), expected);
        assert_eq!(
            owned::<HashMap<String, i64>>(bytes),
            HashMap::from(expected.clone())
        );
        assert_eq!(
            owned::<BTreeMap<String, u8>>(bytes),
            BTreeMap::from([("a".to_owned(), 1), ("b".to_owned(), 2)])
        );
        let f = frame(bytes);
        let borrowed: Vec<(&str, f64)> = f.decode().unwrap();
        assert_eq!(borrowed, [("a", 1.0), ("b", 2.0)]);
        let mut r = Reader::new(&f);
        if bytes != PAIRS {
            assert_eq!(r.map_len().unwrap(), 2);
        }
    }
    assert_eq!(owned::<HashMap<String, i64>>(b"%0\r\n"), HashMap::new());
    assert_eq!(owned::<Vec<(String, i64)>>(b"*0\r\n"), []);
}

#[test]
fn resp3_score_pairs_and_resp2_flat_scores_read_alike() {
    // ZRANGE z 0 -1 WITHSCORES in RESP3, then in RESP2.
    let resp3 = b"*2\r\n*2\r\n$1\r\na\r\n,1.5\r\n*2\r\n$1\r\nb\r\n,inf\r\n";
    let resp2 = b"*4\r\n$1\r\na\r\n$3\r\n1.5\r\n$1\r\nb\r\n$3\r\ninf\r\n";
    let expected = [("a".to_owned(), 1.5), ("b".to_owned(), f64::INFINITY)];
    assert_eq!(owned::<Vec<(String, f64)>>(resp3), expected);
    assert_eq!(owned::<Vec<(String, f64)>>(resp2), expected);
}

#[test]
fn maps_accept_any_hasher() {
    use std::hash::BuildHasherDefault;
    type H = BuildHasherDefault<std::collections::hash_map::DefaultHasher>;
    let m: HashMap<String, i64, H> = owned(RESP3_MAP);
    assert_eq!(m.get("b"), Some(&2));
}

#[test]
fn attributes_are_skipped_before_any_value() {
    let f = frame(b"|1\r\n+key-popularity\r\n%1\r\n$1\r\na\r\n,0.1923\r\n*2\r\n:2039123\r\n|1\r\n+ttl\r\n:3\r\n:9543892\r\n");
    assert_eq!(f.decode::<Vec<i64>>().unwrap(), [2039123, 9543892]);
    assert_eq!(
        f.decode::<Value>().unwrap(),
        Value::Array(vec![Value::Int(2039123), Value::Int(9543892)])
    );
    assert_eq!(Reader::new(&f).peek().unwrap(), Kind::Array);
    assert!(frame(b"|1\r\n+a\r\n+b\r\n>1\r\n+x\r\n").is_push());
}

#[test]
fn value_reads_every_resp3_type() {
    let bytes = b"*14\r\n+simple\r\n:-3\r\n$4\r\nbulk\r\n_\r\n#t\r\n,2.5\r\n(123456789012345678901234567890\r\n=8\r\nmkd:text\r\n%1\r\n+k\r\n+v\r\n~1\r\n:1\r\n>1\r\n+p\r\n*0\r\n-ERR e\r\n!3\r\nE x\r\n";
    assert_eq!(
        value(bytes),
        Value::Array(vec![
            Value::SimpleString("simple".into()),
            Value::Int(-3),
            Value::Bulk("bulk".into()),
            Value::Nil,
            Value::Boolean(true),
            Value::Double(2.5),
            Value::BigNumber("123456789012345678901234567890".into()),
            Value::Verbatim {
                format: *b"mkd",
                text: "text".into()
            },
            Value::Map(vec![(
                Value::SimpleString("k".into()),
                Value::SimpleString("v".into())
            )]),
            Value::Set(vec![Value::Int(1)]),
            Value::Push(vec![Value::SimpleString("p".into())]),
            Value::Array(vec![]),
            Value::Error(ServerError::new("ERR e")),
            Value::Error(ServerError::new("E x")),
        ])
    );
}

#[test]
fn value_encodes_back_to_the_same_resp3_bytes() {
    let bytes: &[u8] =
        b"*6\r\n+simple\r\n$2\r\nab\r\n%1\r\n:1\r\n_\r\n=7\r\ntxt:abc\r\n,1.5\r\n#f\r\n";
    assert_eq!(value(bytes).to_resp(), bytes);
}

#[test]
fn streamed_strings_and_aggregates_read_like_plain_ones() {
    let s = b"$?\r\n;4\r\nHell\r\n;5\r\no wor\r\n;2\r\nld\r\n;0\r\n";
    assert_eq!(owned::<String>(s), "Hello world");
    assert_eq!(owned::<Vec<u8>>(s), b"Hello world");
    assert_eq!(owned::<Bytes>(s), "Hello world");
    assert_eq!(value(s), Value::Bulk("Hello world".into()));
    assert_eq!(
        frame(b"$?\r\n;2\r\nhi\r\n;0\r\n").decode::<&str>().unwrap(),
        "hi"
    );

    let a = b"*?\r\n:1\r\n*?\r\n+x\r\n.\r\n:3\r\n.\r\n";
    assert_eq!(
        owned::<(i64, Vec<String>, i64)>(a),
        (1, vec!["x".to_owned()], 3)
    );
    assert_eq!(
        value(a),
        Value::Array(vec![
            Value::Int(1),
            Value::Array(vec![Value::SimpleString("x".into())]),
            Value::Int(3)
        ])
    );
    let m = b"%?\r\n+a\r\n:1\r\n+b\r\n:2\r\n.\r\n";
    assert_eq!(
        owned::<BTreeMap<String, i64>>(m),
        BTreeMap::from([("a".into(), 1), ("b".into(), 2)])
    );
    assert_eq!(owned::<Vec<i64>>(b"*?\r\n.\r\n"), Vec::<i64>::new());
}

#[test]
fn nested_frame_is_a_zero_copy_sub_frame() {
    let f = frame(b"*2\r\n+a\r\n*1\r\n:1\r\n");
    let (a, rest): (String, Frame) = f.decode().unwrap();
    assert_eq!(a, "a");
    assert_eq!(rest.as_bytes().as_ref(), b"*1\r\n:1\r\n");
    assert_eq!(rest.decode::<Vec<i64>>().unwrap(), [1]);
}

#[test]
fn reader_steps_walk_a_frame() {
    let f = frame(b"*5\r\n+a\r\n:1\r\n_\r\n#t\r\n,1.5\r\n");
    let mut r = Reader::new(&f);
    assert_eq!(r.peek().unwrap(), Kind::Array);
    assert_eq!(r.peek_first().unwrap(), Some(Kind::SimpleString));
    assert_eq!(r.array_len().unwrap(), 5);
    assert_eq!(r.bytes().unwrap(), b"a");
    assert_eq!(r.position(), 8);
    assert!(!r.try_null().unwrap());
    assert_eq!(r.int().unwrap(), 1);
    assert!(r.try_null().unwrap());
    r.skip().unwrap();
    assert!(!r.is_at_end());
    assert_eq!(r.double().unwrap(), 1.5);
    assert!(r.is_at_end());
}

#[test]
fn borrowed_xrange_reply_reads_into_nested_tuples() {
    // Two entries of an XRANGE reply (RESP2 shape, same in RESP3).
    let f = frame(b"*2\r\n*2\r\n$3\r\n1-0\r\n*4\r\n$1\r\na\r\n$1\r\n1\r\n$1\r\nb\r\n$1\r\n2\r\n*2\r\n$3\r\n2-0\r\n*2\r\n$1\r\na\r\n$1\r\n3\r\n");
    type Entry<'a> = (&'a str, Vec<(&'a str, &'a [u8])>);
    let entries: Vec<Entry<'_>> = f.decode().unwrap();
    assert_eq!(
        entries,
        [
            ("1-0", vec![("a", &b"1"[..]), ("b", &b"2"[..])]),
            ("2-0", vec![("a", &b"3"[..])]),
        ]
    );
    let typed: Vec<(String, HashMap<String, u32>)> = f.decode().unwrap();
    assert_eq!(typed[1].1["a"], 3);
}
