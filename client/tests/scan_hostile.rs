//! Hostile input gets the exact protocol error it deserves, at the right offset, fed
//! whole, byte by byte or split anywhere: never a panic, a hang or a huge allocation.

mod scan_support;

use scan_support::assert_same_in_pieces_with;
use typedis::{FrameScanner, Limits, ProtocolError, ProtocolErrorKind as K};

/// Asserts that `input` fails with `kind` at `offset` under `limits`, however split.
#[track_caller]
fn fails_with(input: &[u8], limits: Limits, offset: usize, kind: K) {
    assert_same_in_pieces_with(input, limits, &Err(ProtocolError { offset, kind }));
}

/// Asserts that `input` fails with `kind` at `offset` under the default limits.
#[track_caller]
fn fails(input: &[u8], offset: usize, kind: K) {
    fails_with(input, Limits::default(), offset, kind);
}

#[test]
fn truncated_frames_are_incomplete_not_errors() {
    for input in [
        &b"$5\r\nhel"[..],
        b"$5\r\nhello\r",
        b"*3\r\n:1\r\n:2\r\n",
        b"%1\r\n+k\r\n",
        b"|1\r\n+k\r\n+v\r\n",
        b"$?\r\n;3\r\nabc\r\n",
        b"*?\r\n:1\r\n",
        b",1.5",
        b"(123",
        b"#t\r",
        b":-",
        b"$-",
        b"*",
        b"",
    ] {
        assert_same_in_pieces_with(input, Limits::default(), &Ok(None));
    }
}

#[test]
fn nesting_past_the_depth_limit_is_too_deep_for_every_aggregate_kind() {
    let too_deep = K::TooDeep { max: 128 };
    for open in [
        "*1\r\n",
        "%1\r\n+k\r\n",
        "~1\r\n",
        ">1\r\n",
        "|1\r\n+k\r\n",
        "|0\r\n",
    ] {
        let input = [open.repeat(129), ":1\r\n".into()].concat();
        fails(input.as_bytes(), 128 * open.len(), too_deep.clone());
    }
    // Streamed and empty aggregates count too.
    fails("*?\r\n".repeat(129).as_bytes(), 128 * 4, too_deep.clone());
    fails(
        ["*1\r\n".repeat(128), "*0\r\n".into()].concat().as_bytes(),
        512,
        too_deep,
    );
}

#[test]
fn the_depth_limit_is_configurable() {
    let limits = Limits::DEFAULT.max_depth(2);
    assert_same_in_pieces_with(b"*1\r\n%1\r\n:1\r\n:2\r\n", limits, &Ok(Some(16)));
    fails_with(b"*1\r\n*1\r\n~0\r\n", limits, 8, K::TooDeep { max: 2 });
    let flat = Limits::DEFAULT.max_depth(0);
    assert_same_in_pieces_with(b"$1\r\nx\r\n", flat, &Ok(Some(7)));
    fails_with(b"*0\r\n", flat, 0, K::TooDeep { max: 0 });
}

#[test]
fn bulk_lengths_past_the_limit_are_too_long() {
    let limits = Limits::DEFAULT.max_bulk_len(10);
    let too_long = K::BulkTooLong { max: 10 };
    assert_same_in_pieces_with(b"$10\r\n0123456789\r\n", limits, &Ok(Some(17)));
    fails_with(b"$11\r\n", limits, 0, too_long.clone());
    fails_with(b"!11\r\n", limits, 0, too_long.clone());
    fails_with(b"=11\r\n", limits, 0, too_long.clone());
    fails_with(b"*2\r\n:1\r\n$99\r\n", limits, 8, too_long.clone());
    // A streamed string's chunks add up.
    fails_with(b"$?\r\n;6\r\nabcdef\r\n;5\r\n", limits, 16, too_long);
    // Redis's own limit by default: 512 MiB.
    fails(b"$536870913\r\n", 0, K::BulkTooLong { max: 512 << 20 });
    fails(
        b"$9999999999999999999\r\n",
        0,
        K::BulkTooLong { max: 512 << 20 },
    );
}

