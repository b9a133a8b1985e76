//! A [`ClusterClient`]'s side of the [`Redis`] trait: how it sends a command (routed by its
//! keys) and a batch (grouped by node).

use super::ClusterClient;
use crate::client::redis::Redis;
use crate::client::scan::Scan;
use crate::cmd::{Command, Request};
use crate::error::Error;
use crate::reply::ScanPage;
use crate::resp::read::DecodeOwned;
use crate::resp::value::Value;
use crate::wire::Frame;
use std::future::Future;

impl Redis for ClusterClient {
    fn send_command(&self, command: Command) -> impl Future<Output = Result<Frame, Error>> + Send {
        ClusterClient::send(self, command)
    }

    fn send_pipeline(
        &self,
        commands: Vec<Command>,
    ) -> impl Future<Output = Result<Vec<Frame>, Error>> + Send {
        self.send_grouped(commands)
    }

    fn scan_erased(&self, first_page: Command) -> Result<Scan<Value>, Command> {
        Ok(self.scan_command(first_page))
    }

    fn scan<R, T>(&self, first_page: R) -> Scan<T>
    where
        R: Request<Reply = ScanPage<T>>,
        T: DecodeOwned,
    {
        ClusterClient::scan(self, first_page)
    }
}
