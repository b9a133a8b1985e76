//! How a [`Client`] sends a pipeline's commands: checked, encoded back to back and written
//! at once on the shared connection, the replies read in one round trip.

use super::{check_shareable, Client};
use crate::cache::Writes;
use crate::cmd::Command;
use crate::conn::mux::{reply, Submission};
use crate::error::Error;
use crate::pipeline::Pipeline;
use crate::resp::Frame;
use crate::trace;

impl Client {
    /// Starts an explicit pipeline on the multiplexed connection. Blocking commands do not
    /// belong in it: they would stall every other caller.
    pub fn pipeline<T>(&self) -> Pipeline<Vec<T>, Client> {
        Pipeline::new(self.clone())
    }

    /// Sends `commands` in one write and returns their replies, in order.
    ///
    /// A command that would break the shared connection (see [`Client::send`]) fails the
    /// batch with [`Error::InvalidUse`] before anything is sent.
    pub(crate) async fn send_batch(&self, commands: Vec<Command>) -> Result<Vec<Frame>, Error> {
        let len = commands.len();
        let mut writes = Writes::new(self.cache());
        let mut bytes = Vec::with_capacity(commands.iter().map(|c| c.as_bytes().len()).sum());
        for command in commands {
            check_shareable(&command)?;
            self.check_tracking(&command)?;
            writes.note(&command);
            bytes.extend_from_slice(command.as_bytes());
        }
        let span = trace::debug_span!("redis", command = "pipeline", len);
        let run = async {
            // One deadline for reconnecting, waiting for room and the replies.
            let (request, rx) = Submission::many(bytes, len, self.deadline());
            self.submit(request).await?;
            let replies = reply(rx).await;
            writes.done();
            replies
        };
        if span.is_disabled() {
            run.await
        } else {
            trace::Instrument::instrument(run, span).await
        }
    }
}
