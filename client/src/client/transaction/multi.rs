//! [`Multi`]: the commands of a transaction queued for `EXEC`, typed by their replies, and
//! how they run (on the shared connection, or on the [`Transaction`]'s own).

use std::marker::PhantomData;

use super::{Guard, Transaction};
use crate::client::handle::check_shareable;
use crate::client::typed_queue::typed_queue;
use crate::cmd::placement::{placement, Placement};
use crate::cmd::{Command, Request};
use crate::error::{Error, Refused};
use crate::resp::read::DecodeOwned;

/// Implemented by no type: what `Transaction::exec` asks for, so that its error says where
/// `EXEC` is.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "a transaction is run by what its `add` returns, not by the `Transaction`",
    label = "`exec` is on the `Multi` that `add` returned",
    note = "`add` takes the transaction and returns its queue of commands, typed by their \
            replies: chain the adds (`tx.add(a).add(b).exec()`), or keep what each returns \
            (`let multi = tx.add(a);`); for a loop, `let mut multi = tx.queue();` then \
            `multi.push(..)`"
)]
pub trait ExecOnWhatAddReturns {}

/// The commands of a [`Transaction`] (or a
/// [`ClusterTransaction`](crate::cluster::ClusterTransaction)) queued for `EXEC`, whose
/// type records what they reply: [`exec`](Self::exec) returns a tuple for a chain of
/// `add`s (up to 12 of them), a `Vec` for `push`es.
///
/// ```no_run
/// # async fn demo(client: typedis::Client) -> Result<(), typedis::Error> {
/// use typedis::b;
///
/// let mut multi = client.multi();
/// for key in ["a", "b", "c"] {
///     multi.push(b().incr().key(key));
/// }
/// let counts = multi.exec().await?; // Vec<i64>
/// # let _ = counts; Ok(()) }
/// ```
#[must_use = "a transaction does nothing until it is executed; `add` returns the queue \
              with the command added: chain `.add(..)` up to `.exec()`, or `push` in a loop"]
pub struct Multi<Replies> {
    tx: Transaction,
    /// What the client above supplies to keep the commands where they must run (a cluster
    /// transaction's slot).
    guard: Option<Box<dyn Guard>>,
    replies: PhantomData<fn() -> Replies>,
}

impl<R> std::fmt::Debug for Multi<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Multi")
            .field("queued", &self.tx.names.len())
            .field("guard", &self.guard)
            .finish()
    }
}

typed_queue!(Multi);

impl<R> Multi<R> {
    /// An empty queue on `tx`.
    pub(super) fn new(tx: Transaction) -> Self {
        Multi {
            tx,
            guard: None,
            replies: PhantomData,
        }
    }
}

impl<L> Multi<L> {
    /// A queue whose commands `guard` checks (a cluster transaction's, pinned to one
    /// slot).
    #[cfg(feature = "cluster")]
    pub(crate) fn guarded(tx: Transaction, guard: Box<dyn Guard>) -> Multi<L> {
        Multi {
            tx,
            guard: Some(guard),
            replies: PhantomData,
        }
    }

    fn append(&mut self, command: Command) {
        let refusal = refuse_wait(&command)
            .and_then(|()| check_shareable(&command))
            .and_then(|()| self.tx.client.check_tracking(&command))
            .and_then(|()| self.tx.client.check_available(&command))
            .err()
            .or_else(|| self.guard.as_ref()?.check(&command).err());
        if let Some(e) = refusal {
            self.tx.refused.get_or_insert(e);
        }
        self.tx.queued.extend_from_slice(command.as_bytes());
        self.tx.names.push(command.name_cow());
        self.tx.writes.note(&command);
    }

    fn retype<M>(self) -> Multi<M> {
        Multi {
            tx: self.tx,
            guard: self.guard,
            replies: PhantomData,
        }
    }

    /// Number of queued commands.
    pub fn len(&self) -> usize {
        self.tx.names.len()
    }

    /// Runs the transaction within `timeout` in place of the response timeout (a
    /// dedicated connection to take, `EXEC`'s reply, a `WAIT` after it).
    pub fn timeout(mut self, timeout: std::time::Duration) -> Self {
        self.tx.timeout = Some(timeout);
        self
    }

    /// Whether no command is queued.
    pub fn is_empty(&self) -> bool {
        self.tx.names.is_empty()
    }

