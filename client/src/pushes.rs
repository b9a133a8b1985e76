//! RESP3 push frames that arrive on a client's shared connection and are no reply to any
//! command, such as the `invalidate` messages of client-side caching (`CLIENT TRACKING
//! ON`), handed to every [`Pushes`] listener the client has handed out.

use crate::client::Client;
use crate::resp::Frame;
use std::pin::Pin;
use std::sync::Mutex;
use std::task::{Context, Poll};
use tokio::sync::mpsc;

/// The listeners of one client's pushes.
#[derive(Default)]
pub(crate) struct PushHub {
    listeners: Mutex<Vec<mpsc::UnboundedSender<Frame>>>,
}

impl PushHub {
    /// Hands `frame` to every live listener; with none, it is dropped.
    pub(crate) fn send(&self, frame: Frame) {
        let mut listeners = self.listeners.lock().unwrap_or_else(|p| p.into_inner());
        listeners.retain(|tx| tx.send(frame.clone()).is_ok());
    }

    fn listen(&self) -> mpsc::UnboundedReceiver<Frame> {
        let (tx, rx) = mpsc::unbounded_channel();
        self.listeners
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(tx);
        rx
    }
}

/// The RESP3 push frames arriving on a [`Client`]'s shared connection from the moment it
/// was made: a [`Stream`](futures_core::Stream) of [`Frame`]s, also read with
/// [`Pushes::next`]. Decode each frame as its kind requires, for instance
/// `(&str, Option<Vec<&[u8]>>)` for `invalidate` with its keys.
///
/// Pushes are queued for every listener until it reads them, so a listener that is kept
/// must be read. Only RESP3 connections receive pushes. Server-side state such as
/// `CLIENT TRACKING` belongs to one connection: after a reconnect (see
/// [`ClientStats::reconnects`](crate::ClientStats::reconnects)) it must be set again, and
/// a client-side cache should be cleared, since invalidations sent meanwhile are lost.
///
/// ```no_run
/// # async fn demo(client: typedis::Client) -> Result<(), typedis::Error> {
/// use typedis::b;
///
/// let mut pushes = client.pushes();
/// client.query(b().client_tracking().on()).await?;
/// let _colour = client.query(b().get().key("config:colour")).await?;
/// // Another client changes the key: this one is told.
/// while let Some(frame) = pushes.next().await {
///     let (kind, keys): (&str, Option<Vec<&str>>) = frame.decode()?;
///     if kind == "invalidate" {
///         println!("forget {keys:?}");
///     }
/// }
/// # Ok(()) }
/// ```
#[derive(Debug)]
pub struct Pushes {
    rx: mpsc::UnboundedReceiver<Frame>,
}

impl Pushes {
    /// The next push frame; `None` once the client (every clone of it) is gone.
    pub async fn next(&mut self) -> Option<Frame> {
        self.rx.recv().await
    }
}

impl futures_core::Stream for Pushes {
    type Item = Frame;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Frame>> {
        self.rx.poll_recv(cx)
    }
}

impl Client {
    /// A new listener of the RESP3 pushes arriving on the shared connection (see
    /// [`Pushes`]). Pub/Sub messages go to a [`Subscriber`](crate::Subscriber) instead.
    pub fn pushes(&self) -> Pushes {
        Pushes {
            rx: self.push_hub().listen(),
        }
    }
}
