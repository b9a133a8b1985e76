//! Connections: configuration and URLs, the transport (TCP, Unix, TLS), the handshake, and
//! the multiplexed connection with its writer and reader tasks.

pub(crate) mod config;
pub(crate) mod handshake;
pub(crate) mod mux;
pub(crate) mod pacing;
pub(crate) mod push_queue;
pub(crate) mod streaming;
pub(crate) mod tls;
pub(crate) mod transport;
mod url;

pub use config::{Addr, Backoff, Config, Protocol};
pub use tls::TlsOptions;
