//! Redis Cluster: [`ClusterClient`] keeps the slot map, one [`Client`] per node, and sends
//! each command where its keys live, following `MOVED` and `ASK` redirects, retrying
//! transient refusals, and fanning keyless and multi-key commands out as the spec's
//! request and response policies say.
//!
//! Over 500 lines: `ClusterClient`'s public methods, each short, and its routing entry
//! points; not yet split.
// Layout (private modules, for readers of the source):
//
// - `config`: [`ClusterConfig`] (seeds, cluster URLs) and [`ReadFrom`].
// - `topology`: the slot map and how `CLUSTER SHARDS` / `CLUSTER SLOTS` are read.
// - `route`: where a command goes (by slot, to every primary or node, split by slot).
// - `aggregate`: splitting multi-key commands and combining replies.
// - `redirect`: `MOVED`, `ASK` and the retryable refusals.
// - `node`: the per-node clients and one attempt on one node; `addr_map`: the maps keyed
//   by node address.
// - `refresh`: single-flight, rate-limited topology refresh.
// - `scan`: [`ClusterClient::scan`], scans over every primary or on a key's node.
// - `shard`: shard subscribers, whose connection follows their slot.
// - `pipeline`: how a [`Pipeline`](crate::Pipeline)'s commands are grouped by node;
//   `transaction`: [`ClusterTransaction`].

mod addr_map;
mod aggregate;
mod as_redis;
mod close;
mod config;
#[cfg(feature = "serde")]
mod config_serde;
mod node;
mod pipeline;
mod redirect;
mod refresh;
mod route;
mod scan;
mod shard;
mod sharded;
mod start;
mod stream;
mod topology;
mod transaction;

pub use config::{ClusterConfig, ReadFrom};
#[allow(deprecated)]
pub use pipeline::ClusterPipeline;
pub use sharded::ShardedSubscriber;
pub use transaction::ClusterTransaction;

use crate::cache::CacheStats;
use crate::client::handle::{Client, ClientStats, WeakClient};
use crate::client::pubsub::Subscriber;
use crate::client::redis::Redis;
use crate::cmd::placement::{placement, Placement};
use crate::cmd::Request;
use crate::cmd::{key_slot, Command};
use crate::error::{ClusterError, ClusterErrorKind, Error};
use crate::resp::read::DecodeOwned;
use crate::support::sync;
use crate::support::trace::{self, Record};
use crate::wire::Frame;
use addr_map::AddrMap;
use aggregate::{cluster_error, combine, join_parts, split};
use node::{Failure, Node};
use redirect::{redirect, Redirect};
use route::{is_read_only, plan, Plan};
use std::future::Future;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, RwLock, RwLockReadGuard};
use std::time::Instant;
use topology::{NodeAddr, Topology};

/// A client of a whole Redis Cluster: cheap to clone, `Send + Sync`, shared by many tasks.
///
/// Each command goes to the node serving its keys' hash slot, over that node's multiplexed
/// connection. Redirects are followed (`MOVED` updates the slot map, `ASK` retries once on
/// the importing node after `ASKING`); `TRYAGAIN`, `CLUSTERDOWN`, `LOADING` and nodes that
/// cannot be reached are retried after a pause, at most
/// [`ClusterConfig::max_redirects`] times and until the response timeout has passed since
/// the command was first sent, whichever comes first.
///
/// What happens to a command whose connection dies while it is in flight (a primary
/// crashes): it fails with [`Error::ConnectionClosed`] since it may or may not have run;
/// a read-only command is sent again instead. A node that stops answering makes commands
/// fail with [`Error::Timeout`] after the response timeout, and its connection is replaced
/// once its oldest command is that timeout again overdue (see
/// [`Config`](crate::Config#bounds)); a node that cannot be reached is
/// [`Error::Unreachable`]. Either way the slot map is read again, so once the cluster has
/// promoted a replica, commands go there.
///
/// ```no_run
/// # async fn demo() -> Result<(), typedis::Error> {
/// use typedis::b;
/// use typedis::cluster::ClusterClient;
///
/// let cluster = ClusterClient::connect("redis+cluster://127.0.0.1:7000,127.0.0.1:7001").await?;
/// cluster.query(b().set().key("user:1").value("ada")).await?;
/// let name = cluster.query(b().get().key("user:1")).await?; // Option<Bytes>
/// // Keys in different slots: split by slot, answered in the order asked.
/// let names = cluster.query(b().mget().key("user:1").key("user:2")).await?;
/// // Keyless: summed over every primary.
/// let keys = cluster.query(b().dbsize()).await?; // i64
/// # let _ = (name, names, keys); Ok(()) }
/// ```
#[derive(Clone)]
pub struct ClusterClient {
    inner: Arc<Inner>,
}

