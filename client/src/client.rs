//! [`Client`]: the handle users share between tasks. Commands go over one multiplexed
//! connection (reconnected with backoff when it dies); blocking commands and transactions
//! use dedicated connections from a small pool.

use crate::cmd::placement::{placement, BlockTime, Placement};
use crate::cmd::Command;
use crate::conn::handshake;
use crate::conn::mux::{self, Connection, PushSink};
use crate::conn::{Config, Protocol};
use crate::error::Error;
use crate::pushes::PushHub;
use crate::read::RespRead;
use crate::resp::Frame;
use std::future::Future;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};
use tracing::Instrument;

/// A reply type that owns its data (borrows nothing from the reply frame): what
/// [`Client::query`] returns. Implemented for every `T: for<'de> RespRead<'de>`.
pub trait DecodeOwned: for<'de> RespRead<'de> {}
impl<T: for<'de> RespRead<'de>> DecodeOwned for T {}

/// A Redis client: cheap to clone, `Send + Sync`; every clone shares one multiplexed
/// connection, so many tasks can issue commands at once and their requests are written
/// together.
///
/// ```no_run
/// # async fn demo() -> Result<(), typedis::Error> {
/// use typedis::{cmd, Client};
///
/// let client = Client::connect("redis://127.0.0.1:6379").await?;
/// client.query::<()>(cmd("SET").arg("greeting").arg("hello")).await?;
/// let value: Option<String> = client.query(cmd("GET").arg("greeting")).await?;
/// assert_eq!(value.as_deref(), Some("hello"));
///
/// // Borrowed: the reply frame stays alive while `text` borrows from it.
/// let frame = client.send(cmd("GET").arg("greeting")).await?;
/// let text: &str = frame.decode()?;
/// # let _ = text;
/// # Ok(()) }
/// ```
#[derive(Clone)]
pub struct Client {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client")
            .field("config", &self.inner.config)
            .field("stats", &self.stats())
            .finish()
    }
}

struct Inner {
    config: Config,
    current: RwLock<Connection>,
    reconnect: tokio::sync::Mutex<Backoffs>,
    idle: Mutex<Vec<Connection>>,
    /// Where the shared connection's pushes go.
    pushes: Arc<PushHub>,
    /// Permits for dedicated connections, when their number is capped.
    dedicated: Option<Arc<tokio::sync::Semaphore>>,
    in_flight: AtomicUsize,
    reconnects: AtomicU64,
}

#[derive(Default)]
struct Backoffs {
    failures: u32,
    last_failure: Option<Instant>,
}

/// Counters of a [`Client`], read with [`Client::stats`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct ClientStats {
    /// Commands sent (or queued) whose caller still waits for the reply.
    pub in_flight: usize,
    /// Times the multiplexed connection was opened again after it died.
    pub reconnects: u64,
    /// Idle dedicated connections kept for blocking commands and transactions.
    pub idle_dedicated: usize,
}

impl Client {
    /// Connects to the server a URL names (see [`Config::from_url`] for the forms).
    ///
    /// # Errors
    ///
    /// [`Error::Config`] for a bad URL; [`Error::Io`] when the server cannot be reached;
    /// [`Error::Server`] when the server refuses the handshake (wrong password, unknown
    /// database); [`Error::Timeout`] when it takes longer than the connect timeout.
    pub async fn connect(url: &str) -> Result<Client, Error> {
        Client::with_config(Config::from_url(url)?).await
    }

    /// Connects with a full [`Config`].
    ///
    /// # Errors
    ///
    /// As [`Client::connect`].
    pub async fn with_config(config: Config) -> Result<Client, Error> {
        let pushes = Arc::new(PushHub::default());
        let conn = handshake::connect(&config, Some(PushSink::Listeners(pushes.clone()))).await?;
        let dedicated = config
            .max_dedicated
            .map(|n| Arc::new(tokio::sync::Semaphore::new(n)));
        Ok(Client {
            inner: Arc::new(Inner {
                dedicated,
                pushes,
                config,
                current: RwLock::new(conn),
                reconnect: tokio::sync::Mutex::new(Backoffs::default()),
                idle: Mutex::new(Vec::new()),
                in_flight: AtomicUsize::new(0),
                reconnects: AtomicU64::new(0),
            }),
        })
    }

    /// The configuration this client was made with.
    pub fn config(&self) -> &Config {
        &self.inner.config
    }

    /// The protocol the current connection speaks (RESP3 unless the server only knows
    /// RESP2 or [`Protocol::Resp2`] was asked for).
    pub fn protocol(&self) -> Protocol {
        self.current().protocol()
    }

    /// Current counters.
    pub fn stats(&self) -> ClientStats {
        ClientStats {
            in_flight: self.inner.in_flight.load(Ordering::Relaxed),
            reconnects: self.inner.reconnects.load(Ordering::Relaxed),
            idle_dedicated: lock(&self.inner.idle).len(),
        }
    }

