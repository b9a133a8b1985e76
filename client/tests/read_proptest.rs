//! Property tests: random values encode, scan and read back equal, as `Value` and through
//! the typed impls, in RESP3 and RESP2 layouts.

use std::collections::{BTreeMap, HashMap};

use bytes::Bytes;
use proptest::prelude::*;
use typedis::resp::{Frame, FrameScanner, Reader};
use typedis::{Error, RespRead, ServerError, Value};

fn text() -> impl Strategy<Value = String> {
    // Printable ASCII, and now and then a line break (which forces the bulk forms).
    "[ -~]{0,12}(\r\n[ -~]{0,4})?"
}

fn line() -> impl Strategy<Value = String> {
    "[ -~]{0,12}"
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Nil),
        line().prop_map(|s| Value::SimpleString(s.into())),
        ("[A-Z]{1,10}", text())
            .prop_map(|(c, m)| Value::Error(ServerError::new(format!("{c} {m}")))),
        any::<i64>().prop_map(Value::Int),
        proptest::collection::vec(any::<u8>(), 0..40).prop_map(|b| Value::Bulk(b.into())),
        any::<f64>()
            .prop_filter("NaN is never equal to itself", |d| !d.is_nan())
            .prop_map(Value::Double),
        any::<bool>().prop_map(Value::Boolean),
        "-?[1-9][0-9]{0,45}|0".prop_map(Value::BigNumber),
        ("[a-z]{3}", proptest::collection::vec(any::<u8>(), 0..20)).prop_map(|(f, t)| {
            let format = f.as_bytes().try_into().expect("three ASCII letters");
            Value::Verbatim {
                format,
                text: t.into(),
            }
        }),
    ]
}

fn value() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(5, 64, 8, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
            proptest::collection::vec(inner.clone(), 0..8).prop_map(Value::Set),
            proptest::collection::vec(inner.clone(), 0..8).prop_map(Value::Push),
            proptest::collection::vec((inner.clone(), inner), 0..6).prop_map(Value::Map),
        ]
    })
}

/// The value a read gives back: simple strings and errors holding a line break are
/// written in their bulk forms.
fn expected(v: &Value) -> Value {
    match v {
        Value::SimpleString(s) if s.contains(&b'\r') || s.contains(&b'\n') => {
            Value::Bulk(s.clone())
        }
        Value::Array(a) => Value::Array(a.iter().map(expected).collect()),
        Value::Set(a) => Value::Set(a.iter().map(expected).collect()),
        Value::Push(a) => Value::Push(a.iter().map(expected).collect()),
        Value::Map(m) => Value::Map(m.iter().map(|(k, v)| (expected(k), expected(v))).collect()),
        other => other.clone(),
    }
}

