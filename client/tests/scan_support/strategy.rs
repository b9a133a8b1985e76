//! proptest strategies that encode random valid RESP2/RESP3 frames.

use proptest::collection::vec;
use proptest::prelude::*;

/// `ty`, the payload's length, `\r\n`, the payload, `\r\n`.
pub fn bulk(ty: char, payload: &[u8]) -> Vec<u8> {
    [
        format!("{ty}{}\r\n", payload.len()).as_bytes(),
        payload,
        b"\r\n",
    ]
    .concat()
}

/// An aggregate header `ty<count>` followed by the encoded elements.
pub fn aggregate(ty: char, count: usize, elements: Vec<Vec<u8>>) -> Vec<u8> {
    [format!("{ty}{count}\r\n").into_bytes(), elements.concat()].concat()
}

/// A streamed aggregate `ty?` with the encoded elements and its `.` end marker.
pub fn streamed(ty: char, elements: Vec<Vec<u8>>) -> Vec<u8> {
    [
        format!("{ty}?\r\n").into_bytes(),
        elements.concat(),
        b".\r\n".to_vec(),
    ]
    .concat()
}

/// A streamed string made of `chunks`.
pub fn chunked(chunks: &[Vec<u8>]) -> Vec<u8> {
    let body: Vec<Vec<u8>> = chunks
        .iter()
        .map(|c| [format!(";{}\r\n", c.len()).as_bytes(), c, b"\r\n"].concat())
        .collect();
    [b"$?\r\n".to_vec(), body.concat(), b";0\r\n".to_vec()].concat()
}

/// One encoded RESP2 scalar: simple string, error, integer, bulk string (or a null).
pub fn resp2_scalar(nulls: bool) -> impl Strategy<Value = Vec<u8>> {
    let scalar = prop_oneof![
        "[a-zA-Z0-9 :]{0,20}".prop_map(|s| format!("+{s}\r\n").into_bytes()),
        "[a-zA-Z0-9 ]{0,20}".prop_map(|s| format!("-ERR {s}\r\n").into_bytes()),
        any::<i64>().prop_map(|i| format!(":{i}\r\n").into_bytes()),
        vec(any::<u8>(), 0..40).prop_map(|b| bulk('$', &b)),
    ];
    let null = prop_oneof![Just(b"$-1\r\n".to_vec()), Just(b"*-1\r\n".to_vec())];
    if nulls {
        prop_oneof![4 => scalar, 1 => null].boxed()
    } else {
        scalar.boxed()
    }
}

/// One encoded RESP2 value: a scalar or nested arrays of them.
pub fn resp2_value() -> impl Strategy<Value = Vec<u8>> {
    resp2_scalar(true).prop_recursive(6, 96, 6, |inner| {
        vec(inner, 0..6).prop_map(|v| aggregate('*', v.len(), v))
    })
}

/// Which RESP3 features the strategies may use.
#[derive(Debug, Clone, Copy)]
pub struct Features {
    /// Streamed strings and aggregates.
    pub streams: bool,
    /// Attributes anywhere (otherwise none).
    pub attributes: bool,
    /// Verbatim formats other than `txt` and `mkd`.
    pub any_verbatim_format: bool,
    /// Map keys and set members of any type (otherwise strings and integers only).
    pub any_key: bool,
    /// The RESP2 nulls `$-1` and `*-1` (otherwise `_` only).
    pub resp2_nulls: bool,
}

/// Every feature.
pub const ALL: Features = Features {
    streams: true,
    attributes: true,
    any_verbatim_format: true,
    any_key: true,
    resp2_nulls: true,
};

/// One encoded scalar of any RESP2/RESP3 type.
pub fn scalar(features: Features) -> impl Strategy<Value = Vec<u8>> {
    let format = if features.any_verbatim_format {
        "[a-z]{3}"
    } else {
        "txt|mkd"
    };
    let resp3 = prop_oneof![
        vec(any::<u8>(), 0..40).prop_map(|b| bulk('!', &b)),
        (format, vec(any::<u8>(), 0..20))
            .prop_map(|(f, b)| bulk('=', &[f.as_bytes(), b":", &b].concat())),
        Just(b"_\r\n".to_vec()),
        any::<bool>().prop_map(|b| format!("#{}\r\n", if b { 't' } else { 'f' }).into_bytes()),
        any::<f64>().prop_map(|f| format!(",{f}\r\n").into_bytes()),
        any::<f64>().prop_map(|f| format!(",{f:e}\r\n").into_bytes()),
        "[+-]?[0-9]{1,60}".prop_map(|s| format!("({s}\r\n").into_bytes()),
    ];
    let stream = vec(vec(any::<u8>(), 1..10), 0..5).prop_map(|c| chunked(&c));
    if features.streams {
        prop_oneof![3 => resp2_scalar(features.resp2_nulls), 6 => resp3, 1 => stream].boxed()
    } else {
        prop_oneof![resp2_scalar(features.resp2_nulls), resp3].boxed()
    }
}

/// One encoded value: a scalar, or nested aggregates (and attributes, and streamed
/// aggregates, as `features` allow) of them.
pub fn value(features: Features) -> impl Strategy<Value = Vec<u8>> {
    scalar(features).prop_recursive(6, 96, 6, move |inner| {
        let key = if features.any_key {
            inner.clone().boxed()
        } else {
            prop_oneof![
                "[a-z]{1,8}".prop_map(|s| format!("+{s}\r\n").into_bytes()),
                vec(any::<u8>(), 1..10).prop_map(|b| bulk('$', &b)),
                any::<i64>().prop_map(|i| format!(":{i}\r\n").into_bytes()),
            ]
            .boxed()
        };
        let pair = (key.clone(), inner.clone()).prop_map(|(k, v)| [k, v].concat());
        let counted = prop_oneof![
            vec(inner.clone(), 0..6).prop_map(|v| aggregate('*', v.len(), v)),
            vec(key.clone(), 0..6).prop_map(|v| aggregate('~', v.len(), v)),
            vec(inner.clone(), 0..6).prop_map(|v| aggregate('>', v.len(), v)),
            vec(pair.clone(), 0..4).prop_map(|v| aggregate('%', v.len(), v)),
        ];
        let attributed = (vec(pair.clone(), 0..3), inner.clone())
            .prop_map(|(attr, v)| [aggregate('|', attr.len(), attr), v].concat());
        let counted = if features.attributes {
            prop_oneof![4 => counted, 1 => attributed].boxed()
        } else {
            counted.boxed()
        };
        let stream = prop_oneof![
            vec(inner.clone(), 0..6).prop_map(|v| streamed('*', v)),
            vec(key, 0..6).prop_map(|v| streamed('~', v)),
            vec(pair, 0..4).prop_map(|v| streamed('%', v)),
        ];
        if features.streams {
            prop_oneof![5 => counted, 3 => stream].boxed()
        } else {
            counted
        }
    })
}
