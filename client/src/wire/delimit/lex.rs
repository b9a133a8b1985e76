//! Token-level parsing for the scanner: lengths, integers, line ends, line contents.
//!
//! Every function reads left to right and reports the first offending byte, so the
//! verdict on a partial token never contradicts the verdict on the whole token: a
//! frame split anywhere gets the same result as the frame fed whole.

use super::error::{ProtocolError, ProtocolErrorKind};

/// Why scanning stopped before the end of a frame.
#[derive(Debug)]
pub(super) enum Stop {
    /// More bytes are needed.
    Incomplete,
    /// The bytes can never become a valid frame. Boxed so that the results the hot
    /// loop passes around stay small enough for registers.
    Invalid(Box<ProtocolError>),
}

/// Builds the error for `kind` at `offset`; off the hot path.
#[cold]
#[inline(never)]
pub(super) fn invalid(offset: usize, kind: ProtocolErrorKind) -> Stop {
    Stop::Invalid(Box::new(ProtocolError { offset, kind }))
}

/// Most digits a length or integer may have: 19 digits always fit in a `u64`, so the
/// digit loop needs no overflow check.
const MAX_DIGITS: usize = 19;

#[cfg(test)]
thread_local! {
    /// Bytes examined by this thread's scans (test builds only), to prove that a
    /// frame delivered in pieces costs linear work.
    pub(super) static EXAMINED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Records that `n` bytes were examined (test builds only; nothing otherwise).
#[inline(always)]
pub(super) fn examined(n: usize) {
    #[cfg(test)]
    EXAMINED.with(|c| c.set(c.get() + n));
    #[cfg(not(test))]
    let _ = n;
}

/// Parses `<digits>\r\n` at `at`; returns the value and the offset after `\n`.
#[inline(always)]
pub(super) fn digits(buf: &[u8], at: usize) -> Result<(u64, usize), Stop> {
    // Fast path for the most common headers, lengths of one or two digits: a fixed
    // window needs one bounds check. Anything else takes the general loop below,
    // which gives the same answer for these inputs.
    if let Some(&[a, b, c, d]) = buf.get(at..at + 4) {
        let high = a.wrapping_sub(b'0');
        if high <= 9 {
            if b == b'\r' && c == b'\n' {
                examined(3);
                return Ok((u64::from(high), at + 3));
            }
            let low = b.wrapping_sub(b'0');
            if low <= 9 && c == b'\r' && d == b'\n' {
                examined(4);
                return Ok((u64::from(high * 10 + low), at + 4));
            }
        }
    }
    let mut i = at;
    let mut value: u64 = 0;
    while let Some(&b) = buf.get(i) {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            examined(i - at + 1);
            if i == at {
                return Err(bad_length_byte(i, b));
            }
            return length_end(buf, i).map(|next| (value, next));
        }
        if i - at == MAX_DIGITS {
            return Err(invalid(i, ProtocolErrorKind::InvalidLength));
        }
        value = value * 10 + u64::from(d);
        i += 1;
    }
    examined(i - at);
    Err(Stop::Incomplete)
}

/// Checks the `\r\n` that must end a length line at `i`; returns the offset after it.
#[inline(always)]
pub(super) fn length_end(buf: &[u8], i: usize) -> Result<usize, Stop> {
    match buf.get(i) {
        None => Err(Stop::Incomplete),
        Some(b'\r') => match buf.get(i + 1) {
            None => Err(Stop::Incomplete),
            Some(b'\n') => Ok(i + 2),
            Some(_) => Err(invalid(i + 1, ProtocolErrorKind::InvalidLineEnd)),
        },
        Some(&b) => Err(bad_length_byte(i, b)),
    }
}

/// The error for byte `b` found where a length digit or its `\r` was expected.
#[cold]
fn bad_length_byte(i: usize, b: u8) -> Stop {
    let kind = if b == b'\n' {
        ProtocolErrorKind::InvalidLineEnd
    } else {
        ProtocolErrorKind::InvalidLength
    };
    invalid(i, kind)
}

/// Parses the `-1\r\n` of a null (`at` is the `-`); returns the offset after `\n`.
#[inline]
pub(super) fn minus_one(buf: &[u8], at: usize) -> Result<usize, Stop> {
    match buf.get(at + 1) {
        None => Err(Stop::Incomplete),
        Some(b'1') => length_end(buf, at + 2),
        Some(_) => Err(invalid(at + 1, ProtocolErrorKind::InvalidLength)),
    }
}

/// Checks that `\r\n` is at `i`; returns the offset after it.
#[inline(always)]
pub(super) fn crlf(buf: &[u8], i: usize) -> Result<usize, Stop> {
    examined(2);
    match buf.get(i) {
        None => Err(Stop::Incomplete),
        Some(b'\r') => match buf.get(i + 1) {
            None => Err(Stop::Incomplete),
            Some(b'\n') => Ok(i + 2),
            Some(_) => Err(invalid(i + 1, ProtocolErrorKind::InvalidLineEnd)),
        },
        Some(_) => Err(invalid(i, ProtocolErrorKind::InvalidLineEnd)),
    }
}

