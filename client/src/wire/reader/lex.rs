//! Byte-level steps of the reader: lines, lengths, bodies and skipping whole values.
//!
//! Every function checks its bounds and returns a [`DecodeError`] rather than indexing
//! past the end, so that a frame holding anything cannot make the reader panic.

use crate::wire::DecodeError;

/// A signed decimal integer line starting at `p`, up to CRLF. Returns the value and the
/// position after the CRLF. Parsed in place: no allocation, no UTF-8 pass.
#[inline(always)]
pub(crate) fn int_line(buf: &[u8], p: usize) -> Result<(i64, usize), DecodeError> {
    let mut i = p;
    let neg = match buf.get(i) {
        Some(b'-') => {
            i += 1;
            true
        }
        Some(b'+') => {
            i += 1;
            false
        }
        _ => false,
    };
    let digits = i;
    // Up to 19 digits cannot overflow a u64, so the loop needs no overflow checks; the
    // range of i64 is checked once at the end.
    let mut v: u64 = 0;
    while let Some(&c) = buf.get(i) {
        let d = c.wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        v = v.wrapping_mul(10).wrapping_add(u64::from(d));
        i += 1;
    }
    let n = i - digits;
    if n == 0 || n > 19 || buf.get(i) != Some(&b'\r') || buf.get(i + 1) != Some(&b'\n') {
        return Err(bad_int());
    }
    let v = if neg {
        if v > 1 << 63 {
            return Err(bad_int());
        }
        0u64.wrapping_sub(v) as i64
    } else {
        i64::try_from(v).map_err(|_| bad_int())?
    };
    Ok((v, i + 2))
}

/// A length line starting at `p` (as [`int_line`]), with a fast path for the one- and
/// two-digit lengths that most replies are made of.
#[inline(always)]
pub(crate) fn len_line(buf: &[u8], p: usize) -> Result<(i64, usize), DecodeError> {
    if let (Some(&a), Some(&b)) = (buf.get(p), buf.get(p + 1)) {
        let da = a.wrapping_sub(b'0');
        if da <= 9 {
            if b == b'\r' && buf.get(p + 2) == Some(&b'\n') {
                return Ok((i64::from(da), p + 3));
            }
            let db = b.wrapping_sub(b'0');
            if db <= 9 && buf.get(p + 2) == Some(&b'\r') && buf.get(p + 3) == Some(&b'\n') {
                return Ok((i64::from(da * 10 + db), p + 4));
            }
        }
    }
    int_line(buf, p)
}

#[cold]
fn bad_int() -> DecodeError {
    DecodeError::malformed("invalid integer or length line")
}

/// The line starting at `p` (up to the first CR, which must be followed by LF). Returns
/// it and the position after the CRLF.
#[inline(always)]
pub(crate) fn line(buf: &[u8], p: usize) -> Result<(&[u8], usize), DecodeError> {
    let rest = buf.get(p..).ok_or_else(truncated)?;
    match memchr::memchr(b'\r', rest) {
        Some(n) if rest.get(n + 1) == Some(&b'\n') => Ok((&rest[..n], p + n + 2)),
        _ => Err(truncated()),
    }
}

/// `n` bytes at `p`, which must be followed by CRLF. Returns them and the position after
/// the CRLF.
#[inline(always)]
pub(crate) fn body(buf: &[u8], p: usize, n: usize) -> Result<(&[u8], usize), DecodeError> {
    let end = p.checked_add(n).ok_or_else(truncated)?;
    let s = buf.get(p..end).ok_or_else(truncated)?;
    match buf.get(end..end + 2) {
        Some(b"\r\n") => Ok((s, end + 2)),
        _ => Err(truncated()),
    }
}

#[cold]
fn truncated() -> DecodeError {
    DecodeError::malformed("truncated or unterminated value")
}

/// Decimal text as an `i64`: an optional sign and at least one digit, nothing else.
pub(crate) fn parse_i64(text: &[u8]) -> Option<i64> {
    let (neg, digits) = match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, text),
    };
    if digits.is_empty() {
        return None;
    }
    let mut v: i64 = 0;
    for &c in digits {
        let d = c.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        v = v.checked_mul(10)?;
        v = if neg {
            v.checked_sub(i64::from(d))?
        } else {
            v.checked_add(i64::from(d))?
        };
    }
    Some(v)
}

/// Text as an `f64`: decimal and exponent forms, `inf`, `-inf` and `nan`.
pub(crate) fn parse_f64(text: &[u8]) -> Option<f64> {
    std::str::from_utf8(text).ok()?.parse().ok()
}

/// Skips the attributes (`|n` and its `n` key/value pairs) that start at `p`, if any, and
/// returns where the value they annotate starts.
pub(crate) fn skip_attributes(buf: &[u8], mut p: usize) -> Result<usize, DecodeError> {
    while buf.get(p) == Some(&b'|') {
        let (n, q) = int_line(buf, p + 1)?;
        let n = usize::try_from(n).map_err(|_| bad_int())?;
        p = q;
        for _ in 0..n.saturating_mul(2) {
            p = skip_value(buf, p)?;
        }
    }
    Ok(p)
}

