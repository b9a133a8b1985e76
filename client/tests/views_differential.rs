//! `List`, `Values`, `Map` and `StreamEntries` read exactly what `Vec<Bytes>`,
//! `Vec<Option<Bytes>>`, `HashMap<Bytes, Bytes>` and `Vec<StreamEntry>` read: on
//! random frames (mostly aggregates of random scalars, so that many fail), both succeed
//! with the same strings or both fail with the same error at the same place.

mod scan_support;

use std::collections::HashMap;

use bytes::Bytes;
use proptest::collection::vec;
use proptest::prelude::*;
use scan_support::strategy::{aggregate, scalar, streamed, value, ALL};
use typedis::reply::{List, Map, StreamEntries, StreamEntry, Values};
use typedis::resp::Frame;

/// A scalar now and then preceded by an attribute.
fn element() -> impl Strategy<Value = Vec<u8>> {
    let attribute =
        (scalar(ALL), scalar(ALL)).prop_map(|(k, v)| [b"|1\r\n".to_vec(), k, v].concat());
    prop_oneof![
        6 => scalar(ALL),
        1 => (attribute, scalar(ALL)).prop_map(|(a, s)| [a, s].concat()),
    ]
}

/// An aggregate of scalars in any of its forms, now and then after an attribute, or any
/// value at all.
fn frame() -> impl Strategy<Value = Vec<u8>> {
    let counted = (
        prop_oneof![Just('*'), Just('~'), Just('>'), Just('%')],
        vec(element(), 0..12),
    )
        .prop_map(|(ty, v)| {
            // A map counts pairs: an odd element out makes it incomplete, so pair them.
            let n = if ty == '%' { v.len() / 2 } else { v.len() };
            let v = if ty == '%' { v[..2 * n].to_vec() } else { v };
            aggregate(ty, n, v)
        });
    let nested = vec((element(), element()), 0..6).prop_map(|pairs| {
        let pairs: Vec<Vec<u8>> = pairs
            .into_iter()
            .map(|(k, v)| aggregate('*', 2, vec![k, v]))
            .collect();
        aggregate('*', pairs.len(), pairs)
    });
    let stream = vec(element(), 0..8).prop_map(|v| streamed('*', v));
    prop_oneof![6 => counted, 2 => nested, 2 => stream, 1 => value(ALL)]
}

/// An array of stream entries, `[id, fields]`, each part now and then of the wrong shape
/// or in a form a borrowed read cannot take (streamed, chunked).
fn entries() -> impl Strategy<Value = Vec<u8>> {
    let fields = prop_oneof![
        4 => (prop_oneof![Just('*'), Just('%')], vec(element(), 0..6)).prop_map(|(ty, v)| {
            let n = if ty == '%' { v.len() / 2 } else { v.len() };
            let v = if ty == '%' { v[..2 * n].to_vec() } else { v };
            aggregate(ty, n, v)
        }),
        1 => (prop_oneof![Just('*'), Just('%')], vec(element(), 0..6)).prop_map(|(ty, v)| {
            let v = if ty == '%' { v[..v.len() / 2 * 2].to_vec() } else { v };
            streamed(ty, v)
        }),
        1 => prop_oneof![Just(b"_\r\n".to_vec()), Just(b"*-1\r\n".to_vec())],
        1 => value(ALL),
    ];
    let entry = prop_oneof![
        8 => (element(), fields).prop_map(|(id, f)| aggregate('*', 2, vec![id, f])),
        1 => vec(element(), 0..4).prop_map(|v| aggregate('*', v.len(), v)),
    ];
    let entries = vec(entry, 0..6);
    prop_oneof![
        4 => entries.clone().prop_map(|v| aggregate('*', v.len(), v)),
        1 => entries.prop_map(|v| streamed('*', v)),
        1 => value(ALL),
    ]
}

fn same<T: PartialEq + std::fmt::Debug, U>(
    wire: &[u8],
    view: Result<U, typedis::Error>,
    std: Result<T, typedis::Error>,
    owned: impl Fn(U) -> T,
) -> Result<(), TestCaseError> {
    match (view, std) {
        (Ok(v), Ok(s)) => prop_assert_eq!(owned(v), s, "{}", wire.escape_ascii()),
        (Err(a), Err(b)) => {
            prop_assert_eq!(a.to_string(), b.to_string(), "{}", wire.escape_ascii())
        }
        (a, b) => prop_assert!(
            false,
            "{}: view {:?}, std {:?}",
            wire.escape_ascii(),
            a.err(),
            b.err()
        ),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn a_list_reads_what_a_vec_of_bytes_reads(wire in frame()) {
        let frame = Frame::from_slice(&wire).expect("one whole frame");
        same(&wire, frame.decode::<List>(), frame.decode::<Vec<Bytes>>(), |l: List| l.to_vec())?;
    }

    #[test]
    fn values_read_what_a_vec_of_optional_bytes_reads(wire in frame()) {
        let frame = Frame::from_slice(&wire).expect("one whole frame");
        same(
            &wire,
            frame.decode::<Values>(),
            frame.decode::<Vec<Option<Bytes>>>(),
            |v: Values| v.to_vec(),
        )?;
    }

    #[test]
    fn a_map_reads_what_a_hash_map_of_bytes_reads(wire in frame()) {
        let frame = Frame::from_slice(&wire).expect("one whole frame");
        same(
            &wire,
            frame.decode::<Map>(),
            frame.decode::<HashMap<Bytes, Bytes>>(),
            |m: Map| m.to_hash_map(),
        )?;
    }

    #[test]
    fn stream_entries_read_what_a_vec_of_stream_entries_reads(wire in entries()) {
        let frame = Frame::from_slice(&wire).expect("one whole frame");
        same(
            &wire,
            frame.decode::<StreamEntries>(),
            frame.decode::<Vec<StreamEntry>>(),
            |e: StreamEntries| e.to_vec(),
        )?;
    }
}
