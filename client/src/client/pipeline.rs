//! [`Pipeline`], the one pipeline type over every client: several commands sent together,
//! their replies read back as a typed tuple (or `Vec`), each command's error kept to
//! itself when asked for as `Result<T, ServerError>`. How the commands travel is the
//! client's ([`Redis::send_pipeline`]): in one write on a single node, grouped by node on
//! a cluster.

use std::marker::PhantomData;
use std::time::Duration;

use crate::cache::Writes;
use crate::client::redis::Redis;
use crate::client::typed_queue::typed_queue;
use crate::cmd::Command;
use crate::error::Error;
use crate::resp::read::DecodeOwned;
use crate::wire::DecodeError;
use crate::wire::Frame;

/// Commands sent together, answered in one round trip (per node, on a cluster).
///
/// The pipeline's type records what its commands reply (see the [`add`](Self::add) and
/// [`push`](Self::push) methods): a chain of `add`s reads a tuple (of up to 12 replies;
/// `push` more into a `Vec`), a loop of `push`es a `Vec`, with no annotation; [`query_as`](Self::query_as) reads any other type, such as
/// a tuple with `Result<_, ServerError>` elements that keeps each command's error to
/// itself. `C` is the client it goes through: a [`Client`](crate::Client), a
/// [`ClusterClient`](crate::ClusterClient), or a borrowed [`Redis`] of any kind (what
/// [`Redis::pipeline`] makes).
/// ```no_run
/// # async fn demo(client: typedis::Client) -> Result<(), typedis::Error> {
/// use typedis::{b, ServerError};
///
/// let ((), hits) = client
///     .pipeline()
///     .add(b().set().key("k").value("v"))
///     .add(b().incr().key("hits"))
///     .query()
///     .await?;
///
/// let mut gets = client.pipeline();
/// for key in ["a", "b", "c"] {
///     gets.push(b().get().key(key));
/// }
/// let values = gets.query().await?; // Vec<Option<Bytes>>
///
/// // One failed command keeps its error to itself:
/// let (hits, bad): (i64, Result<i64, ServerError>) = client
///     .pipeline()
///     .add(b().incr().key("hits"))
///     .add(b().incr().key("k")) // not a number
///     .query_as()
///     .await?;
/// assert!(bad.is_err());
/// # let _ = (hits, values); Ok(()) }
/// ```
#[must_use = "a pipeline does nothing until it is sent; `add` returns the pipeline with \
              the command added: chain `.add(..)`, or `push` in a loop"]
pub struct Pipeline<Replies, C> {
    client: C,
    batch: Batch,
    replies: PhantomData<fn() -> Replies>,
}

/// A pipeline's commands as its client keeps them until they are sent (see
/// [`Redis::send_pipeline`]): as [`Command`]s, or, for a client that writes them in one
/// buffer, encoded back to back as they come (each command's buffer then goes back to be
/// reused at once, so a long pipeline allocates no buffer per command).
#[doc(hidden)]
#[derive(Default)]
pub struct Batch {
    pub(crate) commands: Vec<Command>,
    pub(crate) bytes: Vec<u8>,
    pub(crate) len: usize,
    /// The first command the client refuses, reported at send.
    pub(crate) refused: Option<Error>,
    /// The writes among them, for a client-side cache.
    pub(crate) writes: Writes,
    /// The longest block time of the `WAIT`s among them, which the batch's replies may
    /// take beyond the response timeout.
    pub(crate) hold: Option<Duration>,
}

impl Batch {
    /// Keeps `command` as it is.
    pub(crate) fn keep(&mut self, command: Command) {
        if self.commands.capacity() == 0 {
            // Room for a few at once instead of growing from 4.
            #[allow(clippy::disallowed_methods, reason = "a constant")]
            self.commands.reserve(16);
        }
        self.commands.push(command);
        self.len += 1;
    }

    /// Appends `command`'s bytes to the others'.
    #[inline]
    pub(crate) fn encode(&mut self, command: &Command) {
        let bytes = command.as_bytes();
        if self.bytes.capacity() == 0 {
            // Room for a few more of the same size at once, instead of doubling from 8
            // bytes (capped: a first command carrying a huge value is not a pattern to
            // repeat).
            #[allow(
                clippy::disallowed_methods,
                reason = "the client's own command, capped"
            )]
            self.bytes
                .reserve((bytes.len() * 16).min(64 * 1024).max(bytes.len()));
        }
        self.bytes.extend_from_slice(bytes);
        self.len += 1;
    }

    /// The commands kept. (A client that encodes commands as they come sends them itself:
    /// its batches never come here.)
    pub(crate) fn into_commands(self) -> Vec<Command> {
        debug_assert!(
            self.bytes.is_empty(),
            "an encoded batch is sent by its client"
        );
        self.commands
    }
}

impl<R, C> std::fmt::Debug for Pipeline<R, C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pipeline")
            .field("len", &self.batch.len)
            .finish_non_exhaustive()
    }
}

impl<T, C: Redis> Pipeline<Vec<T>, C> {
    /// An empty pipeline through `client`.
    pub(crate) fn new(client: C) -> Self {
        Pipeline {
            client,
            batch: Batch::default(),
            replies: PhantomData,
        }
    }
}

impl<L, C: Redis> Pipeline<L, C> {
    fn append(&mut self, command: Command) {
        self.client.add_to_batch(&mut self.batch, command);
    }

    fn retype<M>(self) -> Pipeline<M, C> {
        Pipeline {
            client: self.client,
            batch: self.batch,
            replies: PhantomData,
        }
    }

