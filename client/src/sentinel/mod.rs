//! Redis Sentinel: [`SentinelClient`] asks the Sentinels where the primary of a service is,
//! checks with `ROLE` that it is, connects, and follows failovers by itself; reads may go
//! to replicas.
//!
//! To ask a Sentinel yourself, connect a [`Client`] to its port and send the typed
//! `SENTINEL` commands ([`b().sentinel_replicas()`](crate::b), ...; see
//! [`cmd::sentinel_commands`](crate::cmd::sentinel_commands)): their replies are typed too
//! ([`SentinelNode`](crate::reply::SentinelNode), [`PrimaryAddr`](crate::reply::PrimaryAddr)).
// Layout (private modules, for readers of the source):
//
// - `config`: [`SentinelConfig`] (Sentinels, service, node and Sentinel settings, URLs).
// - `ask`: the questions asked of the Sentinels, each in turn.
// - `locator`: where the nodes are, the connections opened to them, what a failover
//   closes and holds back.
// - `monitor`: the subscriptions to every Sentinel's failover events.
// - `route`: how a [`Client`] of the primary or of a replica reaches its node through the
//   locator, and the `-READONLY` rule set on the primary's connections.

mod as_redis;
mod ask;
mod config;
#[cfg(feature = "serde")]
mod config_serde;
mod locator;
mod monitor;
mod route;

pub use crate::client::read_from::ReadFrom;
pub use config::{SentinelConfig, DEFAULT_SENTINEL_PORT};

use crate::client::handle::{Client, ClientStats, CloseReport};
use crate::client::pipeline::Pipeline;
use crate::client::pubsub::Subscriber;
use crate::client::pushes::Pushes;
use crate::client::redis::Redis;
use crate::client::transaction::{Multi, Transaction};
use crate::cmd::placement::{placement, Placement};
use crate::cmd::{Command, CommandFlags, Request};
use crate::conn::handshake::Expect;
use crate::conn::reach::Reach;
use crate::error::Error;
use crate::reply::ServerHello;
use crate::resp::read::DecodeOwned;
use crate::wire::Frame;
use ask::{show, Answer};
use locator::Locator;
use route::SentinelRoute;
use std::future::Future;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A client of a primary and its replicas watched by Redis Sentinel: cheap to clone,
/// `Send + Sync`, shared by many tasks.
///
/// It asks the Sentinels for the primary of the service (each in turn, the one that
/// answered last first), checks with `ROLE` that the node they name is the primary, and
/// connects. Then it follows failovers without being told:
///
/// - it listens to every Sentinel it knows (those given and those they know of): when
///   the Sentinel leading a failover starts promoting a replica, connections to the
///   primary are closed and new commands wait (at most 5 s) for the promoted replica, so
///   no write reaches the old primary after the replica stopped copying it (the old
///   primary would drop such writes when it rejoins as a replica); `+promoted-slave` and
///   `+switch-master` name the new primary, and commands go there;
/// - a command answered `-READONLY` (the node was turned into a replica) makes it ask
///   the Sentinels again, and move;
/// - a lost connection is opened again (paced by the [`Backoff`](crate::Backoff)) to
///   wherever the Sentinels say the primary is, asking them again when the node it
///   knows cannot be reached or is not the primary.
///
/// Commands in flight when the primary changes fail with [`Error::ConnectionClosed`]
/// (they may or may not have run), unless they only read and
/// [`Config::retry_read_only`](crate::Config::retry_read_only) is on, as on a single
/// node; commands made during a failover wait for the new primary within their response
/// timeout, or fail with [`Error::Unreachable`] while no node can be reached.
///
/// [`primary`](Self::primary) is a [`Client`] that stays on the primary, with all of its
/// API (pipelines, transactions, blocking commands, Pub/Sub subscribers that subscribe
/// again on the new primary, scans, streams, pushes); [`replica`](Self::replica) one that
/// stays on a replica. [`query`](Self::query), [`query_as`](Self::query_as) and
/// [`send`](Self::send) send reads to a replica when [`SentinelConfig::read_from`] says
/// so.
///
/// ```no_run
/// # async fn demo() -> Result<(), typedis::Error> {
/// use typedis::b;
/// use typedis::sentinel::SentinelClient;
///
/// let redis = SentinelClient::connect(
///     "redis+sentinel://10.0.0.1:26379,10.0.0.2:26379,10.0.0.3:26379/orders",
/// )
/// .await?;
/// redis.query(b().set().key("order:1").value("paid")).await?;
/// let status = redis.query(b().get().key("order:1")).await?; // Option<Bytes>
///
/// // The whole Client API, on whichever node is the primary:
/// let mut events = redis.primary().subscriber().await?;
/// events.subscribe(&["orders"]).await?;
/// # let _ = status; Ok(()) }
/// ```
#[derive(Clone)]
pub struct SentinelClient {
    inner: Arc<Inner>,
}

