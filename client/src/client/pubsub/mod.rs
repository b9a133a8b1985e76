//! Pub/Sub: a [`Subscriber`] on its own connection receives the messages of its channels,
//! patterns and shard channels as a [`Stream`](futures_core::Stream), and subscribes again
//! by itself after a reconnect.
//!
//! Over 500 lines: the `Subscriber` and its connection's loop (subscribing, resubscribing
//! after a reconnect, renewing credentials); not yet split.

mod message;

pub use message::{Message, MessageKind};

use crate::client::handle::{within, Client};
use crate::conn::mux::{Connection, PushSink, Submission};
use crate::conn::pacing::Pacing;
use crate::conn::push_queue::{push_queue, Gap, Item, PushReceiver};
use crate::conn::Protocol;
use crate::error::{Error, Unreachable};
use crate::support::trace;
use crate::wire::write::encode;
use bytes::Bytes;
use message::{parse, Push};
use std::collections::{BTreeSet, VecDeque};
use std::time::Instant;

/// A connection in subscribed mode.
///
/// Messages wait for [`next_message`](Subscriber::next_message) in a buffer of at most
/// [`Config::push_buffer`](crate::Config::push_buffer) bytes; while it is full, the
/// connection is not read, so a subscriber that falls behind holds the rest up at the
/// server, whose `client-output-buffer-limit pubsub` decides how long it waits before
/// dropping the connection. After a lost connection the subscriber reconnects (paced by
/// the [`Backoff`](crate::Backoff)), subscribes again to everything, and yields
/// [`Error::MissedMessages`] before the messages that follow: what was published
/// meanwhile is lost, as Pub/Sub delivers at most once.
///
/// ```no_run
/// # async fn demo(client: typedis::Client) -> Result<(), typedis::Error> {
/// use typedis::Error;
///
/// let mut subscriber = client.subscriber().await?;
/// subscriber.subscribe(&["news"]).await?;
/// subscriber.psubscribe(&["alerts:*"]).await?;
/// while let Some(message) = subscriber.next_message().await {
///     match message {
///         Ok(message) => println!("{:?} on {:?}", message.payload, message.channel),
///         Err(Error::MissedMessages(why)) => println!("catching up: {why}"),
///         Err(e) => return Err(e),
///     }
/// }
/// # Ok(()) }
/// ```
pub struct Subscriber {
    client: Client,
    conn: Option<Connection>,
    rx: PushReceiver,
    /// Messages that arrived while a (un)subscribe call waited for its confirmations, and
    /// the gaps among them.
    ready: VecDeque<Ready>,
    /// Bytes the messages in `ready` count for.
    ready_bytes: usize,
    /// Attempts to open the connection again.
    pacing: Pacing,
    channels: BTreeSet<Vec<u8>>,
    patterns: BTreeSet<Vec<u8>>,
    shards: BTreeSet<Vec<u8>>,
    /// The server unsubscribed a shard channel the subscriber still wants (its slot
    /// moved): the connection is opened again, where the client's route now says.
    dropped: bool,
    /// A shard channel whose slot moved is let go and reported
    /// ([`Incoming::Released`]) instead of followed: a [`ShardedSubscriber`]'s links, whose
    /// owner subscribes it again where it now is.
    ///
    /// [`ShardedSubscriber`]: crate::cluster::ShardedSubscriber
    release_moved: bool,
    closed: bool,
    /// No renewal of the connection's credentials before then (one failed).
    renew_retry: Option<Instant>,
}

/// What waits in a subscriber's `ready` queue.
enum Ready {
    Message(Message),
    /// Messages may be missing here.
    Gap(Gap),
    /// A shard channel let go (see `release_moved`).
    Released(Bytes),
}

/// What a subscriber receives, for its owner inside the crate.
#[derive(Debug)]
pub(crate) enum Incoming {
    Message(Message),
    /// A shard channel whose slot moved, unsubscribed by the server and let go here (only
    /// when [`Subscriber::release_moved_shards`] was asked).
    #[cfg_attr(not(feature = "cluster"), allow(dead_code))]
    Released(Bytes),
}

