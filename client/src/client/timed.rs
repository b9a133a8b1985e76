//! [`Timed`]: a client whose commands have a response timeout of their own
//! ([`Client::with_timeout`](crate::Client::with_timeout) and the same on every client).

use std::future::Future;
use std::time::Duration;

use crate::client::pipeline::{Batch, Pipeline};
use crate::client::redis::Redis;
use crate::cmd::{Command, Request};
use crate::conn::timeout;
use crate::error::Error;
use crate::resp::read::DecodeOwned;
use crate::wire::Frame;

/// A client whose commands wait at most `timeout` each, in place of the configured
/// response timeout: for reconnecting, room to write, a dedicated connection, redirects
/// and the reply alike. Shorter or longer than the configured one; a blocking command
/// still waits its own block time (and, blocking until data arrives, waits no longer than
/// this timeout). Made by `with_timeout` on every client; it borrows the client, and is
/// itself a [`Redis`].
///
/// ```no_run
/// # async fn demo(client: typedis::Client) -> Result<(), typedis::Error> {
/// use std::time::Duration;
/// use typedis::b;
///
/// // A read that must not hold up a request: 50 ms, whatever the client's default.
/// let cached = client
///     .with_timeout(Duration::from_millis(50))
///     .query(b().get().key("session:7"))
///     .await;
/// // A slow report may take longer than the default.
/// let slow = client.with_timeout(Duration::from_secs(30));
/// let (keys, memory) = slow.pipeline().add(b().dbsize()).add(b().memory_stats()).query().await?;
/// # let _ = (cached, keys, memory); Ok(()) }
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Timed<'a, C> {
    client: &'a C,
    timeout: Duration,
}

impl<'a, C: Redis> Timed<'a, C> {
    pub(crate) fn new(client: &'a C, timeout: Duration) -> Timed<'a, C> {
        Timed { client, timeout }
    }

    /// The timeout of each command.
    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    /// As the client's `query`, within this timeout.
    ///
    /// # Errors
    ///
    /// As the client's; [`Error::Timeout`] with this timeout when it passes.
    pub fn query<'b, R: Request + 'b>(
        &'b self,
        request: R,
    ) -> impl Future<Output = Result<R::Reply, Error>> + Send + 'b {
        Redis::query(self, request)
    }

    /// As the client's `query_as`, within this timeout.
    ///
    /// # Errors
    ///
    /// As [`Timed::query`].
    pub fn query_as<'b, T: DecodeOwned + 'b>(
        &'b self,
        request: impl Request + 'b,
    ) -> impl Future<Output = Result<T, Error>> + Send + 'b {
        Redis::query_as(self, request)
    }

    /// As the client's `send`, within this timeout.
    ///
    /// # Errors
    ///
    /// As [`Timed::query`], decoding aside.
    pub fn send<'b>(
        &'b self,
        request: impl Request + 'b,
    ) -> impl Future<Output = Result<Frame, Error>> + Send + 'b {
        Redis::send(self, request)
    }

    /// A pipeline whose batch waits at most this timeout.
    pub fn pipeline<T>(&self) -> Pipeline<Vec<T>, &Self> {
        Pipeline::new(self)
    }
}

impl<C: Redis> Redis for Timed<'_, C> {
    fn send_command(&self, command: Command) -> impl Future<Output = Result<Frame, Error>> + Send {
        timeout::within(self.timeout, self.client.send_command(command))
    }

    fn send_pipeline(
        &self,
        commands: Vec<Command>,
    ) -> impl Future<Output = Result<Vec<Frame>, Error>> + Send {
        timeout::within(self.timeout, self.client.send_pipeline(commands))
    }

    fn add_to_batch(&self, batch: &mut Batch, command: Command) {
        self.client.add_to_batch(batch, command);
    }

    fn send_batch(&self, batch: Batch) -> impl Future<Output = Result<Vec<Frame>, Error>> + Send {
        timeout::within(self.timeout, self.client.send_batch(batch))
    }
}
