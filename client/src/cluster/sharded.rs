//! [`ShardedSubscriber`]: shard channels of any slots on one subscriber. Underneath, one
//! connection (a link) per primary that serves them, each following its slots as
//! [`ClusterClient::shard_subscriber`]'s does; a channel whose slot moves to another
//! primary is let go by its link and subscribed again on the link of that primary.

use super::topology::NodeAddr;
use super::{no_node, ClusterClient};
use crate::client::pubsub::{by_slot, moved_away, Incoming, Message, Subscriber};
use crate::cmd::key_slot;
use crate::error::{Error, Missed};
use crate::support::trace;
use bytes::Bytes;
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::{mpsc, oneshot};

/// Messages (errors and channels let go among them) that may wait between the links and
/// the consumer, beyond what each link's own buffer holds.
const IN_FLIGHT: usize = 16;

/// A subscriber to shard channels (`SSUBSCRIBE`) in any number of slots, made by
/// [`ClusterClient::sharded_subscriber`].
///
/// It holds one connection per primary serving its channels, opened as channels of that
/// primary are first subscribed and closed once it has none left, and yields the messages
/// of all of them as one stream. Each connection follows the slot it was opened for as
/// [`ClusterClient::shard_subscriber`] does (after a failover it opens again on the slot's
/// new primary and subscribes again). When a channel's slot moves to another primary (a
/// reshard), the server ends that subscription; the channel is subscribed again on the
/// new primary's connection, and [`Error::MissedMessages`] marks where messages may be
/// missing. Each connection renews its credentials as a [`Subscriber`]'s does.
///
/// ```no_run
/// # async fn demo(cluster: typedis::ClusterClient) -> Result<(), typedis::Error> {
/// use typedis::Error;
///
/// let mut orders = cluster.sharded_subscriber();
/// // Channels in three slots (and so, most likely, on three primaries).
/// orders.ssubscribe(&["orders:eu", "orders:us", "orders:apac"]).await?;
/// while let Some(message) = orders.next_message().await {
///     match message {
///         Ok(message) => println!("{:?}: {:?}", message.channel, message.payload),
///         Err(Error::MissedMessages(why)) => println!("gap: {why}"),
///         Err(e) => return Err(e),
///     }
/// }
/// # Ok(()) }
/// ```
pub struct ShardedSubscriber {
    cluster: ClusterClient,
    links: BTreeMap<u64, Link>,
    /// Each subscribed channel and the link it is on.
    channels: BTreeMap<Vec<u8>, u64>,
    /// Channels let go by their link (their slot moved, or the link ended) and not yet
    /// subscribed again.
    homeless: BTreeSet<Vec<u8>>,
    /// No new attempt to subscribe the homeless channels before then (one failed).
    retry_at: Option<Instant>,
    /// Failed attempts in a row to subscribe the homeless channels again.
    failures: u32,
    next_link: u64,
    up_tx: mpsc::Sender<Up>,
    up_rx: mpsc::Receiver<Up>,
    /// Messages and gaps to yield before what the links send next.
    ready: VecDeque<Result<Message, Error>>,
    closed: bool,
}

/// One connection of the subscriber, run by a task of its own.
struct Link {
    /// The slot whose primary the connection goes to (after a failover too): that of
    /// one of its channels, moved to another's when that slot moves away.
    anchor: Arc<AtomicU16>,
    /// Its anchor moved away and no other slot of its channels is left: it takes no new
    /// channel, and ends with its last.
    stale: bool,
    control: mpsc::Sender<Control>,
    channels: usize,
}

/// What a link's task is asked to do; the outcome comes back on the sender.
enum Control {
    Subscribe(Vec<Vec<u8>>, oneshot::Sender<Result<(), Error>>),
    Unsubscribe(Vec<Vec<u8>>, oneshot::Sender<Result<(), Error>>),
}

/// What a link's task sends up.
enum Up {
    Message(Result<Message, Error>),
    /// The link let this channel go: its slot moved.
    Released(u64, Bytes),
    /// The link's connection ended for good (the client was closed).
    Ended(u64),
}

impl std::fmt::Debug for ShardedSubscriber {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ShardedSubscriber")
            .field("links", &self.links.len())
            .field("channels", &self.channels.len())
            .field("homeless", &self.homeless.len())
            .finish()
    }
}