/// Bytes a kept message counts for beyond its channel, pattern and payload.
const MESSAGE_OVERHEAD: usize = 64;

impl std::fmt::Debug for Subscriber {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Subscriber")
            .field("channels", &self.channels.len())
            .field("patterns", &self.patterns.len())
            .field("shards", &self.shards.len())
            .finish()
    }
}

impl Client {
    /// Opens a dedicated connection for Pub/Sub.
    ///
    /// # Errors
    ///
    /// When the connection cannot be opened.
    pub async fn subscriber(&self) -> Result<Subscriber, Error> {
        let (tx, rx) = push_queue(self.config().push_buffer);
        let conn = self.open(Some(PushSink::Subscriber(tx))).await?;
        Ok(Subscriber {
            client: self.clone(),
            conn: Some(conn),
            rx,
            ready: VecDeque::new(),
            ready_bytes: 0,
            pacing: Pacing::default(),
            channels: BTreeSet::new(),
            patterns: BTreeSet::new(),
            shards: BTreeSet::new(),
            dropped: false,
            release_moved: false,
            renew_retry: None,
            closed: false,
        })
    }
}

impl Subscriber {
    /// Subscribes to channels and waits until the server confirms.
    ///
    /// # Errors
    ///
    /// [`Error::Server`] when the server refuses (an ACL user without access to one of the
    /// names: none of them is subscribed then); connection errors and timeouts.
    pub async fn subscribe<C: AsRef<[u8]>>(&mut self, channels: &[C]) -> Result<(), Error> {
        self.change(b"SUBSCRIBE", channels).await
    }

    /// Subscribes to glob-style patterns (`news:*`).
    ///
    /// # Errors
    ///
    /// [`Error::Server`] when the server refuses (an ACL user without access to one of the
    /// names: none of them is subscribed then); connection errors and timeouts.
    pub async fn psubscribe<P: AsRef<[u8]>>(&mut self, patterns: &[P]) -> Result<(), Error> {
        self.change(b"PSUBSCRIBE", patterns).await
    }

    /// Subscribes to shard channels (`SSUBSCRIBE`, Redis 7).
    ///
    /// # Errors
    ///
    /// [`Error::Server`] when the server refuses (an ACL user without access to one of the
    /// names: none of them is subscribed then); connection errors and timeouts.
    pub async fn ssubscribe<C: AsRef<[u8]>>(&mut self, channels: &[C]) -> Result<(), Error> {
        self.change(b"SSUBSCRIBE", channels).await
    }

    /// Unsubscribes from channels.
    ///
    /// # Errors
    ///
    /// Connection errors and timeouts.
    pub async fn unsubscribe<C: AsRef<[u8]>>(&mut self, channels: &[C]) -> Result<(), Error> {
        self.change(b"UNSUBSCRIBE", channels).await
    }

    /// Unsubscribes from patterns.
    ///
    /// # Errors
    ///
    /// Connection errors and timeouts.
    pub async fn punsubscribe<P: AsRef<[u8]>>(&mut self, patterns: &[P]) -> Result<(), Error> {
        self.change(b"PUNSUBSCRIBE", patterns).await
    }

    /// Unsubscribes from shard channels.
    ///
    /// # Errors
    ///
    /// Connection errors and timeouts.
    pub async fn sunsubscribe<C: AsRef<[u8]>>(&mut self, channels: &[C]) -> Result<(), Error> {
        self.change(b"SUNSUBSCRIBE", channels).await
    }

