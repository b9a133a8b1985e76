//! The RESP wire format: finding frames in a byte stream and reading them.

mod decode_error;
mod delimit;
mod frame;
mod reader;
pub(crate) mod write;

pub use decode_error::{DecodeError, DecodeErrorKind};
pub(crate) use delimit::length_line;
pub use delimit::{FrameScanner, Limits, ProtocolError, ProtocolErrorKind};
pub use frame::{decode, Frame};
pub use reader::{Kind, Reader};