    /// Sends a command and reads its reply as an owned `T`.
    ///
    /// # Errors
    ///
    /// [`Error::Server`] when the server answers with an error, [`Error::Decode`] when the
    /// reply does not have `T`'s shape (the connection is unharmed either way),
    /// [`Error::Timeout`] after the response timeout, [`Error::ConnectionClosed`] when the
    /// connection died before the reply came.
    pub async fn query<T: DecodeOwned>(&self, command: impl Into<Command>) -> Result<T, Error> {
        self.send(command).await?.decode()
    }

    /// Sends a command and returns its whole reply frame, to decode with
    /// [`Frame::decode`] into types that borrow from it. An error reply is returned as a
    /// frame too: decoding it yields [`Error::Server`].
    ///
    /// Blocking commands (`BLPOP`, `XREAD BLOCK`, ...) run on a dedicated connection and
    /// time out after their own block time plus [`Config::blocking_margin`].
    ///
    /// # Errors
    ///
    /// [`Error::Timeout`], [`Error::ConnectionClosed`], or the error of a failed
    /// reconnection; [`Error::InvalidUse`] for commands that would change the connection
    /// for everyone sharing it (Pub/Sub, `MULTI`/`WATCH`, `MONITOR`, `CLIENT REPLY`, ...),
    /// which have their own API ([`Client::subscriber`], [`Client::transaction`]).
    pub async fn send(&self, command: impl Into<Command>) -> Result<Frame, Error> {
        let command = command.into();
        let blocking = match placement(&command) {
            Placement::Shared => None,
            Placement::Dedicated(time) => Some(time),
            Placement::Refused(why) => return Err(refused(&command, why)),
        };
        let span = tracing::debug_span!("redis", command = command.name());
        let _counted = InFlight::new(&self.inner.in_flight);
        if let Some(time) = blocking {
            // Boxed: the rare path keeps its state out of every command's future.
            return Box::pin(self.send_blocking(command, time))
                .instrument(span)
                .await;
        }
        if span.is_disabled() {
            // Nobody records spans: skip entering and leaving one at every poll.
            self.send_multiplexed(command).await
        } else {
            self.send_multiplexed(command).instrument(span).await
        }
    }

    async fn send_multiplexed(&self, command: Command) -> Result<Frame, Error> {
        let retry = (self.inner.config.retry_read_only
            && command.flags().contains(crate::cmd::CommandFlags::READONLY))
        .then(|| command.clone());
        // The connection times the request out (see `Config::response_timeout`).
        let rx = match self.start_on_current(command) {
            Ok(rx) => rx,
            Err(command) => {
                // Reconnecting, or waiting for room in the outbox, counts against the
                // response timeout too.
                let deadline = self.deadline();
                self.live(deadline).await?.send_until(command, deadline)
            }
        };
        let result = mux::reply(rx).await;
        match (result, retry) {
            (Err(Error::ConnectionClosed(reason)), Some(command)) => {
                tracing::debug!(%reason, "resending a read-only command after a reconnect");
                // Keep trying to reconnect (paced by the backoff) within the response
                // timeout: the server may take a moment to come back.
                self.timed(async {
                    loop {
                        match self.connection().await {
                            Ok(conn) => return conn.request(command).await,
                            Err(Error::ConnectionClosed(_)) => continue,
                            Err(e) => return Err(e),
                        }
                    }
                })
                .await
            }
            (result, _) => result,
        }
    }

    async fn send_blocking(&self, command: Command, time: BlockTime) -> Result<Frame, Error> {
        let config = &self.inner.config;
        let limit = time.limit(config.blocking_margin, config.response_timeout);
        // The limit covers opening a dedicated connection too: a stalled server stalls
        // the handshake as well.
        within(limit, async {
            let mut lease = self.lease().await?;
            let frame = lease.conn().request_untimed(command).await?;
            lease.release();
            Ok(frame)
        })
        .await
    }

    /// Runs `f` within the response timeout.
    pub(crate) async fn timed<T>(
        &self,
        f: impl Future<Output = Result<T, Error>>,
    ) -> Result<T, Error> {
        within(self.inner.config.response_timeout, f).await
    }

