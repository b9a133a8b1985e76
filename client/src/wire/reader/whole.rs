//! Steps that take one whole value, whatever it holds: [`Reader::skip`],
//! [`Reader::raw`] and [`Reader::server_error`].

use std::ops::Range;

use bytes::Bytes;

use super::{lex, Reader};
use crate::wire::DecodeError;
use crate::wire::ServerError;

impl<'de> Reader<'de> {
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
    #[inline]
    pub fn server_error(&mut self) -> Result<Option<ServerError>, DecodeError> {
        // Most values are not errors and have no attribute before them: told apart by
        // their first byte, inline, on every decode.
        match self.buf.get(self.pos) {
            Some(b'-' | b'!' | b'|' | b'.') | None => self.server_error_read(),
            Some(_) => Ok(None),
        }
    }

    /// [`server_error`](Self::server_error) where the first byte may start one, or an
    /// attribute or a stream end comes first.
    #[cold]
    #[inline(never)]
    fn server_error_read(&mut self) -> Result<Option<ServerError>, DecodeError> {
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

    /// Reads the next value with `read`, which must read all of it, and returns what it
    /// read with the value's bytes (attributes before it excluded) as a zero-copy slice of
    /// the frame: one walk over a value both checked and kept whole.
    pub(crate) fn read_and_keep<T>(
        &mut self,
        read: impl FnOnce(&mut Self) -> Result<T, DecodeError>,
    ) -> Result<(T, Bytes), DecodeError> {
        let (value, at) = self.read_and_mark(read)?;
        Ok((value, self.bytes.slice(at)))
    }

    /// As [`read_and_keep`](Self::read_and_keep), with where the value's bytes are in the
    /// frame in place of a slice of them (no reference count taken).
    #[inline]
    pub(crate) fn read_and_mark<T>(
        &mut self,
        read: impl FnOnce(&mut Self) -> Result<T, DecodeError>,
    ) -> Result<(T, Range<usize>), DecodeError> {
        self.start("value")?;
        let start = self.pos;
        let value = read(self)?;
        Ok((value, start..self.pos))
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
}