/// Skips one whole value (with the attributes before it) starting at `p` and returns the
/// position after it. Iterative: a count of values still to skip replaces recursion, so
/// nesting costs no stack. Every turn consumes at least one byte, so it ends.
pub(crate) fn skip_value(buf: &[u8], mut p: usize) -> Result<usize, DecodeError> {
    let mut pending: usize = 1;
    // Counts saved when entering a streamed aggregate, whose length is unknown until its
    // `.` terminator.
    let mut streams: Vec<usize> = Vec::new();
    while pending > 0 {
        let t = *buf
            .get(p)
            .ok_or_else(|| DecodeError::unexpected_end("value"))?;
        if t == b'.' {
            let outer = streams
                .pop()
                .ok_or_else(|| DecodeError::malformed("stray end of streamed aggregate"))?;
            p = line(buf, p + 1)?.1;
            pending = outer;
            continue;
        }
        pending -= 1;
        let streamed = buf.get(p + 1) == Some(&b'?');
        match t {
            b'+' | b'-' | b':' | b'_' | b'#' | b',' | b'(' => p = line(buf, p + 1)?.1,
            b'$' if streamed => p = super::streamed::skip_chunks(buf, p)?,
            b'$' | b'!' | b'=' => {
                let (n, q) = len_line(buf, p + 1)?;
                p = match n {
                    -1 if t == b'$' => q,
                    n => body(buf, q, usize::try_from(n).map_err(|_| bad_int())?)?.1,
                };
            }
            b'*' | b'~' | b'>' | b'%' if streamed => {
                streams.push(pending);
                pending = usize::MAX;
                p = line(buf, p + 1)?.1;
            }
            b'*' | b'~' | b'>' | b'%' | b'|' => {
                let (n, q) = len_line(buf, p + 1)?;
                p = q;
                if n == -1 && t == b'*' {
                    continue;
                }
                let n = usize::try_from(n).map_err(|_| bad_int())?;
                let n = match t {
                    b'%' => n.saturating_mul(2),
                    // The attribute's pairs, then the value it annotates.
                    b'|' => n.saturating_mul(2).saturating_add(1),
                    _ => n,
                };
                pending = pending.saturating_add(n);
            }
            _ => return Err(DecodeError::malformed("invalid type byte")),
        }
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn len_line_agrees_with_int_line() {
        for line in [
            &b"0\r\n"[..],
            b"7\r\n",
            b"42\r\n",
            b"99\r\n",
            b"100\r\n",
            b"-1\r\n",
            b"?\r\n",
            b"1",
            b"12",
            b"12\r",
            b"1\rx",
            b"1x\r\n",
            b"",
        ] {
            assert_eq!(len_line(line, 0).ok(), int_line(line, 0).ok(), "{line:?}");
        }
    }

    #[test]
    fn int_line_parses_signs_and_rejects_overflow_and_garbage() {
        assert_eq!(int_line(b"-12\r\n", 0).unwrap(), (-12, 5));
        assert_eq!(int_line(b"+7\r\n", 0).unwrap(), (7, 4));
        assert_eq!(
            int_line(b"-9223372036854775808\r\n", 0).unwrap().0,
            i64::MIN
        );
        assert!(int_line(b"9223372036854775808\r\n", 0).is_err());
        assert!(int_line(b"\r\n", 0).is_err());
        assert!(int_line(b"1x\r\n", 0).is_err());
        assert!(int_line(b"12", 0).is_err());
        assert!(int_line(b"12\r", 0).is_err());
    }

    #[test]
    fn body_checks_bounds_and_crlf() {
        assert_eq!(body(b"abc\r\n", 0, 3).unwrap(), (&b"abc"[..], 5));
        assert!(body(b"abc\r\n", 0, 4).is_err());
        assert!(body(b"abc\r\n", 0, usize::MAX).is_err());
        assert!(body(b"abcd\r\n", 0, 3).is_err());
    }

    #[test]
    fn skip_value_handles_nesting_attributes_and_streams() {
        let v = b"*2\r\n%1\r\n+a\r\n*-1\r\n|1\r\n+k\r\n:1\r\n$2\r\nhi\r\n:5\r\n";
        assert_eq!(skip_value(v, 0).unwrap(), v.len() - 4);
        let s = b"*?\r\n:1\r\n*?\r\n.\r\n$?\r\n;1\r\na\r\n;0\r\n.\r\n";
        assert_eq!(skip_value(s, 0).unwrap(), s.len());
    }

    #[test]
    fn skip_value_of_lying_lengths_fails_without_allocating() {
        assert!(skip_value(b"*9223372036854775807\r\n:1\r\n", 0).is_err());
        assert!(skip_value(b"$100\r\nab\r\n", 0).is_err());
        assert!(skip_value(b".\r\n", 0).is_err());
        assert!(skip_value(b"*-2\r\n", 0).is_err());
    }
}
