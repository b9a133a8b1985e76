//! Keyspace notifications: [`Client::notifications`] subscribes to the `__keyspace@<db>__`
//! and `__keyevent@<db>__` channels on a [`Subscriber`] of its own and yields each
//! notification as a [`KeyNotification`] (its database, key and [`KeyEvent`]).

mod event;

pub use event::KeyEvent;

use crate::client::handle::Client;
use crate::client::pubsub::{Message, Subscriber};
use crate::cmd::b;
use crate::error::{Error, Refused};
use bytes::Bytes;
use event::{parse_channel, Family};

/// Which keyspace notifications to receive: the events of keys matching patterns
/// (`__keyspace@<db>__:<pattern>`), events by name (`__keyevent@<db>__:<event>`), or both,
/// in the client's database, another, or all.
///
/// ```
/// use typedis::{KeyEvent, Notifications};
///
/// let sessions = Notifications::keys("session:*");
/// let expiries = Notifications::events([KeyEvent::Expired, KeyEvent::Evicted]).every_database();
/// # let _ = (sessions, expiries);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notifications {
    keys: Vec<Vec<u8>>,
    events: Vec<KeyEvent>,
    /// `None`: the client's database; `Some(None)`: every database.
    db: Option<Option<u32>>,
}

impl Notifications {
    /// Every event of the keys that match the glob-style `pattern` (`*` for every key).
    pub fn keys(pattern: impl AsRef<[u8]>) -> Notifications {
        Notifications {
            keys: vec![pattern.as_ref().to_vec()],
            events: Vec::new(),
            db: None,
        }
    }

    /// The `events`, of any key.
    pub fn events(events: impl IntoIterator<Item = KeyEvent>) -> Notifications {
        Notifications {
            keys: Vec::new(),
            events: events.into_iter().collect(),
            db: None,
        }
    }

    /// The keys that match `pattern` too.
    pub fn and_keys(mut self, pattern: impl AsRef<[u8]>) -> Notifications {
        self.keys.push(pattern.as_ref().to_vec());
        self
    }

    /// The `event`, of any key, too.
    pub fn and_event(mut self, event: KeyEvent) -> Notifications {
        self.events.push(event);
        self
    }

    /// In database `db` (by default, the client's: [`Config::database`](crate::Config::database)).
    pub fn database(mut self, db: u32) -> Notifications {
        self.db = Some(Some(db));
        self
    }

    /// In every database.
    pub fn every_database(mut self) -> Notifications {
        self.db = Some(None);
        self
    }

    /// The letters `notify-keyspace-events` needs for these notifications: `K` for keys,
    /// `E` for events.
    fn needs(&self) -> impl Iterator<Item = (char, &'static str)> {
        let keys = (!self.keys.is_empty()).then_some(('K', "keyspace"));
        let events = (!self.events.is_empty()).then_some(('E', "keyevent"));
        keys.into_iter().chain(events)
    }
}

/// One keyspace notification: what happened to which key, in which database.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyNotification {
    /// The database of the key.
    pub db: u32,
    /// The key.
    pub key: Bytes,
    /// What happened to it.
    pub event: KeyEvent,
}

/// The keyspace notifications of a [`Notifications`], from
/// [`Client::notifications`], on a subscribed connection of their own: it subscribes again
/// after a reconnect, and [`Error::MissedMessages`] says where notifications may be
/// missing (Pub/Sub delivers at most once).
#[derive(Debug)]
pub struct KeyNotifications {
    subscriber: Subscriber,
}

impl KeyNotifications {
    /// The next notification; `None` once closed.
    ///
    /// # Errors
    ///
    /// As [`Subscriber::next_message`]; [`Error::MissedMessages`] where notifications may
    /// be missing, and the subscription goes on.
    pub async fn next_event(&mut self) -> Option<Result<KeyNotification, Error>> {
        loop {
            match self.subscriber.next_message().await? {
                Ok(message) => {
                    if let Some(event) = notification(&message) {
                        return Some(Ok(event));
                    }
                    // Not a notification: a pattern's channel cannot match anything else;
                    // kept out rather than reported.
                }
                Err(e) => return Some(Err(e)),
            }
        }
    }

    /// The notifications as a [`Stream`](futures_core::Stream).
    pub fn into_stream(
        self,
    ) -> impl futures_core::Stream<Item = Result<KeyNotification, Error>> + Send {
        crate::support::futures::unfold(self, |mut s| async move {
            let item = s.next_event().await?;
            Some((item, s))
        })
    }

