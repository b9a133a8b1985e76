//! A [`Client`]'s side of the [`Redis`] trait: how it sends a command (its own `send`)
//! and a batch (in one write).

use super::Client;
use crate::client::pipeline::Batch;
use crate::client::redis::Redis;
use crate::client::scan::Scan;
use crate::cmd::{Command, Request};
use crate::error::Error;
use crate::reply::ScanPage;
use crate::resp::read::DecodeOwned;
use crate::wire::Frame;
use std::future::Future;

impl Redis for Client {
    fn send_command(&self, command: Command) -> impl Future<Output = Result<Frame, Error>> + Send {
        Client::send(self, command)
    }

    fn send_pipeline(
        &self,
        commands: Vec<Command>,
    ) -> impl Future<Output = Result<Vec<Frame>, Error>> + Send {
        self.send_commands(commands)
    }

    fn add_to_batch(&self, batch: &mut Batch, command: Command) {
        self.encode_into(batch, command);
    }

    fn send_batch(&self, batch: Batch) -> impl Future<Output = Result<Vec<Frame>, Error>> + Send {
        self.send_encoded(batch)
    }

    fn scan<R, T>(&self, first_page: R) -> Scan<T>
    where
        R: Request<Reply = ScanPage<T>>,
        T: DecodeOwned,
    {
        Client::scan(self, first_page)
    }
}