pub(crate) struct Inner {
    config: ClusterConfig,
    topology: RwLock<Topology>,
    nodes: Mutex<AddrMap<Node>>,
    /// Nodes whose first connection is being opened (see [`ClusterClient::node`]).
    dialing: Mutex<AddrMap<Arc<node::Dial>>>,
    refresh: refresh::Gate,
    redirects: AtomicU64,
    next: AtomicUsize,
    /// Set by [`ClusterClient::close`]: no more commands, nodes or refreshes.
    closing: AtomicBool,
    /// The clients of the shard subscribers, which `close` closes too.
    shard_clients: Mutex<Vec<WeakClient>>,
    /// The client is started: it read its slot map when it was made, or (made with
    /// `lazy_connect`) it has one that serves every slot from a cluster that is up (see
    /// [`ClusterClient::ready`]).
    discovered: AtomicBool,
}

impl Inner {
    fn lock_nodes(&self) -> MutexGuard<'_, AddrMap<Node>> {
        sync::lock(&self.nodes)
    }

    fn read_topology(&self) -> RwLockReadGuard<'_, Topology> {
        sync::read(&self.topology)
    }
}

impl std::fmt::Debug for ClusterClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClusterClient")
            .field("config", &self.inner.config)
            .field("stats", &self.stats())
            .finish()
    }
}

/// Counters of a [`ClusterClient`], read with [`ClusterClient::stats`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct ClusterStats {
    /// `MOVED` and `ASK` redirects followed.
    pub redirects: u64,
    /// Times the slot map was read again after the first discovery.
    pub refreshes: u64,
    /// Nodes with an open client.
    pub nodes: usize,
    /// Times a node's connection was opened again after it died, added up over the nodes
    /// (subscribers' included).
    pub reconnects: u64,
    /// Idle dedicated connections kept by the nodes' clients (for blocking commands,
    /// transactions and big commands), added up.
    pub idle_dedicated: usize,
    /// The node caches' counters added up, when the node configuration sets up a
    /// client-side cache (see [`ClusterClient::with_config`]).
    pub cache: Option<CacheStats>,
}

impl ClusterClient {
    /// Connects to the cluster a URL names (see [`ClusterConfig::from_url`]): discovers
    /// the slot map from the seeds and connects to the nodes as commands need them.
    ///
    /// # Errors
    ///
    /// [`Error::Config`] for a bad URL; the error of the last seed tried when no seed
    /// describes the cluster.
    pub async fn connect(url: &str) -> Result<ClusterClient, Error> {
        ClusterClient::with_config(ClusterConfig::from_url(url)?).await
    }

    /// Connects with a full [`ClusterConfig`].
    ///
    /// # Errors
    ///
    /// As [`ClusterClient::connect`].
    ///
    /// With a client-side cache in the node configuration
    /// ([`Config::cache`](crate::Config::cache)), each node's client keeps a cache of its
    /// own, bounded as configured (so the bounds apply per node), over its own tracking
    /// connection: a node's invalidations evict from its cache, and a node's lost
    /// connection flushes its cache alone. Reads from replicas and after `ASK` are not
    /// cached. A key whose slot moves is invalidated by the node it leaves (it deletes
    /// the key), and cached again by the node it joins on the next read.
    ///
    /// ```no_run
    /// # async fn demo() -> Result<(), typedis::Error> {
    /// use typedis::cache::CacheConfig;
    /// use typedis::cluster::{ClusterClient, ClusterConfig};
    /// use typedis::{b, Config};
    ///
    /// let config = ClusterConfig::from_url("redis+cluster://127.0.0.1:7000")?
    ///     .node(Config::default().cache(CacheConfig::new().max_entries(10_000)));
    /// let cluster = ClusterClient::with_config(config).await?;
    /// cluster.query(b().get().key("user:1")).await?; // from its node
    /// cluster.query(b().get().key("user:1")).await?; // from the cache
    /// assert_eq!(cluster.stats().cache.map(|c| c.hits), Some(1));
    /// # Ok(()) }
    /// ```
    pub async fn with_config(config: ClusterConfig) -> Result<ClusterClient, Error> {
        let every = config.refresh_interval;
        let client = ClusterClient {
            inner: Arc::new(Inner {
                config,
                topology: RwLock::new(Topology::from_shards(Vec::new())),
                nodes: Mutex::new(AddrMap::default()),
                dialing: Mutex::new(AddrMap::default()),
                refresh: refresh::Gate::new(),
                redirects: AtomicU64::new(0),
                next: AtomicUsize::new(0),
                closing: AtomicBool::new(false),
                shard_clients: Mutex::new(Vec::new()),
                discovered: AtomicBool::new(false),
            }),
        };
        if client.inner.config.node.lazy_connect {
            // Discovered in the background, and by the first command that needs it.
            client.refresh_soon();
        } else {
            let topology = client.discover().await?;
            client.install(topology);
            // Started: the map read now is what routing starts from, complete or not.
            client.inner.discovered.store(true, Ordering::Release);
        }
        if let Some(every) = every {
            refresh::periodic(Arc::downgrade(&client.inner), every);
        }
        Ok(client)
    }