struct Inner {
    primary: Client,
    replica: Client,
    locator: Arc<Locator>,
}

impl std::fmt::Debug for SentinelClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SentinelClient")
            .field("service", &self.inner.locator.config.service)
            .field("stats", &self.stats())
            .finish()
    }
}

/// Counters of a [`SentinelClient`], read with [`SentinelClient::stats`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct SentinelStats {
    /// Times the primary's address changed since the client connected.
    pub failovers: u64,
    /// The primary's address (`host:port`) as the client knows it.
    pub primary_addr: Option<String>,
    /// The counters of the client of the primary.
    pub primary: ClientStats,
    /// The counters of the client of the replicas.
    pub replica: ClientStats,
}

impl SentinelClient {
    /// Connects to the primary of the service a `redis+sentinel://` URL names (see
    /// [`SentinelConfig::from_url`]).
    ///
    /// # Errors
    ///
    /// [`Error::Config`] for a bad URL; [`Error::Unreachable`] when no Sentinel names the
    /// primary (none answers, none monitors the service: the text says what each did) or
    /// the node it names cannot be reached or is not the primary; the handshake's errors
    /// otherwise (a refused password, an unknown database).
    pub async fn connect(url: &str) -> Result<SentinelClient, Error> {
        SentinelClient::with_config(SentinelConfig::from_url(url)?).await
    }

    /// Connects with a full [`SentinelConfig`].
    ///
    /// # Errors
    ///
    /// As [`SentinelClient::connect`].
    pub async fn with_config(config: SentinelConfig) -> Result<SentinelClient, Error> {
        if config.sentinels.is_empty() {
            return Err(Error::Config("sentinel: no Sentinel address given".into()));
        }
        let node = config.node.clone();
        let locator = Arc::new(Locator::new(config));
        monitor::spawn(&locator, locator.known_sentinels());
        // Every Sentinel the given ones know of is listened to and asked as well: learned
        // now, or, for a client made with `lazy_connect` (which returns at once, the
        // Sentinels perhaps not up yet), in the background.
        if node.lazy_connect {
            let weak = Arc::downgrade(&locator);
            tokio::spawn(async move {
                let Some(locator) = weak.upgrade() else {
                    return;
                };
                if let Answer::Known(found) = locator.ask_sentinels().await {
                    let new = locator.learn_sentinels(found);
                    monitor::spawn(&locator, new);
                }
            });
        } else if let Answer::Known(found) = locator.ask_sentinels().await {
            let new = locator.learn_sentinels(found);
            monitor::spawn(&locator, new);
        }
        let reach = |expect| Reach::Routed(Box::new(SentinelRoute::new(locator.clone(), expect)));
        let eager = !node.lazy_connect;
        let primary = Client::start(node.clone(), reach(Expect::Primary), eager).await?;
        let replica = Client::start(node, reach(Expect::Replica), false).await?;
        Ok(SentinelClient {
            inner: Arc::new(Inner {
                primary,
                replica,
                locator,
            }),
        })
    }

    /// The configuration this client was made with.
    pub fn config(&self) -> &SentinelConfig {
        &self.inner.locator.config
    }

    /// The client of the primary: it follows failovers, and has all of [`Client`]'s API.
    pub fn primary(&self) -> &Client {
        &self.inner.primary
    }

    /// The client of a replica the Sentinels list as in sync (chosen in turn at each
    /// connection, the primary never): for reads that may lag behind the primary. It
    /// connects with its first command, and fails with [`Error::Unreachable`] while no
    /// replica is available.
    pub fn replica(&self) -> &Client {
        &self.inner.replica
    }

    /// The primary's address (`host:port`) as the client knows it.
    pub fn primary_addr(&self) -> Option<String> {
        self.inner.locator.primary().as_ref().map(show)
    }

    /// Closes the client as [`Client::close`] does, for the primary's and the replicas'
    /// clients at once: no more commands, up to `within` for the replies still awaited,
    /// then every connection closed (dedicated ones and subscribers too) and what was cut
    /// reported, added up. The Sentinels' connections close too (the client no longer
    /// listens for failovers).
    ///
    /// ```no_run
    /// # async fn demo(client: typedis::SentinelClient) {
    /// let report = client.close(std::time::Duration::from_secs(5)).await;
    /// assert_eq!(report.cut, 0, "everything in flight was answered");
    /// # }
    /// ```
    pub async fn close(&self, within: Duration) -> CloseReport {
        let nodes = [&self.inner.primary, &self.inner.replica];
        for node in nodes {
            node.stop_taking();
        }
        let deadline = Instant::now() + within;
        tokio::join!(nodes[0].drain(deadline), nodes[1].drain(deadline));
        let mut report = nodes
            .iter()
            .map(|c| c.cut())
            .fold(CloseReport::default(), CloseReport::add);
        // The client's own questions to the Sentinels are no command of the caller's:
        // cutting them is not reported.
        for sentinel in self.inner.locator.stop() {
            sentinel.stop_taking();
            report.connections += sentinel.cut().connections;
        }
        report
    }

