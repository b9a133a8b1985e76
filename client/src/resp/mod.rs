//! The RESP wire format: finding frames in a byte stream and reading them.

mod decode_error;
mod frame;
mod reader;
mod scan;
pub(crate) mod write;

pub use decode_error::{DecodeError, DecodeErrorKind};
pub use frame::{decode, Frame};
pub use reader::{Kind, Reader};
pub use scan::{FrameScanner, Limits, ProtocolError, ProtocolErrorKind};
