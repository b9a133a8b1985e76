//! Why a connection closed, kept once and turned into each waiting caller's error: the
//! bytes received were not RESP ([`Error::Protocol`], with what and where), or the
//! connection was lost or shut down ([`Error::ConnectionClosed`], saying how).

use crate::error::{Closed, ClosedKind, Error, CLIENT_CLOSED};
use crate::wire::ProtocolError;
use crate::wire::ProtocolErrorKind;
use std::sync::Arc;
use std::time::Duration;

/// Why a connection closed.
#[derive(Debug, Clone)]
pub(crate) enum Cause {
    /// The server sent bytes that are not RESP, or a reply nobody asked for.
    Protocol(ProtocolError),
    /// The connection was lost (the server closed it, I/O failed); the text reads after
    /// "connection closed: ".
    Lost(Arc<str>),
    /// The server stopped answering, so the connection was given up; the text reads after
    /// "connection closed: ".
    Unresponsive(Arc<str>),
    /// The client closed it; the text reads after "connection closed: ".
    ShutDown(&'static str),
    /// It was never opened: the stand-in of a client that connects on first use.
    NotOpened,
    /// The application closed the client, which takes no more commands.
    ClientClosed,
}

impl Cause {
    /// A lost connection, saying how.
    #[cold]
    pub(crate) fn lost(how: impl Into<Arc<str>>) -> Cause {
        Cause::Lost(how.into())
    }

    /// A server that stopped answering, saying how.
    #[cold]
    pub(crate) fn unresponsive(how: impl Into<Arc<str>>) -> Cause {
        Cause::Unresponsive(how.into())
    }

    /// A reply arrived that no request was waiting for.
    #[cold]
    pub(crate) fn unexpected_reply() -> Cause {
        Cause::Protocol(ProtocolError {
            offset: 0,
            kind: ProtocolErrorKind::UnexpectedReply,
        })
    }

    /// The oldest request waited `waited` past its deadline without a reply.
    #[cold]
    pub(crate) fn stuck(waited: Duration) -> Cause {
        Cause::unresponsive(format!(
            "the server stopped answering (no reply {waited:?} past the response timeout), \
             so the connection was replaced"
        ))
    }

    /// Whether the client is not the one that closed it.
    pub(crate) fn is_lost(&self) -> bool {
        !matches!(
            self,
            Cause::ShutDown(_) | Cause::NotOpened | Cause::ClientClosed
        )
    }

    /// The error of a caller whose request was on the connection.
    #[cold]
    pub(crate) fn error(&self) -> Error {
        match self {
            Cause::Protocol(e) => Error::Protocol(e.clone()),
            Cause::Lost(how) => closed(ClosedKind::Lost, how),
            Cause::Unresponsive(how) => closed(ClosedKind::Unresponsive, how),
            Cause::ShutDown(how) => closed(ClosedKind::ByClient, how),
            Cause::NotOpened => closed(ClosedKind::ByClient, "not connected yet"),
            Cause::ClientClosed => closed(ClosedKind::Shutdown, CLIENT_CLOSED),
        }
    }
}

impl Cause {
    /// The error of a caller whose request came after the connection closed: it was
    /// never queued, so it never left the client.
    #[cold]
    pub(crate) fn unsent_error(&self) -> Error {
        let (kind, how) = match self {
            Cause::Protocol(e) => (ClosedKind::Lost, format!("after a protocol error: {e}")),
            Cause::Lost(how) => (ClosedKind::Lost, how.to_string()),
            Cause::Unresponsive(how) => (ClosedKind::Unresponsive, how.to_string()),
            Cause::ShutDown(how) => (ClosedKind::ByClient, (*how).to_owned()),
            Cause::NotOpened => (ClosedKind::ByClient, "not connected yet".to_owned()),
            Cause::ClientClosed => (ClosedKind::Shutdown, CLIENT_CLOSED.to_owned()),
        };
        Error::ConnectionClosed(Closed::new(kind, how).unsent())
    }
}

fn closed(kind: ClosedKind, how: &str) -> Error {
    Error::ConnectionClosed(Closed::new(kind, how))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn protocol_violations_reach_callers_as_protocol_errors() {
        let e = Cause::unexpected_reply().error();
        assert!(matches!(
            e,
            Error::Protocol(ProtocolError {
                kind: ProtocolErrorKind::UnexpectedReply,
                ..
            })
        ));
        assert_eq!(
            e.to_string(),
            "protocol error at byte 0: a reply arrived that no request was waiting for"
        );
    }

    #[test]
    fn lost_connections_say_how_without_repeating_themselves() {
        let e = Cause::stuck(Duration::from_secs(1)).error();
        let text = e.to_string();
        assert!(text.starts_with("connection closed: the server stopped answering"));
        assert_eq!(text.matches("connection closed").count(), 1, "{text}");
        assert!(matches!(&e, Error::ConnectionClosed(c) if c.kind() == ClosedKind::Unresponsive));
        assert!(Cause::lost("by the server").is_lost());
        assert!(!Cause::ShutDown("shut down by the client").is_lost());
    }
}
