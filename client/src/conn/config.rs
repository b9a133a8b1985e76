//! [`Config`]: where to connect and how (credentials, database, protocol, timeouts,
//! reconnection), built from a URL and adjusted with builder methods.
//!
//! Over 500 lines: one builder method per setting, each with its documented example.

use super::backoff::Backoff;
use super::credentials::CredentialsProvider;
use super::tls::TlsOptions;
use crate::cache::CacheConfig;
use crate::error::Error;
use crate::support::trace::SpanLevel;
use crate::wire::Limits;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Where the server listens.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Addr {
    /// A TCP host name or IP address and port.
    Tcp {
        /// Host name or IP address (without brackets for IPv6).
        host: String,
        /// TCP port.
        port: u16,
    },
    /// A Unix domain socket path.
    Unix(PathBuf),
}

/// `host:port` (`[host]:port` for an IPv6 address), or a Unix socket's path: how errors
/// name an address.
///
/// ```
/// use typedis::Addr;
///
/// let v6 = Addr::Tcp { host: "::1".into(), port: 6379 };
/// assert_eq!(v6.to_string(), "[::1]:6379");
/// ```
impl std::fmt::Display for Addr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Addr::Tcp { host, port } if host.contains(':') => write!(f, "[{host}]:{port}"),
            Addr::Tcp { host, port } => write!(f, "{host}:{port}"),
            Addr::Unix(path) => write!(f, "{}", path.display()),
        }
    }
}

/// The RESP version to speak.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Protocol {
    /// RESP3 through `HELLO 3`; falls back to RESP2 when the server does not know `HELLO`.
    #[default]
    Resp3,
    /// RESP2 only (`AUTH`, `SELECT`, `CLIENT SETNAME`), never sends `HELLO`.
    Resp2,
}

/// Everything needed to open a connection.
///
/// Start from a URL with [`Config::from_url`] (or an address with [`Config::new`]) and
/// adjust with the builder methods:
///
/// ```
/// use std::time::Duration;
/// use typedis::Config;
///
/// let config = Config::from_url("redis://alice:secret@127.0.0.1:6379/2")?
///     .client_name("worker-1")
///     .response_timeout(Some(Duration::from_secs(2)));
/// # Ok::<(), typedis::Error>(())
/// ```
///
/// # Bounds
///
/// A sick server or a slow consumer never wedges a client nor makes it hold memory without
/// bound:
///
/// - **A connection that stops answering is replaced.** Once the oldest command still
///   waiting on a connection is past its [response timeout](Config::response_timeout) by
///   that timeout again (at least one second more: a server pausing for a moment is not
///   worth a new connection), the connection is closed, every command still on it fails
///   with [`Error::ConnectionClosed`] (none is delivered to anyone else), and the next
///   command opens a new one. This holds for the shared connection, dedicated ones and
///   every node of a cluster. Without a response timeout, the
///   [health check](Config::health_check) is what notices.
/// - **Reconnecting is paced** by the [`Backoff`] (exponential, jittered, capped at
///   `max`; a connection lost within [`Backoff::STABLE_AFTER`] of opening counts as a
///   failure). A command that cannot be sent because the server cannot be reached fails
///   with [`Error::Unreachable`], giving the address and the last connect error; one that
///   cannot be sent because the server or the credentials provider refused the connection
///   fails with that refusal ([`Error::Server`], [`Error::Credentials`]).
/// - **Pushes wait in a bounded buffer**: [`Config::push_buffer`] bytes per
///   [`Subscriber`](crate::Subscriber) (then the client stops reading the subscriber's
///   socket, and the server's `client-output-buffer-limit pubsub` applies) and per
///   [`Pushes`](crate::Pushes) listener (then pushes are dropped, and the listener told).
/// - **Replies are bounded** by [`Config::limits`]: a reply that declares or reaches more
///   fails with [`Error::Protocol`] as soon as its header says so, and the read buffer
///   shrinks back once a large reply has been handed out.
/// - **Requests wait in a bounded outbox**: past 32 MiB of unwritten bytes on a connection,
///   new commands wait for room (within their timeout) instead of piling up.
#[derive(Clone)]
pub struct Config {
    pub(crate) addr: Addr,
    pub(crate) tls: Option<TlsOptions>,
    pub(crate) username: Option<String>,
    pub(crate) password: Option<String>,
    pub(crate) credentials: Option<Arc<dyn CredentialsProvider>>,
    pub(crate) database: u32,
    pub(crate) client_name: Option<String>,
    pub(crate) protocol: Protocol,
    pub(crate) connect_timeout: Duration,
    pub(crate) response_timeout: Option<Duration>,
    pub(crate) blocking_margin: Duration,
    pub(crate) backoff: Backoff,
    pub(crate) retry_read_only: bool,
    pub(crate) write_early: WriteEarly,
    pub(crate) health_check: Option<Duration>,
    pub(crate) max_idle_dedicated: usize,
    pub(crate) max_dedicated: Option<usize>,
    pub(crate) big_request: Option<usize>,
    pub(crate) big_reply: Option<usize>,
    pub(crate) limits: Limits,
    pub(crate) push_buffer: usize,
    pub(crate) cache: Option<CacheConfig>,
    pub(crate) lazy_connect: bool,
    pub(crate) span_level: SpanLevel,
    pub(crate) check_availability: bool,
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never print the password.
        f.debug_struct("Config")
            .field("addr", &self.addr)
            .field("tls", &self.tls.is_some())
            .field("username", &self.username)
            .field("password", &self.password.as_ref().map(|_| "<hidden>"))
            .field("credentials_provider", &self.credentials.is_some())
            .field("database", &self.database)
            .field("client_name", &self.client_name)
            .field("protocol", &self.protocol)
            .field("connect_timeout", &self.connect_timeout)
            .field("response_timeout", &self.response_timeout)
            .field("blocking_margin", &self.blocking_margin)
            .field("backoff", &self.backoff)
            .field("retry_read_only", &self.retry_read_only)
            .field("write_early", &self.write_early)
            .field("health_check", &self.health_check)
            .field("max_idle_dedicated", &self.max_idle_dedicated)
            .field("max_dedicated", &self.max_dedicated)
            .field("big_request", &self.big_request)
            .field("big_reply", &self.big_reply)
            .field("limits", &self.limits)
            .field("push_buffer", &self.push_buffer)
            .field("cache", &self.cache)
            .field("lazy_connect", &self.lazy_connect)
            .field("span_level", &self.span_level)
            .field("check_availability", &self.check_availability)
            .finish()
    }
}

