//! The RESP wire format: finding frames in a byte stream and reading them.

mod scan;

pub use scan::{FrameScanner, Limits, ProtocolError, ProtocolErrorKind};
