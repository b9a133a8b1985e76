//! Shard subscribers that follow their slot: a [`Subscriber`]'s connection opened along a
//! [`Route`] to whichever primary serves the slot now. When the slot moves, the server
//! unsubscribes the channel by itself (`sunsubscribe`); the subscriber then opens its
//! connection again along this route, which reads the slot map afresh first, and
//! subscribes again there, reporting the gap as after a reconnect.

use super::topology::split_addr;
use super::{no_node, ClusterClient};
use crate::client::handle::Client;
use crate::client::pubsub::Subscriber;
use crate::cmd::key_slot;
use crate::conn::handshake;
use crate::conn::mux::PushSink;
use crate::conn::reach::{Opening, Pause, Reach, Route};
use crate::conn::Config;
use crate::error::{ClusterErrorKind, Error};
use std::sync::atomic::{AtomicBool, AtomicU16, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// The route to the primary serving one slot.
struct ShardRoute {
    cluster: ClusterClient,
    /// The slot (a [`ShardedSubscriber`](super::ShardedSubscriber)'s link moves it to
    /// another of its channels' when this one moves away).
    slot: Arc<AtomicU16>,
    /// A connection was opened already: the next one reads the slot map first (it is
    /// opened because the slot moved, or the node was lost).
    opened: AtomicBool,
}

impl Route for ShardRoute {
    fn open<'a>(&'a self, _template: &'a Config, push: Option<PushSink>) -> Opening<'a> {
        Box::pin(async move {
            if self.opened.swap(true, Ordering::AcqRel) {
                let limit = self.cluster.inner.config.node.connect_timeout;
                self.cluster.refresh_and_wait(limit).await;
            }
            let slot = self.slot.load(Ordering::Acquire);
            let addr = self
                .cluster
                .primary_for_slot(slot)
                .ok_or_else(|| no_node(slot))?;
            let (host, port) = split_addr(&addr).ok_or_else(|| {
                Error::cluster(
                    ClusterErrorKind::BadAddress,
                    format!("bad node address {addr:?}"),
                )
            })?;
            let config = self.cluster.inner.config.for_node(host, port);
            handshake::connect(&config, push).await
        })
    }

    fn pause_until(&self, t: Instant) -> Pause<'_> {
        Box::pin(tokio::time::sleep_until(t.into()))
    }

    fn moved_since(&self, _since: Instant) -> bool {
        false
    }
}

impl ClusterClient {
    /// A subscriber on the primary of `channel`'s shard, for `SSUBSCRIBE` to that channel
    /// (and to other shard channels of the same slot: give them a common `{hashtag}`).
    ///
    /// It follows the slot: when the slot moves to another shard (a reshard, a
    /// failover), the server ends the subscriptions there (`sunsubscribe`), and the
    /// subscriber reads the slot map again, connects to the slot's new primary, subscribes
    /// again to its shard channels, and yields [`Error::MissedMessages`] where messages
    /// may have been missed, as after a reconnect. A channel you unsubscribe yourself is
    /// not followed. Subscribe to shard channels of this one slot only: others are
    /// refused by the node (`MOVED`); [`ClusterClient::sharded_subscriber`] takes shard
    /// channels of any slots.
    ///
    /// ```no_run
    /// # async fn demo(cluster: typedis::cluster::ClusterClient) -> Result<(), typedis::Error> {
    /// use typedis::Error;
    ///
    /// let mut orders = cluster.shard_subscriber("{orders}:new").await?;
    /// orders.ssubscribe(&["{orders}:new", "{orders}:paid"]).await?;
    /// while let Some(message) = orders.next_message().await {
    ///     match message {
    ///         Ok(message) => println!("{:?}", message.payload),
    ///         // The slot moved (or the node was lost): some messages may be missing.
    ///         Err(Error::MissedMessages(why)) => println!("gap: {why}"),
    ///         Err(e) => return Err(e),
    ///     }
    /// }
    /// # Ok(()) }
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::Cluster`] when no node serves the slot; connection errors.
    pub async fn shard_subscriber(&self, channel: impl AsRef<[u8]>) -> Result<Subscriber, Error> {
        self.ready(self.deadline()).await?;
        let slot = Arc::new(AtomicU16::new(key_slot(channel.as_ref())));
        self.slot_subscriber(slot).await
    }

    /// A subscriber whose connection goes to the primary serving `slot`, and follows it.
    pub(crate) async fn slot_subscriber(&self, slot: Arc<AtomicU16>) -> Result<Subscriber, Error> {
        let route = ShardRoute {
            cluster: self.clone(),
            slot,
            opened: AtomicBool::new(false),
        };
        self.refuse_if_closed()?;
        let node = self.inner.config.node.clone();
        let client = Client::start(node, Reach::Routed(Box::new(route)), false).await?;
        self.shard_client_opened(&client)?;
        client.subscriber().await
    }
}
