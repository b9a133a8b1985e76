//! Reading the slot map again: asked for by redirects to nodes the map does not know,
//! connection failures and a periodic timer, but run one at a time and at most once per
//! `min_refresh_interval`, so a topology change that redirects thousands of commands
//! causes a handful of refreshes, not thousands. Several nodes are asked at once (those
//! the client is connected to first) and the first complete answer wins, so one dead or
//! frozen node does not slow discovery down.
use super::topology::{parse_shards, parse_slots, split_addr, NodeAddr, Topology};
use super::ClusterClient;
use crate::cmd::cmd;
use crate::conn::Addr;
use crate::error::{ClusterErrorKind, Error};
use crate::resp::value::Value;
use crate::support::futures::Unordered;
use crate::support::sync;
use crate::support::trace;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// Most nodes asked at once for the slot map.
const MAX_ASKED: usize = 6;

/// How long to wait for more answers after the first complete slot map.
const GRACE: Duration = Duration::from_millis(50);

/// Single-flight and rate limit of refreshes.
pub(crate) struct Gate {
    running: AtomicBool,
    last: Mutex<Option<Instant>>,
    /// Counts finished refreshes; waiters watch it change.
    done: watch::Sender<u64>,
    pub(crate) count: AtomicU64,
    /// Why the last refresh failed, when it did (what a lazy client's first commands read
    /// when the cluster cannot be discovered in time).
    pub(crate) last_error: Mutex<Option<Arc<Error>>>,
}

impl Gate {
    pub(crate) fn new() -> Gate {
        Gate {
            running: AtomicBool::new(false),
            last: Mutex::new(None),
            done: watch::channel(0).0,
            count: AtomicU64::new(0),
            last_error: Mutex::new(None),
        }
    }
}

impl ClusterClient {
    /// Starts a refresh in the background unless one is running already.
    pub(crate) fn refresh_soon(&self) {
        let gate = &self.inner.refresh;
        if gate.running.swap(true, Ordering::AcqRel) {
            return;
        }
        let this = self.clone();
        tokio::spawn(async move {
            let gate = &this.inner.refresh;
            let last = *sync::lock(&gate.last);
            if let Some(last) = last {
                let next = last + this.inner.config.min_refresh_interval;
                tokio::time::sleep_until(next.into()).await;
            }
            let failed = match this.discover().await {
                Ok(topology) => {
                    this.install(topology);
                    None
                }
                Err(e) => {
                    trace::debug!(error = %e, "cluster topology refresh failed");
                    Some(Arc::new(e))
                }
            };
            *sync::lock(&gate.last_error) = failed;
            *sync::lock(&gate.last) = Some(Instant::now());
            gate.count.fetch_add(1, Ordering::Relaxed);
            gate.running.store(false, Ordering::Release);
            gate.done.send_modify(|n| *n += 1);
        });
    }

    /// Starts a refresh (or joins the running one) and waits for it to finish, at most
    /// `limit`.
    pub(crate) async fn refresh_and_wait(&self, limit: Duration) {
        let mut rx = self.inner.refresh.done.subscribe();
        let seen = *rx.borrow_and_update();
        self.refresh_soon();
        // Boxed: the timer and the wait are hundreds of bytes that every command's future
        // would carry for a wait only a failing command makes.
        let _ = Box::pin(tokio::time::timeout(limit, rx.wait_for(|n| *n > seen))).await;
    }

    /// Reads the slot map from the cluster: from the known primaries first, then from
    /// the other nodes and the seeds if no primary answers with a complete map. When nodes
    /// disagree (a change still spreading), the view most of them share wins.
    pub(crate) async fn discover(&self) -> Result<Topology, Error> {
        let (primaries, mut others) = {
            let topology = self.inner.read_topology();
            let primaries = topology.primaries();
            let mut others = topology.nodes();
            others.drain(..primaries.len());
            (primaries, others)
        };
        let mut listed: HashSet<NodeAddr> = primaries.iter().cloned().collect();
        others.retain(|a| !listed.contains(a));
        listed.extend(others.iter().cloned());
        for seed in &self.inner.config.seeds {
            if let Addr::Tcp { host, port } = seed {
                let addr: NodeAddr = format!("{host}:{port}").into();
                if listed.insert(addr.clone()) {
                    others.push(addr);
                }
            }
        }
        // Spread the load of refreshes over the nodes.
        let offset = self.inner.refresh.count.load(Ordering::Relaxed) as usize;
        if !others.is_empty() {
            let len = others.len();
            others.rotate_left(offset % len);
        }
        let primaries = self.connected_first(primaries, offset);
        let mut partial = None;
        let mut last_error = None;
        for wave in [primaries, others] {
            if wave.is_empty() {
                continue;
            }
            let (maps, error) = self.ask_wave(wave).await;
            last_error = error.or(last_error);
            let (complete, incomplete): (Vec<Topology>, Vec<Topology>) =
                maps.into_iter().partition(Topology::is_complete);
            if let Some(best) = most_shared(complete) {
                return Ok(best);
            }
            partial = partial.or(incomplete.into_iter().next());
        }
        match (partial, last_error) {
            (Some(t), _) => Ok(t),
            (None, Some(e)) => Err(e),
            (None, None) => Err(Error::cluster(
                ClusterErrorKind::NoNode,
                "no seed node to discover the cluster from",
            )),
        }
    }

