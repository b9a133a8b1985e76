//! Authenticating a live connection again before its credentials expire: a task per
//! connection asks the provider for new credentials and sends `AUTH` in line with the
//! other commands, so nothing in flight is disturbed.

use super::config::Config;
use super::credentials::{renew_at, CredentialsProvider};
use super::mux::{self, Submission, WeakConnection};
use super::Backoff;
use crate::cmd::cmd;
use crate::error::Error;
use crate::trace;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Starts renewing the authentication of `conn`, whose credentials were fetched at
/// `fetched` and expire at `expires`, until it closes.
pub(crate) fn spawn(
    conn: WeakConnection,
    provider: Arc<dyn CredentialsProvider>,
    fetched: Instant,
    expires: Instant,
    config: &Config,
) {
    let renewal = Renewal {
        conn,
        provider,
        backoff: config.backoff,
        timeout: config.response_timeout,
    };
    tokio::spawn(renewal.run(renew_at(fetched, expires)));
}

struct Renewal {
    conn: WeakConnection,
    provider: Arc<dyn CredentialsProvider>,
    backoff: Backoff,
    timeout: Option<Duration>,
}

impl Renewal {
    async fn run(self, mut at: Instant) {
        let mut failures = 0;
        loop {
            tokio::select! {
                () = self.conn.closed() => return,
                () = tokio::time::sleep_until(at.into()) => {}
            }
            let fetched = Instant::now();
            match self.renew().await {
                Ok(Some(expires)) => {
                    failures = 0;
                    at = renew_at(fetched, expires);
                }
                // The new credentials do not expire: nothing more to renew.
                Ok(None) => return,
                Err(e) => {
                    if self.conn.upgrade().is_none_or(|c| c.is_closed()) {
                        return;
                    }
                    failures += 1;
                    trace::info!(error = %e, failures, "authenticating the connection again failed");
                    at = Instant::now() + self.backoff.jittered(failures);
                }
            }
        }
    }

    /// One renewal: new credentials from the provider, sent with `AUTH`. When they
    /// expire, if they do.
    async fn renew(&self) -> Result<Option<Instant>, Error> {
        let creds = self
            .provider
            .credentials()
            .await
            .map_err(Error::Credentials)?;
        let mut auth = cmd("AUTH");
        if let Some(user) = creds.username() {
            auth = auth.arg(user);
        }
        let auth = auth.arg(creds.password()).build();
        let Some(conn) = self.conn.upgrade() else {
            return Ok(None);
        };
        let (request, rx) = Submission::one(auth, self.timeout.map(|t| Instant::now() + t));
        conn.submit(request);
        // The handle is not held while the reply is awaited: the client may drop the
        // connection meanwhile, which fails the request.
        drop(conn);
        let reply = match self.timeout {
            Some(t) => tokio::time::timeout(t, mux::reply(rx))
                .await
                .map_err(|_| Error::Timeout(t))??,
            None => mux::reply(rx).await?,
        };
        reply.decode::<crate::value::Value>()?;
        trace::debug!("authenticated the connection again");
        Ok(creds.expiry())
    }
}
