//! [`SentinelConfig`]: the Sentinels to ask, the name of the service they watch, how to
//! connect to the data nodes and to the Sentinels (each with its own credentials and
//! TLS), and where reads go; built from a `redis+sentinel://` URL or by hand.

use crate::client::read_from::ReadFrom;
use crate::conn::{Addr, Config};
use crate::error::Error;
use std::time::Duration;

/// The port a Sentinel listens on when a URL names none.
pub const DEFAULT_SENTINEL_PORT: u16 = 26379;

/// Everything a [`SentinelClient`](super::SentinelClient) needs: the Sentinels, the
/// service (the name the Sentinels know the primary by), and the connection settings of
/// the data nodes and of the Sentinels.
///
/// ```
/// use typedis::ReadFrom;
/// use typedis::sentinel::SentinelConfig;
///
/// let config = SentinelConfig::from_url(
///     "redis+sentinel://:node-secret@10.0.0.1:26379,10.0.0.2,10.0.0.3/orders/2?sentinel_password=watch",
/// )?
/// .read_from(ReadFrom::PreferReplica);
/// assert_eq!(config.service(), "orders");
/// assert_eq!(config.sentinels().len(), 3);
/// # Ok::<(), typedis::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct SentinelConfig {
    pub(crate) sentinels: Vec<Addr>,
    pub(crate) service: String,
    pub(crate) node: Config,
    pub(crate) sentinel: Config,
    pub(crate) read_from: ReadFrom,
}

impl SentinelConfig {
    /// A configuration that asks `sentinels` for the primary of `service` and connects to
    /// the data nodes with `node` (its address is replaced by each node's own). The
    /// Sentinels are reached without credentials or TLS, with a 1 s connect and response
    /// timeout (see [`SentinelConfig::sentinel`]); reads go to the primary.
    pub fn new(
        sentinels: impl IntoIterator<Item = Addr>,
        service: impl Into<String>,
        node: Config,
    ) -> Self {
        let sentinels: Vec<Addr> = sentinels.into_iter().collect();
        let first = sentinels.first().cloned().unwrap_or(Addr::Tcp {
            host: "127.0.0.1".into(),
            port: DEFAULT_SENTINEL_PORT,
        });
        SentinelConfig {
            sentinels,
            service: service.into(),
            node,
            sentinel: Config::new(first)
                .connect_timeout(Duration::from_secs(1))
                .response_timeout(Some(Duration::from_secs(1))),
            read_from: ReadFrom::Primary,
        }
    }

