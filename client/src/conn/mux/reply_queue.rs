//! The reply queue of one connection: the requests waiting for their replies, in the order
//! their bytes were written, each with its deadline and where its reply goes. The reader
//! task delivers frames to it, the watchdog expires callers whose time is up and finds a
//! connection that stopped answering, and closing fails everything still in it. It is the
//! one place that knows what a slot holds.

use super::cause::Cause;
use super::reply_watch::ReplyWatch;
use crate::conn::streaming::{StreamEvent, StreamKind, StreamTx};
use crate::error::Error;
use crate::support::sync;
use crate::support::trace;
use crate::wire::Frame;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};

/// Where a request's reply (or replies) go.
pub(crate) enum ReplyTx {
    /// One command, one frame.
    One(oneshot::Sender<Result<Frame, Error>>),
    /// Several commands written together (pipeline, transaction): all their frames.
    Many(oneshot::Sender<Result<Vec<Frame>, Error>>),
    /// One command whose reply is handed out piece by piece.
    Stream(StreamTx),
}

impl ReplyTx {
    /// Tells the caller its request failed. The caller may be gone: then nobody needs the
    /// error.
    fn fail(self, error: Error) {
        match self {
            ReplyTx::One(tx) => drop(tx.send(Err(error))),
            ReplyTx::Many(tx) => drop(tx.send(Err(error))),
            // The channel is still empty: nothing was sent down it yet.
            ReplyTx::Stream(s) => drop(s.tx.try_send(StreamEvent::Failed(error))),
        }
    }
}

/// One request waiting for its reply frames.
struct Waiter {
    /// Frames still to come.
    left: usize,
    /// When its caller stops waiting (kept after that, to tell a connection that stopped
    /// answering).
    deadline: Option<Instant>,
    to: To,
}

/// Where a slot's frames go.
enum To {
    One(oneshot::Sender<Result<Frame, Error>>),
    /// The frames gathered so far, handed over once all have come.
    Many(Vec<Frame>, oneshot::Sender<Result<Vec<Frame>, Error>>),
    Stream(StreamTx),
    /// Nobody waits (any more): the frames are read and dropped.
    Nobody,
}

/// A finished slot, completed outside the lock.
pub(super) enum Done {
    One(oneshot::Sender<Result<Frame, Error>>, Frame),
    Many(oneshot::Sender<Result<Vec<Frame>, Error>>, Vec<Frame>),
    Whole(mpsc::Sender<StreamEvent>, Frame),
}

impl Done {
    /// The frames the request is answered with.
    fn frames(&self) -> &[Frame] {
        match self {
            Done::One(_, frame) | Done::Whole(_, frame) => std::slice::from_ref(frame),
            Done::Many(_, frames) => frames,
        }
    }

    fn complete(self) {
        // A send error means the caller gave up (cancelled or timed out): the reply is
        // simply dropped, its slot already consumed.
        match self {
            Done::One(tx, frame) => drop(tx.send(Ok(frame))),
            Done::Many(tx, frames) => drop(tx.send(Ok(frames))),
            // Nothing was sent down this channel before: there is room.
            Done::Whole(tx, frame) => drop(tx.try_send(StreamEvent::Whole(frame))),
        }
    }
}

/// Moves the pipeline at the front of `slots`, all its frames gathered, to `done`.
fn pop_gathered(slots: &mut VecDeque<Waiter>, done: &mut Vec<Done>) {
    if let Some(Waiter {
        to: To::Many(gathered, tx),
        ..
    }) = slots.pop_front()
    {
        done.push(Done::Many(tx, gathered));
    }
}

/// What a request learns as it joins the queue.
pub(super) struct Joined {
    /// No other request waits for a reply (and none is about to be sent), so nothing is
    /// gained by waiting for more requests to write together.
    pub(super) idle: bool,
    /// Requests waiting for their replies, this one included.
    pub(super) awaiting: usize,
}

/// What a delivery did.
pub(super) struct Delivered {
    /// Why the connection must close, when the connection's reply watch says so.
    pub(super) verdict: Option<&'static str>,
    /// Frames delivered.
    pub(super) answered: usize,
    /// Requests that waited for replies before these came.
    pub(super) waiting: usize,
    /// Requests still waiting after.
    pub(super) left: usize,
}

/// What the watchdog found.
pub(super) struct Watch {
    /// When the watchdog must look again at the latest: the earliest deadline still to
    /// come, or when the oldest request will have waited too long.
    pub(super) next: Option<Instant>,
    /// How long past its deadline the oldest request has waited, once that is past the
    /// grace the watchdog allows.
    pub(super) stuck: Option<Duration>,
    /// Requests made so far.
    pub(super) submitted: u64,
    /// Whether no request waits for a reply.
    pub(super) empty: bool,
}