    fn current(&self) -> Connection {
        self.inner
            .current
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Sends `command` on the current connection if it is alive (without cloning the
    /// handle); gives the command back when it is not.
    fn start_on_current(
        &self,
        command: Command,
    ) -> Result<tokio::sync::oneshot::Receiver<Result<Frame, Error>>, Command> {
        let current = self.inner.current.read().unwrap_or_else(|p| p.into_inner());
        if current.is_closed() || current.congested() {
            return Err(command);
        }
        Ok(current.send(command))
    }

    /// When a request made now must be answered, under the response timeout.
    pub(crate) fn deadline(&self) -> Option<Instant> {
        self.inner
            .config
            .response_timeout
            .map(|t| Instant::now() + t)
    }

    /// The live shared connection, once it has room for a request (reconnecting first
    /// when it died), by `deadline`.
    pub(crate) async fn live(&self, deadline: Option<Instant>) -> Result<Connection, Error> {
        let get = async {
            let conn = self.connection().await?;
            conn.admit(deadline).await?;
            Ok(conn)
        };
        match (deadline, self.inner.config.response_timeout) {
            (Some(deadline), Some(timeout)) => tokio::time::timeout_at(deadline.into(), get)
                .await
                .unwrap_or(Err(Error::Timeout(timeout))),
            _ => get.await,
        }
    }

    /// The live multiplexed connection, reconnecting first when it died.
    pub(crate) async fn connection(&self) -> Result<Connection, Error> {
        let conn = self.current();
        if !conn.is_closed() {
            return Ok(conn);
        }
        self.reconnect().await
    }

    async fn reconnect(&self) -> Result<Connection, Error> {
        let mut backoffs = self.inner.reconnect.lock().await;
        // Another caller may have reconnected while this one waited for the lock.
        let conn = self.current();
        if !conn.is_closed() {
            return Ok(conn);
        }
        if let Some(last) = backoffs.last_failure {
            let delay = self.inner.config.backoff.delay(backoffs.failures);
            tokio::time::sleep_until((last + delay).into()).await;
        }
        let pushes = PushSink::Listeners(self.inner.pushes.clone());
        match handshake::connect(&self.inner.config, Some(pushes)).await {
            Ok(conn) => {
                *self
                    .inner
                    .current
                    .write()
                    .unwrap_or_else(|p| p.into_inner()) = conn.clone();
                backoffs.failures = 0;
                backoffs.last_failure = None;
                self.inner.reconnects.fetch_add(1, Ordering::Relaxed);
                tracing::info!("reconnected");
                Ok(conn)
            }
            Err(e) => {
                backoffs.failures = backoffs.failures.saturating_add(1);
                backoffs.last_failure = Some(Instant::now());
                tracing::debug!(error = %e, failures = backoffs.failures, "reconnect failed");
                Err(Error::ConnectionClosed(format!(
                    "connection lost and reconnecting failed: {e}"
                )))
            }
        }
    }

    pub(crate) fn push_hub(&self) -> &PushHub {
        &self.inner.pushes
    }

    /// Counts a reconnection made outside the multiplexed connection (a subscriber's).
    pub(crate) fn count_reconnect(&self) {
        self.inner.reconnects.fetch_add(1, Ordering::Relaxed);
    }

    /// A dedicated connection (idle one from the pool, or a new one) for blocking
    /// commands and transactions; it goes back to the pool only when released.
    pub(crate) async fn lease(&self) -> Result<Lease, Error> {
        let permit =
            match &self.inner.dedicated {
                // The semaphore is never closed.
                Some(permits) => Some(permits.clone().acquire_owned().await.map_err(|_| {
                    Error::ConnectionClosed("dedicated connections shut down".into())
                })?),
                None => None,
            };
        let idle = {
            let mut idle = lock(&self.inner.idle);
            idle.retain(|c| !c.is_closed());
            idle.pop()
        };
        let conn = match idle {
            Some(conn) => conn,
            // As for the shared connection: a server that cannot be reached any more is a
            // lost connection to the caller, whichever connection it wanted.
            None => handshake::connect(&self.inner.config, None)
                .await
                .map_err(|e| match e {
                    Error::Io(e) => Error::ConnectionClosed(format!(
                        "opening a dedicated connection failed: {e}"
                    )),
                    other => other,
                })?,
        };
        Ok(Lease {
            conn: Some(conn),
            client: self.clone(),
            _permit: permit,
        })
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
            let mut idle = lock(&self.client.inner.idle);
            if !conn.is_closed() && idle.len() < self.client.inner.config.max_idle_dedicated {
                idle.push(conn);
            } else {
                conn.shutdown("dedicated connection closed");
            }
        }
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        if let Some(conn) = self.conn.take() {
            conn.shutdown("dedicated connection abandoned");
        }
    }
}

/// Refuses commands that would break a shared or pooled connection.
pub(crate) fn check_shareable(command: &Command) -> Result<(), Error> {
    match placement(command) {
        Placement::Refused(why) => Err(refused(command, why)),
        _ => Ok(()),
    }
}

#[cold]
fn refused(command: &Command, why: &str) -> Error {
    Error::InvalidUse(format!("{}: {why}", command.name()))
}

/// Counts a command as in flight while it lives (dropped futures included).
struct InFlight<'a>(&'a AtomicUsize);

impl<'a> InFlight<'a> {
    fn new(counter: &'a AtomicUsize) -> Self {
        counter.fetch_add(1, Ordering::Relaxed);
        InFlight(counter)
    }
}

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

pub(crate) async fn within<T>(
    limit: Option<Duration>,
    f: impl Future<Output = Result<T, Error>>,
) -> Result<T, Error> {
    match limit {
        Some(limit) => tokio::time::timeout(limit, f)
            .await
            .unwrap_or_else(|_| Err(Error::Timeout(limit))),
        None => f.await,
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}
