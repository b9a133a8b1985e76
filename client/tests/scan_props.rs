//! Property tests: random valid frames scan to their exact length however split, and
//! random bytes never panic and get the same verdict whole and in pieces.

mod scan_support;

use proptest::collection::vec;
use proptest::prelude::*;
use scan_support::{bytewise, pieces, whole};
use typedis::Limits;

/// `ty`, the payload's length, `\r\n`, the payload, `\r\n`.
fn bulk(ty: char, payload: &[u8]) -> Vec<u8> {
    [
        format!("{ty}{}\r\n", payload.len()).as_bytes(),
        payload,
        b"\r\n",
    ]
    .concat()
}

/// An aggregate header `ty<count>` followed by the encoded elements.
fn aggregate(ty: char, count: usize, elements: Vec<Vec<u8>>) -> Vec<u8> {
    [format!("{ty}{count}\r\n").into_bytes(), elements.concat()].concat()
}

/// A streamed aggregate `ty?` with the encoded elements and its `.` end marker.
fn streamed(ty: char, elements: Vec<Vec<u8>>) -> Vec<u8> {
    [
        format!("{ty}?\r\n").into_bytes(),
        elements.concat(),
        b".\r\n".to_vec(),
    ]
    .concat()
}

/// One encoded scalar value of any RESP2/RESP3 type.
fn scalar() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        "[a-zA-Z0-9 :]{0,20}".prop_map(|s| format!("+{s}\r\n").into_bytes()),
        "[a-zA-Z0-9 ]{0,20}".prop_map(|s| format!("-ERR {s}\r\n").into_bytes()),
        any::<i64>().prop_map(|i| format!(":{i}\r\n").into_bytes()),
        vec(any::<u8>(), 0..40).prop_map(|b| bulk('$', &b)),
        vec(any::<u8>(), 0..40).prop_map(|b| bulk('!', &b)),
        ("[a-z]{3}", vec(any::<u8>(), 0..20))
            .prop_map(|(f, b)| bulk('=', &[f.as_bytes(), b":", &b].concat())),
        Just(b"$-1\r\n".to_vec()),
        Just(b"*-1\r\n".to_vec()),
        Just(b"_\r\n".to_vec()),
        any::<bool>().prop_map(|b| format!("#{}\r\n", if b { 't' } else { 'f' }).into_bytes()),
        any::<f64>().prop_map(|f| format!(",{f}\r\n").into_bytes()),
        any::<f64>().prop_map(|f| format!(",{f:e}\r\n").into_bytes()),
        "[+-]?[0-9]{1,60}".prop_map(|s| format!("({s}\r\n").into_bytes()),
        vec(vec(any::<u8>(), 1..10), 0..5).prop_map(|chunks| {
            let body: Vec<Vec<u8>> = chunks
                .iter()
                .map(|c| [format!(";{}\r\n", c.len()).as_bytes(), c, b"\r\n"].concat())
                .collect();
            [b"$?\r\n".to_vec(), body.concat(), b";0\r\n".to_vec()].concat()
        }),
    ]
}

/// One encoded value: a scalar or nested aggregates, attributes and streams of them.
fn value() -> impl Strategy<Value = Vec<u8>> {
    scalar().prop_recursive(6, 96, 6, |inner| {
        let pair = (inner.clone(), inner.clone()).prop_map(|(k, v)| [k, v].concat());
        prop_oneof![
            vec(inner.clone(), 0..6).prop_map(|v| aggregate('*', v.len(), v)),
            vec(inner.clone(), 0..6).prop_map(|v| aggregate('~', v.len(), v)),
            vec(inner.clone(), 0..6).prop_map(|v| aggregate('>', v.len(), v)),
            vec(pair.clone(), 0..4).prop_map(|v| aggregate('%', v.len(), v)),
            (vec(pair.clone(), 0..3), inner.clone()).prop_map(|(attr, v)| [
                aggregate('|', attr.len(), attr),
                v
            ]
            .concat()),
            vec(inner.clone(), 0..6).prop_map(|v| streamed('*', v)),
            vec(inner.clone(), 0..6).prop_map(|v| streamed('~', v)),
            vec(pair, 0..4).prop_map(|v| streamed('%', v)),
        ]
    })
}

/// Byte strings made of RESP fragments and stray bytes: mostly almost-valid input.
fn soup() -> impl Strategy<Value = Vec<u8>> {
    let fragment = prop_oneof![
        prop::sample::select(vec![
            "\r\n",
            "\r",
            "\n",
            "*1\r\n",
            "*2\r\n",
            "*-1\r\n",
            "%1\r\n",
            "~1\r\n",
            ">1\r\n",
            "|1\r\n",
            "|0\r\n",
            "$3\r\n",
            "$-1\r\n",
            "$?\r\n",
            "*?\r\n",
            "%?\r\n",
            "~?\r\n",
            ";2\r\n",
            ";0\r\n",
            ".\r\n",
            ":1\r\n",
            ":-",
            "+a\r\n",
            "-E\r\n",
            "abc",
            "_\r\n",
            "#t\r\n",
            ",1.5\r\n",
            ",",
            "(12\r\n",
            "=5\r\ntxt:a\r\n",
            "!1\r\n",
            "9",
            "-1",
            "?",
        ])
        .prop_map(|s| s.as_bytes().to_vec()),
        vec(any::<u8>(), 1..3),
    ];
    vec(fragment, 0..40).prop_map(|f| f.concat())
}

/// Limits small enough for random input to reach every bound.
const SMALL: Limits = Limits {
    max_depth: 4,
    max_bulk_len: 8,
    max_aggregate_len: 5,
    max_frame_len: 64,
};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn valid_frames_scan_to_their_length_however_split(
        frame in value(),
        next in soup(),
        cuts in vec(any::<prop::sample::Index>(), 0..6),
    ) {
        let limits = Limits::default();
        let expected = Ok(Some(frame.len()));
        prop_assert_eq!(whole(&frame, limits), expected.clone());
        let buf = [frame.clone(), next].concat();
        prop_assert_eq!(whole(&buf, limits), expected.clone());
        let mut cuts: Vec<usize> = cuts.iter().map(|i| i.index(buf.len() + 1)).collect();
        cuts.sort_unstable();
        prop_assert_eq!(pieces(&buf, cuts, limits), expected.clone());
        prop_assert_eq!(bytewise(&buf, limits), expected);
        for end in 0..frame.len() {
            prop_assert_eq!(whole(&frame[..end], limits), Ok(None));
        }
    }

    #[test]
    fn any_bytes_get_the_same_verdict_whole_and_in_pieces(
        bytes in prop_oneof![soup(), vec(any::<u8>(), 0..64)],
        cuts in vec(any::<prop::sample::Index>(), 0..8),
        small in any::<bool>(),
    ) {
        let limits = if small { SMALL } else { Limits::default() };
        let expected = whole(&bytes, limits);
        let mut cuts: Vec<usize> = cuts.iter().map(|i| i.index(bytes.len() + 1)).collect();
        cuts.sort_unstable();
        prop_assert_eq!(pieces(&bytes, cuts, limits), expected.clone());
        prop_assert_eq!(bytewise(&bytes, limits), expected.clone());
        if let Ok(Some(n)) = expected {
            prop_assert!(n > 0 && n <= bytes.len());
            prop_assert_eq!(whole(&bytes[..n], limits), Ok(Some(n)));
            prop_assert_eq!(whole(&bytes[..n - 1], limits), Ok(None));
        }
    }
}