    /// Sends `MULTI`, the queued commands and `EXEC` in one write and reads `EXEC`'s reply
    /// as the queued commands' reply types.
    ///
    /// # Errors
    ///
    /// [`Error::ExecAborted`] when a watched key changed (nothing ran); [`Error::Server`]
    /// when the server refused a command while queueing it (`EXECABORT`, naming the cause:
    /// nothing ran); [`Error::FailedInTransaction`] when commands failed as `EXEC` ran
    /// them (an `INCR` on a string): it says which, and the others ran (read every reply
    /// with [`FailedInTransaction::replies`](crate::FailedInTransaction::replies), or
    /// use [`exec_as`](Self::exec_as) with `Result` elements); [`Error::InvalidUse`] (nothing sent) when a queued command has no place in
    /// a transaction (`SUBSCRIBE`, `MULTI`, `WATCH`, ...; see
    /// [`Client::send`](crate::Client::send));
    /// [`Error::Cluster`] (nothing sent) when a command of a cluster transaction is in
    /// another slot; decode, timeout and connection errors. A cluster transaction refused
    /// because its slot moved (`MOVED`, `ASK`, ...) also starts a refresh of the slot map.
    pub async fn exec(self) -> Result<L, Error>
    where
        L: DecodeOwned,
    {
        self.exec_as().await
    }

    /// Runs the queued commands as [`exec`](Self::exec) does and reads `EXEC`'s reply as
    /// `T`: a tuple with one element per command, whose `Result<_, ServerError>` elements
    /// keep a failed command's error to itself.
    ///
    /// # Errors
    ///
    /// As [`Multi::exec`].
    pub async fn exec_as<T: DecodeOwned>(self) -> Result<T, Error> {
        let result = self.tx.exec_timed(None).await.and_then(|ran| ran.decode());
        if let (Some(guard), Err(e)) = (&self.guard, &result) {
            guard.after_failed_exec(e);
        }
        result
    }

    /// Runs the queued commands as [`exec`](Self::exec) does, then `wait` (a `WAIT` or a
    /// `WAITAOF`) right after `EXEC`, on the same connection and in the same write, and
    /// returns both replies: the number of replicas that acknowledged the transaction's
    /// writes (with `WAITAOF`, the local fsync too) within the wait's timeout. A `WAIT`
    /// queued inside the transaction would answer at once and count nothing; this is where
    /// it belongs.
    ///
    /// ```no_run
    /// # async fn demo(client: typedis::Client) -> Result<(), typedis::Error> {
    /// use typedis::b;
    ///
    /// let ((balance, _), replicas) = client
    ///     .multi()
    ///     .add(b().incrby().key("balance").increment(-10))
    ///     .add(b().rpush().key("ledger").element("-10"))
    ///     .exec_then_wait(b().wait().numreplicas(1).timeout(500))
    ///     .await?;
    /// if replicas < 1 {
    ///     println!("balance {balance}: not yet on a replica");
    /// }
    /// # Ok(()) }
    /// ```
    ///
    /// On the shared connection ([`Client::multi`](crate::Client::multi)) the server
    /// answers none of the connection's other commands while it waits: every other caller
    /// waits up to the wait's timeout with it (a timeout of 0, which may wait forever, is
    /// refused there). On a [`Transaction`] that took its own connection (`WATCH`), nobody
    /// else waits.
    ///
    /// # Errors
    ///
    /// As [`Multi::exec`]; [`Error::InvalidUse`] (nothing sent) when `wait` is neither
    /// `WAIT` nor `WAITAOF`.
    pub async fn exec_then_wait<W: Request>(self, wait: W) -> Result<(L, W::Reply), Error>
    where
        L: DecodeOwned,
    {
        let result = self.tx.exec_timed(Some(wait.into_command())).await;
        if let (Some(guard), Err(e)) = (&self.guard, &result) {
            guard.after_failed_exec(e);
        }
        let ran = result?;
        let waited = ran
            .waited
            .as_ref()
            .ok_or_else(|| Error::lost("no reply to the wait"))?
            .decode()?;
        Ok((ran.decode()?, waited))
    }

    /// Drops the queued commands and the `WATCH`es.
    ///
    /// # Errors
    ///
    /// As [`Transaction::discard`].
    pub async fn discard(self) -> Result<(), Error> {
        self.tx.discard().await
    }
}

/// Refuses a `WAIT` or `WAITAOF` queued inside a transaction: inside `MULTI` it answers at
/// once and counts no replica (the transaction's writes are propagated after `EXEC`).
fn refuse_wait(command: &Command) -> Result<(), Error> {
    match placement(command) {
        Placement::Waits(_) => Err(Error::InvalidUse(Refused::new(
            command.name(),
            "inside a transaction it answers at once and counts no replica (the \
             transaction's writes reach the replicas after EXEC): wait after EXEC with \
             Multi::exec_then_wait",
        ))),
        _ => Ok(()),
    }
}