    /// `primaries` with the ones this client is connected to first, each group turned by
    /// `offset`: a refresh asks nodes it already has a connection to, and opens new ones
    /// only while it has fewer than [`MAX_ASKED`] (in a cluster of hundreds of nodes,
    /// asking whichever primaries the reply listed first would connect to a few more on
    /// every refresh, until the client held a connection to every node).
    fn connected_first(&self, primaries: Vec<NodeAddr>, offset: usize) -> Vec<NodeAddr> {
        let (mut connected, mut other): (Vec<NodeAddr>, Vec<NodeAddr>) = {
            let nodes = self.inner.lock_nodes();
            primaries.into_iter().partition(|a| nodes.contains_key(a))
        };
        for group in [&mut connected, &mut other] {
            if !group.is_empty() {
                let len = group.len();
                group.rotate_left(offset % len);
            }
        }
        connected.append(&mut other);
        connected
    }

    /// Asks up to [`MAX_ASKED`] nodes at once; after the first complete answer, waits a
    /// moment for the others, so a disagreement can be seen.
    async fn ask_wave(&self, wave: Vec<NodeAddr>) -> (Vec<Topology>, Option<Error>) {
        let mut asking = Unordered::new(
            wave.into_iter()
                .take(MAX_ASKED)
                .map(|addr| self.ask_topology(addr)),
        );
        let mut maps = Vec::new();
        let mut error = None;
        let mut deadline: Option<tokio::time::Instant> = None;
        loop {
            let next = match deadline {
                Some(d) => match tokio::time::timeout_at(d, asking.next()).await {
                    Ok(next) => next,
                    Err(_) => break,
                },
                None => asking.next().await,
            };
            match next.map(|(_, answer)| answer) {
                None => break,
                Some(Ok(t)) => {
                    if t.is_complete() && deadline.is_none() {
                        deadline = Some(tokio::time::Instant::now() + GRACE);
                    }
                    maps.push(t);
                }
                Some(Err(e)) => error = Some(e),
            }
        }
        (maps, error)
    }

    /// Asks one node for the slot map (`CLUSTER SHARDS`, or `CLUSTER SLOTS` on servers
    /// before 7.0), within the connect timeout. A `CLUSTER SHARDS` answer that leaves
    /// slots unserved is checked against `CLUSTER SLOTS`: right after a failover a node
    /// may list the promoted replica's shard with no slots while `CLUSTER SLOTS` already
    /// has it. Of the two, the one that serves more slots is kept.
    async fn ask_topology(&self, addr: NodeAddr) -> Result<Topology, Error> {
        let limit = self.inner.config.node.connect_timeout;
        let host = split_addr(&addr).map_or("", |(h, _)| h).to_owned();
        let run = async {
            let node = self.node(&addr).await?;
            let not_understood = || {
                Error::cluster(
                    ClusterErrorKind::BadReply,
                    format!("{addr} described the cluster in a form not understood"),
                )
            };
            let shards = node
                .client
                .send(cmd("CLUSTER").arg("SHARDS").build())
                .await?;
            let from_shards = if shards.is_error() {
                None
            } else {
                Some(parse_shards(&shards.decode::<Value>()?, &host).ok_or_else(not_understood)?)
            };
            match from_shards {
                Some(t) if t.is_complete() => return Ok(t),
                _ => {}
            }
            let slots = node
                .client
                .send(cmd("CLUSTER").arg("SLOTS").build())
                .await?;
            let from_slots = parse_slots(&slots.decode::<Value>()?, &host);
            match (from_shards, from_slots) {
                (Some(shards), Some(slots)) if slots.served() > shards.served() => Ok(slots),
                (Some(shards), _) => Ok(shards),
                (None, Some(slots)) => Ok(slots),
                (None, None) => Err(not_understood()),
            }
        };
        tokio::time::timeout(limit, run)
            .await
            .unwrap_or(Err(Error::Timeout(limit)))
    }

    /// Replaces the slot map and closes the connections of nodes that left it.
    pub(crate) fn install(&self, mut topology: Topology) {
        let mut current = sync::write(&self.inner.topology);
        topology.fill_from(&current);
        let known = topology.addresses();
        self.inner
            .lock_nodes()
            .retain(|addr, _| known.contains(&**addr));
        drop(known);
        *current = topology;
    }
}

/// The map most of `maps` agree on (the first of the largest group).
fn most_shared(maps: Vec<Topology>) -> Option<Topology> {
    let votes: Vec<usize> = maps
        .iter()
        .map(|m| maps.iter().filter(|o| o.same_routes(m)).count())
        .collect();
    let best = votes
        .iter()
        .enumerate()
        .max_by_key(|&(i, v)| (*v, usize::MAX - i))?
        .0;
    maps.into_iter().nth(best)
}

/// Asks for a refresh every `every` while the client lives.
pub(crate) fn periodic(inner: Weak<super::Inner>, every: Duration) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval_at((Instant::now() + every).into(), every);
        loop {
            tick.tick().await;
            match inner.upgrade() {
                Some(inner) if !inner.is_closing() => ClusterClient { inner }.refresh_soon(),
                _ => return,
            }
        }
    });
}
