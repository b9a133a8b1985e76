//! The queue between a connection's reader and the consumer of its pushes (a
//! [`Subscriber`](crate::Subscriber)'s messages, a [`Pushes`](crate::Pushes) listener's
//! frames), bounded by bytes ([`Config::push_buffer`](crate::Config::push_buffer)).
//!
//! Two ways to meet a full queue: [`PushSender::send`] waits for room, so the reader
//! stops reading the socket and the server's own output-buffer limit protects both sides
//! (a subscriber's connection, which is the subscriber's alone); [`PushSender::offer`]
//! drops the push instead and leaves a [`Gap`] in its place (a client's shared
//! connection, whose replies must keep flowing whatever a listener does).

use crate::support::sync;
use crate::wire::Frame;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use tokio::sync::{mpsc, OwnedSemaphorePermit, Semaphore};

/// Bytes a queued push counts for beyond its own: the bookkeeping that holds it.
const OVERHEAD: usize = 64;

/// What the consumer may have missed at one point of the queue.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Gap {
    /// Pushes dropped because the consumer had fallen behind.
    pub(crate) dropped: u64,
    /// The connection was lost and opened again: what was sent meanwhile never arrived.
    pub(crate) reconnected: bool,
}

impl Gap {
    /// What was missed, for [`Error::MissedMessages`](crate::Error::MissedMessages).
    pub(crate) fn missed(self, buffer: usize) -> crate::error::Missed {
        crate::error::Missed::new(self.reconnected, self.dropped, self.describe(buffer))
    }

    /// Says what was missed.
    fn describe(self, buffer: usize) -> String {
        #[allow(clippy::disallowed_methods, reason = "a constant")]
        let mut parts = Vec::with_capacity(2);
        if self.reconnected {
            parts.push(
                "the connection was lost and opened again, and what was sent meanwhile \
                 never arrived"
                    .to_owned(),
            );
        }
        if self.dropped > 0 {
            parts.push(format!(
                "{} dropped because the consumer fell more than {buffer} bytes behind",
                self.dropped
            ));
        }
        parts.join("; ")
    }
}

/// What the consumer receives.
#[derive(Debug)]
pub(crate) enum Item {
    Frame(Frame),
    Gap(Gap),
}

enum Entry {
    /// A push and the room it takes, given back when the consumer takes it.
    Frame(Frame, OwnedSemaphorePermit),
    /// A gap is here; what it holds is in `Lag` (merged until the consumer reaches it).
    Gap,
}

/// The gap the consumer has not reached yet, if any.
type Lag = Arc<Mutex<Option<Gap>>>;

/// A queue of pushes of at most `max_bytes` (a single larger push is taken alone).
pub(crate) fn push_queue(max_bytes: usize) -> (PushSender, PushReceiver) {
    let max = max_bytes.clamp(1, Semaphore::MAX_PERMITS.min(u32::MAX as usize));
    let (tx, rx) = mpsc::unbounded_channel();
    let lag = Lag::default();
    let sender = PushSender {
        tx,
        room: Arc::new(Semaphore::new(max)),
        max,
        lag: lag.clone(),
    };
    (sender, PushReceiver { rx, lag })
}

/// The reader's end of a push queue.
#[derive(Clone)]
pub(crate) struct PushSender {
    tx: mpsc::UnboundedSender<Entry>,
    room: Arc<Semaphore>,
    max: usize,
    lag: Lag,
}

impl PushSender {
    fn cost(&self, frame: &Frame) -> u32 {
        // At most the whole queue: a push larger than it waits for an empty queue.
        (frame.as_bytes().len() + OVERHEAD).min(self.max) as u32
    }

    /// Queues `frame`, first waiting for room. `false` when the consumer is gone.
    pub(crate) async fn send(&self, frame: Frame) -> bool {
        let cost = self.cost(&frame);
        match self.room.clone().acquire_many_owned(cost).await {
            Ok(permit) => self.tx.send(Entry::Frame(frame, permit)).is_ok(),
            // The semaphore is never closed.
            Err(_) => false,
        }
    }