impl Default for Config {
    /// `redis://127.0.0.1:6379/0`.
    fn default() -> Self {
        Config::new(Addr::Tcp {
            host: "127.0.0.1".into(),
            port: 6379,
        })
    }
}

impl Config {
    /// A configuration for `addr` with defaults: RESP3 (falling back to RESP2), database 0,
    /// no credentials, 5 s connect timeout, 5 s response timeout, 1 s margin for blocking
    /// commands, no automatic resend, no health check, up to 4 idle dedicated connections
    /// kept and 64 open, commands of 1 MiB or more (or whose last reply was) on a dedicated
    /// connection, early writes as [`Config::write_early_after`]
    /// describes, reconnections paced from 50 ms to 5 s, replies bounded by
    /// [`Limits::default`] and 1 MiB of pushes buffered per consumer.
    pub fn new(addr: Addr) -> Self {
        Config {
            addr,
            tls: None,
            username: None,
            password: None,
            credentials: None,
            database: 0,
            client_name: None,
            protocol: Protocol::Resp3,
            connect_timeout: Duration::from_secs(5),
            response_timeout: Some(Duration::from_secs(5)),
            blocking_margin: Duration::from_secs(1),
            backoff: Backoff::default(),
            retry_read_only: false,
            write_early: WriteEarly::Measured,
            health_check: None,
            max_idle_dedicated: 4,
            max_dedicated: Some(DEFAULT_MAX_DEDICATED),
            big_request: Some(DEFAULT_BIG_REQUEST),
            big_reply: Some(DEFAULT_BIG_REQUEST),
            limits: Limits::default(),
            push_buffer: DEFAULT_PUSH_BUFFER,
            cache: None,
            lazy_connect: false,
            span_level: SpanLevel::Info,
            check_availability: true,
        }
    }

