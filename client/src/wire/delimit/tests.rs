//! Unit tests of the scanner's internals: linear work on split input, bounded stack,
//! and the double and big number syntax checks.

use super::lex::{is_big_number, is_double, EXAMINED};
use super::{FrameScanner, Limits};

/// Bytes examined by the scans `f` runs on this thread.
fn work(f: impl FnOnce()) -> usize {
    EXAMINED.with(|c| c.set(0));
    f();
    EXAMINED.with(|c| c.get())
}

/// Work to scan `frame` fed one byte at a time (every call sees one more byte).
fn bytewise_work(frame: &[u8]) -> usize {
    work(|| {
        let mut scanner = FrameScanner::new();
        for end in 0..frame.len() {
            assert_eq!(scanner.scan(&frame[..end]), Ok(None));
        }
        assert_eq!(scanner.scan(frame), Ok(Some(frame.len())));
    })
}

#[test]
fn work_for_a_reply_fed_byte_by_byte_is_linear_in_its_size() {
    // Long lines and long bulk strings are where a restarting scanner goes quadratic;
    // many small elements are where one that rescans headers does.
    let long_line = ["+", &"x".repeat(20_000), "\r\n"].concat();
    let long_bulk = ["$20000\r\n", &"y".repeat(20_000), "\r\n"].concat();
    let many = ["*5000\r\n", &":12345\r\n".repeat(5000)].concat();
    let streamed = ["$?\r\n", &";3\r\nabc\r\n".repeat(2000), ";0\r\n"].concat();
    for frame in [long_line, long_bulk, many, streamed] {
        let whole = work(|| {
            assert_eq!(
                FrameScanner::new().scan(frame.as_bytes()),
                Ok(Some(frame.len()))
            );
        });
        let pieces = bytewise_work(frame.as_bytes());
        // Fed whole, the scan examines at most a few bytes per byte of the frame ...
        assert!(
            whole <= 3 * frame.len(),
            "whole: {whole} for {}",
            frame.len()
        );
        // ... and fed a byte at a time, a small constant more per call: linear. A
        // scanner restarting at byte 0 would examine about len^2 / 2 bytes (2e8).
        assert!(
            pieces <= 25 * frame.len(),
            "pieces: {pieces} for {}",
            frame.len()
        );
    }
}

#[test]
fn a_huge_declared_count_reserves_nothing() {
    let limits = Limits {
        max_frame_len: usize::MAX,
        ..Limits::default()
    };
    let mut scanner = FrameScanner::with_limits(limits);
    let mut buf = b"*2147483647\r\n".to_vec();
    assert_eq!(scanner.scan(&buf), Ok(None));
    for _ in 0..10_000 {
        buf.extend_from_slice(b":1\r\n");
    }
    assert_eq!(scanner.scan(&buf), Ok(None));
    assert_eq!(scanner.stack.len(), 1);
    assert!(scanner.stack.capacity() <= 4);
}

#[test]
fn the_stack_never_outgrows_the_depth_limit() {
    let limits = Limits {
        max_depth: 10,
        ..Limits::default()
    };
    let mut scanner = FrameScanner::with_limits(limits);
    let deep = "*1\r\n".repeat(11);
    assert!(scanner.scan(deep.as_bytes()).is_err());
    assert_eq!(scanner.stack.len(), 10);
}

#[test]
fn double_syntax_matches_rusts_f64_parser() {
    let cases = [
        "0",
        "1",
        "-1",
        "+1",
        "1.5",
        ".5",
        "5.",
        "1e10",
        "1E+10",
        "1e-10",
        "-0.5e-3",
        "inf",
        "-inf",
        "+inf",
        "INF",
        "Infinity",
        "-infinity",
        "nan",
        "NaN",
        "-nan",
        "+nan",
        "",
        ".",
        "-",
        "+",
        "e5",
        "1e",
        "1e+",
        "1.2.3",
        "1..2",
        " 1",
        "1 ",
        "0x10",
        "1_0",
        "infi",
        "nana",
        "--1",
        "1e1.5",
        "١",
        "1.e5",
        ".e5",
        "-.5",
    ];
    for case in cases {
        assert_eq!(
            is_double(case.as_bytes()),
            case.parse::<f64>().is_ok(),
            "{case:?}"
        );
    }
}

#[test]
fn big_numbers_are_signed_digit_strings() {
    for ok in [
        "0",
        "-1",
        "+12",
        "34928903284092385093248509438509438250243853",
    ] {
        assert!(is_big_number(ok.as_bytes()), "{ok}");
    }
    for bad in ["", "-", "+", "1.5", "1e5", " 1", "12a", "--1"] {
        assert!(!is_big_number(bad.as_bytes()), "{bad}");
    }
}
