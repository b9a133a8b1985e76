//! Explicit pipelines: several commands written at once, their replies read back as a typed
//! tuple (or `Vec`), each command's error kept to itself when asked for as
//! `Result<T, ServerError>`.

use crate::client::{check_shareable, Client, DecodeOwned};
use crate::cmd::Command;
use crate::conn::mux::{reply, Request};
use crate::error::Error;
use crate::resp::{DecodeError, Frame};

/// Commands sent in one write, answered in one round trip.
///
/// ```no_run
/// # async fn demo(client: typedis::Client) -> Result<(), typedis::Error> {
/// use typedis::{cmd, ServerError};
///
/// let (set, hits, bad): ((), i64, Result<i64, ServerError>) = client
///     .pipeline()
///     .add(cmd("SET").arg("k").arg("v"))
///     .add(cmd("INCR").arg("hits"))
///     .add(cmd("INCR").arg("k")) // not a number: only this command fails
///     .query()
///     .await?;
/// assert!(bad.is_err());
/// # let _ = (set, hits); Ok(()) }
/// ```
#[derive(Debug)]
#[must_use = "a pipeline does nothing until it is sent"]
pub struct Pipeline {
    client: Client,
    bytes: Vec<u8>,
    len: usize,
    /// The first command that may not run on the shared connection, reported at send.
    refused: Option<Error>,
}

impl Pipeline {
    pub(crate) fn new(client: Client) -> Self {
        Pipeline {
            client,
            bytes: Vec::new(),
            len: 0,
            refused: None,
        }
    }

    /// Appends a command.
    // `add` reads as "add a command" in a builder chain; `Pipeline + Command` would not.
    #[allow(clippy::should_implement_trait)]
    pub fn add(mut self, command: impl Into<Command>) -> Self {
        self.push(command);
        self
    }

    /// Appends a command (for loops).
    pub fn push(&mut self, command: impl Into<Command>) -> &mut Self {
        let command = command.into();
        if let Err(e) = check_shareable(&command) {
            self.refused.get_or_insert(e);
        }
        if self.bytes.capacity() == 0 {
            // Room for a few more of the same size at once, instead of doubling from 8 bytes
            // (capped: a first command carrying a huge value is not a pattern to repeat).
            self.bytes.reserve(
                (command.as_bytes().len() * 16)
                    .min(64 * 1024)
                    .max(command.as_bytes().len()),
            );
        }
        self.bytes.extend_from_slice(command.as_bytes());
        self.len += 1;
        self
    }

    /// Number of commands.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no command was added.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Sends the commands and returns one reply frame per command, in order (error replies
    /// included, as frames).
    ///
    /// # Errors
    ///
    /// [`Error::Timeout`], [`Error::ConnectionClosed`], [`Error::Unreachable`] or
    /// [`Error::Protocol`]: the pipeline as a whole failed;
    /// [`Error::InvalidUse`] (nothing sent) when it holds a command that would break the
    /// shared connection (see [`Client::send`]).
    pub async fn send(self) -> Result<Vec<Frame>, Error> {
        if let Some(e) = self.refused {
            return Err(e);
        }
        if self.len == 0 {
            return Ok(Vec::new());
        }
        let span = tracing::debug_span!("redis", command = "pipeline", len = self.len);
        let client = self.client;
        let run = async {
            // One deadline for reconnecting, waiting for room and the replies.
            let (request, rx) = Request::many(self.bytes, self.len, client.deadline());
            client.submit(request).await?;
            reply(rx).await
        };
        if span.is_disabled() {
            run.await
        } else {
            tracing::Instrument::instrument(run, span).await
        }
    }

    /// Sends the commands and reads the replies as `T`: a tuple with one element per
    /// command, or a `Vec` of one type.
    ///
    /// # Errors
    ///
    /// As [`Pipeline::send`]; [`Error::Decode`] when the replies do not fit `T` (a tuple
    /// of another length than the pipeline's, which is found before anything is sent,
    /// included); [`Error::Server`] when a command failed and its element is not a
    /// `Result<_, ServerError>`.
    pub async fn query<T: FromReplies>(self) -> Result<T, Error> {
        if let Some(n) = T::LEN {
            if n != self.len {
                // Nothing is sent: the replies could not fit.
                return Err(Error::Decode(DecodeError::length(n, self.len)));
            }
        }
        T::from_replies(self.send().await?)
    }
}

impl Client {
    /// Starts an explicit pipeline on the multiplexed connection. Blocking commands do not
    /// belong in it: they would stall every other caller.
    pub fn pipeline(&self) -> Pipeline {
        Pipeline::new(self.clone())
    }
}

/// Decodes one reply of a pipeline or transaction: an error reply is an
/// `Ok(Err(ServerError))` when `T` is a `Result<_, ServerError>`, else [`Error::Server`].
pub(crate) fn decode_reply<T: DecodeOwned>(frame: &Frame) -> Result<T, Error> {
    if frame.is_error() {
        let mut reader = crate::resp::Reader::new(frame);
        if let Ok(value) = T::read(&mut reader) {
            return Ok(value);
        }
    }
    frame.decode()
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
        frames.iter().map(decode_reply).collect()
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
                Ok(($(decode_reply::<$t>(&frames[$i])?,)+))
            }
        }
    };
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
