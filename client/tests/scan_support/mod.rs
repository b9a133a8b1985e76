//! Helpers shared by the scanner's integration tests: feeding a frame whole, a byte at
//! a time, or split at a given point, and the sample frames of every RESP type.

#![allow(dead_code)] // each test file uses a different subset of the helpers

pub mod strategy;

use typedis::{FrameScanner, Limits, ProtocolError};

/// The result of scanning `bytes` fed whole.
pub fn whole(bytes: &[u8], limits: Limits) -> Result<Option<usize>, ProtocolError> {
    FrameScanner::with_limits(limits).scan(bytes)
}

/// The result of feeding `bytes` through growing prefixes ending at each of `cuts`
/// (increasing) and finally whole; the first result that is not "incomplete" wins.
pub fn pieces(
    bytes: &[u8],
    cuts: impl IntoIterator<Item = usize>,
    limits: Limits,
) -> Result<Option<usize>, ProtocolError> {
    let mut scanner = FrameScanner::with_limits(limits);
    for cut in cuts.into_iter().chain([bytes.len()]) {
        if let Some(n) = scanner.scan(&bytes[..cut.min(bytes.len())])? {
            return Ok(Some(n));
        }
    }
    Ok(None)
}

/// The result of feeding `bytes` one more byte at a time.
pub fn bytewise(bytes: &[u8], limits: Limits) -> Result<Option<usize>, ProtocolError> {
    pieces(bytes, 0..bytes.len(), limits)
}

/// The result of feeding `bytes` in two reads, split at `at`.
pub fn split(bytes: &[u8], at: usize, limits: Limits) -> Result<Option<usize>, ProtocolError> {
    pieces(bytes, [at], limits)
}

/// Asserts that `bytes` gets `expected` however it is split (default limits).
pub fn assert_same_in_pieces(bytes: &[u8], expected: &Result<Option<usize>, ProtocolError>) {
    assert_same_in_pieces_with(bytes, Limits::default(), expected);
}

/// Asserts that `bytes` gets `expected` fed whole and however it is split.
pub fn assert_same_in_pieces_with(
    bytes: &[u8],
    limits: Limits,
    expected: &Result<Option<usize>, ProtocolError>,
) {
    assert_eq!(
        &whole(bytes, limits),
        expected,
        "whole: {:?}",
        bytes.escape_ascii().to_string()
    );
    assert_eq!(
        &bytewise(bytes, limits),
        expected,
        "byte by byte: {:?}",
        bytes.escape_ascii().to_string()
    );
    for at in 0..=bytes.len() {
        assert_eq!(
            &split(bytes, at, limits),
            expected,
            "split at {at}: {:?}",
            bytes.escape_ascii().to_string()
        );
    }
}

/// One complete frame of every RESP2 and RESP3 type and null/error form.
pub const SAMPLES: &[&[u8]] = &[
    // RESP2
    b"+OK\r\n",
    b"+\r\n",
    b"-ERR unknown command 'foo'\r\n",
    b"-WRONGTYPE Operation against a key holding the wrong kind of value\r\n",
    b":0\r\n",
    b":1000\r\n",
    b":-42\r\n",
    b":+7\r\n",
    b":9223372036854775807\r\n",
    b":-9223372036854775808\r\n",
    b"$5\r\nhello\r\n",
    b"$0\r\n\r\n",
    b"$-1\r\n",
    b"$4\r\n\r\n\r\n\r\n",
    b"$5\r\n+OK\r\n\r\n",
    b"*0\r\n",
    b"*-1\r\n",
    b"*2\r\n$3\r\nfoo\r\n:1\r\n",
    b"*3\r\n$3\r\nfoo\r\n$-1\r\n$3\r\nbar\r\n",
    b"*2\r\n*1\r\n+a\r\n*0\r\n",
    b"*2\r\n*-1\r\n*2\r\n-ERR x\r\n:5\r\n",
    // RESP3 scalars
    b"_\r\n",
    b"#t\r\n",
    b"#f\r\n",
    b",1.5\r\n",
    b",-0.5E-3\r\n",
    b",10\r\n",
    b",1.0000000000000001e+300\r\n",
    b",inf\r\n",
    b",-inf\r\n",
    b",nan\r\n",
    b"(3492890328409238509324850943850943825024385\r\n",
    b"(-1\r\n",
    b"!21\r\nSYNTAX invalid syntax\r\n",
    b"!0\r\n\r\n",
    b"=15\r\ntxt:Some string\r\n",
    b"=4\r\nmkd:\r\n",
    // RESP3 aggregates
    b"%2\r\n+first\r\n:1\r\n+second\r\n:2\r\n",
    b"%0\r\n",
    b"%1\r\n*2\r\n:1\r\n:2\r\n%1\r\n+a\r\n_\r\n",
    b"~3\r\n+a\r\n+b\r\n+c\r\n",
    b"~0\r\n",
    b">3\r\n+message\r\n+chan\r\n$5\r\nhello\r\n",
    b">0\r\n",
    // Attributes frame with the value they annotate.
    b"|1\r\n+key-popularity\r\n%2\r\n$1\r\na\r\n,0.1923\r\n$1\r\nb\r\n,0.0012\r\n*2\r\n:2039123\r\n:9543892\r\n",
    b"*2\r\n:1\r\n|1\r\n+ttl\r\n:3600\r\n:2\r\n",
    b"|0\r\n+OK\r\n",
    b"|1\r\n+a\r\n+b\r\n|1\r\n+c\r\n+d\r\n:1\r\n",
    b"|1\r\n|1\r\n+k\r\n+v\r\n+key\r\n|0\r\n+value\r\n>1\r\n+push\r\n",
    // Streamed strings and aggregates.
    b"$?\r\n;4\r\nHell\r\n;5\r\no wor\r\n;1\r\nd\r\n;0\r\n",
    b"$?\r\n;0\r\n",
    b"$?\r\n;2\r\n\r\n\r\n;0\r\n",
    b"*?\r\n:1\r\n:2\r\n.\r\n",
    b"*?\r\n.\r\n",
    b"~?\r\n+a\r\n.\r\n",
    b"%?\r\n+a\r\n:1\r\n+b\r\n:2\r\n.\r\n",
    b"%?\r\n.\r\n",
    b"*?\r\n*?\r\n.\r\n$?\r\n;1\r\nx\r\n;0\r\n%?\r\n|1\r\n+a\r\n+b\r\n+k\r\n*?\r\n.\r\n.\r\n.\r\n",
    b"*2\r\n*?\r\n:1\r\n.\r\n:2\r\n",
];