    /// Unsubscribes from everything and closes the connection.
    pub fn close(self) {
        self.subscriber.close();
    }
}

/// A message of a notification channel as a [`KeyNotification`].
fn notification(message: &Message) -> Option<KeyNotification> {
    let (family, db, rest) = parse_channel(&message.channel)?;
    Some(match family {
        Family::Keyspace => KeyNotification {
            db,
            key: rest,
            event: KeyEvent::from_name(&message.payload),
        },
        Family::Keyevent => KeyNotification {
            db,
            key: message.payload.clone(),
            event: KeyEvent::from_name(&rest),
        },
    })
}

impl Client {
    /// Subscribes to keyspace notifications on a connection of their own.
    ///
    /// The server sends them only when its `notify-keyspace-events` setting says so:
    /// `K` for the events of keys ([`Notifications::keys`]), `E` for events by name
    /// ([`Notifications::events`]), and the classes of the events (`A` for most of them;
    /// `x` expired, `e` evicted, `n` new keys). Turning it on is the application's
    /// decision (it costs the server CPU): this call reads the setting and refuses a
    /// subscription that could never receive anything. A server that does not let the
    /// client read its configuration (`CONFIG` renamed or not allowed) is not checked.
    /// In a cluster, each node notifies of its own keys: subscribe on each node's client.
    ///
    /// ```no_run
    /// # async fn demo(client: typedis::Client) -> Result<(), typedis::Error> {
    /// use typedis::{KeyEvent, Notifications};
    ///
    /// // CONFIG SET notify-keyspace-events KEA, or in the server's configuration.
    /// let mut events = client.notifications(Notifications::keys("session:*")).await?;
    /// while let Some(event) = events.next_event().await {
    ///     let event = event?;
    ///     if event.event == KeyEvent::Expired {
    ///         println!("session {:?} expired", event.key);
    ///     }
    /// }
    /// # Ok(()) }
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::InvalidUse`] when the server's `notify-keyspace-events` cannot send these
    /// notifications (the message says what to set), or nothing was asked for; and as
    /// [`Client::subscriber`] and [`Subscriber::subscribe`].
    pub async fn notifications(&self, which: Notifications) -> Result<KeyNotifications, Error> {
        if which.keys.is_empty() && which.events.is_empty() {
            return Err(refused("no key pattern and no event asked for"));
        }
        self.check_notifications(&which).await?;
        let db = which.db.unwrap_or(Some(self.config().database));
        let mut subscriber = self.subscriber().await?;
        let patterns: Vec<Vec<u8>> = which
            .keys
            .iter()
            .map(|pattern| Family::Keyspace.channel(db, pattern))
            .collect();
        let channels: Vec<Vec<u8>> = which
            .events
            .iter()
            .map(|e| Family::Keyevent.channel(db, e.name()))
            .collect();
        if !patterns.is_empty() {
            subscriber.psubscribe(&patterns).await?;
        }
        // In one database the event channels are channels; in every one, patterns.
        match (channels.is_empty(), db) {
            (true, _) => {}
            (false, Some(_)) => subscriber.subscribe(&channels).await?,
            (false, None) => subscriber.psubscribe(&channels).await?,
        }
        Ok(KeyNotifications { subscriber })
    }

    /// Refuses notifications the server's `notify-keyspace-events` cannot send.
    async fn check_notifications(&self, which: &Notifications) -> Result<(), Error> {
        let setting = self
            .query_as::<Vec<(String, String)>>(b().config_get().parameter("notify-keyspace-events"))
            .await;
        let flags = match setting {
            Ok(pairs) => match pairs.into_iter().next() {
                Some((_, flags)) => flags,
                None => return Ok(()),
            },
            // Not allowed to read it (a managed server, an ACL): not checked.
            Err(Error::Server(_)) => return Ok(()),
            Err(e) => return Err(e),
        };
        // `A` is most classes; any class letter means some events are sent.
        let has_class = flags.chars().any(|c| "g$lshzxetdmnA".contains(c));
        for (letter, family) in which.needs() {
            if !flags.contains(letter) || !has_class {
                return Err(refused(format!(
                    "the server sends no {family} notifications (notify-keyspace-events is \
                     {flags:?}): set it to include `{letter}` and the classes of the events \
                     (`CONFIG SET notify-keyspace-events {letter}A`, or `KEA` for both kinds)"
                )));
            }
        }
        Ok(())
    }
}

/// A refused subscription, as `why` says.
fn refused(why: impl Into<String>) -> Error {
    Error::InvalidUse(Refused::new("notifications", why))
}
