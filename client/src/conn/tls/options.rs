//! [`TlsOptions`]: which roots to trust, an optional client certificate, the name to check,
//! and which TLS implementation ([`TlsBackend`]) runs them.

use super::backend::{self, TlsBackend};
use super::Connector;
use crate::error::Error;
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer};
use std::sync::{Arc, OnceLock};

/// TLS settings of `rediss://` connections; the default trusts the system's root
/// certificates and presents no client certificate.
///
/// The TLS configuration these options describe is built once, when a client first
/// connects, and shared by every connection opened with them: reconnections, dedicated
/// connections, subscribers, and every node of a cluster.
///
/// ```no_run
/// use typedis::{Client, Config, TlsOptions};
///
/// # async fn demo() -> Result<(), typedis::Error> {
/// let ca = std::fs::read("/etc/redis/tls/ca.crt")?;
/// let tls = TlsOptions::new()
///     .root_certificates_pem(&ca)? // trust this CA instead of the system's
///     .server_name("redis.internal");
/// let config = Config::from_url("rediss://10.0.0.7:6380")?.tls_options(tls);
/// let client = Client::with_config(config).await?;
/// # let _ = client;
/// # Ok(())
/// # }
/// ```
#[derive(Clone, Default)]
pub struct TlsOptions {
    pub(super) roots: Option<Vec<CertificateDer<'static>>>,
    pub(super) client_auth: Option<ClientAuth>,
    pub(super) server_name: Option<String>,
    pub(super) backend: Option<TlsBackend>,
    #[cfg(feature = "tls-rustls")]
    pub(super) rustls_config: Option<Arc<rustls::ClientConfig>>,
    #[cfg(feature = "tls-native-tls")]
    pub(super) native_tls_connector: Option<native_tls::TlsConnector>,
    /// The configuration built from the options above, shared by every clone of them;
    /// each builder method starts a new one.
    built: Arc<OnceLock<Connector>>,
}

/// A client certificate chain and its private key.
#[derive(Clone)]
pub(super) struct ClientAuth {
    pub(super) chain: Vec<CertificateDer<'static>>,
    pub(super) key: Arc<PrivateKeyDer<'static>>,
}

impl std::fmt::Debug for TlsOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut d = f.debug_struct("TlsOptions");
        d.field("roots", &self.roots.as_ref().map(Vec::len))
            .field("client_auth", &self.client_auth.is_some())
            .field("server_name", &self.server_name)
            .field("backend", &self.backend);
        #[cfg(feature = "tls-rustls")]
        d.field("rustls_config", &self.rustls_config.is_some());
        #[cfg(feature = "tls-native-tls")]
        d.field("native_tls_connector", &self.native_tls_connector.is_some());
        d.finish()
    }
}

impl TlsOptions {
    /// Default options: the system's roots (and Mozilla's bundled ones, with the
    /// `tls-webpki-roots` feature), no client certificate.
    pub fn new() -> Self {
        Self::default()
    }

    /// Trusts exactly these root certificates (DER) instead of the system's.
    pub fn root_certificates(mut self, roots: Vec<CertificateDer<'static>>) -> Self {
        self.roots = Some(roots);
        self.changed()
    }

    /// Trusts exactly the root certificates in this PEM text instead of the system's.
    ///
    /// # Errors
    ///
    /// [`Error::Config`] when the text holds no readable certificate.
    pub fn root_certificates_pem(self, pem: &[u8]) -> Result<Self, Error> {
        let roots = certificates_from_pem(pem)?;
        Ok(self.root_certificates(roots))
    }

    /// Presents the certificate chain and private key in these PEM texts to servers that
    /// ask for one.
    ///
    /// # Errors
    ///
    /// [`Error::Config`] when either text holds no readable certificate or key.
    pub fn client_certificate_pem(self, chain: &[u8], key: &[u8]) -> Result<Self, Error> {
        let chain = certificates_from_pem(chain)?;
        let key = PrivateKeyDer::from_pem_slice(key)
            .map_err(|e| Error::Config(format!("TLS client key: {e}")))?;
        Ok(self.client_certificate(chain, key))
    }

