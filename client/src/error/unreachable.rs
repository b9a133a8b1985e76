//! [`Unreachable`]: no connection could be opened, so the command was not sent.

use std::fmt;
use std::sync::Arc;

use super::Error;

/// Why no connection could be opened ([`Error::Unreachable`](super::Error)): the command
/// was not sent. It names the address tried last (when one was), how many attempts failed
/// in a row, and the last attempt's own error as its [`cause`](Self::cause) (an I/O error,
/// a timeout, a connection dropped during the handshake).
///
/// A refusal is not this error: a failing
/// [`CredentialsProvider`](crate::CredentialsProvider) is [`Error::Credentials`] and a
/// server that refuses the handshake (`WRONGPASS`, an unknown database) is
/// [`Error::Server`], on every path, whether the connection was being opened for the
/// first time or again.
///
/// ```
/// use typedis::{Error, Unreachable};
///
/// let e = Error::Unreachable(Unreachable::new("connection refused").at("10.0.0.7:6379"));
/// if let Error::Unreachable(u) = &e {
///     assert_eq!(u.addr(), Some("10.0.0.7:6379"));
/// }
/// assert_eq!(e.to_string(), "server unreachable: 10.0.0.7:6379: connection refused");
/// ```
#[derive(Clone)]
pub struct Unreachable(Box<Inner>);

/// Boxed: an [`Error`] is as large as its largest variant, and this one's parts would make
/// every `Result` of the crate larger.
#[derive(Debug, Clone)]
struct Inner {
    addr: Option<String>,
    failures: u32,
    message: String,
    cause: Option<Arc<Error>>,
}

impl fmt::Debug for Unreachable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl Unreachable {
    /// No connection could be opened; `message` says what the last attempt met.
    pub fn new(message: impl Into<String>) -> Unreachable {
        Unreachable(Box::new(Inner {
            addr: None,
            failures: 1,
            message: message.into(),
            cause: None,
        }))
    }

    /// The same, naming the address (`host:port`, or a Unix socket's path) tried last.
    pub fn at(mut self, addr: impl Into<String>) -> Unreachable {
        self.0.addr = Some(addr.into());
        self
    }

    /// The same, after `failures` attempts in a row.
    pub fn after(mut self, failures: u32) -> Unreachable {
        self.0.failures = failures;
        self
    }

    /// The same, with the last attempt's own error.
    pub(crate) fn caused_by(mut self, cause: Arc<Error>) -> Unreachable {
        self.0.cause = Some(cause);
        self
    }

    /// The address tried last, when one is known.
    pub fn addr(&self) -> Option<&str> {
        self.0.addr.as_deref()
    }

    /// Attempts that failed in a row (at least 1).
    pub fn failures(&self) -> u32 {
        self.0.failures
    }

    /// What the last attempt met, in words.
    pub fn message(&self) -> &str {
        &self.0.message
    }

    /// The last attempt's own error, when there was one ([`Error::Io`] when the address
    /// refused the connection, [`Error::Timeout`] when the handshake took too long, ...):
    /// also the [`source`](std::error::Error::source).
    pub fn cause(&self) -> Option<&Error> {
        self.0.cause.as_deref()
    }
}

/// Equal when the address, the failures and the message are: the cause is not compared.
impl PartialEq for Unreachable {
    fn eq(&self, other: &Unreachable) -> bool {
        (&self.0.addr, self.0.failures, &self.0.message)
            == (&other.0.addr, other.0.failures, &other.0.message)
    }
}

impl Eq for Unreachable {}

impl fmt::Display for Unreachable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(addr) = &self.0.addr {
            write!(f, "{addr}: ")?;
        }
        f.write_str(&self.0.message)?;
        if self.0.failures > 1 {
            write!(f, " ({} failures in a row)", self.0.failures)?;
        }
        Ok(())
    }
}

impl std::error::Error for Unreachable {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.cause.as_deref().map(|e| e as _)
    }
}
