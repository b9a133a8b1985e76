//! What a subscribed connection receives: published [`Message`]s, and the confirmations of
//! (un)subscriptions, parsed from push frames (RESP3) or plain arrays (RESP2).

use crate::error::Error;
use crate::resp::read::RespRead;
use crate::wire::DecodeError;
use crate::wire::Frame;
use crate::wire::Reader;
use bytes::Bytes;

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

/// A parsed push frame of a subscribed connection.
pub(super) enum Push {
    Message(Message),
    /// A (un)subscribe confirmation: its kind word.
    Confirmation(Bytes),
    /// A shard channel the server unsubscribed by itself (a `sunsubscribe` for a channel
    /// the subscriber did not give up, when its slot moved to another node), or a
    /// `sunsubscribe` confirmation: the subscriber tells which.
    Sunsubscribed(Bytes),
    Other,
}

pub(super) fn parse(frame: &Frame) -> Result<Push, Error> {
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
            (b"sunsubscribe", 3) => match Option::<Bytes>::read(r)? {
                Some(channel) => Push::Sunsubscribed(channel),
                None => Push::Confirmation(kind),
            },
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
