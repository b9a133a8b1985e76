//! Differential test against an independent RESP implementation (the `redis-protocol`
//! crate): random valid frames get the same frame length and the same decoded value.

use proptest::prelude::*;
use redis_protocol::resp2::types::OwnedFrame as Resp2;
use redis_protocol::resp3::types::{OwnedFrame as Resp3, VerbatimStringFormat};
use typedis::resp::{Frame, FrameScanner, Reader};
use typedis::{RespRead, ServerError, Value};

/// An oracle frame as a `Value`.
fn from_resp3(f: Resp3) -> Value {
    match f {
        Resp3::BlobString { data, .. } => Value::Bulk(data.into()),
        Resp3::SimpleString { data, .. } => Value::SimpleString(data.into()),
        Resp3::SimpleError { data, .. } => Value::Error(ServerError::new(data)),
        Resp3::BlobError { data, .. } => {
            Value::Error(ServerError::new(String::from_utf8_lossy(&data)))
        }
        Resp3::Boolean { data, .. } => Value::Boolean(data),
        Resp3::Null => Value::Nil,
        Resp3::Number { data, .. } => Value::Int(data),
        Resp3::Double { data, .. } => Value::Double(data),
        Resp3::BigNumber { data, .. } => Value::BigNumber(String::from_utf8(data).expect("digits")),
        Resp3::VerbatimString { data, format, .. } => Value::Verbatim {
            format: match format {
                VerbatimStringFormat::Text => *b"txt",
                VerbatimStringFormat::Markdown => *b"mkd",
            },
            text: data.into(),
        },
        Resp3::Array { data, .. } => Value::Array(data.into_iter().map(from_resp3).collect()),
        Resp3::Push { data, .. } => Value::Push(data.into_iter().map(from_resp3).collect()),
        Resp3::Set { data, .. } => Value::Set(data.into_iter().map(from_resp3).collect()),
        Resp3::Map { data, .. } => Value::Map(
            data.into_iter()
                .map(|(k, v)| (from_resp3(k), from_resp3(v)))
                .collect(),
        ),
        Resp3::ChunkedString(data) => Value::Bulk(data.into()),
        other => panic!("not a reply: {other:?}"),
    }
}

fn from_resp2(f: Resp2) -> Value {
    match f {
        Resp2::SimpleString(s) => Value::SimpleString(s.into()),
        Resp2::Error(e) => Value::Error(ServerError::new(e)),
        Resp2::Integer(n) => Value::Int(n),
        Resp2::BulkString(b) => Value::Bulk(b.into()),
        Resp2::Array(a) => Value::Array(a.into_iter().map(from_resp2).collect()),
        Resp2::Null => Value::Nil,
    }
}

/// Maps and sets in a canonical order (the oracle keeps them in hash maps and sets),
/// compared through their debug text (so that NaN equals NaN).
fn canonical(v: &Value) -> String {
    fn sort(v: &Value) -> Value {
        match v {
            Value::Array(a) => Value::Array(a.iter().map(sort).collect()),
            Value::Push(a) => Value::Push(a.iter().map(sort).collect()),
            Value::Set(a) => {
                let mut a: Vec<Value> = a.iter().map(sort).collect();
                a.sort_by_key(|x| format!("{x:?}"));
                Value::Set(a)
            }
            Value::Map(m) => {
                let mut m: Vec<(Value, Value)> =
                    m.iter().map(|(k, v)| (sort(k), sort(v))).collect();
                m.sort_by_key(|(k, _)| format!("{k:?}"));
                Value::Map(m)
            }
            other => other.clone(),
        }
    }
    format!("{:?}", sort(v))
}

/// Values both sides can hold: verbatim formats `txt`/`mkd`; map keys and set elements
/// unique scalars (the oracle keeps them in hash collections and refuses aggregate keys).
fn key() -> impl Strategy<Value = Value> {
    prop_oneof![
        "[a-z]{0,8}".prop_map(|s| Value::Bulk(s.into())),
        "[a-z]{0,8}".prop_map(|s| Value::SimpleString(s.into())),
        any::<i64>().prop_map(Value::Int),
        any::<bool>().prop_map(Value::Boolean),
    ]
}

