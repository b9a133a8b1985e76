//! Writing RESP: the one writer behind every request the client sends (command arguments,
//! the handshake, `PING`, `MULTI`/`EXEC`, `ASKING`/`READONLY`, Pub/Sub subscriptions) and
//! behind [`Value::encode`](crate::Value::encode).

/// Appends `$<len>\r\n<data>\r\n`.
#[inline]
pub(crate) fn bulk(out: &mut Vec<u8>, data: &[u8]) {
    let len = data.len();
    // One reservation; the length lines of the short arguments most commands carry are
    // written as fixed-size pieces (no digit loop, no copy of a variable length).
    #[allow(
        clippy::disallowed_methods,
        reason = "the length of an argument the client writes"
    )]
    out.reserve(len + 16);
    if len < 10 {
        out.extend_from_slice(&[b'$', b'0' + len as u8, b'\r', b'\n']);
    } else if len < 100 {
        let (tens, ones) = ((len / 10) as u8, (len % 10) as u8);
        out.extend_from_slice(&[b'$', b'0' + tens, b'0' + ones, b'\r', b'\n']);
    } else {
        header(out, b'$', len);
    }
    out.extend_from_slice(data);
    out.extend_from_slice(b"\r\n");
}

/// Appends a length or count line: `<kind><n>\r\n` (`*3\r\n`, `$5\r\n`, `%2\r\n`).
#[inline]
pub(crate) fn header(out: &mut Vec<u8>, kind: u8, n: usize) {
    let mut digits = [0u8; 20];
    out.push(kind);
    out.extend_from_slice(format_u64(n as u64, &mut digits));
    out.extend_from_slice(b"\r\n");
}

/// Appends a line value: `<kind><text>\r\n` (`+OK\r\n`, `:42\r\n`). `text` must not hold
/// a line break.
pub(crate) fn line(out: &mut Vec<u8>, kind: u8, text: &[u8]) {
    out.push(kind);
    out.extend_from_slice(text);
    out.extend_from_slice(b"\r\n");
}

/// Appends a length-prefixed value of another kind than `$` (`!`, `=`).
pub(crate) fn blob(out: &mut Vec<u8>, kind: u8, data: &[u8]) {
    header(out, kind, data.len());
    out.extend_from_slice(data);
    out.extend_from_slice(b"\r\n");
}

/// Appends one command: an array of bulk strings.
pub(crate) fn command(out: &mut Vec<u8>, args: &[&[u8]]) {
    header(out, b'*', args.len());
    for arg in args {
        bulk(out, arg);
    }
}

/// One command as its own buffer (the client's own requests: handshake, `PING`, ...).
pub(crate) fn encode(args: &[&[u8]]) -> Vec<u8> {
    #[allow(clippy::disallowed_methods, reason = "the client's own command")]
    let mut out = Vec::with_capacity(16 + args.iter().map(|a| a.len() + 16).sum::<usize>());
    command(&mut out, args);
    out
}

/// Formats `n` in decimal into the end of `out` and returns the digits.
#[inline]
pub(crate) fn format_u64(mut n: u64, out: &mut [u8; 20]) -> &[u8] {
    let mut i = out.len();
    loop {
        i -= 1;
        out[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            return &out[i..];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_arrays_of_bulk_strings() {
        let long = [b'x'; 123];
        let out = encode(&[b"SET", b"0123456789", &long]);
        let mut expected = b"*3\r\n$3\r\nSET\r\n$10\r\n0123456789\r\n$123\r\n".to_vec();
        expected.extend_from_slice(&long);
        expected.extend_from_slice(b"\r\n");
        assert_eq!(out, expected);
        assert_eq!(encode(&[]), b"*0\r\n");
        assert_eq!(encode(&[b""]), b"*1\r\n$0\r\n\r\n");
    }

    #[test]
    fn numbers_are_written_in_decimal() {
        let mut digits = [0u8; 20];
        assert_eq!(format_u64(0, &mut digits), b"0");
        assert_eq!(format_u64(u64::MAX, &mut digits), b"18446744073709551615");
        let mut out = Vec::new();
        header(&mut out, b'%', 1000);
        line(&mut out, b'+', b"OK");
        blob(&mut out, b'!', b"ERR x");
        assert_eq!(out, b"%1000\r\n+OK\r\n!5\r\nERR x\r\n");
    }
}
