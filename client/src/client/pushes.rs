//! [`Pushes`]: the RESP3 push frames that arrive on a client's shared connection and are no
//! reply to any command, such as the `invalidate` messages of client-side caching (`CLIENT
//! TRACKING ON`), as a stream for each listener the client hands out (the connection's
//! push hub, under `conn/`, feeds them).

use crate::client::handle::Client;
use crate::conn::push_queue::{Item, PushReceiver};
use crate::error::Error;
use crate::wire::Frame;
use std::pin::Pin;
use std::task::{Context, Poll};

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
                Item::Gap(gap) => Err(Error::MissedMessages(gap.missed(buffer))),
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
            buffer: hub.buffer(),
        }
    }
}
