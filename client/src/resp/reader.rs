//! [`Reader`]: a cursor over one complete frame that hands out typed values, borrowing
//! strings from the frame.

mod lex;
mod streamed;

use std::fmt;

use bytes::Bytes;

use super::{DecodeError, Frame};
use crate::ServerError;

/// The RESP type of a value, as seen by [`Reader::peek`] and named in [`DecodeError`]s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kind {
    /// `+OK`
    SimpleString,
    /// `-ERR message`
    SimpleError,
    /// `:42`
    Integer,
    /// `$5\r\nhello`
    BulkString,
    /// `*2\r\n...`
    Array,
    /// `_`, and the RESP2 forms `$-1` and `*-1`.
    Null,
    /// `#t` / `#f`
    Boolean,
    /// `,3.14`
    Double,
    /// `(3492890328409238509324850943850943825024385`
    BigNumber,
    /// `!21\r\nSYNTAX invalid syntax`
    BulkError,
    /// `=15\r\ntxt:Some string`
    VerbatimString,
    /// `%2\r\n...` (RESP3)
    Map,
    /// `~2\r\n...` (RESP3)
    Set,
    /// `|1\r\n...` (RESP3): metadata before a value. The reader skips attributes, so
    /// [`Reader::peek`] never returns this.
    Attribute,
    /// `>3\r\n...` (RESP3 out-of-band data)
    Push,
}

impl Kind {
    /// The kind that a type byte starts, or `None` for a byte that starts no value.
    #[inline]
    pub fn from_type_byte(b: u8) -> Option<Kind> {
        Some(match b {
            b'+' => Kind::SimpleString,
            b'-' => Kind::SimpleError,
            b':' => Kind::Integer,
            b'$' => Kind::BulkString,
            b'*' => Kind::Array,
            b'_' => Kind::Null,
            b'#' => Kind::Boolean,
            b',' => Kind::Double,
            b'(' => Kind::BigNumber,
            b'!' => Kind::BulkError,
            b'=' => Kind::VerbatimString,
            b'%' => Kind::Map,
            b'~' => Kind::Set,
            b'|' => Kind::Attribute,
            b'>' => Kind::Push,
            _ => return None,
        })
    }

    /// Lower-case name, as used in error messages (`"bulk string"`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::SimpleString => "simple string",
            Kind::SimpleError => "simple error",
            Kind::Integer => "integer",
            Kind::BulkString => "bulk string",
            Kind::Array => "array",
            Kind::Null => "null",
            Kind::Boolean => "boolean",
            Kind::Double => "double",
            Kind::BigNumber => "big number",
            Kind::BulkError => "bulk error",
            Kind::VerbatimString => "verbatim string",
            Kind::Map => "map",
            Kind::Set => "set",
            Kind::Attribute => "attribute",
            Kind::Push => "push",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A cursor over one complete [`Frame`], reading one value per step.
///
/// Each step skips any attributes (`|`) before the value, checks the value's RESP type
/// and returns it: strings are borrowed from the frame (`&'de [u8]`, `&'de str`) or handed
/// out as zero-copy [`Bytes`] slices of it. A step that fails returns a [`DecodeError`]
/// naming what it expected and what it found, and leaves the cursor before the value
/// (past any attributes), so that another step may try again.
///
/// RESP2 and RESP3 read alike: [`map_len`](Self::map_len) accepts a RESP3 map and a RESP2
/// flat key/value array, [`null`](Self::null) every null form, [`int`](Self::int) and
/// [`double`](Self::double) numbers that RESP2 sends as strings.
///
/// The reader never panics and never indexes out of bounds, whatever the frame holds.
///
/// ```
/// use typedis::resp::{Frame, Reader};
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let frame = Frame::from_slice(b"*2\r\n$5\r\nhello\r\n:42\r\n")?;
/// let mut r = Reader::new(&frame);
/// assert_eq!(r.array_len()?, 2);
/// assert_eq!(r.str()?, "hello");
/// assert_eq!(r.int()?, 42);
/// assert!(r.is_at_end());
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone)]
pub struct Reader<'de> {
    bytes: &'de Bytes,
    buf: &'de [u8],
    pos: usize,
    /// Where the `.` terminators of the streamed aggregates being read are (innermost
    /// last); consumed when the cursor reaches them. Empty unless the server streams.
    stream_ends: Vec<usize>,
}

