//! [`Redis`]: the one trait code that should not care which client it runs on is written
//! against ([`Client`](crate::Client), [`ClusterClient`](crate::ClusterClient),
//! [`SentinelClient`](crate::SentinelClient), or a test double of your own): the one
//! implementation of `query` and `query_as` over every client, the one `pipeline`, and
//! each client's way of sending a command and a batch.

use crate::client::pipeline::{Batch, Pipeline};
use crate::client::scan::{PageFuture, Pages, Scan};
use crate::cmd::{Command, Request};
use crate::error::Error;
use crate::reply::ScanPage;
use crate::resp::read::DecodeOwned;
use crate::resp::value::Value;
use crate::support::futures::Map;
use crate::wire::Frame;
use std::future::Future;

/// What every client does: send commands and pipelines, read replies as the commands'
/// types or yours, follow SCAN cursors, and (through [`ScriptRunner`](crate::ScriptRunner),
/// which every `Redis` is) run [`Script`](crate::Script)s.
///
/// Write code against it once and it runs unchanged on a single node ([`Client`](crate::Client)), a
/// cluster ([`ClusterClient`], which routes each command by its keys) and a primary
/// watched by Sentinel ([`SentinelClient`]). It is the counterpart of redis-rs's
/// `ConnectionLike`: two required methods, everything else provided on top of them (the
/// clients' own `query` and `query_as` are these, and their docs say what each client
/// adds). Its old name, `Commands`, still works for one release.
///
/// ```no_run
/// use typedis::{b, Error, Redis};
///
/// /// Counts a visit and returns the new count, on whatever client it is given.
/// async fn visit(redis: &impl Redis, page: &str) -> Result<i64, Error> {
///     let key = format!("visits:{page}");
///     let (count, _expiry_set) = redis
///         .pipeline()
///         .add(b().incr().key(&key))
///         .add(b().expire().key(&key).seconds(86_400))
///         .query()
///         .await?;
///     Ok(count)
/// }
/// # async fn demo() -> Result<(), Error> {
/// let single = typedis::Client::connect("redis://127.0.0.1:6379").await?;
/// let cluster = typedis::ClusterClient::connect("redis+cluster://127.0.0.1:7000").await?;
/// let sentinel = typedis::SentinelClient::connect("redis+sentinel://127.0.0.1:26379/app").await?;
/// visit(&single, "home").await?;
/// visit(&cluster, "home").await?;
/// visit(&sentinel, "home").await?;
/// # Ok(()) }
/// ```
///
/// A test double implements the two required methods:
///
/// ```
/// use std::sync::Mutex;
/// use typedis::resp::Frame;
/// use typedis::{b, Command, Error, Redis};
///
/// /// Answers every command `+OK` and remembers what it was sent.
/// #[derive(Default)]
/// struct Recorder(Mutex<Vec<String>>);
///
/// impl Redis for Recorder {
///     async fn send_command(&self, command: Command) -> Result<Frame, Error> {
///         self.0.lock().unwrap().push(command.name().to_owned());
///         Ok(Frame::from_slice(b"+OK\r\n")?)
///     }
///
///     async fn send_pipeline(&self, commands: Vec<Command>) -> Result<Vec<Frame>, Error> {
///         let mut replies = Vec::new();
///         for command in commands {
///             replies.push(self.send_command(command).await?);
///         }
///         Ok(replies)
///     }
/// }
///
/// # tokio_test(async {
/// let double = Recorder::default();
/// let () = double.query(b().set().key("k").value("v")).await?;
/// assert_eq!(*double.0.lock().unwrap(), ["SET"]);
/// # Ok::<(), Error>(()) });
/// # fn tokio_test(f: impl std::future::Future<Output = Result<(), Error>>) {
/// #     tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(f).unwrap();
/// # }
/// ```
///
/// [`ClusterClient`]: crate::ClusterClient
/// [`SentinelClient`]: crate::SentinelClient
pub trait Redis: Send + Sync {
    /// Sends one command where this client sends such a command, and returns its reply
    /// frame; an error reply is a frame too (decoding it yields [`Error::Server`]).
    ///
    /// # Errors
    ///
    /// As [`Client::send`] (and [`ClusterClient::send`], [`SentinelClient::send`]).
    ///
    /// [`Client::send`]: crate::Client::send
    /// [`ClusterClient::send`]: crate::ClusterClient::send
    /// [`SentinelClient::send`]: crate::SentinelClient::send
    fn send_command(&self, command: Command) -> impl Future<Output = Result<Frame, Error>> + Send;

    /// Sends commands together, as one pipeline, and returns one reply frame per command,
    /// in order.
    ///
    /// # Errors
    ///
    /// As [`Pipeline::send`] says for each client.
    fn send_pipeline(
        &self,
        commands: Vec<Command>,
    ) -> impl Future<Output = Result<Vec<Frame>, Error>> + Send;

