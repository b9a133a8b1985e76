//! The rustls backend: a client configuration from [`TlsOptions`], and the handshake.

use super::{Connector, TlsOptions};
use crate::conn::transport::{ReadHalf, WriteHalf};
use crate::error::Error;
use rustls::crypto::CryptoProvider;
use rustls_pki_types::ServerName;
use std::sync::Arc;
use tokio::net::TcpStream;

/// The connector of `options`: their rustls configuration as given, or one built with
/// their roots (the system's by default) and client certificate.
pub(super) fn connector(options: &TlsOptions) -> Result<Connector, Error> {
    let config = match &options.rustls_config {
        Some(config) => config.clone(),
        None => Arc::new(client_config(options)?),
    };
    Ok(Connector::Rustls(tokio_rustls::TlsConnector::from(config)))
}

fn client_config(options: &TlsOptions) -> Result<rustls::ClientConfig, Error> {
    let store = match &options.roots {
        Some(roots) => {
            let mut store = rustls::RootCertStore::empty();
            for cert in roots {
                store.add(cert.clone()).map_err(tls_error)?;
            }
            store
        }
        None => default_roots(rustls_native_certs::load_native_certs().certs),
    };
    let builder = rustls::ClientConfig::builder_with_provider(provider())
        .with_safe_default_protocol_versions()
        .map_err(tls_error)?
        .with_root_certificates(store);
    match &options.client_auth {
        Some(auth) => builder
            .with_client_auth_cert(auth.chain.clone(), auth.key.clone_key())
            .map_err(tls_error),
        None => Ok(builder.with_no_client_auth()),
    }
}

/// The roots trusted by default: the system's (`native`; unreadable ones are skipped, and
/// the handshake then fails with a clear "unknown issuer" if the one needed was among
/// them), and with the `tls-webpki-roots` feature Mozilla's bundled ones beside them, for
/// images that have no certificate store.
fn default_roots(native: Vec<rustls_pki_types::CertificateDer<'static>>) -> rustls::RootCertStore {
    let mut store = rustls::RootCertStore::empty();
    for cert in native {
        let _ = store.add(cert);
    }
    #[cfg(feature = "tls-webpki-roots")]
    store.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    store
}

/// The process-wide default provider when the application installed one (aws-lc-rs, a
/// FIPS build, ...), ring otherwise: typedis compiles only ring.
fn provider() -> Arc<CryptoProvider> {
    CryptoProvider::get_default()
        .cloned()
        .unwrap_or_else(|| Arc::new(rustls::crypto::ring::default_provider()))
}

pub(super) async fn connect(
    connector: &tokio_rustls::TlsConnector,
    name: &str,
    tcp: TcpStream,
) -> Result<(ReadHalf, WriteHalf), Error> {
    let name = ServerName::try_from(name.to_owned())
        .map_err(|e| Error::Config(format!("invalid TLS server name: {e}")))?;
    let stream = connector.connect(name, tcp).await?;
    let (r, w) = tokio::io::split(stream);
    Ok((Box::new(r), Box::new(w)))
}

#[cold]
fn tls_error(e: rustls::Error) -> Error {
    Error::Config(format!("TLS configuration: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_system_roots_the_bundled_ones_are_trusted_with_the_feature() {
        let store = default_roots(Vec::new());
        if cfg!(feature = "tls-webpki-roots") {
            assert!(store.len() > 100, "{} roots", store.len());
        } else {
            assert!(store.is_empty());
        }
    }
}