#[test]
fn aggregate_counts_past_the_limit_are_too_long() {
    let limits = Limits::DEFAULT.max_aggregate_len(3);
    let too_long = K::AggregateTooLong { max: 3 };
    assert_same_in_pieces_with(b"*3\r\n_\r\n_\r\n_\r\n", limits, &Ok(Some(13)));
    for input in [&b"*4\r\n"[..], b"%4\r\n", b"~4\r\n", b">4\r\n", b"|4\r\n"] {
        fails_with(input, limits, 0, too_long.clone());
    }
    fails(
        b"*2147483648\r\n",
        0,
        K::AggregateTooLong {
            max: i32::MAX as usize,
        },
    );
    fails(
        b"%9999999999999999999\r\n",
        0,
        K::AggregateTooLong {
            max: i32::MAX as usize,
        },
    );
    // Counts that overflow when doubled for a map's keys and values.
    let unbounded = Limits::DEFAULT
        .max_aggregate_len(usize::MAX)
        .max_frame_len(usize::MAX);
    fails_with(
        b"%9999999999999999999\r\n",
        unbounded,
        0,
        K::AggregateTooLong { max: usize::MAX },
    );
}

#[test]
fn a_huge_count_waits_for_its_elements_without_reserving_memory() {
    // Two billion elements (or one billion) cannot fit in the default 1 GiB frame:
    // rejected at once.
    fails(b"*2147483647\r\n", 0, K::FrameTooLarge { max: 1 << 30 });
    fails(b"*1000000000\r\n", 0, K::FrameTooLarge { max: 1 << 30 });
    // Without a frame limit, the scanner waits, holding one counter.
    let unbounded = Limits::DEFAULT.max_frame_len(usize::MAX);
    let mut scanner = FrameScanner::with_limits(unbounded);
    let mut buf = b"*2147483647\r\n".to_vec();
    buf.extend(b":1\r\n".repeat(100_000));
    assert_eq!(scanner.scan(&buf), Ok(None));
}

#[test]
fn frames_past_the_size_limit_are_too_large() {
    let limits = Limits::DEFAULT.max_frame_len(16);
    let too_large = K::FrameTooLarge { max: 16 };
    // Declared lengths that cannot fit are rejected as soon as the header is read.
    fails_with(b"$11\r\n", limits, 0, too_large.clone());
    fails_with(b"*1\r\n$7\r\n", limits, 4, too_large.clone());
    fails_with(b"*5\r\n", limits, 0, too_large.clone());
    fails_with(b"$?\r\n;9\r\n", limits, 4, too_large.clone());
    // Lines with no end in sight are rejected once the limit is passed.
    fails_with(b"+0123456789abcdefghij", limits, 0, too_large.clone());
    fails_with(b"*3\r\n+0123456789abcdef\r\n", limits, 4, too_large.clone());
    fails_with(b"*?\r\n:1\r\n:2\r\n:3\r\n.\r\n", limits, 16, too_large);
    assert_same_in_pieces_with(b"*?\r\n:1\r\n:2\r\n.\r\n", limits, &Ok(Some(15)));
}

#[test]
fn negative_lengths_other_than_the_nulls_are_invalid() {
    fails(b"$-2\r\n", 2, K::InvalidLength);
    fails(b"*-2\r\n", 2, K::InvalidLength);
    fails(b"$-10\r\n", 3, K::InvalidLength);
    fails(b"*-1 \r\n", 3, K::InvalidLength);
    fails(b"$-0\r\n", 2, K::InvalidLength);
    for ty in [b'!', b'=', b'%', b'~', b'>', b'|'] {
        fails(&[ty, b'-', b'1', b'\r', b'\n'], 1, K::InvalidLength);
    }
    fails(b"$?\r\n;-1\r\n", 5, K::InvalidLength);
}

