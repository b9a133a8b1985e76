//! The scanner delimits every RESP2 and RESP3 type exactly, leaving the next frame's
//! bytes alone.

mod scan_support;

use scan_support::SAMPLES;
use typedis::{FrameScanner, Limits};

#[test]
fn every_sample_scans_to_its_exact_length() {
    for sample in SAMPLES {
        let mut scanner = FrameScanner::new();
        assert_eq!(
            scanner.scan(sample),
            Ok(Some(sample.len())),
            "{}",
            sample.escape_ascii()
        );
    }
}

#[test]
fn trailing_bytes_of_the_next_frame_are_left_alone() {
    for sample in SAMPLES {
        for next in [&b"+"[..], b"+OK\r\n", b"*3\r\n:1", b"garbage", b"\r\n"] {
            let buf = [*sample, next].concat();
            let mut scanner = FrameScanner::new();
            assert_eq!(
                scanner.scan(&buf),
                Ok(Some(sample.len())),
                "{}",
                buf.escape_ascii()
            );
        }
    }
}

#[test]
fn back_to_back_frames_scan_one_after_another() {
    let buf: Vec<u8> = SAMPLES.concat();
    let mut scanner = FrameScanner::new();
    let mut rest = &buf[..];
    for sample in SAMPLES {
        let n = scanner.scan(rest).unwrap().unwrap();
        assert_eq!(&rest[..n], *sample);
        rest = &rest[n..];
    }
    assert!(rest.is_empty());
    assert_eq!(scanner.scan(rest), Ok(None));
}

#[test]
fn every_proper_prefix_is_incomplete() {
    for sample in SAMPLES {
        for end in 0..sample.len() {
            let mut scanner = FrameScanner::new();
            assert_eq!(
                scanner.scan(&sample[..end]),
                Ok(None),
                "{} cut at {end}",
                sample.escape_ascii()
            );
        }
    }
}

#[test]
fn scanner_reports_incomplete_until_last_byte() {
    let frame = b"*2\r\n$5\r\nhello\r\n%1\r\n+k\r\n,2.5\r\n";
    let mut scanner = FrameScanner::new();
    for end in 0..frame.len() {
        assert_eq!(scanner.scan(&frame[..end]), Ok(None));
    }
    assert_eq!(scanner.scan(frame), Ok(Some(frame.len())));
}

#[test]
fn bulk_payloads_may_hold_anything_including_crlf_and_type_bytes() {
    let payload: Vec<u8> = (0..=255u8).chain(*b"\r\n*1\r\n$-1\r\n").collect();
    let frame = [
        format!("${}\r\n", payload.len()).as_bytes(),
        &payload,
        b"\r\n",
    ]
    .concat();
    assert_eq!(FrameScanner::new().scan(&frame), Ok(Some(frame.len())));
}

#[test]
fn nesting_up_to_the_depth_limit_is_accepted() {
    for open in ["*1\r\n", "%1\r\n+k\r\n", "~1\r\n", ">1\r\n"] {
        let frame = [open.repeat(128), ":1\r\n".into()].concat();
        assert_eq!(
            FrameScanner::new().scan(frame.as_bytes()),
            Ok(Some(frame.len())),
            "{open}"
        );
    }
    let attributes = ["|1\r\n+k\r\n".repeat(128), ":1\r\n".repeat(129)].concat();
    assert_eq!(
        FrameScanner::new().scan(attributes.as_bytes()),
        Ok(Some(attributes.len()))
    );
}

#[test]
fn a_frame_exactly_at_the_size_limit_is_accepted() {
    let limits = Limits::DEFAULT.max_frame_len(11).max_bulk_len(5);
    let mut scanner = FrameScanner::with_limits(limits);
    assert_eq!(scanner.limits(), &limits);
    assert_eq!(scanner.scan(b"$5\r\nhello\r\n+next"), Ok(Some(11)));
    assert_eq!(
        scanner.scan(b"+123456789\r\n"),
        Err(typedis::ProtocolError {
            offset: 0,
            kind: typedis::ProtocolErrorKind::FrameTooLarge { max: 11 },
        })
    );
}

#[test]
fn reset_forgets_a_partly_scanned_frame() {
    let mut scanner = FrameScanner::new();
    assert_eq!(scanner.scan(b"*3\r\n:1\r\n"), Ok(None));
    scanner.reset();
    assert_eq!(scanner.scan(b":2\r\n"), Ok(Some(4)));
}

#[test]
fn a_shorter_buffer_than_last_time_starts_over_instead_of_panicking() {
    let mut scanner = FrameScanner::new();
    assert_eq!(scanner.scan(b"*2\r\n:1\r\n:"), Ok(None));
    assert_eq!(scanner.scan(b"+OK\r\n"), Ok(Some(5)));
}

#[test]
fn defaults_follow_redis_limits_and_bound_a_reply_to_1_gib() {
    let limits = Limits::default();
    assert_eq!(limits.max_depth, 128);
    assert_eq!(limits.max_bulk_len, 512 * 1024 * 1024);
    assert_eq!(limits.max_aggregate_len, i32::MAX as usize);
    assert_eq!(limits.max_frame_len as u64, 1 << 30);
    assert_eq!(FrameScanner::new().limits(), &limits);
}

#[test]
fn lines_of_every_length_scan_exactly() {
    // Short and long lines take different search paths; every length must agree.
    for len in 0..80 {
        let line = ["+", &"a".repeat(len), "\r\n"].concat();
        assert_eq!(
            FrameScanner::new().scan(line.as_bytes()),
            Ok(Some(len + 3)),
            "{len}"
        );
        let bad = ["-", &"a".repeat(len), "\n"].concat();
        let err = FrameScanner::new().scan(bad.as_bytes()).unwrap_err();
        assert_eq!(err.offset, len + 1, "{len}");
    }
}

#[test]
fn lengths_of_every_digit_count_scan_exactly() {
    for len in [0usize, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 12345] {
        let frame = [format!("${len}\r\n").as_bytes(), &vec![b'x'; len], b"\r\n"].concat();
        assert_eq!(
            FrameScanner::new().scan(&frame),
            Ok(Some(frame.len())),
            "{len}"
        );
        let array = [format!("*{len}\r\n"), ":1\r\n".repeat(len)].concat();
        assert_eq!(
            FrameScanner::new().scan(array.as_bytes()),
            Ok(Some(array.len())),
            "{len}"
        );
    }
}
