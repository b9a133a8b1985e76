//! [`ClusterTransaction`]: `MULTI`/`EXEC` pinned to one hash slot, on a dedicated
//! connection to the primary serving it; a command for another slot is refused before
//! anything is sent.

use super::aggregate::cluster_error;
use super::ClusterClient;
use crate::client::DecodeOwned;
use crate::cmd::{key_slot, Command, Slot};
use crate::error::Error;
use crate::transaction::Transaction;

/// A transaction on the primary of one slot (see [`Transaction`]): every key it watches,
/// reads or queues must hash to that slot (use a `{hashtag}` to keep related keys
/// together).
///
/// If the slot moves to another node meanwhile, the server refuses the queued commands
/// and [`exec`](Self::exec) returns the refusal (`MOVED`/`ASK`, or `EXECABORT` naming
/// it); the slot map is then read again, and a new transaction goes to the new node.
///
/// ```no_run
/// # async fn demo(cluster: typedis::cluster::ClusterClient) -> Result<(), typedis::Error> {
/// use typedis::cmd;
///
/// let mut tx = cluster.transaction("{user:1}").await?;
/// tx.add(cmd("SET").key("{user:1}:name").arg("ada"))?;
/// tx.add(cmd("INCR").key("{user:1}:visits"))?;
/// let ((), visits): ((), i64) = tx.exec().await?;
/// // A key of another slot is refused at once:
/// assert!(tx_for_other_slot(&cluster).await.is_err());
/// # async fn tx_for_other_slot(c: &typedis::cluster::ClusterClient) -> Result<(), typedis::Error> {
/// #     c.transaction("a").await?.add(typedis::cmd("SET").key("b").arg(1))?; Ok(()) }
/// # let _ = visits; Ok(()) }
/// ```
pub struct ClusterTransaction {
    inner: Transaction,
    slot: u16,
    cluster: ClusterClient,
}

impl std::fmt::Debug for ClusterTransaction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClusterTransaction")
            .field("slot", &self.slot)
            .field("inner", &self.inner)
            .finish()
    }
}

impl ClusterClient {
    /// Starts a transaction pinned to the slot of `key` (a key or a `{hashtag}`).
    ///
    /// # Errors
    ///
    /// When no node serves the slot or no connection can be opened.
    pub async fn transaction(&self, key: impl AsRef<[u8]>) -> Result<ClusterTransaction, Error> {
        let slot = key_slot(key.as_ref());
        let client = self.primary_for_key(key).await?;
        Ok(ClusterTransaction {
            inner: client.transaction().await?,
            slot,
            cluster: self.clone(),
        })
    }
}

impl ClusterTransaction {
    /// The slot every key of this transaction must hash to.
    pub fn slot(&self) -> u16 {
        self.slot
    }

    fn check(&self, what: &str, slot: Slot) -> Result<(), Error> {
        match slot {
            Slot::None => Ok(()),
            Slot::One(s) if s == self.slot => Ok(()),
            Slot::One(s) => Err(cluster_error(format!(
                "cross-slot transaction: {what} is in slot {s}, the transaction is pinned to \
                 slot {}",
                self.slot
            ))),
            Slot::Cross => Err(cluster_error(format!(
                "cross-slot transaction: {what} has keys in several slots, the transaction \
                 is pinned to slot {}",
                self.slot
            ))),
        }
    }

    /// `WATCH`es keys (see [`Transaction::watch`]).
    ///
    /// # Errors
    ///
    /// [`Error::Cluster`] for a key of another slot; as [`Transaction::watch`].
    pub async fn watch<K: AsRef<[u8]>>(&mut self, keys: &[K]) -> Result<(), Error> {
        for key in keys {
            let key = key.as_ref();
            self.check(
                &format!("key {:?}", String::from_utf8_lossy(key)),
                Slot::One(key_slot(key)),
            )?;
        }
        self.inner.watch(keys).await
    }

    /// Runs a command now, on the transaction's connection.
    ///
    /// # Errors
    ///
    /// [`Error::Cluster`] for a command of another slot; as [`Transaction::query`].
    pub async fn query<T: DecodeOwned>(&mut self, command: impl Into<Command>) -> Result<T, Error> {
        let command = command.into();
        self.check(command.name(), command.slot())?;
        self.inner.query(command).await
    }

    /// Queues a command for `EXEC`.
    ///
    /// # Errors
    ///
    /// [`Error::Cluster`] when its keys are not in the transaction's slot (nothing is
    /// queued then).
    pub fn add(&mut self, command: impl Into<Command>) -> Result<&mut Self, Error> {
        let command = command.into();
        self.check(command.name(), command.slot())?;
        self.inner.add(command);
        Ok(self)
    }

    /// Runs the queued commands atomically (see [`Transaction::exec`]).
    ///
    /// # Errors
    ///
    /// As [`Transaction::exec`]; a refusal because the slot moved also starts a refresh
    /// of the slot map.
    pub async fn exec<T: DecodeOwned>(self) -> Result<T, Error> {
        let result = self.inner.exec().await;
        if let Err(Error::Server(e)) = &result {
            if ["MOVED", "ASK", "EXECABORT", "TRYAGAIN", "CLUSTERDOWN"].contains(&e.code()) {
                self.cluster.refresh_soon();
            }
        }
        result
    }

    /// Drops the queued commands and the `WATCH`es.
    ///
    /// # Errors
    ///
    /// As [`Transaction::discard`].
    pub async fn discard(self) -> Result<(), Error> {
        self.inner.discard().await
    }
}
