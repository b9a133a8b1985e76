//! The error type of typedis ([`Error`]), the payloads of its variants, and an error
//! reply ([`ServerError`]). Each is also at the crate's root (`typedis::Error`).
//!
//! ```
//! use typedis::error::{Error, ServerError};
//!
//! let e = Error::from(ServerError::new("WRONGTYPE Operation against a key"));
//! assert!(matches!(&e, Error::Server(reply) if reply.code() == Some("WRONGTYPE")));
//! ```

mod argument;
mod connecting;
mod details;
mod transaction;
mod unreachable;

pub use crate::wire::ServerError;
pub use argument::InvalidArgument;
pub(crate) use connecting::LastFailure;
pub use details::{Closed, ClosedKind, ClusterError, ClusterErrorKind, Missed, Refused};
pub use transaction::{FailedCommand, FailedInTransaction};
pub use unreachable::Unreachable;

use crate::wire::{DecodeError, ProtocolError};

/// Everything that can go wrong in typedis.
///
/// A server error reply is its own variant ([`Error::Server`]), apart from protocol,
/// decoding and I/O failures: it is an answer, the connection is fine. The helpers
/// [`server_code`](Error::server_code), [`is_timeout`](Error::is_timeout) and
/// [`is_connection_error`](Error::is_connection_error) answer the questions a caller
/// usually asks before deciding to retry.
///
/// ```
/// use typedis::resp::Frame;
/// use typedis::Error;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// // What a client returns when the key holds another type:
/// let reply = Frame::from_slice(b"-WRONGTYPE Operation against a key holding the wrong kind of value\r\n")?;
/// let err = reply.decode::<i64>().unwrap_err();
/// assert_eq!(err.server_code(), Some("WRONGTYPE"));
/// assert!(!err.is_connection_error() && !err.is_timeout());
///
/// match err {
///     Error::Server(e) if e.code() == Some("WRONGTYPE") => println!("not a counter: {}", e.message()),
///     e if e.is_connection_error() => println!("try again on a new connection: {e}"),
///     e => return Err(e.into()),
/// }
/// # Ok(())
/// # }
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The bytes received are not RESP.
    #[error(transparent)]
    Protocol(ProtocolError),
    /// The server answered with an error reply (`-ERR ...`, `!...`).
    #[error("server error: {0}")]
    Server(ServerError),
    /// The reply is valid RESP but does not have the shape of the requested type.
    #[error("cannot decode reply: {0}")]
    Decode(DecodeError),
    /// Reading from or writing to the connection failed.
    #[error("i/o error: {0}")]
    Io(std::io::Error),
    /// No reply (or no connection) within the configured time.
    #[error("timed out after {0:?}")]
    Timeout(std::time::Duration),
    /// The connection died before the reply arrived; the command may or may not have run.
    /// [`Closed::kind`] says how (closed by the server or a failed read or write, a server
    /// that stopped answering and whose connection was replaced, closed by the client).
    #[error("connection closed: {0}")]
    ConnectionClosed(Closed),
    /// The server could not be reached: no connection could be opened (or opened again)
    /// in time, so the command was not sent. It gives the address tried last and the last
    /// attempt's error ([`Unreachable::cause`], the source). A refusal is not this error
    /// but its own: [`Error::Credentials`] when the provider failed, [`Error::Server`] when
    /// the server refused the handshake (`WRONGPASS`). Attempts are paced by the
    /// [`Backoff`](crate::Backoff).
    #[error("server unreachable: {0}")]
    Unreachable(#[source] Unreachable),
    /// Messages of a [`Subscriber`](crate::Subscriber) (or pushes of a
    /// [`Pushes`](crate::Pushes) listener) may be missing at this point of the stream: the
    /// connection was lost and opened again, or the consumer fell too far behind. The
    /// stream goes on after it; [`Missed`] says which.
    #[error("messages may have been missed: {0}")]
    MissedMessages(Missed),
    /// A connection URL or option is invalid; the text says which and why.
    #[error("invalid configuration: {0}")]
    Config(String),
    /// A cluster client cannot route the command (keys in several slots that cannot be
    /// split, a command that changes connection state, no node serving a slot):
    /// [`ClusterError::kind`] says which, with the slot where there is one.
    #[error("cluster: {0}")]
    Cluster(ClusterError),
    /// A command that cannot run where it was sent (`SUBSCRIBE` or `MULTI` on the shared
    /// connection, ...): [`Refused`] names it and says what to use instead. Nothing was
    /// sent.
    #[error("invalid use: {0}")]
    InvalidUse(Refused),
    /// `EXEC` did not run the transaction because a `WATCH`ed key changed.
    #[error("transaction aborted: a watched key changed before EXEC")]
    ExecAborted,
    /// `EXEC` ran the transaction and some of its commands failed (an `INCR` on a
    /// string): the others ran and their effects stand (the server undoes nothing).
    /// [`FailedInTransaction`] says which failed and why, and gives every reply. A command
    /// the server refused while queueing it (a syntax error) is [`Error::Server`]
    /// instead: then nothing ran.
    #[error("in a transaction that ran, {0}")]
    FailedInTransaction(#[source] FailedInTransaction),
    /// The [`CredentialsProvider`](crate::CredentialsProvider) failed, so the connection
    /// was not opened (nor the command sent); the next attempt asks it again, after the
    /// [`Backoff`](crate::Backoff). Its error is the [`source`](std::error::Error::source).
    #[error("the credentials provider failed: {0}")]
    Credentials(#[source] BoxError),
    /// A value could not be written as an argument of the command ([`InvalidArgument`]
    /// says which and why: a `Json` value (feature `serde`) serde cannot serialize, a NaN
    /// float), so nothing was sent: typedis never sends a value other than the one given.
    #[error("invalid argument: {0}")]
    InvalidArgument(#[source] InvalidArgument),
}

/// What a command cut by, or made after, [`Client::close`](crate::Client::close) reads.
pub(crate) const CLIENT_CLOSED: &str = "the client was closed";

/// Any error a [`CredentialsProvider`](crate::CredentialsProvider) reports.
pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

impl Error {
    /// The code of a server error reply (`"WRONGTYPE"`, `"MOVED"`, `"NOSCRIPT"`, ...; see
    /// [`ServerError::code`]), the first failed command's in a transaction
    /// ([`Error::FailedInTransaction`]), `None` for every other error.
    pub fn server_code(&self) -> Option<&str> {
        match self {
            Error::Server(e) => e.code(),
            Error::FailedInTransaction(e) => e.first_error().code(),
            _ => None,
        }
    }

    /// Whether no reply (or no connection) came within the configured time:
    /// [`Error::Timeout`], or an I/O error of kind
    /// [`TimedOut`](std::io::ErrorKind::TimedOut). The command may have run.
    pub fn is_timeout(&self) -> bool {
        match self {
            Error::Timeout(_) => true,
            Error::Io(e) => e.kind() == std::io::ErrorKind::TimedOut,
            _ => false,
        }
    }

    /// Whether the connection failed rather than the command: [`Error::Io`],
    /// [`Error::ConnectionClosed`] (the command may have run) and [`Error::Unreachable`]
    /// (it was not sent). The same command may succeed once the client has connected again;
    /// only a command that is safe to run twice should be resent after the first two.
    pub fn is_connection_error(&self) -> bool {
        matches!(
            self,
            Error::Io(_) | Error::ConnectionClosed(_) | Error::Unreachable(_)
        )
    }

    /// Whether the same command, sent again after a pause, may well succeed, and sending
    /// it again cannot run it twice, whatever the command:
    ///
    /// - the server refused it for now: `LOADING` (loading its data set), `BUSY` (a
    ///   script or function runs), `TRYAGAIN` (a cluster's keys are moving),
    ///   `CLUSTERDOWN`, `MASTERDOWN` (a replica lost its primary);
    /// - it was not sent: [`Error::Unreachable`] (no connection could be opened),
    ///   [`Error::Credentials`] (the credentials provider failed), or
    ///   [`Error::ConnectionClosed`] where [`Closed::was_sent`] is `false`;
    /// - a cluster knew no node for its slot ([`ClusterErrorKind::NoNode`]).
    ///
    /// A command that is safe to run twice (a read, a `SET` of a fixed value) may also be
    /// resent after [`is_connection_error`](Self::is_connection_error) or
    /// [`is_timeout`](Self::is_timeout) errors, which this leaves out because the command
    /// may have run.
    ///
    /// ```
    /// use std::time::Duration;
    /// use typedis::{b, Client, Error};
    ///
    /// async fn add_hit(client: &Client) -> Result<i64, Error> {
    ///     let mut pause = Duration::from_millis(20);
    ///     for _ in 0..5 {
    ///         match client.query(b().incr().key("hits")).await {
    ///             Err(e) if e.is_retryable() => {
    ///                 tokio::time::sleep(pause).await;
    ///                 pause *= 2;
    ///             }
    ///             other => return other,
    ///         }
    ///     }
    ///     client.query(b().incr().key("hits")).await
    /// }
    /// # let _ = add_hit;
    /// ```
    pub fn is_retryable(&self) -> bool {
        match self {
            Error::Server(e) => matches!(
                e.code(),
                Some("LOADING" | "BUSY" | "TRYAGAIN" | "CLUSTERDOWN" | "MASTERDOWN")
            ),
            Error::Unreachable(_) | Error::Credentials(_) => true,
            Error::ConnectionClosed(c) => !c.was_sent() && c.kind() != ClosedKind::Shutdown,
            Error::Cluster(c) => c.kind() == ClusterErrorKind::NoNode,
            _ => false,
        }
    }
}

impl Error {
    /// A server error's code, when it is a known one (see [`Error::type_name`]).
    pub(crate) fn known_code(&self) -> Option<&'static str> {
        match self {
            Error::Server(e) => e.known_code(),
            _ => None,
        }
    }

    /// A low-cardinality name of the error, for telemetry (`error.type`): the server's
    /// error code (`WRONGTYPE`, `MOVED`, ...) when it is a known one, `server_error` for
    /// any other error reply, or the kind of client error.
    pub(crate) fn type_name(&self) -> &'static str {
        match self {
            Error::Server(e) => e.known_code().unwrap_or("server_error"),
            Error::Protocol(_) => "protocol_error",
            Error::Decode(_) => "decode_error",
            Error::Io(_) => "io_error",
            Error::Timeout(_) => "timeout",
            Error::ConnectionClosed(_) => "connection_closed",
            Error::Unreachable(_) => "unreachable",
            Error::MissedMessages(_) => "missed_messages",
            Error::Config(_) => "config_error",
            Error::Cluster(_) => "cluster_error",
            Error::InvalidUse(_) => "invalid_use",
            Error::ExecAborted => "exec_aborted",
            Error::FailedInTransaction(_) => "failed_in_transaction",
            Error::Credentials(_) => "credentials_error",
            Error::InvalidArgument(_) => "invalid_argument",
        }
    }
}

/// The crate's own shorthands for the errors with details.
impl Error {
    /// A connection lost under a request (closed by the server, or I/O failed).
    #[cold]
    pub(crate) fn lost(how: impl Into<String>) -> Error {
        Error::ConnectionClosed(Closed::new(ClosedKind::Lost, how))
    }

    /// A command after [`Client::close`](crate::Client::close): not sent.
    #[cold]
    pub(crate) fn client_closed() -> Error {
        Error::ConnectionClosed(Closed::new(ClosedKind::Shutdown, CLIENT_CLOSED).unsent())
    }

    /// No connection could be opened, as `why` says.
    #[cold]
    pub(crate) fn unreachable(why: impl Into<String>) -> Error {
        Error::Unreachable(Unreachable::new(why))
    }

    /// A command a cluster client cannot route, as `why` says.
    #[cfg(feature = "cluster")]
    #[cold]
    pub(crate) fn cluster(kind: ClusterErrorKind, why: impl Into<String>) -> Error {
        Error::Cluster(ClusterError::new(kind, why))
    }
}

impl From<ProtocolError> for Error {
    fn from(e: ProtocolError) -> Self {
        Error::Protocol(e)
    }
}

impl From<ServerError> for Error {
    fn from(e: ServerError) -> Self {
        Error::Server(e)
    }
}

impl From<DecodeError> for Error {
    fn from(e: DecodeError) -> Self {
        Error::Decode(e)
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error::Io(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_first_word_that_is_no_code_is_part_of_the_message_and_telemetry_stays_bounded() {
        for (line, code) in [
            ("ERR unknown command", Some("ERR")),
            ("WRONGTYPE Operation against a key", Some("WRONGTYPE")),
            ("MYCODE_2 a script's own code", Some("MYCODE_2")),
            ("NOAUTH", Some("NOAUTH")),
            ("idx:customer-0815: no such index", None),
            ("Unknown index name", None),
            ("TSDB: the key does not exist", None),
            ("", None),
        ] {
            let e = ServerError::new(line);
            assert_eq!(e.code(), code, "{line}");
            let message = if code.is_some() {
                line.split_once(' ').map_or("", |(_, m)| m)
            } else {
                line
            };
            assert_eq!(e.message(), message, "{line}");
        }
        let name = |line: &str| Error::Server(ServerError::new(line)).type_name();
        assert_eq!(name("WRONGTYPE x"), "WRONGTYPE");
        assert_eq!(name("MYCODE_2 x"), "server_error");
        assert_eq!(name("idx:customer-0815: no such index"), "server_error");
        assert_eq!(name("idx:customer-0816: no such index"), "server_error");
    }

    #[test]
    fn server_error_splits_code_and_message() {
        let e =
            ServerError::new("WRONGTYPE Operation against a key holding the wrong kind of value");
        assert_eq!(e.code(), Some("WRONGTYPE"));
        assert_eq!(
            e.message(),
            "Operation against a key holding the wrong kind of value"
        );
    }

    #[test]
    fn server_error_of_one_word_has_empty_message() {
        let e = ServerError::new("NOAUTH");
        assert_eq!(e.code(), Some("NOAUTH"));
        assert_eq!(e.message(), "");
        assert_eq!(e.as_str(), "NOAUTH");
    }

    #[test]
    fn error_messages_are_lowercase_and_name_the_cause() {
        let e = Error::from(ServerError::new("ERR unknown command"));
        assert_eq!(e.to_string(), "server error: ERR unknown command");
        let e = Error::from(DecodeError::length(2, 3).at_index(1));
        assert_eq!(
            e.to_string(),
            "cannot decode reply: [1]: expected 2 elements, found 3"
        );
    }

    #[test]
    fn helpers_sort_errors_by_what_a_caller_does_next() {
        let server = Error::from(ServerError::new("NOSCRIPT No matching script"));
        assert_eq!(server.server_code(), Some("NOSCRIPT"));
        assert!(!server.is_timeout() && !server.is_connection_error());

        let timeout = Error::Timeout(std::time::Duration::from_secs(1));
        assert!(timeout.is_timeout() && !timeout.is_connection_error());
        let io_timeout = Error::from(std::io::Error::from(std::io::ErrorKind::TimedOut));
        assert!(io_timeout.is_timeout() && io_timeout.is_connection_error());

        for lost in [
            Error::from(std::io::Error::from(std::io::ErrorKind::ConnectionReset)),
            Error::ConnectionClosed(Closed::new(ClosedKind::Lost, "closed by the server")),
            Error::Unreachable(Unreachable::new("connection refused")),
        ] {
            assert!(lost.is_connection_error(), "{lost}");
            assert!(!lost.is_timeout(), "{lost}");
            assert_eq!(lost.server_code(), None);
        }
        for other in [
            Error::from(DecodeError::length(2, 3)),
            Error::Config("bad url".into()),
            Error::ExecAborted,
        ] {
            assert!(
                !other.is_connection_error() && !other.is_timeout(),
                "{other}"
            );
            assert_eq!(other.server_code(), None);
        }
    }

    #[test]
    fn error_is_send_sync_static() {
        fn check<T: Send + Sync + 'static>() {}
        check::<Error>();
    }
}