    async fn change<N: AsRef<[u8]>>(&mut self, verb: &[u8], names: &[N]) -> Result<(), Error> {
        if names.is_empty() {
            return Ok(());
        }
        if self.conn.as_ref().is_none_or(Connection::is_closed) {
            self.restore().await?;
        }
        let adding = !verb.starts_with(b"UN") && !verb[1..].starts_with(b"UN");
        let set = self.names_of(verb);
        for name in names {
            if adding {
                set.insert(name.as_ref().to_vec());
            } else {
                set.remove(name.as_ref());
            }
        }
        let mut args: Vec<&[u8]> = vec![verb];
        args.extend(names.iter().map(AsRef::as_ref));
        if let Some(conn) = &self.conn {
            conn.submit(Submission::unanswered(encode(&args)));
        }
        let confirmation = verb.to_ascii_lowercase();
        let done = self.confirmations(&[&confirmation], names.len()).await;
        if adding && matches!(done, Err(Error::Server(_))) {
            // The server refused the command (a channel the ACL user may not use, for
            // example): nothing of it was subscribed, nor is to be after a reconnect.
            let set = self.names_of(verb);
            for name in names {
                set.remove(name.as_ref());
            }
        }
        done
    }

    /// Waits (within the response timeout) for `left` confirmations of one of `kinds`,
    /// keeping the messages that arrive meanwhile.
    async fn confirmations(&mut self, kinds: &[&[u8]], mut left: usize) -> Result<(), Error> {
        let timeout = self.client.config().response_timeout;
        within(timeout, async {
            while left > 0 {
                let Some(item) = self.rx.recv().await else {
                    return Err(Error::lost("lost while subscribing"));
                };
                let Item::Frame(frame) = item else { continue };
                match parse(&frame)? {
                    Push::Message(m) => self.keep(m),
                    Push::Confirmation(kind)
                        if kinds.iter().any(|k| kind.eq_ignore_ascii_case(k)) =>
                    {
                        left -= 1;
                    }
                    Push::Sunsubscribed(channel) if self.shards.contains(&channel[..]) => {
                        self.shard_dropped(channel);
                    }
                    Push::Sunsubscribed(_) if kinds.contains(&&b"sunsubscribe"[..]) => {
                        left -= 1;
                    }
                    Push::Confirmation(_) | Push::Sunsubscribed(_) | Push::Other => {}
                }
            }
            Ok(())
        })
        .await
    }

    /// Keeps a message for [`next_message`](Self::next_message), or, when the buffer is
    /// full, drops it and leaves a gap in its place.
    fn keep(&mut self, m: Message) {
        let cost = m.channel.len()
            + m.payload.len()
            + m.pattern.as_ref().map_or(0, Bytes::len)
            + MESSAGE_OVERHEAD;
        if self.ready_bytes + cost <= self.client.config().push_buffer || self.ready.is_empty() {
            self.ready_bytes += cost;
            self.ready.push_back(Ready::Message(m));
            return;
        }
        match self.ready.back_mut() {
            Some(Ready::Gap(gap)) => gap.dropped += 1,
            _ => self.ready.push_back(Ready::Gap(Gap {
                dropped: 1,
                reconnected: false,
            })),
        }
    }

    /// The names subscribed to with `verb` (or unsubscribed from with its `UN` form).
    fn names_of(&mut self, verb: &[u8]) -> &mut BTreeSet<Vec<u8>> {
        match verb {
            b"SUBSCRIBE" | b"UNSUBSCRIBE" => &mut self.channels,
            b"PSUBSCRIBE" | b"PUNSUBSCRIBE" => &mut self.patterns,
            _ => &mut self.shards,
        }
    }

    /// The next message; after a lost connection, reconnects (paced by the client's
    /// backoff), subscribes again to everything and yields [`Error::MissedMessages`]
    /// before going on: messages published while the connection was down are lost, as
    /// Pub/Sub delivers at most once. `None` once the subscriber was closed.
    ///
    /// # Errors
    ///
    /// [`Error::MissedMessages`] where messages may be missing (the subscriber goes on);
    /// a malformed message (the subscriber goes on); [`Error::Unreachable`] while the
    /// server cannot be reached, or the refusal of the connection with its type
    /// ([`Error::Credentials`], [`Error::Server`] for `WRONGPASS`), after the response
    /// timeout (the next call tries again).
    pub async fn next_message(&mut self) -> Option<Result<Message, Error>> {
        loop {
            match self.next_incoming().await? {
                Ok(Incoming::Message(m)) => return Some(Ok(m)),
                // Only when asked for: never on a subscriber handed to the user.
                Ok(Incoming::Released(_)) => {}
                Err(e) => return Some(Err(e)),
            }
        }
    }

