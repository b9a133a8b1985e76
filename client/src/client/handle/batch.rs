//! How a [`Client`] sends a pipeline's commands: each checked and encoded as it is added
//! (its buffer then goes back to be reused), all written at once on the shared connection
//! (or, when they are [big](crate::conn::Config::big_request_bytes) together, on a dedicated
//! one), the replies read in one round trip.

use super::{check_shareable, Client};
use crate::cache::Writes;
use crate::client::pipeline::{Batch, Pipeline};
use crate::cmd::placement::{placement, BlockTime, Placement};
use crate::cmd::Command;
use crate::conn::mux::{reply_timed, Submission};
use crate::error::Error;
use crate::support::trace::{self, Record};
use crate::telemetry::metrics::Operation;
use crate::wire::Frame;
use std::time::{Duration, Instant};

impl Client {
    /// Starts an explicit pipeline on the multiplexed connection (a pipeline of
    /// [`Config::big_request_bytes`](crate::conn::Config::big_request_bytes) or more goes on a
    /// dedicated one). Blocking commands do not belong in it: they would stall every other
    /// caller.
    pub fn pipeline<T>(&self) -> Pipeline<Vec<T>, Client> {
        Pipeline::new(self.clone())
    }

    /// Adds `command` to `batch`: encoded after the others, its writes noted for the
    /// client-side cache; a command that would break the shared connection (see
    /// [`Client::send`]) is remembered, to fail the batch before anything is sent.
    pub(crate) fn encode_into(&self, batch: &mut Batch, command: Command) {
        if batch.len == 0 {
            batch.writes = Writes::new(self.cache());
        }
        let checked = check_shareable(&command)
            .and_then(|()| self.check_tracking(&command))
            .and_then(|()| self.check_available(&command));
        if let Err(e) = checked {
            batch.refused.get_or_insert(e);
        }
        if let Placement::Waits(BlockTime::For(time)) = placement(&command) {
            batch.hold = batch.hold.max(Some(time));
        }
        batch.writes.note(&command);
        batch.encode(&command);
    }

    /// Sends `commands` as one batch (see [`Client::send_encoded`]).
    pub(crate) async fn send_commands(&self, commands: Vec<Command>) -> Result<Vec<Frame>, Error> {
        let mut batch = Batch::default();
        for command in commands {
            self.encode_into(&mut batch, command);
        }
        self.send_encoded(batch).await
    }

    /// Sends a batch made with [`Client::encode_into`] in one write and returns its
    /// replies, in order.
    pub(crate) async fn send_encoded(&self, batch: Batch) -> Result<Vec<Frame>, Error> {
        if let Some(e) = batch.refused {
            return Err(e);
        }
        let Batch {
            bytes,
            len,
            writes,
            hold,
            ..
        } = batch;
        if len == 0 {
            return Ok(Vec::new());
        }
        let replies = self.send_unit(bytes, len, hold, "PIPELINE").await;
        writes.done();
        replies
    }

    /// When a request made now must be answered: within the response timeout, or, when it
    /// holds a `WAIT` that blocks for `hold`, that and the blocking margin if longer.
    pub(crate) fn deadline_holding(&self, hold: Option<Duration>) -> Option<Instant> {
        self.limit_holding(hold).map(|limit| Instant::now() + limit)
    }

    /// How long a request may take (see [`deadline_holding`](Self::deadline_holding)).
    pub(crate) fn limit_holding(&self, hold: Option<Duration>) -> Option<Duration> {
        let timeout = self.response_timeout()?;
        Some(match hold {
            Some(hold) => timeout.max(hold.saturating_add(self.config().blocking_margin)),
            None => timeout,
        })
    }

    /// Sends commands encoded back to back as one unit on the shared connection, which
    /// writes it whole (no other caller's command lands inside it), or, when the unit is
    /// big ([`Config::big_request_bytes`](crate::conn::Config::big_request_bytes)), on a
    /// dedicated connection; reads `replies`
    /// frames, within the response timeout or, when a `WAIT` among them blocks for `hold`,
    /// that and the blocking margin; `what` (`PIPELINE`, `MULTI`) names it in the trace
    /// span.
    pub(crate) async fn send_unit(
        &self,
        bytes: Vec<u8>,
        replies: usize,
        hold: Option<Duration>,
        what: &'static str,
    ) -> Result<Vec<Frame>, Error> {
        let span = trace::command_span!(self.config().span_level, what);
        let operation = Operation::start_named(what);
        let alone = self.is_big_request(bytes.len());
        let run = async {
            // One deadline for reconnecting, waiting for room and the replies.
            let limit = self.limit_holding(hold);
            let deadline = limit.map(|limit| Instant::now() + limit);
            let (request, rx) = Submission::many(bytes, replies, deadline);
            if alone {
                // Boxed: a lease's state is not for every pipeline's future.
                return Box::pin(self.send_unit_alone(request, rx, deadline, limit)).await;
            }
            self.submit(request).await?;
            reply_timed(rx).await
        };
        let result = if let Some(span) = span {
            self.describe(&span);
            span.set("db.operation.batch.size", replies as i64);
            let result = trace::Instrument::instrument(run, span.clone()).await;
            crate::telemetry::outcome::record(&span, &result);
            result
        } else {
            run.await
        };
        operation.end(|| self.db_system(), &result);
        result
    }
}
