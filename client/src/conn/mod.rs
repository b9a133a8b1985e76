//! Connections: configuration and URLs, the transport (TCP, Unix, TLS), the handshake, the
//! multiplexed connection with its writer, reader and watchdog tasks, the pacing of
//! connection attempts, and the bounded queues between a reader and its pushes' consumer.

#[cfg(feature = "aws-iam")]
#[cfg_attr(docsrs, doc(cfg(feature = "aws-iam")))]
pub mod aws_iam;
mod backoff;
pub(crate) mod config;
#[cfg(feature = "serde")]
pub(crate) mod config_serde;
mod credentials;
pub(crate) mod handshake;
pub(crate) mod mux;
pub(crate) mod pacing;
pub(crate) mod parse;
pub(crate) mod push_hub;
pub(crate) mod push_queue;
pub(crate) mod reach;
pub(crate) mod reauth;
pub(crate) mod streaming;
pub(crate) mod timeout;
pub(crate) mod tls;
pub(crate) mod transport;
mod url;

pub use backoff::Backoff;
pub use config::{Addr, Config, Protocol};
pub use credentials::{Credentials, CredentialsFuture, CredentialsProvider};
#[cfg(any(feature = "tls-rustls", feature = "tls-native-tls"))]
pub use tls::{TlsBackend, TlsOptions};