#[test]
fn non_numeric_and_overflowing_lengths_are_invalid() {
    fails(b"$abc\r\n", 1, K::InvalidLength);
    fails(b"$\r\n", 1, K::InvalidLength);
    fails(b"$ 5\r\n", 1, K::InvalidLength);
    fails(b"$+5\r\n", 1, K::InvalidLength);
    fails(b"*1a\r\n", 2, K::InvalidLength);
    fails(b"%1.5\r\n", 2, K::InvalidLength);
    fails(b"~0x1\r\n", 2, K::InvalidLength);
    // More than 19 digits: rejected at the 20th, however many follow.
    fails(b"$99999999999999999999\r\n", 20, K::InvalidLength);
    fails(b"*18446744073709551616\r\n", 20, K::InvalidLength);
    fails(
        &[b"$".to_vec(), b"1".repeat(10_000)].concat(),
        20,
        K::InvalidLength,
    );
    // `?` only where streaming exists.
    for ty in [b'!', b'=', b'>', b'|'] {
        fails(&[ty, b'?', b'\r', b'\n'], 1, K::InvalidLength);
    }
    fails(b"$??\r\n", 2, K::InvalidLength);
}

#[test]
fn integers_must_be_decimal_and_fit_in_i64() {
    fails(b":12a\r\n", 3, K::InvalidInteger);
    fails(b":\r\n", 1, K::InvalidInteger);
    fails(b":-\r\n", 2, K::InvalidInteger);
    fails(b":--1\r\n", 2, K::InvalidInteger);
    fails(b":1.5\r\n", 2, K::InvalidInteger);
    fails(b": 1\r\n", 1, K::InvalidInteger);
    fails(b":9223372036854775808\r\n", 1, K::InvalidInteger);
    fails(b":-9223372036854775809\r\n", 1, K::InvalidInteger);
    fails(b":12345678901234567890\r\n", 20, K::InvalidInteger);
    fails(b"*1\r\n:x\r\n", 5, K::InvalidInteger);
}

#[test]
fn garbage_type_bytes_are_rejected_where_they_stand() {
    for b in [b'x', 0, b'\r', b'\n', b' ', b'@', b'?', b';', 0xff] {
        fails(&[b, b'\r', b'\n'], 0, K::InvalidTypeByte(b));
    }
    fails(b"*2\r\n:1\r\nhello\r\n", 8, K::InvalidTypeByte(b'h'));
    fails(b"%1\r\n+k\r\n\r\n", 8, K::InvalidTypeByte(b'\r'));
    let err = FrameScanner::new().scan(b"\x00").unwrap_err();
    assert_eq!(
        err.to_string(),
        "protocol error at byte 0: invalid type byte '\\x00'"
    );
}

#[test]
fn lines_must_end_with_crlf() {
    fails(b"+OK\n", 3, K::InvalidLineEnd);
    fails(b"+OK\rX", 4, K::InvalidLineEnd);
    fails(b"+O\nK\r\n", 2, K::InvalidLineEnd);
    fails(b"-ERR\r\r\n", 5, K::InvalidLineEnd);
    fails(b"$3\r\nfoo\n\n", 7, K::InvalidLineEnd);
    fails(b"$3\r\nfooX\n", 7, K::InvalidLineEnd);
    fails(b"$3\r\nfoo\rX", 8, K::InvalidLineEnd);
    fails(b"$3\r\nfoobar\r\n", 7, K::InvalidLineEnd);
    fails(b"$3\n", 2, K::InvalidLineEnd);
    fails(b"$3\rX", 3, K::InvalidLineEnd);
    fails(b"*1\n", 2, K::InvalidLineEnd);
    fails(b"_\n", 1, K::InvalidLineEnd);
    fails(b"_ \r\n", 1, K::InvalidLineEnd);
    fails(b"#t\n", 2, K::InvalidLineEnd);
    fails(b"#tt\r\n", 2, K::InvalidLineEnd);
    fails(b":1\n", 2, K::InvalidLineEnd);
    fails(b":1\rX", 3, K::InvalidLineEnd);
    fails(b",1.5\n", 4, K::InvalidLineEnd);
    fails(b"$-1\n", 3, K::InvalidLineEnd);
    fails(b"*?\rX", 3, K::InvalidLineEnd);
    fails(b"*?\r\n.\n", 5, K::InvalidLineEnd);
}

#[test]
fn booleans_are_t_or_f() {
    fails(b"#x\r\n", 1, K::InvalidBoolean);
    fails(b"#T\r\n", 1, K::InvalidBoolean);
    fails(b"#1\r\n", 1, K::InvalidBoolean);
    fails(b"#\r\n", 1, K::InvalidBoolean);
}