    /// Presents this certificate chain and key to servers that ask for one
    /// (`tls-auth-clients yes`). With [`TlsBackend::NativeTls`] the key must be PKCS#8.
    pub fn client_certificate(
        mut self,
        chain: Vec<CertificateDer<'static>>,
        key: PrivateKeyDer<'static>,
    ) -> Self {
        self.client_auth = Some(ClientAuth {
            chain,
            key: Arc::new(key),
        });
        self.changed()
    }

    /// Checks the server's certificate against this name instead of the URL's host.
    pub fn server_name(mut self, name: impl Into<String>) -> Self {
        self.server_name = Some(name.into());
        self.changed()
    }

    /// Chooses the TLS implementation, for a build with both `tls-rustls` and
    /// `tls-native-tls`; by default rustls when it is compiled in, native-tls otherwise.
    /// Choosing one that is not compiled in fails the connection with [`Error::Config`]
    /// naming the feature to enable.
    pub fn backend(mut self, backend: TlsBackend) -> Self {
        self.backend = Some(backend);
        self.changed()
    }

    /// Uses this rustls configuration as is, with rustls (the other options but the
    /// server name are then ignored).
    #[cfg(feature = "tls-rustls")]
    pub fn rustls_config(mut self, config: Arc<rustls::ClientConfig>) -> Self {
        self.rustls_config = Some(config);
        self.backend = Some(TlsBackend::Rustls);
        self.changed()
    }

    /// Uses this native-tls connector as is, with native-tls (the other options but the
    /// server name are then ignored).
    #[cfg(feature = "tls-native-tls")]
    pub fn native_tls_connector(mut self, connector: native_tls::TlsConnector) -> Self {
        self.native_tls_connector = Some(connector);
        self.backend = Some(TlsBackend::NativeTls);
        self.changed()
    }

    /// Forgets the configuration built from the options before a change.
    fn changed(mut self) -> Self {
        self.built = Arc::default();
        self
    }

    /// The connector these options describe: built by the first connection, then shared.
    ///
    /// # Errors
    ///
    /// [`Error::Config`] when the options cannot be used (a backend not compiled in, a
    /// certificate or key the backend refuses).
    pub(crate) fn connector(&self) -> Result<&Connector, Error> {
        if let Some(connector) = self.built.get() {
            return Ok(connector);
        }
        let connector = match backend::choose(self.backend, backend::COMPILED)? {
            #[cfg(feature = "tls-rustls")]
            TlsBackend::Rustls => super::rustls_backend::connector(self)?,
            #[cfg(feature = "tls-native-tls")]
            TlsBackend::NativeTls => super::native_backend::connector(self)?,
            #[allow(unreachable_patterns, reason = "`choose` returns a compiled backend")]
            other => return Err(backend::not_compiled(other)),
        };
        // Two first connections at once both build it; the first one stored is shared.
        Ok(self.built.get_or_init(|| connector))
    }
}

fn certificates_from_pem(pem: &[u8]) -> Result<Vec<CertificateDer<'static>>, Error> {
    let certs = CertificateDer::pem_slice_iter(pem)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| Error::Config(format!("TLS certificate PEM: {e}")))?;
    if certs.is_empty() {
        return Err(Error::Config(
            "TLS certificate PEM holds no certificate".into(),
        ));
    }
    Ok(certs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conn::Config;
    use std::ptr;

    #[test]
    fn clones_share_the_connector_the_first_connection_builds() {
        let config = Config::from_url("rediss://localhost").unwrap();
        let copy = config.clone();
        let tls = config.tls.as_ref().unwrap();
        let built: *const Connector = tls.connector().unwrap();
        assert!(ptr::eq(built, tls.connector().unwrap()));
        assert!(ptr::eq(
            built,
            copy.tls.as_ref().unwrap().connector().unwrap()
        ));
    }

    #[test]
    fn changing_an_option_builds_a_new_connector_and_leaves_the_old_one() {
        let options = TlsOptions::new();
        let built: *const Connector = options.connector().unwrap();
        let changed = options.clone().server_name("redis.internal");
        assert!(!ptr::eq(built, changed.connector().unwrap()));
        assert!(ptr::eq(built, options.connector().unwrap()));
    }
}
