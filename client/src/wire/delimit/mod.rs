//! Incremental RESP2/RESP3 frame delimiter: finds where the next complete frame ends.
//!
//! The scanner walks the tokens of a frame once, keeping its place between calls:
//! the offset of the next unscanned token, one counter per open aggregate (an
//! explicit stack, no recursion), and, for a line still missing its end, how far it
//! was searched. Bulk payloads are skipped by their declared length; line ends are
//! found with `memchr`. A reply delivered in many small reads therefore costs work
//! linear in its size.

mod error;
mod lex;
mod limits;
#[cfg(test)]
mod tests;

pub use error::{ProtocolError, ProtocolErrorKind};
pub use limits::Limits;

use lex::{crlf, digits, integer, invalid, is_big_number, is_double, line_end, minus_one, Stop};
use ProtocolErrorKind as K;

/// Smallest encoding of one value (`_\r\n`, `+\r\n`): an aggregate of `n` elements
/// needs at least `3 * n` more bytes, which bounds counts by the frame limit early.
const MIN_VALUE_LEN: u64 = 3;

/// Incremental RESP2/RESP3 frame delimiter.
///
/// Give [`scan`](Self::scan) the bytes received so far, starting at the first byte
/// of a frame; it says where that frame ends, or that more bytes are needed, or that
/// the bytes can never form a valid frame. It accepts every RESP2 and RESP3 type
/// (`+ - : $ * _ # , ( ! = % ~ > |`), the `$-1` and `*-1` nulls, streamed strings
/// (`$?` and `;` chunks) and streamed aggregates (`*?`, `%?`, `~?` ending with `.`).
/// An attribute (`|`) is framed together with the value it annotates.
///
/// What the scanner validates, so a reader may trust a delimited frame: every type
/// byte; lengths and counts (decimal, at most 19 digits, `-1` only for `$` and `*`,
/// `?` only where streaming exists); every `\r\n` (lines hold no bare `\r` or `\n`;
/// bulk payloads are followed by `\r\n`); integers (`[+-]digits` within `i64`);
/// booleans (`t`/`f`); doubles (the syntax of Rust's `f64::from_str`, which includes
/// `inf`, `-inf` and `nan`); big numbers (`[+-]digits`); verbatim strings (a 3-byte
/// format and `:`); streamed maps (an even number of elements); the `.` end marker
/// (only directly inside a streamed aggregate, and not right after an attribute);
/// and the bounds of [`Limits`]. Bulk payloads and simple strings are not validated
/// as UTF-8.
#[derive(Debug, Clone, Default)]
pub struct FrameScanner {
    limits: Limits,
    /// Offset of the next token to scan; everything before it has been checked.
    pos: usize,
    /// For a line token at `pos` missing its end: how far it has been searched.
    line_hint: usize,
    /// Inside a streamed string (`$?`): bytes of its chunks so far.
    chunked: Option<usize>,
    /// Open aggregates, innermost last; never longer than `limits.max_depth`.
    stack: Vec<Open>,
}

/// One open aggregate.
#[derive(Debug, Clone, Copy)]
struct Open {
    kind: OpenKind,
    /// Elements still to come (`Counted`, `Attribute`) or, for `StreamedMap`,
    /// whether a key is waiting for its value (0 or 1).
    left: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum OpenKind {
    /// An array, set, push or map with a declared count (maps count 2 per entry).
    Counted,
    /// An attribute's key/value pairs (2 per entry).
    Attribute,
    /// An attribute whose pairs are done: the next value completes it, and it counts
    /// as that one value in its parent.
    Annotated,
    /// A streamed array or set (`*?`, `~?`), ended by `.`.
    Streamed,
    /// A streamed map (`%?`), ended by `.` after a whole number of pairs.
    StreamedMap,
}

/// What one token did.
enum Step {
    /// A whole value ends at this offset.
    Value(usize),
    /// An aggregate, attribute or streamed string was opened, or a chunk of a
    /// streamed string consumed; scanning continues at this offset.
    Open(usize),
}

impl FrameScanner {
    /// A scanner with the default [`Limits`].
    pub fn new() -> Self {
        Self::default()
    }

    /// A scanner that enforces `limits`.
    pub fn with_limits(limits: Limits) -> Self {
        FrameScanner {
            limits,
            ..Self::default()
        }
    }

