//! Closing a cluster client: every node's client at once, under one deadline.

use super::{ClusterClient, Inner};
use crate::client::handle::{Client, CloseReport};
use crate::error::Error;
use crate::support::sync;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

impl ClusterClient {
    /// Closes the client as [`Client::close`] does, on every node at once: it stops taking
    /// commands (and opening nodes, and refreshing the slot map), waits up to `within` for
    /// the replies still awaited on every node, then closes every node's connections
    /// (shared, dedicated, subscribers) and reports what was cut, added up.
    ///
    /// ```no_run
    /// # async fn demo(cluster: typedis::ClusterClient) {
    /// let report = cluster.close(std::time::Duration::from_secs(5)).await;
    /// println!("closed {} connections, cut {} commands", report.connections, report.cut);
    /// # }
    /// ```
    pub async fn close(&self, within: Duration) -> CloseReport {
        let mut nodes: Vec<Client> = {
            let nodes = self.inner.lock_nodes();
            self.inner.closing.store(true, Ordering::SeqCst);
            nodes.values().map(|n| n.client.clone()).collect()
        };
        // Connections being opened: dropped unless a caller still waits for one (it then
        // sees the client closing and drops what it gets).
        sync::lock(&self.inner.dialing).clear();
        // The shard subscribers' clients (their messages streams end).
        nodes.extend(
            sync::lock(&self.inner.shard_clients)
                .drain(..)
                .filter_map(|c| c.upgrade()),
        );
        for node in &nodes {
            node.stop_taking();
        }
        let deadline = Instant::now() + within;
        crate::support::futures::join_all(nodes.iter().map(|n| n.drain(deadline))).await;
        nodes
            .iter()
            .map(Client::cut)
            .fold(CloseReport::default(), CloseReport::add)
    }

    /// Notes the client of a new shard subscriber, for `close`; one made while the
    /// cluster client was closing is closed at once.
    pub(crate) fn shard_client_opened(&self, client: &Client) -> Result<(), Error> {
        {
            let mut clients = sync::lock(&self.inner.shard_clients);
            clients.retain(|c| c.upgrade().is_some());
            clients.push(client.downgrade());
        }
        if self.inner.is_closing() {
            client.stop_taking();
            client.cut();
            return Err(Error::client_closed());
        }
        Ok(())
    }

    /// [`Error::ConnectionClosed`] once the client is closing.
    pub(crate) fn refuse_if_closed(&self) -> Result<(), Error> {
        if self.inner.is_closing() {
            return Err(Error::client_closed());
        }
        Ok(())
    }
}

impl Inner {
    pub(crate) fn is_closing(&self) -> bool {
        self.closing.load(Ordering::SeqCst)
    }
}
