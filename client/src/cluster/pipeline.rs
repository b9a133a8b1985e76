//! How a [`ClusterClient`] sends a [`Pipeline`]'s commands: grouped by the node that
//! serves them, each group written at once on that node's connection, the replies put
//! back in the order of the commands.

use super::addr_map::AddrMap;
use super::node::{failure, Failure};
use super::redirect::redirect;
use super::route::{plan, Plan};
use super::topology::NodeAddr;
use super::ClusterClient;
use crate::client::pipeline::Pipeline;
use crate::cmd::placement::{placement, Placement};
use crate::cmd::Command;
use crate::conn::mux::{reply_timed, Submission};
use crate::error::Error;
use crate::wire::Frame;

/// The pipeline of a [`ClusterClient`]: a [`Pipeline`] through it.
#[deprecated(note = "a cluster's pipeline is a `Pipeline<Replies, ClusterClient>`")]
pub type ClusterPipeline<Replies = Vec<crate::resp::value::Value>> =
    Pipeline<Replies, ClusterClient>;

impl ClusterClient {
    /// Starts a pipeline: commands for several nodes sent together.
    ///
    /// Commands are grouped by node; each group is written in one go on that node's
    /// connection, groups run concurrently, and the replies come back in the order the
    /// commands were added. Commands for one node keep their order. Commands that fan out
    /// to several nodes, blocking ones, and those a node redirects (`MOVED`, `ASK`) or
    /// refuses for a while (`TRYAGAIN`, ...) are then sent one by one, in pipeline order,
    /// through [`ClusterClient::send`]. Pipelined reads go to primaries whatever
    /// [`ReadFrom`](super::ReadFrom) says.
    ///
    /// Its type records what its commands reply, as [`Client::pipeline`](crate::Client::pipeline)'s does.
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
    pub fn pipeline<T>(&self) -> Pipeline<Vec<T>, ClusterClient> {
        Pipeline::new(self.clone())
    }

    /// Sends `commands`, grouped by node (see [`ClusterClient::pipeline`]).
    pub(crate) async fn send_grouped(&self, commands: Vec<Command>) -> Result<Vec<Frame>, Error> {
        send(self, commands).await
    }
}

async fn send(client: &ClusterClient, commands: Vec<Command>) -> Result<Vec<Frame>, Error> {
    client.ready(client.deadline()).await?;
    let mut groups: AddrMap<Vec<usize>> = AddrMap::default();
    let mut later = Vec::new();
    for (i, command) in commands.iter().enumerate() {
        if command.invalid_argument().is_some() {
            return Err(crate::client::handle::invalid(command));
        }
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
    let sent = crate::support::futures::join_all(
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
        let request_len = bytes.len();
        let deadline = node.client.deadline();
        let (request, rx) = Submission::many(bytes, indexes.len(), deadline);
        if node.client.is_big_request(request_len) {
            // Boxed: a lease's state is not for every group's future. A timeout waiting for
            // the lease counts as sent, as a single big command's does (`node.rs`): the
            // caller is told the group may have run rather than have it tried again.
            let limit = node.client.response_timeout();
            return Box::pin(node.client.send_unit_alone(request, rx, deadline, limit))
                .await
                .map_err(failure);
        }
        node.client
            .submit(request)
            .await
            .map_err(Failure::NotSent)?;
        reply_timed(rx).await.map_err(Failure::Sent)
    }
}
