//! TLS for `rediss://` connections: the options users give ([`TlsOptions`]), the
//! implementations they run on ([`TlsBackend`]: rustls and native-tls, each behind its
//! Cargo feature), and the connector built from the options once and shared by every
//! connection opened with them.
//!
//! Without a TLS feature, a configuration that asks for TLS (`rediss://`,
//! [`Config::tls`](crate::Config::tls)) still builds, and connecting with it fails with
//! [`Error::Config`] naming the features to enable.

#[cfg(any(feature = "tls-rustls", feature = "tls-native-tls"))]
mod backend;
#[cfg(feature = "tls-native-tls")]
mod native_backend;
#[cfg(any(feature = "tls-rustls", feature = "tls-native-tls"))]
mod options;
#[cfg(feature = "tls-rustls")]
mod rustls_backend;

#[cfg(any(feature = "tls-rustls", feature = "tls-native-tls"))]
pub use backend::TlsBackend;
#[cfg(any(feature = "tls-rustls", feature = "tls-native-tls"))]
pub use options::TlsOptions;

use super::transport::{ReadHalf, WriteHalf};
use crate::error::Error;
use tokio::net::TcpStream;

/// A TLS client configuration ready to open connections: built once from the
/// [`TlsOptions`], cheap to share (an `Arc` inside).
#[cfg(any(feature = "tls-rustls", feature = "tls-native-tls"))]
#[derive(Clone)]
pub(crate) enum Connector {
    #[cfg(feature = "tls-rustls")]
    Rustls(tokio_rustls::TlsConnector),
    #[cfg(feature = "tls-native-tls")]
    NativeTls(tokio_native_tls::TlsConnector),
}

#[cfg(any(feature = "tls-rustls", feature = "tls-native-tls"))]
impl TlsOptions {
    /// Builds the connector now (once for these options and their clones), so that options
    /// that cannot work fail before a socket is opened.
    pub(crate) fn prepare(&self) -> Result<(), Error> {
        self.connector().map(drop)
    }

    /// Runs the TLS handshake on `tcp`, checking the certificate against the server name
    /// (or `host`).
    pub(crate) async fn connect(
        &self,
        host: &str,
        tcp: TcpStream,
    ) -> Result<(ReadHalf, WriteHalf), Error> {
        let name = self.server_name.as_deref().unwrap_or(host);
        match self.connector()? {
            #[cfg(feature = "tls-rustls")]
            Connector::Rustls(connector) => rustls_backend::connect(connector, name, tcp).await,
            #[cfg(feature = "tls-native-tls")]
            Connector::NativeTls(connector) => native_backend::connect(connector, name, tcp).await,
        }
    }
}

/// Without a TLS feature: what [`Config`](crate::Config) records when TLS is asked for.
#[cfg(not(any(feature = "tls-rustls", feature = "tls-native-tls")))]
#[derive(Debug, Clone, Default)]
pub(crate) struct TlsOptions;

#[cfg(not(any(feature = "tls-rustls", feature = "tls-native-tls")))]
impl TlsOptions {
    /// Fails: this build has no TLS.
    pub(crate) fn prepare(&self) -> Result<(), Error> {
        Err(no_backend())
    }

    /// Fails: this build has no TLS.
    pub(crate) async fn connect(
        &self,
        _host: &str,
        _tcp: TcpStream,
    ) -> Result<(ReadHalf, WriteHalf), Error> {
        Err(no_backend())
    }
}

/// The error of a connection that needs TLS in a build without it.
#[cold]
pub(crate) fn no_backend() -> Error {
    Error::Config(
        "rediss:// needs TLS, which this build of typedis lacks: enable its `tls-rustls` \
         (or `tls-native-tls`) feature"
            .into(),
    )
}
