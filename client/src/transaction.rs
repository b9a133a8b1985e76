//! Transactions: `WATCH`, reads, then `MULTI` ... `EXEC` on a dedicated connection the
//! transaction owns, with the `EXEC` reply read as a typed tuple.

use crate::client::{check_shareable, Client, DecodeOwned, Lease};
use crate::cmd::Command;
use crate::conn::mux::{reply, Request};
use crate::error::Error;
use crate::resp::write::encode;
use crate::resp::Frame;

/// A transaction on its own connection: optional `WATCH` and reads first, then the queued
/// commands run atomically by [`Transaction::exec`].
///
/// ```no_run
/// # async fn demo(client: typedis::Client) -> Result<(), typedis::Error> {
/// use typedis::{cmd, Error};
///
/// let mut tx = client.transaction().await?;
/// tx.watch(&["balance"]).await?;
/// let balance: i64 = tx.query(cmd("GET").arg("balance")).await?;
/// tx.add(cmd("SET").arg("balance").arg(balance - 10));
/// tx.add(cmd("INCR").arg("withdrawals"));
/// match tx.exec::<((), i64)>().await {
///     Ok(((), n)) => println!("withdrawal #{n}"),
///     Err(Error::ExecAborted) => println!("balance changed meanwhile; try again"),
///     Err(e) => return Err(e),
/// }
/// # Ok(()) }
/// ```
pub struct Transaction {
    lease: Lease,
    queued: Vec<u8>,
    len: usize,
    refused: Option<Error>,
}

impl std::fmt::Debug for Transaction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Transaction")
            .field("queued", &self.len)
            .finish()
    }
}

impl Client {
    /// Starts a transaction on a dedicated connection.
    ///
    /// # Errors
    ///
    /// [`Error::Unreachable`] when no connection can be opened (the server cannot be
    /// reached); [`Error::Timeout`] when none is free within the response timeout (see
    /// [`Config::max_dedicated`](crate::Config::max_dedicated)); the handshake's error
    /// (a refused `AUTH`, for example) otherwise.
    pub async fn transaction(&self) -> Result<Transaction, Error> {
        Ok(Transaction {
            // Waiting for a dedicated connection counts against the response timeout.
            lease: self.timed(self.lease(self.deadline())).await?,
            queued: Vec::new(),
            len: 0,
            refused: None,
        })
    }
}

impl Transaction {
    /// `WATCH`es keys: [`Transaction::exec`] fails with [`Error::ExecAborted`] if another
    /// client changes one of them first.
    ///
    /// # Errors
    ///
    /// Connection errors and timeouts.
    pub async fn watch<K: AsRef<[u8]>>(&mut self, keys: &[K]) -> Result<(), Error> {
        let mut args: Vec<&[u8]> = vec![b"WATCH"];
        args.extend(keys.iter().map(AsRef::as_ref));
        let frames = self.roundtrip(encode(&args), 1).await?;
        frames[0].decode::<()>()
    }

    /// Runs a command now, on the transaction's connection (reads between `WATCH` and
    /// `EXEC`).
    ///
    /// # Errors
    ///
    /// As [`Client::query`].
    pub async fn query<T: DecodeOwned>(&mut self, command: impl Into<Command>) -> Result<T, Error> {
        let command = command.into();
        check_shareable(&command)?;
        let conn = self.lease.conn();
        let (request, rx) = Request::one(command, conn.deadline());
        conn.submit(request);
        reply(rx).await?.decode()
    }

    /// Queues a command for `EXEC`. A command that has no place in a transaction
    /// (`SUBSCRIBE`, `MULTI`, `WATCH`, ...; see [`Client::send`]) makes `exec` fail with
    /// [`Error::InvalidUse`] without sending anything.
    pub fn add(&mut self, command: impl Into<Command>) -> &mut Self {
        let command = command.into();
        if let Err(e) = check_shareable(&command) {
            self.refused.get_or_insert(e);
        }
        self.queued.extend_from_slice(command.as_bytes());
        self.len += 1;
        self
    }

    /// Sends `MULTI`, the queued commands and `EXEC` in one write and reads `EXEC`'s reply
    /// as `T` (a tuple with one element per command; `Result<_, ServerError>` elements keep
    /// a failed command's error to itself).
    ///
    /// # Errors
    ///
    /// [`Error::ExecAborted`] when a watched key changed; [`Error::Server`] when the server
    /// refused a command while queueing it (`EXECABORT`, naming the cause) or a command
    /// failed and its element is not a `Result`; decode, timeout and connection errors.
    pub async fn exec<T: DecodeOwned>(mut self) -> Result<T, Error> {
        if let Some(e) = self.refused.take() {
            return Err(e);
        }
        let mut bytes = encode(&[b"MULTI"]);
        bytes.append(&mut self.queued);
        bytes.extend_from_slice(&encode(&[b"EXEC"]));
        let frames = self.roundtrip(bytes, self.len + 2).await?;
        // EXEC ended the transaction and dropped the WATCHes: the connection is clean.
        self.lease.release();
        let (exec, queued) = frames.split_last().expect("len + 2 frames");
        if let Some(refused) = queued.iter().find(|f| f.is_error()) {
            // EXEC then answers EXECABORT; the refusal itself says what was wrong.
            if exec.is_error() {
                return Err(refused.decode::<()>().expect_err("error reply"));
            }
        }
        if is_null(exec) {
            return Err(Error::ExecAborted);
        }
        exec.decode()
    }

    /// Drops the queued commands and the `WATCH`es.
    ///
    /// # Errors
    ///
    /// Connection errors and timeouts.
    pub async fn discard(mut self) -> Result<(), Error> {
        let frames = self.roundtrip(encode(&[b"UNWATCH"]), 1).await?;
        frames[0].decode::<()>()?;
        self.lease.release();
        Ok(())
    }

    async fn roundtrip(&mut self, bytes: Vec<u8>, replies: usize) -> Result<Vec<Frame>, Error> {
        let conn = self.lease.conn();
        let (request, rx) = Request::many(bytes, replies, conn.deadline());
        conn.submit(request);
        reply(rx).await
    }
}

fn is_null(frame: &Frame) -> bool {
    matches!(frame.as_bytes().as_ref(), b"_\r\n" | b"*-1\r\n")
}
