//! Reading a failed transaction's replies: finding which commands failed in `EXEC`'s
//! reply, and [`FailedInTransaction::replies`]. The error type is the error layer's
//! (`error/transaction.rs`); reading frames as types is above it, so this is here.

use std::borrow::Cow;

use crate::error::{Error, FailedCommand, FailedInTransaction};
use crate::resp::read::DecodeOwned;
use crate::resp::value::Value;
use crate::wire::{Frame, ServerError};

/// Finds the failed commands in `exec`, `EXEC`'s reply to the commands named `names` (in
/// the order queued); `None` when no reply in it is an error.
#[cold]
pub(super) fn find(exec: &Frame, names: &[Cow<'static, str>]) -> Option<FailedInTransaction> {
    let replies: Vec<Result<Value, ServerError>> = exec.decode().ok()?;
    let failed: Vec<FailedCommand> = replies
        .into_iter()
        .enumerate()
        .filter_map(|(index, reply)| {
            let command = names.get(index).cloned().unwrap_or(Cow::Borrowed(""));
            Some(FailedCommand::new(index, command, reply.err()?))
        })
        .collect();
    (!failed.is_empty()).then(|| FailedInTransaction::new(failed, names.len(), exec.clone()))
}

impl FailedInTransaction {
    /// Every command's reply read as `T`: a tuple (or a `Vec`) whose elements are
    /// `Result<_, ServerError>` where a command failed (as
    /// [`Multi::exec_as`](crate::Multi::exec_as) reads them), or
    /// `Vec<Result<Value, ServerError>>` for any transaction.
    ///
    /// # Errors
    ///
    /// [`Error::Decode`] when the replies do not have the shape of `T`; [`Error::Server`]
    /// when `T` has no `Result` where a command failed.
    pub fn replies<T: DecodeOwned>(&self) -> Result<T, Error> {
        self.exec().decode()
    }
}
