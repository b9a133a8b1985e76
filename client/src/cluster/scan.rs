//! [`ClusterClient::scan`]: the keyspace on `CLUSTERSCAN` where the nodes have it, on
//! `SCAN` over every primary in turn otherwise, and `HSCAN`, `SSCAN`, `ZSCAN` on the node
//! of their key, each page on the node that made the cursor.

use super::node::Failure;
use super::redirect::redirect;
use super::route::is_read_only;
use super::topology::NodeAddr;
use super::ClusterClient;
use crate::client::scan::{advance_numeric, PageFuture, Pages, Scan};
use crate::cmd::{cmd, Command, Request, Slot};
use crate::error::{ClusterErrorKind, Error};
use crate::reply::ScanPage;
use crate::resp::read::DecodeOwned;
use crate::support::sync;
use crate::wire::Frame;
use crate::wire::Reader;
use bytes::Bytes;
use std::collections::VecDeque;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};

impl ClusterClient {
    /// The items of a scan across the cluster, as a stream that follows the cursor to the
    /// end (see [`Scan`] for what it yields and guarantees).
    ///
    /// - A keyless `SCAN` walks the whole keyspace from the start (the cursor given is not
    ///   used), with the given `MATCH`, `COUNT` and `TYPE`:
    ///   - where the nodes have `CLUSTERSCAN` (Valkey 9.1 and later), on it: one slot
    ///     after the other across the cluster, each page on the node that serves the
    ///     cursor's slot, a `MOVED` followed with the same cursor. A slot that moves during
    ///     the scan is followed: every key present for the whole scan is returned;
    ///   - elsewhere, or when the user may not run `CLUSTERSCAN` (the first page's is
    ///     refused as an unknown command or with `NOPERM`), on every primary's `SCAN` in
    ///     turn, each from cursor 0. The keys of a slot that moves to a primary already
    ///     scanned may be missed.
    /// - `HSCAN`, `SSCAN` and `ZSCAN` go to the node of their key, as any command does
    ///   (a replica, as [`ReadFrom`](crate::ReadFrom) says), and every page goes to that same
    ///   node, since a cursor means nothing to another. A page that node can no longer
    ///   serve (the slot moved, the node failed) is routed afresh, redirects followed,
    ///   with the same cursor: if the key changed hands during the scan, items may be
    ///   missed or repeated.
    ///
    /// The primaries of a walk on `SCAN` are those of the slot map when the scan is made.
    /// A node that stays unreachable ends the stream with its error.
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
        self.scan_command(first_page.into_command())
    }

    /// [`scan`](Self::scan) of the first page's command.
    pub(crate) fn scan_command<T: DecodeOwned>(&self, mut command: Command) -> Scan<T> {
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
                let pages = Keyspace::new(self.clone(), &command, primaries);
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

/// The pages of a keyless scan: `CLUSTERSCAN` across the cluster where the nodes have it,
/// every primary's `SCAN` one primary after the other otherwise.
struct Keyspace {
    cluster: ClusterClient,
    /// How the scan walks, decided by its first page.
    walk: Arc<Mutex<Walk>>,
}

/// How a keyless cluster scan walks the keyspace.
enum Walk {
    /// The first page tries `CLUSTERSCAN`.
    Undecided,
    /// `CLUSTERSCAN`, continuing from this cursor (its hash tag names the slot it is in,
    /// so it is routed as a key; a `MOVED` is followed with the same cursor).
    ClusterScan(Bytes),
    /// `SCAN` on each primary in turn: the one being scanned first, then the others;
    /// `None` until the slot map is known (a client made with `lazy_connect`).
    EachPrimary(Option<VecDeque<NodeAddr>>),
}

impl Keyspace {
    fn new(cluster: ClusterClient, scan: &Command, primaries: VecDeque<NodeAddr>) -> Keyspace {
        let walk = if scan.name().eq_ignore_ascii_case("SCAN") {
            Walk::Undecided
        } else {
            Walk::EachPrimary((!primaries.is_empty()).then_some(primaries))
        };
        Keyspace {
            cluster,
            walk: Arc::new(Mutex::new(walk)),
        }
    }
}

impl Pages for Keyspace {
    fn fetch(&mut self, command: Command) -> PageFuture {
        let cluster = self.cluster.clone();
        let walk = self.walk.clone();
        let cursor = match &*sync::lock(&walk) {
            Walk::Undecided => Some(Bytes::from_static(b"0")),
            Walk::ClusterScan(cursor) => Some(cursor.clone()),
            Walk::EachPrimary(_) => None,
        };
        Box::pin(async move {
            if let Some(cursor) = cursor {
                let page = cluster_scan(&command, &cursor);
                let slot = match page.slot() {
                    Slot::One(slot) => Some(slot),
                    _ => None,
                };
                let frame = cluster.routed(&page, slot).await?;
                let mut walk = sync::lock(&walk);
                if !matches!(*walk, Walk::Undecided) || !lacks_cluster_scan(&frame) {
                    *walk = Walk::ClusterScan(cursor);
                    return Ok(frame);
                }
                // The nodes have no CLUSTERSCAN (Redis, Valkey before 9.1) or the user
                // may not run it: every primary's SCAN.
                *walk = Walk::EachPrimary(None);
            }
            let current = match &*sync::lock(&walk) {
                Walk::EachPrimary(servers) => servers.as_ref().and_then(|s| s.front().cloned()),
                _ => None,
            };
            let addr = match current {
                Some(addr) => addr,
                None => {
                    cluster.ready(cluster.deadline()).await?;
                    let primaries: VecDeque<NodeAddr> =
                        cluster.inner.read_topology().primaries().into();
                    let first = primaries.front().cloned().ok_or_else(no_primary)?;
                    *sync::lock(&walk) = Walk::EachPrimary(Some(primaries));
                    first
                }
            };
            cluster.on_node(&addr, &command).await
        })
    }

    fn advance(&mut self, command: &mut Command, cursor: &[u8]) -> Result<bool, Error> {
        let mut walk = sync::lock(&self.walk);
        match &mut *walk {
            Walk::ClusterScan(next) => {
                // `0` ends the whole scan; any other cursor is opaque.
                if cursor == b"0" {
                    return Ok(false);
                }
                *next = Bytes::copy_from_slice(cursor);
                Ok(true)
            }
            _ => {
                drop(walk);
                advance_numeric(self, command, cursor)
            }
        }
    }

    fn next_server(&mut self) -> bool {
        let mut walk = sync::lock(&self.walk);
        let Walk::EachPrimary(Some(servers)) = &mut *walk else {
            return false;
        };
        servers.pop_front();
        !servers.is_empty()
    }
}

/// `CLUSTERSCAN` with `cursor` and the options of `scan` (a `SCAN`: `MATCH`, `COUNT` and
/// `TYPE` are spelled alike).
fn cluster_scan(scan: &Command, cursor: &[u8]) -> Command {
    let mut page = cmd("CLUSTERSCAN").key(cursor);
    for arg in scan.args().skip(2) {
        page = page.arg(arg);
    }
    page.build()
}

/// Whether the first `CLUSTERSCAN` was refused as a command the node does not have, or
/// one the user may not run (a `SCAN` may still be allowed).
fn lacks_cluster_scan(frame: &Frame) -> bool {
    if !frame.is_error() {
        return false;
    }
    let Ok(Some(error)) = Reader::new(frame).server_error() else {
        return false;
    };
    match error.code() {
        Some("NOPERM") => true,
        Some("ERR") => error.message().starts_with("unknown command"),
        _ => false,
    }
}

#[cold]
fn no_primary() -> Error {
    Error::cluster(
        ClusterErrorKind::NoNode,
        "the slot map names no primary to scan",
    )
}
