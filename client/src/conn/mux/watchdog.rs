//! Response timeouts without a timer per request: each reply slot carries its deadline,
//! and one task per connection wakes when the earliest deadline passes and tells those
//! callers their time is up.
//!
//! The task never sleeps past `period` (the connection's response timeout), and a request
//! made at time `t` has a deadline no earlier than `t + period`, so a deadline is never
//! missed however many requests join while the task sleeps, and nothing needs to wake it.

use super::Shared;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Times out the slots of `shared` whose deadline passed, until the connection closes.
pub(super) async fn watch(shared: Arc<Shared>, period: Duration) {
    let mut next = Instant::now() + period;
    loop {
        tokio::time::sleep_until(next.into()).await;
        if shared.closed.load(Ordering::Acquire) {
            return;
        }
        let now = Instant::now();
        next = now + period;
        let mut state = shared.lock();
        for slot in state.queue.iter_mut() {
            match slot.deadline() {
                Some(deadline) if deadline <= now => {
                    slot.expire(period);
                    tracing::debug!(timeout = ?period, "request timed out");
                }
                Some(deadline) => next = next.min(deadline),
                None => {}
            }
        }
    }
}