impl<'de> Reader<'de> {
    /// A reader at the start of `frame`.
    pub fn new(frame: &'de Frame) -> Self {
        let bytes = frame.as_bytes();
        Reader {
            bytes,
            buf: bytes,
            pos: 0,
            stream_ends: Vec::new(),
        }
    }

    /// The byte offset of the cursor in the frame.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// `s`, a slice of this frame, as a zero-copy slice of the frame's `Bytes`.
    pub(crate) fn slice_of(&self, s: &'de [u8]) -> Bytes {
        self.bytes.slice_ref(s)
    }

    /// Bytes left after the cursor.
    pub(crate) fn remaining(&self) -> usize {
        self.buf.len().saturating_sub(self.pos)
    }

    /// Whether the whole frame has been read.
    pub fn is_at_end(&self) -> bool {
        matches!(self.settled(self.pos), Ok(p) if p == self.buf.len())
    }

    /// The kind of the next value, after any attributes. Consumes nothing.
    ///
    /// # Errors
    ///
    /// At the end of the frame, or where no value starts.
    #[inline]
    pub fn peek(&self) -> Result<Kind, DecodeError> {
        let p = match self.buf.get(self.pos) {
            Some(&b) if b != b'|' && b != b'.' => self.pos,
            _ => self.settled(self.pos)?,
        };
        self.kind_at(p, "value")
    }

    /// The kind of the first element of the aggregate that comes next, or `None` when it
    /// is empty. Consumes nothing. Lets a reader choose between shapes, such as a flat
    /// `[k, v, k, v]` array and an array of `[k, v]` pairs.
    ///
    /// # Errors
    ///
    /// When the next value is not an aggregate.
    pub fn peek_first(&self) -> Result<Option<Kind>, DecodeError> {
        let p = self.settled(self.pos)?;
        let t = self.type_at(p, "aggregate")?;
        if !matches!(t, b'*' | b'%' | b'~' | b'>') {
            return Err(self.unexpected_at(p, "aggregate"));
        }
        let first = match self.buf.get(p + 1) {
            Some(b'?') => self.line_end(p + 1)?,
            _ => {
                let (n, q) = self.int_line(p + 1)?;
                if n <= 0 {
                    return Ok(None);
                }
                q
            }
        };
        match self.buf.get(first) {
            Some(b'.') | None => Ok(None),
            Some(_) => {
                let q = lex::skip_attributes(self.buf, first)?;
                self.kind_at(q, "value").map(Some)
            }
        }
    }

    /// The number of elements of an array (`*`), set (`~`) or push (`>`), whose elements
    /// follow.
    ///
    /// # Errors
    ///
    /// For any other type, null included.
    #[inline(always)]
    pub fn array_len(&mut self) -> Result<usize, DecodeError> {
        const WHAT: &str = "array";
        let t = self.start(WHAT)?;
        if !matches!(t, b'*' | b'~' | b'>') {
            return Err(self.unexpected_at(self.pos, WHAT));
        }
        let (n, q) = match self.len_line(self.pos + 1) {
            Ok(x) => x,
            Err(e) => return self.streamed_len_or(false, e),
        };
        if n < 0 {
            return Err(DecodeError::unexpected(WHAT, Kind::Null));
        }
        self.pos = q;
        Ok(n as usize)
    }

