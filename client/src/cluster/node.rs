//! The connection pool of a cluster client: one [`Client`] per node (each one multiplexed
//! connection plus its dedicated ones), opened on first use, and one attempt of a command
//! on one node, with `ASKING` or `READONLY` written just before it on the same connection.

use super::topology::{split_addr, NodeAddr};
use super::ClusterClient;
use crate::client::handle::Client;
use crate::cmd::placement::{placement, BlockTime, Placement};
use crate::cmd::Command;
use crate::conn::mux::{reply, reply_timed, Submission};
use crate::conn::Config;
use crate::error::{ClusterErrorKind, Error, LastFailure};
use crate::support::sync;
use crate::wire;
use crate::wire::write::encode;
use crate::wire::Frame;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// One node's client, and whether its multiplexed connection is in `READONLY` mode.
#[derive(Clone)]
pub(crate) struct Node {
    pub(crate) client: Client,
    /// The client's reconnect count plus one when `READONLY` was last sent (0: never):
    /// a reconnection opens a connection that is not in `READONLY` mode.
    readonly_at: Arc<AtomicU64>,
}

impl Node {
    fn needs_readonly(&self) -> bool {
        self.readonly_at.load(Ordering::Relaxed) != self.client.stats().reconnects + 1
    }
}

/// How an attempt failed.
pub(crate) enum Failure {
    /// Nothing was sent: the node could not be reached. Safe to retry elsewhere.
    NotSent(Error),
    /// The command was sent and may have run.
    Sent(Error),
}

impl ClusterClient {
    /// The client of the node at `addr`, connecting first if there is none yet. Callers
    /// that need the node while its connection is being opened wait for that one (and
    /// share its outcome) rather than each open one of their own: thousands of tasks
    /// starting at once on a new client open one connection per node, not one per task.
    pub(crate) async fn node(&self, addr: &NodeAddr) -> Result<Node, Error> {
        if let Some(node) = self.inner.lock_nodes().get(addr) {
            return Ok(node.clone());
        }
        // Boxed: opening a connection (the handshake's state) is a future of kilobytes,
        // which would otherwise be part of every command's future, and of every task
        // that awaits one.
        Box::pin(self.open_node(addr)).await
    }

    /// [`node`](Self::node) for a node not connected yet.
    async fn open_node(&self, addr: &NodeAddr) -> Result<Node, Error> {
        self.refuse_if_closed()?;
        let (host, port) = split_addr(addr).ok_or_else(|| {
            Error::cluster(
                ClusterErrorKind::BadAddress,
                format!("bad node address {addr:?}"),
            )
        })?;
        let dial = {
            let mut dialing = sync::lock(&self.inner.dialing);
            // Connected meanwhile (the dial that did it has left `dialing`).
            if let Some(node) = self.inner.lock_nodes().get(addr) {
                return Ok(node.clone());
            }
            dialing
                .entry(addr.clone())
                .or_insert_with(|| {
                    let config = self.inner.config.for_node(host, port);
                    dial(config)
                })
                .clone()
        };
        let outcome = dial.outcome().await;
        // Listed before the dial leaves `dialing`, so that a caller coming in between finds
        // the one or the other. Another task may have listed it already: the same client.
        let listed = outcome.map(|node| {
            let mut nodes = self.inner.lock_nodes();
            // Under the lock `close` takes to list the nodes: it sees this one, or this
            // sees it.
            self.refuse_if_closed()?;
            Ok(nodes.entry(addr.clone()).or_insert(node).clone())
        });
        {
            let mut dialing = sync::lock(&self.inner.dialing);
            if dialing.get(addr).is_some_and(|d| Arc::ptr_eq(d, &dial)) {
                dialing.remove(addr);
            }
        }
        drop(dial);
        listed.unwrap_or_else(|e| Err(node_error(e, addr)))
    }

