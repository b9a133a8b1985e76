//! The native-tls backend (OpenSSL, Secure Transport or SChannel): a connector from
//! [`TlsOptions`], and the handshake.

use super::{Connector, TlsOptions};
use crate::conn::transport::{ReadHalf, WriteHalf};
use crate::error::Error;
use rustls_pki_types::PrivateKeyDer;
use tokio::net::TcpStream;

/// The connector of `options`: their native-tls connector as given, or one built with
/// their roots (the system's by default) and client certificate.
pub(super) fn connector(options: &TlsOptions) -> Result<Connector, Error> {
    if let Some(connector) = &options.native_tls_connector {
        return Ok(Connector::NativeTls(connector.clone().into()));
    }
    let mut builder = native_tls::TlsConnector::builder();
    if let Some(roots) = &options.roots {
        builder.disable_built_in_roots(true);
        for cert in roots {
            builder
                .add_root_certificate(native_tls::Certificate::from_der(cert).map_err(tls_error)?);
        }
    }
    if let Some(auth) = &options.client_auth {
        // native-tls takes a client identity as PEM texts, and its key as PKCS#8 only.
        let PrivateKeyDer::Pkcs8(key) = &*auth.key else {
            return Err(Error::Config(
                "TLS client key: native-tls needs a PKCS#8 key (`BEGIN PRIVATE KEY`)".into(),
            ));
        };
        let chain: String = auth.chain.iter().map(|c| pem("CERTIFICATE", c)).collect();
        let key = pem("PRIVATE KEY", key.secret_pkcs8_der());
        let identity = native_tls::Identity::from_pkcs8(chain.as_bytes(), key.as_bytes())
            .map_err(tls_error)?;
        builder.identity(identity);
    }
    let connector = builder.build().map_err(tls_error)?;
    Ok(Connector::NativeTls(connector.into()))
}

pub(super) async fn connect(
    connector: &tokio_native_tls::TlsConnector,
    name: &str,
    tcp: TcpStream,
) -> Result<(ReadHalf, WriteHalf), Error> {
    let stream = connector
        .connect(name, tcp)
        .await
        .map_err(|e| Error::Io(std::io::Error::other(e)))?;
    let (r, w) = tokio::io::split(stream);
    Ok((Box::new(r), Box::new(w)))
}

/// `der` as a PEM block with this label.
fn pem(label: &str, der: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    #[allow(
        clippy::disallowed_methods,
        reason = "the encoding of a certificate the application gave"
    )]
    let mut base64 = Vec::with_capacity(der.len().div_ceil(3) * 4);
    for chunk in der.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            base64.push(if i <= chunk.len() {
                ALPHABET[(n >> (18 - 6 * i) & 63) as usize]
            } else {
                b'='
            });
        }
    }
    let mut text = format!("-----BEGIN {label}-----\n");
    for line in base64.chunks(64) {
        // ASCII from the alphabet above.
        text.push_str(std::str::from_utf8(line).unwrap_or_default());
        text.push('\n');
    }
    text.push_str(&format!("-----END {label}-----\n"));
    text
}

#[cold]
fn tls_error(e: native_tls::Error) -> Error {
    Error::Config(format!("TLS configuration: {e}"))
}

#[cfg(test)]
mod tests {
    use super::pem;
    use rustls_pki_types::pem::PemObject;
    use rustls_pki_types::CertificateDer;

    #[test]
    fn pem_blocks_read_back_as_the_same_bytes_whatever_the_length() {
        for len in [0, 1, 2, 3, 47, 48, 49, 200] {
            let der: Vec<u8> = (0..len).map(|i| (i * 37 % 256) as u8).collect();
            let text = pem("CERTIFICATE", &der);
            assert!(text.lines().all(|l| l.len() <= 64), "{text}");
            let back = CertificateDer::from_pem_slice(text.as_bytes()).unwrap();
            assert_eq!(back.as_ref(), &der[..], "{len} bytes");
        }
    }
}
