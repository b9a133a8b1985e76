//! [`Commands`]: the one trait code that should not care which client it runs on is
//! written against ([`Client`], [`ClusterClient`], [`SentinelClient`], or a test double of
//! your own), and [`CommandsPipeline`], the pipeline it offers.

use crate::client::Client;
#[cfg(feature = "cluster")]
use crate::cluster::ClusterClient;
use crate::cmd::{Command, Request};
use crate::error::Error;
use crate::pipeline::FromReplies;
use crate::queue::typed_queue;
use crate::read::DecodeOwned;
use crate::reply::ScanPage;
use crate::resp::{DecodeError, Frame};
use crate::scan::{PageFuture, Pages, Scan};
use crate::sentinel::SentinelClient;
use std::future::Future;
use std::marker::PhantomData;

/// What every client does: send commands and pipelines, read replies as the commands'
/// types or yours, follow SCAN cursors, and (through [`ScriptRunner`](crate::ScriptRunner),
/// which every `Commands` is) run [`Script`](crate::Script)s.
///
/// Write code against it once and it runs unchanged on a single node ([`Client`]), a
/// cluster ([`ClusterClient`], which routes each command by its keys) and a primary
/// watched by Sentinel ([`SentinelClient`]). It is the counterpart of redis-rs's
/// `ConnectionLike`: two required methods, everything else provided on top of them.
///
/// ```no_run
/// use typedis::{b, Commands, Error};
///
/// /// Counts a visit and returns the new count, on whatever client it is given.
/// async fn visit(redis: &impl Commands, page: &str) -> Result<i64, Error> {
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
/// use typedis::{b, Command, Commands, Error};
///
/// /// Answers every command `+OK` and remembers what it was sent.
/// #[derive(Default)]
/// struct Recorder(Mutex<Vec<String>>);
///
/// impl Commands for Recorder {
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
pub trait Commands: Send + Sync {
    /// Sends one command where this client sends such a command, and returns its reply
    /// frame; an error reply is a frame too (decoding it yields [`Error::Server`]).
    ///
    /// # Errors
    ///
    /// As [`Client::send`] (and [`ClusterClient::send`], [`SentinelClient::send`]).
    fn send_command(&self, command: Command) -> impl Future<Output = Result<Frame, Error>> + Send;

    /// Sends commands together, as one pipeline, and returns one reply frame per command,
    /// in order.
    ///
    /// # Errors
    ///
    /// As [`Pipeline::send`](crate::Pipeline::send) (and
    /// [`ClusterPipeline::send`](crate::cluster::ClusterPipeline::send)).
    fn send_pipeline(
        &self,
        commands: Vec<Command>,
    ) -> impl Future<Output = Result<Vec<Frame>, Error>> + Send;

    /// Sends a command and returns its reply frame, to decode into types that borrow from
    /// it (see [`Client::send`]).
    ///
    /// # Errors
    ///
    /// As [`Commands::send_command`].
    fn send(&self, request: impl Request) -> impl Future<Output = Result<Frame, Error>> + Send {
        self.send_command(request.into_command())
    }

    /// Sends a command and reads its reply as the type the command declares (see
    /// [`Client::query`]).
    ///
    /// # Errors
    ///
    /// As [`Client::query`].
    fn query<R: Request>(
        &self,
        request: R,
    ) -> impl Future<Output = Result<R::Reply, Error>> + Send {
        let reply = self.send_command(request.into_command());
        async move { reply.await?.decode() }
    }

    /// Sends a command and reads its reply as an owned `T` of your choice.
    ///
    /// # Errors
    ///
    /// As [`Client::query`].
    fn query_as<T: DecodeOwned>(
        &self,
        request: impl Request,
    ) -> impl Future<Output = Result<T, Error>> + Send {
        let reply = self.send_command(request.into_command());
        async move { reply.await?.decode() }
    }

    /// Starts a pipeline, sent with [`Commands::send_pipeline`]; typed as
    /// [`Client::pipeline`]'s is.
    fn pipeline<T>(&self) -> CommandsPipeline<'_, Self, Vec<T>>
    where
        Self: Sized,
    {
        CommandsPipeline {
            client: self,
            commands: Vec::new(),
            replies: PhantomData,
        }
    }

    /// The items of a `SCAN`, `HSCAN`, `SSCAN` or `ZSCAN` as a stream that follows the
    /// cursor (see [`Scan`]): [`Client::scan`] and [`ClusterClient::scan`] for those
    /// clients, each page sent with [`Commands::send_command`] for others.
    fn scan<R, T>(&self, first_page: R) -> Scan<T>
    where
        Self: Clone + Sized + 'static,
        R: Request<Reply = ScanPage<T>>,
        T: DecodeOwned,
    {
        Scan::new(Box::new(Through(self.clone())), first_page.into_command())
    }
}

/// The pages of a scan, sent through any [`Commands`].
struct Through<C>(C);

