//! Big commands on connections of their own: a command long enough
//! (`Config::big_request_bytes`), or whose last reply was (`Config::big_reply_bytes`), is
//! sent on a dedicated connection so the shared connection's other commands do not wait
//! behind it, and so is a pipeline or transaction that long; [`BigReplies`] remembers
//! the commands whose replies were big.

use super::{within, Client, Place};
use crate::cmd::Command;
use crate::conn::mux::{reply_timed, RepliesRx, Submission};
use crate::error::Error;
use crate::support::sync::lock;
use crate::wire::Frame;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// At most this many commands are remembered; past it, the oldest knowledge is dropped
/// all at once (the set starts again), which bounds the memory whatever the keys.
const MOST: usize = 1024;

/// The commands (by name and first key) whose last reply on the shared connection was at
/// least the client's threshold long.
#[derive(Debug, Default)]
pub(super) struct BigReplies {
    /// Whether any command is remembered: while none is, a command costs one load.
    any: AtomicBool,
    marks: Mutex<HashSet<u64>>,
}

impl BigReplies {
    /// What identifies `command` here: its name (any case) and its first key (or first
    /// argument), hashed.
    pub(super) fn mark(command: &Command) -> u64 {
        // FNV-1a: a handful of bytes, hashed on every command while the setting is on.
        const PRIME: u64 = 0x0000_0100_0000_01b3;
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |byte: u8| {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(PRIME);
        };
        for &b in command.name().as_bytes() {
            eat(b.to_ascii_lowercase());
        }
        // A separator no name has, so `GET` of key `x` and a command `GETx` differ.
        eat(b' ');
        // The first key when the command's spec says which it is; otherwise (an untyped
        // command) the first argument, which is the key of most commands with one.
        let first = command.keys().next().or_else(|| command.args().nth(1));
        for &b in first.unwrap_or_default() {
            eat(b);
        }
        hash
    }

    /// Whether any command is remembered.
    #[cfg(feature = "cluster")]
    #[inline]
    pub(super) fn any(&self) -> bool {
        self.any.load(Ordering::Relaxed)
    }

    /// Whether the last reply to the command marked `mark` was big.
    #[inline]
    pub(super) fn holds(&self, mark: u64) -> bool {
        self.any.load(Ordering::Relaxed) && lock(&self.marks).contains(&mark)
    }

    /// Records whether the reply to the command marked `mark` was big.
    pub(super) fn record(&self, mark: u64, big: bool) {
        if !big && !self.any.load(Ordering::Relaxed) {
            return;
        }
        let mut marks = lock(&self.marks);
        if big {
            if marks.len() >= MOST {
                marks.clear();
            }
            marks.insert(mark);
        } else {
            marks.remove(&mark);
        }
        self.any.store(!marks.is_empty(), Ordering::Relaxed);
    }
}

impl Client {
    /// Whether a request of `len` encoded bytes goes on a connection of its own
    /// ([`Config::big_request_bytes`](crate::conn::Config::big_request_bytes)).
    #[inline]
    pub(crate) fn is_big_request(&self, len: usize) -> bool {
        self.inner.config.big_request.is_some_and(|big| len >= big)
    }

    /// Where a command placed on the shared connection goes: on a connection of its own
    /// when it is long enough ([`Config::big_request_bytes`]) or its last reply was
    /// ([`Config::big_reply_bytes`]). Also returns its mark, hashed once here, to note its
    /// reply with, when `big_reply_bytes` is on.
    ///
    /// [`Config::big_request_bytes`]: crate::conn::Config::big_request_bytes
    /// [`Config::big_reply_bytes`]: crate::conn::Config::big_reply_bytes
    #[inline]
    pub(super) fn place_by_size(&self, command: &Command, place: Place) -> (Place, Option<u64>) {
        if !matches!(place, Place::Shared) {
            return (place, None);
        }
        let mark = self
            .inner
            .config
            .big_reply
            .map(|_| BigReplies::mark(command));
        let big = self.is_big_request(command.as_bytes().len())
            || mark.is_some_and(|mark| self.inner.big_replies.holds(mark));
        (if big { Place::Own } else { place }, mark)
    }

