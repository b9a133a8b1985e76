//! Reading a whole [`Frame`] as a type: [`Frame::decode`] and [`decode`], with the
//! crate's [`Error`] (an error reply, or a reply of another shape). The frame is the wire
//! layer's; reading it as a type is this layer's, beside [`RespRead`].

use crate::error::Error;
use crate::resp::read::{DecodeOwned, RespRead};
use crate::wire::{Frame, Reader};

impl Frame {
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
    ///     Err(Error::Server(e)) => assert_eq!(e.code(), Some("WRONGTYPE")),
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
    #[inline]
    pub fn decode<'de, T: RespRead<'de>>(&'de self) -> Result<T, Error> {
        T::read_frame(self)
    }

    /// [`decode`](Self::decode) with a [`Reader`], as every type but those with a way of
    /// their own to read a whole frame reads one.
    pub(crate) fn read_whole<'de, T: RespRead<'de>>(&'de self) -> Result<T, Error> {
        let mut r = Reader::new(self);
        if let Some(e) = r.server_error()? {
            return Err(Error::Server(e));
        }
        let value = T::read(&mut r)?;
        r.finish()?;
        Ok(value)
    }
    /// Reads the whole frame as an owned `T`, as [`decode`](Self::decode) does, taking the
    /// frame's bytes where `T` keeps them whole (a `Bytes` reply) instead of sharing them.
    #[inline]
    pub(crate) fn decode_owned<T: DecodeOwned>(mut self) -> Result<T, Error> {
        T::take_frame(&mut self)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_way_of_reading_a_whole_frame_reads_what_the_reader_reads() {
        use bytes::Bytes;
        use std::fmt::Debug;

        fn same<T: DecodeOwned + PartialEq + Debug>(frame: &Frame) {
            let read = frame.read_whole::<T>().map_err(|e| e.to_string());
            let decoded = frame.decode::<T>().map_err(|e| e.to_string());
            let owned = frame.clone().decode_owned::<T>().map_err(|e| e.to_string());
            let what = std::any::type_name::<T>();
            assert_eq!(decoded, read, "{frame:?} as {what}");
            assert_eq!(owned, read, "{frame:?} as {what}, owned");
        }
        fn same_borrowed<'de, T: RespRead<'de> + PartialEq + Debug>(frame: &'de Frame) {
            let read = frame.read_whole::<T>().map_err(|e| e.to_string());
            let decoded = frame.decode::<T>().map_err(|e| e.to_string());
            let what = std::any::type_name::<T>();
            assert_eq!(decoded, read, "{frame:?} as {what}");
        }
        for wire in [
            &b"$0\r\n\r\n"[..],
            b"$3\r\nabc\r\n",
            b"$-1\r\n",
            b"_\r\n",
            b"*-1\r\n",
            b"$?\r\n;2\r\nab\r\n;1\r\nc\r\n;0\r\n",
            b"+OK\r\n",
            b"=7\r\ntxt:abc\r\n",
            b"|1\r\n+a\r\n:1\r\n$1\r\nx\r\n",
            b"|1\r\n+a\r\n:1\r\n_\r\n",
            b"*1\r\n$1\r\nx\r\n",
            b"-ERR no\r\n",
            b"!3\r\nERR\r\n",
            b":7\r\n",
        ] {
            let frame = Frame::from_slice(wire).unwrap();
            same::<Bytes>(&frame);
            same::<Option<Bytes>>(&frame);
            same::<Option<Option<Bytes>>>(&frame);
            same::<String>(&frame);
            same::<Option<String>>(&frame);
            same::<Vec<Bytes>>(&frame);
            same::<i64>(&frame);
            same_borrowed::<&[u8]>(&frame);
            same_borrowed::<Option<&[u8]>>(&frame);
            same_borrowed::<&str>(&frame);
            same_borrowed::<Option<Option<&[u8]>>>(&frame);
        }
    }
}
