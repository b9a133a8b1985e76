//! [`ClusterPipeline`]: commands grouped by the node that serves them, each group written
//! at once on that node's connection, the replies put back in the order of the commands.

use super::node::Failure;
use super::redirect::redirect;
use super::route::{plan, Plan};
use super::topology::NodeAddr;
use super::ClusterClient;
use crate::cmd::placement::{placement, Placement};
use crate::cmd::Command;
use crate::conn::mux::{reply, Submission};
use crate::error::Error;
use crate::pipeline::FromReplies;
use crate::queue::typed_queue;
use crate::resp::Frame;
use std::collections::HashMap;
use std::marker::PhantomData;

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
/// Its type records what its commands reply, as a [`Pipeline`](crate::Pipeline)'s does.
///
/// ```no_run
/// # async fn demo(cluster: typedis::cluster::ClusterClient) -> Result<(), typedis::Error> {
/// use typedis::b;
///
/// let ((), (), n) = cluster
///     .pipeline()
///     .add(b().set().key("a").value("1"))
///     .add(b().set().key("b").value("2"))
///     .add(b().incr().key("a"))
///     .query()
///     .await?;
/// assert_eq!(n, 2);
/// # Ok(()) }
/// ```
#[must_use = "a pipeline does nothing until it is sent"]
pub struct ClusterPipeline<Replies = Vec<crate::Value>> {
    client: ClusterClient,
    commands: Vec<Command>,
    replies: PhantomData<fn() -> Replies>,
}

impl<R> std::fmt::Debug for ClusterPipeline<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClusterPipeline")
            .field("commands", &self.commands)
            .finish_non_exhaustive()
    }
}

impl ClusterClient {
    /// Starts a pipeline.
    pub fn pipeline<T>(&self) -> ClusterPipeline<Vec<T>> {
        ClusterPipeline {
            client: self.clone(),
            commands: Vec::new(),
            replies: PhantomData,
        }
    }
}

typed_queue!(ClusterPipeline);

impl<L> ClusterPipeline<L> {
    fn append(&mut self, command: Command) {
        self.commands.push(command);
    }

    fn retype<M>(self) -> ClusterPipeline<M> {
        ClusterPipeline {
            client: self.client,
            commands: self.commands,
            replies: PhantomData,
        }
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
        send(self.client, self.commands).await
    }

    /// Sends the commands and reads the replies as the types of the commands added (see
    /// [`Pipeline::query`](crate::Pipeline::query)).
    ///
    /// # Errors
    ///
    /// As [`ClusterPipeline::send`]; [`Error::Decode`] and [`Error::Server`] as
    /// [`Pipeline::query`](crate::Pipeline::query).
    pub async fn query(self) -> Result<L, Error>
    where
        L: FromReplies,
    {
        self.query_as().await
    }

    /// Sends the commands and reads the replies as `T` (a tuple with one element per
    /// command, or a `Vec`), as [`Pipeline::query_as`](crate::Pipeline::query_as) does.
    ///
    /// # Errors
    ///
    /// As [`ClusterPipeline::send`]; [`Error::Decode`] and [`Error::Server`] as
    /// [`Pipeline::query_as`](crate::Pipeline::query_as).
    pub async fn query_as<T: FromReplies>(self) -> Result<T, Error> {
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

/// Sends `commands`, grouped by node (see [`ClusterPipeline`]).
async fn send(client: ClusterClient, commands: Vec<Command>) -> Result<Vec<Frame>, Error> {
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
        let (request, rx) = Submission::many(bytes, indexes.len(), node.client.deadline());
        node.client
            .submit(request)
            .await
            .map_err(Failure::NotSent)?;
        reply(rx).await.map_err(Failure::Sent)
    }
}
