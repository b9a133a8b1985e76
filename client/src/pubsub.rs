//! Pub/Sub: a [`Subscriber`] on its own connection receives the messages of its channels,
//! patterns and shard channels as a [`Stream`](futures_core::Stream), and subscribes again
//! by itself after a reconnect.

use crate::client::{within, Client};
use crate::conn::handshake;
use crate::conn::mux::{Connection, Payload, PushSink, Request};
use crate::error::Error;
use crate::resp::write::encode;
use crate::resp::{DecodeError, Frame, Reader};
use bytes::Bytes;
use std::collections::{BTreeSet, VecDeque};
use std::time::Instant;
use tokio::sync::mpsc;

/// What a [`Message`] was delivered for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum MessageKind {
    /// A channel subscribed with `SUBSCRIBE`.
    Channel,
    /// A pattern subscribed with `PSUBSCRIBE`; [`Message::pattern`] says which.
    Pattern,
    /// A shard channel subscribed with `SSUBSCRIBE`.
    Shard,
}

/// One published message. The channel and payload are [`Bytes`] slices of the received
/// frame: nothing is copied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    /// How it was subscribed.
    pub kind: MessageKind,
    /// The channel it was published to.
    pub channel: Bytes,
    /// The pattern that matched, for [`MessageKind::Pattern`].
    pub pattern: Option<Bytes>,
    /// The payload.
    pub payload: Bytes,
}

impl Message {
    /// The payload as UTF-8 text.
    ///
    /// # Errors
    ///
    /// When the payload is not UTF-8.
    pub fn payload_str(&self) -> Result<&str, std::str::Utf8Error> {
        std::str::from_utf8(&self.payload)
    }
}

/// A connection in subscribed mode.
///
/// ```no_run
/// # async fn demo(client: typedis::Client) -> Result<(), typedis::Error> {
/// let mut subscriber = client.subscriber().await?;
/// subscriber.subscribe(&["news"]).await?;
/// subscriber.psubscribe(&["alerts:*"]).await?;
/// while let Some(message) = subscriber.next_message().await {
///     let message = message?;
///     println!("{:?} on {:?}", message.payload, message.channel);
/// }
/// # Ok(()) }
/// ```
pub struct Subscriber {
    client: Client,
    conn: Option<Connection>,
    rx: mpsc::UnboundedReceiver<Frame>,
    /// Messages that arrived while a (un)subscribe call waited for its confirmations.
    ready: VecDeque<Message>,
    channels: BTreeSet<Vec<u8>>,
    patterns: BTreeSet<Vec<u8>>,
    shards: BTreeSet<Vec<u8>>,
    closed: bool,
}

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
        let (tx, rx) = mpsc::unbounded_channel();
        let conn = handshake::connect(self.config(), Some(PushSink::Subscriber(tx))).await?;
        Ok(Subscriber {
            client: self.clone(),
            conn: Some(conn),
            rx,
            ready: VecDeque::new(),
            channels: BTreeSet::new(),
            patterns: BTreeSet::new(),
            shards: BTreeSet::new(),
            closed: false,
        })
    }
}

/// A parsed push frame of a subscribed connection.
enum Push {
    Message(Message),
    /// A (un)subscribe confirmation: its kind word.
    Confirmation(Bytes),
    Other,
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
        let set = self.names_of(verb);
        let adding = !verb.starts_with(b"UN") && !verb[1..].starts_with(b"UN");
        for name in names {
            if adding {
                set.insert(name.as_ref().to_vec());
            } else {
                set.remove(name.as_ref());
            }
        }
        let mut args: Vec<&[u8]> = vec![verb];
        args.extend(names.iter().map(AsRef::as_ref));
        let conn = self.live().await?;
        conn.submit(Request {
            payload: Payload::Encoded(encode(&args)),
            replies: 0,
            tx: None,
            deadline: None,
        });
        let confirmation = verb.to_ascii_lowercase();
        let mut left = names.len();
        let timeout = self.client.config().response_timeout;
        let wait = async {
            while left > 0 {
                let Some(frame) = self.rx.recv().await else {
                    return Err(Error::ConnectionClosed(
                        "connection lost while subscribing".into(),
                    ));
                };
                match parse(&frame)? {
                    Push::Message(m) => self.ready.push_back(m),
                    Push::Confirmation(kind) if kind.eq_ignore_ascii_case(&confirmation) => {
                        left -= 1
                    }
                    Push::Confirmation(_) | Push::Other => {}
                }
            }
            Ok(())
        };
        let done = within(timeout, wait).await;
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

    /// The names subscribed to with `verb` (or unsubscribed from with its `UN` form).
    fn names_of(&mut self, verb: &[u8]) -> &mut BTreeSet<Vec<u8>> {
        match verb {
            b"SUBSCRIBE" | b"UNSUBSCRIBE" => &mut self.channels,
            b"PSUBSCRIBE" | b"PUNSUBSCRIBE" => &mut self.patterns,
            _ => &mut self.shards,
        }
    }

