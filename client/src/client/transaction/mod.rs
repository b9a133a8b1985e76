//! Transactions: `MULTI` ... `EXEC` written as one unit on the shared connection, or on a
//! dedicated one when the unit is big ([`Client::multi`]), or `WATCH` and reads first on a
//! dedicated connection the transaction owns ([`Transaction`]); the queued commands' replies read as the types of
//! the commands queued ([`Multi`]).

mod failed;
mod multi;

pub use multi::{ExecOnWhatAddReturns, Multi};

use std::borrow::Cow;
use std::time::Instant;

use crate::cache::Writes;
use crate::client::handle::{check_shareable, Client, Lease};
use crate::cmd::placement::{placement, BlockTime, Placement};
use crate::cmd::{Command, Request};
use crate::conn::mux::{reply_timed, Connection, Submission};
use crate::error::{Error, Refused};
use crate::resp::read::DecodeOwned;
use crate::wire::write::{self, encode};
use crate::wire::Frame;

/// A transaction: optional `WATCH` and reads first, then the commands queued with
/// [`add`](Self::add) (or [`queue`](Self::queue) for loops) run atomically when the
/// [`Multi`] they make is executed.
///
/// The first [`watch`](Self::watch) or [`query`](Self::query) takes a dedicated connection
/// for the transaction (the `WATCH`es belong to a connection); a transaction that does
/// neither is written as one unit (`MULTI`, the commands, `EXEC`) on the shared connection,
/// as [`Client::multi`] is, and opens no connection (unless the unit is
/// [big](crate::conn::Config::big_request_bytes)).
///
/// ```no_run
/// # async fn demo(client: typedis::Client) -> Result<(), typedis::Error> {
/// use typedis::{b, Error};
///
/// let mut tx = client.transaction().await?;
/// tx.watch(&["balance"]).await?;
/// let balance: i64 = tx.query_as(b().get().key("balance")).await?;
/// if balance < 10 {
///     return tx.discard().await; // nothing queued, nothing to infer
/// }
/// let result = tx
///     .add(b().set().key("balance").value(balance - 10))
///     .add(b().incr().key("withdrawals"))
///     .exec()
///     .await;
/// match result {
///     Ok(((), n)) => println!("withdrawal #{n}"),
///     Err(Error::ExecAborted) => println!("balance changed meanwhile; try again"),
///     Err(e) => return Err(e),
/// }
/// # Ok(()) }
/// ```
pub struct Transaction {
    client: Client,
    /// The dedicated connection, from the first `WATCH` or read on.
    lease: Option<Lease>,
    queued: Vec<u8>,
    /// The queued commands' names, to say which failed.
    names: Vec<Cow<'static, str>>,
    refused: Option<Error>,
    /// The writes queued and run, for the client-side cache.
    writes: Writes,
    /// The transaction's own response timeout ([`Multi::timeout`]), if any.
    timeout: Option<std::time::Duration>,
}

impl std::fmt::Debug for Transaction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Transaction")
            .field("queued", &self.names.len())
            .field("dedicated", &self.lease.is_some())
            .finish()
    }
}

impl Client {
    /// Starts a transaction with `WATCH` or reads before its commands (see
    /// [`Transaction`]): the first of them takes a dedicated connection. Without them,
    /// [`Client::multi`] says the same with no `await`.
    ///
    /// # Errors
    ///
    /// None today: the connection is taken by the first [`Transaction::watch`] or
    /// [`Transaction::query`], whose errors say when it cannot be. (It stays a `Result` so
    /// that code written against it keeps compiling.)
    pub async fn transaction(&self) -> Result<Transaction, Error> {
        Ok(Transaction::new(self.clone()))
    }

    /// Starts a transaction without `WATCH`: the commands queued with
    /// [`add`](Multi::add) (or [`push`](Multi::push)) are written as one unit, `MULTI`, the
    /// commands, `EXEC`, on the shared connection, so no other caller's command runs
    /// between them and no connection is opened (a unit of
    /// [`Config::big_request_bytes`](crate::conn::Config::big_request_bytes) or more goes whole on
    /// a dedicated connection instead); `EXEC`'s reply is read as the queued
    /// commands' types (redis-rs's `pipe().atomic()`, fred's `multi()`).
    ///
    /// ```no_run
    /// # async fn demo(client: typedis::Client) -> Result<(), typedis::Error> {
    /// use typedis::b;
    ///
    /// // A fixed-window rate limit: the count and its expiry set together.
    /// let (hits, _expiry_set) = client
    ///     .multi()
    ///     .add(b().incr().key("rate:ada"))
    ///     .add(b().expire().key("rate:ada").seconds(60))
    ///     .exec()
    ///     .await?;
    /// if hits > 100 {
    ///     println!("slow down");
    /// }
    /// # Ok(()) }
    /// ```
    ///
    /// Use [`Client::transaction`] to `WATCH` keys first.
    pub fn multi<T>(&self) -> Multi<Vec<T>> {
        Transaction::new(self.clone()).queue()
    }
}