fn frame(bytes: Vec<u8>) -> Frame {
    Frame::new(bytes.into()).expect("encoded values are valid frames")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn values_encode_scan_and_read_back_equal(v in value()) {
        let bytes = v.to_resp();
        prop_assert_eq!(FrameScanner::new().scan(&bytes).unwrap(), Some(bytes.len()));
        let f = frame(bytes.clone());
        match (&v, f.decode::<Value>()) {
            (Value::Error(e), Err(Error::Server(got))) => prop_assert_eq!(e, &got),
            (_, got) => prop_assert_eq!(got.unwrap(), expected(&v)),
        }
        let mut r = Reader::new(&f);
        r.skip().unwrap();
        prop_assert!(r.is_at_end());
        // Any value inside an array reads back as a `Value` too (errors included).
        let wrapped = frame(Value::Array(vec![v.clone()]).to_resp());
        prop_assert_eq!(wrapped.decode::<Vec<Value>>().unwrap(), vec![expected(&v)]);
        let (sub,): (Frame,) = wrapped.decode().unwrap();
        prop_assert_eq!(sub.as_bytes().as_ref(), &bytes[..]);
    }

    #[test]
    fn reencoding_a_read_value_gives_the_same_bytes(v in value()) {
        let bytes = v.to_resp();
        let wrapped = frame(Value::Array(vec![v]).to_resp());
        let read: Vec<Value> = wrapped.decode().unwrap();
        prop_assert_eq!(read[0].to_resp(), bytes);
    }

    #[test]
    fn integers_read_back_from_integer_and_text_forms(n in any::<i64>()) {
        let as_int = frame(Value::Int(n).to_resp());
        let as_bulk = frame(Value::Bulk(n.to_string().into()).to_resp());
        let as_simple = frame(Value::SimpleString(n.to_string().into()).to_resp());
        for f in [&as_int, &as_bulk, &as_simple] {
            prop_assert_eq!(f.decode::<i64>().unwrap(), n);
            prop_assert_eq!(f.decode::<i128>().unwrap(), i128::from(n));
            prop_assert_eq!(f.decode::<i32>().ok(), i32::try_from(n).ok());
            prop_assert_eq!(f.decode::<u64>().ok(), u64::try_from(n).ok());
            prop_assert_eq!(f.decode::<u8>().ok(), u8::try_from(n).ok());
        }
    }

    #[test]
    fn doubles_read_back_from_double_and_text_forms(d in any::<f64>()) {
        let f = frame(Value::Double(d).to_resp());
        let got = f.decode::<f64>().unwrap();
        prop_assert!(got == d || (got.is_nan() && d.is_nan()));
        let text = frame(Value::Bulk(d.to_string().into()).to_resp());
        let got = text.decode::<f64>().unwrap();
        prop_assert!(got == d || (got.is_nan() && d.is_nan()));
    }

    #[test]
    fn pairs_read_back_from_maps_flat_arrays_and_arrays_of_pairs(
        pairs in proptest::collection::vec(("[a-z]{0,6}", any::<i64>()), 0..12)
    ) {
        let key = |k: &String| Value::Bulk(Bytes::from(k.clone()));
        let map = Value::Map(pairs.iter().map(|(k, v)| (key(k), Value::Int(*v))).collect());
        let flat = Value::Array(
            pairs.iter().flat_map(|(k, v)| [key(k), Value::Bulk(v.to_string().into())]).collect(),
        );
        let nested = Value::Array(
            pairs.iter().map(|(k, v)| Value::Array(vec![key(k), Value::Int(*v)])).collect(),
        );
        let want_map: HashMap<String, i64> = pairs.iter().cloned().collect();
        let want_btree: BTreeMap<String, i64> = pairs.iter().cloned().collect();
        for v in [map, flat, nested] {
            let f = frame(v.to_resp());
            prop_assert_eq!(&f.decode::<Vec<(String, i64)>>().unwrap(), &pairs);
            let borrowed: Vec<(&str, i64)> = f.decode().unwrap();
            prop_assert_eq!(borrowed.len(), pairs.len());
            prop_assert_eq!(&f.decode::<HashMap<String, i64>>().unwrap(), &want_map);
            prop_assert_eq!(&f.decode::<BTreeMap<String, i64>>().unwrap(), &want_btree);
        }
    }

    #[test]
    fn optional_strings_read_back_through_every_null_form(
        items in proptest::collection::vec(proptest::option::of(proptest::collection::vec(any::<u8>(), 0..10)), 0..10),
        null in prop_oneof![Just(&b"_\r\n"[..]), Just(&b"$-1\r\n"[..]), Just(&b"*-1\r\n"[..])],
    ) {
        let mut bytes = format!("*{}\r\n", items.len()).into_bytes();
        for item in &items {
            match item {
                Some(b) => Value::Bulk(b.clone().into()).encode(&mut bytes),
                None => bytes.extend_from_slice(null),
            }
        }
        let f = frame(bytes);
        prop_assert_eq!(&f.decode::<Vec<Option<Vec<u8>>>>().unwrap(), &items);
        let borrowed: Vec<Option<&[u8]>> = f.decode().unwrap();
        prop_assert_eq!(borrowed.iter().map(|o| o.map(<[u8]>::to_vec)).collect::<Vec<_>>(), items);
    }

    #[test]
    fn reading_random_bytes_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        // Whatever a frame holds (here: anything the scanner accepts), every read returns.
        if let Ok(f) = Frame::from_slice(&bytes) {
            let _ = f.decode::<Value>();
            let _ = f.decode::<Vec<(String, i64)>>();
            let _ = f.decode::<HashMap<Vec<u8>, Option<f64>>>();
            let _ = f.decode::<(i64, bool, &str)>();
        }
    }
}

#[test]
fn typed_tuples_round_trip_through_value() {
    let v = Value::Array(vec![
        Value::Int(-3),
        Value::Bulk("name".into()),
        Value::Double(0.25),
        Value::Boolean(true),
        Value::Nil,
        Value::Array(vec![Value::Int(1), Value::Int(2)]),
    ]);
    let f = Frame::new(v.to_resp().into()).unwrap();
    type T<'a> = (i64, &'a str, f64, bool, Option<String>, [u8; 2]);
    let t: T<'_> = f.decode().unwrap();
    assert_eq!(t, (-3, "name", 0.25, true, None, [1, 2]));
    let _: Vec<Value> = RespRead::read(&mut Reader::new(&f)).unwrap();
}