    /// The bounds this scanner enforces.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Finds where the frame at the start of `buf` ends.
    ///
    /// `buf` starts at the first byte of the frame and may have grown since the last
    /// call (with the same prefix); scanning resumes where the last call stopped, so
    /// a frame delivered in many pieces costs work linear in its size.
    ///
    /// - `Ok(Some(n))`: the first `n` bytes are one complete top-level frame. The
    ///   scanner has reset itself for the next frame, which starts at `buf[n]`.
    /// - `Ok(None)`: more bytes are needed; call again when `buf` has grown.
    /// - `Err(e)`: the bytes can never become a valid frame (a syntax error or a
    ///   bound of [`Limits`] exceeded). The scanner keeps returning the same error
    ///   for this buffer until [`reset`](Self::reset).
    ///
    /// The result depends only on the bytes, never on how they were split between
    /// calls.
    ///
    /// # Errors
    ///
    /// A [`ProtocolError`] saying what is wrong and at which offset of the frame.
    ///
    /// # Example
    ///
    /// ```
    /// use typedis::FrameScanner;
    ///
    /// # fn main() -> Result<(), typedis::ProtocolError> {
    /// let mut scanner = FrameScanner::new();
    /// let mut buf = Vec::new();
    ///
    /// // The reply arrives in pieces; each call picks up where the last one stopped.
    /// buf.extend_from_slice(b"*2\r\n$5\r\nhel");
    /// assert_eq!(scanner.scan(&buf)?, None);
    /// buf.extend_from_slice(b"lo\r\n:4");
    /// assert_eq!(scanner.scan(&buf)?, None);
    /// buf.extend_from_slice(b"2\r\n+OK\r\n");
    /// assert_eq!(scanner.scan(&buf)?, Some(20));
    ///
    /// // The frame is the first 20 bytes; the next one starts right after it.
    /// let rest = buf.split_off(20);
    /// assert_eq!(rest, b"+OK\r\n");
    /// assert_eq!(scanner.scan(&rest)?, Some(5));
    ///
    /// // Bytes that can never be a frame are an error, with the offending offset.
    /// let err = scanner.scan(b"*1\r\n$x\r\n").unwrap_err();
    /// assert_eq!(err.offset, 5);
    /// # Ok(())
    /// # }
    /// ```
    pub fn scan(&mut self, buf: &[u8]) -> Result<Option<usize>, ProtocolError> {
        // Looking past the frame limit is never needed: a frame that would need a
        // byte there is too large. Scanning a truncated view keeps that verdict
        // independent of how the bytes were split.
        let max = self.limits.max_frame_len;
        let view = buf.get(..max).unwrap_or(buf);
        if self.pos > view.len() {
            // Not a grown copy of the last buffer: start over rather than index past it.
            self.reset();
        }
        match self.run(view) {
            Ok(n) => {
                self.reset();
                Ok(Some(n))
            }
            Err(Stop::Incomplete) if buf.len() > max => Err(ProtocolError {
                offset: self.pos,
                kind: K::FrameTooLarge { max },
            }),
            Err(Stop::Incomplete) => Ok(None),
            Err(Stop::Invalid(e)) => Err(*e),
        }
    }

    /// Forgets any partly scanned frame: the next [`scan`](Self::scan) starts a new
    /// frame at byte 0. Keeps the stack's memory for reuse.
    pub fn reset(&mut self) {
        self.pos = 0;
        self.line_hint = 0;
        self.chunked = None;
        self.stack.clear();
    }

    /// Scans tokens from `self.pos` until the frame ends or scanning must stop, in
    /// which case `self.pos` is left at the token that could not be finished.
    #[inline(always)]
    fn run(&mut self, buf: &[u8]) -> Result<usize, Stop> {
        let mut pos = self.pos;
        loop {
            let step = if self.chunked.is_none() {
                self.token(buf, pos)
            } else {
                self.chunk(buf, pos)
            };
            match step {
                Ok(Step::Value(next)) => {
                    pos = next;
                    if self.close_value() {
                        return Ok(pos);
                    }
                }
                Ok(Step::Open(next)) => pos = next,
                Err(stop) => {
                    self.pos = pos;
                    return Err(stop);
                }
            }
        }
    }

    /// Counts one finished value against the open aggregates, closing those it
    /// completes; true when it completes the top-level frame.
    #[inline(always)]
    fn close_value(&mut self) -> bool {
        loop {
            let Some(top) = self.stack.last_mut() else {
                return true;
            };
            match top.kind {
                OpenKind::Counted => {
                    top.left -= 1;
                    if top.left != 0 {
                        return false;
                    }
                    self.stack.pop();
                }
                OpenKind::Attribute => {
                    top.left -= 1;
                    if top.left == 0 {
                        top.kind = OpenKind::Annotated;
                    }
                    return false;
                }
                OpenKind::Annotated => {
                    self.stack.pop();
                }
                OpenKind::Streamed => return false,
                OpenKind::StreamedMap => {
                    top.left ^= 1;
                    return false;
                }
            }
        }
    }

