//! [`ScriptRunner`]: what a [`Script`](super::Script) can be invoked on: every
//! [`Commands`](crate::Commands) client alike.

use crate::client::redis::Redis;
use crate::cmd::Command;
use crate::error::Error;
use crate::wire::Frame;
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

/// A client a [`Script`](super::Script) can be invoked on: every [`Redis`] client
/// ([`Client`](crate::Client), [`ClusterClient`](crate::ClusterClient),
/// [`SentinelClient`](crate::SentinelClient), your own). On a cluster, an invocation goes
/// to the node of its keys' slot (any primary when it has no key), and each node loads
/// the script into its own cache the first time it is asked for it.
///
/// The trait is sealed: how an invocation is sent (`EVALSHA`, then `EVAL` when the server
/// does not know the script) belongs to this crate, so it can change (a pipelined
/// fallback) without breaking anyone's implementation; implement [`Redis`] instead.
pub trait ScriptRunner: sealed::Sealed + Sync {}

impl<C: Redis> sealed::Sealed for C {
    fn send_script(&self, command: Command) -> impl Future<Output = Result<Frame, Error>> + Send {
        self.send_command(command)
    }
}

impl<C: Redis> ScriptRunner for C {}
