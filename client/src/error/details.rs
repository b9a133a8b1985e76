//! What the connection and cluster errors carry: a kind (and where there is one, an address
//! or a slot) that a caller can match, and the message kept for display.

use std::fmt;

/// Why a connection closed under a request ([`Error::ConnectionClosed`](super::Error)):
/// the request may or may not have run.
///
/// ```
/// use typedis::{ClosedKind, Error};
///
/// fn worth_a_new_attempt(e: &Error) -> bool {
///     match e {
///         // A server that stopped answering may be overloaded: back off first.
///         Error::ConnectionClosed(c) => c.kind() != ClosedKind::Unresponsive,
///         _ => false,
///     }
/// }
/// # let _ = worth_a_new_attempt;
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Closed {
    kind: ClosedKind,
    message: String,
    sent: bool,
}

/// How a connection closed (see [`Closed`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ClosedKind {
    /// The server closed it, or reading or writing it failed.
    Lost,
    /// The server stopped answering (no reply long past the response timeout, or no
    /// answer to the health check), so the client replaced the connection.
    Unresponsive,
    /// The client closed it: the primary moved (Sentinel), the node turned out to be a
    /// replica, or the client was dropped.
    ByClient,
    /// The application closed the client ([`Client::close`](crate::Client::close)): it
    /// takes no more commands. Never worth a retry.
    Shutdown,
}

impl Closed {
    /// A connection closed as `kind` says; `message` says how.
    pub fn new(kind: ClosedKind, message: impl Into<String>) -> Closed {
        Closed {
            kind,
            message: message.into(),
            sent: true,
        }
    }

    /// The same, for a request that never left the client (the connection had closed
    /// before it was queued).
    pub(crate) fn unsent(self) -> Closed {
        Closed {
            sent: false,
            ..self
        }
    }

    /// Whether the request may have reached the server: `false` only when the client
    /// knows it never left (the connection had closed before the request was queued), so
    /// sending it again cannot run it twice. `true` otherwise: it may or may not have run.
    pub fn was_sent(&self) -> bool {
        self.sent
    }

    /// How it closed.
    pub fn kind(&self) -> ClosedKind {
        self.kind
    }

    /// What happened, in words.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Closed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Why a cluster client could not route a command ([`Error::Cluster`](super::Error));
/// nothing was sent for it.
///
/// ```
/// use typedis::{ClusterError, ClusterErrorKind, Error};
///
/// let e = Error::Cluster(ClusterError::new(ClusterErrorKind::NoNode, "no node serves slot 7").in_slot(7));
/// if let Error::Cluster(c) = &e {
///     assert_eq!((c.kind(), c.slot()), (ClusterErrorKind::NoNode, Some(7)));
/// }
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClusterError {
    kind: ClusterErrorKind,
    slot: Option<u16>,
    message: String,
}

/// What kept a cluster client from routing a command (see [`ClusterError`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ClusterErrorKind {
    /// Keys in several slots that the command's routing policy does not allow splitting,
    /// or a transaction's command outside the transaction's slot.
    CrossSlot,
    /// No node serves the slot, or none answered.
    NoNode,
    /// The command has no place on a cluster client as sent: it would change a shared
    /// connection's state (`MULTI`, `SUBSCRIBE`), or it is keyless without cluster-wide
    /// meaning (`SCAN`), or it cannot be split as its policy says.
    Unroutable,
    /// The slot map names a node by an address the client cannot dial.
    BadAddress,
    /// A node's answer could not be used (a slot map in a form not understood, a part of
    /// a split command answered with the wrong number of elements).
    BadReply,
}

impl ClusterError {
    /// A routing failure of `kind`; `message` says which and why.
    pub fn new(kind: ClusterErrorKind, message: impl Into<String>) -> ClusterError {
        ClusterError {
            kind,
            slot: None,
            message: message.into(),
        }
    }

    /// The same, naming the slot concerned.
    pub fn in_slot(mut self, slot: u16) -> ClusterError {
        self.slot = Some(slot);
        self
    }

    /// What kept the command from being routed.
    pub fn kind(&self) -> ClusterErrorKind {
        self.kind
    }

    /// The slot concerned, when there is one.
    pub fn slot(&self) -> Option<u16> {
        self.slot
    }

    /// Which and why, in words.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for ClusterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Where messages of a [`Subscriber`](crate::Subscriber) or pushes of a
/// [`Pushes`](crate::Pushes) listener may be missing ([`Error::MissedMessages`](super::Error)):
/// the connection was lost and opened again, or the consumer fell behind and some were
/// dropped, or both. The stream goes on after it.
///
/// ```
/// use typedis::Error;
///
/// fn note(e: &Error) {
///     if let Error::MissedMessages(gap) = e {
///         if gap.reconnected() {
///             println!("reconnected: re-read the state the messages were about");
///         }
///         if gap.dropped() > 0 {
///             println!("{} dropped: read faster, or give a bigger push_buffer", gap.dropped());
///         }
///     }
/// }
/// # let _ = note;
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Missed {
    reconnected: bool,
    dropped: u64,
    message: String,
}

impl Missed {
    /// A gap: after a reconnection (`reconnected`), `dropped` messages dropped; `message`
    /// says so in words.
    pub(crate) fn new(reconnected: bool, dropped: u64, message: String) -> Missed {
        Missed {
            reconnected,
            dropped,
            message,
        }
    }

    /// Whether the connection was lost and opened again (what was sent meanwhile never
    /// arrived; how much is unknown).
    pub fn reconnected(&self) -> bool {
        self.reconnected
    }

    /// Messages dropped because the consumer had fallen behind.
    pub fn dropped(&self) -> u64 {
        self.dropped
    }

    /// What happened, in words.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Missed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// A command refused where it was sent ([`Error::InvalidUse`](super::Error)); nothing was
/// sent. The message says what to use instead.
///
/// ```
/// # async fn demo(client: typedis::Client) {
/// use typedis::{cmd, Error};
///
/// match client.send(cmd("SUBSCRIBE").arg("news")).await {
///     Err(Error::InvalidUse(refused)) => {
///         assert_eq!(refused.command(), "SUBSCRIBE");
///         println!("{}", refused.message()); // use Client::subscriber
///     }
///     other => panic!("{other:?}"),
/// }
/// # }
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    command: String,
    message: String,
}

impl Refused {
    /// `command` (its name) refused, as `message` says.
    pub(crate) fn new(command: impl Into<String>, message: impl Into<String>) -> Refused {
        Refused {
            command: command.into(),
            message: message.into(),
        }
    }

    /// The name of the command refused (`SUBSCRIBE`, `CLIENT TRACKING`); empty when the
    /// refusal is not about one command.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// Why, and what to use instead.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.command.is_empty() {
            write!(f, "{}: ", self.command)?;
        }
        f.write_str(&self.message)
    }
}
