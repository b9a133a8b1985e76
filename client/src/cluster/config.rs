//! [`ClusterConfig`]: the seed nodes of a cluster, the per-node connection settings (a
//! [`Config`] used as a template), where reads go ([`ReadFrom`]), and how redirects,
//! retries and topology refreshes are paced.

pub use crate::client::read_from::ReadFrom;
use crate::conn::{Addr, Backoff, Config};
use crate::error::Error;
use std::time::Duration;

/// Everything a [`ClusterClient`](super::ClusterClient) needs: where to start discovering
/// the cluster and how to talk to its nodes.
///
/// ```
/// use std::time::Duration;
/// use typedis::cluster::{ClusterConfig, ReadFrom};
///
/// let config = ClusterConfig::from_url("redis+cluster://:secret@10.0.0.1:7000,10.0.0.2:7000")?
///     .read_from(ReadFrom::PreferReplica)
///     .refresh_interval(Some(Duration::from_secs(30)));
/// assert_eq!(config.seeds().len(), 2);
/// # Ok::<(), typedis::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct ClusterConfig {
    pub(crate) seeds: Vec<Addr>,
    pub(crate) node: Config,
    pub(crate) read_from: ReadFrom,
    pub(crate) max_redirects: u32,
    pub(crate) retry_backoff: Backoff,
    pub(crate) refresh_interval: Option<Duration>,
    pub(crate) min_refresh_interval: Duration,
}

impl ClusterConfig {
    /// A configuration that discovers the cluster from `seeds` and connects to every node
    /// with `node` (its address is replaced by each node's own). Defaults: reads from
    /// primaries, at most 5 redirects or retries per command, retries paced from 20 ms
    /// to 1 s, topology refreshed every 60 s and at most every 100 ms.
    pub fn new(seeds: impl IntoIterator<Item = Addr>, node: Config) -> Self {
        ClusterConfig {
            seeds: seeds.into_iter().collect(),
            node,
            read_from: ReadFrom::Primary,
            max_redirects: 5,
            retry_backoff: Backoff::new(Duration::from_millis(20), Duration::from_secs(1)),
            refresh_interval: Some(Duration::from_secs(60)),
            min_refresh_interval: Duration::from_millis(100),
        }
    }

    /// Parses a cluster URL: the `redis://` (or `rediss://`) form of [`Config::from_url`]
    /// with several comma-separated `host:port` seeds, under the scheme
    /// `redis+cluster://` (`rediss+cluster://` for TLS) or the plain one, `valkey` for
    /// `redis` alike (`valkey+cluster://`, `valkeys+cluster://`, `valkey://`, `valkeys://`):
    /// `redis+cluster://[[user]:password@]host1:port1,host2:port2[?options]`.
    /// Credentials and options apply to every node, the database too
    /// (`redis+cluster://host:port/2`): Valkey 9 clusters have numbered databases (with
    /// `cluster-databases` above 1), selected on every node connection; a Redis cluster has
    /// database 0 alone, and refuses another when a node is connected to (the server's
    /// error, `SELECT is not allowed in cluster mode`).
    ///
    /// `str::parse` and `TryFrom<&str>` do the same:
    ///
    /// ```
    /// use typedis::cluster::ClusterConfig;
    ///
    /// let config: ClusterConfig = "redis+cluster://10.0.0.1:7000,10.0.0.2:7000".parse()?;
    /// assert_eq!(config.seeds().len(), 2);
    /// # Ok::<(), typedis::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::Config`] naming what is wrong.
    pub fn from_url(url: &str) -> Result<Self, Error> {
        let bad = |why: &str| Error::Config(format!("cluster url: {why}"));
        let (scheme, rest) = url
            .split_once("://")
            .ok_or_else(|| bad("missing scheme (expected redis+cluster://)"))?;
        let scheme = match scheme {
            "redis+cluster" | "redis" | "valkey+cluster" | "valkey" => "redis",
            "rediss+cluster" | "rediss" | "valkeys+cluster" | "valkeys" => "rediss",
            other => {
                return Err(bad(&format!(
                    "unknown scheme {other:?} (expected redis+cluster, rediss+cluster, \
                     valkey+cluster or valkeys+cluster)"
                )))
            }
        };
        let (authority, tail) = match rest.find(['/', '?']) {
            Some(i) => rest.split_at(i),
            None => (rest, ""),
        };
        let (userinfo, hosts) = match authority.rfind('@') {
            Some(i) => (&authority[..=i], &authority[i + 1..]),
            None => ("", authority),
        };
        let mut seeds = Vec::new();
        let mut template = None;
        for host in hosts.split(',') {
            if host.is_empty() {
                return Err(bad("empty seed address"));
            }
            let config = Config::from_url(&format!("{scheme}://{userinfo}{host}{tail}"))?;
            seeds.push(config.addr().clone());
            template.get_or_insert(config);
        }
        let node = template.ok_or_else(|| bad("no seed address"))?;
        Ok(ClusterConfig::new(seeds, node))
    }

    /// The seed nodes the cluster is discovered from.
    pub fn seeds(&self) -> &[Addr] {
        &self.seeds
    }

    /// The connection settings of every node (its address is the first seed's).
    pub fn node_config(&self) -> &Config {
        &self.node
    }

