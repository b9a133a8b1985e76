//! [`ClusterTransaction`]: `MULTI`/`EXEC` pinned to one hash slot, on the primary serving
//! it (on its shared connection, or on a dedicated one from the first `WATCH` or read on,
//! or for a big unit); a command for another slot is refused before anything is sent.

use super::ClusterClient;
use crate::client::transaction::{ExecOnWhatAddReturns, Guard, Multi, Transaction};
use crate::cmd::{key_slot, Command, Request, Slot};
use crate::error::{ClusterError, ClusterErrorKind, Error};
use crate::resp::read::DecodeOwned;

/// A transaction on the primary of one slot (see [`Transaction`]): every key it watches,
/// reads or queues must hash to that slot (use a `{hashtag}` to keep related keys
/// together). One that neither watches nor reads is written as one unit on the node's
/// shared connection, and opens no connection (unless the unit is
/// [big](crate::conn::Config::big_request_bytes)).
///
/// If the slot moves to another node meanwhile, the server refuses the queued commands
/// and [`Multi::exec`] returns the refusal (`MOVED`/`ASK`, or `EXECABORT` naming it);
/// the slot map is then read again, and a new transaction goes to the new node.
///
/// ```no_run
/// # async fn demo(cluster: typedis::cluster::ClusterClient) -> Result<(), typedis::Error> {
/// use typedis::b;
///
/// let ((), visits) = cluster
///     .transaction("{user:1}")
///     .await?
///     .add(b().set().key("{user:1}:name").value("ada"))
///     .add(b().incr().key("{user:1}:visits"))
///     .exec()
///     .await?;
/// // A key of another slot fails the transaction, and nothing is sent:
/// let other = cluster.transaction("a").await?.add(b().set().key("b").value(1));
/// assert!(other.exec().await.is_err());
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
    /// When no node serves the slot or the slot map cannot be read.
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

/// What ties a cluster transaction's [`Multi`] to its slot: the slot every queued command
/// must be in, and the cluster whose slot map is read again when `EXEC` finds it moved.
struct SlotGuard {
    slot: u16,
    cluster: ClusterClient,
}

impl std::fmt::Debug for SlotGuard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SlotGuard")
            .field("slot", &self.slot)
            .finish_non_exhaustive()
    }
}

impl Guard for SlotGuard {
    /// Refuses a command whose keys are not in the slot.
    fn check(&self, command: &Command) -> Result<(), Error> {
        check_pinned(self.slot, command.name(), command.slot())
    }

    /// A refusal saying the slot moved starts a refresh of the slot map.
    fn after_failed_exec(&self, error: &Error) {
        if let Error::Server(e) = error {
            let codes = ["MOVED", "ASK", "EXECABORT", "TRYAGAIN", "CLUSTERDOWN"];
            if e.code().is_some_and(|code| codes.contains(&code)) {
                self.cluster.refresh_soon();
            }
        }
    }
}

/// Refuses `what` (a command's name, or a key) when its keys are not all in `slot`.
fn check_pinned(slot: u16, what: &str, keys: Slot) -> Result<(), Error> {
    match keys {
        Slot::None => Ok(()),
        Slot::One(s) if s == slot => Ok(()),
        Slot::One(s) => Err(cross_slot(
            slot,
            format!(
                "cross-slot transaction: {what} is in slot {s}, the transaction is pinned to \
             slot {slot}"
            ),
        )),
        Slot::Cross => Err(cross_slot(
            slot,
            format!(
                "cross-slot transaction: {what} has keys in several slots, the transaction is \
             pinned to slot {slot}"
            ),
        )),
    }
}

impl ClusterTransaction {
    /// The slot every key of this transaction must hash to.
    pub fn slot(&self) -> u16 {
        self.slot
    }

    /// `WATCH`es keys (see [`Transaction::watch`]).
    ///
    /// # Errors
    ///
    /// [`Error::Cluster`] for a key of another slot; as [`Transaction::watch`].
    pub async fn watch<K: AsRef<[u8]>>(&mut self, keys: &[K]) -> Result<(), Error> {
        for key in keys {
            let key = key.as_ref();
            check_pinned(
                self.slot,
                &format!("key {:?}", String::from_utf8_lossy(key)),
                Slot::One(key_slot(key)),
            )?;
        }
        self.inner.watch(keys).await
    }

    /// Runs a command now, on the transaction's connection, and reads its reply as the
    /// command's type.
    ///
    /// # Errors
    ///
    /// [`Error::Cluster`] for a command of another slot; as [`Transaction::query`].
    pub async fn query<R: Request>(&mut self, request: R) -> Result<R::Reply, Error> {
        self.query_as(request).await
    }

    /// Runs a command now and reads its reply as an owned `T` of your choice.
    ///
    /// # Errors
    ///
    /// As [`ClusterTransaction::query`].
    pub async fn query_as<T: DecodeOwned>(&mut self, request: impl Request) -> Result<T, Error> {
        let command = request.into_command();
        check_pinned(self.slot, command.name(), command.slot())?;
        self.inner.query_as(command).await
    }

    /// Queues a command for `EXEC` (see [`Transaction::add`]); a command whose keys are
    /// not in the transaction's slot makes [`Multi::exec`] fail with [`Error::Cluster`]
    /// without sending anything.
    // `add` reads as "add a command" in a builder chain; `Transaction + Command` would not.
    #[allow(clippy::should_implement_trait)]
    pub fn add<R: Request>(self, request: R) -> Multi<(R::Reply,)> {
        self.queue::<R::Reply>().add(request)
    }

    /// Not available: `EXEC` is sent by the [`Multi`] that [`add`](Self::add) returns
    /// (the compiler says so to a caller that looks for it here).
    #[doc(hidden)]
    pub fn exec<'a>(&'a self) -> std::future::Ready<Result<(), Error>>
    where
        &'a Self: ExecOnWhatAddReturns,
    {
        std::future::ready(Ok(()))
    }

    /// Starts queueing commands that all reply `T` (see [`Transaction::queue`]).
    pub fn queue<T>(self) -> Multi<Vec<T>> {
        Multi::guarded(
            self.inner,
            Box::new(SlotGuard {
                slot: self.slot,
                cluster: self.cluster,
            }),
        )
    }

    /// Drops the `WATCH`es.
    ///
    /// # Errors
    ///
    /// As [`Transaction::discard`].
    pub async fn discard(self) -> Result<(), Error> {
        self.inner.discard().await
    }
}

/// A command outside the transaction's `slot`.
#[cold]
fn cross_slot(slot: u16, why: String) -> Error {
    Error::Cluster(ClusterError::new(ClusterErrorKind::CrossSlot, why).in_slot(slot))
}