    /// Queues `frame` if there is room; otherwise drops it and records a gap in its place.
    /// `false` when the consumer is gone.
    pub(crate) fn offer(&self, frame: Frame) -> bool {
        match self.room.clone().try_acquire_many_owned(self.cost(&frame)) {
            Ok(permit) => self.tx.send(Entry::Frame(frame, permit)).is_ok(),
            Err(_) => self.gap(Gap {
                dropped: 1,
                reconnected: false,
            }),
        }
    }

    /// Records a gap at this point of the queue (merged with one the consumer has not
    /// reached yet). `false` when the consumer is gone.
    pub(crate) fn gap(&self, gap: Gap) -> bool {
        let mut lag = sync::lock(&self.lag);
        match &mut *lag {
            Some(pending) => {
                pending.dropped += gap.dropped;
                pending.reconnected |= gap.reconnected;
                !self.tx.is_closed()
            }
            None => {
                *lag = Some(gap);
                self.tx.send(Entry::Gap).is_ok()
            }
        }
    }
}

/// The consumer's end of a push queue; dropping it frees everything queued.
pub(crate) struct PushReceiver {
    rx: mpsc::UnboundedReceiver<Entry>,
    lag: Lag,
}

impl std::fmt::Debug for PushReceiver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PushReceiver")
            .field("queued", &self.rx.len())
            .finish()
    }
}

impl PushReceiver {
    /// The next item; `None` once every sender is gone and the queue is empty.
    pub(crate) async fn recv(&mut self) -> Option<Item> {
        std::future::poll_fn(|cx| self.poll_recv(cx)).await
    }

    /// Polls for the next item.
    pub(crate) fn poll_recv(&mut self, cx: &mut Context<'_>) -> Poll<Option<Item>> {
        self.rx.poll_recv(cx).map(|entry| {
            entry.map(|entry| match entry {
                // The room is given back as the permit drops.
                Entry::Frame(frame, _room) => Item::Frame(frame),
                Entry::Gap => {
                    let gap = sync::lock(&self.lag).take();
                    Item::Gap(gap.unwrap_or_default())
                }
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(n: usize) -> Frame {
        let mut bytes = format!("${n}\r\n").into_bytes();
        bytes.resize(bytes.len() + n, b'x');
        bytes.extend_from_slice(b"\r\n");
        Frame::new(bytes.into()).unwrap()
    }

    #[tokio::test]
    async fn a_full_queue_makes_the_sender_wait_until_the_consumer_takes_a_push() {
        let (tx, mut rx) = push_queue(1000);
        assert!(tx.send(frame(500)).await);
        let blocked = tokio::spawn({
            let tx = tx.clone();
            async move { tx.send(frame(500)).await }
        });
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        assert!(!blocked.is_finished(), "sent past the bound");
        assert!(matches!(rx.recv().await, Some(Item::Frame(_))));
        assert!(blocked.await.unwrap());
        assert!(matches!(rx.recv().await, Some(Item::Frame(_))));
        // A push larger than the whole queue goes through alone.
        assert!(tx.send(frame(5000)).await);
        assert!(matches!(rx.recv().await, Some(Item::Frame(f)) if f.as_bytes().len() > 5000));
        drop(tx);
        assert!(rx.recv().await.is_none());
    }

    #[tokio::test]
    async fn offers_past_the_bound_are_dropped_and_leave_one_gap_in_their_place() {
        let (tx, mut rx) = push_queue(1000);
        assert!(tx.offer(frame(500)));
        for _ in 0..3 {
            assert!(tx.offer(frame(500)));
        }
        assert!(tx.gap(Gap {
            dropped: 0,
            reconnected: true
        }));
        assert!(matches!(rx.recv().await, Some(Item::Frame(_))));
        match rx.recv().await {
            Some(Item::Gap(gap)) => assert_eq!(
                gap,
                Gap {
                    dropped: 3,
                    reconnected: true
                }
            ),
            other => panic!("expected a gap, got {other:?}"),
        }
        assert!(tx.offer(frame(500)));
        assert!(matches!(rx.recv().await, Some(Item::Frame(_))));
        drop(rx);
        assert!(!tx.offer(frame(1)));
    }
}