impl ClusterClient {
    /// A subscriber to shard channels in any number of slots (see [`ShardedSubscriber`]).
    /// It opens nothing until its first [`ssubscribe`](ShardedSubscriber::ssubscribe).
    pub fn sharded_subscriber(&self) -> ShardedSubscriber {
        let (up_tx, up_rx) = mpsc::channel(IN_FLIGHT);
        ShardedSubscriber {
            cluster: self.clone(),
            links: BTreeMap::new(),
            channels: BTreeMap::new(),
            homeless: BTreeSet::new(),
            retry_at: None,
            failures: 0,
            next_link: 0,
            up_tx,
            up_rx,
            ready: VecDeque::new(),
            closed: false,
        }
    }
}

impl ShardedSubscriber {
    /// Subscribes to shard channels, each on the connection of the primary serving its
    /// slot, and waits until every primary confirms. A primary that refuses because the
    /// slot moved (the client's slot map was behind) is followed: the map is read again.
    ///
    /// # Errors
    ///
    /// [`Error::Server`] when a primary refuses (an ACL user without access to one of the
    /// channels: none of that primary's channels is subscribed then, the others are);
    /// [`Error::Cluster`] when no node serves a slot; connection errors and timeouts.
    pub async fn ssubscribe<C: AsRef<[u8]>>(&mut self, channels: &[C]) -> Result<(), Error> {
        let mut names: Vec<Vec<u8>> = Vec::new();
        for channel in channels {
            let channel = channel.as_ref();
            if !self.channels.contains_key(channel) && !names.iter().any(|n| n == channel) {
                names.push(channel.to_vec());
            }
        }
        for name in &names {
            self.homeless.remove(name);
        }
        self.place(names).await
    }

    /// Unsubscribes from shard channels; a connection left without any is closed.
    ///
    /// # Errors
    ///
    /// Connection errors and timeouts (the channels are forgotten all the same).
    pub async fn sunsubscribe<C: AsRef<[u8]>>(&mut self, channels: &[C]) -> Result<(), Error> {
        let mut by_link: BTreeMap<u64, Vec<Vec<u8>>> = BTreeMap::new();
        for channel in channels {
            let channel = channel.as_ref();
            self.homeless.remove(channel);
            if let Some(id) = self.channels.remove(channel) {
                by_link.entry(id).or_default().push(channel.to_vec());
            }
        }
        let mut outcome = Ok(());
        for (id, names) in by_link {
            let Some(link) = self.links.get_mut(&id) else {
                continue;
            };
            link.channels = link.channels.saturating_sub(names.len());
            if link.channels == 0 {
                // Its task closes the connection.
                self.links.remove(&id);
                continue;
            }
            for (_, slot_group) in by_slot(&names) {
                let asked: Vec<Vec<u8>> = slot_group.iter().map(|c| c.to_vec()).collect();
                let done = self.ask(id, |tx| Control::Unsubscribe(asked, tx)).await;
                outcome = outcome.and(done);
            }
        }
        outcome
    }

    /// The next message of any of the channels; `None` once the subscriber or the client
    /// was closed. While a channel's slot moves, the messages of the others keep coming.
    ///
    /// # Errors
    ///
    /// [`Error::MissedMessages`] where messages may be missing (a connection opened again,
    /// a channel subscribed again on another primary, a consumer that fell behind); a
    /// connection's errors while it cannot be opened again, as [`Subscriber::next_message`]
    /// gives them; the error of subscribing a moved channel again (tried again after the
    /// backoff). The subscriber goes on after each.
    pub async fn next_message(&mut self) -> Option<Result<Message, Error>> {
        loop {
            if let Some(item) = self.ready.pop_front() {
                return Some(item);
            }
            if self.closed {
                return None;
            }
            let due = self.retry_at.is_none_or(|t| Instant::now() >= t);
            if !self.homeless.is_empty() && due {
                // What the links sent meanwhile comes first: it was sent before the move.
                while let Ok(up) = self.up_rx.try_recv() {
                    self.take(up);
                }
                if let Err(e) = Box::pin(self.rehome()).await {
                    return Some(Err(e));
                }
                continue;
            }
            let up = match self.retry_at.filter(|_| !self.homeless.is_empty()) {
                None => self.up_rx.recv().await,
                Some(at) => {
                    match Box::pin(tokio::time::timeout_at(at.into(), self.up_rx.recv())).await {
                        Ok(up) => up,
                        Err(_) => continue,
                    }
                }
            };
            // The subscriber holds a sender itself: the channel never closes.
            let up = up?;
            self.take(up);
        }
    }

