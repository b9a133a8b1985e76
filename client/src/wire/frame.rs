//! [`Frame`]: one complete, validated top-level RESP frame, and taking frames out of a
//! growing receive buffer ([`FrameScanner::next_frame`]). Reading a frame as a type
//! ([`Frame::decode`]) is the layer above's (`resp/decode.rs`).

use std::fmt;

use bytes::{Buf, Bytes, BytesMut};

use super::reader::len_line;
use super::{FrameScanner, ProtocolError, ProtocolErrorKind, Reader};

/// One complete, validated top-level RESP2/RESP3 frame.
///
/// A `Frame` can only be made by scanning its bytes with the [`FrameScanner`], so it is
/// always exactly one well-formed value whose nesting depth is bounded. Cloning is cheap
/// (the bytes are shared). Over a transport of your own, take frames out of the receive
/// buffer with [`FrameScanner::next_frame`]; [`Frame::new`] is for bytes that arrive whole.
///
/// ```
/// use typedis::resp::Frame;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let frame = Frame::from_slice(b"*2\r\n$3\r\nfoo\r\n:7\r\n")?;
/// let (name, count): (&str, u32) = frame.decode()?;
/// assert_eq!((name, count), ("foo", 7));
/// # Ok(())
/// # }
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Frame {
    bytes: Bytes,
}

impl Frame {
    /// Checks that `bytes` hold exactly one complete frame (scanned with default
    /// [`Limits`](super::Limits)) and wraps them without copying.
    ///
    /// Each call scans with a new scanner; to read the replies of a connection, keep one
    /// [`FrameScanner`] and use [`FrameScanner::next_frame`], which scans each byte once
    /// however the replies are split between reads and reuses its memory.
    ///
    /// # Errors
    ///
    /// When the bytes are not RESP, exceed a limit, end before the frame does, or go on
    /// after it.
    pub fn new(bytes: Bytes) -> Result<Frame, ProtocolError> {
        match FrameScanner::new().scan(&bytes)? {
            Some(n) if n == bytes.len() => Ok(Frame { bytes }),
            Some(n) => Err(ProtocolError {
                offset: n,
                kind: ProtocolErrorKind::TrailingBytes,
            }),
            None => Err(ProtocolError {
                offset: bytes.len(),
                kind: ProtocolErrorKind::Incomplete,
            }),
        }
    }

    /// Like [`Frame::new`], copying the bytes.
    ///
    /// # Errors
    ///
    /// As [`Frame::new`].
    pub fn from_slice(buf: &[u8]) -> Result<Frame, ProtocolError> {
        Frame::new(Bytes::copy_from_slice(buf))
    }

    /// Wraps bytes that a [`FrameScanner`] has already delimited as one frame.
    pub(crate) fn from_scanned(bytes: Bytes) -> Frame {
        Frame { bytes }
    }

    /// The frame's bytes.
    pub fn as_bytes(&self) -> &Bytes {
        &self.bytes
    }

    /// The frame's bytes, without copying.
    pub fn into_bytes(self) -> Bytes {
        self.bytes
    }

    /// Whether this is a RESP3 push frame (`>`, after any attributes): out-of-band data
    /// such as a pub/sub message, not the reply to a request.
    #[inline]
    pub fn is_push(&self) -> bool {
        match self.bytes.first() {
            Some(b'>') => true,
            Some(b'|') => self.is_push_after_attributes(),
            _ => false,
        }
    }

    /// [`is_push`](Self::is_push) of a frame that starts with attributes.
    #[cold]
    #[inline(never)]
    fn is_push_after_attributes(&self) -> bool {
        // Only attributes stand between a frame's start and its value's type byte.
        matches!(Reader::new(self).peek(), Ok(super::Kind::Push))
    }

    /// Where the string of a frame that is one bulk string (`$<len>\r\n<data>\r\n`)
    /// starts, and its length; `None` for any other frame.
    #[inline(always)]
    fn bulk_at(&self) -> Option<(usize, usize)> {
        if self.bytes.first() != Some(&b'$') {
            return None;
        }
        // A null (`$-1`) or a streamed string (`$?`) has no length here.
        let (len, start) = len_line(&self.bytes, 1).ok()?;
        let len = usize::try_from(len).ok()?;
        if start.checked_add(len)?.checked_add(2)? != self.bytes.len() {
            return None;
        }
        Some((start, len))
    }

    /// The string of a frame that is one bulk string; `None` for any other frame.
    #[inline]
    pub(crate) fn bulk(&self) -> Option<&[u8]> {
        let (start, len) = self.bulk_at()?;
        Some(&self.bytes[start..start + len])
    }