    /// Parses a Sentinel URL:
    /// `redis+sentinel://[[user]:password@]host1[:port1],host2[:port2]/service[/db][?options]`
    /// (Sentinel port 26379 by default). `rediss+sentinel://` uses TLS to the data nodes
    /// and the Sentinels alike; `valkey+sentinel://` and `valkeys+sentinel://` are the
    /// same as their `redis` twins.
    ///
    /// The user name and password are the data nodes'. The Sentinels' own are options:
    /// `sentinel_username=NAME`, `sentinel_password=PASS`. Other options (`protocol`,
    /// `client_name`, `db`) are those of [`Config::from_url`] and apply to the data nodes.
    ///
    /// `str::parse` and `TryFrom<&str>` do the same:
    ///
    /// ```
    /// use typedis::sentinel::SentinelConfig;
    ///
    /// let config = SentinelConfig::try_from("redis+sentinel://10.0.0.1,10.0.0.2:5000/cache")?;
    /// assert_eq!(config.service(), "cache");
    /// # Ok::<(), typedis::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::Config`] naming what is wrong (a missing service name, a bad port or
    /// database, an unknown option), never echoing a password.
    pub fn from_url(url: &str) -> Result<Self, Error> {
        let bad = |why: &str| Error::Config(format!("sentinel url: {why}"));
        let (scheme, rest) = url.split_once("://").ok_or_else(|| {
            bad("missing scheme (expected redis+sentinel:// or rediss+sentinel://)")
        })?;
        let scheme = match scheme {
            "redis+sentinel" | "valkey+sentinel" => "redis",
            "rediss+sentinel" | "valkeys+sentinel" => "rediss",
            other => {
                return Err(bad(&format!(
                    "unknown scheme {other:?} (expected redis+sentinel, rediss+sentinel, \
                     valkey+sentinel or valkeys+sentinel)"
                )))
            }
        };
        let (rest, query) = match rest.split_once('?') {
            Some((r, q)) => (r, q),
            None => (rest, ""),
        };
        let (authority, path) = rest.split_once('/').unwrap_or((rest, ""));
        let (userinfo, hosts) = match authority.rfind('@') {
            Some(i) => (&authority[..=i], &authority[i + 1..]),
            None => ("", authority),
        };
        let mut segments = path.split('/').filter(|s| !s.is_empty());
        let service = segments
            .next()
            .ok_or_else(|| bad("missing service name (redis+sentinel://host/service)"))?;
        let db = segments.next().unwrap_or("");
        if segments.next().is_some() {
            return Err(bad("expected /service or /service/db after the hosts"));
        }
        let (mut sentinel_user, mut sentinel_pass) = (None, None);
        let mut node_options = Vec::new();
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            match pair.split_once('=').unwrap_or((pair, "")) {
                ("sentinel_username" | "sentinel_user", v) => sentinel_user = Some(v),
                ("sentinel_password", v) => sentinel_pass = Some(v),
                _ => node_options.push(pair),
            }
        }
        let node_query = if node_options.is_empty() {
            String::new()
        } else {
            format!("?{}", node_options.join("&"))
        };
        let mut sentinels = Vec::new();
        for host in hosts.split(',') {
            if host.is_empty() {
                return Err(bad("empty Sentinel address"));
            }
            let parsed = Config::from_url(&format!("{scheme}://{host}"))?;
            let addr = match parsed.addr {
                Addr::Tcp { host: h, port: _ } if !has_port(host) => Addr::Tcp {
                    host: h,
                    port: DEFAULT_SENTINEL_PORT,
                },
                addr => addr,
            };
            sentinels.push(addr);
        }
        let node = Config::from_url(&format!(
            "{scheme}://{userinfo}{hosts_first}/{db}{node_query}",
            hosts_first = hosts.split(',').next().unwrap_or(""),
        ))?;
        let mut config = SentinelConfig::new(sentinels, percent_free(service)?, node);
        if scheme == "rediss" {
            config.sentinel = config.sentinel.tls(true);
        }
        // The same decoding as the data nodes' credentials: through a URL of their own.
        if sentinel_user.is_some() || sentinel_pass.is_some() {
            let creds = format!(
                "redis://{}:{}@h",
                sentinel_user.unwrap_or(""),
                sentinel_pass.unwrap_or("")
            );
            let creds = Config::from_url(&creds)
                .map_err(|_| bad("bad percent escape in the Sentinel credentials"))?;
            config.sentinel.username = creds.username;
            config.sentinel.password = creds.password;
        }
        Ok(config)
    }

    /// The Sentinels asked first (others they know are found and used as well).
    pub fn sentinels(&self) -> &[Addr] {
        &self.sentinels
    }

    /// The name the Sentinels know the primary by (`sentinel monitor <name> ...`).
    pub fn service(&self) -> &str {
        &self.service
    }

    /// The connection settings of the data nodes (the address in it is not used: each
    /// node's is).
    pub fn node_config(&self) -> &Config {
        &self.node
    }

    /// Replaces the connection settings of the data nodes (credentials, database, TLS,
    /// timeouts, backoff, client-side cache).
    pub fn node(mut self, node: Config) -> Self {
        self.node = node;
        self
    }

    /// The connection settings of the Sentinels (the address in it is not used: each
    /// Sentinel's is).
    pub fn sentinel_config(&self) -> &Config {
        &self.sentinel
    }

    /// Replaces the connection settings of the Sentinels: their own credentials and TLS,
    /// and how long one may take to answer before the next is asked.
    ///
    /// ```
    /// use std::time::Duration;
    /// use typedis::sentinel::SentinelConfig;
    /// use typedis::Config;
    ///
    /// let config = SentinelConfig::from_url("redis+sentinel://10.0.0.1/orders")?;
    /// let sentinels = config.sentinel_config().clone().password("watch");
    /// let config = config.sentinel(sentinels.connect_timeout(Duration::from_millis(300)));
    /// # let _ = config; Ok::<(), typedis::Error>(())
    /// ```
    pub fn sentinel(mut self, sentinel: Config) -> Self {
        self.sentinel = sentinel;
        self
    }

    /// Where read-only commands sent through the Sentinel client go: the primary (the
    /// default), or a replica the Sentinels list as in sync (the primary while none is
    /// connected). Replicas may lag behind the primary.
    pub fn read_from(mut self, read_from: ReadFrom) -> Self {
        self.read_from = read_from;
        self
    }

    /// The configuration of a connection to the Sentinel at `addr`.
    pub(crate) fn for_sentinel(&self, addr: &Addr) -> Config {
        let mut config = self.sentinel.clone();
        config.addr = addr.clone();
        // A Sentinel has no databases, and caches nothing.
        config.database = 0;
        config.cache = None;
        config
    }
}