    /// [`next_message`](Self::next_message), with the shard channels let go (see
    /// [`release_moved_shards`](Self::release_moved_shards)). Cancel-safe: dropped while
    /// it waits, nothing is lost.
    pub(crate) async fn next_incoming(&mut self) -> Option<Result<Incoming, Error>> {
        loop {
            if let Some(ready) = self.ready.pop_front() {
                return Some(match ready {
                    Ready::Message(m) => {
                        self.ready_bytes = self.ready_bytes.saturating_sub(
                            m.channel.len()
                                + m.payload.len()
                                + m.pattern.as_ref().map_or(0, Bytes::len)
                                + MESSAGE_OVERHEAD,
                        );
                        Ok(Incoming::Message(m))
                    }
                    Ready::Gap(gap) => Err(Error::MissedMessages(
                        gap.missed(self.client.config().push_buffer),
                    )),
                    Ready::Released(channel) => Ok(Incoming::Released(channel)),
                });
            }
            if self.closed {
                return None;
            }
            if self.dropped {
                // The slot of a shard channel moved: subscribe again where it is now, and
                // mark the gap (messages published there meanwhile were not received).
                self.dropped = false;
                if let Some(conn) = self.conn.take() {
                    conn.shutdown("a shard channel's slot moved");
                }
                if let Err(e) = self.restore().await {
                    return Some(Err(e));
                }
                continue;
            }
            let item = match self.renewal_due() {
                None => self.rx.recv().await,
                // Boxed, both: a renewal is a rare path of every wait for a message.
                Some(at) => {
                    match Box::pin(tokio::time::timeout_at(at.into(), self.rx.recv())).await {
                        Ok(item) => item,
                        Err(_) => {
                            Box::pin(self.renew_credentials()).await;
                            continue;
                        }
                    }
                }
            };
            match item {
                // A reply that is no push on a RESP3 subscriber: that of an `AUTH` whose
                // renewal was cancelled before its reply came (the renewal is tried again
                // when next due).
                Some(Item::Frame(frame))
                    if !frame.is_push()
                        && self.conn.as_ref().map(Connection::protocol)
                            == Some(Protocol::Resp3) =>
                {
                    trace::debug!("a late reply to AUTH on a subscriber's connection");
                }
                Some(Item::Frame(frame)) => match parse(&frame) {
                    Ok(Push::Message(m)) => return Some(Ok(Incoming::Message(m))),
                    Ok(Push::Sunsubscribed(channel)) if self.shards.contains(&channel[..]) => {
                        self.shard_dropped(channel);
                    }
                    Ok(_) => {}
                    Err(e) => return Some(Err(e)),
                },
                // A subscriber's queue waits for room instead of dropping.
                Some(Item::Gap(_)) => {}
                None => {
                    if let Err(e) = self.restore().await {
                        return Some(Err(e));
                    }
                }
            }
        }
    }

    /// When the connection's credentials are due to be renewed, when it can be: over
    /// RESP3, where `AUTH` is allowed on a subscribed connection (over RESP2 only the
    /// (un)subscribe commands, `PING` and `QUIT` are: a connection the server cuts when its
    /// credentials expire is opened again, and the gap marked).
    fn renewal_due(&self) -> Option<Instant> {
        let conn = self.conn.as_ref()?;
        if conn.protocol() != Protocol::Resp3 || self.client.config().credentials.is_none() {
            return None;
        }
        let at = conn.renew_at()?;
        Some(self.renew_retry.map_or(at, |retry| at.max(retry)))
    }