    /// The string of a frame that is one bulk string, taken out of the frame (which is
    /// left empty) without touching the shared buffer's reference count; `None`, and the
    /// frame as it was, for any other frame.
    #[inline]
    pub(crate) fn take_bulk(&mut self) -> Option<Bytes> {
        let (start, len) = self.bulk_at()?;
        let mut bytes = std::mem::take(&mut self.bytes);
        bytes.advance(start);
        bytes.truncate(len);
        Some(bytes)
    }

    /// Whether this is a null (`_`, or RESP2's `$-1` and `*-1`).
    pub(crate) fn is_null(&self) -> bool {
        matches!(self.bytes.as_ref(), b"_\r\n" | b"$-1\r\n" | b"*-1\r\n")
    }

    /// Whether this is an error reply (`-` or `!`, after any attributes).
    #[inline]
    pub fn is_error(&self) -> bool {
        match self.bytes.first() {
            Some(b'-' | b'!') => true,
            Some(b'|') => self.is_error_after_attributes(),
            _ => false,
        }
    }

    /// [`is_error`](Self::is_error) of a frame that starts with attributes.
    #[cold]
    #[inline(never)]
    fn is_error_after_attributes(&self) -> bool {
        matches!(
            Reader::new(self).peek(),
            Ok(super::Kind::SimpleError | super::Kind::BulkError)
        )
    }
}

impl FrameScanner {
    /// Takes the complete frame at the start of `buf` out of it, if one is there: the
    /// frame's bytes are split off `buf` without copying, and `buf` then starts at the next
    /// frame. `Ok(None)` means more bytes are needed: append them to `buf` (read into it)
    /// and call again; the bytes already scanned are not scanned again.
    ///
    /// This is the way to read replies over a transport of your own (a custom socket, a
    /// proxy, a test harness). `buf` must start at a frame boundary and only grow at its
    /// end between calls that return `Ok(None)`.
    ///
    /// # Errors
    ///
    /// A [`ProtocolError`] when the bytes at the start of `buf` can never be a frame (or
    /// exceed the scanner's [`Limits`](super::Limits)); `buf` is left as it was. The
    /// connection is then unusable: the next frame's start cannot be known.
    ///
    /// # Example
    ///
    /// ```
    /// use bytes::BytesMut;
    /// use typedis::FrameScanner;
    ///
    /// # fn main() -> Result<(), typedis::Error> {
    /// let mut scanner = FrameScanner::new();
    /// let mut buf = BytesMut::new();
    /// let mut replies = Vec::new();
    ///
    /// // Bytes as they arrive from the socket, cut anywhere.
    /// for read in [&b"*2\r\n$5\r\nhel"[..], b"lo\r\n:42\r\n+O", b"K\r\n"] {
    ///     buf.extend_from_slice(read);
    ///     while let Some(frame) = scanner.next_frame(&mut buf)? {
    ///         replies.push(frame);
    ///     }
    /// }
    ///
    /// let (word, n): (&str, i64) = replies[0].decode()?;
    /// assert_eq!((word, n), ("hello", 42));
    /// replies[1].decode::<()>()?; // +OK
    /// assert!(buf.is_empty());
    /// # Ok(())
    /// # }
    /// ```
    pub fn next_frame(&mut self, buf: &mut BytesMut) -> Result<Option<Frame>, ProtocolError> {
        Ok(self
            .scan(buf)?
            .map(|n| Frame::from_scanned(buf.split_to(n).freeze())))
    }
}

impl fmt::Debug for Frame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Frame").field(&self.bytes).finish()
    }
}

impl AsRef<[u8]> for Frame {
    fn as_ref(&self) -> &[u8] {
        &self.bytes
    }
}

#[cfg(test)]
mod tests {
    use super::{Frame, FrameScanner, ProtocolErrorKind};
    use bytes::BytesMut;

    #[test]
    fn next_frame_takes_every_frame_however_the_bytes_are_split() {
        let stream: &[u8] = b"*2\r\n*1\r\n$3\r\nabc\r\n:7\r\n>2\r\n+message\r\n+hi\r\n_\r\n";
        let whole: Vec<Frame> = {
            let mut buf = BytesMut::from(stream);
            let mut scanner = FrameScanner::new();
            std::iter::from_fn(|| scanner.next_frame(&mut buf).unwrap()).collect()
        };
        assert_eq!(whole.len(), 3);
        assert_eq!(whole[0].as_bytes().as_ref(), &stream[..21]);
        assert!(whole[1].is_push());
        for piece in 1..stream.len() {
            let mut scanner = FrameScanner::new();
            let mut buf = BytesMut::new();
            let mut frames = Vec::new();
            for chunk in stream.chunks(piece) {
                buf.extend_from_slice(chunk);
                while let Some(frame) = scanner.next_frame(&mut buf).unwrap() {
                    frames.push(frame);
                }
            }
            assert_eq!(frames, whole, "pieces of {piece} bytes");
            assert!(buf.is_empty());
        }
    }

