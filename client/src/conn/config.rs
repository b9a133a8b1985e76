//! [`Config`]: where to connect and how (credentials, database, protocol, timeouts,
//! reconnection), built from a URL and adjusted with builder methods.

use super::tls::TlsOptions;
use crate::error::Error;
use std::path::PathBuf;
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

/// How long to wait between reconnection attempts: `initial`, doubled after each failure,
/// capped at `max`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Backoff {
    /// Delay before the second attempt (the first one is immediate).
    pub initial: Duration,
    /// Longest delay between attempts.
    pub max: Duration,
}

impl Backoff {
    /// The delay to wait after `failures` consecutive failed attempts.
    pub fn delay(&self, failures: u32) -> Duration {
        if failures == 0 {
            return Duration::ZERO;
        }
        let factor = 1u32 << failures.saturating_sub(1).min(20);
        self.initial.saturating_mul(factor).min(self.max)
    }
}

impl Default for Backoff {
    fn default() -> Self {
        Backoff {
            initial: Duration::from_millis(50),
            max: Duration::from_secs(5),
        }
    }
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
#[derive(Clone)]
pub struct Config {
    pub(crate) addr: Addr,
    pub(crate) tls: Option<TlsOptions>,
    pub(crate) username: Option<String>,
    pub(crate) password: Option<String>,
    pub(crate) database: u32,
    pub(crate) client_name: Option<String>,
    pub(crate) protocol: Protocol,
    pub(crate) connect_timeout: Duration,
    pub(crate) response_timeout: Option<Duration>,
    pub(crate) blocking_margin: Duration,
    pub(crate) backoff: Backoff,
    pub(crate) retry_read_only: bool,
    pub(crate) write_early_after: Option<usize>,
    pub(crate) health_check: Option<Duration>,
    pub(crate) max_idle_dedicated: usize,
    pub(crate) max_dedicated: Option<usize>,
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never print the password.
        f.debug_struct("Config")
            .field("addr", &self.addr)
            .field("tls", &self.tls.is_some())
            .field("username", &self.username)
            .field("password", &self.password.as_ref().map(|_| "<hidden>"))
            .field("database", &self.database)
            .field("client_name", &self.client_name)
            .field("protocol", &self.protocol)
            .field("connect_timeout", &self.connect_timeout)
            .field("response_timeout", &self.response_timeout)
            .field("blocking_margin", &self.blocking_margin)
            .field("backoff", &self.backoff)
            .field("retry_read_only", &self.retry_read_only)
            .field("write_early_after", &self.write_early_after)
            .field("health_check", &self.health_check)
            .field("max_idle_dedicated", &self.max_idle_dedicated)
            .field("max_dedicated", &self.max_dedicated)
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
    /// kept and no cap on open ones, and early writes as
    /// [`Config::write_early_after`] describes.
    pub fn new(addr: Addr) -> Self {
        Config {
            addr,
            tls: None,
            username: None,
            password: None,
            database: 0,
            client_name: None,
            protocol: Protocol::Resp3,
            connect_timeout: Duration::from_secs(5),
            response_timeout: Some(Duration::from_secs(5)),
            blocking_margin: Duration::from_secs(1),
            backoff: Backoff::default(),
            retry_read_only: false,
            write_early_after: default_write_early_after(),
            health_check: None,
            max_idle_dedicated: 4,
            max_dedicated: None,
        }
    }

    /// Parses a connection URL:
    ///
    /// - `redis://[[user]:password@]host[:port][/db]` (port 6379 and database 0 by default;
    ///   `[::1]` for IPv6; user name and password percent-decoded);
    /// - `rediss://...`: the same over TLS, checked against the system's root certificates
    ///   unless [`Config::tls_options`] says otherwise;
    /// - `unix:///path/to/socket` (also `unix://[[user]:password@]/path`).
    ///
    /// Query options: `db=N`, `protocol=resp2|resp3`, `client_name=NAME`.
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

    /// Delays between reconnection attempts.
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
    /// to add (fewest system calls). The default is `Some(16)` when this process may run on more
    /// than one CPU (the server works in parallel, so overlapping pays) and `None` when it
    /// is confined to one (every write then costs CPU the client needs).
    ///
    /// ```
    /// let config = typedis::Config::default().write_early_after(Some(32));
    /// # let _ = config;
    /// ```
    pub fn write_early_after(mut self, n: Option<usize>) -> Self {
        self.write_early_after = n.map(|n| n.max(1));
        self
    }

    /// Sends `PING` on the shared connection once it has been quiet this long, and closes
    /// it when no reply comes within the response timeout (or, without one, within the
    /// same interval), so a connection that died without a word (a crashed host, a
    /// dropped network path) is noticed before a command is sent down it; the next
    /// command then reconnects. `None` (the default): no health check, and a dead
    /// connection is noticed by the first command that waits on it.
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

    /// How many idle dedicated connections (for blocking commands and transactions) to keep.
    pub fn max_idle_dedicated(mut self, n: usize) -> Self {
        self.max_idle_dedicated = n;
        self
    }

    /// At most this many dedicated connections (blocking commands, transactions, streamed
    /// replies and values) open at once; callers beyond it wait for one to be released,
    /// within their own timeout (a blocking command's block time plus the margin, the
    /// response timeout otherwise). `None` (the default): no limit, so a thousand
    /// concurrent `BLPOP`s open a thousand connections.
    ///
    /// ```
    /// let config = typedis::Config::default().max_dedicated(Some(16));
    /// # let _ = config;
    /// ```
    pub fn max_dedicated(mut self, n: Option<usize>) -> Self {
        self.max_dedicated = n;
        self
    }

    /// Turns TLS on (with the system's root certificates) or off.
    pub fn tls(mut self, on: bool) -> Self {
        self.tls = on.then(|| self.tls.take().unwrap_or_default());
        self
    }

    /// Options of the TLS connection (turns TLS on).
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

/// `Some(16)` when this process may use more than one CPU, `None` on one.
fn default_write_early_after() -> Option<usize> {
    let cpus = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    (cpus > 1).then_some(16)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_from_initial_and_stops_at_max() {
        let b = Backoff {
            initial: Duration::from_millis(10),
            max: Duration::from_millis(70),
        };
        let delays: Vec<_> = (0..6).map(|n| b.delay(n).as_millis()).collect();
        assert_eq!(delays, [0, 10, 20, 40, 70, 70]);
        assert_eq!(b.delay(u32::MAX), Duration::from_millis(70));
    }

    #[test]
    fn debug_output_hides_the_password() {
        let c = Config::default().password("hunter2");
        assert!(!format!("{c:?}").contains("hunter2"));
    }
}