    /// The configuration this client was made with.
    pub fn config(&self) -> &ClusterConfig {
        &self.inner.config
    }

    /// Current counters.
    pub fn stats(&self) -> ClusterStats {
        // The node clients are listed first: their counters are read without the node
        // map's lock held.
        let clients: Vec<Client> = self
            .inner
            .lock_nodes()
            .values()
            .map(|n| n.client.clone())
            .collect();
        let per_node: Vec<ClientStats> = clients.iter().map(Client::stats).collect();
        // The node caches' counters added up, when the node configuration sets up a cache.
        let cache = self.inner.config.node.cache.as_ref().map(|_| {
            per_node
                .iter()
                .filter_map(|s| s.cache)
                .fold(CacheStats::default(), |mut sum, one| {
                    sum.add(&one);
                    sum
                })
        });
        ClusterStats {
            redirects: self.inner.redirects.load(Ordering::Relaxed),
            refreshes: self.inner.refresh.count.load(Ordering::Relaxed),
            nodes: per_node.len(),
            reconnects: per_node.iter().map(|s| s.reconnects).sum(),
            idle_dedicated: per_node.iter().map(|s| s.idle_dedicated).sum(),
            cache,
        }
    }

    /// Reads the slot map again now (joining a refresh already running), waiting at most
    /// the connect timeout.
    pub async fn refresh_topology(&self) {
        self.refresh_and_wait(self.inner.config.node.connect_timeout)
            .await;
    }

    /// When a command made now must be answered, under the nodes' response timeout (or the
    /// command's own, [`ClusterClient::with_timeout`]).
    pub(crate) fn deadline(&self) -> Option<Instant> {
        let configured = self.inner.config.node.response_timeout;
        crate::conn::timeout::response_timeout(configured).map(|t| Instant::now() + t)
    }

    /// The address (`host:port`) of the primary serving `slot`, as the client knows it
    /// (`None` too before a client made with `lazy_connect` has read the slot map).
    pub fn primary_for_slot(&self, slot: u16) -> Option<String> {
        let topology = self.inner.read_topology();
        topology.shard(slot).map(|s| s.primary.to_string())
    }

