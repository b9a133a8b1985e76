//! RESP3 push frames that arrive on a client's shared connection and are no reply to any
//! command, such as the `invalidate` messages of client-side caching (`CLIENT TRACKING
//! ON`), handed to every [`Pushes`] listener the client has handed out.

use crate::cache::Cache;
use crate::client::Client;
use crate::conn::push_queue::{push_queue, Gap, Item, PushReceiver, PushSender};
use crate::error::Error;
use crate::resp::Frame;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};

/// The listeners of one client's pushes.
pub(crate) struct PushHub {
    listeners: Mutex<Vec<PushSender>>,
    /// The client-side cache, which applies the invalidations first.
    cache: Option<Arc<Cache>>,
    /// Each listener's bound, in bytes (see `Config::push_buffer`).
    buffer: usize,
}

impl PushHub {
    pub(crate) fn new(buffer: usize, cache: Option<Arc<Cache>>) -> PushHub {
        PushHub {
            listeners: Mutex::new(Vec::new()),
            cache,
            buffer,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<PushSender>> {
        self.listeners.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Hands `frame` to every live listener that has room (the others are told they
    /// missed it); with no listener, it is dropped. Never waits: the reader of the shared
    /// connection calls it.
    pub(crate) fn send(&self, frame: Frame) {
        self.lock().retain(|tx| tx.offer(frame.clone()));
    }

    /// Tells every listener that the shared connection was opened again: pushes sent
    /// meanwhile were lost, and server-side state such as `CLIENT TRACKING` is gone.
    pub(crate) fn reconnected(&self) {
        if let Some(cache) = &self.cache {
            cache.flush();
        }
        let gap = Gap {
            dropped: 0,
            reconnected: true,
        };
        self.lock().retain(|tx| tx.gap(gap));
    }

    /// Applies `frame` to the client-side cache, if it is an invalidation: the reader calls
    /// it as soon as the frame is delimited, so that it takes effect before the replies
    /// that followed it reach their callers.
    pub(crate) fn invalidate(&self, frame: &Frame) {
        if let Some(cache) = &self.cache {
            cache.on_push(frame);
        }
    }

    /// The shared connection was lost: invalidations can no longer arrive, so nothing
    /// cached can be trusted.
    pub(crate) fn connection_lost(&self) {
        if let Some(cache) = &self.cache {
            cache.flush();
        }
    }

    fn listen(&self) -> PushReceiver {
        let (tx, rx) = push_queue(self.buffer);
        self.lock().push(tx);
        rx
    }
}

/// The RESP3 push frames arriving on a [`Client`]'s shared connection from the moment it
/// was made: a [`Stream`](futures_core::Stream) of [`Frame`]s, also read with
/// [`Pushes::next`]. Decode each frame as its kind requires, for instance
/// `(&str, Option<Vec<&[u8]>>)` for `invalidate` with its keys.
///
/// Each listener holds at most [`Config::push_buffer`](crate::Config::push_buffer) bytes
/// of pushes it has not read. The shared connection never waits for a listener (every
/// caller's replies arrive on it), so a listener that falls further behind loses the
/// pushes that do not fit, and in their place the stream yields
/// [`Error::MissedMessages`] saying how many. It yields the same error after the shared
/// connection was lost and opened again (see
/// [`ClientStats::reconnects`](crate::ClientStats::reconnects)): pushes sent meanwhile
/// are lost, and server-side state such as `CLIENT TRACKING` belongs to one connection,
/// so it must be set again and a client-side cache cleared. Only RESP3 connections
/// receive pushes.
///
/// ```no_run
/// # async fn demo(client: typedis::Client) -> Result<(), typedis::Error> {
/// use typedis::{b, Error};
///
/// let mut pushes = client.pushes();
/// client.query(b().client_tracking().on()).await?;
/// let _colour = client.query(b().get().key("config:colour")).await?;
/// // Another client changes the key: this one is told.
/// while let Some(push) = pushes.next().await {
///     match push {
///         Ok(frame) => {
///             let (kind, keys): (&str, Option<Vec<&str>>) = frame.decode()?;
///             if kind == "invalidate" {
///                 println!("forget {keys:?}");
///             }
///         }
///         // Invalidations may be lost: forget everything, and turn tracking on again.
///         Err(Error::MissedMessages(why)) => {
///             println!("clearing the cache: {why}");
///             client.query(b().client_tracking().on()).await?;
///         }
///         Err(e) => return Err(e),
///     }
/// }
/// # Ok(()) }
/// ```
#[derive(Debug)]
pub struct Pushes {
    rx: PushReceiver,
    buffer: usize,
}

impl Pushes {
    /// The next push frame, or [`Error::MissedMessages`] where pushes were lost; `None`
    /// once the client (every clone of it) is gone.
    pub async fn next(&mut self) -> Option<Result<Frame, Error>> {
        std::future::poll_fn(|cx| self.poll(cx)).await
    }

    fn poll(&mut self, cx: &mut Context<'_>) -> Poll<Option<Result<Frame, Error>>> {
        let buffer = self.buffer;
        self.rx.poll_recv(cx).map(|item| {
            item.map(|item| match item {
                Item::Frame(frame) => Ok(frame),
                Item::Gap(gap) => Err(Error::MissedMessages(gap.describe(buffer))),
            })
        })
    }
}

impl futures_core::Stream for Pushes {
    type Item = Result<Frame, Error>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.poll(cx)
    }
}

impl Client {
    /// A new listener of the RESP3 pushes arriving on the shared connection (see
    /// [`Pushes`]). Pub/Sub messages go to a [`Subscriber`](crate::Subscriber) instead.
    pub fn pushes(&self) -> Pushes {
        let hub = self.push_hub();
        Pushes {
            rx: hub.listen(),
            buffer: hub.buffer,
        }
    }
}
