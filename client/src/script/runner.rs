//! [`ScriptRunner`]: what a [`Script`](super::Script) can be invoked on, the single-node
//! and the cluster client alike.

use crate::client::Client;
#[cfg(feature = "cluster")]
use crate::cluster::ClusterClient;
use crate::cmd::Command;
use crate::error::Error;
use crate::resp::Frame;
use std::future::Future;

pub(crate) mod sealed {
    use super::{Command, Error, Frame, Future};

    /// How an invocation reaches the server: outside users' reach, so the way a script is
    /// sent can change without breaking anyone.
    pub trait Sealed {
        /// Sends one command where the client sends it (by its keys' slot on a cluster)
        /// and returns its reply frame, error replies included.
        fn send_script(
            &self,
            command: Command,
        ) -> impl Future<Output = Result<Frame, Error>> + Send;
    }
}

/// A client a [`Script`](super::Script) can be invoked on: [`Client`] and
/// [`ClusterClient`]. On a cluster, an invocation goes to the node of its keys' slot (any
/// primary when it has no key), and each node loads the script into its own cache the
/// first time it is asked for it.
///
/// The trait is sealed: how an invocation is sent (`EVALSHA`, then `EVAL` when the server
/// does not know the script) belongs to this crate, so it can change (a pipelined
/// fallback, more clients) without breaking anyone's implementation.
pub trait ScriptRunner: sealed::Sealed + Sync {}

impl sealed::Sealed for Client {
    fn send_script(&self, command: Command) -> impl Future<Output = Result<Frame, Error>> + Send {
        self.send(command)
    }
}

impl ScriptRunner for Client {}

#[cfg(feature = "cluster")]
impl sealed::Sealed for ClusterClient {
    fn send_script(&self, command: Command) -> impl Future<Output = Result<Frame, Error>> + Send {
        self.send(command)
    }
}

#[cfg(feature = "cluster")]
impl ScriptRunner for ClusterClient {}