impl Transaction {
    fn new(client: Client) -> Transaction {
        Transaction {
            writes: Writes::new(client.cache()),
            client,
            lease: None,
            queued: Vec::new(),
            names: Vec::new(),
            refused: None,
            timeout: None,
        }
    }

    /// The transaction's dedicated connection, taken now if it has none yet.
    async fn dedicated(&mut self) -> Result<&Lease, Error> {
        if self.lease.is_none() {
            // Waiting for a dedicated connection counts against the response timeout.
            let client = &self.client;
            self.lease = Some(client.timed(client.lease(client.deadline())).await?);
        }
        Ok(self.lease.as_ref().expect("taken above"))
    }

    /// `WATCH`es keys: the transaction's `EXEC` fails with [`Error::ExecAborted`] if
    /// another client changes one of them first. The first `watch` (or
    /// [`query`](Self::query)) takes the transaction's dedicated connection.
    ///
    /// # Errors
    ///
    /// [`Error::Unreachable`] when no connection can be opened (the server cannot be
    /// reached); [`Error::Timeout`] when none is free within the response timeout (see
    /// [`Config::max_dedicated`](crate::Config::max_dedicated)); the handshake's error
    /// (a refused `AUTH`, for example); connection errors and timeouts.
    pub async fn watch<K: AsRef<[u8]>>(&mut self, keys: &[K]) -> Result<(), Error> {
        let mut args: Vec<&[u8]> = vec![b"WATCH"];
        args.extend(keys.iter().map(AsRef::as_ref));
        let conn = self.dedicated().await?.conn();
        let frames = roundtrip(conn, encode(&args), 1, conn.deadline()).await?;
        frames[0].decode::<()>()
    }

    /// Runs a command now, on the transaction's dedicated connection (reads between
    /// `WATCH` and `EXEC`), and reads its reply as the command's type (see
    /// [`Client::query`]).
    ///
    /// # Errors
    ///
    /// As [`Transaction::watch`] for taking the connection; as [`Client::query`].
    pub async fn query<R: Request>(&mut self, request: R) -> Result<R::Reply, Error> {
        self.send(request.into_command()).await?.decode_owned()
    }

    /// Runs a command now and reads its reply as an owned `T` of your choice.
    ///
    /// # Errors
    ///
    /// As [`Client::query`].
    pub async fn query_as<T: DecodeOwned>(&mut self, request: impl Request) -> Result<T, Error> {
        self.send(request.into_command()).await?.decode_owned()
    }

    async fn send(&mut self, command: Command) -> Result<Frame, Error> {
        check_shareable(&command)?;
        self.client.check_available(&command)?;
        let writes = self.writes.one(&command);
        let conn = self.dedicated().await?.conn();
        let deadline = conn.deadline();
        let (submission, rx) = Submission::one(command, deadline);
        conn.submit(submission);
        let result = reply_timed(rx).await;
        writes.done();
        result
    }

    /// Queues a command for `EXEC`: the first of a chain of `add`s, whose replies are read
    /// as a tuple.
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

    /// Starts queueing commands that all reply `T`, for loops: [`Multi::push`] them, and
    /// `EXEC` reads a `Vec<T>`.
    pub fn queue<T>(self) -> Multi<Vec<T>> {
        Multi::new(self)
    }

    /// Drops the `WATCH`es (and anything queued) and gives the connection back (a
    /// transaction that took none sends nothing).
    ///
    /// # Errors
    ///
    /// Connection errors and timeouts.
    pub async fn discard(mut self) -> Result<(), Error> {
        let Some(lease) = &mut self.lease else {
            return Ok(());
        };
        let conn = lease.conn();
        let frames = roundtrip(conn, encode(&[b"UNWATCH"]), 1, conn.deadline()).await?;
        frames[0].decode::<()>()?;
        lease.release();
        Ok(())
    }

    /// [`exec_frame`](Self::exec_frame), within the transaction's own timeout if it has one.
    async fn exec_timed(self, wait: Option<Command>) -> Result<Ran, Error> {
        match self.timeout {
            Some(limit) => crate::conn::timeout::within(limit, self.exec_frame(wait)).await,
            None => self.exec_frame(wait).await,
        }
    }