    /// The number of key/value *pairs* of a RESP3 map (`%`) or of a RESP2 flat array
    /// `[k1, v1, k2, v2, ...]` (`*` of even length), whose keys and values follow in turn.
    ///
    /// # Errors
    ///
    /// For any other type, and for an array of odd length.
    #[inline(always)]
    pub fn map_len(&mut self) -> Result<usize, DecodeError> {
        const WHAT: &str = "map";
        let t = self.start(WHAT)?;
        match t {
            b'%' => {
                let (n, q) = match self.len_line(self.pos + 1) {
                    Ok(x) => x,
                    Err(e) => return self.streamed_len_or(true, e),
                };
                let n = usize::try_from(n).map_err(|_| DecodeError::malformed("map length"))?;
                self.pos = q;
                Ok(n)
            }
            b'*' => {
                let (n, q) = match self.len_line(self.pos + 1) {
                    Ok(x) => x,
                    Err(e) => return self.streamed_len_or(true, e),
                };
                if n < 0 {
                    return Err(DecodeError::unexpected(WHAT, Kind::Null));
                }
                if n % 2 != 0 {
                    return Err(odd_flat_map());
                }
                self.pos = q;
                Ok(n as usize / 2)
            }
            _ => Err(self.unexpected_at(self.pos, WHAT)),
        }
    }

