//! [`Client`]: the handle users share between tasks. Commands go over one multiplexed
//! connection (reopened, paced by the backoff, when it dies); blocking commands and
//! transactions use dedicated connections from a small pool.
//!
//! Over 500 lines: the `Client` type and its send path in one place (its other parts are
//! the files beside it); not yet split further.
//!
//! The path of a command is one straight line: [`Client::send`] builds a `Submission`
//! (the command, its deadline, where its reply goes) and submits it to the live shared
//! connection, then waits for the reply. Everything off that line (reopening the
//! connection, waiting for room in its outbox, blocking commands, resending a read) is
//! boxed, so it does not weigh on every command's future.

mod as_redis;
mod batch;
mod big;
mod cached;
mod close;
mod dedicated;
mod redial;
mod scan;

pub use close::CloseReport;
pub(crate) use dedicated::Lease;

use crate::cache::{changes_tracking, Cache, CacheStats, Lookup};
use crate::client::redis::Redis;
use crate::cmd::placement::{placement, BlockTime, Placement};
use crate::cmd::{Command, CommandFlags, Request};
use crate::conn::mux::{self, Connection, PushSink, Submission};
use crate::conn::pacing::Pacing;
use crate::conn::push_hub::PushHub;
use crate::conn::reach::Reach;
use crate::conn::timeout;
use crate::conn::{Addr, Config, Protocol};
use crate::error::{Closed, Error, Refused};
use crate::reply::ServerHello;
use crate::resp::read::DecodeOwned;
use crate::support::sync::{self, lock};
use crate::support::trace::{self, Instrument, Record};
use crate::telemetry::metrics::{self, Operation};
use crate::telemetry::outcome;
use crate::wire::Frame;
use std::future::Future;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

/// A Redis client: cheap to clone, `Send + Sync`; every clone shares one multiplexed
/// connection, so many tasks can issue commands at once and their requests are written
/// together.
///
/// ```no_run
/// # async fn demo() -> Result<(), typedis::Error> {
/// use typedis::{b, Client};
///
/// let client = Client::connect("redis://127.0.0.1:6379").await?;
/// client.query(b().set().key("greeting").value("hello")).await?;
/// let value = client.query(b().get().key("greeting")).await?; // Option<Bytes>
/// assert_eq!(value.as_deref(), Some(&b"hello"[..]));
///
/// // Your own type, owned:
/// let text: Option<String> = client.query_as(b().get().key("greeting")).await?;
///
/// // Borrowed: the reply frame stays alive while `borrowed` borrows from it.
/// let frame = client.send(b().get().key("greeting")).await?;
/// let borrowed: &str = frame.decode()?;
/// # let _ = (text, borrowed);
/// # Ok(()) }
/// ```
#[derive(Clone)]
pub struct Client {
    inner: Arc<Inner>,
}

/// A [`Client`] handle that does not keep it alive.
#[cfg(feature = "cluster")]
#[derive(Clone)]
pub(crate) struct WeakClient(std::sync::Weak<Inner>);