    /// Parses a connection URL:
    ///
    /// - `redis://[[user]:password@]host[:port][/db]` (port 6379 and database 0 by default;
    ///   `[::1]` for IPv6; user name and password percent-decoded);
    /// - `rediss://...`: the same over TLS, checked against the system's root certificates
    ///   unless `Config::tls_options` says otherwise (see [`Config::tls`] for the features
    ///   it needs);
    /// - `valkey://...` and `valkeys://...`: the same as `redis://` and `rediss://`;
    /// - `unix:///path/to/socket` (also `unix://[[user]:password@]/path`).
    ///
    /// Query options: `db=N`, `protocol=resp2|resp3`, `client_name=NAME`.
    ///
    /// `str::parse` and `TryFrom<&str>` do the same (for a URL read from the environment or
    /// a file):
    ///
    /// ```
    /// use typedis::Config;
    ///
    /// let config: Config = "redis://cache.internal:6380/2".parse()?;
    /// let same = Config::try_from("redis://cache.internal:6380/2")?;
    /// assert_eq!(config.addr(), same.addr());
    /// # Ok::<(), typedis::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::Config`] naming what is wrong (never echoing the password).
    pub fn from_url(url: &str) -> Result<Self, Error> {
        super::url::parse(url)
    }

    /// The address to connect to.
    pub fn addr(&self) -> &Addr {
        &self.addr
    }

    /// Sets the ACL user name (the server's `default` user when unset).
    pub fn username(mut self, username: impl Into<String>) -> Self {
        self.username = Some(username.into());
        self
    }

    /// Sets the password.
    pub fn password(mut self, password: impl Into<String>) -> Self {
        self.password = Some(password.into());
        self
    }

    /// Asks `provider` for the user name and password at every handshake, once the server
    /// is reached (an attempt the server refuses does not ask it), instead of
    /// using the ones set with [`username`](Self::username) and
    /// [`password`](Self::password): for tokens that expire (cloud IAM, Entra ID) and
    /// passwords that rotate. Every connection asks it: the shared one and its
    /// reconnections, dedicated ones, subscribers, and through
    /// [`ClusterConfig`](crate::ClusterConfig) and
    /// [`SentinelConfig`](crate::SentinelConfig) every node's.
    ///
    /// When the [`Credentials`](crate::Credentials) it gives carry an expiry, every
    /// long-lived connection authenticates again before they expire (a fifth of their
    /// lifetime before, at most a minute), with `AUTH` sent in line with its traffic, so
    /// nothing in flight is disturbed:
    ///
    /// - a client's shared connection (every node's, in a cluster; the client-side cache's
    ///   tracking is on it), on a timer of its own;
    /// - a dedicated connection (blocking commands, transactions) between commands, when
    ///   it is taken from the pool and its credentials would be due before the caller may
    ///   be done with it (the block time and the margin): never in the middle of a
    ///   blocking command. One that blocks past its credentials' expiry (a `BLPOP` with
    ///   timeout 0) may be cut by a server that enforces it; the next command opens a new
    ///   one. An idle one whose credentials have expired is closed, not used again;
    /// - a [`Subscriber`](crate::Subscriber) (channels, patterns, shard channels, a
    ///   cluster's and the Sentinel client's own) between messages, while it is read, over
    ///   RESP3. Over RESP2 a subscribed connection takes no `AUTH`: one the server cuts is
    ///   opened again with fresh credentials and the gap marked
    ///   ([`Error::MissedMessages`]), as is one left unread past its credentials' life.
    ///
    /// A renewal that fails is tried again after the [`Backoff`]; the connection stays
    /// open meanwhile on its credentials.
    ///
    /// ```no_run
    /// use std::time::Duration;
    /// use typedis::{Client, Config, Credentials};
    ///
    /// async fn fetch_token() -> std::io::Result<String> {
    ///     // Ask the vault, the cloud's metadata service, ...
    ///     Ok("token".into())
    /// }
    ///
    /// # async fn demo() -> Result<(), typedis::Error> {
    /// let config = Config::from_url("rediss://cache.internal:6379")?.credentials_provider(|| async {
    ///     let token = fetch_token().await?;
    ///     Ok::<_, std::io::Error>(Credentials::new("app", token).valid_for(Duration::from_secs(900)))
    /// });
    /// let client = Client::with_config(config).await?;
    /// # let _ = client; Ok(()) }
    /// ```
    pub fn credentials_provider(mut self, provider: impl CredentialsProvider) -> Self {
        self.credentials = Some(Arc::new(provider));
        self
    }

