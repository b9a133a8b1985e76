//! [`Frame`]: one complete, validated top-level RESP frame, and decoding it into a type.

use std::fmt;

use bytes::Bytes;

use super::{FrameScanner, ProtocolError, ProtocolErrorKind, Reader};
use crate::{Error, RespRead};

/// One complete, validated top-level RESP2/RESP3 frame.
///
/// A `Frame` can only be made by scanning its bytes with the [`FrameScanner`], so it is
/// always exactly one well-formed value whose nesting depth is bounded. Cloning is cheap
/// (the bytes are shared).
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
    pub fn is_push(&self) -> bool {
        match self.bytes.first() {
            Some(b'>') => true,
            // Only attributes stand between a frame's start and its value's type byte.
            Some(b'|') => matches!(Reader::new(self).peek(), Ok(super::Kind::Push)),
            _ => false,
        }
    }

    /// Whether this is an error reply (`-` or `!`, after any attributes).
    pub fn is_error(&self) -> bool {
        matches!(
            Reader::new(self).peek(),
            Ok(super::Kind::SimpleError | super::Kind::BulkError)
        )
    }

    /// Reads the whole frame as a `T`.
    ///
    /// An error reply at the top level becomes [`Error::Server`] before `T` reads
    /// anything (read `Result<T, ServerError>` inside aggregates, such as the replies of a
    /// transaction, to get per-element errors). `T` must consume the frame exactly.
    ///
    /// ```
    /// use typedis::resp::Frame;
    /// use typedis::Error;
    ///
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// // An XRANGE reply read into borrowed tuples: no string is copied.
    /// let frame = Frame::from_slice(
    ///     b"*1\r\n*2\r\n$3\r\n1-0\r\n*2\r\n$4\r\nname\r\n$3\r\nada\r\n",
    /// )?;
    /// let entries: Vec<(&str, Vec<(&str, &[u8])>)> = frame.decode()?;
    /// assert_eq!(entries, [("1-0", vec![("name", &b"ada"[..])])]);
    ///
    /// let frame = Frame::from_slice(b"-WRONGTYPE Operation against a key\r\n")?;
    /// match frame.decode::<i64>() {
    ///     Err(Error::Server(e)) => assert_eq!(e.code(), "WRONGTYPE"),
    ///     other => panic!("unexpected {other:?}"),
    /// }
    /// # Ok(())
    /// # }
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::Server`] for an error reply, [`Error::Decode`] when the reply does not
    /// have `T`'s shape or is not consumed exactly.
    pub fn decode<'de, T: RespRead<'de>>(&'de self) -> Result<T, Error> {
        let mut r = Reader::new(self);
        if let Some(e) = r.server_error()? {
            return Err(Error::Server(e));
        }
        let value = T::read(&mut r)?;
        r.finish()?;
        Ok(value)
    }
}

/// Scans `bytes` as one frame and reads it as an owned `T` (see [`Frame::decode`]).
///
/// ```
/// # fn main() -> Result<(), typedis::Error> {
/// let n: u64 = typedis::resp::decode(b":42\r\n")?;
/// assert_eq!(n, 42);
/// # Ok(())
/// # }
/// ```
///
/// # Errors
///
/// [`Error::Protocol`] when the bytes are not exactly one frame, and as
/// [`Frame::decode`].
pub fn decode<T: for<'de> RespRead<'de>>(bytes: &[u8]) -> Result<T, Error> {
    Frame::from_slice(bytes)?.decode()
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
    use super::Frame;

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
}
