//! [`ClusterClient::scan`]: `SCAN` over every primary in turn, and `HSCAN`, `SSCAN`,
//! `ZSCAN` on the node of their key, each page on the node that made the cursor.

use super::node::Failure;
use super::redirect::redirect;
use super::route::is_read_only;
use super::topology::NodeAddr;
use super::ClusterClient;
use crate::cmd::{Command, Request, Slot};
use crate::error::{ClusterErrorKind, Error};
use crate::read::DecodeOwned;
use crate::reply::ScanPage;
use crate::resp::Frame;
use crate::scan::{PageFuture, Pages, Scan};
use crate::sync;
use std::collections::VecDeque;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};

impl ClusterClient {
    /// The items of a scan across the cluster, as a stream that follows the cursor to the
    /// end (see [`Scan`] for what it yields and guarantees).
    ///
    /// - A keyless `SCAN` goes over every primary in turn, each one from cursor 0 (the
    ///   cursor given is not used: a cursor belongs to one node), with the given `MATCH`,
    ///   `COUNT` and `TYPE`: every key of the cluster, each from the node that holds it.
    /// - `HSCAN`, `SSCAN` and `ZSCAN` go to the node of their key, as any command does
    ///   (a replica, as [`ReadFrom`](crate::ReadFrom) says), and every page goes to that same
    ///   node, since a cursor means nothing to another. A page that node can no longer
    ///   serve (the slot moved, the node failed) is routed afresh, redirects followed,
    ///   with the same cursor: if the key changed hands during the scan, items may be
    ///   missed or repeated.
    ///
    /// The primaries are those of the slot map when the scan is made; a node that stays
    /// unreachable ends the stream with its error.
    ///
    /// ```no_run
    /// # async fn demo(cluster: typedis::ClusterClient) -> Result<(), typedis::Error> {
    /// use futures_util::TryStreamExt;
    /// use typedis::b;
    /// use typedis::reply::Bytes;
    ///
    /// let keys: Vec<Bytes> = cluster
    ///     .scan(b().scan().cursor(0).r#match("session:*").count(1000))
    ///     .try_collect()
    ///     .await?;
    /// let mut fields = cluster.scan(b().hscan().key("user:1").cursor(0));
    /// while let Some(pair) = fields.next().await {
    ///     let (field, value) = pair?;
    ///     println!("{field:?} = {value:?}");
    /// }
    /// # let _ = keys; Ok(()) }
    /// ```
    ///
    /// Nothing is sent until the stream is polled; its items carry the errors:
    /// [`Error::Cluster`] when the slot map names no primary, or the command's keys are in
    /// different slots; otherwise as [`ClusterClient::query`].
    pub fn scan<R, T>(&self, first_page: R) -> Scan<T>
    where
        R: Request<Reply = ScanPage<T>>,
        T: DecodeOwned,
    {
        let mut command = first_page.into_command();
        match command.slot() {
            Slot::One(slot) => {
                let replica =
                    self.inner.config.read_from.reads_replicas() && is_read_only(&command);
                let pages = KeyNode {
                    cluster: self.clone(),
                    slot,
                    node: self.pick(Some(slot), replica),
                };
                Scan::new(Box::new(pages), command)
            }
            Slot::None => {
                let primaries: VecDeque<NodeAddr> = self.inner.read_topology().primaries().into();
                // A client made with `lazy_connect` may not know its primaries yet: the
                // first page waits for the slot map.
                let started = self.inner.discovered.load(Ordering::Acquire);
                if primaries.is_empty() && started {
                    return Scan::failed(command, no_primary());
                }
                // A cursor is one node's: each node is scanned from the start. A command
                // without a cursor is left as it is, for the scan to report.
                command.set_cursor(0);
                let pages = EveryPrimary {
                    cluster: self.clone(),
                    servers: Arc::new(Mutex::new((!primaries.is_empty()).then_some(primaries))),
                };
                Scan::new(Box::new(pages), command)
            }
            Slot::Cross => {
                let error = Error::cluster(
                    ClusterErrorKind::CrossSlot,
                    format!(
                        "{} has keys in different hash slots: a scan runs on one node",
                        command.name()
                    ),
                );
                Scan::failed(command, error)
            }
        }
    }

    /// One page of a keyed scan: on `node` (and `replica`: whether it is one), the node of
    /// the first page, when it can still serve it; routed as any command otherwise.
    async fn scan_page(
        &self,
        command: &Command,
        slot: u16,
        node: Option<&(NodeAddr, bool)>,
    ) -> Result<Frame, Error> {
        if let Some((addr, replica)) = node {
            match self.attempt(addr, command, false, *replica).await {
                Ok(frame) if redirect(&frame, addr).is_none() => return Ok(frame),
                // A redirect or a refusal (the slot moved, the node is loading or failed
                // over), or a node that cannot be reached: routing finds where to go.
                Ok(_) | Err(Failure::NotSent(_)) => {}
                // A read is safe to send again.
                Err(Failure::Sent(Error::ConnectionClosed(_) | Error::Io(_))) => {}
                Err(Failure::Sent(e)) => return Err(e),
            }
        }
        self.routed(command, Some(slot)).await
    }
}

/// The pages of a keyed scan, on the node its first page went to.
struct KeyNode {
    cluster: ClusterClient,
    slot: u16,
    /// The node picked for the scan, and whether it is a replica; `None` when the slot
    /// map did not know the slot yet (each page is then routed).
    node: Option<(NodeAddr, bool)>,
}

impl Pages for KeyNode {
    fn fetch(&mut self, command: Command) -> PageFuture {
        let cluster = self.cluster.clone();
        let (slot, node) = (self.slot, self.node.clone());
        Box::pin(async move { cluster.scan_page(&command, slot, node.as_ref()).await })
    }
}

/// The pages of a keyless scan: every primary's, one primary after the other.
struct EveryPrimary {
    cluster: ClusterClient,
    /// The primary being scanned first, then the others; `None` until the slot map is
    /// known (a client made with `lazy_connect`), read by the first page.
    servers: Arc<Mutex<Option<VecDeque<NodeAddr>>>>,
}

impl Pages for EveryPrimary {
    fn fetch(&mut self, command: Command) -> PageFuture {
        let cluster = self.cluster.clone();
        let servers = self.servers.clone();
        Box::pin(async move {
            let current = sync::lock(&servers)
                .as_ref()
                .and_then(|s| s.front().cloned());
            let addr = match current {
                Some(addr) => addr,
                None => {
                    cluster.ready(cluster.deadline()).await?;
                    let primaries: VecDeque<NodeAddr> =
                        cluster.inner.read_topology().primaries().into();
                    let first = primaries.front().cloned().ok_or_else(no_primary)?;
                    *sync::lock(&servers) = Some(primaries);
                    first
                }
            };
            cluster.on_node(&addr, &command).await
        })
    }

    fn next_server(&mut self) -> bool {
        let mut servers = sync::lock(&self.servers);
        let Some(servers) = servers.as_mut() else {
            return false;
        };
        servers.pop_front();
        !servers.is_empty()
    }
}

#[cold]
fn no_primary() -> Error {
    Error::cluster(
        ClusterErrorKind::NoNode,
        "the slot map names no primary to scan",
    )
}