    /// The next message; after a lost connection, reconnects (with the client's backoff)
    /// and subscribes again to everything before going on. Messages published while the
    /// connection was down are lost, as Pub/Sub delivers at most once. `None` once the
    /// subscriber was closed.
    ///
    /// # Errors
    ///
    /// A malformed message (the subscriber goes on).
    pub async fn next_message(&mut self) -> Option<Result<Message, Error>> {
        loop {
            if let Some(m) = self.ready.pop_front() {
                return Some(Ok(m));
            }
            if self.closed {
                return None;
            }
            match self.rx.recv().await {
                Some(frame) => match parse(&frame) {
                    Ok(Push::Message(m)) => return Some(Ok(m)),
                    Ok(_) => {}
                    Err(e) => return Some(Err(e)),
                },
                None => {
                    self.conn = None;
                    if let Err(e) = self.live().await {
                        return Some(Err(e));
                    }
                }
            }
        }
    }

    /// The messages as a [`Stream`](futures_core::Stream).
    pub fn into_stream(self) -> impl futures_core::Stream<Item = Result<Message, Error>> + Send {
        futures_util::stream::unfold(self, |mut s| async move {
            let item = s.next_message().await?;
            Some((item, s))
        })
    }

    /// Unsubscribes from everything and closes the connection.
    pub fn close(mut self) {
        self.closed = true;
        if let Some(conn) = self.conn.take() {
            conn.shutdown("subscriber closed");
        }
    }

    /// The connection, opened again (and every subscription restored) if it died.
    async fn live(&mut self) -> Result<Connection, Error> {
        if let Some(conn) = &self.conn {
            if !conn.is_closed() {
                return Ok(conn.clone());
            }
        }
        let config = self.client.config().clone();
        let mut failures = 0;
        let started = Instant::now();
        let conn = loop {
            let (tx, rx) = mpsc::unbounded_channel();
            match handshake::connect(&config, Some(PushSink::Subscriber(tx))).await {
                Ok(conn) => {
                    self.rx = rx;
                    break conn;
                }
                Err(e) => {
                    failures += 1;
                    tracing::debug!(error = %e, failures, "subscriber reconnect failed");
                    // Give up after the response timeout, if there is one; the next call
                    // tries again.
                    if let Some(limit) = config.response_timeout {
                        if started.elapsed() > limit {
                            return Err(Error::ConnectionClosed(format!(
                                "subscriber connection lost and reconnecting failed: {e}"
                            )));
                        }
                    }
                    tokio::time::sleep(config.backoff.delay(failures)).await;
                }
            }
        };
        for (verb, set) in [
            (&b"SUBSCRIBE"[..], &self.channels),
            (b"PSUBSCRIBE", &self.patterns),
            (b"SSUBSCRIBE", &self.shards),
        ] {
            if !set.is_empty() {
                let mut args: Vec<&[u8]> = vec![verb];
                args.extend(set.iter().map(Vec::as_slice));
                conn.submit(Request {
                    payload: Payload::Encoded(encode(&args)),
                    replies: 0,
                    tx: None,
                    deadline: None,
                });
            }
        }
        tracing::info!("subscriber reconnected");
        self.client.count_reconnect();
        self.conn = Some(conn.clone());
        Ok(conn)
    }
}

fn parse(frame: &Frame) -> Result<Push, Error> {
    if frame.is_error() {
        return Err(frame.decode::<()>().expect_err("an error reply"));
    }
    let mut r = Reader::new(frame);
    let read = |r: &mut Reader<'_>| -> Result<Push, DecodeError> {
        let n = r.array_len()?;
        let kind = r.bytes_owned()?;
        let lower = kind.to_ascii_lowercase();
        let push = match (lower.as_slice(), n) {
            (b"message", 3) | (b"smessage", 3) => Push::Message(Message {
                kind: if lower == b"message" {
                    MessageKind::Channel
                } else {
                    MessageKind::Shard
                },
                channel: r.bytes_owned()?,
                pattern: None,
                payload: r.bytes_owned()?,
            }),
            (b"pmessage", 4) => Push::Message(Message {
                kind: MessageKind::Pattern,
                pattern: Some(r.bytes_owned()?),
                channel: r.bytes_owned()?,
                payload: r.bytes_owned()?,
            }),
            (
                b"subscribe" | b"psubscribe" | b"ssubscribe" | b"unsubscribe" | b"punsubscribe"
                | b"sunsubscribe",
                _,
            ) => Push::Confirmation(kind),
            _ => Push::Other,
        };
        Ok(push)
    };
    Ok(read(&mut r)?)
}
