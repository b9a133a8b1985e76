//! The RESP wire format: finding frames in a byte stream and reading them.
//!
//! The frames, the scanner and the [`Reader`] come from the layer below (`wire`); this
//! one reads a frame as a type: [`RespRead`](crate::RespRead), [`Frame::decode`],
//! [`decode`](fn@decode) and [`Value`](crate::Value), any reply at all.

mod decode;
pub(crate) mod derive_support;
pub(crate) mod read;
pub(crate) mod value;

pub use crate::wire::{
    DecodeError, DecodeErrorKind, Frame, FrameScanner, Kind, Limits, ProtocolError,
    ProtocolErrorKind, Reader,
};
pub use decode::decode;