    /// Sends a command where it belongs and reads its reply as the type the command
    /// declares (see [`Client::query`]).
    ///
    /// # Errors
    ///
    /// As [`Client::query`]; [`Error::Cluster`] when the command cannot be routed (keys in
    /// several slots that the command's policy does not allow splitting, a command that
    /// would change a shared connection's state such as `MULTI` or `SUBSCRIBE`, a keyless
    /// command without cluster-wide meaning such as `SCAN`).
    pub fn query<'a, R: Request + 'a>(
        &'a self,
        request: R,
    ) -> impl Future<Output = Result<R::Reply, Error>> + Send + 'a {
        Redis::query(self, request)
    }

    /// The same client, whose commands wait at most `timeout` each in place of the nodes'
    /// response timeout, redirects and retries included (see [`Timed`](crate::Timed)).
    pub fn with_timeout(
        &self,
        timeout: std::time::Duration,
    ) -> crate::client::timed::Timed<'_, ClusterClient> {
        crate::client::timed::Timed::new(self, timeout)
    }

    /// Sends a command where it belongs and reads its reply as an owned `T` of your
    /// choice.
    ///
    /// # Errors
    ///
    /// As [`ClusterClient::query`].
    pub fn query_as<'a, T: DecodeOwned + 'a>(
        &'a self,
        request: impl Request + 'a,
    ) -> impl Future<Output = Result<T, Error>> + Send + 'a {
        Redis::query_as(self, request)
    }

    /// Sends a command where it belongs and returns its reply frame (see
    /// [`Client::send`]). Multi-node commands return one frame combined from every
    /// node's reply: summed, concatenated, or reassembled in key order.
    ///
    /// # Errors
    ///
    /// As [`ClusterClient::query`], decoding aside.
    pub async fn send(&self, request: impl Request) -> Result<Frame, Error> {
        let command = request.into_command();
        // The command's span; each node's attempt (a redirect, a part of a split command)
        // has a span of its own inside it, naming the node.
        let level = self.inner.config.node.span_level;
        let Some(span) = trace::command_span!(level, command.name()) else {
            return self.dispatch(command).await;
        };
        span.set("db.system.name", self.db_system());
        let result = trace::Instrument::instrument(self.dispatch(command), span.clone()).await;
        crate::telemetry::outcome::record(&span, &result);
        result
    }

    /// The nodes' `db.system.name` (a cluster's nodes run one server): that of a node the
    /// client is connected to, `redis` before any.
    pub(crate) fn db_system(&self) -> &'static str {
        let nodes = self.inner.lock_nodes();
        nodes
            .values()
            .next()
            .map_or("redis", |node| node.client.db_system())
    }

    async fn dispatch(&self, command: Command) -> Result<Frame, Error> {
        if command.invalid_argument().is_some() {
            return Err(crate::client::handle::invalid(&command));
        }
        self.ready(self.deadline()).await?;
        match plan(&command).map_err(Error::Cluster)? {
            Plan::Slot(slot) => self.routed(&command, Some(slot)).await,
            Plan::Any => self.routed(&command, None).await,
            Plan::AllPrimaries(policy) => {
                let nodes = self.inner.read_topology().primaries();
                self.fan_out(&command, nodes, policy).await
            }
            Plan::AllNodes(policy) => {
                let nodes = self.inner.read_topology().nodes();
                self.fan_out(&command, nodes, policy).await
            }
            Plan::Split(policy) => {
                let parts = split(&command)?;
                let replies = crate::support::futures::try_join_all(
                    parts
                        .iter()
                        .map(|p| self.routed(&p.command, p.command.slot().get())),
                )
                .await?;
                join_parts(&parts, replies, policy)
            }
        }
    }

    /// Sends `command` to every node of `nodes` and combines the replies.
    async fn fan_out(
        &self,
        command: &Command,
        nodes: Vec<NodeAddr>,
        policy: Option<crate::cmd::ResponsePolicy>,
    ) -> Result<Frame, Error> {
        if nodes.is_empty() {
            return Err(cluster_error(
                ClusterErrorKind::NoNode,
                "the slot map names no node",
            ));
        }
        let replies = crate::support::futures::try_join_all(
            nodes.iter().map(|addr| self.on_node(addr, command)),
        )
        .await?;
        combine(replies, policy)
    }

    /// Sends `command` to one given node, retrying while it cannot be reached.
    async fn on_node(&self, addr: &NodeAddr, command: &Command) -> Result<Frame, Error> {
        let mut attempt = 0;
        loop {
            match self.attempt(addr, command, false, false).await {
                Ok(frame) => return Ok(frame),
                Err(Failure::NotSent(e)) if attempt < self.inner.config.max_redirects => {
                    trace::debug!(error = %e, %addr, "node unreachable, retrying");
                    self.pause(attempt).await;
                }
                Err(Failure::NotSent(e) | Failure::Sent(e)) => {
                    self.refresh_soon();
                    return Err(e);
                }
            }
            attempt += 1;
        }
    }

    /// Notes a `MOVED`: `slot` is served by `to` from now on.
    fn moved(&self, slot: u16, to: &NodeAddr) {
        self.inner.redirects.fetch_add(1, Ordering::Relaxed);
        crate::telemetry::metrics::redirected(self.db_system(), "moved");
        trace::debug!(slot, %to, "MOVED");
        // A slot handed to a primary the map has: patching that slot is the whole news.
        // One the map has not (a promoted replica, a new node) means more changed: read
        // the whole map again.
        let known = {
            let mut topology = sync::write(&self.inner.topology);
            let known = topology.is_primary(to);
            topology.set_primary(slot, to);
            known
        };
        if !known {
            self.refresh_soon();
        }
    }

    /// Notes an `ASK` to `addr`.
    fn asked(&self, addr: &NodeAddr) {
        self.inner.redirects.fetch_add(1, Ordering::Relaxed);
        crate::telemetry::metrics::redirected(self.db_system(), "ask");
        trace::debug!(%addr, "ASK");
    }

    /// Sends a command to the node serving `slot` (any primary when `None`), following
    /// redirects and retrying as documented on [`ClusterClient`].
    pub(crate) async fn routed(
        &self,
        command: &Command,
        slot: Option<u16>,
    ) -> Result<Frame, Error> {
        let config = &self.inner.config;
        let reads = is_read_only(command);
        let mut to_replica =
            config.read_from.reads_replicas() && reads && placement(command) == Placement::Shared;
        let mut ask: Option<NodeAddr> = None;
        // The node the last `MOVED` came from.
        let mut moved_from: Option<NodeAddr> = None;
        let mut attempt = 0;
        // Retries stop at the response timeout too, so no command takes much longer than
        // it, however the cluster misbehaves.
        let deadline = self.deadline();
        // Asked only on a redirect or a failure: a command answered at once reads no clock.
        let last = |attempt| {
            attempt >= config.max_redirects || deadline.is_some_and(|d| Instant::now() >= d)
        };
        loop {
            self.refuse_if_closed()?;
            let (addr, asking, replica) = match ask.take() {
                Some(addr) => (addr, true, false),
                None => match self.choose(slot, to_replica).await {
                    Some((addr, replica)) => (addr, false, replica),
                    None if last(attempt) => return Err(no_node(slot.unwrap_or_default())),
                    None => {
                        self.refresh_and_wait(config.node.connect_timeout).await;
                        attempt += 1;
                        continue;
                    }
                },
            };
            match self.attempt(&addr, command, asking, replica).await {
                Ok(frame) => match redirect(&frame, &addr) {
                    None => return Ok(frame),
                    Some(_) if last(attempt) => return Ok(frame),
                    Some(Redirect::Moved { slot, addr: to }) => {
                        self.moved(slot, &to);
                        // Sent back where the last redirect came from: the two nodes
                        // disagree for a moment (a slot being handed over). Going back at
                        // once would spend every redirect in the disagreement.
                        if moved_from.as_ref() == Some(&to) {
                            self.pause(attempt).await;
                        }
                        moved_from = Some(addr);
                    }
                    Some(Redirect::Ask { addr }) => {
                        self.asked(&addr);
                        ask = Some(addr);
                    }
                    Some(Redirect::Retry { refresh }) => {
                        // A replica that is not ready: read from the primary instead.
                        to_replica &= !replica;
                        if refresh {
                            self.refresh_soon();
                        }
                        self.pause(attempt).await;
                    }
                },
                Err(Failure::NotSent(e)) => {
                    trace::debug!(error = %e, %addr, "node unreachable");
                    if last(attempt) {
                        return Err(e);
                    }
                    // A replica that cannot be reached: read from the primary instead.
                    to_replica &= !replica;
                    self.refresh_and_wait(config.node.connect_timeout).await;
                    self.pause(attempt).await;
                }
                Err(Failure::Sent(e)) => {
                    self.refresh_soon();
                    let lost = matches!(e, Error::ConnectionClosed(_) | Error::Io(_));
                    if !(lost && reads) || last(attempt) {
                        return Err(e);
                    }
                    trace::debug!(error = %e, "resending a read-only command");
                }
            }
            attempt += 1;
        }
    }

    /// The node a command goes to (see [`pick`](Self::pick)); by zone when
    /// the read policy prefers one.
    async fn choose(&self, slot: Option<u16>, replica: bool) -> Option<(NodeAddr, bool)> {
        match (
            slot,
            replica && self.inner.config.read_from.zone().is_some(),
        ) {
            // Boxed: it may open connections, a rare path that every command's future
            // would otherwise make room for.
            (Some(slot), true) => Box::pin(self.pick_by_zone(slot)).await,
            _ => self.pick(slot, replica),
        }
    }

    /// A read's node in `slot`'s shard by the zone policy: among the nodes that rank
    /// first, in turn. A replica is connected to first, to learn its zone (its `HELLO`);
    /// one that cannot be reached is passed over.
    async fn pick_by_zone(&self, slot: u16) -> Option<(NodeAddr, bool)> {
        let (primary, replicas) = {
            let topology = self.inner.read_topology();
            let shard = topology.shard(slot)?;
            (shard.primary.clone(), shard.replicas.clone())
        };
        let policy = &self.inner.config.read_from;
        let mut best: Vec<(NodeAddr, bool)> = Vec::new();
        let mut best_rank = u8::MAX;
        let nodes =
            std::iter::once((primary, false)).chain(replicas.into_iter().map(|r| (r, true)));
        for (addr, replica) in nodes {
            let zone = match self.node(&addr).await {
                Ok(node) => node
                    .client
                    .server()
                    .and_then(|h| h.availability_zone.clone()),
                Err(_) if replica => continue,
                Err(_) => None,
            };
            let rank = policy.rank(zone.as_deref(), !replica);
            if rank < best_rank {
                best_rank = rank;
                best.clear();
            }
            if rank == best_rank {
                best.push((addr, replica));
            }
        }
        let n = self.inner.next.fetch_add(1, Ordering::Relaxed);
        best.get(n % best.len().max(1)).cloned()
    }

    /// The node for `slot` (a replica when asked and the shard has one), or any primary
    /// for a keyless command.
    fn pick(&self, slot: Option<u16>, replica: bool) -> Option<(NodeAddr, bool)> {
        let n = self.inner.next.fetch_add(1, Ordering::Relaxed);
        let topology = self.inner.read_topology();
        match slot {
            Some(slot) => {
                let shard = topology.shard(slot)?;
                if replica && !shard.replicas.is_empty() {
                    let i = n % shard.replicas.len();
                    Some((shard.replicas[i].clone(), true))
                } else {
                    Some((shard.primary.clone(), false))
                }
            }
            None => topology.nth_primary(n).map(|a| (a.clone(), false)),
        }
    }

    /// Waits out the backoff after `attempt` failed ones.
    async fn pause(&self, attempt: u32) {
        let delay = self.inner.config.retry_backoff.delay(attempt + 1);
        // Boxed: a timer is a hundred bytes that every command's future would carry for
        // a wait only a failing command makes.
        Box::pin(tokio::time::sleep(delay)).await;
    }

    /// The client of every primary that serves slots, to run per-node commands
    /// (`INFO`, `SCAN`, `CLIENT LIST`, ...) yourself.
    ///
    /// # Errors
    ///
    /// The first node that cannot be connected to.
    pub async fn primaries(&self) -> Result<Vec<Client>, Error> {
        self.ready(self.deadline()).await?;
        let addrs = self.inner.read_topology().primaries();
        #[allow(
            clippy::disallowed_methods,
            reason = "one per primary of the topology the client holds"
        )]
        let mut clients = Vec::with_capacity(addrs.len());
        for addr in &addrs {
            clients.push(self.node(addr).await?.client);
        }
        Ok(clients)
    }

    /// The client of the primary serving `key`'s slot.
    ///
    /// # Errors
    ///
    /// [`Error::Cluster`] when no node serves the slot; connection errors.
    pub async fn primary_for_key(&self, key: impl AsRef<[u8]>) -> Result<Client, Error> {
        self.ready(self.deadline()).await?;
        let slot = key_slot(key.as_ref());
        let addr = self.pick(Some(slot), false).map(|(a, _)| a);
        let addr = addr.ok_or_else(|| no_node(slot))?;
        Ok(self.node(&addr).await?.client)
    }

    /// A subscriber for `SUBSCRIBE` and `PSUBSCRIBE`: the cluster delivers those messages
    /// on every node, so any one will do.
    ///
    /// # Errors
    ///
    /// When no node can be connected to.
    pub async fn subscriber(&self) -> Result<Subscriber, Error> {
        self.ready(self.deadline()).await?;
        let addr = self
            .pick(None, false)
            .map(|(a, _)| a)
            .ok_or_else(|| cluster_error(ClusterErrorKind::NoNode, "the slot map names no node"))?;
        self.node(&addr).await?.client.subscriber().await
    }
}

/// No node serves `slot`.
#[cold]
fn no_node(slot: u16) -> Error {
    Error::Cluster(
        ClusterError::new(
            ClusterErrorKind::NoNode,
            format!("no node serves slot {slot}"),
        )
        .in_slot(slot),
    )
}
