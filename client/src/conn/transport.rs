//! Opening the byte stream of a connection (TCP, Unix socket or TLS) as two boxed halves.

use super::config::{Addr, Config};
use crate::error::Error;
use tokio::io::{AsyncRead, AsyncWrite};

/// The read half of a connection.
pub(crate) type ReadHalf = Box<dyn AsyncRead + Send + Unpin>;
/// The write half of a connection.
pub(crate) type WriteHalf = Box<dyn AsyncWrite + Send + Unpin>;

/// Opens the stream `config` points at (no timeout here: the caller bounds the whole
/// connection setup).
pub(crate) async fn open(config: &Config) -> Result<(ReadHalf, WriteHalf), Error> {
    match &config.addr {
        Addr::Tcp { host, port } => {
            if let Some(tls) = &config.tls {
                tls.prepare()?;
            }
            let tcp = tokio::net::TcpStream::connect((host.as_str(), *port)).await?;
            // Requests are small and latency-bound; Nagle would hold them back.
            tcp.set_nodelay(true)?;
            match &config.tls {
                Some(tls) => tls.connect(host, tcp).await,
                None => {
                    let (r, w) = tcp.into_split();
                    Ok((Box::new(r), Box::new(w)))
                }
            }
        }
        Addr::Unix(path) => {
            #[cfg(unix)]
            {
                let (r, w) = tokio::net::UnixStream::connect(path).await?.into_split();
                Ok((Box::new(r), Box::new(w)))
            }
            #[cfg(not(unix))]
            {
                Err(Error::Config(format!(
                    "unix sockets are not supported on this platform: {}",
                    path.display()
                )))
            }
        }
    }
}
