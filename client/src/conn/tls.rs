//! TLS for `rediss://` connections, with rustls: which roots to trust, an optional client
//! certificate, and the handshake itself.

use crate::error::Error;
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer, ServerName};
use std::sync::Arc;
use tokio::net::TcpStream;
use tokio_rustls::client::TlsStream;

/// TLS settings of a connection; the default trusts the system's root certificates and
/// presents no client certificate.
#[derive(Clone, Default)]
pub struct TlsOptions {
    roots: Option<Vec<CertificateDer<'static>>>,
    client_auth: Option<(Vec<CertificateDer<'static>>, Arc<PrivateKeyDer<'static>>)>,
    server_name: Option<String>,
    config: Option<Arc<rustls::ClientConfig>>,
}

impl std::fmt::Debug for TlsOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TlsOptions")
            .field("roots", &self.roots.as_ref().map(Vec::len))
            .field("client_auth", &self.client_auth.is_some())
            .field("server_name", &self.server_name)
            .field("custom_config", &self.config.is_some())
            .finish()
    }
}

impl TlsOptions {
    /// Default options: system roots, no client certificate.
    pub fn new() -> Self {
        Self::default()
    }

    /// Trusts exactly these root certificates (DER) instead of the system's.
    pub fn root_certificates(mut self, roots: Vec<CertificateDer<'static>>) -> Self {
        self.roots = Some(roots);
        self
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
    /// (`tls-auth-clients yes`).
    pub fn client_certificate(
        mut self,
        chain: Vec<CertificateDer<'static>>,
        key: PrivateKeyDer<'static>,
    ) -> Self {
        self.client_auth = Some((chain, Arc::new(key)));
        self
    }

    /// Checks the server's certificate against this name instead of the URL's host.
    pub fn server_name(mut self, name: impl Into<String>) -> Self {
        self.server_name = Some(name.into());
        self
    }

    /// Uses this rustls configuration as is (the other options but the server name are
    /// then ignored).
    pub fn rustls_config(mut self, config: Arc<rustls::ClientConfig>) -> Self {
        self.config = Some(config);
        self
    }

    fn client_config(&self) -> Result<Arc<rustls::ClientConfig>, Error> {
        if let Some(config) = &self.config {
            return Ok(config.clone());
        }
        let mut store = rustls::RootCertStore::empty();
        match &self.roots {
            Some(roots) => {
                for cert in roots {
                    store.add(cert.clone()).map_err(tls_error)?;
                }
            }
            None => {
                // Unreadable system certificates are skipped: the handshake then fails
                // with a clear "unknown issuer" if the one needed was among them.
                for cert in rustls_native_certs::load_native_certs().certs {
                    let _ = store.add(cert);
                }
            }
        }
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let builder = rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(tls_error)?
            .with_root_certificates(store);
        let config = match &self.client_auth {
            Some((chain, key)) => builder
                .with_client_auth_cert(chain.clone(), key.clone_key())
                .map_err(tls_error)?,
            None => builder.with_no_client_auth(),
        };
        Ok(Arc::new(config))
    }

    pub(crate) async fn connect(
        &self,
        host: &str,
        tcp: TcpStream,
    ) -> Result<TlsStream<TcpStream>, Error> {
        let config = self.client_config()?;
        let name = self.server_name.as_deref().unwrap_or(host).to_owned();
        let name = ServerName::try_from(name)
            .map_err(|e| Error::Config(format!("invalid TLS server name: {e}")))?;
        Ok(tokio_rustls::TlsConnector::from(config)
            .connect(name, tcp)
            .await?)
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

#[cold]
fn tls_error(e: rustls::Error) -> Error {
    Error::Config(format!("TLS configuration: {e}"))
}
