//! The RESP wire format: finding frames in a byte stream and reading them.

mod decode_error;
mod frame;
mod reader;
mod scan;

pub use decode_error::{DecodeError, DecodeErrorKind};
pub use frame::{decode, Frame};
pub use reader::{Kind, Reader};
pub use scan::{FrameScanner, Limits, ProtocolError, ProtocolErrorKind};