    /// A string's bytes, borrowed from the frame: bulk string (`$`), simple string (`+`),
    /// verbatim string (`=`, the text after its `xxx:` format prefix), or the digits of a
    /// big number (`(`, a number too large for the integer types, which is text to every
    /// string type). A streamed bulk string (`$?`) is accepted when it arrived in at most
    /// one chunk.
    ///
    /// Integers, doubles, nulls and errors are not strings here: read them with their own
    /// steps.
    ///
    /// # Errors
    ///
    /// For any other type; for a streamed string of several chunks (read it with
    /// [`bytes_owned`](Self::bytes_owned)).
    #[inline(always)]
    pub fn bytes(&mut self) -> Result<&'de [u8], DecodeError> {
        const WHAT: &str = "bulk string";
        let t = self.start(WHAT)?;
        let (s, q) = match t {
            b'$' => {
                let (n, q) = match self.len_line(self.pos + 1) {
                    Ok(x) => x,
                    Err(e) => return self.streamed_borrowed_or(e),
                };
                if n < 0 {
                    return Err(DecodeError::unexpected(WHAT, Kind::Null));
                }
                self.body(q, n as usize)?
            }
            b'+' | b'(' => self.line(self.pos + 1)?,
            b'=' => self.verbatim_body(WHAT)?,
            _ => return Err(self.unexpected_at(self.pos, WHAT)),
        };
        self.pos = q;
        Ok(s)
    }

    /// Like [`bytes`](Self::bytes), checked to be UTF-8.
    ///
    /// # Errors
    ///
    /// As [`bytes`](Self::bytes), and when the text is not UTF-8 (the cursor then stays
    /// before the value).
    #[inline(always)]
    pub fn str(&mut self) -> Result<&'de str, DecodeError> {
        let before = self.pos;
        let b = self.bytes()?;
        std::str::from_utf8(b).map_err(|_| {
            let e = self.invalid_at(before, "utf-8 string");
            self.pos = before;
            e
        })
    }

    /// Like [`bytes`](Self::bytes), as a zero-copy slice of the frame's [`Bytes`]. A
    /// streamed string of several chunks is joined into a new buffer.
    ///
    /// # Errors
    ///
    /// As [`bytes`](Self::bytes).
    #[inline]
    pub fn bytes_owned(&mut self) -> Result<Bytes, DecodeError> {
        match self.bytes_cow()? {
            std::borrow::Cow::Borrowed(s) => Ok(self.slice_of(s)),
            std::borrow::Cow::Owned(v) => Ok(Bytes::from(v)),
        }
    }

    /// A string's bytes, borrowed when contiguous in the frame and joined from the chunks
    /// of a streamed string otherwise. Accepts the same types as [`bytes`](Self::bytes).
    ///
    /// # Errors
    ///
    /// As [`bytes`](Self::bytes).
    pub fn bytes_cow(&mut self) -> Result<std::borrow::Cow<'de, [u8]>, DecodeError> {
        let p = self.settled(self.pos)?;
        if self.buf.get(p) == Some(&b'$') && self.buf.get(p + 1) == Some(&b'?') {
            self.start("bulk string")?;
            let (v, q) = streamed::join_chunks(self.buf, self.pos)?;
            self.pos = q;
            return Ok(std::borrow::Cow::Owned(v));
        }
        self.bytes().map(std::borrow::Cow::Borrowed)
    }

    /// A verbatim string (`=`): its three-byte format (such as `txt` or `mkd`) and its
    /// text.
    ///
    /// # Errors
    ///
    /// For any other type, and for a verbatim string without a format prefix.
    pub fn verbatim(&mut self) -> Result<(&'de [u8], &'de [u8]), DecodeError> {
        const WHAT: &str = "verbatim string";
        if self.start(WHAT)? != b'=' {
            return Err(self.unexpected_at(self.pos, WHAT));
        }
        let (format, text, q) = self.verbatim_parts(WHAT)?;
        self.pos = q;
        Ok((format, text))
    }

    /// The digits of a big number (`(`), such as `-3492890328409238509324850943850943825024385`.
    ///
    /// # Errors
    ///
    /// For any other type.
    pub fn big_number(&mut self) -> Result<&'de [u8], DecodeError> {
        const WHAT: &str = "big number";
        if self.start(WHAT)? != b'(' {
            return Err(self.unexpected_at(self.pos, WHAT));
        }
        let (s, q) = self.line(self.pos + 1)?;
        self.pos = q;
        Ok(s)
    }

    /// A signed 64-bit integer: an integer (`:`), or the decimal text of a bulk string,
    /// simple string or big number (RESP2 sends many numbers as strings).
    ///
    /// # Errors
    ///
    /// For any other type, and for text that is not a decimal integer in range.
    #[inline]
    pub fn int(&mut self) -> Result<i64, DecodeError> {
        const WHAT: &str = "integer";
        let t = self.start(WHAT)?;
        if t == b':' {
            let (v, q) = self.int_line(self.pos + 1)?;
            self.pos = q;
            return Ok(v);
        }
        let before = self.pos;
        let text = self.number_text(t, WHAT)?;
        match lex::parse_i64(text) {
            Some(v) => Ok(v),
            None => {
                let e = self.invalid_at(before, WHAT);
                self.pos = before;
                Err(e)
            }
        }
    }

    /// Like [`int`](Self::int) for the 128-bit range: big numbers (`(`) and decimal text
    /// that do not fit in `i64` but fit in `i128`.
    ///
    /// # Errors
    ///
    /// As [`int`](Self::int).
    pub fn int128(&mut self) -> Result<i128, DecodeError> {
        const WHAT: &str = "integer";
        let t = self.start(WHAT)?;
        if t == b':' {
            return self.int().map(i128::from);
        }
        let before = self.pos;
        let text = self.number_text(t, WHAT)?;
        match std::str::from_utf8(text).ok().and_then(|s| s.parse().ok()) {
            Some(v) => Ok(v),
            None => {
                let e = self.invalid_at(before, WHAT);
                self.pos = before;
                Err(e)
            }
        }
    }

    /// A floating point number: a double (`,`, including `inf`, `-inf` and `nan`), an
    /// integer (`:`), or the text of a bulk string, simple string or big number (RESP2
    /// sends scores as strings such as `"1.5"` or `"inf"`).
    ///
    /// # Errors
    ///
    /// For any other type, and for text that is not a number.
    #[inline]
    pub fn double(&mut self) -> Result<f64, DecodeError> {
        const WHAT: &str = "double";
        let t = self.start(WHAT)?;
        if t == b':' {
            let (v, q) = self.int_line(self.pos + 1)?;
            self.pos = q;
            return Ok(v as f64);
        }
        let before = self.pos;
        let text = match t {
            b',' => {
                let (s, q) = self.line(self.pos + 1)?;
                self.pos = q;
                s
            }
            _ => self.number_text(t, WHAT)?,
        };
        match lex::parse_f64(text) {
            Some(v) => Ok(v),
            None => {
                let e = self.invalid_at(before, WHAT);
                self.pos = before;
                Err(e)
            }
        }
    }

    /// A boolean: RESP3 `#t`/`#f`, or the integers `1`/`0` that RESP2 sends instead.
    ///
    /// # Errors
    ///
    /// For any other type or value.
    #[inline]
    pub fn boolean(&mut self) -> Result<bool, DecodeError> {
        const WHAT: &str = "boolean";
        let t = self.start(WHAT)?;
        let (v, q) = match t {
            b'#' => match self.line(self.pos + 1)? {
                (b"t", q) => (true, q),
                (b"f", q) => (false, q),
                _ => return Err(self.invalid_at(self.pos, WHAT)),
            },
            b':' => match self.int_line(self.pos + 1)? {
                (1, q) => (true, q),
                (0, q) => (false, q),
                _ => return Err(self.invalid_at(self.pos, WHAT)),
            },
            _ => return Err(self.unexpected_at(self.pos, WHAT)),
        };
        self.pos = q;
        Ok(v)
    }

    /// A null: RESP3 `_`, or RESP2's null bulk string `$-1` and null array `*-1`.
    ///
    /// # Errors
    ///
    /// For any other value.
    pub fn null(&mut self) -> Result<(), DecodeError> {
        if self.try_null()? {
            Ok(())
        } else {
            Err(self.unexpected_at(self.pos, "null"))
        }
    }

    /// Consumes a null if one comes next (any form, as [`null`](Self::null)) and says
    /// whether it did.
    ///
    /// # Errors
    ///
    /// At the end of the frame.
    #[inline]
    pub fn try_null(&mut self) -> Result<bool, DecodeError> {
        let t = self.start("value")?;
        let q = match t {
            b'_' => self.line(self.pos + 1)?.1,
            b'$' | b'*' if self.buf.get(self.pos + 1) == Some(&b'-') => {
                match self.int_line(self.pos + 1)? {
                    (-1, q) => q,
                    _ => return Err(DecodeError::malformed("negative length")),
                }
            }
            _ => return Ok(false),
        };
        self.pos = q;
        Ok(true)
    }

    /// Skips one whole value, however deeply nested (iteratively: no recursion).
    ///
    /// # Errors
    ///
    /// At the end of the frame, or on bytes that are not RESP.
    pub fn skip(&mut self) -> Result<(), DecodeError> {
        self.start("value")?;
        self.pos = lex::skip_value(self.buf, self.pos)?;
        Ok(())
    }

    /// If an error reply (`-` or `!`) comes next, consumes it and returns it; otherwise
    /// consumes nothing and returns `None`.
    ///
    /// # Errors
    ///
    /// At the end of the frame.
    pub fn server_error(&mut self) -> Result<Option<ServerError>, DecodeError> {
        let t = self.start("value")?;
        let (text, q) = match t {
            b'-' => self.line(self.pos + 1)?,
            b'!' => {
                let (n, q) = self.int_line(self.pos + 1)?;
                let n = usize::try_from(n).map_err(|_| DecodeError::malformed("length"))?;
                self.body(q, n)?
            }
            _ => return Ok(None),
        };
        self.pos = q;
        Ok(Some(ServerError::new(String::from_utf8_lossy(text))))
    }

    /// The next whole value, attributes before it excluded, as a zero-copy slice of the
    /// frame (it is itself one well-formed frame).
    ///
    /// # Errors
    ///
    /// At the end of the frame.
    pub fn raw(&mut self) -> Result<Bytes, DecodeError> {
        self.start("value")?;
        let start = self.pos;
        let end = lex::skip_value(self.buf, start)?;
        self.pos = end;
        Ok(self.bytes.slice(start..end))
    }

    /// Checks that the whole frame was read (used by the top-level decode).
    pub(crate) fn finish(&mut self) -> Result<(), DecodeError> {
        if self.pos != self.buf.len() {
            self.settle()?;
        }
        match self.buf.len() - self.pos {
            0 => Ok(()),
            remaining => Err(DecodeError::trailing(remaining)),
        }
    }

    // ---- internals -------------------------------------------------------------------

    /// Moves past attributes and finished streamed aggregates and returns the type byte
    /// of the next value.
    #[inline(always)]
    fn start(&mut self, expected: &'static str) -> Result<u8, DecodeError> {
        match self.buf.get(self.pos) {
            Some(&b) if b != b'|' && b != b'.' => Ok(b),
            _ => self.start_slow(expected),
        }
    }

    #[cold]
    #[inline(never)]
    fn start_slow(&mut self, expected: &'static str) -> Result<u8, DecodeError> {
        self.settle()?;
        self.type_at(self.pos, expected)
    }

    fn settle(&mut self) -> Result<(), DecodeError> {
        let p = self.settled(self.pos)?;
        while self.stream_ends.last().is_some_and(|&e| e < p) {
            self.stream_ends.pop();
        }
        self.pos = p;
        Ok(())
    }

    /// Where the next value starts, from `p`: past attributes and past the terminators of
    /// the streamed aggregates that end at `p`.
    fn settled(&self, mut p: usize) -> Result<usize, DecodeError> {
        let mut ends = self.stream_ends.iter().rev().peekable();
        loop {
            match self.buf.get(p) {
                Some(b'|') => p = lex::skip_attributes(self.buf, p)?,
                Some(b'.') if ends.peek() == Some(&&p) => {
                    ends.next();
                    p = self.line_end(p + 1)?;
                }
                _ => return Ok(p),
            }
        }
    }

    fn type_at(&self, p: usize, expected: &'static str) -> Result<u8, DecodeError> {
        match self.buf.get(p) {
            Some(&b) => Ok(b),
            None => Err(DecodeError::unexpected_end(expected)),
        }
    }

    #[inline]
    fn kind_at(&self, p: usize, expected: &'static str) -> Result<Kind, DecodeError> {
        let t = self.type_at(p, expected)?;
        if matches!(t, b'$' | b'*') && self.buf.get(p + 1) == Some(&b'-') {
            return Ok(Kind::Null);
        }
        Kind::from_type_byte(t).ok_or_else(|| DecodeError::malformed("invalid type byte"))
    }

    #[cold]
    #[inline(never)]
    fn unexpected_at(&self, p: usize, expected: &'static str) -> DecodeError {
        match self.kind_at(p, expected) {
            Ok(found) => DecodeError::unexpected(expected, found),
            Err(e) => e,
        }
    }

    #[cold]
    #[inline(never)]
    fn invalid_at(&self, p: usize, expected: &'static str) -> DecodeError {
        match self.kind_at(p, expected) {
            Ok(found) => DecodeError::invalid(expected, found),
            Err(e) => e,
        }
    }

    /// A length line starting at `p`; returns it and the position after CRLF.
    #[inline(always)]
    fn len_line(&self, p: usize) -> Result<(i64, usize), DecodeError> {
        lex::len_line(self.buf, p)
    }

    /// A signed decimal line starting at `p`; returns it and the position after CRLF.
    #[inline(always)]
    fn int_line(&self, p: usize) -> Result<(i64, usize), DecodeError> {
        lex::int_line(self.buf, p)
    }

    /// A line starting at `p` (up to CR LF); returns it and the position after CRLF.
    #[inline(always)]
    fn line(&self, p: usize) -> Result<(&'de [u8], usize), DecodeError> {
        lex::line(self.buf, p)
    }

    fn line_end(&self, p: usize) -> Result<usize, DecodeError> {
        self.line(p).map(|(_, q)| q)
    }

    /// `n` bytes at `p` followed by CRLF; returns them and the position after CRLF.
    #[inline(always)]
    fn body(&self, p: usize, n: usize) -> Result<(&'de [u8], usize), DecodeError> {
        lex::body(self.buf, p, n)
    }

    fn verbatim_body(&self, expected: &'static str) -> Result<(&'de [u8], usize), DecodeError> {
        self.verbatim_parts(expected).map(|(_, text, q)| (text, q))
    }

    /// The verbatim string at the cursor: format, text, and the position after it.
    fn verbatim_parts(
        &self,
        expected: &'static str,
    ) -> Result<(&'de [u8], &'de [u8], usize), DecodeError> {
        let (n, q) = self.int_line(self.pos + 1)?;
        let n = usize::try_from(n).map_err(|_| DecodeError::malformed("length"))?;
        let (s, q) = self.body(q, n)?;
        match (s.get(..3), s.get(3), s.get(4..)) {
            (Some(format), Some(b':'), Some(text)) => Ok((format, text, q)),
            _ => Err(self.invalid_at(self.pos, expected)),
        }
    }

    /// The text of a number sent as a bulk, simple or verbatim string or a big number;
    /// moves past it.
    fn number_text(&mut self, t: u8, expected: &'static str) -> Result<&'de [u8], DecodeError> {
        let (s, q) = match t {
            b'$' => {
                let (n, q) = match self.len_line(self.pos + 1) {
                    Ok(x) => x,
                    Err(e) => return self.streamed_borrowed_or(e),
                };
                if n < 0 {
                    return Err(DecodeError::unexpected(expected, Kind::Null));
                }
                self.body(q, n as usize)?
            }
            b'+' | b'(' => self.line(self.pos + 1)?,
            b'=' => self.verbatim_body(expected)?,
            _ => return Err(self.unexpected_at(self.pos, expected)),
        };
        self.pos = q;
        Ok(s)
    }

    /// A streamed aggregate header (`*?`, `~?`, `>?`, `%?`) at the cursor: counts its
    /// elements (pairs for a map read), remembers where its terminator is, and moves to
    /// its first element.
    ///
    /// Called when the header's length did not parse: `e` is that error, returned when
    /// the header is not a streamed one either.
    #[cold]
    #[inline(never)]
    fn streamed_len_or(&mut self, pairs: bool, e: DecodeError) -> Result<usize, DecodeError> {
        if self.buf.get(self.pos + 1) != Some(&b'?') {
            return Err(e);
        }
        let is_map = self.buf.get(self.pos) == Some(&b'%');
        let first = self.line_end(self.pos + 1)?;
        let (count, end) = streamed::count_elements(self.buf, first)?;
        let n = match (pairs, is_map) {
            (false, false) => count,
            (true, _) if count % 2 == 0 => count / 2,
            (true, _) => return Err(odd_flat_map()),
            (false, true) => return Err(DecodeError::unexpected("array", Kind::Map)),
        };
        self.stream_ends.push(end);
        self.pos = first;
        Ok(n)
    }

    /// A streamed bulk string (`$?`) at the cursor, borrowed: only possible when it has
    /// at most one chunk. Called when the length did not parse (`e`, returned when the
    /// string is not streamed either).
    #[cold]
    #[inline(never)]
    fn streamed_borrowed_or(&mut self, e: DecodeError) -> Result<&'de [u8], DecodeError> {
        if self.buf.get(self.pos + 1) != Some(&b'?') {
            return Err(e);
        }
        match streamed::single_chunk(self.buf, self.pos)? {
            Some((s, q)) => {
                self.pos = q;
                Ok(s)
            }
            None => Err(DecodeError::invalid(
                "contiguous bulk string",
                Kind::BulkString,
            )),
        }
    }
}

#[cold]
fn odd_flat_map() -> DecodeError {
    DecodeError::invalid("map or flat array of key/value pairs", Kind::Array)
}
