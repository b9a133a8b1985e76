//! A [`SentinelClient`]'s side of the [`Redis`] trait: how it sends a command (to the
//! primary, or a read to a replica) and a batch (on the primary).

use super::SentinelClient;
use crate::client::pipeline::Batch;
use crate::client::redis::Redis;
use crate::client::scan::Scan;
use crate::cmd::{Command, Request};
use crate::error::Error;
use crate::reply::ScanPage;
use crate::resp::read::DecodeOwned;
use crate::wire::Frame;
use std::future::Future;

impl Redis for SentinelClient {
    fn send_command(&self, command: Command) -> impl Future<Output = Result<Frame, Error>> + Send {
        SentinelClient::send(self, command)
    }

    fn send_pipeline(
        &self,
        commands: Vec<Command>,
    ) -> impl Future<Output = Result<Vec<Frame>, Error>> + Send {
        self.primary().send_commands(commands)
    }

    fn add_to_batch(&self, batch: &mut Batch, command: Command) {
        self.primary().encode_into(batch, command);
    }

    fn send_batch(&self, batch: Batch) -> impl Future<Output = Result<Vec<Frame>, Error>> + Send {
        self.primary().send_encoded(batch)
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