/// Whether a `host[:port]` names a port.
fn has_port(host: &str) -> bool {
    match host.strip_prefix('[') {
        Some(inner) => inner
            .split_once(']')
            .is_some_and(|(_, p)| p.starts_with(':')),
        None => host.contains(':'),
    }
}

/// The service name, which must not need escaping.
fn percent_free(service: &str) -> Result<String, Error> {
    if service.contains('%') {
        return Err(Error::Config(
            "sentinel url: a service name with '%' is not supported; use SentinelConfig::new"
                .into(),
        ));
    }
    Ok(service.to_owned())
}

crate::conn::parse::parse_from_url!(SentinelConfig);

#[cfg(test)]
mod tests {
    use super::*;

    fn tcp(host: &str, port: u16) -> Addr {
        Addr::Tcp {
            host: host.into(),
            port,
        }
    }

    #[test]
    fn url_names_the_sentinels_the_service_and_the_database() {
        let c = SentinelConfig::from_url("redis+sentinel://u:p%40ss@a:1,b,[::1]:3/svc/4").unwrap();
        assert_eq!(
            c.sentinels(),
            [tcp("a", 1), tcp("b", DEFAULT_SENTINEL_PORT), tcp("::1", 3)]
        );
        assert_eq!(c.service(), "svc");
        assert_eq!(c.node.database, 4);
        assert_eq!(c.node.username.as_deref(), Some("u"));
        assert_eq!(c.node.password.as_deref(), Some("p@ss"));
        assert_eq!(c.sentinel.password, None);
        assert!(c.node.tls.is_none() && c.sentinel.tls.is_none());
    }

    #[test]
    fn sentinel_credentials_are_options_of_their_own() {
        let c = SentinelConfig::from_url(
            "rediss+sentinel://:node@a/svc?sentinel_username=watcher&sentinel_password=s%26p&protocol=resp2",
        )
        .unwrap();
        assert_eq!(c.node.password.as_deref(), Some("node"));
        assert_eq!(c.sentinel.username.as_deref(), Some("watcher"));
        assert_eq!(c.sentinel.password.as_deref(), Some("s&p"));
        assert_eq!(c.node.protocol, crate::conn::Protocol::Resp2);
        assert!(c.node.tls.is_some() && c.sentinel.tls.is_some());
        let v = SentinelConfig::from_url("valkeys+sentinel://a/svc").unwrap();
        assert!(v.node.tls.is_some());
    }

    #[test]
    fn bad_urls_say_what_is_wrong_without_the_password() {
        let err = |u: &str| SentinelConfig::from_url(u).unwrap_err().to_string();
        assert!(err("redis+sentinel://a:1").contains("missing service name"));
        assert!(err("redis+sentinel://a:1/").contains("missing service name"));
        assert!(err("redis://a:1/svc").contains("unknown scheme"));
        assert!(err("redis+sentinel://a:1,,b/svc").contains("empty Sentinel"));
        assert!(err("redis+sentinel://a:x/svc").contains("port"));
        assert!(err("redis+sentinel://a/svc/x").contains("database"));
        assert!(err("redis+sentinel://a/svc/1/2").contains("/service/db"));
        let e = err("redis+sentinel://:hunter2@a/svc?nope=1");
        assert!(
            e.contains("unknown URL option") && !e.contains("hunter2"),
            "{e}"
        );
        assert!(SentinelConfig::from_url("redis+sentinel://a/svc").is_ok());
    }
}