    /// Replaces the connection settings used for every node (credentials, TLS, timeouts).
    pub fn node(mut self, node: Config) -> Self {
        self.node = node;
        self
    }

    /// Where read-only commands go.
    pub fn read_from(mut self, read_from: ReadFrom) -> Self {
        self.read_from = read_from;
        self
    }

    /// How many times one command may be redirected (`MOVED`, `ASK`) or retried
    /// (`TRYAGAIN`, `CLUSTERDOWN`, `LOADING`, a node that cannot be reached) before its
    /// last error is returned.
    pub fn max_redirects(mut self, n: u32) -> Self {
        self.max_redirects = n;
        self
    }

    /// Delays between retries of one command (after `TRYAGAIN`, `CLUSTERDOWN`, `LOADING`
    /// or a node that cannot be reached).
    pub fn retry_backoff(mut self, backoff: Backoff) -> Self {
        self.retry_backoff = backoff;
        self
    }

    /// How often the slot map is read again in the background (`None`: only when
    /// redirects or connection failures say it changed).
    pub fn refresh_interval(mut self, every: Option<Duration>) -> Self {
        self.refresh_interval = every;
        self
    }

    /// The shortest time between two reads of the slot map, however many redirects ask
    /// for one: it keeps a topology change from causing a storm of `CLUSTER SHARDS`.
    pub fn min_refresh_interval(mut self, every: Duration) -> Self {
        self.min_refresh_interval = every;
        self
    }

    /// Sets the response timeout of every node connection (see
    /// [`Config::response_timeout`]).
    pub fn response_timeout(mut self, timeout: Option<Duration>) -> Self {
        self.node = self.node.response_timeout(timeout);
        self
    }

    /// Whether the client is made at once, before any node answers (`false` by default):
    /// [`ClusterClient::with_config`](crate::ClusterClient::with_config) then returns
    /// without reading the slot map, which is read in the background and by the first
    /// command, within that command's response timeout. For an application that may start
    /// before its cluster. (The node configuration's
    /// [`Config::lazy_connect`](crate::Config::lazy_connect), which this sets.)
    pub fn lazy_connect(mut self, lazy: bool) -> Self {
        self.node.lazy_connect = lazy;
        self
    }

    /// Sets the connect timeout of every node connection.
    pub fn connect_timeout(mut self, timeout: Duration) -> Self {
        self.node = self.node.connect_timeout(timeout);
        self
    }

    /// The configuration of the connection to the node at `host:port`. Reconnection
    /// attempts are paced no slower than the retries: a command waiting for a dead node
    /// must soon learn it is dead, so that the slot map is read again and the command
    /// goes to the replica that replaced it.
    pub(crate) fn for_node(&self, host: &str, port: u16) -> Config {
        let mut config = self.node.clone();
        config.backoff.max = config.backoff.max.min(self.retry_backoff.max);
        // A node is dialed when a command needs it: now (a client made with `lazy_connect`
        // waits for its cluster before it dials a node).
        config.lazy_connect = false;
        config.addr = Addr::Tcp {
            host: host.to_owned(),
            port,
        };
        config
    }
}

crate::conn::parse::parse_from_url!(ClusterConfig);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_lists_every_seed_and_shares_credentials() {
        let c =
            ClusterConfig::from_url("redis+cluster://u:p@a:1,b:2,[::1]:3?protocol=resp2").unwrap();
        let seeds: Vec<String> = c
            .seeds()
            .iter()
            .map(|a| match a {
                Addr::Tcp { host, port } => format!("{host}:{port}"),
                Addr::Unix(p) => p.display().to_string(),
            })
            .collect();
        assert_eq!(seeds, ["a:1", "b:2", "::1:3"]);
        assert_eq!(c.node.username.as_deref(), Some("u"));
        assert_eq!(c.node.password.as_deref(), Some("p"));
        assert_eq!(c.node.protocol, crate::conn::Protocol::Resp2);
    }

    #[test]
    fn plain_redis_url_is_one_seed() {
        let c = ClusterConfig::from_url("redis://127.0.0.1:7000").unwrap();
        assert_eq!(c.seeds().len(), 1);
    }

    #[test]
    fn valkey_cluster_urls_read_as_their_redis_twins() {
        let c = ClusterConfig::from_url("valkey+cluster://a:1,b:2").unwrap();
        assert_eq!(c.seeds().len(), 2);
        assert!(!c.node.uses_tls());
        let c = ClusterConfig::from_url("valkeys+cluster://a:1,b:2").unwrap();
        assert!(c.node.uses_tls());
        assert!(ClusterConfig::from_url("valkeys://a:1")
            .unwrap()
            .node
            .uses_tls());
    }

    #[test]
    fn bad_urls_say_what_is_wrong() {
        let err = |u: &str| ClusterConfig::from_url(u).unwrap_err().to_string();
        assert!(err("http://a:1").contains("unknown scheme"));
        assert!(err("redis+cluster://a:1,,b:2").contains("empty seed"));
        let numbered = ClusterConfig::from_url("redis+cluster://a:1/3").unwrap();
        assert_eq!(numbered.node_config().database, 3);
        assert!(err("a:1").contains("missing scheme"));
    }
}