    /// Current counters.
    pub fn stats(&self) -> SentinelStats {
        SentinelStats {
            failovers: self.inner.locator.failovers.load(Ordering::Relaxed),
            primary_addr: self.primary_addr(),
            primary: self.inner.primary.stats(),
            replica: self.inner.replica.stats(),
        }
    }

    /// Sends a command and reads its reply as the type the command declares (see
    /// [`Client::query`]): to the primary, or, when it only reads and
    /// [`ReadFrom::PreferReplica`] is set, to a replica.
    ///
    /// # Errors
    ///
    /// As [`Client::query`].
    pub fn query<'a, R: Request + 'a>(
        &'a self,
        request: R,
    ) -> impl Future<Output = Result<R::Reply, Error>> + Send + 'a {
        Redis::query(self, request)
    }

    /// The same client, whose commands wait at most `timeout` each in place of the
    /// response timeout (see [`Timed`](crate::Timed)).
    pub fn with_timeout(
        &self,
        timeout: Duration,
    ) -> crate::client::timed::Timed<'_, SentinelClient> {
        crate::client::timed::Timed::new(self, timeout)
    }

    /// Sends a command and reads its reply as an owned `T` of your choice.
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

    /// Sends a command and returns its reply frame (see [`Client::send`]). A read sent
    /// to a replica goes to the primary instead while no replica is connected, and again
    /// to the primary when the replica cannot serve it (`LOADING`, `MASTERDOWN`).
    ///
    /// # Errors
    ///
    /// As [`Client::send`].
    pub async fn send(&self, request: impl Request) -> Result<Frame, Error> {
        let command = request.into_command();
        if self.to_replica(&command) {
            return Box::pin(self.send_to_replica(command)).await;
        }
        self.inner.primary.send(command).await
    }

    fn to_replica(&self, command: &Command) -> bool {
        let policy = &self.inner.locator.config.read_from;
        if !(policy.reads_replicas()
            && command.flags().contains(CommandFlags::READONLY)
            && placement(command) == Placement::Shared)
        {
            return false;
        }
        // The primary before a replica outside the zone, when the primary is in it.
        if let ReadFrom::AzAffinityReplicasAndPrimary(zone) = policy {
            let zone_of = |c: &Client| c.server().and_then(|h| h.availability_zone.clone());
            let replica = &self.inner.replica;
            let replica_here =
                replica.connected_or_dial() && zone_of(replica).as_deref() == Some(zone.as_str());
            let primary_here = zone_of(&self.inner.primary).as_deref() == Some(zone.as_str());
            return replica_here || !primary_here;
        }
        true
    }

    async fn send_to_replica(&self, command: Command) -> Result<Frame, Error> {
        let replica = &self.inner.replica;
        if !replica.connected_or_dial() {
            return self.inner.primary.send(command).await;
        }
        let frame = match replica.send(command.clone()).await {
            Err(Error::Unreachable(_) | Error::Credentials(_)) => {
                return self.inner.primary.send(command).await
            }
            other => other?,
        };
        let unready = frame.is_error()
            && [&b"-LOADING"[..], b"-MASTERDOWN", b"-READONLY"]
                .iter()
                .any(|code| frame.as_bytes().starts_with(code));
        if unready {
            return self.inner.primary.send(command).await;
        }
        Ok(frame)
    }

    /// Starts a pipeline on the primary (see [`Client::pipeline`]).
    pub fn pipeline<T>(&self) -> Pipeline<Vec<T>, Client> {
        self.inner.primary.pipeline()
    }

    /// Starts a transaction on the primary (see [`Client::transaction`]).
    ///
    /// # Errors
    ///
    /// As [`Client::transaction`].
    pub async fn transaction(&self) -> Result<Transaction, Error> {
        self.inner.primary.transaction().await
    }

    /// What the primary said of itself when its current connection opened (see
    /// [`Client::server`]).
    pub fn server(&self) -> Option<Arc<ServerHello>> {
        self.inner.primary.server()
    }

    /// Starts a transaction without `WATCH` on the primary's shared connection (see
    /// [`Client::multi`]).
    pub fn multi<T>(&self) -> Multi<Vec<T>> {
        self.inner.primary.multi()
    }

    /// A Pub/Sub subscriber on the primary that subscribes again on the new primary after
    /// a failover (see [`Client::subscriber`]).
    ///
    /// # Errors
    ///
    /// As [`Client::subscriber`].
    pub async fn subscriber(&self) -> Result<Subscriber, Error> {
        self.inner.primary.subscriber().await
    }

    /// The RESP3 pushes of the primary's shared connection (see [`Client::pushes`]).
    pub fn pushes(&self) -> Pushes {
        self.inner.primary.pushes()
    }
}