    /// Scans the token that starts at `pos`.
    #[inline(always)]
    fn token(&mut self, buf: &[u8], pos: usize) -> Result<Step, Stop> {
        let Some(&ty) = buf.get(pos) else {
            return Err(Stop::Incomplete);
        };
        lex::examined(1);
        let at = pos + 1;
        match ty {
            // One copy per type byte: the checks for the other two compile away.
            b'$' => self.bulk::<b'$'>(buf, pos),
            b'!' => self.bulk::<b'!'>(buf, pos),
            b'=' => self.bulk::<b'='>(buf, pos),
            b'*' | b'%' | b'~' | b'>' | b'|' => self.aggregate(buf, pos, ty),
            b':' => integer(buf, at).map(Step::Value),
            b'+' | b'-' => line_end(buf, at, &mut self.line_hint).map(|cr| Step::Value(cr + 2)),
            b'_' => crlf(buf, at).map(Step::Value),
            b'#' => match buf.get(at) {
                None => Err(Stop::Incomplete),
                Some(b't' | b'f') => crlf(buf, at + 1).map(Step::Value),
                Some(_) => Err(invalid(at, K::InvalidBoolean)),
            },
            b',' => {
                let cr = line_end(buf, at, &mut self.line_hint)?;
                if !is_double(&buf[at..cr]) {
                    return Err(invalid(pos, K::InvalidDouble));
                }
                Ok(Step::Value(cr + 2))
            }
            b'(' => {
                let cr = line_end(buf, at, &mut self.line_hint)?;
                if !is_big_number(&buf[at..cr]) {
                    return Err(invalid(pos, K::InvalidBigNumber));
                }
                Ok(Step::Value(cr + 2))
            }
            b'.' => self.stream_end(buf, pos),
            _ => Err(invalid(pos, K::InvalidTypeByte(ty))),
        }
    }

    /// Scans a bulk string (`$`), bulk error (`!`) or verbatim string (`=`) at `pos`.
    #[inline(always)]
    fn bulk<const TY: u8>(&mut self, buf: &[u8], pos: usize) -> Result<Step, Stop> {
        let at = pos + 1;
        let (len, data) = match buf.get(at) {
            None => return Err(Stop::Incomplete),
            Some(b'-') if TY == b'$' => return minus_one(buf, at).map(Step::Value),
            Some(b'?') if TY == b'$' => {
                let next = lex::length_end(buf, at + 1)?;
                self.chunked = Some(0);
                return Ok(Step::Open(next));
            }
            Some(_) => digits(buf, at)?,
        };
        if len > self.limits.max_bulk_len as u64 {
            return Err(invalid(
                pos,
                K::BulkTooLong {
                    max: self.limits.max_bulk_len,
                },
            ));
        }
        // In range of usize: bounded by max_bulk_len.
        let len = len as usize;
        if TY == b'=' && len < 4 {
            return Err(invalid(pos, K::InvalidVerbatim));
        }
        let end = self.payload_end(buf, pos, data, len)?;
        if TY == b'=' && buf[data + 3] != b':' {
            return Err(invalid(pos, K::InvalidVerbatim));
        }
        Ok(Step::Value(end))
    }

    /// Checks the `len` payload bytes at `data` and the `\r\n` after them (the token
    /// started at `pos`); returns the offset after the `\n`.
    #[inline(always)]
    fn payload_end(&self, buf: &[u8], pos: usize, data: usize, len: usize) -> Result<usize, Stop> {
        let end = data.saturating_add(len).saturating_add(2);
        if end > self.limits.max_frame_len {
            return Err(invalid(
                pos,
                K::FrameTooLarge {
                    max: self.limits.max_frame_len,
                },
            ));
        }
        if let Some(b"\r\n") = buf.get(end - 2..end) {
            lex::examined(2);
            return Ok(end);
        }
        // Incomplete or wrong: let the byte-wise check say which, and where.
        crlf(buf, end - 2)
    }

