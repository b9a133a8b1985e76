//! typedis: a Redis client with typed, generated command builders and zero-copy typed
//! replies.
//!
//! # Layout
//!
//! - [`mod@cmd`]: commands: encoding, hash slots, flags; [`cmd()`] for untyped commands.
//! - [`resp`]: RESP2/RESP3 framing ([`resp::FrameScanner`]) and reading.
#![deny(missing_docs)]

pub mod cmd;
pub mod resp;

pub use cmd::{cmd, Cmd, Command, CommandFlags, Slot, ToArg};
pub use resp::{FrameScanner, Limits, ProtocolError, ProtocolErrorKind};
