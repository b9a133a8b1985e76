//! One task per connection for what needs a clock: response timeouts, without a timer per
//! request (each reply slot carries its deadline, and the task wakes when the earliest
//! passes and tells those callers their time is up), and the health check (a `PING` once
//! the connection has been quiet for a while; no reply in time closes the connection).
//!
//! The task never sleeps past `period` (the shorter of the response timeout and the
//! health-check interval), and a request made at time `t` has a deadline no earlier than
//! `t + timeout`, so a deadline is never missed however many requests join while the
//! task sleeps, and nothing needs to wake it.

use super::{Payload, ReplyTx, Request, Shared};
use crate::error::Error;
use crate::resp::write::encode;
use crate::resp::Frame;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::oneshot;

/// Watches `shared` until the connection closes: times out slots whose deadline passed
/// (when `timeout` is set) and checks the connection's health (when `health` is set).
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
    let mut next = Instant::now() + period;
    loop {
        tokio::time::sleep_until(next.into()).await;
        if shared.closed.load(Ordering::Acquire) {
            return;
        }
        let now = Instant::now();
        next = now + period;
        let (submitted, quiet) = {
            let mut state = shared.lock();
            for slot in state.queue.iter_mut() {
                match slot.deadline() {
                    Some(deadline) if deadline <= now => {
                        slot.expire(timeout.unwrap_or(period));
                        tracing::debug!("request timed out");
                    }
                    Some(deadline) => next = next.min(deadline),
                    None => {}
                }
            }
            (state.submitted, state.queue.is_empty())
        };
        if let Some(check) = &mut check {
            match check.step(&shared, now, submitted, quiet, timeout) {
                Ok(Some(deadline)) => next = next.min(deadline),
                Ok(None) => {}
                Err(reason) => {
                    tracing::info!(%reason, "closing an unresponsive connection");
                    shared.close(&reason);
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
    seen: u64,
    quiet_since: Instant,
    /// The `PING` sent and not yet answered.
    ping: Option<oneshot::Receiver<Result<Frame, Error>>>,
}

impl Health {
    fn new(every: Duration) -> Health {
        Health {
            every,
            seen: 0,
            quiet_since: Instant::now(),
            ping: None,
        }
    }

    /// One wake: looks at the outstanding `PING`, or sends one when the connection has
    /// been quiet long enough (returning its deadline). An error names why the connection
    /// must be closed.
    fn step(
        &mut self,
        shared: &Shared,
        now: Instant,
        submitted: u64,
        quiet: bool,
        timeout: Option<Duration>,
    ) -> Result<Option<Instant>, String> {
        let wait = timeout.unwrap_or(self.every);
        if let Some(ping) = &mut self.ping {
            match ping.try_recv() {
                Ok(Ok(_)) => self.ping = None,
                Err(oneshot::error::TryRecvError::Empty) => return Ok(None),
                // Timed out (expired above), or the connection closed meanwhile.
                Ok(Err(_)) | Err(oneshot::error::TryRecvError::Closed) => {
                    return Err(format!("no reply to a health-check PING within {wait:?}"));
                }
            }
        }
        if submitted != self.seen {
            self.seen = submitted;
            self.quiet_since = now;
            return Ok(None);
        }
        if !quiet || now.duration_since(self.quiet_since) < self.every {
            return Ok(None);
        }
        let (tx, rx) = oneshot::channel();
        let deadline = now + wait;
        shared.submit(Request {
            payload: Payload::Encoded(encode(&[b"PING"])),
            replies: 1,
            tx: Some(ReplyTx::One(tx)),
            deadline: Some(deadline),
        });
        self.ping = Some(rx);
        // The PING itself is not traffic: the next one follows a full interval later.
        self.seen = submitted + 1;
        self.quiet_since = now;
        Ok(Some(deadline))
    }
}
