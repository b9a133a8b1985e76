//! One task per connection for what needs a clock:
//!
//! - Response timeouts, without a timer per request: each reply slot carries its
//!   deadline, and the task wakes when the earliest passes and tells those callers their
//!   time is up.
//! - A connection that stopped answering is replaced: once the oldest request still
//!   waiting is past its deadline by the response timeout again (at least
//!   [`MIN_GRACE`]), the connection is closed, every request on it fails with a
//!   connection error, and the next command opens a new one.
//! - The health check: a `PING` once the connection has been quiet for a while, or once
//!   replies have stopped arriving although requests wait for them; no reply in time
//!   closes the connection.
//!
//! The task never sleeps past `period` (the shorter of the response timeout and the
//! health-check interval), and a request made at time `t` has a deadline no earlier than
//! `t + timeout`, so a deadline is never missed however many requests join while the
//! task sleeps, and nothing needs to wake it.

use super::{Cause, ReplyRx, Shared, Submission};
use crate::support::trace;
use crate::wire::write::encode;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::oneshot;

/// The least time the oldest request may wait past its deadline before its connection
/// counts as stuck, however short the response timeout: a server that pauses for a moment
/// (a fork, a slow command) is not worth a new connection.
pub(crate) const MIN_GRACE: Duration = Duration::from_secs(1);

/// How long past its deadline the oldest request may wait before the connection is
/// replaced, under response timeout `timeout`.
pub(crate) fn grace(timeout: Duration) -> Duration {
    timeout.max(MIN_GRACE)
}

/// Watches `shared` until the connection closes: times out slots whose deadline passed and
/// replaces a stuck connection (when `timeout` is set), and checks the connection's health
/// (when `health` is set).
pub(super) async fn watch(
    shared: Arc<Shared>,
    timeout: Option<Duration>,
    health: Option<Duration>,
) {
    let period = match (timeout, health) {
        (Some(t), Some(h)) => t.min(h),
        (Some(p), None) | (None, Some(p)) => p,
        (None, None) => return,
    };
    let mut check = health.map(Health::new);
    let grace = timeout.map(grace);
    let mut next = Instant::now() + period;
    loop {
        tokio::time::sleep_until(next.into()).await;
        if shared.is_closed() {
            return;
        }
        let now = Instant::now();
        let watch = shared.queue.watch(now, timeout.unwrap_or(period), grace);
        if let Some(waited) = watch.stuck {
            trace::info!(?waited, "replacing a connection that stopped answering");
            shared.close(Cause::stuck(waited));
            return;
        }
        next = watch.next.map_or(now + period, |n| n.min(now + period));
        if let Some(check) = &mut check {
            let reads = shared.reads.load(Ordering::Relaxed);
            match check.step(&shared, now, watch.submitted, reads, watch.empty, timeout) {
                Ok(Some(deadline)) => next = next.min(deadline),
                Ok(None) => {}
                Err(cause) => {
                    trace::info!(?cause, "closing an unresponsive connection");
                    shared.close(cause);
                    return;
                }
            }
        }
    }
}

/// The health check's state between wakes.
struct Health {
    every: Duration,
    /// Requests made as of the last wake, and since when that number has not moved.
    submitted: u64,
    quiet_since: Instant,
    /// Reads that brought bytes as of the last wake, and since when that number has not
    /// moved.
    reads: u64,
    silent_since: Instant,
    /// The `PING` sent and not yet answered.
    ping: Option<ReplyRx>,
}

impl Health {
    fn new(every: Duration) -> Health {
        Health {
            every,
            submitted: 0,
            quiet_since: Instant::now(),
            reads: 0,
            silent_since: Instant::now(),
            ping: None,
        }
    }

    /// One wake: looks at the outstanding `PING`, or sends one (returning its deadline)
    /// when the connection has been quiet long enough (no request made), or when replies
    /// are awaited but nothing has been read for as long. An error says why the
    /// connection must be closed.
    fn step(
        &mut self,
        shared: &Shared,
        now: Instant,
        submitted: u64,
        reads: u64,
        empty: bool,
        timeout: Option<Duration>,
    ) -> Result<Option<Instant>, Cause> {
        let wait = timeout.unwrap_or(self.every);
        if let Some(ping) = &mut self.ping {
            match ping.try_recv() {
                Ok(Ok(_)) => self.ping = None,
                Err(oneshot::error::TryRecvError::Empty) => return Ok(None),
                // Timed out (expired by the queue), or the connection closed meanwhile.
                Ok(Err(_)) | Err(oneshot::error::TryRecvError::Closed) => {
                    return Err(Cause::unresponsive(format!(
                        "the server did not answer a health-check PING within {wait:?}"
                    )));
                }
            }
        }
        if reads != self.reads {
            self.reads = reads;
            self.silent_since = now;
        }
        let silent = !empty && now.duration_since(self.silent_since) >= self.every;
        if submitted != self.submitted {
            self.submitted = submitted;
            self.quiet_since = now;
            if !silent {
                return Ok(None);
            }
        }
        let quiet = empty && now.duration_since(self.quiet_since) >= self.every;
        if !quiet && !silent {
            return Ok(None);
        }
        let deadline = now + wait;
        let (request, rx) = Submission::health_ping(deadline);
        shared.submit(request);
        self.ping = Some(rx);
        // The PING itself is not traffic: the next one follows a full interval later.
        self.submitted = submitted + 1;
        self.quiet_since = now;
        self.silent_since = now;
        Ok(Some(deadline))
    }
}

impl Submission {
    /// The health check's `PING`.
    fn health_ping(deadline: Instant) -> (Submission, ReplyRx) {
        let (tx, rx) = oneshot::channel();
        let request = Submission {
            payload: super::Payload::Encoded(encode(&[b"PING"])),
            replies: 1,
            tx: Some(super::ReplyTx::One(tx)),
            deadline: Some(deadline),
        };
        (request, rx)
    }
}
