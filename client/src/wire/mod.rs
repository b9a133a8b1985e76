//! The RESP wire format: one validated [`Frame`], the [`FrameScanner`] that finds frames in
//! a byte stream within its [`Limits`], the [`Reader`] that walks a frame, its errors
//! ([`ProtocolError`], [`DecodeError`]), an error reply ([`ServerError`]), and writing
//! commands. Reading a frame as a type is the layer above ([`resp`](crate::resp)).

mod decode_error;
mod delimit;
mod frame;
mod reader;
mod server_error;
pub(crate) mod write;

pub use decode_error::{DecodeError, DecodeErrorKind};
pub(crate) use delimit::length_line;
pub use delimit::{FrameScanner, Limits, ProtocolError, ProtocolErrorKind};
pub use frame::Frame;
pub use reader::{Kind, Reader};
pub use server_error::ServerError;
