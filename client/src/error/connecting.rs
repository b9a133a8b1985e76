//! What a caller reads when no connection could be opened for its command: the error of
//! the last attempt, with its type. Every path that opens connections (the shared one,
//! dedicated ones for blocking commands and transactions, subscribers, a cluster's nodes,
//! Sentinel) keeps its last failure as a [`LastFailure`] and hands each waiting caller a
//! copy through [`LastFailure::error`], so the rule is written once:
//!
//! - a refusal keeps its type: the credentials provider's failure is
//!   [`Error::Credentials`], the server's refusal of the handshake (`WRONGPASS`, an unknown
//!   database) [`Error::Server`], a bad configuration [`Error::Config`], a closed client
//!   its [`Error::ConnectionClosed`];
//! - anything else means the server could not be reached (an I/O error, a timeout, a
//!   connection dropped during the handshake, bytes that are not RESP):
//!   [`Error::Unreachable`] with the address tried and the attempt's error as its cause.

use std::fmt;
use std::sync::Arc;

use super::{ClosedKind, Error, Unreachable};

/// The last failed attempt to open a connection: its error and the address it tried.
#[derive(Debug, Clone)]
pub(crate) struct LastFailure {
    error: Arc<Error>,
    addr: Option<String>,
}

impl LastFailure {
    /// An attempt to open a connection to `addr` (when the caller knows it) failed with
    /// `error`.
    pub(crate) fn new(error: Error, addr: Option<String>) -> LastFailure {
        LastFailure {
            error: Arc::new(error),
            addr,
        }
    }

    /// The same, of an error shared with others.
    #[cfg(feature = "cluster")]
    pub(crate) fn shared(error: Arc<Error>, addr: Option<String>) -> LastFailure {
        LastFailure { error, addr }
    }

    /// The error a caller that could not get a connection reads, after `failures`
    /// attempts in a row failed (see the module's rule).
    pub(crate) fn error(&self, failures: u32) -> Error {
        let addr = self.addr.as_deref();
        match &*self.error {
            Error::Credentials(_) => Error::Credentials(Box::new(Provider(self.error.clone()))),
            Error::Server(e) => Error::Server(e.clone()),
            Error::Config(e) => Error::Config(e.clone()),
            Error::ConnectionClosed(c) if c.kind() == ClosedKind::Shutdown => {
                Error::ConnectionClosed(c.clone())
            }
            Error::InvalidUse(e) => Error::InvalidUse(e.clone()),
            Error::Unreachable(u) => {
                let u = u.clone().after(failures);
                Error::Unreachable(match (u.addr(), addr) {
                    (None, Some(addr)) => u.at(addr),
                    _ => u,
                })
            }
            other => {
                let u = Unreachable::new(format!("connecting failed: {other}"));
                let u = u.after(failures).caused_by(self.error.clone());
                Error::Unreachable(match addr {
                    Some(addr) => u.at(addr),
                    None => u,
                })
            }
        }
    }
}

/// A credentials provider's error, shared by every caller that waited for the attempt
/// it failed: it says what the provider's error says, and has its source.
#[derive(Debug)]
struct Provider(Arc<Error>);

impl Provider {
    fn inner(&self) -> &(dyn std::error::Error + 'static) {
        match &*self.0 {
            Error::Credentials(e) => &**e,
            e => e,
        }
    }
}

impl fmt::Display for Provider {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.inner(), f)
    }
}

impl std::error::Error for Provider {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.inner().source()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::ServerError;

    #[test]
    fn refusals_keep_their_type_and_the_rest_is_unreachable_with_its_address_and_cause() {
        let vault = LastFailure::new(Error::Credentials("the vault is sealed".into()), None);
        let e = vault.error(3);
        let Error::Credentials(source) = &e else {
            panic!("{e:?}")
        };
        assert_eq!(source.to_string(), "the vault is sealed");
        assert_eq!(
            e.to_string(),
            "the credentials provider failed: the vault is sealed"
        );

        let wrongpass = ServerError::new("WRONGPASS invalid username-password pair");
        let refused = LastFailure::new(Error::Server(wrongpass), Some("h:1".into()));
        assert_eq!(refused.error(2).server_code(), Some("WRONGPASS"));

        let io = Error::Io(std::io::ErrorKind::ConnectionRefused.into());
        let down = LastFailure::new(io, Some("10.0.0.7:6379".into()));
        let Error::Unreachable(u) = down.error(2) else {
            panic!("not unreachable")
        };
        assert_eq!((u.addr(), u.failures()), (Some("10.0.0.7:6379"), 2));
        assert!(matches!(u.cause(), Some(Error::Io(_))), "{u:?}");
        let source = std::error::Error::source(&u).expect("the cause");
        assert!(source.to_string().contains("refused"), "{source}");
        assert!(u
            .to_string()
            .starts_with("10.0.0.7:6379: connecting failed: i/o error"));
    }
}
