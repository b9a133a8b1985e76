//! [`DynRedis`]: the object-safe face of [`Redis`], for holding "some typedis client" as
//! `Arc<dyn DynRedis>` (a single node, a cluster, a Sentinel-watched primary or a test
//! double, chosen at run time).

use crate::client::pipeline::Batch;
use crate::client::redis::Redis;
use crate::client::scan::Scan;
use crate::cmd::Command;
use crate::error::Error;
use crate::resp::value::Value;
use crate::wire::Frame;
use std::future::Future;
use std::pin::Pin;

/// A boxed future of a [`DynRedis`] call.
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// [`Redis`] as a trait object: every `Redis` is a `DynRedis`, and `dyn DynRedis` (behind
/// a reference, a `Box` or an `Arc`) is a `Redis` again, with `query`, `query_as`,
/// `pipeline`, `scan` and scripts. [`Redis`] itself cannot be a trait object (its methods
/// are generic and return `impl Future`); this one boxes each call's future, one
/// allocation per command or pipeline, which is what a trait object costs.
///
/// ```no_run
/// use std::sync::Arc;
/// use typedis::{b, Client, ClusterClient, DynRedis, Error, Redis};
///
/// /// Whichever client the configuration asks for.
/// async fn connect(url: &str) -> Result<Arc<dyn DynRedis>, Error> {
///     Ok(if url.starts_with("redis+cluster://") {
///         Arc::new(ClusterClient::connect(url).await?)
///     } else {
///         Arc::new(Client::connect(url).await?)
///     })
/// }
///
/// # async fn demo() -> Result<(), Error> {
/// let redis = connect("redis://127.0.0.1:6379").await?;
/// redis.query(b().set().key("k").value("v")).await?;
/// let (value, count) = redis
///     .pipeline()
///     .add(b().get().key("k"))
///     .add(b().incr().key("n"))
///     .query()
///     .await?;
/// # let _ = (value, count);
/// # Ok(()) }
/// ```
pub trait DynRedis: Send + Sync {
    /// [`Redis::send_command`], boxed.
    fn send_command_boxed(&self, command: Command) -> BoxFuture<'_, Result<Frame, Error>>;

    /// [`Redis::send_pipeline`], boxed.
    fn send_pipeline_boxed(
        &self,
        commands: Vec<Command>,
    ) -> BoxFuture<'_, Result<Vec<Frame>, Error>>;

    /// How the client keeps a pipeline's command (see `Redis::add_to_batch`).
    #[doc(hidden)]
    fn add_to_batch_dyn(&self, batch: &mut Batch, command: Command);

    /// Sends a pipeline's commands as kept (see `Redis::send_batch`), boxed.
    #[doc(hidden)]
    fn send_batch_boxed(&self, batch: Batch) -> BoxFuture<'_, Result<Vec<Frame>, Error>>;

    /// The client's own scan (see `Redis::scan_erased`).
    #[doc(hidden)]
    fn scan_erased_dyn(&self, first_page: Command) -> Result<Scan<Value>, Command>;
}

impl<T: Redis> DynRedis for T {
    fn send_command_boxed(&self, command: Command) -> BoxFuture<'_, Result<Frame, Error>> {
        Box::pin(self.send_command(command))
    }

    fn send_pipeline_boxed(
        &self,
        commands: Vec<Command>,
    ) -> BoxFuture<'_, Result<Vec<Frame>, Error>> {
        Box::pin(self.send_pipeline(commands))
    }

    fn add_to_batch_dyn(&self, batch: &mut Batch, command: Command) {
        self.add_to_batch(batch, command);
    }

    fn send_batch_boxed(&self, batch: Batch) -> BoxFuture<'_, Result<Vec<Frame>, Error>> {
        Box::pin(self.send_batch(batch))
    }

    fn scan_erased_dyn(&self, first_page: Command) -> Result<Scan<Value>, Command> {
        self.scan_erased(first_page)
    }
}

impl Redis for dyn DynRedis {
    fn send_command(&self, command: Command) -> impl Future<Output = Result<Frame, Error>> + Send {
        self.send_command_boxed(command)
    }

    fn send_pipeline(
        &self,
        commands: Vec<Command>,
    ) -> impl Future<Output = Result<Vec<Frame>, Error>> + Send {
        self.send_pipeline_boxed(commands)
    }

    fn add_to_batch(&self, batch: &mut Batch, command: Command) {
        self.add_to_batch_dyn(batch, command);
    }

    fn send_batch(&self, batch: Batch) -> impl Future<Output = Result<Vec<Frame>, Error>> + Send {
        self.send_batch_boxed(batch)
    }

    fn scan_erased(&self, first_page: Command) -> Result<Scan<Value>, Command> {
        self.scan_erased_dyn(first_page)
    }
}
