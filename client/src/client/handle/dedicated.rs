//! Dedicated connections, for blocking commands, transactions and streamed replies and
//! values: leased from a small pool of idle ones or opened for the caller (paced by the
//! backoff while opening fails), and given back to the pool only in a clean state.

use super::Client;
use crate::cmd::Command;
use crate::conn::mux::{self, Connection, Submission};
use crate::conn::reauth;
use crate::error::{Closed, ClosedKind, Error};
use crate::support::sync::lock;
use crate::support::trace;
use crate::wire::Frame;
use std::time::{Duration, Instant};

impl Client {
    /// Sends `command` on a dedicated connection leased by `lease_by`, answered by
    /// `answer_by` (`None`: untimed on the connection), and returns the connection to the
    /// pool once answered.
    pub(super) async fn send_dedicated(
        &self,
        command: Command,
        lease_by: Option<Instant>,
        answer_by: Option<Instant>,
    ) -> Result<Frame, Error> {
        let mut lease = self.lease(lease_by).await?;
        let (request, rx) = Submission::one(command, answer_by);
        lease.conn().submit(request);
        let frame = mux::reply(rx).await?;
        lease.release();
        Ok(frame)
    }

    /// A dedicated connection (an idle one from the pool, or a new one opened by
    /// `deadline`); it goes back to the pool only when released.
    pub(crate) async fn lease(&self, deadline: Option<Instant>) -> Result<Lease, Error> {
        let permit = match &self.inner.dedicated {
            // The semaphore is never closed.
            Some(permits) => Some(permits.clone().acquire_owned().await.map_err(|_| {
                Error::ConnectionClosed(Closed::new(
                    ClosedKind::ByClient,
                    "dedicated connections shut down",
                ))
            })?),
            None => None,
        };
        let idle = {
            let mut idle = lock(&self.inner.idle);
            // One whose credentials expired is not renewed: a new one authenticates anew.
            idle.retain(|c| !c.is_closed() && !c.auth_expired());
            idle.pop()
        };
        let conn = match idle {
            Some(conn) => {
                if conn.renew_at().is_some() {
                    // Boxed: a renewal's state is not for every blocking command's future.
                    Box::pin(self.renew_before_use(&conn, deadline)).await;
                }
                conn
            }
            // Boxed: a handshake's state is kilobytes that every blocking command's and
            // transaction's future would otherwise carry, for a path an idle connection
            // in the pool skips.
            None => Box::pin(self.open_dedicated(deadline)).await?,
        };
        Ok(Lease {
            conn: Some(conn),
            client: self.clone(),
            _permit: permit,
        })
    }

    /// Authenticates an idle connection again, between commands, when its credentials
    /// are due to be renewed before the caller may be done with it (`deadline`; a command
    /// that blocks until data arrives has none: the response timeout stands in). A
    /// connection held past its credentials' expiry (a long block) may be cut by the
    /// server; the next lease opens a fresh one. A renewal that fails is logged: the
    /// connection is used on its current credentials.
    async fn renew_before_use(&self, conn: &Connection, deadline: Option<Instant>) {
        let Some(provider) = self.inner.config.credentials.as_deref() else {
            return;
        };
        let timeout = self.inner.config.response_timeout;
        let horizon =
            deadline.unwrap_or_else(|| Instant::now() + timeout.unwrap_or(Duration::from_secs(60)));
        if let Err(e) = reauth::renew(conn, provider, horizon, timeout).await {
            trace::info!(error = %e, "authenticating a dedicated connection again failed");
        }
    }

    /// Opens a dedicated connection, once the backoff allows, by `deadline`.
    async fn open_dedicated(&self, deadline: Option<Instant>) -> Result<Connection, Error> {
        let not_before = lock(&self.inner.dedicated_pacing).not_before();
        if let Some(t) = not_before {
            if deadline.is_some_and(|d| d <= t) {
                // No attempt may start in time: the last one's failure is the answer.
                if let Some(e) = lock(&self.inner.dedicated_pacing).last_error() {
                    return Err(e);
                }
            }
            self.pause_until(t).await;
        }
        match self.open(None).await {
            Ok(conn) => {
                lock(&self.inner.dedicated_pacing).opened();
                Ok(conn)
            }
            Err(e) => {
                trace::debug!(error = %e, "opening a dedicated connection failed");
                // A refusal (credentials, the server's) keeps its type; anything else
                // means the server cannot be reached (`error::LastFailure`).
                let backoff = &self.inner.config.backoff;
                Err(lock(&self.inner.dedicated_pacing).failed(backoff, e, self.target()))
            }
        }
    }

    /// Notes how a dedicated connection ended, for the pacing of the next one.
    fn dedicated_ended(&self, conn: &Connection) {
        let mut pacing = lock(&self.inner.dedicated_pacing);
        match conn.lost_after() {
            Some(lived) => pacing.lost(&self.inner.config.backoff, lived),
            None => pacing.succeeded(),
        }
    }
}

/// A dedicated connection borrowed from the pool. Dropped without [`Lease::release`], it is
/// closed: it may be blocked, in a transaction or holding WATCHes.
pub(crate) struct Lease {
    conn: Option<Connection>,
    client: Client,
    /// Held while the lease lives, when dedicated connections are capped.
    _permit: Option<tokio::sync::OwnedSemaphorePermit>,
}

impl Lease {
    pub(crate) fn conn(&self) -> &Connection {
        self.conn
            .as_ref()
            .expect("lease holds its connection until dropped")
    }

    /// Returns the connection to the pool (it must be in a clean state).
    pub(crate) fn release(&mut self) {
        if let Some(conn) = self.conn.take() {
            self.client.dedicated_ended(&conn);
            let mut idle = lock(&self.client.inner.idle);
            if !conn.is_closed() && idle.len() < self.client.inner.config.max_idle_dedicated {
                idle.push(conn);
            } else {
                conn.shutdown("dedicated connection closed by the client");
            }
        }
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        if let Some(conn) = self.conn.take() {
            if conn.lost_after().is_some() {
                self.client.dedicated_ended(&conn);
            }
            conn.shutdown("dedicated connection abandoned by the client");
        }
    }
}
