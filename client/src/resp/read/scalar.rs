//! [`RespRead`] for single values: strings, numbers, `bool`, `()`, `Option`, `Result` and
//! sub-frames.

use std::borrow::Cow;

use bytes::Bytes;

use super::RespRead;
use crate::error::Error;
use crate::wire::DecodeError;
use crate::wire::Frame;
use crate::wire::Kind;
use crate::wire::Reader;
use crate::wire::ServerError;

impl<'de> RespRead<'de> for &'de [u8] {
    #[inline]
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        r.bytes()
    }

    /// A reply of one bulk string is read without a [`Reader`].
    #[inline]
    fn read_frame(frame: &'de Frame) -> Result<Self, Error> {
        match frame.bulk() {
            Some(s) => Ok(s),
            None => frame.read_whole(),
        }
    }

    #[inline]
    fn read_option_frame(frame: &'de Frame) -> Result<Option<Self>, Error> {
        match frame.bulk() {
            Some(s) => Ok(Some(s)),
            // Nulls, attributes, other strings: the reader's way.
            None => frame.read_whole(),
        }
    }
}

impl<'de> RespRead<'de> for &'de str {
    #[inline]
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        r.str()
    }
}

impl<'de> RespRead<'de> for Bytes {
    #[inline]
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        r.bytes_owned()
    }

    /// A reply of one bulk string is read without a [`Reader`].
    #[inline]
    fn read_frame(frame: &'de Frame) -> Result<Self, Error> {
        match frame.bulk() {
            Some(s) => Ok(frame.as_bytes().slice_ref(s)),
            None => frame.read_whole(),
        }
    }

    #[inline]
    fn read_option_frame(frame: &'de Frame) -> Result<Option<Self>, Error> {
        match frame.bulk() {
            Some(s) => Ok(Some(frame.as_bytes().slice_ref(s))),
            None => frame.read_whole(),
        }
    }

    /// A reply of one bulk string is the frame's own bytes, narrowed to the string.
    #[inline]
    fn take_frame(frame: &'de mut Frame) -> Result<Self, Error> {
        match frame.take_bulk() {
            Some(bytes) => Ok(bytes),
            None => frame.read_whole(),
        }
    }

    #[inline]
    fn take_option_frame(frame: &'de mut Frame) -> Result<Option<Self>, Error> {
        match frame.take_bulk() {
            Some(bytes) => Ok(Some(bytes)),
            // Nulls, attributes, other strings: the reader's way.
            None => frame.read_whole(),
        }
    }
}

impl<'de> RespRead<'de> for Cow<'de, [u8]> {
    #[inline]
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        r.bytes_cow()
    }
}

impl<'de> RespRead<'de> for String {
    #[inline]
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        r.string()
    }
}

/// `Vec<u8>` is read through this override of [`RespRead::read_vec`]: as a string.
impl<'de> RespRead<'de> for u8 {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let v = r.int()?;
        u8::try_from(v).map_err(|_| DecodeError::out_of_range("u8", i128::from(v)))
    }

    fn read_vec(r: &mut Reader<'de>) -> Result<Vec<Self>, DecodeError> {
        r.bytes_cow().map(Cow::into_owned)
    }
}

macro_rules! int_via_i64 {
    ($($t:ty),*) => {$(
        impl<'de> RespRead<'de> for $t {
            #[inline]
            fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
                let v = r.int()?;
                <$t>::try_from(v)
                    .map_err(|_| DecodeError::out_of_range(stringify!($t), i128::from(v)))
            }
        }
    )*};
}
int_via_i64!(i8, i16, i32, i64, isize, u16, u32, usize);

// Types whose range reaches past i64: read in 128 bits so that, say, a `u64` above
// `i64::MAX` sent as text or a big number still reads.
macro_rules! int_via_i128 {
    ($($t:ty),*) => {$(
        impl<'de> RespRead<'de> for $t {
            #[inline]
            fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
                let v = r.int128()?;
                <$t>::try_from(v).map_err(|_| DecodeError::out_of_range(stringify!($t), v))
            }
        }
    )*};
}
int_via_i128!(u64, i128, u128);

impl<'de> RespRead<'de> for f64 {
    #[inline]
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        r.double()
    }
}

impl<'de> RespRead<'de> for f32 {
    /// Rounds to the nearest `f32` (large values become infinite).
    #[inline]
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        r.double().map(|v| v as f32)
    }
}

impl<'de> RespRead<'de> for bool {
    #[inline]
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        r.boolean()
    }
}

/// Reads the simple string `OK` (the reply of `SET`, `FLUSHALL`, ...) and nothing else.
impl<'de> RespRead<'de> for () {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        const WHAT: &str = "OK";
        match r.peek()? {
            Kind::SimpleString => match r.bytes()? {
                b"OK" => Ok(()),
                _ => Err(DecodeError::invalid(WHAT, Kind::SimpleString)),
            },
            found => Err(DecodeError::unexpected(WHAT, found)),
        }
    }
}

/// Any null form (`_`, `$-1`, `*-1`) is `None`; anything else is read as `T`. For a
/// `#[resp(map)]` struct an empty map is `None` too: a hash that does not exist.
impl<'de, T: RespRead<'de>> RespRead<'de> for Option<T> {
    #[inline]
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        T::read_option(r)
    }

    #[inline]
    fn read_frame(frame: &'de Frame) -> Result<Self, Error> {
        T::read_option_frame(frame)
    }

    #[inline]
    fn take_frame(frame: &'de mut Frame) -> Result<Self, Error> {
        T::take_option_frame(frame)
    }
}

/// An error reply (`-`, `!`) is `Err`; anything else is read as `T`. For replies that mix
/// values and errors: the replies of `EXEC`, or of a pipeline read as one.
impl<'de, T: RespRead<'de>> RespRead<'de> for Result<T, ServerError> {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        match r.server_error()? {
            Some(e) => Ok(Err(e)),
            None => T::read(r).map(Ok),
        }
    }
}

impl<'de, T: RespRead<'de>> RespRead<'de> for Box<T> {
    #[inline]
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        T::read(r).map(Box::new)
    }
}

/// Any one value, kept as a zero-copy sub-frame to read later (attributes before it are
/// dropped).
impl<'de> RespRead<'de> for Frame {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        r.raw().map(Frame::from_scanned)
    }
}
