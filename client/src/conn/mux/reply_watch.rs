//! [`ReplyWatch`]: a rule a layer above sets on a connection (Sentinel's, on the
//! connections to a primary), applied by the connection's reader to each error reply once
//! its request is answered: the one place every reply comes back.

use crate::wire::Frame;

/// A rule on a connection's error replies (see [`Connection::watch_replies`]).
///
/// [`Connection::watch_replies`]: super::Connection::watch_replies
pub(crate) trait ReplyWatch: Send + Sync {
    /// Looks at an error reply (already on its way to its caller): `Some(why)` closes the
    /// connection, failing the requests still waiting on it with `why`.
    fn on_error(&self, reply: &Frame) -> Option<&'static str>;
}