    /// Selects database `db` on every connection.
    pub fn database(mut self, db: u32) -> Self {
        self.database = db;
        self
    }

    /// Names every connection with `CLIENT SETNAME` (through `HELLO ... SETNAME`).
    pub fn client_name(mut self, name: impl Into<String>) -> Self {
        self.client_name = Some(name.into());
        self
    }

    /// Chooses the protocol (RESP3 with fallback by default).
    pub fn protocol(mut self, protocol: Protocol) -> Self {
        self.protocol = protocol;
        self
    }

    /// How long opening a connection (TCP/TLS and handshake) may take.
    pub fn connect_timeout(mut self, timeout: Duration) -> Self {
        self.connect_timeout = timeout;
        self
    }

    /// How long a command waits for its reply (`None`: forever). Blocking commands follow
    /// their own rule instead: their block time plus [`Config::blocking_margin`].
    pub fn response_timeout(mut self, timeout: Option<Duration>) -> Self {
        self.response_timeout = timeout;
        self
    }

    /// Time added to a blocking command's own block time before it times out on the client.
    pub fn blocking_margin(mut self, margin: Duration) -> Self {
        self.blocking_margin = margin;
        self
    }

    /// Delays between connection attempts (see [`Backoff`]).
    pub fn backoff(mut self, backoff: Backoff) -> Self {
        self.backoff = backoff;
        self
    }

    /// Opt in to resending a read-only command once, on a fresh connection, when the
    /// connection died while it was in flight. Commands that write are never resent.
    pub fn retry_read_only(mut self, yes: bool) -> Self {
        self.retry_read_only = yes;
        self
    }

    /// Auto-pipelining: requests made while others are in flight are gathered and written
    /// together. With `Some(n)`, a caller writes the gathered requests itself once they
    /// number `n`, or once they outnumber the requests already written and still
    /// unanswered, so the server starts on them while later requests are still being
    /// gathered; with `None`, each write takes everything gathered until no task has more
    /// to add (fewest system calls).
    ///
    /// Early writes pay when the server works in parallel with the client (on another
    /// machine, or another CPU: about twice the requests per second with many callers on
    /// one connection) and cost when it shares the client's CPU (about half). By default a
    /// connection measures which is the case: while many requests are in flight it
    /// measures the way in use over a few hundred replies, then the other way once it has
    /// run for two dozen rounds of the callers, keeps the one that answers more requests
    /// per second, and tries again every hundred thousand replies or more. It starts with
    /// `Some(16)` when this process may run on more than one CPU, and with `None` when it
    /// is confined to one. Setting a value here turns the measurement off.
    ///
    /// ```
    /// let config = typedis::Config::default().write_early_after(Some(32));
    /// # let _ = config;
    /// ```
    pub fn write_early_after(mut self, n: Option<usize>) -> Self {
        self.write_early = WriteEarly::Fixed(n.map(|n| n.max(1)));
        self
    }

    /// Sends `PING` on the shared connection once it has been quiet this long (no command
    /// sent), or once commands have waited this long without a byte of reply arriving,
    /// and closes it when no reply comes within the response timeout (or, without one,
    /// within the same interval). A connection that died without a word (a crashed host, a
    /// dropped network path) is then noticed before a command is sent down it, and one that
    /// stopped answering is replaced even without a response timeout; the next command
    /// reconnects. The `PING` waits behind the commands sent before it, so with a health
    /// check a command that runs longer than this interval plus that wait fails with
    /// [`Error::ConnectionClosed`]. `None` (the default): no health check.
    ///
    /// ```
    /// use std::time::Duration;
    ///
    /// let config = typedis::Config::default().health_check(Some(Duration::from_secs(15)));
    /// # let _ = config;
    /// ```
    pub fn health_check(mut self, every: Option<Duration>) -> Self {
        self.health_check = every;
        self
    }