#[cfg(feature = "cluster")]
impl WeakClient {
    /// The client, unless every handle to it was dropped.
    pub(crate) fn upgrade(&self) -> Option<Client> {
        self.0.upgrade().map(|inner| Client { inner })
    }
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
    /// Reopening `current` when it dies.
    redial: redial::Redial,
    idle: Mutex<Vec<Connection>>,
    /// Opening dedicated connections.
    dedicated_pacing: Mutex<Pacing>,
    /// Where the shared connection's pushes go.
    pushes: Arc<PushHub>,
    /// Permits for dedicated connections, when their number is capped.
    dedicated: Option<Arc<tokio::sync::Semaphore>>,
    /// How connections reach the server (`config`'s address, or a route's).
    reach: Reach,
    /// The client-side cache, when `config` asks for one.
    cache: Option<Arc<Cache>>,
    in_flight: AtomicUsize,
    reconnects: AtomicU64,
    /// Closing: see [`Client::close`].
    closing: close::Closing,
    /// Commands whose last reply was big ([`Config::big_reply_bytes`]).
    big_replies: big::BigReplies,
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
    /// The client-side cache's counters, when [`Config::cache`] set one up.
    pub cache: Option<CacheStats>,
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
        let eager = !config.lazy_connect;
        Client::start(config, Reach::Direct, eager).await
    }

    /// A client whose connections reach the server as `reach` says, connected now when
    /// `eager`, or by its first command.
    pub(crate) async fn start(config: Config, reach: Reach, eager: bool) -> Result<Client, Error> {
        let cache = config.cache.as_ref().map(|c| Arc::new(Cache::new(c)));
        let pushes = Arc::new(PushHub::new(config.push_buffer, cache.clone()));
        let conn = if eager {
            let push = Some(PushSink::Listeners(pushes.clone()));
            reach.open(&config, push).await?
        } else {
            Connection::never_opened(config.protocol)
        };
        let conn_for_close = conn.downgrade();
        let dedicated = config
            .max_dedicated
            .map(|n| Arc::new(tokio::sync::Semaphore::new(n)));
        Ok(Client {
            inner: Arc::new(Inner {
                dedicated,
                pushes,
                config,
                reach,
                cache,
                current: RwLock::new(conn),
                redial: redial::Redial::default(),
                idle: Mutex::new(Vec::new()),
                dedicated_pacing: Mutex::new(Pacing::default()),
                in_flight: AtomicUsize::new(0),
                reconnects: AtomicU64::new(0),
                closing: close::Closing::new(&conn_for_close),
                big_replies: big::BigReplies::default(),
            }),
        })
    }

    /// A handle that does not keep the client alive.
    #[cfg(feature = "cluster")]
    pub(crate) fn downgrade(&self) -> WeakClient {
        WeakClient(Arc::downgrade(&self.inner))
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

    /// What the server said of itself when the current connection opened (the
    /// handshake's `HELLO`): its software (`redis`, `valkey`), version, mode and role.
    /// `None` before the first connection, on a RESP2 connection (asked for with
    /// [`Protocol::Resp2`], whose handshake keeps to the classic commands for proxies that
    /// know no `HELLO`; `INFO server` says the same, as [`Info`](crate::reply::Info)), and
    /// from a server before 6.0.
    ///
    /// ```no_run
    /// # async fn demo(client: typedis::Client) {
    /// if let Some(server) = client.server() {
    ///     println!("connected to {} {}", server.name, server.version);
    ///     if server.version_at_least(7, 2) { /* ZRANK ... WITHSCORE */ }
    /// }
    /// # }
    /// ```
    pub fn server(&self) -> Option<Arc<ServerHello>> {
        self.current().hello()
    }

    /// Current counters.
    pub fn stats(&self) -> ClientStats {
        ClientStats {
            in_flight: self.inner.in_flight.load(Ordering::Relaxed),
            reconnects: self.inner.reconnects.load(Ordering::Relaxed),
            idle_dedicated: lock(&self.inner.idle).len(),
            cache: self.inner.cache.as_ref().map(|c| c.stats()),
        }
    }

    /// Sends a command and reads its reply as the type the command declares: a
    /// generated builder's reply type (each builder's rustdoc says which), or [`Value`]
    /// for an untyped [`cmd`](crate::cmd()) or a built [`Command`].
    ///
    /// ```no_run
    /// # async fn demo(client: typedis::Client) -> Result<(), typedis::Error> {
    /// use typedis::b;
    ///
    /// let hits = client.query(b().incr().key("hits")).await?; // i64
    /// let page = client.query(b().zrange().key("board").start(0).stop(9).withscores()).await?;
    /// for entry in page {
    ///     println!("{:?} {}", entry.member, entry.score); // ScoredMember
    /// }
    /// # let _ = hits; Ok(()) }
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::Server`] when the server answers with an error, [`Error::Decode`] when the
    /// reply does not have the type's shape (the connection is unharmed either way),
    /// [`Error::Timeout`] after the response timeout, [`Error::ConnectionClosed`] when the
    /// connection died before the reply came (or was replaced because the server stopped
    /// answering), [`Error::Unreachable`] when no connection could be opened to send it
    /// (the last attempt's refusal instead, with its type, when the server or the
    /// credentials provider refused it: [`Error::Server`], [`Error::Credentials`]),
    /// [`Error::Protocol`] when the server sent bytes that are not RESP.
    ///
    /// [`Value`]: crate::Value
    pub fn query<'a, R: Request + 'a>(
        &'a self,
        request: R,
    ) -> impl Future<Output = Result<R::Reply, Error>> + Send + 'a {
        Redis::query(self, request)
    }

    /// The same client, whose commands wait at most `timeout` each in place of the
    /// [response timeout](Config::response_timeout) (see [`Timed`](crate::Timed)).
    pub fn with_timeout(&self, timeout: Duration) -> crate::client::timed::Timed<'_, Client> {
        crate::client::timed::Timed::new(self, timeout)
    }

    /// Sends a command and reads its reply as an owned `T` of your choice (a
    /// `#[derive(RespRead)]` struct, `String` instead of `Bytes`, ...).
    ///
    /// # Errors
    ///
    /// As [`Client::query`].
    pub fn query_as<'a, T: DecodeOwned + 'a>(
        &'a self,
        request: impl Request + 'a,
    ) -> impl Future<Output = Result<T, Error>> + Send + 'a {
        Redis::query_as(self, request)
    }

    /// Sends a command and returns its whole reply frame, to decode with
    /// [`Frame::decode`] into types that borrow from it. An error reply is returned as a
    /// frame too: decoding it yields [`Error::Server`].
    ///
    /// Blocking commands (`BLPOP`, `XREAD BLOCK`, ...) run on a dedicated connection and
    /// time out after their own block time plus [`Config::blocking_margin`]. So do
    /// commands of [`Config::big_request_bytes`] or more (1 MiB by default), and those
    /// whose last reply was [`Config::big_reply_bytes`] or more, within the response
    /// timeout, so that other callers' commands do not wait behind them.
    ///
    /// `WAIT` and `WAITAOF` are the exception: the server counts the replicas (or fsyncs)
    /// of the writes made *on the connection that sends them*, so they run on the shared
    /// connection, behind every command sent before them there, the caller's writes
    /// included. While the server waits it answers none of the connection's later
    /// commands, so every other caller waits up to the `WAIT`'s timeout too (a timeout of 0,
    /// which may be forever, is refused with [`Error::InvalidUse`]). If the shared
    /// connection was replaced between a write and the `WAIT` (a reconnect), the `WAIT`
    /// cannot count that write: send the write and the `WAIT` together, in a
    /// [`pipeline`](Self::pipeline) (`pipeline().add(set).add(wait)`) or after a
    /// transaction ([`Multi::exec_then_wait`](crate::Multi::exec_then_wait)), where they
    /// share one connection and a reconnect fails them both.
    ///
    /// # Errors
    ///
    /// [`Error::Timeout`], [`Error::ConnectionClosed`], [`Error::Unreachable`] and
    /// [`Error::Protocol`] as [`Client::query`]; [`Error::InvalidUse`] for commands that
    /// would change the connection for everyone sharing it (Pub/Sub, `MULTI`/`WATCH`,
    /// `MONITOR`, `CLIENT REPLY`, ...), which have their own API ([`Client::subscriber`],
    /// [`Client::transaction`]).
    pub async fn send(&self, request: impl Request) -> Result<Frame, Error> {
        let command = request.into_command();
        self.check_available(&command)?;
        let place = match placement(&command) {
            Placement::Shared => Place::Shared,
            Placement::Dedicated(time) => Place::Dedicated(time),
            Placement::Waits(time) => Place::SharedFor(self.wait_limit(&command, time)?),
            Placement::Refused(why) => return Err(refused(&command, why)),
            Placement::Invalid => return Err(invalid(&command)),
        };
        if let Some(cache) = self.inner.cache.as_deref() {
            self.check_tracking(&command)?;
            // Boxed: the cache's paths keep their state out of every command's future.
            match self.look_up(cache, &command) {
                Lookup::Hit(frame) => {
                    metrics::cache_lookup(self.db_system(), true);
                    return Ok(frame);
                }
                Lookup::Miss(read) => {
                    metrics::cache_lookup(self.db_system(), false);
                    let operation = Operation::start(&command);
                    let result = Box::pin(self.send_read(read, command)).await;
                    operation.end(|| self.db_system(), &result);
                    return result;
                }
                Lookup::Bypass if command.flags().contains(CommandFlags::WRITE) => {
                    return Box::pin(self.send_write(cache, command, place)).await
                }
                Lookup::Bypass => {}
            }
        }
        self.send_placed(command, place).await
    }

    /// How long a `WAIT` or `WAITAOF` that blocks for `time` may hold the shared
    /// connection: its block time and the [blocking margin](Config::blocking_margin).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidUse`] for one that would block until enough replicas answer, which
    /// may be never (timeout 0): every other caller of the connection would wait with it.
    fn wait_limit(&self, command: &Command, time: BlockTime) -> Result<Option<Duration>, Error> {
        if time == BlockTime::Forever {
            return Err(refused(command, WAIT_FOREVER));
        }
        let config = &self.inner.config;
        let own = timeout::response_timeout(None);
        Ok(time.limit_within(config.blocking_margin, config.response_timeout, own))
    }

    /// With a client-side cache, `CLIENT TRACKING` is refused on the shared connection: the
    /// cache relies on the tracking the client set up there.
    pub(crate) fn check_tracking(&self, command: &Command) -> Result<(), Error> {
        if self.inner.cache.is_some() && changes_tracking(command) {
            return Err(refused(
                command,
                "the client-side cache (Config::cache) relies on the tracking the client set \
                 up on its connection",
            ));
        }
        Ok(())
    }

    /// Refuses a command, or an argument of it, that the server connected to does not
    /// have (see [`Config::check_availability`]): nothing is sent.
    #[inline]
    pub(crate) fn check_available(&self, command: &Command) -> Result<(), Error> {
        if command.requirements().is_empty() || !self.inner.config.check_availability {
            return Ok(());
        }
        self.refuse_missing(command)
    }

    #[cold]
    fn refuse_missing(&self, command: &Command) -> Result<(), Error> {
        let Some(hello) = self.current().hello() else {
            // Not connected yet: the server cannot be told, the command is sent.
            return Ok(());
        };
        let missing = command
            .requirements()
            .iter()
            .find_map(|r| r.missing_on(&hello.name, &hello.version));
        match missing {
            Some(why) => Err(refused(
                command,
                &format!("{why} (Config::check_availability(false) sends it anyway)"),
            )),
            None => Ok(()),
        }
    }

    /// The client-side cache, when [`Config::cache`] set one up.
    pub(crate) fn cache(&self) -> Option<&Arc<Cache>> {
        self.inner.cache.as_ref()
    }

    /// Sends `command` where its placement said.
    async fn send_placed(&self, command: Command, place: Place) -> Result<Frame, Error> {
        let span = trace::command_span!(self.inner.config.span_level, command.name());
        let _counted = InFlight::new(&self.inner.in_flight);
        let operation = Operation::start(&command);
        let (place, mark) = self.place_by_size(&command, place);
        let result = match span {
            // Boxed: recording spans keeps its state out of every command's future.
            Some(span) => Box::pin(self.send_traced(command, place, span)).await,
            None => match place {
                Place::Shared => self.send_shared(command, self.deadline()).await,
                // Boxed: the rare paths keep their state out of every command's future.
                Place::SharedFor(limit) => {
                    let deadline = limit.map(|l| Instant::now() + l);
                    Box::pin(self.send_shared(command, deadline)).await
                }
                Place::Dedicated(time) => Box::pin(self.send_blocking(command, time)).await,
                Place::Own => Box::pin(self.send_alone(command)).await,
            },
        };
        self.remember_reply(mark, &result);
        operation.end(|| self.db_system(), &result);
        result
    }

    /// [`send_placed`](Self::send_placed) within `span`, which records where the command
    /// went and how it failed.
    async fn send_traced(
        &self,
        command: Command,
        place: Place,
        span: trace::Span,
    ) -> Result<Frame, Error> {
        self.describe(&span);
        let result = match place {
            Place::Shared => {
                let sent = self.send_shared(command, self.deadline());
                sent.instrument(span.clone()).await
            }
            Place::SharedFor(limit) => {
                let sent = self.send_shared(command, limit.map(|l| Instant::now() + l));
                sent.instrument(span.clone()).await
            }
            Place::Dedicated(time) => {
                self.send_blocking(command, time)
                    .instrument(span.clone())
                    .await
            }
            Place::Own => self.send_alone(command).instrument(span.clone()).await,
        };
        outcome::record(&span, &result);
        result
    }

    /// The server's `db.system.name` in the OpenTelemetry conventions: `valkey` for a
    /// server that said it is Valkey, `redis` otherwise.
    pub(crate) fn db_system(&self) -> &'static str {
        sync::read(&self.inner.current).db_system()
    }

    /// Records in an operation's span the server it goes to and the database.
    pub(crate) fn describe(&self, span: &trace::Span) {
        span.set(
            "db.namespace",
            self.inner.config.database.to_string().as_str(),
        );
        let current = self.current();
        span.set("db.system.name", current.db_system());
        match current.addr().unwrap_or(&self.inner.config.addr) {
            Addr::Tcp { host, port } => {
                span.set("server.address", host.as_str());
                span.set("server.port", i64::from(*port));
            }
            Addr::Unix(path) => span.set("server.address", path.to_string_lossy().as_ref()),
        }
    }

    /// Sends `command` on the shared connection, to be answered by `deadline`.
    async fn send_shared(
        &self,
        command: Command,
        deadline: Option<Instant>,
    ) -> Result<Frame, Error> {
        let resend = (self.inner.config.retry_read_only
            && command.flags().contains(CommandFlags::READONLY))
        .then(|| command.clone());
        // The connection times the request out (see `Config::response_timeout`).
        let (request, rx) = Submission::one(command, deadline);
        self.submit(request).await?;
        match (mux::reply_timed(rx).await, resend) {
            (Err(Error::ConnectionClosed(reason)), Some(command)) => {
                Box::pin(self.resend(command, reason)).await
            }
            (result, _) => result,
        }
    }

    /// Opens a connection where this client's connections go, handing its pushes to
    /// `push`.
    pub(crate) async fn open(&self, push: Option<PushSink>) -> Result<Connection, Error> {
        self.refuse_if_closed()?;
        let conn = self.inner.reach.open(&self.inner.config, push).await?;
        // Known to `close`, which closes it with the others.
        self.inner.closing.opened(&conn)?;
        Ok(conn)
    }

    /// The address this client's connections go to, as errors name it (none through
    /// Sentinel, whose errors name the addresses they tried).
    pub(crate) fn target(&self) -> Option<String> {
        self.inner.reach.target(&self.inner.config)
    }

    /// Waits out the backoff until `t` (through Sentinel, a move of the primary ends the
    /// wait early: the new one is worth trying at once).
    pub(crate) async fn pause_until(&self, t: Instant) {
        self.inner.reach.pause_until(t).await
    }

    /// Whether the server moved (through Sentinel) after `since`: an attempt then need not
    /// wait out the backoff that failures at the old address earned.
    pub(crate) fn moved_since(&self, since: Instant) -> bool {
        self.inner.reach.moved_since(since)
    }

    /// Sends a read-only command again on a fresh connection, after its connection died
    /// while it was in flight: within the response timeout, waiting for the server to come
    /// back (attempts paced by the backoff).
    async fn resend(&self, command: Command, reason: Closed) -> Result<Frame, Error> {
        trace::debug!(%reason, "resending a read-only command after a reconnect");
        let deadline = self.deadline();
        let conn = loop {
            match self.live(deadline).await {
                Ok(conn) => break conn,
                Err(Error::Unreachable(_) | Error::Credentials(_))
                    if deadline.is_none_or(|d| Instant::now() < d) => {}
                Err(e) => return Err(e),
            }
        };
        let (request, rx) = Submission::one(command, deadline);
        conn.submit(request);
        mux::reply_timed(rx).await
    }

    async fn send_blocking(&self, command: Command, time: BlockTime) -> Result<Frame, Error> {
        let config = &self.inner.config;
        let own = timeout::response_timeout(None);
        let limit = time.limit_within(config.blocking_margin, config.response_timeout, own);
        // The limit covers opening a dedicated connection too: a stalled server stalls
        // the handshake as well.
        // Untimed on the connection: the command's own block time (above) is the limit.
        let lease_by = limit.map(|l| Instant::now() + l);
        within(limit, self.send_dedicated(command, lease_by, None)).await
    }

    /// Runs `f` within the response timeout.
    pub(crate) async fn timed<T>(
        &self,
        f: impl Future<Output = Result<T, Error>>,
    ) -> Result<T, Error> {
        within(self.response_timeout(), f).await
    }

    fn current(&self) -> Connection {
        sync::read(&self.inner.current).clone()
    }

    /// Queues `request` on the shared connection: at once when it is alive and has room,
    /// otherwise once it has been reopened and has room, by the request's deadline. An
    /// error means nothing was sent.
    ///
    /// The attempt is made when this is called, not when the future is first polled: the
    /// future is then a pointer (the boxed wait when there was no room) instead of holding
    /// the request twice in every command's future. Callers await it at once.
    pub(crate) fn submit(
        &self,
        request: Submission,
    ) -> impl Future<Output = Result<(), Error>> + Send + '_ {
        let wait = self
            .try_submit(request)
            .map(|request| Box::pin(self.submit_when_ready(request)));
        async move {
            match wait {
                None => Ok(()),
                Some(wait) => wait.await,
            }
        }
    }

    /// Queues `request` on the current connection if it is alive and has room (without
    /// cloning the handle); gives the request back when it is not.
    fn try_submit(&self, request: Submission) -> Option<Submission> {
        let current = sync::read(&self.inner.current);
        if current.is_closed() || current.congested() {
            return Some(request);
        }
        current.submit(request);
        None
    }

    async fn submit_when_ready(&self, request: Submission) -> Result<(), Error> {
        // Reopening the connection, or waiting for room in its outbox, counts against the
        // request's deadline.
        let conn = self.live(request.deadline()).await?;
        conn.submit(request);
        Ok(())
    }

    /// The response timeout of what is being sent: the configured one, or the command's
    /// own ([`Client::with_timeout`]).
    #[inline]
    pub(crate) fn response_timeout(&self) -> Option<Duration> {
        timeout::response_timeout(self.inner.config.response_timeout)
    }

    /// When a request made now must be answered, under the response timeout.
    pub(crate) fn deadline(&self) -> Option<Instant> {
        self.response_timeout().map(|t| Instant::now() + t)
    }

    /// The live shared connection, once it has room for a request (reopened first when it
    /// died), by `deadline`.
    pub(crate) async fn live(&self, deadline: Option<Instant>) -> Result<Connection, Error> {
        let conn = self.connection(deadline).await?;
        conn.admit(deadline).await?;
        Ok(conn)
    }

    pub(crate) fn push_hub(&self) -> &PushHub {
        &self.inner.pushes
    }

    /// Counts a reconnection made outside the multiplexed connection (a subscriber's).
    pub(crate) fn count_reconnect(&self) {
        self.inner.reconnects.fetch_add(1, Ordering::Relaxed);
        metrics::reconnected(self.db_system());
    }
}

