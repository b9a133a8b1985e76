//! Steps that read a string: [`Reader::bytes`] and its UTF-8, owned and joined forms,
//! verbatim strings and big numbers.

use bytes::Bytes;

use super::{streamed, Kind, Reader};
use crate::wire::DecodeError;

/// What a string step expects, in its errors.
const STRING: &str = "bulk string";

impl<'de> Reader<'de> {
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
        let t = self.start(STRING)?;
        // A bulk string is tested for alone, ahead of the other forms: a branch the CPU
        // predicts, where a `match` on the type byte compiles to an indirect jump.
        if t != b'$' {
            return self.bytes_not_bulk(t);
        }
        let (n, q) = match self.len_line(self.pos + 1) {
            Ok(x) => x,
            Err(e) => return self.streamed_borrowed_or(e),
        };
        if n < 0 {
            return Err(DecodeError::unexpected(STRING, Kind::Null));
        }
        let (s, q) = self.body(q, n as usize)?;
        self.pos = q;
        Ok(s)
    }

    /// [`bytes`](Self::bytes) of a value of type byte `t` other than a bulk string's.
    #[cold]
    #[inline(never)]
    fn bytes_not_bulk(&mut self, t: u8) -> Result<&'de [u8], DecodeError> {
        let (s, q) = match t {
            b'+' | b'(' => self.line(self.pos + 1)?,
            b'=' => self.verbatim_body(STRING)?,
            _ => return Err(self.unexpected_at(self.pos, STRING)),
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
        match self.text(b) {
            Some(text) => Ok(text),
            None => {
                let e = self.invalid_at(before, "utf-8 string");
                self.pos = before;
                Err(e)
            }
        }
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

    /// A string as text: borrowed from the frame and checked as [`str`](Self::str) does
    /// (a stretch of the frame at a time), or joined from a streamed string's chunks.
    ///
    /// # Errors
    ///
    /// As [`bytes`](Self::bytes), and for bytes that are not UTF-8 (the reader stays at
    /// the string).
    #[inline(always)]
    pub(crate) fn text_cow(&mut self) -> Result<std::borrow::Cow<'de, str>, DecodeError> {
        if self.plain_string_next() {
            self.str().map(std::borrow::Cow::Borrowed)
        } else {
            self.text_cow_settled()
        }
    }

    /// [`text_cow`](Self::text_cow) after attributes or a stream end, or of a streamed
    /// string.
    #[cold]
    #[inline(never)]
    fn text_cow_settled(&mut self) -> Result<std::borrow::Cow<'de, str>, DecodeError> {
        use std::borrow::Cow;
        let before = self.pos;
        let text = match self.bytes_cow()? {
            Cow::Borrowed(b) => self.text(b).map(Cow::Borrowed),
            Cow::Owned(v) => String::from_utf8(v).ok().map(Cow::Owned),
        };
        text.ok_or_else(|| {
            let e = self.invalid_at(before, "utf-8 string");
            self.pos = before;
            e
        })
    }

    /// A string's bytes, borrowed when contiguous in the frame and joined from the chunks
    /// of a streamed string otherwise. Accepts the same types as [`bytes`](Self::bytes).
    ///
    /// # Errors
    ///
    /// As [`bytes`](Self::bytes).
    #[inline]
    pub fn bytes_cow(&mut self) -> Result<std::borrow::Cow<'de, [u8]>, DecodeError> {
        if self.plain_string_next() {
            self.bytes().map(std::borrow::Cow::Borrowed)
        } else {
            self.bytes_cow_settled()
        }
    }

    /// Whether the next value has no attribute or stream end before it and is not a
    /// streamed string: read borrowed, with nothing to settle first.
    #[inline(always)]
    fn plain_string_next(&self) -> bool {
        matches!(
            self.buf.get(self.pos..self.pos + 2),
            Some(&[t, n]) if t != b'|' && t != b'.' && n != b'?'
        )
    }

    /// [`bytes_cow`](Self::bytes_cow) after attributes or a stream end, or of a streamed
    /// string.
    #[cold]
    #[inline(never)]
    fn bytes_cow_settled(&mut self) -> Result<std::borrow::Cow<'de, [u8]>, DecodeError> {
        let p = self.settled(self.pos)?;
        if self.buf.get(p) == Some(&b'$') && self.buf.get(p + 1) == Some(&b'?') {
            self.start(STRING)?;
            let (v, q) = streamed::join_chunks(self.buf, self.pos)?;
            self.pos = q;
            return Ok(std::borrow::Cow::Owned(v));
        }
        self.bytes().map(std::borrow::Cow::Borrowed)
    }

    /// Like [`bytes_cow`](Self::bytes_cow), checked to be UTF-8, as an owned `String`: the
    /// one copy a `String` needs, and no other.
    ///
    /// # Errors
    ///
    /// As [`bytes`](Self::bytes), and when the text is not UTF-8.
    #[inline]
    pub(crate) fn string(&mut self) -> Result<String, DecodeError> {
        const WHAT: &str = "utf-8 string";
        let t = self.start(STRING)?;
        let at = self.pos;
        let text = if t == b'$' && self.buf.get(at + 1) == Some(&b'?') {
            // A streamed string is joined into a buffer of its own: the `String` keeps it.
            String::from_utf8(self.bytes_cow_settled()?.into_owned()).ok()
        } else {
            let b = self.bytes()?;
            self.text(b).map(str::to_owned)
        };
        match text {
            Some(s) => Ok(s),
            None => {
                let e = self.invalid_at(at, WHAT);
                self.pos = at;
                Err(e)
            }
        }
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

    pub(super) fn verbatim_body(
        &self,
        expected: &'static str,
    ) -> Result<(&'de [u8], usize), DecodeError> {
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

    /// A streamed bulk string (`$?`) at the cursor, borrowed: only possible when it has
    /// at most one chunk. Called when the length did not parse (`e`, returned when the
    /// string is not streamed either).
    #[cold]
    #[inline(never)]
    pub(super) fn streamed_borrowed_or(
        &mut self,
        e: DecodeError,
    ) -> Result<&'de [u8], DecodeError> {
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
