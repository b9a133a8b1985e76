//! [`ClusterPipeline`]: commands grouped by the node that serves them, each group written
//! at once on that node's connection, the replies put back in the order of the commands.

use super::node::Failure;
use super::redirect::redirect;
use super::route::{plan, Plan};
use super::topology::NodeAddr;
use super::ClusterClient;
use crate::cmd::placement::{placement, Placement};
use crate::cmd::Command;
use crate::conn::mux::{reply, Request};
use crate::error::Error;
use crate::pipeline::FromReplies;
use crate::resp::Frame;
use std::collections::HashMap;

/// Commands for several nodes sent together.
///
/// Commands are grouped by node; each group is written in one go on that node's
/// connection, groups run concurrently, and the replies come back in the order the
/// commands were added. Commands for one node keep their order. Commands that fan out to
/// several nodes, blocking ones, and those a node redirects (`MOVED`, `ASK`) or refuses
/// for a while (`TRYAGAIN`, ...) are then sent one by one, in pipeline order, through
/// [`ClusterClient::send`]. Pipelined reads go to primaries whatever
/// [`ReadFrom`](super::ReadFrom) says.
///
/// ```no_run
/// # async fn demo(cluster: typedis::cluster::ClusterClient) -> Result<(), typedis::Error> {
/// use typedis::cmd;
///
/// let (a, b, n): ((), (), i64) = cluster
///     .pipeline()
///     .add(cmd("SET").key("a").arg("1"))
///     .add(cmd("SET").key("b").arg("2"))
///     .add(cmd("INCR").key("a"))
///     .query()
///     .await?;
/// assert_eq!(n, 2);
/// # let _ = (a, b); Ok(()) }
/// ```
#[derive(Debug)]
#[must_use = "a pipeline does nothing until it is sent"]
pub struct ClusterPipeline {
    client: ClusterClient,
    commands: Vec<Command>,
}

impl ClusterClient {
    /// Starts a pipeline.
    pub fn pipeline(&self) -> ClusterPipeline {
        ClusterPipeline {
            client: self.clone(),
            commands: Vec::new(),
        }
    }
}

impl ClusterPipeline {
    /// Appends a command.
    // `add` reads as "add a command" in a builder chain; `Pipeline + Command` would not.
    #[allow(clippy::should_implement_trait)]
    pub fn add(mut self, command: impl Into<Command>) -> Self {
        self.commands.push(command.into());
        self
    }

    /// Appends a command (for loops).
    pub fn push(&mut self, command: impl Into<Command>) -> &mut Self {
        self.commands.push(command.into());
        self
    }

    /// Number of commands.
    pub fn len(&self) -> usize {
        self.commands.len()
    }

    /// Whether no command was added.
    pub fn is_empty(&self) -> bool {
        self.commands.is_empty()
    }

    /// Sends the commands and returns one reply frame per command, in order.
    ///
    /// # Errors
    ///
    /// [`Error::Cluster`] when a command cannot be routed (nothing is sent then);
    /// [`Error::Timeout`] or [`Error::ConnectionClosed`] when a node's group failed after
    /// it was written (its commands may have run).
    pub async fn send(self) -> Result<Vec<Frame>, Error> {
        let client = self.client;
        let commands = self.commands;
        let mut groups: HashMap<NodeAddr, Vec<usize>> = HashMap::new();
        let mut later = Vec::new();
        for (i, command) in commands.iter().enumerate() {
            let target = match plan(command).map_err(Error::Cluster)? {
                Plan::Slot(slot) if placement(command) == Placement::Shared => {
                    client.pick(Some(slot), false)
                }
                Plan::Any => client.pick(None, false),
                _ => None,
            };
            match target {
                Some((addr, _)) => groups.entry(addr).or_default().push(i),
                None => later.push(i),
            }
        }
        let sent = futures_util::future::join_all(
            groups
                .iter()
                .map(|(addr, indexes)| client.send_group(addr, &commands, indexes)),
        )
        .await;
        let mut replies: Vec<Option<Frame>> = vec![None; commands.len()];
        for ((addr, indexes), result) in groups.iter().zip(sent) {
            match result {
                Ok(frames) => {
                    for (&i, frame) in indexes.iter().zip(frames) {
                        if redirect(&frame, addr).is_some() {
                            later.push(i);
                        } else {
                            replies[i] = Some(frame);
                        }
                    }
                }
                Err(Failure::NotSent(_)) => later.extend_from_slice(indexes),
                Err(Failure::Sent(e)) => {
                    client.refresh_soon();
                    return Err(e);
                }
            }
        }
        later.sort_unstable();
        for i in later {
            replies[i] = Some(client.send(commands[i].clone()).await?);
        }
        Ok(replies.into_iter().flatten().collect())
    }

    /// Sends the commands and reads the replies as `T` (a tuple with one element per
    /// command, or a `Vec`), as [`Pipeline::query`](crate::Pipeline::query) does.
    ///
    /// # Errors
    ///
    /// As [`ClusterPipeline::send`]; [`Error::Decode`] and [`Error::Server`] as
    /// [`Pipeline::query`](crate::Pipeline::query).
    pub async fn query<T: FromReplies>(self) -> Result<T, Error> {
        if let Some(n) = T::LEN {
            if n != self.commands.len() {
                // Nothing is sent: the replies could not fit.
                return Err(Error::Decode(crate::resp::DecodeError::length(
                    n,
                    self.commands.len(),
                )));
            }
        }
        T::from_replies(self.send().await?)
    }
}

impl ClusterClient {
    /// Writes the commands at `indexes` to the node at `addr` at once.
    async fn send_group(
        &self,
        addr: &NodeAddr,
        commands: &[Command],
        indexes: &[usize],
    ) -> Result<Vec<Frame>, Failure> {
        let node = self.node(addr).await.map_err(Failure::NotSent)?;
        let mut bytes = Vec::new();
        for &i in indexes {
            bytes.extend_from_slice(commands[i].as_bytes());
        }
        let (request, rx) = Request::many(bytes, indexes.len(), node.client.deadline());
        node.client
            .submit(request)
            .await
            .map_err(Failure::NotSent)?;
        reply(rx).await.map_err(Failure::Sent)
    }
}
