//! [`Reader`]: a cursor over one complete frame that hands out typed values, borrowing
//! strings from the frame.
//!
//! This file holds the cursor itself: where it is, what comes next (`peek`), and the
//! moves every step starts with (past attributes and the ends of streamed aggregates)
//! and the errors they report. The steps that read one kind of value are in
//! `aggregates` (counts of arrays and maps), `strings`, `scalars` (numbers, booleans,
//! nulls) and `whole` (skipping, raw slices, error replies); `kind` names the RESP
//! types, `lex` reads lines, lengths and bodies at byte level, and `streamed` the
//! RESP3 streamed forms (`$?`, `*?`).

mod aggregates;
mod kind;
mod lex;
mod scalars;
mod streamed;
mod strings;
mod text;
mod whole;

pub use kind::Kind;
pub(super) use lex::len_line;

use bytes::Bytes;

use super::{DecodeError, Frame};

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
    /// The stretch of the frame last checked to be UTF-8, which the strings read as text
    /// are sliced from.
    checked_text: text::CheckedText<'de>,
    /// Bytes of memory the collections read so far hold in elements of a large type
    /// (`read::collections::hold`).
    held: usize,
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
            checked_text: text::CheckedText::default(),
            held: 0,
        }
    }

    /// A reader of `bytes[at]` alone, a value read before (its offsets are still those of
    /// `bytes`).
    pub(crate) fn within(bytes: &'de Bytes, at: std::ops::Range<usize>) -> Self {
        Reader {
            bytes,
            buf: &bytes[..at.end],
            pos: at.start,
            stream_ends: Vec::new(),
            checked_text: text::CheckedText::default(),
            held: 0,
        }
    }

    /// Whether the aggregate whose header is at `at` is streamed (its length is `?`):
    /// the `.` that ends it is consumed after it, when the cursor reaches it.
    pub(crate) fn is_streamed(&self, at: usize) -> bool {
        self.buf.get(at + 1) == Some(&b'?')
    }

    /// Counts `bytes` more of memory held in large elements, and returns the total with the
    /// length of the frame they were read from.
    #[inline]
    pub(crate) fn add_held(&mut self, bytes: usize) -> (usize, usize) {
        self.held = self.held.saturating_add(bytes);
        (self.held, self.buf.len())
    }

    /// The byte offset of the cursor in the frame.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// `s`, a slice of this frame, as a zero-copy slice of the frame's `Bytes`.
    pub(crate) fn slice_of(&self, s: &'de [u8]) -> Bytes {
        self.bytes.slice_ref(s)
    }

    /// Where `s`, a non-empty slice of this frame, starts in it (an empty string a step
    /// returns may be a static one).
    #[inline(always)]
    pub(crate) fn offset_of(&self, s: &'de [u8]) -> usize {
        s.as_ptr() as usize - self.buf.as_ptr() as usize
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

    /// Checks that the whole frame was read (used by the top-level decode).
    #[inline]
    pub(crate) fn finish(&mut self) -> Result<(), DecodeError> {
        if self.pos == self.buf.len() {
            return Ok(());
        }
        self.finish_settled()
    }

    /// [`finish`](Self::finish) with bytes left: attributes and the ends of streamed
    /// aggregates are passed over, anything else is an error.
    #[cold]
    #[inline(never)]
    fn finish_settled(&mut self) -> Result<(), DecodeError> {
        self.settle()?;
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
        len_line(self.buf, p)
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
}
