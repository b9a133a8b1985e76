//! Pacing the attempts to open connections to one server, by the [`Backoff`]: after each
//! failure the next attempt waits longer (jittered, capped), and a connection lost soon
//! after it opened counts too, so the wait does not start over for a server that accepts
//! connections only to drop them. A healthy handshake forgets the failed attempts before
//! it (a client that waited for its server to start reconnects at once after an early
//! drop), but not the connections lost early in a row. Every reconnecting loop keeps one:
//! the shared connection, the dedicated connections, each subscriber.

use super::backoff::Backoff;
use crate::error::{Error, LastFailure, Unreachable};
use std::time::{Duration, Instant};

/// The state of one server's connection attempts.
#[derive(Debug, Default)]
pub(crate) struct Pacing {
    /// Failed attempts since the last healthy handshake.
    failures: u32,
    /// Connections lost within [`Backoff::STABLE_AFTER`] of opening, in a row.
    early_losses: u32,
    /// No attempt before then.
    not_before: Option<Instant>,
    /// What the last failure was.
    last: Option<LastFailure>,
}

impl Pacing {
    /// When the next attempt may start (`None`: now).
    pub(crate) fn not_before(&self) -> Option<Instant> {
        self.not_before.filter(|&t| t > Instant::now())
    }

    /// An attempt to open a connection to `addr` (when the caller knows it) failed with
    /// `error`; returns what its caller reads ([`last_error`](Self::last_error)).
    pub(crate) fn failed(
        &mut self,
        backoff: &Backoff,
        error: Error,
        addr: Option<String>,
    ) -> Error {
        self.failures = self.failures.saturating_add(1);
        self.not_before = Some(Instant::now() + backoff.jittered(self.in_a_row()));
        let last = LastFailure::new(error, addr);
        let error = last.error(self.in_a_row());
        self.last = Some(last);
        error
    }

    /// Whether a caller waiting for the connection should give up now: the attempts that
    /// failed in a row reached the backoff's cap.
    pub(crate) fn exhausted(&self, backoff: &Backoff) -> bool {
        backoff
            .max_attempts
            .is_some_and(|cap| self.last.is_some() && self.in_a_row() >= cap)
    }

    /// Failures in a row that pace the next attempt: failed attempts and early losses.
    fn in_a_row(&self) -> u32 {
        self.failures.saturating_add(self.early_losses)
    }

    /// A handshake succeeded: the failed attempts before it are forgotten (the next
    /// attempt after this connection, if it is lost, is paced by early losses alone).
    pub(crate) fn opened(&mut self) {
        self.failures = 0;
        self.not_before = None;
        self.last = None;
    }

    /// A connection opened by the last attempt was lost after `lived`: too soon, and it
    /// counts as a failure; later, and the next attempt may start at once.
    pub(crate) fn lost(&mut self, backoff: &Backoff, lived: Duration) {
        if lived >= Backoff::STABLE_AFTER {
            *self = Pacing::default();
            return;
        }
        self.early_losses = self.early_losses.saturating_add(1);
        self.not_before = Some(Instant::now() + backoff.jittered(self.in_a_row()));
        let lost = Unreachable::new(format!("the connection was lost {lived:?} after it opened"));
        self.last = Some(LastFailure::new(Error::Unreachable(lost), None));
    }

    /// [`last_error`](Self::last_error) when the last attempt was refused (by the
    /// credentials provider, or by the server: `WRONGPASS`, an unknown database).
    pub(crate) fn last_refusal(&self) -> Option<Error> {
        self.last_error().filter(|e| {
            matches!(
                e,
                Error::Credentials(_) | Error::Server(_) | Error::Config(_)
            )
        })
    }

    /// A connection did its work: the next attempt, if ever, starts afresh.
    pub(crate) fn succeeded(&mut self) {
        *self = Pacing::default();
    }

    /// The error of a caller that could not get a connection in time: the last failure,
    /// with its type (`error::LastFailure::error`). `None` when no attempt has failed since
    /// the last connection that worked.
    pub(crate) fn last_error(&self) -> Option<Error> {
        Some(self.last.as_ref()?.error(self.in_a_row()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn backoff() -> Backoff {
        Backoff::new(Duration::from_millis(100), Duration::from_secs(1))
    }

    #[test]
    fn failures_push_the_next_attempt_back_and_say_what_failed() {
        let mut p = Pacing::default();
        assert!(p.not_before().is_none());
        assert!(p.last_error().is_none());
        let refused = || Error::Io(std::io::ErrorKind::ConnectionRefused.into());
        p.failed(&backoff(), refused(), None);
        let wait = p.not_before().unwrap() - Instant::now();
        assert!(wait <= Duration::from_millis(100) && wait >= Duration::from_millis(40));
        p.failed(&backoff(), refused(), Some("127.0.0.1:1".into()));
        let e = p.last_error().unwrap();
        assert!(matches!(e, Error::Unreachable(_)));
        let text = e.to_string();
        assert!(
            text.starts_with("server unreachable: 127.0.0.1:1: connecting failed: i/o error"),
            "{text}"
        );
        assert!(text.ends_with("(2 failures in a row)"), "{text}");
        p.succeeded();
        assert!(p.not_before().is_none() && p.last_error().is_none());
    }

    #[test]
    fn a_connection_lost_right_after_opening_does_not_reset_the_backoff() {
        let mut p = Pacing::default();
        for _ in 0..3 {
            p.lost(&backoff(), Duration::from_millis(5));
        }
        let wait = p.not_before().unwrap() - Instant::now();
        assert!(wait >= Duration::from_millis(190), "{wait:?}");
        assert!(p.last_error().unwrap().to_string().contains("lost"));
        p.lost(&backoff(), Backoff::STABLE_AFTER);
        assert!(p.not_before().is_none());
    }

    #[test]
    fn a_healthy_handshake_forgets_the_failed_attempts_but_not_the_early_losses() {
        let mut p = Pacing::default();
        let refused = || Error::Io(std::io::ErrorKind::ConnectionRefused.into());
        for _ in 0..6 {
            p.failed(&backoff(), refused(), None);
        }
        p.opened();
        assert!(p.not_before().is_none() && p.last_error().is_none());
        // Lost at once: paced as a first failure, not a seventh.
        p.lost(&backoff(), Duration::from_millis(5));
        let wait = p.not_before().unwrap() - Instant::now();
        assert!(wait <= Duration::from_millis(100), "{wait:?}");
        // A server that drops every connection it accepts still backs off.
        for _ in 0..3 {
            p.opened();
            p.lost(&backoff(), Duration::from_millis(5));
        }
        let wait = p.not_before().unwrap() - Instant::now();
        assert!(wait >= Duration::from_millis(390), "{wait:?}");
    }
}