    #[test]
    fn next_frame_leaves_the_buffer_as_it_was_on_bytes_that_are_not_resp() {
        let mut buf = BytesMut::from(&b"+OK\r\n*1\r\n$x\r\n"[..]);
        let mut scanner = FrameScanner::new();
        assert!(scanner.next_frame(&mut buf).unwrap().is_some());
        let e = scanner.next_frame(&mut buf).unwrap_err();
        assert_eq!(e.offset, 5);
        assert!(matches!(e.kind, ProtocolErrorKind::InvalidLength), "{e:?}");
        assert_eq!(&buf[..], b"*1\r\n$x\r\n");
    }

    #[test]
    fn push_frames_are_told_apart_with_and_without_attributes() {
        let push = |b: &[u8]| Frame::from_slice(b).unwrap().is_push();
        assert!(push(b">2\r\n+message\r\n+hi\r\n"));
        assert!(push(b"|1\r\n+ttl\r\n:3\r\n>1\r\n+invalidate\r\n"));
        assert!(!push(b"|1\r\n+ttl\r\n:3\r\n*1\r\n+reply\r\n"));
        assert!(!push(b"*2\r\n+message\r\n+hi\r\n"));
        assert!(!push(b"$2\r\n>1\r\n"));
        assert!(!push(b"_\r\n"));
    }

    #[test]
    fn a_bulk_string_is_taken_out_of_its_frame_without_a_copy() {
        let long = format!("${}\r\n{}\r\n", 1234, "x".repeat(1234));
        for (wire, data) in [
            (&b"$0\r\n\r\n"[..], &b""[..]),
            (b"$3\r\nabc\r\n", b"abc"),
            (b"$4\r\na\r\nb\r\n", b"a\r\nb"),
            (long.as_bytes(), &long.as_bytes()[7..1241]),
        ] {
            let mut frame = Frame::from_slice(wire).unwrap();
            let start = frame.as_bytes().as_ptr() as usize;
            let taken = frame.take_bulk().expect("a bulk string");
            assert_eq!(taken.as_ref(), data);
            assert_eq!(
                taken.as_ptr() as usize,
                start + (wire.len() - data.len() - 2)
            );
            assert!(frame.as_bytes().is_empty());
        }
        for wire in [
            &b"$-1\r\n"[..],
            b"$?\r\n;2\r\nab\r\n;0\r\n",
            b"+OK\r\n",
            b"=7\r\ntxt:abc\r\n",
            b"|1\r\n+a\r\n:1\r\n$1\r\nx\r\n",
            b"*1\r\n$1\r\nx\r\n",
            b"-ERR no\r\n",
            b"_\r\n",
        ] {
            let mut frame = Frame::from_slice(wire).unwrap();
            assert_eq!(
                frame.take_bulk(),
                None,
                "{:?}",
                String::from_utf8_lossy(wire)
            );
            assert_eq!(frame.as_bytes().as_ref(), wire);
        }
    }

    #[test]
    fn errors_and_pushes_are_told_by_their_first_byte_as_the_reader_tells_them() {
        use super::super::Kind;
        for wire in [
            &b"-ERR no\r\n"[..],
            b"!3\r\nERR\r\n",
            b"|1\r\n+a\r\n:1\r\n-ERR no\r\n",
            b"|1\r\n+a\r\n:1\r\n!3\r\nERR\r\n",
            b"|1\r\n+a\r\n:1\r\n>1\r\n+m\r\n",
            b"|1\r\n+a\r\n:1\r\n$1\r\nx\r\n",
            b">2\r\n+message\r\n+hi\r\n",
            b"+OK\r\n",
            b"$3\r\nabc\r\n",
            b"*1\r\n-ERR inside\r\n",
            b"_\r\n",
        ] {
            let frame = Frame::from_slice(wire).unwrap();
            let kind = super::Reader::new(&frame).peek().unwrap();
            assert_eq!(
                frame.is_error(),
                matches!(kind, Kind::SimpleError | Kind::BulkError),
                "{frame:?}"
            );
            assert_eq!(frame.is_push(), kind == Kind::Push, "{frame:?}");
        }
    }
}
