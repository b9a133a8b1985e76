//! Steps that read an aggregate's header: [`Reader::array_len`] and [`Reader::map_len`],
//! RESP3 streamed aggregates (`*?`, `%?`) included.

use super::{streamed, Kind, Reader};
use crate::wire::DecodeError;

impl<'de> Reader<'de> {
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
}

#[cold]
fn odd_flat_map() -> DecodeError {
    DecodeError::invalid("map or flat array of key/value pairs", Kind::Array)
}
