//! How a [`ClusterClient`] made with `lazy_connect` starts: it returns at once, reads the
//! slot map in the background, and every command that needs the map first waits for it
//! ([`ClusterClient::ready`]), within the command's own time: for a map that serves every
//! slot, from a cluster that says it is up (`cluster_state:ok`: a cluster still forming
//! answers `CLUSTERDOWN`). Commands that start together
//! share the discoveries (refreshes run one at a time, at most every
//! `min_refresh_interval`); one that runs out of time reads why the cluster could not be
//! discovered: a refusal with its type (a credentials provider that fails, `WRONGPASS`),
//! or [`Error::Unreachable`] naming the seeds, with the last attempt's error as its cause.

use super::ClusterClient;
use crate::cmd::cmd;
use crate::error::{ClusterErrorKind, Error, LastFailure, Unreachable};
use crate::support::sync;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

impl ClusterClient {
    /// Waits, by `deadline`, until the client knows a slot map serving every slot: at once
    /// for a client that read it when it was made (or since).
    ///
    /// # Errors
    ///
    /// When no map could be read in time: see the module's documentation.
    #[inline]
    pub(crate) async fn ready(&self, deadline: Option<Instant>) -> Result<(), Error> {
        if self.inner.discovered.load(Ordering::Acquire) {
            return Ok(());
        }
        // Boxed: the wait is a rare path, a lazy client's first commands.
        Box::pin(self.discover_first(deadline)).await
    }

    async fn discover_first(&self, deadline: Option<Instant>) -> Result<(), Error> {
        let connect_timeout = self.inner.config.node.connect_timeout;
        loop {
            self.refuse_if_closed()?;
            if self.inner.discovered.load(Ordering::Acquire) {
                return Ok(());
            }
            let now = Instant::now();
            let left = deadline.map_or(connect_timeout, |d| d.saturating_duration_since(now));
            if left.is_zero() {
                return self.undiscovered();
            }
            if self.inner.read_topology().is_complete() {
                if self.cluster_is_up().await {
                    self.inner.discovered.store(true, Ordering::Release);
                    return Ok(());
                }
            } else {
                self.refresh_and_wait(left.min(connect_timeout)).await;
                if self.inner.read_topology().is_complete() {
                    continue;
                }
            }
            // A map is read at most every `min_refresh_interval`, and a forming cluster is
            // asked as often: no faster loop.
            let pause = self.inner.config.min_refresh_interval.min(left);
            tokio::time::sleep(pause.max(Duration::from_millis(1))).await;
        }
    }

    /// Whether a primary of the slot map says the cluster is up (`CLUSTER INFO`).
    async fn cluster_is_up(&self) -> bool {
        let Some(addr) = self.inner.read_topology().primaries().into_iter().next() else {
            return false;
        };
        let Ok(node) = self.node(&addr).await else {
            return false;
        };
        let info = node.client.send(cmd("CLUSTER").arg("INFO")).await;
        info.and_then(|frame| frame.decode::<String>())
            .is_ok_and(|text| text.lines().any(|l| l.trim() == "cluster_state:ok"))
    }

    /// Out of time before a complete slot map: a partial one serves what it serves;
    /// without one, why the cluster could not be discovered.
    fn undiscovered(&self) -> Result<(), Error> {
        if !self.inner.read_topology().primaries().is_empty() {
            return Ok(());
        }
        let last = sync::lock(&self.inner.refresh.last_error).clone();
        let seeds: Vec<String> = self
            .inner
            .config
            .seeds
            .iter()
            .map(ToString::to_string)
            .collect();
        let seeds = seeds.join(", ");
        Err(match last {
            Some(e)
                if matches!(
                    *e,
                    Error::Credentials(_) | Error::Server(_) | Error::Config(_)
                ) =>
            {
                LastFailure::shared(e, None).error(1)
            }
            Some(e) => Error::Unreachable(
                Unreachable::new(format!("no seed described the cluster ({seeds})")).caused_by(e),
            ),
            None => Error::cluster(
                ClusterErrorKind::NoNode,
                format!("the seeds ({seeds}) answered, but no slot is served yet"),
            ),
        })
    }
}