/// Encodes `v` in RESP3 like [`Value::encode`], but takes the liberties the protocol
/// allows, driven by `choices`: attributes before values, strings sent in chunks, and
/// aggregates of unknown length ended by `.`.
fn encode_liberally(v: &Value, choices: &mut impl Iterator<Item = u8>, out: &mut Vec<u8>) {
    let mut next = || choices.next().unwrap_or(0);
    if next() % 5 == 0 {
        out.extend_from_slice(b"|1\r\n+meta\r\n*2\r\n:1\r\n$1\r\nx\r\n");
    }
    let streamed = next() % 3 == 0;
    match v {
        Value::Bulk(b) if streamed => {
            out.extend_from_slice(b"$?\r\n");
            let step = usize::from(next() % 7) + 1;
            for chunk in b.chunks(step) {
                out.extend_from_slice(format!(";{}\r\n", chunk.len()).as_bytes());
                out.extend_from_slice(chunk);
                out.extend_from_slice(b"\r\n");
            }
            out.extend_from_slice(b";0\r\n");
        }
        Value::Array(items) | Value::Set(items) if streamed => {
            out.extend_from_slice(if matches!(v, Value::Array(_)) {
                b"*?\r\n"
            } else {
                b"~?\r\n"
            });
            for item in items {
                encode_liberally(item, choices, out);
            }
            out.extend_from_slice(b".\r\n");
        }
        Value::Map(pairs) if streamed => {
            out.extend_from_slice(b"%?\r\n");
            for (k, v) in pairs {
                encode_liberally(k, choices, out);
                encode_liberally(v, choices, out);
            }
            out.extend_from_slice(b".\r\n");
        }
        Value::Array(items) | Value::Set(items) | Value::Push(items) => {
            let t = match v {
                Value::Array(_) => '*',
                Value::Set(_) => '~',
                _ => '>',
            };
            out.extend_from_slice(format!("{t}{}\r\n", items.len()).as_bytes());
            for item in items {
                encode_liberally(item, choices, out);
            }
        }
        Value::Map(pairs) => {
            out.extend_from_slice(format!("%{}\r\n", pairs.len()).as_bytes());
            for (k, v) in pairs {
                encode_liberally(k, choices, out);
                encode_liberally(v, choices, out);
            }
        }
        leaf => leaf.encode(out),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn attributes_and_streamed_forms_read_like_the_plain_encoding(
        v in value(),
        choices in proptest::collection::vec(any::<u8>(), 0..256),
    ) {
        let mut bytes = Vec::new();
        encode_liberally(&v, &mut choices.into_iter(), &mut bytes);
        prop_assert_eq!(FrameScanner::new().scan(&bytes).unwrap(), Some(bytes.len()));
        let f = frame(bytes.clone());
        match (&v, f.decode::<Value>()) {
            (Value::Error(e), Err(Error::Server(got))) => prop_assert_eq!(e, &got),
            (_, got) => prop_assert_eq!(got.unwrap(), expected(&v)),
        }
        let mut r = Reader::new(&f);
        r.skip().unwrap();
        prop_assert!(r.is_at_end());
    }

    #[test]
    fn typed_reads_see_through_attributes_and_streams(
        pairs in proptest::collection::vec(("[a-z]{0,6}", proptest::collection::vec(any::<i64>(), 0..4)), 0..8),
        choices in proptest::collection::vec(any::<u8>(), 0..256),
    ) {
        let v = Value::Map(
            pairs
                .iter()
                .map(|(k, xs)| {
                    (Value::Bulk(k.clone().into()), Value::Array(xs.iter().copied().map(Value::Int).collect()))
                })
                .collect(),
        );
        let mut bytes = Vec::new();
        encode_liberally(&v, &mut choices.into_iter(), &mut bytes);
        let f = frame(bytes);
        prop_assert_eq!(&f.decode::<Vec<(String, Vec<i64>)>>().unwrap(), &pairs);
        let want: BTreeMap<String, Vec<i64>> = pairs.iter().cloned().collect();
        prop_assert_eq!(f.decode::<BTreeMap<String, Vec<i64>>>().unwrap(), want);
    }
}