    /// The messages as a [`Stream`](futures_core::Stream).
    pub fn into_stream(self) -> impl futures_core::Stream<Item = Result<Message, Error>> + Send {
        crate::support::futures::unfold(self, |mut s| async move {
            let item = s.next_message().await?;
            Some((item, s))
        })
    }

    /// Closes every connection.
    pub fn close(self) {
        // Dropping the links' control senders ends their tasks, which close their
        // connections.
        drop(self);
    }

    /// Keeps what a link sent: a message for the consumer, a channel to subscribe again.
    fn take(&mut self, up: Up) {
        match up {
            Up::Message(item) => self.ready.push_back(item),
            Up::Released(id, channel) => {
                if self.channels.get(&channel[..]) == Some(&id) {
                    self.channels.remove(&channel[..]);
                    self.homeless.insert(channel.to_vec());
                    let moved = key_slot(&channel);
                    // Another slot of the link's channels, still on its node.
                    let other = self
                        .channels
                        .iter()
                        .filter(|(_, &link)| link == id)
                        .map(|(c, _)| key_slot(c))
                        .find(|&slot| slot != moved);
                    if let Some(link) = self.links.get_mut(&id) {
                        link.channels = link.channels.saturating_sub(1);
                        if link.anchor.load(Ordering::Acquire) == moved {
                            match other {
                                Some(slot) => link.anchor.store(slot, Ordering::Release),
                                None => link.stale = true,
                            }
                        }
                    }
                }
            }
            Up::Ended(id) => {
                self.links.remove(&id);
                if self.cluster.refuse_if_closed().is_err() {
                    self.closed = true;
                    return;
                }
                let lost: Vec<Vec<u8>> = self
                    .channels
                    .iter()
                    .filter(|(_, &link)| link == id)
                    .map(|(channel, _)| channel.clone())
                    .collect();
                for channel in lost {
                    self.channels.remove(&channel);
                    self.homeless.insert(channel);
                }
            }
        }
    }

    /// Subscribes the channels let go again where the slot map, read afresh, says they
    /// are, and marks the gap.
    async fn rehome(&mut self) -> Result<(), Error> {
        let limit = self.cluster.inner.config.node.connect_timeout;
        self.cluster.refresh_and_wait(limit).await;
        let names: Vec<Vec<u8>> = self.homeless.iter().cloned().collect();
        let count = names.len();
        match self.place(names).await {
            Ok(()) => {
                self.homeless.clear();
                self.retry_at = None;
                self.failures = 0;
                trace::info!(channels = count, "shard channels subscribed again");
                self.ready.push_back(Err(Error::MissedMessages(Missed::new(
                    true,
                    0,
                    format!(
                        "{count} shard channel(s) moved to another primary and were \
                         subscribed again there; what was published meanwhile never arrived"
                    ),
                ))));
                Ok(())
            }
            Err(e) => {
                self.homeless.retain(|c| !self.channels.contains_key(c));
                self.failures += 1;
                let backoff = self.cluster.inner.config.node.backoff;
                self.retry_at = Some(Instant::now() + backoff.jittered(self.failures));
                trace::info!(error = %e, "subscribing moved shard channels again failed");
                Err(e)
            }
        }
    }

    /// Subscribes `names` on the link of the primary serving each one's slot, reading the
    /// slot map again while a primary refuses because a slot moved. Every group is tried;
    /// the first error is returned.
    async fn place(&mut self, mut names: Vec<Vec<u8>>) -> Result<(), Error> {
        if names.is_empty() {
            return Ok(());
        }
        let cluster = self.cluster.clone();
        cluster.ready(cluster.deadline()).await?;
        let max = cluster.inner.config.max_redirects;
        let mut outcome = Ok(());
        let mut attempt = 0;
        while !names.is_empty() {
            cluster.refuse_if_closed()?;
            let mut groups: BTreeMap<String, Vec<Vec<u8>>> = BTreeMap::new();
            for name in names.drain(..) {
                let slot = key_slot(&name);
                let Some(owner) = cluster.primary_for_slot(slot) else {
                    outcome = outcome.and(Err(no_node(slot)));
                    continue;
                };
                groups.entry(owner).or_default().push(name);
            }
            for (owner, group) in groups {
                let id = match self.link_to(&owner, key_slot(&group[0])).await {
                    Ok(id) => id,
                    Err(e) => {
                        outcome = outcome.and(Err(e));
                        continue;
                    }
                };
                // One `SSUBSCRIBE` per slot: the server refuses several slots in one.
                for (_, slot_group) in by_slot(&group) {
                    let asked: Vec<Vec<u8>> = slot_group.iter().map(|c| c.to_vec()).collect();
                    match self
                        .ask(id, |tx| Control::Subscribe(asked.clone(), tx))
                        .await
                    {
                        Ok(()) => {
                            if let Some(link) = self.links.get_mut(&id) {
                                link.channels += asked.len();
                            }
                            for name in asked {
                                self.channels.insert(name, id);
                            }
                        }
                        Err(e) if moved_away(&e) && attempt < max => {
                            if let Some((slot, to)) = moved_to(&e) {
                                cluster.moved(slot, &to);
                            }
                            names.extend(asked);
                        }
                        Err(e) => outcome = outcome.and(Err(e)),
                    }
                }
            }
            if !names.is_empty() {
                // The map patched by the `MOVED` names the new primary; a slot in the
                // middle of its move may need a moment.
                cluster.pause(attempt).await;
                attempt += 1;
            }
        }
        self.links.retain(|_, link| link.channels > 0);
        outcome
    }