    /// Whether the client connects on first use rather than when it is made (`false` by
    /// default): [`Client::with_config`](crate::Client::with_config) then returns at once,
    /// without a server, and the first command opens the connection. Until the server can
    /// be reached, commands wait for it up to their [response
    /// timeout](Config::response_timeout), attempts paced by the [`Backoff`], and then
    /// fail with [`Error::Unreachable`] giving the last connect error. For a service that
    /// may start before its Redis (a pod on Kubernetes). A `SentinelClient` made with it
    /// asks the Sentinels at its first command too.
    ///
    /// ```
    /// # async fn demo() -> Result<(), typedis::Error> {
    /// use typedis::{b, Client, Config};
    ///
    /// // No server needed yet: this returns at once.
    /// let client = Client::with_config(Config::from_url("redis://127.0.0.1:6379")?.lazy_connect(true)).await?;
    /// // This waits for the server, up to the response timeout.
    /// let hits = client.query(b().incr().key("hits")).await?;
    /// # let _ = hits; Ok(()) }
    /// ```
    pub fn lazy_connect(mut self, lazy: bool) -> Self {
        self.lazy_connect = lazy;
        self
    }

    /// The level of the span each command, pipeline and transaction gets (feature
    /// `tracing`): [`SpanLevel::Info`] by default, so an exporter behind the usual `info`
    /// filter sees them; [`SpanLevel::Debug`] for only the subscribers that ask for debug,
    /// [`SpanLevel::Off`] for none. Their target is `typedis`.
    ///
    /// ```
    /// use typedis::{Config, SpanLevel};
    ///
    /// let config = Config::default().span_level(SpanLevel::Debug);
    /// # let _ = config;
    /// ```
    pub fn span_level(mut self, level: SpanLevel) -> Self {
        self.span_level = level;
        self
    }

    /// Whether a command, or an option of it, that the server connected to does not have
    /// is refused before it is sent (on by default). The builders know which versions of
    /// Redis and Valkey have each command and option; the server says what it is in its
    /// `HELLO`. `b().hsetex()...nx()` (Valkey 9 only) sent to Redis 8.2 is then
    /// [`Error::InvalidUse`], "NX is on Valkey only (since
    /// 9.0.0); the server is Redis 8.2.3", and not a server error after the fact.
    ///
    /// Turn it off behind a proxy that answers `HELLO` for a server other than the one
    /// that runs the commands. Before the first connection (a lazy client), or when the
    /// server's name or version is not one of Redis's or Valkey's, commands are sent
    /// unchecked.
    ///
    /// ```
    /// let config = typedis::Config::default().check_availability(false);
    /// # let _ = config;
    /// ```
    pub fn check_availability(mut self, on: bool) -> Self {
        self.check_availability = on;
        self
    }

    /// How many idle dedicated connections (for blocking commands and transactions) to keep.
    pub fn max_idle_dedicated(mut self, n: usize) -> Self {
        self.max_idle_dedicated = n;
        self
    }

    /// At most this many dedicated connections (blocking commands, transactions that
    /// `WATCH` or read, streamed replies and values) open at once; callers beyond it wait
    /// for one to be released, within their own timeout (a blocking command's block time
    /// plus the margin, the response timeout otherwise). The default is 64, so a burst
    /// of callers cannot open connections without bound; raise it for more concurrent
    /// blocking consumers than that. `None`: no limit, so a thousand concurrent `BLPOP`s
    /// open a thousand connections. (Transactions without `WATCH`, [`Client::multi`],
    /// run on the shared connection and take none.)
    ///
    /// [`Client::multi`]: crate::Client::multi
    ///
    /// ```
    /// let config = typedis::Config::default().max_dedicated(Some(16));
    /// # let _ = config;
    /// ```
    pub fn max_dedicated(mut self, n: Option<usize>) -> Self {
        self.max_dedicated = n;
        self
    }

