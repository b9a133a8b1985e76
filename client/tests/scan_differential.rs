//! The scanner agrees with an independent RESP implementation (the `redis-protocol`
//! crate) on where random valid frames end, and on which prefixes are incomplete.

mod scan_support;

use proptest::prelude::*;
use redis_protocol::{resp2, resp3};
use scan_support::strategy::{resp2_value, value, Features};
use typedis::FrameScanner;

/// Frame length by redis-protocol's RESP3 decoder; `None` when incomplete.
fn oracle3(buf: &[u8]) -> Option<usize> {
    resp3::decode::complete::decode(buf)
        .unwrap_or_else(|e| panic!("oracle rejects {}: {e:?}", buf.escape_ascii()))
        .map(|(_, n)| n)
}

/// Frame length by redis-protocol's RESP2 decoder; `None` when incomplete.
fn oracle2(buf: &[u8]) -> Option<usize> {
    resp2::decode::decode(buf)
        .unwrap_or_else(|e| panic!("oracle rejects {}: {e:?}", buf.escape_ascii()))
        .map(|(_, n)| n)
}

/// What redis-protocol decodes with its complete-frame decoder: no streams, no nested
/// attributes (it keeps a top-level one only), verbatim formats `txt` and `mkd` only,
/// no RESP2 nulls inside RESP3 aggregates, map keys and set members that are strings or
/// integers (it hashes them).
const ORACLE: Features = Features {
    streams: false,
    attributes: false,
    any_verbatim_format: false,
    any_key: false,
    resp2_nulls: false,
};

/// Frame length by the scanner; `None` when incomplete.
fn ours(buf: &[u8]) -> Option<usize> {
    FrameScanner::new()
        .scan(buf)
        .expect("scanner rejects a valid frame")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn resp3_frames_end_where_redis_protocol_says(frame in value(ORACLE), next in value(ORACLE)) {
        let buf = [frame.clone(), next].concat();
        prop_assert_eq!(ours(&buf), Some(frame.len()));
        prop_assert_eq!(oracle3(&buf), Some(frame.len()));
        for end in 0..frame.len() {
            prop_assert_eq!(ours(&buf[..end]), oracle3(&buf[..end]), "prefix of {}", end);
        }
    }

    #[test]
    fn resp2_frames_end_where_redis_protocol_says(frame in resp2_value(), next in resp2_value()) {
        let buf = [frame.clone(), next].concat();
        prop_assert_eq!(ours(&buf), Some(frame.len()));
        prop_assert_eq!(oracle2(&buf), Some(frame.len()));
        for end in 0..frame.len() {
            prop_assert_eq!(ours(&buf[..end]), oracle2(&buf[..end]), "prefix of {}", end);
        }
    }
}

#[test]
fn samples_end_where_redis_protocol_says() {
    // redis-protocol rejects some valid RESP3 (streams, RESP2 nulls in RESP3 aggregates,
    // attribute chains, aggregate map keys); wherever it answers, it must agree.
    let mut compared = 0;
    for sample in scan_support::SAMPLES {
        if let Ok(theirs) = resp3::decode::complete::decode(sample) {
            assert_eq!(
                ours(sample),
                theirs.map(|(_, n)| n),
                "{}",
                sample.escape_ascii()
            );
            compared += 1;
        }
        if let Ok(theirs) = resp2::decode::decode(sample) {
            assert_eq!(
                ours(sample),
                theirs.map(|(_, n)| n),
                "{}",
                sample.escape_ascii()
            );
            compared += 1;
        }
    }
    assert!(compared >= 50, "only {compared} comparisons");
}
