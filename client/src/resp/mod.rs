//! The RESP wire format: finding frames in a byte stream and reading them, the
//! [`RespRead`](crate::RespRead) trait types read themselves with, and
//! [`Value`](crate::Value), any reply at all.

mod decode_error;
mod delimit;
pub(crate) mod derive_support;
mod frame;
pub(crate) mod read;
mod reader;
pub(crate) mod value;
pub(crate) mod write;

pub use decode_error::{DecodeError, DecodeErrorKind};
pub(crate) use delimit::length_line;
pub use delimit::{FrameScanner, Limits, ProtocolError, ProtocolErrorKind};
pub use frame::{decode, Frame};
pub use reader::{Kind, Reader};