impl<C: Commands + Clone + 'static> Pages for Through<C> {
    fn fetch(&mut self, command: Command) -> PageFuture {
        let client = self.0.clone();
        Box::pin(async move { client.send_command(command).await })
    }
}

/// A pipeline of any [`Commands`] client, made by [`Commands::pipeline`]: its type
/// records what its commands reply, as a [`Pipeline`](crate::Pipeline)'s does.
#[must_use = "a pipeline does nothing until it is sent"]
pub struct CommandsPipeline<'a, C: ?Sized, Replies = Vec<crate::Value>> {
    client: &'a C,
    commands: Vec<Command>,
    replies: PhantomData<fn() -> Replies>,
}

impl<C: ?Sized, R> std::fmt::Debug for CommandsPipeline<'_, C, R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CommandsPipeline")
            .field("commands", &self.commands)
            .finish_non_exhaustive()
    }
}

typed_queue!(CommandsPipeline<'a, Target: ?Sized + Commands>);

impl<'a, C: ?Sized + Commands, L> CommandsPipeline<'a, C, L> {
    fn append(&mut self, command: Command) {
        self.commands.push(command);
    }

    fn retype<M>(self) -> CommandsPipeline<'a, C, M> {
        CommandsPipeline {
            client: self.client,
            commands: self.commands,
            replies: PhantomData,
        }
    }

    /// Number of commands.
    pub fn len(&self) -> usize {
        self.commands.len()
    }

    /// Whether no command was added.
    pub fn is_empty(&self) -> bool {
        self.commands.is_empty()
    }

    /// Sends the commands and returns one reply frame per command, in order.
    ///
    /// # Errors
    ///
    /// As [`Commands::send_pipeline`].
    pub async fn send(self) -> Result<Vec<Frame>, Error> {
        if self.commands.is_empty() {
            return Ok(Vec::new());
        }
        self.client.send_pipeline(self.commands).await
    }

    /// Sends the commands and reads the replies as the types of the commands added (see
    /// [`Pipeline::query`](crate::Pipeline::query)).
    ///
    /// # Errors
    ///
    /// As [`Pipeline::query`](crate::Pipeline::query).
    pub async fn query(self) -> Result<L, Error>
    where
        L: FromReplies,
    {
        self.query_as().await
    }

    /// Sends the commands and reads the replies as `T` (see
    /// [`Pipeline::query_as`](crate::Pipeline::query_as)).
    ///
    /// # Errors
    ///
    /// As [`Pipeline::query_as`](crate::Pipeline::query_as).
    pub async fn query_as<T: FromReplies>(self) -> Result<T, Error> {
        if let Some(n) = T::LEN {
            if n != self.commands.len() {
                // Nothing is sent: the replies could not fit.
                return Err(Error::Decode(DecodeError::length(n, self.commands.len())));
            }
        }
        T::from_replies(self.send().await?)
    }
}

impl Commands for Client {
    fn send_command(&self, command: Command) -> impl Future<Output = Result<Frame, Error>> + Send {
        Client::send(self, command)
    }

    async fn send_pipeline(&self, commands: Vec<Command>) -> Result<Vec<Frame>, Error> {
        let mut pipeline = Client::pipeline(self);
        for command in commands {
            pipeline.push(command);
        }
        pipeline.send().await
    }

    fn scan<R, T>(&self, first_page: R) -> Scan<T>
    where
        R: Request<Reply = ScanPage<T>>,
        T: DecodeOwned,
    {
        Client::scan(self, first_page)
    }
}

#[cfg(feature = "cluster")]
impl Commands for ClusterClient {
    fn send_command(&self, command: Command) -> impl Future<Output = Result<Frame, Error>> + Send {
        ClusterClient::send(self, command)
    }

    async fn send_pipeline(&self, commands: Vec<Command>) -> Result<Vec<Frame>, Error> {
        let mut pipeline = ClusterClient::pipeline(self);
        for command in commands {
            pipeline.push(command);
        }
        pipeline.send().await
    }

    fn scan<R, T>(&self, first_page: R) -> Scan<T>
    where
        R: Request<Reply = ScanPage<T>>,
        T: DecodeOwned,
    {
        ClusterClient::scan(self, first_page)
    }
}

impl Commands for SentinelClient {
    fn send_command(&self, command: Command) -> impl Future<Output = Result<Frame, Error>> + Send {
        SentinelClient::send(self, command)
    }

    async fn send_pipeline(&self, commands: Vec<Command>) -> Result<Vec<Frame>, Error> {
        self.primary().send_pipeline(commands).await
    }

    /// On the primary: a cursor belongs to one node, and a replica client may move to
    /// another replica between pages.
    fn scan<R, T>(&self, first_page: R) -> Scan<T>
    where
        R: Request<Reply = ScanPage<T>>,
        T: DecodeOwned,
    {
        self.primary().scan(first_page)
    }
}