/// Parses the `[+-]<digits>\r\n` of an integer at `at`; returns the offset after `\n`.
#[inline(always)]
pub(super) fn integer(buf: &[u8], at: usize) -> Result<usize, Stop> {
    let negative = match buf.get(at) {
        None => return Err(Stop::Incomplete),
        Some(b'-') => true,
        _ => false,
    };
    let start = match buf.get(at) {
        Some(b'-' | b'+') => at + 1,
        _ => at,
    };
    let mut i = start;
    let mut value: u64 = 0;
    loop {
        let Some(&b) = buf.get(i) else {
            examined(i - at);
            return Err(Stop::Incomplete);
        };
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            examined(i - at + 1);
            if i == start || b != b'\r' {
                let kind = if b == b'\n' {
                    ProtocolErrorKind::InvalidLineEnd
                } else {
                    ProtocolErrorKind::InvalidInteger
                };
                return Err(invalid(i, kind));
            }
            break;
        }
        if i - start == MAX_DIGITS {
            return Err(invalid(i, ProtocolErrorKind::InvalidInteger));
        }
        value = value * 10 + u64::from(d);
        i += 1;
    }
    // i64::MIN's magnitude is one more than i64::MAX.
    if value > i64::MAX as u64 + u64::from(negative) {
        return Err(invalid(at, ProtocolErrorKind::InvalidInteger));
    }
    match buf.get(i + 1) {
        None => Err(Stop::Incomplete),
        Some(b'\n') => Ok(i + 2),
        Some(_) => Err(invalid(i + 1, ProtocolErrorKind::InvalidLineEnd)),
    }
}

/// Finds the `\r` of the `\r\n` that ends the line whose content starts at `from`.
///
/// `hint` remembers how far an earlier call searched this same line without finding
/// its end, so a long line delivered in pieces is searched once. A bare `\n`, or a
/// `\r` not followed by `\n`, is an error.
#[inline(always)]
pub(super) fn line_end(buf: &[u8], from: usize, hint: &mut usize) -> Result<usize, Stop> {
    // The hint belongs to this line only if it lies past its start; a stale one (from
    // an earlier line, or a caller that shrank the buffer) is ignored.
    let start = if *hint > from && *hint <= buf.len() {
        *hint
    } else {
        from
    };
    let rest = buf.get(start..).unwrap_or_default();
    let Some(k) = find_line_break(rest) else {
        examined(rest.len());
        *hint = buf.len();
        return Err(Stop::Incomplete);
    };
    examined(k + 2);
    let cr = start + k;
    if rest[k] == b'\n' {
        return Err(invalid(cr, ProtocolErrorKind::InvalidLineEnd));
    }
    match buf.get(cr + 1) {
        None => {
            *hint = cr;
            Err(Stop::Incomplete)
        }
        Some(b'\n') => Ok(cr),
        Some(_) => Err(invalid(cr + 1, ProtocolErrorKind::InvalidLineEnd)),
    }
}

/// Index of the first `\r` or `\n` in `s`.
#[inline(always)]
fn find_line_break(s: &[u8]) -> Option<usize> {
    // Most lines are short (`+OK`, a double, an error code); a plain loop over their
    // first bytes beats the setup cost of the vectorised search, which takes over
    // for longer lines.
    const SHORT: usize = 16;
    let head = s.get(..SHORT).unwrap_or(s);
    if let Some(k) = head.iter().position(|&b| b == b'\r' || b == b'\n') {
        return Some(k);
    }
    let tail = s.get(SHORT..)?;
    memchr::memchr2(b'\r', b'\n', tail).map(|k| k + SHORT)
}

/// Whether `s` has the syntax Rust's `f64::from_str` accepts: an optional sign, then
/// `inf`, `infinity` or `nan` (any case) or a decimal number with an optional exponent.
pub(super) fn is_double(s: &[u8]) -> bool {
    let s = match s {
        [b'+' | b'-', rest @ ..] => rest,
        _ => s,
    };
    if s.eq_ignore_ascii_case(b"inf")
        || s.eq_ignore_ascii_case(b"infinity")
        || s.eq_ignore_ascii_case(b"nan")
    {
        return true;
    }
    let int_digits = count_digits(s);
    let mut i = int_digits;
    let mut frac_digits = 0;
    if s.get(i) == Some(&b'.') {
        frac_digits = count_digits(&s[i + 1..]);
        i += 1 + frac_digits;
    }
    if int_digits + frac_digits == 0 {
        return false;
    }
    if let Some(b'e' | b'E') = s.get(i) {
        i += 1;
        if let Some(b'+' | b'-') = s.get(i) {
            i += 1;
        }
        let exp_digits = count_digits(&s[i..]);
        if exp_digits == 0 {
            return false;
        }
        i += exp_digits;
    }
    i == s.len()
}

/// Whether `s` is a big number: an optional sign, then at least one digit.
pub(super) fn is_big_number(s: &[u8]) -> bool {
    let s = match s {
        [b'+' | b'-', rest @ ..] => rest,
        _ => s,
    };
    !s.is_empty() && count_digits(s) == s.len()
}

/// Number of leading ASCII digits of `s`.
fn count_digits(s: &[u8]) -> usize {
    s.iter().take_while(|b| b.is_ascii_digit()).count()
}
