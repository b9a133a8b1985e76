//! Authenticating a live connection again before its credentials expire, with `AUTH` in
//! line with its other commands, so nothing in flight is disturbed. A client's shared
//! connection has a task for it ([`spawn`]); a dedicated connection is renewed between
//! commands, when it is leased ([`renew`]); a subscriber's between messages, by the
//! subscriber ([`auth_command`]).

use super::config::Config;
use super::credentials::{renew_at, Credentials, CredentialsProvider};
use super::mux::{self, Connection, Submission, WeakConnection};
use super::Backoff;
use crate::cmd::{cmd, Command};
use crate::error::Error;
use crate::support::trace;
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
        let fetched = Instant::now();
        let creds = self
            .provider
            .credentials()
            .await
            .map_err(Error::Credentials)?;
        let auth = auth_command(&creds);
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
        reply.decode::<crate::resp::value::Value>()?;
        trace::debug!("authenticated the connection again");
        if let Some(conn) = self.conn.upgrade() {
            conn.authenticated(fetched, creds.expiry());
        }
        Ok(creds.expiry())
    }
}

/// `AUTH [user] password` of `creds`.
pub(crate) fn auth_command(creds: &Credentials) -> Command {
    let mut auth = cmd("AUTH");
    if let Some(user) = creds.username() {
        auth = auth.arg(user);
    }
    auth.arg(creds.password()).build()
}

/// Authenticates `conn` again, in line with its commands, when its credentials are due to
/// be renewed by `horizon` (a dedicated connection about to be handed out, whose caller
/// may hold it that long): fresh credentials from `provider`, sent with `AUTH` and
/// answered within `timeout`. Nothing is sent when they are not due.
///
/// # Errors
///
/// The provider's failure ([`Error::Credentials`]), the server's refusal, a timeout.
pub(crate) async fn renew(
    conn: &Connection,
    provider: &dyn CredentialsProvider,
    horizon: Instant,
    timeout: Option<Duration>,
) -> Result<(), Error> {
    if conn.renew_at().is_none_or(|at| at > horizon) {
        return Ok(());
    }
    let fetched = Instant::now();
    let creds = provider.credentials().await.map_err(Error::Credentials)?;
    let (request, rx) = Submission::one(auth_command(&creds), timeout.map(|t| fetched + t));
    conn.submit(request);
    let reply = match timeout {
        Some(t) => tokio::time::timeout(t, mux::reply(rx))
            .await
            .map_err(|_| Error::Timeout(t))??,
        None => mux::reply(rx).await?,
    };
    reply.decode::<crate::resp::value::Value>()?;
    conn.authenticated(fetched, creds.expiry());
    trace::debug!("authenticated a dedicated connection again");
    Ok(())
}