    /// Sends `MULTI`, the queued commands and `EXEC` (then `wait`, a `WAIT` or `WAITAOF`,
    /// in the same write), and returns `EXEC`'s reply (and `wait`'s).
    async fn exec_frame(mut self, wait: Option<Command>) -> Result<Ran, Error> {
        if let Some(e) = self.refused.take() {
            return Err(e);
        }
        let hold = match &wait {
            Some(wait) => self.wait_hold(wait)?,
            None => None,
        };
        // MULTI and EXEC take 31 bytes.
        #[allow(
            clippy::disallowed_methods,
            reason = "the client's own queued commands"
        )]
        let mut bytes = Vec::with_capacity(self.queued.len() + 31);
        write::command(&mut bytes, &[b"MULTI"]);
        bytes.append(&mut self.queued);
        write::command(&mut bytes, &[b"EXEC"]);
        if let Some(wait) = &wait {
            bytes.extend_from_slice(wait.as_bytes());
        }
        let replies = self.names.len() + 2 + usize::from(wait.is_some());
        let sent = match &self.lease {
            Some(lease) => {
                let deadline = match wait.as_ref().map(placement) {
                    Some(Placement::Waits(BlockTime::Forever)) => None,
                    _ => self.client.deadline_holding(hold),
                };
                roundtrip(lease.conn(), bytes, replies, deadline).await
            }
            // One submission: the shared connection (or, for a big unit, a dedicated one)
            // writes it whole, so no other caller's command can land between MULTI and
            // EXEC, nor between EXEC and the WAIT.
            None => self.client.send_unit(bytes, replies, hold, "MULTI").await,
        };
        // Sent, whatever came back: the queued writes may have run.
        std::mem::take(&mut self.writes).done();
        let mut frames = sent?;
        // EXEC ended the transaction and dropped the WATCHes: the connection is clean.
        if let Some(lease) = &mut self.lease {
            lease.release();
        }
        let waited = wait.and_then(|_| frames.pop());
        let exec = frames.pop().expect("len + 2 frames");
        if let Some(refused) = frames.iter().find(|f| f.is_error()) {
            // EXEC then answers EXECABORT; the refusal itself says what was wrong.
            if exec.is_error() {
                return Err(refused.decode::<()>().expect_err("error reply"));
            }
        }
        if exec.is_null() {
            return Err(Error::ExecAborted);
        }
        Ok(Ran {
            exec,
            waited,
            names: self.names,
        })
    }

    /// How long `wait` may hold the connection beyond the response timeout.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidUse`] when `wait` is no `WAIT` or `WAITAOF`, or, on the shared
    /// connection, blocks until enough replicas answer (timeout 0).
    fn wait_hold(&self, wait: &Command) -> Result<Option<std::time::Duration>, Error> {
        match placement(wait) {
            Placement::Waits(BlockTime::For(time)) => Ok(Some(time)),
            Placement::Waits(BlockTime::Forever) if self.lease.is_some() => Ok(None),
            Placement::Waits(BlockTime::Forever) => check_shareable(wait).map(|()| None),
            Placement::Waits(BlockTime::Unknown) => Ok(None),
            _ => Err(Error::InvalidUse(Refused::new(
                wait.name(),
                "a transaction waits after its EXEC with WAIT or WAITAOF only",
            ))),
        }
    }
}

/// What a transaction that ran answered.
struct Ran {
    /// `EXEC`'s reply: one reply per queued command.
    exec: Frame,
    /// The reply of the `WAIT` sent after it, if any.
    waited: Option<Frame>,
    /// The queued commands' names.
    names: Vec<Cow<'static, str>>,
}

impl Ran {
    /// Reads `EXEC`'s reply as `T`; a command's error that `T` cannot hold becomes
    /// [`Error::FailedInTransaction`], which says which command failed and that the others
    /// ran.
    fn decode<T: DecodeOwned>(&self) -> Result<T, Error> {
        self.exec.decode().map_err(|e| {
            if !met_an_error_reply(&e) {
                return e;
            }
            failed::find(&self.exec, &self.names).map_or(e, Error::FailedInTransaction)
        })
    }
}

/// Whether reading failed on an error reply where the type has no `Result`.
fn met_an_error_reply(e: &Error) -> bool {
    use crate::wire::DecodeErrorKind;
    use crate::wire::Kind;
    match e {
        Error::Server(_) => true,
        Error::Decode(e) => matches!(
            e.kind(),
            DecodeErrorKind::Unexpected { found, .. } | DecodeErrorKind::Invalid { found, .. }
                if matches!(found, Kind::SimpleError | Kind::BulkError)
        ),
        _ => false,
    }
}

/// Sends commands encoded back to back on a dedicated connection and reads `replies`
/// frames by `deadline`.
async fn roundtrip(
    conn: &Connection,
    bytes: Vec<u8>,
    replies: usize,
    deadline: Option<Instant>,
) -> Result<Vec<Frame>, Error> {
    let (request, rx) = Submission::many(bytes, replies, deadline);
    conn.submit(request);
    reply_timed(rx).await
}

/// What a client above the single-node one supplies to keep a transaction's commands
/// where they must run: the cluster's pins a transaction to one slot.
pub(crate) trait Guard: Send + Sync + std::fmt::Debug {
    /// Refuses a command that may not join the transaction.
    fn check(&self, command: &Command) -> Result<(), Error>;

    /// Learns from a failed `EXEC` (a slot that moved, for the cluster).
    fn after_failed_exec(&self, error: &Error);
}
