//! Fuzz target: arbitrary bytes through the frame scanner (whole and in pieces) and
//! every frame it finds through the reader.
//!
//! The first input byte seeds the piece sizes and picks the limits; the rest is the
//! stream. Checks: no panic, hang or runaway allocation; the same verdict whole and
//! in pieces; a reported frame is exact (its last byte is needed, nothing after it is);
//! `Frame::new` accepts it; decoding it into `Value` and typed shapes never panics; a
//! decoded `Value` re-encodes to a frame that decodes to the same value.
#![no_main]

use std::collections::{BTreeMap, HashMap};

use bytes::Bytes;
use libfuzzer_sys::fuzz_target;
use typedis::resp::Frame;
use typedis::{FrameScanner, Limits, ProtocolError, ServerError, Value};

/// Small limits, so that inputs a fuzzer can reach exercise every bound.
const SMALL: Limits = Limits::DEFAULT.max_depth(8).max_bulk_len(64).max_aggregate_len(16).max_frame_len(512);

fuzz_target!(|data: &[u8]| {
    let Some((&seed, stream)) = data.split_first() else {
        return;
    };
    let limits = if seed & 1 == 0 {
        Limits::default()
    } else {
        SMALL
    };
    let mut rest = stream;
    // Walk the frames of the stream one after another, as a connection does.
    while !rest.is_empty() {
        let whole = FrameScanner::with_limits(limits).scan(rest);
        assert_eq!(
            whole,
            in_pieces(rest, limits, seed),
            "whole and in pieces disagree"
        );
        match whole {
            Ok(Some(n)) => {
                assert!(n > 0 && n <= rest.len());
                let exact = FrameScanner::with_limits(limits).scan(&rest[..n]);
                assert_eq!(exact, Ok(Some(n)), "the frame alone is not one frame");
                let short = FrameScanner::with_limits(limits).scan(&rest[..n - 1]);
                assert_eq!(short, Ok(None), "the frame's last byte was not needed");
                read(&rest[..n]);
                rest = &rest[n..];
            }
            Ok(None) | Err(_) => break,
        }
    }
});

/// Feeds `bytes` through one scanner in growing prefixes whose steps (1 to 16 bytes)
/// come from a generator seeded by `seed`; returns the first verdict that is not
/// "incomplete".
fn in_pieces(bytes: &[u8], limits: Limits, seed: u8) -> Result<Option<usize>, ProtocolError> {
    let mut scanner = FrameScanner::with_limits(limits);
    let mut state = u32::from(seed) | 0x100;
    let mut end = 0;
    loop {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        end = (end + 1 + (state % 16) as usize).min(bytes.len());
        if let Some(n) = scanner.scan(&bytes[..end])? {
            return Ok(Some(n));
        }
        if end == bytes.len() {
            return Ok(None);
        }
    }
}

/// Reads a scanned frame every way a caller might.
fn read(bytes: &[u8]) {
    // Every limit of SMALL is tighter than the defaults `Frame::new` scans with.
    let frame =
        Frame::new(Bytes::copy_from_slice(bytes)).expect("Frame::new rejects a scanned frame");
    let _ = frame.is_push();
    let _ = frame.is_error();
    let _ = frame.decode::<Vec<Value>>();
    let _ = frame.decode::<Option<Vec<String>>>();
    let _ = frame.decode::<Vec<typedis::reply::Text>>();
    let _ = frame.decode::<HashMap<String, i64>>();
    let _ = frame.decode::<BTreeMap<Vec<u8>, Value>>();
    let _ = frame.decode::<Vec<(&[u8], Option<f64>)>>();
    let _ = frame.decode::<(i64, &str)>();
    let _ = frame.decode::<Vec<Result<Option<i64>, ServerError>>>();
    let _ = frame.decode::<[Value; 2]>();
    let _ = frame.decode::<bool>();
    let _ = frame.decode::<()>();
    if let Ok(value) = frame.decode::<Value>() {
        // Compare encodings rather than values: NaN is unequal to itself.
        let encoded = value.to_resp();
        let again = Frame::from_slice(&encoded).expect("an encoded Value is not one frame");
        let again: Value = again.decode().expect("an encoded Value does not decode");
        assert_eq!(again.to_resp(), encoded, "Value does not round-trip");
    }
}