    /// Commands whose encoding is at least this many bytes long (a `SET` of a big value,
    /// an `HSET` of many fields) are sent on a dedicated connection instead of the shared
    /// one, so the small commands of other callers are not written, and answered, only
    /// after them: on the shared connection every command sent after a 16 MiB `SET` waits
    /// until the whole value has crossed the network. A pipeline or a `MULTI` .. `EXEC`
    /// that long in all goes the same way, whole (its commands still back to back on one
    /// connection; on a cluster, a pipeline's commands for one node). The default is
    /// 1 MiB; `None` sends everything on the shared connection.
    ///
    /// What it costs: when nothing is that big, one comparison per command; when a command
    /// is, a dedicated connection (an idle one from the pool, or one opened for it, which
    /// takes a handshake) under [`Config::max_dedicated`] and the response timeout. Two
    /// things differ from the shared connection: such a command is not ordered with the
    /// commands other callers send meanwhile (a caller's own commands keep their order, as
    /// each awaits its reply before the next), and a `WAIT` sent after it on the shared
    /// connection does not count it — send the write and the `WAIT` together in a
    /// [`pipeline`](crate::Client::pipeline), which stays on one connection whatever its
    /// size. A command that changes its connection's state (`CLIENT SETNAME`, `CLIENT
    /// NO-EVICT`) in a big pipeline changes a pooled dedicated connection's: send such
    /// commands alone, or name every connection with [`Config::client_name`].
    ///
    /// ```
    /// let config = typedis::Config::default().big_request_bytes(Some(4 << 20));
    /// # let _ = config;
    /// ```
    pub fn big_request_bytes(mut self, bytes: Option<usize>) -> Self {
        self.big_request = bytes;
        self
    }

    /// A command whose last reply was at least this many bytes long (a `GET` of a big value,
    /// an `HGETALL` of a big hash) is sent on a dedicated connection the next time, so the
    /// small commands of other callers are not answered only after its reply: on the
    /// shared connection, every reply to a command sent after a `GET` of 16 MiB waits
    /// until those 16 MiB have been read. A command is known by its name and its first
    /// key; the first big reply of each is read on the shared connection (nothing tells
    /// it is big before it comes), and a later small one sends it back there. The default
    /// is 1 MiB; `None` keeps every command on the shared connection whatever its replies.
    ///
    /// What it costs: on the shared connection, a hash of the command's name and first
    /// key per command, and one atomic load while no reply has been big; after one has,
    /// a lock and a lookup per command (up to 1,024 commands remembered). For a reply
    /// known to be big before it comes, [`Client::stream`](crate::Client::stream) and
    /// [`Client::copy_to`](crate::Client::copy_to) read it on a dedicated connection
    /// from the first. The same differences as [`Config::big_request_bytes`] apply.
    ///
    /// ```
    /// let config = typedis::Config::default().big_reply_bytes(Some(4 << 20));
    /// # let _ = config;
    /// ```
    pub fn big_reply_bytes(mut self, bytes: Option<usize>) -> Self {
        self.big_reply = bytes;
        self
    }

    /// Bounds on every reply (its size, a bulk string's length, an aggregate's element
    /// count, nesting depth): a reply past one fails with [`Error::Protocol`] saying which
    /// and where, as soon as its header declares it, before its bytes are buffered, and its
    /// connection is replaced (its other commands fail with the same error). The defaults
    /// ([`Limits::default`]) accept anything Redis can store (a value of up to 512 MiB) and
    /// bound what one reply can make the client buffer to 1 GiB; lower them when replies
    /// are known to be small, raise [`Limits::max_frame_len`] for replies known to be
    /// larger (a `KEYS` or `LRANGE` of a huge collection).
    ///
    /// ```
    /// use typedis::{Config, Limits};
    ///
    /// let config = Config::default().limits(Limits::DEFAULT.max_frame_len(64 << 20));
    /// # let _ = config;
    /// ```
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// How many bytes of pushes may wait for their consumer (default 1 MiB): per
    /// [`Subscriber`](crate::Subscriber), whose connection then stops being read until the
    /// subscriber catches up (the server's `client-output-buffer-limit pubsub` then
    /// decides how long it waits for a slow subscriber before dropping it, and the
    /// subscriber reconnects and says so); and per [`Pushes`](crate::Pushes) listener,
    /// which then misses what does not fit and is told. A single push larger than the
    /// buffer is taken alone.
    ///
    /// ```
    /// let config = typedis::Config::default().push_buffer(8 << 20);
    /// # let _ = config;
    /// ```
    pub fn push_buffer(mut self, bytes: usize) -> Self {
        self.push_buffer = bytes.max(1);
        self
    }