    /// Authenticates the connection again, between messages: fresh credentials, `AUTH` in
    /// line, and its reply read among the messages (kept for `next_message`). No
    /// subscription is unconfirmed meanwhile (each change waits for its confirmations), so
    /// the first reply that is no push is `AUTH`'s. A renewal that fails is logged and tried
    /// again after the backoff; the connection goes on with its credentials.
    async fn renew_credentials(&mut self) {
        let config = self.client.config();
        let (backoff, timeout) = (config.backoff, config.response_timeout);
        let Some(provider) = config.credentials.clone() else {
            return;
        };
        let fetched = Instant::now();
        let renewed = async {
            let creds = provider.credentials().await.map_err(Error::Credentials)?;
            let conn = self
                .conn
                .clone()
                .ok_or_else(|| Error::lost("no connection"))?;
            let auth = crate::conn::reauth::auth_command(&creds);
            conn.submit(Submission::unanswered(auth.as_bytes().to_vec()));
            within(timeout, self.auth_reply()).await?;
            conn.authenticated(fetched, creds.expiry());
            Ok::<_, Error>(())
        };
        match renewed.await {
            Ok(()) => {
                self.renew_retry = None;
                trace::debug!("authenticated a subscriber's connection again");
            }
            Err(e) => {
                trace::info!(error = %e, "authenticating a subscriber's connection again failed");
                self.renew_retry = Some(Instant::now() + backoff.jittered(3));
            }
        }
    }

    /// Reads frames until `AUTH`'s reply, keeping the messages that arrive before it.
    async fn auth_reply(&mut self) -> Result<(), Error> {
        loop {
            let Some(item) = self.rx.recv().await else {
                return Err(Error::lost("lost while authenticating again"));
            };
            let Item::Frame(frame) = item else { continue };
            if !frame.is_push() {
                return frame.decode::<crate::resp::value::Value>().map(drop);
            }
            match parse(&frame)? {
                Push::Message(m) => self.keep(m),
                Push::Sunsubscribed(channel) if self.shards.contains(&channel[..]) => {
                    self.shard_dropped(channel);
                }
                Push::Confirmation(_) | Push::Sunsubscribed(_) | Push::Other => {}
            }
        }
    }

    /// The server unsubscribed a shard channel still wanted (its slot moved): followed
    /// (the connection opened again where the route says) or let go and reported.
    fn shard_dropped(&mut self, channel: Bytes) {
        if self.release_moved {
            self.shards.remove(&channel[..]);
            self.ready.push_back(Ready::Released(channel));
        } else {
            self.dropped = true;
        }
    }

    /// Lets go of shard channels whose slot moved, and reports them, instead of following
    /// them (see `release_moved`).
    #[cfg(feature = "cluster")]
    pub(crate) fn release_moved_shards(&mut self) {
        self.release_moved = true;
    }

    /// The messages as a [`Stream`](futures_core::Stream).
    pub fn into_stream(self) -> impl futures_core::Stream<Item = Result<Message, Error>> + Send {
        crate::support::futures::unfold(self, |mut s| async move {
            let item = s.next_message().await?;
            Some((item, s))
        })
    }

    /// Unsubscribes from everything and closes the connection.
    pub fn close(mut self) {
        self.closed = true;
        if let Some(conn) = self.conn.take() {
            conn.shutdown("subscriber closed by the client");
        }
    }

    /// Opens the connection again after it was lost, subscribes again to everything, and
    /// marks the gap.
    async fn restore(&mut self) -> Result<(), Error> {
        // Boxed: a handshake's state is kilobytes that every wait for a message would
        // otherwise carry, for a path only a lost connection takes.
        Box::pin(self.reopen()).await
    }