fn leaf3() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Nil),
        "[ -~]{0,12}".prop_map(|s| Value::SimpleString(s.into())),
        "[A-Z]{1,8} [ -~]{0,12}".prop_map(|s| Value::Error(ServerError::new(s))),
        "[A-Z]{1,8} [a-z]{0,5}\r\n[a-z]{0,5}".prop_map(|s| Value::Error(ServerError::new(s))),
        any::<i64>().prop_map(Value::Int),
        proptest::collection::vec(any::<u8>(), 0..40).prop_map(|b| Value::Bulk(b.into())),
        any::<f64>().prop_map(Value::Double),
        any::<bool>().prop_map(Value::Boolean),
        "-?[1-9][0-9]{0,40}".prop_map(Value::BigNumber),
        (prop_oneof![Just(*b"txt"), Just(*b"mkd")], "[ -~]{0,16}").prop_map(|(format, t)| {
            Value::Verbatim {
                format,
                text: t.into(),
            }
        }),
    ]
}

fn unique_by_encoding<T>(items: Vec<T>, enc: impl Fn(&T) -> Vec<u8>) -> Vec<T> {
    let mut seen = std::collections::HashSet::new();
    items.into_iter().filter(|x| seen.insert(enc(x))).collect()
}

fn value3() -> impl Strategy<Value = Value> {
    leaf3().prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::Push),
            proptest::collection::vec(key(), 0..6)
                .prop_map(|a| Value::Set(unique_by_encoding(a, Value::to_resp))),
            proptest::collection::vec((key(), inner), 0..6)
                .prop_map(|m| Value::Map(unique_by_encoding(m, |(k, _)| k.to_resp()))),
        ]
    })
}

/// RESP2 values and their RESP2 encoding (nulls as `$-1` or `*-1`).
fn value2() -> impl Strategy<Value = (Value, Vec<u8>)> {
    let leaf = prop_oneof![
        Just((Value::Nil, b"$-1\r\n".to_vec())),
        Just((Value::Nil, b"*-1\r\n".to_vec())),
        "[ -~]{0,12}".prop_map(|s| {
            let v = Value::SimpleString(s.clone().into());
            (v, format!("+{s}\r\n").into_bytes())
        }),
        "[A-Z]{1,8} [ -~]{0,12}".prop_map(|s| {
            (
                Value::Error(ServerError::new(s.clone())),
                format!("-{s}\r\n").into_bytes(),
            )
        }),
        any::<i64>().prop_map(|n| (Value::Int(n), format!(":{n}\r\n").into_bytes())),
        proptest::collection::vec(any::<u8>(), 0..40).prop_map(|b| {
            let v = Value::Bulk(b.into());
            let bytes = v.to_resp();
            (v, bytes)
        }),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        proptest::collection::vec(inner, 0..6).prop_map(|items| {
            let mut bytes = format!("*{}\r\n", items.len()).into_bytes();
            let mut values = Vec::new();
            for (v, b) in items {
                values.push(v);
                bytes.extend(b);
            }
            (Value::Array(values), bytes)
        })
    })
}

/// Our reading of `bytes`: frame length and value. Errors are read in an array so that a
/// top-level error reply reads as a `Value` too.
fn ours(bytes: &[u8]) -> (usize, Value) {
    let n = FrameScanner::new().scan(bytes).unwrap().expect("complete");
    let f = Frame::from_slice(&bytes[..n]).unwrap();
    let mut r = Reader::new(&f);
    let v = Value::read(&mut r).unwrap();
    assert!(r.is_at_end());
    (n, v)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn resp3_frames_match_the_oracle(v in value3(), trailing in proptest::collection::vec(any::<u8>(), 0..8)) {
        let mut bytes = v.to_resp();
        let len = bytes.len();
        bytes.extend(trailing);
        let (oracle, oracle_len) = redis_protocol::resp3::decode::complete::decode(&bytes)
            .unwrap()
            .expect("complete");
        let (n, got) = ours(&bytes);
        prop_assert_eq!(n, len);
        prop_assert_eq!(n, oracle_len);
        prop_assert_eq!(canonical(&got), canonical(&from_resp3(oracle)));
    }

    #[test]
    fn resp2_frames_match_the_oracle((v, bytes) in value2()) {
        let (oracle, oracle_len) = redis_protocol::resp2::decode::decode(&bytes)
            .unwrap()
            .expect("complete");
        let (n, got) = ours(&bytes);
        prop_assert_eq!(n, bytes.len());
        prop_assert_eq!(n, oracle_len);
        prop_assert_eq!(&got, &v);
        prop_assert_eq!(got, from_resp2(oracle));
    }

    #[test]
    fn truncated_frames_are_incomplete_for_both(v in value3(), cut in any::<prop::sample::Index>()) {
        let bytes = v.to_resp();
        let cut = cut.index(bytes.len());
        let part = &bytes[..cut];
        prop_assert_eq!(FrameScanner::new().scan(part).unwrap(), None);
        prop_assert!(redis_protocol::resp3::decode::complete::decode(part).unwrap().is_none());
    }
}