    /// Whether `command`, bound for a cluster node's shared connection, goes on a
    /// connection of its own instead (see [`place_by_size`](Self::place_by_size)); its
    /// mark is hashed only once a reply has been big.
    #[cfg(feature = "cluster")]
    pub(crate) fn is_big(&self, command: &Command) -> bool {
        let replies = &self.inner.big_replies;
        self.is_big_request(command.as_bytes().len())
            || (self.inner.config.big_reply.is_some()
                && replies.any()
                && replies.holds(BigReplies::mark(command)))
    }

    /// Notes whether the reply to `command`, sent on a cluster node's shared connection
    /// (not through [`send`](Client::send)), was big; its mark is hashed only when that
    /// can change anything.
    #[cfg(feature = "cluster")]
    pub(crate) fn note_reply(&self, command: &Command, result: &Result<Frame, Error>) {
        if self
            .reply_was_big(result)
            .is_some_and(|big| big || self.inner.big_replies.any())
        {
            self.remember_reply(Some(BigReplies::mark(command)), result);
        }
    }

    /// Notes whether the reply to the command marked `mark` was big.
    pub(super) fn remember_reply(&self, mark: Option<u64>, result: &Result<Frame, Error>) {
        if let (Some(mark), Some(big)) = (mark, self.reply_was_big(result)) {
            self.inner.big_replies.record(mark, big);
        }
    }

    /// Whether `result` is a reply of [`Config::big_reply_bytes`] or more; `None` when
    /// that is off or there is no reply.
    ///
    /// [`Config::big_reply_bytes`]: crate::conn::Config::big_reply_bytes
    fn reply_was_big(&self, result: &Result<Frame, Error>) -> Option<bool> {
        let (Some(big), Ok(frame)) = (self.inner.config.big_reply, result) else {
            return None;
        };
        Some(frame.as_bytes().len() >= big)
    }

    /// Sends a big command on a dedicated connection, within the response timeout (the
    /// lease of the connection included), so that the shared connection's other commands
    /// are not written after it.
    pub(super) async fn send_alone(&self, command: Command) -> Result<Frame, Error> {
        let deadline = self.deadline();
        let sent = self.send_dedicated(command, deadline, deadline);
        within(self.response_timeout(), sent).await
    }

    /// Sends a big unit of commands (a pipeline or a transaction's `MULTI` .. `EXEC`,
    /// `request`, answered on `rx`) on a dedicated connection, written whole there as on
    /// the shared connection, without holding the shared connection's other commands
    /// back. The lease and the replies are within `limit` (the unit's, by `deadline`): past
    /// it, [`Error::Timeout`] of `limit`.
    pub(crate) async fn send_unit_alone(
        &self,
        request: Submission,
        rx: RepliesRx,
        deadline: Option<Instant>,
        limit: Option<Duration>,
    ) -> Result<Vec<Frame>, Error> {
        let sent = async {
            let mut lease = self.lease(deadline).await?;
            lease.conn().submit(request);
            let frames = reply_timed(rx).await?;
            lease.release();
            Ok(frames)
        };
        within(limit, sent).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::{cmd, Request};

    fn marked(name: &str, key: &str) -> u64 {
        BigReplies::mark(&cmd(name).arg(key).into_command())
    }

    #[test]
    fn a_mark_is_the_name_in_any_case_and_the_first_key() {
        assert_eq!(marked("GET", "a"), marked("get", "a"));
        assert_ne!(marked("GET", "a"), marked("GET", "b"));
        assert_ne!(marked("GET", "a"), marked("STRLEN", "a"));
        // A typed command's key is the one its spec names.
        let typed =
            |key: &str| BigReplies::mark(&crate::cmd::b().get().key(key).build().into_command());
        assert_eq!(typed("a"), marked("GET", "a"));
        assert_ne!(typed("a"), typed("b"));
    }

    #[test]
    fn remembered_until_a_small_reply_and_bounded() {
        let big = BigReplies::default();
        let get = cmd("GET").arg("k").into_command();
        let get = BigReplies::mark(&get);
        assert!(!big.holds(get));
        big.record(get, true);
        assert!(big.holds(get));
        big.record(get, false);
        assert!(!big.holds(get));
        for i in 0..MOST as u64 + 10 {
            big.record(i, true);
        }
        assert!(lock(&big.marks).len() <= MOST);
    }
}