    /// Sends `command` once to the node at `addr`; `asking` writes `ASKING` first and
    /// `replica` puts the connection in `READONLY` mode first when it is not yet.
    pub(crate) async fn attempt(
        &self,
        addr: &NodeAddr,
        command: &Command,
        asking: bool,
        replica: bool,
    ) -> Result<Frame, Failure> {
        let node = self.node(addr).await.map_err(Failure::NotSent)?;
        let client = &node.client;
        if let Placement::Waits(_) = placement(command) {
            // On the node's shared connection, behind the writes sent there, as the
            // node's client places it (boxed: a rare path).
            return Box::pin(client.send(command.clone()))
                .await
                .map_err(Failure::Sent);
        }
        if let Placement::Dedicated(time) = placement(command) {
            // Boxed, both: the blocking paths' futures (a dedicated connection, a timer)
            // would otherwise be part of every command's future.
            if !asking {
                return Box::pin(client.send(command.clone()))
                    .await
                    .map_err(Failure::Sent);
            }
            return Box::pin(asking_blocking(client, command, time)).await;
        }
        let readonly = replica && node.needs_readonly();
        if client.cache().is_some() && !replica && !asking {
            // Through the node's client-side cache: a hit is answered there, a miss is
            // cached, a write drops its keys.
            // Boxed, as the cache's own paths are: the cache is opt-in, and its future
            // would otherwise be part of every command's.
            return Box::pin(client.send(command.clone()))
                .await
                .map_err(failure);
        }
        if !readonly && !asking && client.is_big(command) {
            // On a dedicated connection of the node, as the node's client places a big
            // command (`Config::big_request_bytes`, `big_reply_bytes`; boxed: a rare path).
            return Box::pin(client.send(command.clone()))
                .await
                .map_err(failure);
        }
        let deadline = client.deadline();
        if !readonly && !asking {
            let (request, rx) = Submission::one(command.clone(), deadline);
            client.submit(request).await.map_err(Failure::NotSent)?;
            let result = reply_timed(rx).await;
            client.note_reply(command, &result);
            return result.map_err(Failure::Sent);
        }
        let reconnects = client.stats().reconnects;
        #[allow(clippy::disallowed_methods, reason = "the client's own command")]
        let mut bytes = Vec::with_capacity(command.as_bytes().len() + 40);
        if readonly {
            wire::write::command(&mut bytes, &[b"READONLY"]);
        }
        if asking {
            wire::write::command(&mut bytes, &[b"ASKING"]);
        }
        bytes.extend_from_slice(command.as_bytes());
        let n = 1 + usize::from(readonly) + usize::from(asking);
        let (request, rx) = Submission::many(bytes, n, deadline);
        client.submit(request).await.map_err(Failure::NotSent)?;
        let mut frames = reply_timed(rx).await.map_err(Failure::Sent)?;
        if readonly && !frames[0].is_error() {
            node.readonly_at.store(reconnects + 1, Ordering::Relaxed);
        }
        frames
            .pop()
            .ok_or_else(|| Failure::Sent(Error::lost("no reply")))
    }
}

/// What a node client's error says of its command: not sent (the caller may try it
/// elsewhere) or sent.
pub(super) fn failure(e: Error) -> Failure {
    match e {
        Error::Unreachable(_) | Error::Credentials(_) => Failure::NotSent(e),
        Error::ConnectionClosed(c) if !c.was_sent() => Failure::NotSent(Error::ConnectionClosed(c)),
        e => Failure::Sent(e),
    }
}

/// A node's connection being opened, awaited by every caller that needs it meanwhile:
/// the first one opens it and the others wait for its outcome. If that caller is
/// cancelled, the next one waiting opens it instead.
pub(crate) struct Dial {
    config: Config,
    outcome: tokio::sync::OnceCell<Result<Node, Arc<Error>>>,
}

impl Dial {
    /// The node's client, once open, or why it could not be opened.
    async fn outcome(&self) -> Result<Node, Arc<Error>> {
        self.outcome
            .get_or_init(|| async {
                let client = Client::with_config(self.config.clone())
                    .await
                    .map_err(Arc::new)?;
                Ok(Node {
                    client,
                    readonly_at: Arc::new(AtomicU64::new(0)),
                })
            })
            .await
            .clone()
    }
}

/// A dial of the node `config` names, not started until awaited.
fn dial(config: Config) -> Arc<Dial> {
    Arc::new(Dial {
        config,
        outcome: tokio::sync::OnceCell::new(),
    })
}

/// The error of a dial of the node at `addr`, for one of the callers that waited for it:
/// a timeout and a refusal keep their type (the caller alone with a refusal gets it as
/// it is), anything else is [`Error::Unreachable`] at `addr` with the dial's error as its
/// cause (`error::LastFailure`).
fn node_error(e: Arc<Error>, addr: &str) -> Error {
    match &*e {
        Error::Timeout(limit) => return Error::Timeout(*limit),
        Error::Cluster(c) => return Error::Cluster(c.clone()),
        _ => {}
    }
    let refusal = matches!(
        &*e,
        Error::Credentials(_) | Error::Server(_) | Error::Config(_)
    );
    match Arc::try_unwrap(e) {
        Ok(e) if refusal => e,
        Ok(e) => LastFailure::new(e, Some(addr.to_owned())).error(1),
        Err(shared) => LastFailure::shared(shared, Some(addr.to_owned())).error(1),
    }
}

/// `ASKING` and a blocking command on one dedicated connection, within the command's own
/// block time plus the margin.
async fn asking_blocking(
    client: &Client,
    command: &Command,
    time: BlockTime,
) -> Result<Frame, Failure> {
    let config = client.config();
    let own = crate::conn::timeout::response_timeout(None);
    let limit = time.limit_within(config.blocking_margin, config.response_timeout, own);
    let run = async {
        let deadline = limit.map(|l| Instant::now() + l);
        let mut lease = client.lease(deadline).await.map_err(Failure::NotSent)?;
        let mut bytes = encode(&[b"ASKING"]);
        bytes.extend_from_slice(command.as_bytes());
        // Untimed on the connection: the command's own block time (above) is the limit.
        let (request, rx) = Submission::many(bytes, 2, None);
        lease.conn().submit(request);
        let mut frames = reply(rx).await.map_err(Failure::Sent)?;
        lease.release();
        frames
            .pop()
            .ok_or_else(|| Failure::Sent(Error::lost("no reply")))
    };
    match limit {
        Some(limit) => tokio::time::timeout(limit, run)
            .await
            .unwrap_or(Err(Failure::Sent(Error::Timeout(limit)))),
        None => run.await,
    }
}