    /// How this client keeps a pipeline's command until the pipeline is sent (as it is,
    /// unless the client encodes commands as they come).
    #[doc(hidden)]
    fn add_to_batch(&self, batch: &mut Batch, command: Command) {
        batch.keep(command);
    }

    /// This client's own scan of `first_page`, its items read later as their type; the
    /// command back when the client has none, and pages go through
    /// [`Redis::send_command`].
    #[doc(hidden)]
    fn scan_erased(&self, first_page: Command) -> Result<Scan<Value>, Command> {
        Err(first_page)
    }

    /// Sends a pipeline's commands as [`Redis::add_to_batch`] kept them.
    #[doc(hidden)]
    fn send_batch(&self, batch: Batch) -> impl Future<Output = Result<Vec<Frame>, Error>> + Send {
        self.send_pipeline(batch.into_commands())
    }

    /// Sends a command and returns its reply frame, to decode into types that borrow from
    /// it (see [`Client::send`](crate::Client::send)).
    ///
    /// # Errors
    ///
    /// As [`Redis::send_command`].
    fn send(&self, request: impl Request) -> impl Future<Output = Result<Frame, Error>> + Send {
        self.send_command(request.into_command())
    }

    /// Sends a command and reads its reply as the type the command declares (see
    /// [`Client::query`](crate::Client::query)).
    ///
    /// # Errors
    ///
    /// As [`Client::query`](crate::Client::query).
    fn query<R: Request>(
        &self,
        request: R,
    ) -> impl Future<Output = Result<R::Reply, Error>> + Send {
        // A combinator, not an `async` block: a block would keep `reply` twice.
        let reply = self.send_command(request.into_command());
        Map::new(reply, |frame| frame?.decode_owned())
    }

    /// Sends a command and reads its reply as an owned `T` of your choice.
    ///
    /// # Errors
    ///
    /// As [`Client::query`](crate::Client::query).
    fn query_as<T: DecodeOwned>(
        &self,
        request: impl Request,
    ) -> impl Future<Output = Result<T, Error>> + Send {
        // A combinator, not an `async` block: a block would keep `reply` twice.
        let reply = self.send_command(request.into_command());
        Map::new(reply, |frame| frame?.decode_owned())
    }

    /// Starts a pipeline, sent with [`Redis::send_pipeline`]: typed as
    /// [`Client::pipeline`](crate::Client::pipeline)'s is, borrowing this client.
    fn pipeline<T>(&self) -> Pipeline<Vec<T>, &Self>
    where
        Self: Sized,
    {
        Pipeline::new(self)
    }

    /// The items of a `SCAN`, `HSCAN`, `SSCAN` or `ZSCAN` as a stream that follows the
    /// cursor (see [`Scan`]): [`Client::scan`] and [`ClusterClient::scan`] for those
    /// clients, each page sent with [`Redis::send_command`] for others.
    ///
    /// [`Client::scan`]: crate::Client::scan
    /// [`ClusterClient::scan`]: crate::ClusterClient::scan
    fn scan<R, T>(&self, first_page: R) -> Scan<T>
    where
        Self: Clone + Sized + 'static,
        R: Request<Reply = ScanPage<T>>,
        T: DecodeOwned,
    {
        match self.scan_erased(first_page.into_command()) {
            Ok(scan) => scan.retype(),
            Err(command) => Scan::new(Box::new(Through(self.clone())), command),
        }
    }
}

/// The pages of a scan, sent through any [`Redis`].
struct Through<C>(C);

impl<C: Redis + Clone + 'static> Pages for Through<C> {
    fn fetch(&mut self, command: Command) -> PageFuture {
        let client = self.0.clone();
        Box::pin(async move { client.send_command(command).await })
    }
}

/// `Redis` for pointers to a client: each method forwards to the client.
macro_rules! forward_redis {
    ($($(#[$doc:meta])* $pointer:ty;)*) => {$(
        $(#[$doc])*
        impl<T: Redis + ?Sized> Redis for $pointer {
            fn send_command(
                &self,
                command: Command,
            ) -> impl Future<Output = Result<Frame, Error>> + Send {
                (**self).send_command(command)
            }

            fn send_pipeline(
                &self,
                commands: Vec<Command>,
            ) -> impl Future<Output = Result<Vec<Frame>, Error>> + Send {
                (**self).send_pipeline(commands)
            }

            fn add_to_batch(&self, batch: &mut Batch, command: Command) {
                (**self).add_to_batch(batch, command);
            }

            fn send_batch(
                &self,
                batch: Batch,
            ) -> impl Future<Output = Result<Vec<Frame>, Error>> + Send {
                (**self).send_batch(batch)
            }

            fn scan_erased(&self, first_page: Command) -> Result<Scan<Value>, Command> {
                (**self).scan_erased(first_page)
            }
        }
    )*};
}

forward_redis! {
    /// A borrowed client is a client: pipelines made by [`Redis::pipeline`] hold one.
    &T;
    /// A shared client is a client: `Arc<dyn DynRedis>` (and `Arc<Client>`) can be cloned
    /// into tasks and scans.
    std::sync::Arc<T>;
}
