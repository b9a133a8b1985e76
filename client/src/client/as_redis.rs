//! A [`Client`]'s side of the [`Redis`] trait: how it sends a command (its own `send`)
//! and a batch (in one write).

use super::Client;
use crate::cmd::{Command, Request};
use crate::error::Error;
use crate::read::DecodeOwned;
use crate::redis::Redis;
use crate::reply::ScanPage;
use crate::resp::Frame;
use crate::scan::Scan;
use std::future::Future;

impl Redis for Client {
    fn send_command(&self, command: Command) -> impl Future<Output = Result<Frame, Error>> + Send {
        Client::send(self, command)
    }

    fn send_pipeline(
        &self,
        commands: Vec<Command>,
    ) -> impl Future<Output = Result<Vec<Frame>, Error>> + Send {
        self.send_batch(commands)
    }

    fn scan<R, T>(&self, first_page: R) -> Scan<T>
    where
        R: Request<Reply = ScanPage<T>>,
        T: DecodeOwned,
    {
        Client::scan(self, first_page)
    }
}