    /// Scans one `;<len>\r\n<data>\r\n` chunk of a streamed string at `pos`; the
    /// zero-length chunk ends the string.
    fn chunk(&mut self, buf: &[u8], pos: usize) -> Result<Step, Stop> {
        match buf.get(pos) {
            None => return Err(Stop::Incomplete),
            Some(b';') => {}
            Some(_) => return Err(invalid(pos, K::InvalidChunk)),
        }
        let (len, data) = digits(buf, pos + 1)?;
        if len == 0 {
            self.chunked = None;
            return Ok(Step::Value(data));
        }
        let max = self.limits.max_bulk_len;
        let total = (self.chunked.unwrap_or(0) as u64).saturating_add(len);
        if total > max as u64 {
            return Err(invalid(pos, K::BulkTooLong { max }));
        }
        let end = self.payload_end(buf, pos, data, len as usize)?;
        self.chunked = Some(total as usize);
        Ok(Step::Open(end))
    }

    /// Scans an aggregate header (`*`, `%`, `~`, `>`, `|`) at `pos`.
    #[inline(always)]
    fn aggregate(&mut self, buf: &[u8], pos: usize, ty: u8) -> Result<Step, Stop> {
        let at = pos + 1;
        let (count, next) = match buf.get(at) {
            None => return Err(Stop::Incomplete),
            Some(b'-') if ty == b'*' => return minus_one(buf, at).map(Step::Value),
            Some(b'?') if matches!(ty, b'*' | b'%' | b'~') => {
                let next = lex::length_end(buf, at + 1)?;
                let kind = if ty == b'%' {
                    OpenKind::StreamedMap
                } else {
                    OpenKind::Streamed
                };
                self.check_depth(pos)?;
                self.stack.push(Open { kind, left: 0 });
                return Ok(Step::Open(next));
            }
            Some(_) => digits(buf, at)?,
        };
        let max = self.limits.max_aggregate_len;
        if count > max as u64 {
            return Err(invalid(pos, K::AggregateTooLong { max }));
        }
        self.check_depth(pos)?;
        // Maps and attributes hold a key and a value per entry.
        let pairs = matches!(ty, b'%' | b'|');
        let elements = if pairs {
            count.checked_mul(2)
        } else {
            Some(count)
        };
        let Some(elements) = elements.filter(|&e| e <= usize::MAX as u64) else {
            return Err(invalid(pos, K::AggregateTooLong { max }));
        };
        let least_end = (next as u64).saturating_add(elements.saturating_mul(MIN_VALUE_LEN));
        if least_end > self.limits.max_frame_len as u64 {
            return Err(invalid(
                pos,
                K::FrameTooLarge {
                    max: self.limits.max_frame_len,
                },
            ));
        }
        let left = elements as usize;
        if ty == b'|' {
            let kind = if left == 0 {
                OpenKind::Annotated
            } else {
                OpenKind::Attribute
            };
            self.stack.push(Open { kind, left });
            Ok(Step::Open(next))
        } else if left == 0 {
            Ok(Step::Value(next))
        } else {
            self.stack.push(Open {
                kind: OpenKind::Counted,
                left,
            });
            Ok(Step::Open(next))
        }
    }

    /// Fails if opening one more aggregate (the header at `pos`) would exceed the
    /// depth limit.
    #[inline(always)]
    fn check_depth(&self, pos: usize) -> Result<(), Stop> {
        let max = self.limits.max_depth;
        if self.stack.len() >= max {
            return Err(invalid(pos, K::TooDeep { max }));
        }
        Ok(())
    }

    /// Scans the `.\r\n` at `pos` that ends the innermost streamed aggregate.
    fn stream_end(&mut self, buf: &[u8], pos: usize) -> Result<Step, Stop> {
        match self.stack.last() {
            Some(Open {
                kind: OpenKind::Streamed,
                ..
            })
            | Some(Open {
                kind: OpenKind::StreamedMap,
                left: 0,
            }) => {}
            Some(Open {
                kind: OpenKind::StreamedMap,
                ..
            }) => return Err(invalid(pos, K::UnpairedMapKey)),
            _ => return Err(invalid(pos, K::UnexpectedStreamEnd)),
        }
        let next = crlf(buf, pos + 1)?;
        self.stack.pop();
        Ok(Step::Value(next))
    }
}

/// A length line, `<digits>\r\n` at `at`, by the rule the scanner applies to every length
/// and count: `Ok(Some((n, next)))` with the offset after `\n`, `Ok(None)` while the line
/// is incomplete, or the error the scanner reports for it. For code that reads a reply's
/// header before (or instead of) scanning the reply.
pub(crate) fn length_line(buf: &[u8], at: usize) -> Result<Option<(u64, usize)>, ProtocolError> {
    match digits(buf, at) {
        Ok(found) => Ok(Some(found)),
        Err(Stop::Incomplete) => Ok(None),
        Err(Stop::Invalid(e)) => Err(*e),
    }
}