    /// The link whose connection goes to `owner`, opened for `slot` if there is none.
    async fn link_to(&mut self, owner: &str, slot: u16) -> Result<u64, Error> {
        let found = self.links.iter().find(|(_, link)| {
            let anchor = link.anchor.load(Ordering::Acquire);
            !link.stale && self.cluster.primary_for_slot(anchor).as_deref() == Some(owner)
        });
        if let Some((&id, _)) = found {
            return Ok(id);
        }
        let anchor = Arc::new(AtomicU16::new(slot));
        let mut subscriber = self.cluster.slot_subscriber(anchor.clone()).await?;
        subscriber.release_moved_shards();
        let id = self.next_link;
        self.next_link += 1;
        let (control, control_rx) = mpsc::channel(1);
        tokio::spawn(run_link(subscriber, id, control_rx, self.up_tx.clone()));
        self.links.insert(
            id,
            Link {
                anchor,
                stale: false,
                control,
                channels: 0,
            },
        );
        Ok(id)
    }

    /// Asks link `id` to do something and waits for the outcome.
    async fn ask(
        &self,
        id: u64,
        make: impl FnOnce(oneshot::Sender<Result<(), Error>>) -> Control,
    ) -> Result<(), Error> {
        let lost = || Error::lost("a shard subscriber's connection ended");
        let link = self.links.get(&id).ok_or_else(lost)?;
        let (tx, rx) = oneshot::channel();
        link.control.send(make(tx)).await.map_err(|_| lost())?;
        rx.await.map_err(|_| lost())?
    }
}

/// A link's task: serves its owner's requests first, and sends up what its subscriber
/// receives, one item at a time. It ends, closing the connection, when its owner lets go
/// of it (the control channel closes) or the client is closed.
async fn run_link(
    mut subscriber: Subscriber,
    id: u64,
    mut control: mpsc::Receiver<Control>,
    up: mpsc::Sender<Up>,
) {
    let mut pending: Option<Up> = None;
    loop {
        // `next_incoming` is cancel-safe: a request that comes while it waits drops it.
        tokio::select! {
            biased;
            request = control.recv() => match request {
                Some(Control::Subscribe(names, done)) => {
                    let _ = done.send(subscriber.ssubscribe(&names).await);
                }
                Some(Control::Unsubscribe(names, done)) => {
                    let _ = done.send(subscriber.sunsubscribe(&names).await);
                }
                None => break,
            },
            permit = up.reserve(), if pending.is_some() => match (permit, pending.take()) {
                (Ok(permit), Some(item)) => permit.send(item),
                _ => break,
            },
            item = subscriber.next_incoming(), if pending.is_none() => {
                pending = Some(match item {
                    Some(Ok(Incoming::Message(m))) => Up::Message(Ok(m)),
                    Some(Ok(Incoming::Released(channel))) => Up::Released(id, channel),
                    Some(Err(e)) => Up::Message(Err(e)),
                    None => {
                        let _ = up.send(Up::Ended(id)).await;
                        return;
                    }
                });
            }
        }
    }
    subscriber.close();
}

/// The slot and the node a `MOVED` refusal names.
fn moved_to(e: &Error) -> Option<(u16, NodeAddr)> {
    let Error::Server(error) = e else {
        return None;
    };
    if error.code() != Some("MOVED") {
        return None;
    }
    let (slot, addr) = error.message().split_once(' ')?;
    Some((slot.parse().ok()?, addr.trim().into()))
}