    /// Keeps the replies of reads in the client, served without a round trip until the
    /// server says their key changed (client-side caching, see [`crate::cache`]). The
    /// shared connection turns `CLIENT TRACKING` on at every (re)connection, as
    /// [`CacheConfig::tracking`] says; [`Client::query`](crate::Client::query),
    /// [`query_as`](crate::Client::query_as) and [`send`](crate::Client::send) of a
    /// cacheable read look in the cache first. Pipelines and transactions always go to
    /// the server. RESP3 only: connecting fails with [`Error::Config`] when the server
    /// (or [`Config::protocol`]) speaks RESP2. Not for a
    /// [`ClusterClient`](crate::ClusterClient)'s nodes (refused when it connects).
    ///
    /// ```
    /// use typedis::cache::CacheConfig;
    ///
    /// let config = typedis::Config::default().cache(CacheConfig::new().max_entries(100_000));
    /// # let _ = config;
    /// ```
    pub fn cache(mut self, cache: CacheConfig) -> Self {
        self.cache = Some(cache);
        self
    }

    /// Turns TLS on (with the system's root certificates) or off.
    ///
    /// TLS needs the `tls-rustls` (default) or `tls-native-tls` feature: without either,
    /// connecting with TLS on fails with [`Error::Config`] naming them.
    pub fn tls(mut self, on: bool) -> Self {
        self.tls = on.then(|| self.tls.take().unwrap_or_default());
        self
    }

    /// Options of the TLS connection (turns TLS on).
    #[cfg(any(feature = "tls-rustls", feature = "tls-native-tls"))]
    pub fn tls_options(mut self, options: TlsOptions) -> Self {
        self.tls = Some(options);
        self
    }

    #[cfg(test)]
    pub(crate) fn uses_tls(&self) -> bool {
        self.tls.is_some()
    }
    #[cfg(test)]
    pub(crate) fn username_ref(&self) -> Option<&str> {
        self.username.as_deref()
    }
    #[cfg(test)]
    pub(crate) fn password_ref(&self) -> Option<&str> {
        self.password.as_deref()
    }
    #[cfg(test)]
    pub(crate) fn database_index(&self) -> u32 {
        self.database
    }
    #[cfg(test)]
    pub(crate) fn protocol_choice(&self) -> Protocol {
        self.protocol
    }
}

/// Bytes of pushes buffered per consumer by default: a burst of a few thousand ordinary
/// messages, while a subscriber that stays behind soon meets the server's own limit.
const DEFAULT_PUSH_BUFFER: usize = 1 << 20;

/// Dedicated connections open at once by default: more than a service's usual blocking
/// consumers, far fewer than a burst of callers would open unbounded.
const DEFAULT_MAX_DEDICATED: usize = 64;

/// Commands this long or longer go on a dedicated connection by default: writing one takes
/// long enough (about a millisecond on a local network) to be worth keeping other
/// callers' commands from waiting behind it, and the rare command this big makes the
/// lease of a connection a small part of its cost.
const DEFAULT_BIG_REQUEST: usize = 1 << 20;

/// When callers write gathered requests early (see [`Config::write_early_after`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum WriteEarly {
    /// Chosen by the connection, measuring both ways while it is busy (the default).
    Measured,
    /// Set by the application: after this many gathered requests, or never.
    Fixed(Option<usize>),
}

impl WriteEarly {
    /// The way a connection starts with: the one set, or, when measured, `Some(16)` when
    /// this process may use more than one CPU and `None` on one.
    pub(crate) fn first(self) -> Option<usize> {
        match self {
            WriteEarly::Fixed(n) => n,
            WriteEarly::Measured => {
                // Read once per process: on Linux it reads the cgroup's CPU quota files.
                static CPUS: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
                let cpus = *CPUS.get_or_init(|| {
                    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
                });
                (cpus > 1).then_some(16)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_output_hides_the_password() {
        let c = Config::default().password("hunter2");
        assert!(!format!("{c:?}").contains("hunter2"));
    }
}
