//! A command's own response timeout ([`Client::with_timeout`](crate::Client::with_timeout)),
//! in place of the configured one for everything sending that command waits for: room in
//! the outbox, a reconnection, a dedicated connection, the reply, a cluster's redirects.
//! It is kept for the task that sends the command, so every layer that works out a
//! deadline (the single-node client, a cluster's routing, each node's client) finds it
//! without a parameter on every call; a command sent with none pays one relaxed load.

use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

tokio::task_local! {
    static TIMEOUT: Duration;
}

/// Commands being sent under a timeout of their own, in the whole process: while none is,
/// the task-local value is not looked up.
static TIMED: AtomicUsize = AtomicUsize::new(0);

/// Runs `f` with `timeout` as the response timeout of what it sends.
pub(crate) async fn within<F: Future>(timeout: Duration, f: F) -> F::Output {
    /// Counts the scope while it lives (a future dropped mid-way included).
    struct Counted;
    impl Drop for Counted {
        fn drop(&mut self) {
            TIMED.fetch_sub(1, Ordering::Relaxed);
        }
    }
    TIMED.fetch_add(1, Ordering::Relaxed);
    let _counted = Counted;
    TIMEOUT.scope(timeout, f).await
}

/// The response timeout of what is being sent: the command's own, when it has one,
/// else `configured`.
#[inline]
pub(crate) fn response_timeout(configured: Option<Duration>) -> Option<Duration> {
    if TIMED.load(Ordering::Relaxed) == 0 {
        return configured;
    }
    own().or(configured)
}

/// The command's own response timeout, if it has one.
#[inline(never)]
pub(crate) fn own() -> Option<Duration> {
    TIMEOUT.try_with(|t| *t).ok()
}
