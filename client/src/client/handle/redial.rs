//! Reopening a client's shared connection when it dies. One attempt at a time, in a task
//! of its own, so a thousand waiting callers make one attempt (not a thousand), and a
//! caller that gives up does not cut the attempt short; attempts are paced by the backoff
//! and made only while callers wait. A caller whose deadline passes, or whose attempt
//! failed, learns the last attempt's error with its type (`error::LastFailure`: a refusal
//! such as [`Error::Credentials`] or `WRONGPASS` as it is, [`Error::Unreachable`] with the
//! address and the cause otherwise).

use super::Client;
use crate::conn::mux::{Connection, PushSink};
use crate::conn::pacing::Pacing;
use crate::error::Error;
use crate::support::sync;
use crate::support::trace;
use std::sync::atomic::Ordering;
use std::sync::{Mutex, MutexGuard};
use std::time::Instant;
use tokio::sync::Notify;

/// The state of the shared connection's reopening.
#[derive(Default)]
pub(super) struct Redial {
    state: Mutex<State>,
    /// Woken after every attempt.
    attempted: Notify,
}

#[derive(Default)]
struct State {
    /// An attempt is under way.
    running: bool,
    /// It is past its wait (the backoff) and connecting.
    connecting: bool,
    /// Attempts made so far.
    attempts: u64,
    pacing: Pacing,
    /// The loss of the current connection has been counted in `pacing`.
    counted: bool,
    /// When the last attempt failed.
    failed_at: Option<Instant>,
}

impl Redial {
    fn lock(&self) -> MutexGuard<'_, State> {
        sync::lock(&self.state)
    }
}

impl Client {
    /// The live shared connection, reopened first when it died, by `deadline`.
    pub(crate) async fn connection(&self, deadline: Option<Instant>) -> Result<Connection, Error> {
        let redial = &self.inner.redial;
        loop {
            let conn = self.current();
            if !conn.is_closed() {
                return Ok(conn);
            }
            self.refuse_if_closed()?;
            let attempted = redial.attempted.notified();
            tokio::pin!(attempted);
            // Registered before looking, so an attempt ending in between is not missed.
            attempted.as_mut().enable();
            let seen = {
                let mut state = redial.lock();
                if let Some(open) = self.redial_unless_reopened(&mut state) {
                    return Ok(open);
                }
                state.attempts
            };
            let woken = match deadline {
                Some(d) => tokio::time::timeout_at(d.into(), attempted).await.is_ok(),
                None => {
                    attempted.await;
                    true
                }
            };
            let state = redial.lock();
            // A close wins over every other answer: it may have come after an attempt
            // woke this caller and before the caller ran, and its stand-in connection
            // is no longer one that was never opened.
            self.refuse_if_closed()?;
            let timeout = Error::Timeout(self.inner.config.response_timeout.unwrap_or_default());
            if !woken {
                // Out of time while connecting: the attempt may yet succeed (a slow server),
                // unless the last one was refused (the same refusal is the likely answer).
                // Out of time while waiting out the backoff: the last failure is the answer.
                if state.connecting {
                    return Err(state.pacing.last_refusal().unwrap_or(timeout));
                }
                return Err(state.pacing.last_error().unwrap_or(timeout));
            }
            if state.attempts > seen && self.current().is_closed() {
                // A client that has never connected (one made with `lazy_connect`) waits
                // for its server until the caller's deadline (or the backoff's cap on
                // attempts); once it has been connected, an attempt that fails is the answer.
                let backoff = &self.inner.config.backoff;
                if self.current().was_never_opened()
                    && deadline.is_none_or(|d| Instant::now() < d)
                    && !state.pacing.exhausted(backoff)
                {
                    continue;
                }
                return Err(state.pacing.last_error().unwrap_or(timeout));
            }
        }
    }

    /// Whether the shared connection is open; when it is not, an attempt to reopen it
    /// starts (if none is under way) and the caller goes elsewhere meanwhile.
    pub(crate) fn connected_or_dial(&self) -> bool {
        if !self.current().is_closed() {
            return true;
        }
        let mut state = self.inner.redial.lock();
        self.redial_unless_reopened(&mut state).is_some()
    }

    /// Under the redial lock: the current connection when it is open, or `None` after
    /// starting an attempt to reopen it (unless one is under way). The connection is read
    /// again here because an attempt that ended after the caller saw it closed has
    /// replaced it (an attempt replaces it under this lock); reopening the closed one the
    /// caller saw would replace the fresh connection and cut the requests sent on it.
    fn redial_unless_reopened(&self, state: &mut State) -> Option<Connection> {
        let conn = self.current();
        if !conn.is_closed() {
            return Some(conn);
        }
        if !state.running && !self.is_closing() {
            state.running = true;
            tokio::spawn(self.clone().redial(conn));
        }
        None
    }

    /// For [`Client::close`]: marks the client closing and puts a closed stand-in in the
    /// shared connection's place, under the redial lock (so an attempt under way cannot
    /// put a new connection there after). The connection it replaced, to drain.
    pub(super) fn stop_taking_commands(&self) -> Connection {
        let _state = self.inner.redial.lock();
        self.inner.closing.start();
        let stand_in = Connection::client_closed(self.current().protocol());
        let old = std::mem::replace(&mut *sync::write(&self.inner.current), stand_in);
        // Callers waiting for a reconnection learn at once that none will come.
        self.inner.redial.attempted.notify_waiters();
        old
    }

    /// One attempt to reopen the shared connection, which `lost` was.
    async fn redial(self, lost: Connection) {
        let inner = &self.inner;
        let backoff = inner.config.backoff;
        let not_before = {
            let mut state = inner.redial.lock();
            if !state.counted {
                state.counted = true;
                if let Some(lived) = lost.lost_after() {
                    state.pacing.lost(&backoff, lived);
                }
            }
            // Failures at an address the Sentinels have since moved away from do not
            // hold back an attempt at the new one.
            let moved = state.failed_at.is_some_and(|t| self.moved_since(t));
            state.pacing.not_before().filter(|_| !moved)
        };
        if let Some(t) = not_before {
            self.pause_until(t).await;
        }
        inner.redial.lock().connecting = true;
        let pushes = PushSink::Listeners(inner.pushes.clone());
        let result = self.open(Some(pushes)).await;
        {
            let mut state = inner.redial.lock();
            match result {
                // Closed meanwhile: the stand-in stays, and `open` closed the connection.
                Ok(_) if self.is_closing() => {}
                Ok(conn) => {
                    state.pacing.opened();
                    // The cache is flushed before the new connection is seen, so no read
                    // in between is served what was cached before the outage (the old
                    // connection's reader may have been stopped before it could flush).
                    inner.pushes.connection_lost();
                    *sync::write(&inner.current) = conn;
                    state.counted = false;
                    // A client that connects on first use opens its first connection here:
                    // that is no reconnect.
                    if !lost.was_never_opened() {
                        inner.reconnects.fetch_add(1, Ordering::Relaxed);
                        crate::telemetry::metrics::reconnected(
                            sync::read(&inner.current).db_system(),
                        );
                        inner.pushes.reconnected();
                        trace::info!("reconnected");
                    }
                }
                Err(e) => {
                    trace::debug!(error = %e, "reconnect failed");
                    state.pacing.failed(&backoff, e, self.target());
                    state.failed_at = Some(Instant::now());
                }
            }
            state.running = false;
            state.connecting = false;
            state.attempts += 1;
        }
        inner.redial.attempted.notify_waiters();
    }
}
