//! Steps that read a scalar: integers, doubles and booleans (from their RESP3 types or
//! the strings RESP2 sends instead), and nulls in every form.

use super::{lex, Kind, Reader};
use crate::wire::DecodeError;

impl<'de> Reader<'de> {
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

    /// A boolean: RESP3 `#t`/`#f`, the integers `1`/`0` that RESP2 sends instead, or the
    /// text `1`/`0` (a bulk or simple string: what a `bool` argument stores).
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
            _ => {
                let before = self.pos;
                return match self.number_text(t, WHAT)? {
                    b"1" => Ok(true),
                    b"0" => Ok(false),
                    _ => {
                        let e = self.invalid_at(before, WHAT);
                        self.pos = before;
                        Err(e)
                    }
                };
            }
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
}