#[test]
fn doubles_must_parse_as_f64() {
    for bad in [
        &b",\r\n"[..],
        b",1.2.3\r\n",
        b",abc\r\n",
        b",1e\r\n",
        b",.\r\n",
        b", 1\r\n",
        b",0x10\r\n",
        b",1,5\r\n",
        b",infinite\r\n",
    ] {
        fails(bad, 0, K::InvalidDouble);
    }
    fails(b"*2\r\n,1\r\n,-\r\n", 8, K::InvalidDouble);
}

#[test]
fn big_numbers_must_be_digits() {
    for bad in [
        &b"(\r\n"[..],
        b"(12a\r\n",
        b"(-\r\n",
        b"(1.5\r\n",
        b"( 1\r\n",
    ] {
        fails(bad, 0, K::InvalidBigNumber);
    }
}

#[test]
fn verbatim_strings_need_a_format_and_colon() {
    fails(b"=3\r\ntxt\r\n", 0, K::InvalidVerbatim);
    fails(b"=0\r\n\r\n", 0, K::InvalidVerbatim);
    fails(b"=5\r\ntxtxy\r\n", 0, K::InvalidVerbatim);
    fails(b"=5\r\ntx:xy\r\n", 0, K::InvalidVerbatim);
    fails(b"*1\r\n=6\r\nmarkdn\r\n", 4, K::InvalidVerbatim);
}

#[test]
fn streamed_strings_with_bad_chunks_are_rejected() {
    fails(b"$?\r\n:4\r\n", 4, K::InvalidChunk);
    fails(b"$?\r\n$4\r\nabcd\r\n", 4, K::InvalidChunk);
    fails(b"$?\r\n;4\r\nabcd\r\n.\r\n", 14, K::InvalidChunk);
    fails(b"$?\r\n;x\r\n", 5, K::InvalidLength);
    fails(b"$?\r\n;\r\n", 5, K::InvalidLength);
    fails(b"$?\r\n;3\r\nab\r\n;0\r\n", 11, K::InvalidLineEnd);
    fails(b"$?\r\n;2\r\nab\n", 10, K::InvalidLineEnd);
    fails(b"$?\r\n;0\n", 6, K::InvalidLineEnd);
    fails(b"$?x\r\n", 2, K::InvalidLength);
}

#[test]
fn end_markers_outside_streamed_aggregates_are_rejected() {
    fails(b".\r\n", 0, K::UnexpectedStreamEnd);
    fails(b"*1\r\n.\r\n", 4, K::UnexpectedStreamEnd);
    fails(b"%1\r\n+k\r\n.\r\n", 8, K::UnexpectedStreamEnd);
    // An attribute must be followed by the value it annotates.
    fails(b"*?\r\n|1\r\n+a\r\n+b\r\n.\r\n", 16, K::UnexpectedStreamEnd);
    fails(b"*?\r\n|0\r\n.\r\n", 8, K::UnexpectedStreamEnd);
    // A streamed map ends after whole pairs only.
    fails(b"%?\r\n+a\r\n.\r\n", 8, K::UnpairedMapKey);
    fails(b"%?\r\n+a\r\n:1\r\n+b\r\n.\r\n", 16, K::UnpairedMapKey);
    // A streamed string is no streamed aggregate.
    fails(b"$?\r\n.\r\n", 4, K::InvalidChunk);
}

#[test]
fn errors_name_what_and_where() {
    let err = FrameScanner::new().scan(b"*1\r\n$x\r\n").unwrap_err();
    assert_eq!(err.to_string(), "protocol error at byte 5: invalid length");
    let limits = Limits::DEFAULT.max_depth(1);
    let err = FrameScanner::with_limits(limits)
        .scan(b"*1\r\n*1\r\n")
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "protocol error at byte 4: nesting exceeds the depth limit of 1"
    );
}

#[test]
fn an_error_repeats_until_reset() {
    let mut scanner = FrameScanner::new();
    let expected = Err(ProtocolError {
        offset: 4,
        kind: K::InvalidTypeByte(b'x'),
    });
    assert_eq!(scanner.scan(b"*2\r\nx"), expected);
    assert_eq!(scanner.scan(b"*2\r\nx\r\n"), expected);
    scanner.reset();
    assert_eq!(scanner.scan(b"+OK\r\n"), Ok(Some(5)));
}
