//! typedis: a Redis client with typed, generated command builders and zero-copy typed
//! replies.
//!
//! # Layout
//!
//! - [`resp`]: RESP2/RESP3 framing ([`resp::FrameScanner`]) and reading.
#![deny(missing_docs)]

pub mod resp;