/// Where [`Client::send`] puts a command, from its placement.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Place {
    /// On the shared connection, answered within the response timeout.
    Shared,
    /// On the shared connection, answered within this time, if any (a `WAIT`'s block time
    /// and the margin).
    SharedFor(Option<Duration>),
    /// On a dedicated connection, for a command that blocks this long.
    Dedicated(BlockTime),
    /// On a dedicated connection, answered within the response timeout: a command too big
    /// to make the shared connection's others wait behind it.
    Own,
}

/// Why a `WAIT` or `WAITAOF` with timeout 0 is refused on the shared connection.
const WAIT_FOREVER: &str = "a WAIT or WAITAOF with timeout 0 would hold the shared \
    connection until enough replicas acknowledge, which may be never, and every other \
    command on it would wait as long: give it a timeout (in milliseconds); it waits for the \
    writes sent before it on the connection";

/// Refuses commands that would break a shared or pooled connection.
pub(crate) fn check_shareable(command: &Command) -> Result<(), Error> {
    match placement(command) {
        Placement::Refused(why) => Err(refused(command, why)),
        Placement::Invalid => Err(invalid(command)),
        Placement::Waits(BlockTime::Forever) => Err(refused(command, WAIT_FOREVER)),
        _ => Ok(()),
    }
}

/// The error of a command with an argument that could not be written.
#[cold]
pub(crate) fn invalid(command: &Command) -> Error {
    command
        .invalid_error()
        .unwrap_or_else(|| refused(command, "an argument could not be written"))
}

#[cold]
fn refused(command: &Command, why: &str) -> Error {
    Error::InvalidUse(Refused::new(command.name(), why))
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

#[cfg(test)]
mod tests;