    /// [`restore`](Self::restore)'s work.
    async fn reopen(&mut self) -> Result<(), Error> {
        let config = self.client.config();
        let (backoff, push_buffer) = (config.backoff, config.push_buffer);
        // Give up after the response timeout, if there is one; the next call tries again.
        let deadline = config.response_timeout.map(|t| Instant::now() + t);
        if let Some(lost) = self.conn.take() {
            if let Some(lived) = lost.lost_after() {
                self.pacing.lost(&backoff, lived);
            }
        }
        // The gap is marked once the connection is open again (once per outage, however
        // many attempts), before what arrives on the new connection.
        let mut marked = false;
        loop {
            // A closed client's subscribers end (`next_message` gives `None`).
            if self.client.is_closing() {
                self.closed = true;
                return Ok(());
            }
            if let Some(t) = self.pacing.not_before() {
                if let (Some(d), Some(e)) = (deadline, self.pacing.last_error()) {
                    if d <= t {
                        return Err(e);
                    }
                }
                self.client.pause_until(t).await;
            }
            let (tx, rx) = push_queue(push_buffer);
            let conn = match self.client.open(Some(PushSink::Subscriber(tx))).await {
                Ok(conn) => {
                    self.pacing.opened();
                    conn
                }
                Err(e) => {
                    trace::debug!(error = %e, "subscriber reconnect failed");
                    let e = self.pacing.failed(&backoff, e, self.client.target());
                    if self.pacing.exhausted(&backoff) {
                        return Err(e);
                    }
                    continue;
                }
            };
            self.rx = rx;
            if !marked {
                marked = true;
                self.ready.push_back(Ready::Gap(Gap {
                    dropped: 0,
                    reconnected: true,
                }));
            }
            let mut confirmations = 0;
            for (verb, set) in [
                (&b"SUBSCRIBE"[..], &self.channels),
                (b"PSUBSCRIBE", &self.patterns),
            ] {
                if !set.is_empty() {
                    let mut args: Vec<&[u8]> = vec![verb];
                    args.extend(set.iter().map(Vec::as_slice));
                    conn.submit(Submission::unanswered(encode(&args)));
                    confirmations += set.len();
                }
            }
            // One `SSUBSCRIBE` per slot: the server refuses shard channels of several
            // slots in one (`CROSSSLOT`).
            for (_, channels) in by_slot(&self.shards) {
                let mut args: Vec<&[u8]> = vec![b"SSUBSCRIBE"];
                args.extend(channels);
                conn.submit(Submission::unanswered(encode(&args)));
            }
            confirmations += self.shards.len();
            self.conn = Some(conn);
            let kinds: [&[u8]; 3] = [b"subscribe", b"psubscribe", b"ssubscribe"];
            match self.confirmations(&kinds, confirmations).await {
                // A node that no longer serves a shard channel's slot (the client's slot
                // map was behind the move): ask again where it is, after a pause.
                // Let go: every shard channel of this connection is reported, for its
                // owner to subscribe again where each one is now.
                Err(e) if moved_away(&e) && self.release_moved => {
                    trace::debug!(error = %e, "shard channels not served there: let go");
                    for channel in std::mem::take(&mut self.shards) {
                        self.ready.push_back(Ready::Released(Bytes::from(channel)));
                    }
                    self.client.count_reconnect();
                    return Ok(());
                }
                Err(e) if moved_away(&e) => {
                    trace::debug!(error = %e, "shard channel not served there");
                    if let Some(conn) = self.conn.take() {
                        conn.shutdown("a shard channel is served elsewhere");
                    }
                    // The refusal is no reason the server cannot be reached: it is kept as
                    // what it says of the attempt.
                    let refused = Unreachable::new(format!("subscribing failed: {e}"));
                    self.pacing
                        .failed(&backoff, Error::Unreachable(refused), None);
                }
                done => {
                    trace::info!("subscriber reconnected");
                    self.client.count_reconnect();
                    return done;
                }
            }
        }
    }
}

/// Shard channels grouped by slot.
pub(crate) fn by_slot<'a>(
    channels: impl IntoIterator<Item = &'a Vec<u8>>,
) -> std::collections::BTreeMap<u16, Vec<&'a [u8]>> {
    let mut groups: std::collections::BTreeMap<u16, Vec<&[u8]>> = Default::default();
    for channel in channels {
        groups
            .entry(crate::cmd::key_slot(channel))
            .or_default()
            .push(channel);
    }
    groups
}

/// A refusal that says the channel is served elsewhere, or not yet: worth subscribing
/// again once the client knows where it is.
pub(crate) fn moved_away(e: &Error) -> bool {
    matches!(
        e.server_code(),
        Some("MOVED" | "ASK" | "TRYAGAIN" | "CLUSTERDOWN")
    )
}
