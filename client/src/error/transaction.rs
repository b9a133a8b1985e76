//! [`FailedInTransaction`]: commands that failed inside a transaction that ran.

use std::borrow::Cow;
use std::fmt;

use crate::wire::{Frame, ServerError};

/// Commands of a transaction failed when `EXEC` ran them
/// ([`Error::FailedInTransaction`](crate::Error::FailedInTransaction)): the server runs
/// every queued command and does not undo the others, so their effects stand. This says
/// which commands failed and why, and gives every command's reply.
///
/// Read the replies as a type with one `Result<_, ServerError>` per command where a
/// command may fail, with [`replies`](Self::replies) here or
/// [`Multi::exec_as`](crate::Multi::exec_as) up front:
///
/// ```
/// # async fn demo(client: typedis::Client) -> Result<(), typedis::Error> {
/// use typedis::{b, Error, ServerError};
///
/// let result = client
///     .multi()
///     .add(b().set().key("name").value("ada"))
///     .add(b().incr().key("name")) // not a number: fails when EXEC runs it
///     .exec()
///     .await;
/// match result {
///     Ok(((), n)) => println!("count {n}"),
///     Err(Error::FailedInTransaction(failed)) => {
///         let first = &failed.failed()[0];
///         assert_eq!((first.index(), first.command()), (1, "INCR"));
///         // The SET ran: its reply is there, the INCR's error beside it.
///         let (set, incr): (Result<(), ServerError>, Result<i64, ServerError>) =
///             failed.replies()?;
///         assert!(set.is_ok() && incr.is_err());
///     }
///     Err(e) => return Err(e),
/// }
/// # Ok(()) }
/// ```
#[derive(Clone)]
pub struct FailedInTransaction(Box<Inner>);

/// Boxed: an [`Error`](crate::error::Error) is as large as its largest variant.
#[derive(Clone)]
struct Inner {
    failed: Vec<FailedCommand>,
    commands: usize,
    /// `EXEC`'s reply: an array with one reply per command.
    exec: Frame,
}

/// One command that failed inside a transaction: where it was queued, its name, and the
/// server's error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FailedCommand {
    index: usize,
    command: Cow<'static, str>,
    error: ServerError,
}

impl FailedCommand {
    /// Where the command was queued, the first being 0.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The command's name (`INCR`, `CLIENT KILL`).
    pub fn command(&self) -> &str {
        &self.command
    }

    /// The server's error.
    pub fn error(&self) -> &ServerError {
        &self.error
    }

    /// The command queued at `index`, named `command`, that failed with `error`.
    pub(crate) fn new(index: usize, command: Cow<'static, str>, error: ServerError) -> Self {
        FailedCommand {
            index,
            command,
            error,
        }
    }
}

impl FailedInTransaction {
    /// The failures `failed` (at least one) among `commands` commands, whose replies are
    /// `exec`, `EXEC`'s reply.
    pub(crate) fn new(failed: Vec<FailedCommand>, commands: usize, exec: Frame) -> Self {
        debug_assert!(!failed.is_empty());
        FailedInTransaction(Box::new(Inner {
            failed,
            commands,
            exec,
        }))
    }

    /// `EXEC`'s reply: one reply per command (read by
    /// [`replies`](FailedInTransaction::replies), in `client/transaction/failed.rs`).
    pub(crate) fn exec(&self) -> &Frame {
        &self.0.exec
    }

    /// The commands that failed, in the order queued (at least one).
    pub fn failed(&self) -> &[FailedCommand] {
        &self.0.failed
    }

    /// The number of commands in the transaction, those that failed included.
    pub fn commands(&self) -> usize {
        self.0.commands
    }

    /// The first failed command's error.
    pub(crate) fn first_error(&self) -> &ServerError {
        &self.0.failed[0].error
    }
}

impl fmt::Debug for FailedInTransaction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FailedInTransaction")
            .field("failed", &self.0.failed)
            .field("commands", &self.0.commands)
            .finish_non_exhaustive()
    }
}

impl fmt::Display for FailedInTransaction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let failed = &self.0.failed;
        let first = &failed[0];
        write!(
            f,
            "command {} of {} ({}) failed: {}",
            first.index + 1,
            self.0.commands,
            first.command,
            first.error
        )?;
        if failed.len() > 1 {
            write!(f, " (and {} more)", failed.len() - 1)?;
        }
        let ran = self.0.commands - failed.len();
        write!(
            f,
            "; the other {ran} ran and their effects stand (read every reply with \
             FailedInTransaction::replies, or up front with Multi::exec_as and \
             Result<_, ServerError> elements)"
        )
    }
}

impl std::error::Error for FailedInTransaction {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(self.first_error())
    }
}
