//! Helpers shared by the derive tests: frames written as readable text.

// Each test file uses a subset of the helpers.
#![allow(dead_code, unused_macros)]

use typedis::resp::Frame;
use typedis::RespRead;

/// A frame from RESP text written with `\n` line ends (turned into `\r\n`).
pub fn frame(text: &str) -> Frame {
    Frame::from_slice(text.replace('\n', "\r\n").as_bytes()).expect("test frame is valid RESP")
}

/// Decodes an owned `T` from RESP text.
pub fn decode<T: for<'de> RespRead<'de>>(text: &str) -> T {
    match frame(text).decode() {
        Ok(v) => v,
        Err(e) => panic!("decode failed: {e}"),
    }
}

/// The decode error, path included, that reading a `$ty` from RESP text gives (a macro so
/// that `$ty` may borrow from the frame it makes).
macro_rules! decode_error {
    ($ty:ty, $text:expr $(,)?) => {{
        let frame = $crate::derive_support::frame($text);
        match frame.decode::<$ty>() {
            Err(::typedis::Error::Decode(e)) => e.to_string(),
            other => panic!("expected a decode error, got {other:?}"),
        }
    }};
}