    /// Number of commands.
    pub fn len(&self) -> usize {
        self.batch.len
    }

    /// Whether no command was added.
    pub fn is_empty(&self) -> bool {
        self.batch.len == 0
    }

    /// Sends the commands and returns one reply frame per command, in order (error replies
    /// included, as frames). An empty pipeline sends nothing.
    ///
    /// # Errors
    ///
    /// As the client's [`Redis::send_pipeline`]: for a [`Client`], [`Error::Timeout`],
    /// [`Error::ConnectionClosed`], [`Error::Unreachable`] or [`Error::Protocol`] when the
    /// pipeline as a whole failed, and [`Error::InvalidUse`] (nothing sent) when it holds
    /// a command that would break the shared connection (see [`Client::send`]); for a
    /// [`ClusterClient`](crate::ClusterClient), [`Error::Cluster`] when a command cannot
    /// be routed (nothing is sent then), [`Error::Timeout`] or [`Error::ConnectionClosed`]
    /// when a node's group failed after it was written (its commands may have run).
    ///
    /// [`Client`]: crate::Client
    /// [`Client::send`]: crate::Client::send
    pub async fn send(self) -> Result<Vec<Frame>, Error> {
        if self.batch.len == 0 {
            return Ok(Vec::new());
        }
        self.client.send_batch(self.batch).await
    }

    /// Sends the commands and reads the replies as the types of the commands added: a
    /// tuple for a chain of [`add`](Self::add)s, a `Vec` for [`push`](Self::push)es.
    ///
    /// # Errors
    ///
    /// As [`Pipeline::send`]; [`Error::Server`] when a command failed; [`Error::Decode`]
    /// when a reply does not fit its type, or when `push`es and `add`s were mixed (the
    /// tuple then has fewer elements than the pipeline has commands: nothing is sent).
    pub async fn query(self) -> Result<L, Error>
    where
        L: FromReplies,
    {
        self.query_as().await
    }

    /// Sends the commands and reads the replies as `T`: a tuple with one element per
    /// command, or a `Vec` of one type; an element `Result<_, ServerError>` keeps a failed
    /// command's error to itself.
    ///
    /// # Errors
    ///
    /// As [`Pipeline::send`]; [`Error::Decode`] when the replies do not fit `T` (a tuple
    /// of another length than the pipeline's, which is found before anything is sent,
    /// included); [`Error::Server`] when a command failed and its element is not a
    /// `Result<_, ServerError>`.
    pub async fn query_as<T: FromReplies>(self) -> Result<T, Error> {
        if let Some(n) = T::LEN {
            if n != self.batch.len {
                // Nothing is sent: the replies could not fit.
                return Err(Error::Decode(DecodeError::length(n, self.batch.len)));
            }
        }
        T::from_replies(self.send().await?)
    }
}

typed_queue!(Pipeline, Target: Redis);

/// Decodes one reply of a pipeline or transaction: an error reply is an
/// `Ok(Err(ServerError))` when `T` is a `Result<_, ServerError>`, else [`Error::Server`].
pub(crate) fn decode_reply<T: DecodeOwned>(frame: Frame) -> Result<T, Error> {
    if frame.is_error() {
        let mut reader = crate::wire::Reader::new(&frame);
        if let Ok(value) = T::read(&mut reader) {
            return Ok(value);
        }
    }
    frame.decode_owned()
}

/// Types a pipeline's replies decode into: tuples (one element per command) and `Vec`s.
pub trait FromReplies: Sized {
    /// Number of replies expected (`None`: any).
    const LEN: Option<usize>;
    /// Decodes the replies, one frame per command.
    ///
    /// # Errors
    ///
    /// The first reply that failed to decode.
    fn from_replies(frames: Vec<Frame>) -> Result<Self, Error>;
}

impl<T: DecodeOwned> FromReplies for Vec<T> {
    const LEN: Option<usize> = None;
    fn from_replies(frames: Vec<Frame>) -> Result<Self, Error> {
        frames.into_iter().map(decode_reply).collect()
    }
}

macro_rules! tuple_replies {
    ($n:expr; $($t:ident $i:tt),+) => {
        impl<$($t: DecodeOwned),+> FromReplies for ($($t,)+) {
            const LEN: Option<usize> = Some($n);
            fn from_replies(frames: Vec<Frame>) -> Result<Self, Error> {
                if frames.len() != $n {
                    return Err(Error::Decode(DecodeError::length($n, frames.len())));
                }
                let mut frames = frames.into_iter();
                Ok(($(decode_reply::<$t>(next_reply(&mut frames, $i, $n)?)?,)+))
            }
        }
    };
}

/// The next of a pipeline's `n` replies, the `i`th (there are `n`: the caller checked).
fn next_reply(frames: &mut std::vec::IntoIter<Frame>, i: usize, n: usize) -> Result<Frame, Error> {
    frames
        .next()
        .ok_or_else(|| Error::Decode(DecodeError::length(n, i)))
}

tuple_replies!(1; A 0);
tuple_replies!(2; A 0, B 1);
tuple_replies!(3; A 0, B 1, C 2);
tuple_replies!(4; A 0, B 1, C 2, D 3);
tuple_replies!(5; A 0, B 1, C 2, D 3, E 4);
tuple_replies!(6; A 0, B 1, C 2, D 3, E 4, F 5);
tuple_replies!(7; A 0, B 1, C 2, D 3, E 4, F 5, G 6);
tuple_replies!(8; A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7);
tuple_replies!(9; A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8);
tuple_replies!(10; A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9);
tuple_replies!(11; A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10);
tuple_replies!(12; A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11);
