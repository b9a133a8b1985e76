//! [`ClusterClient::stream`] and [`ClusterClient::copy_to`]: a huge reply from the node of
//! the command's slot, piece by piece, on a dedicated connection of that node. The reply's
//! first piece is read before anything is handed out, so that a redirect is followed as
//! for any command.

use super::redirect::{redirect, Redirect};
use super::route::{is_read_only, plan, Plan};
use super::ClusterClient;
use crate::client::handle::check_shareable;
use crate::client::reply_stream::{OpenStream, ReplyStream};
use crate::cmd::Command;
use crate::cmd::Request;
use crate::conn::streaming::{StreamEvent, StreamKind};
use crate::error::{ClusterErrorKind, Error};
use crate::resp::read::DecodeOwned;
use crate::wire;
use std::time::Instant;
use tokio::io::AsyncWrite;

impl ClusterClient {
    /// Sends a command whose reply is an array (or set, or map) to the node of its slot
    /// and decodes the elements one by one as they arrive (see [`Client::stream`]). The
    /// reply comes on a dedicated connection of that node (a replica's, when
    /// [`ReadFrom`](crate::ReadFrom) sends reads there); a `MOVED` or `ASK` in place of
    /// the reply is followed, as [`ClusterClient::query`] follows it. Returns once the
    /// reply's first piece has come.
    ///
    /// ```no_run
    /// # async fn demo(cluster: typedis::ClusterClient) -> Result<(), typedis::Error> {
    /// use typedis::b;
    ///
    /// let mut entries = cluster
    ///     .stream::<(String, Vec<(String, String)>)>(
    ///         b().xrange().key("events").start("-").end("+"),
    ///     )
    ///     .await?;
    /// while let Some(entry) = entries.next().await {
    ///     let (id, fields) = entry?;
    ///     println!("{id}: {} fields", fields.len());
    /// }
    /// # Ok(()) }
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Client::stream`]; [`Error::Cluster`] for a command that goes to several nodes
    /// (keys in several slots, `KEYS`, ...): stream it from each node
    /// ([`ClusterClient::primaries`]).
    ///
    /// [`Client::stream`]: crate::Client::stream
    pub async fn stream<T: DecodeOwned>(
        &self,
        command: impl Request,
    ) -> Result<ReplyStream<T>, Error> {
        let (opened, first) = self
            .open_stream(command.into_command(), StreamKind::Elements)
            .await?;
        Ok(ReplyStream::new(opened, Some(first)))
    }

    /// Sends a command whose reply is a bulk string to the node of its slot and writes the
    /// bytes to `out` as they arrive (see [`Client::copy_to`]), following a redirect as
    /// [`ClusterClient::stream`] does. Returns the number of bytes written, or `None` when
    /// the reply is null.
    ///
    /// ```no_run
    /// # async fn demo(cluster: typedis::ClusterClient) -> Result<(), Box<dyn std::error::Error>> {
    /// use typedis::b;
    ///
    /// let mut file = tokio::fs::File::create("backup.bin").await?;
    /// let written = cluster.copy_to(b().get().key("backup"), &mut file).await?;
    /// println!("{written:?} bytes");
    /// # Ok(()) }
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Client::copy_to`] and [`ClusterClient::stream`].
    ///
    /// [`Client::copy_to`]: crate::Client::copy_to
    pub async fn copy_to<W: AsyncWrite + Unpin + ?Sized>(
        &self,
        command: impl Request,
        out: &mut W,
    ) -> Result<Option<u64>, Error> {
        let (opened, first) = self
            .open_stream(command.into_command(), StreamKind::Bulk)
            .await?;
        opened.copy_to(Some(first), out).await
    }

    /// Sends `command` to the node of its slot for a reply in pieces of `kind`, and reads
    /// the first piece: a redirect there is followed (with the same limits as
    /// [`routed`](Self::routed)); anything else is the reply's start.
    async fn open_stream(
        &self,
        command: Command,
        kind: StreamKind,
    ) -> Result<(OpenStream, StreamEvent), Error> {
        check_shareable(&command)?;
        let slot = match plan(&command).map_err(Error::Cluster)? {
            Plan::Slot(slot) => Some(slot),
            Plan::Any => None,
            _ => {
                return Err(Error::cluster(
                    ClusterErrorKind::Unroutable,
                    format!(
                        "{} goes to several nodes: stream its reply from each node's client \
                         (ClusterClient::primaries)",
                        command.name()
                    ),
                ))
            }
        };
        let config = &self.inner.config;
        let mut to_replica = config.read_from.reads_replicas() && is_read_only(&command);
        let mut ask = None;
        let mut attempt = 0;
        let deadline = self.deadline();
        let last = |attempt| {
            attempt >= config.max_redirects || deadline.is_some_and(|d| Instant::now() >= d)
        };
        loop {
            self.refuse_if_closed()?;
            let (addr, asking, replica) = match ask.take() {
                Some(addr) => (addr, true, false),
                None => match self.choose(slot, to_replica).await {
                    Some((addr, replica)) => (addr, false, replica),
                    None if last(attempt) => return Err(super::no_node(slot.unwrap_or(0))),
                    None => {
                        self.refresh_and_wait(config.node.connect_timeout).await;
                        attempt += 1;
                        continue;
                    }
                },
            };
            let opened = match self.node(&addr).await {
                Ok(node) => {
                    let before = before(asking, replica);
                    node.client.open_stream(command.clone(), kind, before).await
                }
                Err(e) => Err(e),
            };
            let mut opened = match opened {
                Ok(opened) => opened,
                // Nothing was sent: another node, or the same once the map is read again.
                Err(e @ (Error::Unreachable(_) | Error::Credentials(_))) if !last(attempt) => {
                    crate::support::trace::debug!(error = %e, %addr, "node unreachable");
                    to_replica &= !replica;
                    self.refresh_and_wait(config.node.connect_timeout).await;
                    self.pause(attempt).await;
                    attempt += 1;
                    continue;
                }
                Err(e) => return Err(e),
            };
            let first = opened.first().await?;
            let found = match &first {
                StreamEvent::Whole(frame) => redirect(frame, &addr),
                _ => None,
            };
            let Some(found) = found.filter(|_| !last(attempt)) else {
                return Ok((opened, first));
            };
            // The reply came whole: the connection is clean.
            opened.release();
            match found {
                Redirect::Moved { slot, addr: to } => self.moved(slot, &to),
                Redirect::Ask { addr } => {
                    self.asked(&addr);
                    ask = Some(addr);
                }
                Redirect::Retry { refresh } => {
                    to_replica &= !replica;
                    if refresh {
                        self.refresh_soon();
                    }
                    self.pause(attempt).await;
                }
            }
            attempt += 1;
        }
    }
}

/// What goes before the command on the dedicated connection: `ASKING` after an `ASK`,
/// `READONLY` on a replica (each time: a dedicated connection's mode is not tracked).
fn before(asking: bool, replica: bool) -> Option<(Vec<u8>, usize)> {
    let mut bytes = Vec::new();
    if replica {
        wire::write::command(&mut bytes, &[b"READONLY"]);
    }
    if asking {
        wire::write::command(&mut bytes, &[b"ASKING"]);
    }
    let n = usize::from(replica) + usize::from(asking);
    (n > 0).then_some((bytes, n))
}