#[derive(Default)]
struct State {
    slots: VecDeque<Waiter>,
    /// Why the connection closed, once it has, and when.
    closed: Option<(Cause, Instant)>,
    /// The last read completed several callers' requests at once: they are about to send
    /// again, so the next request is better gathered with theirs than written alone.
    burst: bool,
    /// Requests made so far (the health check looks for a connection that went quiet).
    submitted: u64,
}

/// The reply queue of one connection.
#[derive(Default)]
pub(super) struct ReplyQueue {
    state: Mutex<State>,
    /// Mirrors `state.closed.is_some()`, to check without the lock.
    closed: AtomicBool,
    /// Streamed replies in the queue: while there are none, the reader never looks at the
    /// queue before scanning a frame.
    streams: AtomicUsize,
}

impl ReplyQueue {
    fn lock(&self) -> MutexGuard<'_, State> {
        sync::lock(&self.state)
    }

    /// Whether the connection is closed.
    pub(super) fn is_closed(&self) -> bool {
        self.closed.load(Ordering::Acquire)
    }

    /// Whether a streamed reply waits in the queue.
    pub(super) fn has_streams(&self) -> bool {
        self.streams.load(Ordering::Acquire) > 0
    }

    /// Adds the slot of a request whose bytes are about to be written (`replies` frames,
    /// going to `tx`, wanted by `deadline`). On a closed connection the request fails at
    /// once instead, and `None` says it must not be written.
    #[allow(
        clippy::disallowed_methods,
        reason = "one slot per reply of the client's own batch"
    )]
    pub(super) fn join(
        &self,
        replies: usize,
        tx: Option<ReplyTx>,
        deadline: Option<Instant>,
    ) -> Option<Joined> {
        let mut state = self.lock();
        if let Some((cause, _)) = &state.closed {
            let error = cause.unsent_error();
            drop(state);
            if let Some(tx) = tx {
                tx.fail(error);
            }
            return None;
        }
        state.submitted += 1;
        let idle = state.slots.is_empty() && !state.burst;
        if replies > 0 {
            let to = match tx {
                Some(ReplyTx::One(tx)) if replies == 1 => To::One(tx),
                Some(ReplyTx::Stream(tx)) if replies == 1 => {
                    self.streams.fetch_add(1, Ordering::AcqRel);
                    To::Stream(tx)
                }
                Some(ReplyTx::Many(tx)) => To::Many(Vec::with_capacity(replies), tx),
                _ => To::Nobody,
            };
            state.slots.push_back(Waiter {
                left: replies,
                deadline,
                to,
            });
        }
        Some(Joined {
            idle,
            awaiting: state.slots.len(),
        })
    }

    /// Hands `frames` (replies, in order) to the oldest slots, then completes the finished
    /// ones outside the lock, showing each answered request's error replies to `watch`,
    /// when there is one: its verdict (why the connection must close) is returned, with
    /// counts for the connection's [`EarlyWriteTuner`](super::early::EarlyWriteTuner). A frame
    /// that no slot waits for is a protocol violation: the connection must close.
    pub(super) fn deliver(
        &self,
        frames: &mut Vec<Frame>,
        done: &mut Vec<Done>,
        watch: Option<&dyn ReplyWatch>,
    ) -> Result<Delivered, Cause> {
        let mut unexpected = false;
        let answered = frames.len();
        let (waiting, left);
        {
            let mut state = self.lock();
            waiting = state.slots.len();
            // The frames of one read all belong to the pipeline at the front (the usual
            // case): moved in one piece.
            if let Some(Waiter {
                left,
                to: To::Many(gathered, _),
                ..
            }) = state.slots.front_mut()
            {
                if *left >= frames.len() {
                    *left -= frames.len();
                    gathered.append(frames);
                    if *left == 0 {
                        pop_gathered(&mut state.slots, done);
                    }
                }
            }
            let mut incoming = frames.drain(..);
            while incoming.len() > 0 {
                let Some(front) = state.slots.front_mut() else {
                    unexpected = true;
                    break;
                };
                if let To::Many(gathered, _) = &mut front.to {
                    // A pipeline's frames move together, as many as it still waits for.
                    let n = front.left.min(incoming.len());
                    gathered.extend(incoming.by_ref().take(n));
                    front.left -= n;
                    if front.left == 0 {
                        pop_gathered(&mut state.slots, done);
                    }
                    continue;
                }
                let Some(frame) = incoming.next() else {
                    break;
                };
                front.left -= 1;
                if front.left > 0 {
                    continue;
                }
                match state.slots.pop_front().map(|s| s.to) {
                    Some(To::One(tx)) => done.push(Done::One(tx, frame)),
                    Some(To::Stream(s)) => {
                        self.streams.fetch_sub(1, Ordering::AcqRel);
                        done.push(Done::Whole(s.tx, frame));
                    }
                    _ => {}
                }
            }
            state.burst = done.len() > 1;
            left = state.slots.len();
        }
        let mut verdict = None;
        for d in done.drain(..) {
            if let (Some(watch), None) = (watch, verdict) {
                verdict = d
                    .frames()
                    .iter()
                    .filter(|f| f.is_error())
                    .find_map(|f| watch.on_error(f));
            }
            d.complete();
        }
        if unexpected {
            frames.clear();
            return Err(Cause::unexpected_reply());
        }
        Ok(Delivered {
            verdict,
            answered,
            waiting,
            left,
        })
    }

    /// How the reply at the front of the queue is wanted, when it is to be streamed.
    pub(super) fn front_stream(&self) -> Option<StreamKind> {
        match self.lock().slots.front() {
            Some(Waiter {
                to: To::Stream(s), ..
            }) => Some(s.kind),
            _ => None,
        }
    }

    /// Takes the streamed reply slot at the front of the queue: its pieces go to the
    /// returned channel from now on.
    pub(super) fn pop_stream(&self) -> Option<mpsc::Sender<StreamEvent>> {
        let mut state = self.lock();
        if !matches!(
            state.slots.front(),
            Some(Waiter {
                to: To::Stream(_),
                ..
            })
        ) {
            return None;
        }
        self.streams.fetch_sub(1, Ordering::AcqRel);
        match state.slots.pop_front().map(|s| s.to) {
            Some(To::Stream(s)) => Some(s.tx),
            _ => None,
        }
    }

    /// One look by the watchdog at `now`: callers whose deadline passed get
    /// [`Error::Timeout`]`(timeout)` (their slots stay, to take the replies when they
    /// come), and the oldest request counts as stuck once it is more than `grace` past its
    /// deadline.
    pub(super) fn watch(&self, now: Instant, timeout: Duration, grace: Option<Duration>) -> Watch {
        let mut expired = Vec::new();
        let mut state = self.lock();
        let mut next: Option<Instant> = None;
        let mut earliest = |t: Instant| next = Some(next.map_or(t, |n| n.min(t)));
        for slot in state.slots.iter_mut() {
            let Some(deadline) = slot.deadline else {
                continue;
            };
            if matches!(slot.to, To::Nobody | To::Stream(_)) {
                continue;
            }
            if deadline <= now {
                expired.push(std::mem::replace(&mut slot.to, To::Nobody));
            } else {
                earliest(deadline);
            }
        }
        let mut stuck = None;
        if let (Some(grace), Some(deadline)) = (grace, state.slots.front().and_then(|s| s.deadline))
        {
            let overdue = now.saturating_duration_since(deadline);
            if overdue >= grace {
                stuck = Some(overdue);
            } else {
                earliest(deadline + grace);
            }
        }
        let watch = Watch {
            next,
            stuck,
            submitted: state.submitted,
            empty: state.slots.is_empty(),
        };
        drop(state);
        for to in expired {
            trace::debug!("request timed out");
            match to {
                To::One(tx) => drop(tx.send(Err(Error::Timeout(timeout)))),
                To::Many(_, tx) => drop(tx.send(Err(Error::Timeout(timeout)))),
                To::Stream(_) | To::Nobody => {}
            }
        }
        watch
    }

    /// Marks the connection closed for `cause` (the first cause wins) and fails every
    /// waiting request with its error.
    pub(super) fn close(&self, cause: Cause) {
        let (drained, cause) = {
            let mut state = self.lock();
            if state.closed.is_none() {
                state.closed = Some((cause, Instant::now()));
                self.closed.store(true, Ordering::Release);
            }
            self.streams.store(0, Ordering::Release);
            let cause = state.closed.as_ref().map(|(c, _)| c.clone());
            (std::mem::take(&mut state.slots), cause)
        };
        let Some(cause) = cause else { return };
        if !drained.is_empty() {
            trace::debug!(in_flight = drained.len(), ?cause, "connection closed");
        }
        for slot in drained {
            match slot.to {
                To::One(tx) => ReplyTx::One(tx).fail(cause.error()),
                To::Many(_, tx) => ReplyTx::Many(tx).fail(cause.error()),
                To::Stream(s) => ReplyTx::Stream(s).fail(cause.error()),
                To::Nobody => {}
            }
        }
    }

    /// Requests whose replies are still awaited (those whose callers gave up included).
    pub(super) fn waiting(&self) -> usize {
        self.lock().slots.len()
    }

    /// Why and when the connection closed, once it has.
    pub(super) fn closed(&self) -> Option<(Cause, Instant)> {
        self.lock().closed.clone()
    }
}

#[cfg(test)]
mod tests;
