//! One live connection shared by many callers: requests' bytes are written together
//! (by the caller itself when the connection is idle, otherwise by a writer task that
//! gathers every queued request into one write), and a reader task delimits reply frames
//! and hands each one to the oldest waiting request.
//!
//! The invariant everything rests on: a request's reply slot joins the queue, under the
//! same lock that tells whether the connection is still open, *before* its bytes are
//! written, and the bytes join the outbox in the same order as the slots (both under the
//! outbox lock). Replies arrive in request order, so the reader pops slots from the front;
//! a slot whose caller went away (cancelled, timed out) still receives its reply, which is
//! then dropped, so no caller can ever see another caller's reply.

mod outbox;
mod reader;
mod watchdog;

use super::config::Protocol;
use super::streaming::{StreamEvent, StreamKind, StreamTx};
use super::transport::{ReadHalf, WriteHalf};
use crate::cmd::Command;
use crate::error::Error;
use crate::pushes::PushHub;
use crate::resp::Frame;
use bytes::{Bytes, BytesMut};
use outbox::Outbox;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot, Notify};

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
    fn fail(self, reason: &str) {
        // The caller may be gone: then nobody needs the error.
        match self {
            ReplyTx::One(tx) => drop(tx.send(Err(closed(reason)))),
            ReplyTx::Many(tx) => drop(tx.send(Err(closed(reason)))),
            ReplyTx::Stream(s) => drop(s.tx.try_send(StreamEvent::Failed(closed(reason)))),
        }
    }
}

/// The bytes of a request.
pub(crate) enum Payload {
    /// One command, written from its own buffer.
    Command(Command),
    /// Several commands already encoded back to back.
    Encoded(Vec<u8>),
    /// A command whose last argument, `len` bytes long, arrives in chunks: `head` is the
    /// command up to and including that argument's `$len` line.
    Streamed {
        head: Vec<u8>,
        body: mpsc::Receiver<Bytes>,
        len: u64,
    },
}

impl Payload {
    fn as_bytes(&self) -> &[u8] {
        match self {
            Payload::Command(c) => c.as_bytes(),
            Payload::Encoded(v) => v,
            Payload::Streamed { head, .. } => head,
        }
    }
}

/// Something to write and the replies it expects.
pub(crate) struct Request {
    pub(crate) payload: Payload,
    /// How many reply frames the payload produces (0: none, as for `SUBSCRIBE`, whose
    /// confirmations arrive as pushes).
    pub(crate) replies: usize,
    pub(crate) tx: Option<ReplyTx>,
    /// When the caller stops waiting: then it gets [`Error::Timeout`] (and the reply,
    /// once it comes, is dropped).
    pub(crate) deadline: Option<Instant>,
}

/// A reply slot in the queue.
enum Pending {
    /// One frame; `tx` is `None` when nobody waits for it.
    One {
        tx: Option<oneshot::Sender<Result<Frame, Error>>>,
        deadline: Option<Instant>,
    },
    /// `left` more frames to gather for `tx`.
    Many {
        left: usize,
        frames: Vec<Frame>,
        tx: oneshot::Sender<Result<Vec<Frame>, Error>>,
        deadline: Option<Instant>,
    },
    /// `left` more frames that nobody waits for.
    Discard { left: usize },
    /// A reply to hand out piece by piece.
    Stream(StreamTx),
}

impl Pending {
    fn new(replies: usize, tx: Option<ReplyTx>, deadline: Option<Instant>) -> Option<Pending> {
        Some(match (tx, replies) {
            (_, 0) => return None,
            (Some(ReplyTx::One(tx)), 1) => Pending::One {
                tx: Some(tx),
                deadline,
            },
            (None, 1) => Pending::One { tx: None, deadline },
            (Some(ReplyTx::Stream(tx)), 1) => Pending::Stream(tx),
            (Some(ReplyTx::Many(tx)), left) => Pending::Many {
                left,
                frames: Vec::with_capacity(left),
                tx,
                deadline,
            },
            (_, left) => Pending::Discard { left },
        })
    }

    fn fail(self, reason: &str) {
        match self {
            Pending::One { tx: Some(tx), .. } => drop(tx.send(Err(closed(reason)))),
            Pending::Many { tx, .. } => drop(tx.send(Err(closed(reason)))),
            // The channel is still empty: nothing was sent down it yet.
            Pending::Stream(s) => drop(s.tx.try_send(StreamEvent::Failed(closed(reason)))),
            Pending::One { tx: None, .. } | Pending::Discard { .. } => {}
        }
    }

    /// When the caller stops waiting, if it still waits.
    fn deadline(&self) -> Option<Instant> {
        match self {
            Pending::One {
                tx: Some(_),
                deadline,
            }
            | Pending::Many { deadline, .. } => *deadline,
            _ => None,
        }
    }

    /// Tells the caller its time is up; the slot stays in the queue, without a caller,
    /// to take the reply when it comes.
    fn expire(&mut self, after: Duration) {
        match self {
            Pending::One { tx, .. } => {
                if let Some(tx) = tx.take() {
                    drop(tx.send(Err(Error::Timeout(after))));
                }
            }
            Pending::Many { left, .. } => {
                let left = *left;
                if let Pending::Many { tx, .. } = std::mem::replace(self, Pending::Discard { left })
                {
                    drop(tx.send(Err(Error::Timeout(after))));
                }
            }
            Pending::Discard { .. } | Pending::Stream(_) => {}
        }
    }
}

/// A finished slot, completed outside the lock.
enum Done {
    One(oneshot::Sender<Result<Frame, Error>>, Frame),
    Many(oneshot::Sender<Result<Vec<Frame>, Error>>, Vec<Frame>),
    Whole(mpsc::Sender<StreamEvent>, Frame),
}

#[derive(Default)]
struct State {
    queue: VecDeque<Pending>,
    /// Why the connection is closed, once it is.
    closed: Option<Arc<str>>,
    /// The last read completed several callers' requests at once: they are about to send
    /// again, so the next request is better gathered with theirs than written alone.
    burst: bool,
    /// Requests made so far (the health check looks for a connection that went quiet).
    submitted: u64,
}

struct Shared {
    state: Mutex<State>,
    /// Mirrors `state.closed.is_some()` so callers can check without the lock.
    closed: AtomicBool,
    /// Streamed replies in the queue: while there are none, the reader never looks at the
    /// queue before scanning a frame.
    streams: AtomicUsize,
    /// Bytes waiting to be written. Lock order: `outbox`, then `state`.
    outbox: Mutex<Outbox>,
    /// Wakes the writer task: there is something to write, or the connection closed.
    wake: Notify,
    /// Bytes in the outbox not yet written (mirrors the outbox's count, for lock-free
    /// checks), and who waits for it to fall under [`MAX_UNWRITTEN`].
    unwritten: AtomicUsize,
    drained: Notify,
    /// How long a caller waits for a reply, unless it asked otherwise.
    timeout: Option<Duration>,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic while holding this lock cannot leave the queue inconsistent (every
        // critical section is a push, a pop or a flag), so poisoning is ignored.
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn outbox(&self) -> MutexGuard<'_, Outbox> {
        // As above: a panic cannot leave the outbox half-updated in a way that matters.
        self.outbox.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Marks the connection closed, fails every waiting slot and stops the writer.
    fn close(&self, reason: &str) {
        let drained: Vec<Pending> = {
            let mut state = self.lock();
            if state.closed.is_none() {
                state.closed = Some(reason.into());
                self.closed.store(true, Ordering::Release);
            }
            self.streams.store(0, Ordering::Release);
            state.queue.drain(..).collect()
        };
        self.wake.notify_one();
        self.drained.notify_waiters();
        if !drained.is_empty() {
            tracing::debug!(in_flight = drained.len(), reason, "connection closed");
        }
        for p in drained {
            p.fail(reason);
        }
    }

    /// How the reply at the front of the queue is wanted, when it is to be streamed.
    fn front_stream(&self) -> Option<StreamKind> {
        match self.lock().queue.front() {
            Some(Pending::Stream(s)) => Some(s.kind),
            _ => None,
        }
    }

    /// Takes the streamed reply slot at the front of the queue.
    fn pop_stream(&self) -> Option<mpsc::Sender<StreamEvent>> {
        let mut state = self.lock();
        match state.queue.pop_front() {
            Some(Pending::Stream(s)) => {
                self.streams.fetch_sub(1, Ordering::AcqRel);
                Some(s.tx)
            }
            Some(other) => {
                state.queue.push_front(other);
                None
            }
            None => None,
        }
    }

    fn close_reason(&self) -> Arc<str> {
        self.lock()
            .closed
            .clone()
            .unwrap_or_else(|| "connection shut down".into())
    }

    /// Queues a request; on a dead connection its reply slot fails at once.
    fn submit(&self, request: Request) {
        let mut outbox = self.outbox();
        let (idle, awaiting) = {
            let mut state = self.lock();
            if let Some(reason) = state.closed.clone() {
                drop(state);
                drop(outbox);
                if let Some(tx) = request.tx {
                    tx.fail(&reason);
                }
                return;
            }
            state.submitted += 1;
            let idle = state.queue.is_empty() && !state.burst;
            if let Some(slot) = Pending::new(request.replies, request.tx, request.deadline) {
                if matches!(slot, Pending::Stream(_)) {
                    self.streams.fetch_add(1, Ordering::AcqRel);
                }
                state.queue.push_back(slot);
            }
            (idle, state.queue.len())
        };
        if let Err(e) = outbox.put(self, request.payload, idle, awaiting) {
            drop(outbox);
            self.close(&format!("connection lost while writing: {e}"));
        }
    }
}

/// How a connection behaves, from its client's [`Config`](crate::Config).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Tuning {
    /// The response timeout of requests that do not bring their own deadline.
    pub(crate) timeout: Option<Duration>,
    /// See `Config::write_early_after`.
    pub(crate) write_early_after: Option<usize>,
    /// See `Config::health_check`.
    pub(crate) health_check: Option<Duration>,
}

/// How the reader routes frames that are not command replies.
#[derive(Clone)]
pub(crate) struct PushRoute {
    pub(crate) sink: PushSink,
    /// RESP2 Pub/Sub: once subscribed, every frame is a message (there are no push frames).
    pub(crate) all_frames: bool,
}

/// Where push frames go.
#[derive(Clone)]
pub(crate) enum PushSink {
    /// A subscriber's connection: to the subscriber.
    Subscriber(mpsc::UnboundedSender<Frame>),
    /// A client's shared connection: to the client's push listeners, if any.
    Listeners(Arc<PushHub>),
}

impl PushSink {
    fn send(&self, frame: Frame) {
        match self {
            // A subscriber that is gone needs no more messages.
            PushSink::Subscriber(tx) => drop(tx.send(frame)),
            PushSink::Listeners(hub) => hub.send(frame),
        }
    }
}

/// A handle to one live connection; cheap to clone. When the last clone is dropped, the
/// connection closes.
#[derive(Clone)]
pub(crate) struct Connection {
    inner: Arc<Handle>,
}

struct Handle {
    shared: Arc<Shared>,
    protocol: Protocol,
}

impl Drop for Handle {
    fn drop(&mut self) {
        self.shared.close("connection shut down");
    }
}

impl Connection {
    /// Starts the writer and reader tasks over an established (handshaken) stream.
    pub(crate) fn start(
        read: ReadHalf,
        write: WriteHalf,
        leftover: BytesMut,
        protocol: Protocol,
        push: Option<PushRoute>,
        tuning: Tuning,
    ) -> Connection {
        let shared = Arc::new(Shared {
            state: Mutex::new(State::default()),
            closed: AtomicBool::new(false),
            streams: AtomicUsize::new(0),
            outbox: Mutex::new(Outbox::new(write, tuning.write_early_after)),
            wake: Notify::new(),
            unwritten: AtomicUsize::new(0),
            drained: Notify::new(),
            timeout: tuning.timeout,
        });
        let reader = tokio::spawn(reader::read_loop(read, leftover, shared.clone(), push));
        let watchdog = (tuning.timeout.is_some() || tuning.health_check.is_some()).then(|| {
            tokio::spawn(watchdog::watch(
                shared.clone(),
                tuning.timeout,
                tuning.health_check,
            ))
        });
        tokio::spawn(outbox::write_loop(shared.clone(), reader, watchdog));
        Connection {
            inner: Arc::new(Handle { shared, protocol }),
        }
    }

    /// The protocol the handshake settled on.
    pub(crate) fn protocol(&self) -> Protocol {
        self.inner.protocol
    }

    /// Whether the connection is known to be dead.
    pub(crate) fn is_closed(&self) -> bool {
        self.inner.shared.closed.load(Ordering::Acquire)
    }

    /// Queues a request; on a dead connection its reply slot fails at once.
    pub(crate) fn submit(&self, request: Request) {
        self.inner.shared.submit(request);
    }

    fn close_reason(&self) -> Arc<str> {
        self.inner.shared.close_reason()
    }

    /// The deadline of a request made now, under the connection's response timeout.
    fn deadline(&self) -> Option<Instant> {
        self.inner.shared.timeout.map(|t| Instant::now() + t)
    }

    /// Sends one command and waits for its reply frame, at most the response timeout.
    pub(crate) async fn request(&self, command: Command) -> Result<Frame, Error> {
        self.request_until(command, self.deadline()).await
    }

    /// Sends one command and waits for its reply frame, however long it takes (for
    /// blocking commands, which bound the wait themselves).
    pub(crate) async fn request_untimed(&self, command: Command) -> Result<Frame, Error> {
        self.request_until(command, None).await
    }

    async fn request_until(
        &self,
        command: Command,
        deadline: Option<Instant>,
    ) -> Result<Frame, Error> {
        reply(self.send_until(command, deadline)).await
    }

    /// Sends one command under the response timeout and returns where its reply will
    /// arrive, without holding on to the connection (see [`reply`]).
    pub(crate) fn send(&self, command: Command) -> oneshot::Receiver<Result<Frame, Error>> {
        self.send_until(command, self.deadline())
    }

    /// As [`Connection::send`], with the caller's own deadline.
    pub(crate) fn send_until(
        &self,
        command: Command,
        deadline: Option<Instant>,
    ) -> oneshot::Receiver<Result<Frame, Error>> {
        let (tx, rx) = oneshot::channel();
        self.submit(Request {
            payload: Payload::Command(command),
            replies: 1,
            tx: Some(ReplyTx::One(tx)),
            deadline,
        });
        rx
    }

    /// Whether so many bytes wait to be written that new requests should wait first.
    pub(crate) fn congested(&self) -> bool {
        self.inner.shared.unwritten.load(Ordering::Acquire) > MAX_UNWRITTEN
    }

    /// Waits until the outbox has room (see [`MAX_UNWRITTEN`]), at most until `deadline`:
    /// callers who give up quickly cannot pile up requests faster than the socket takes
    /// them.
    pub(crate) async fn admit(&self, deadline: Option<Instant>) -> Result<(), Error> {
        let shared = &self.inner.shared;
        loop {
            let notified = shared.drained.notified();
            tokio::pin!(notified);
            // Registered before the check, so a drain in between is not missed.
            notified.as_mut().enable();
            if !self.congested() || self.is_closed() {
                return Ok(());
            }
            match deadline {
                Some(d) => {
                    if tokio::time::timeout_at(d.into(), notified).await.is_err() {
                        return Err(Error::Timeout(shared.timeout.unwrap_or_default()));
                    }
                }
                None => notified.await,
            }
        }
    }

    /// Sends already encoded commands and waits for their `replies` frames, at most the
    /// response timeout.
    pub(crate) async fn request_many(
        &self,
        bytes: Vec<u8>,
        replies: usize,
    ) -> Result<Vec<Frame>, Error> {
        self.request_many_until(bytes, replies, self.deadline())
            .await
    }

    /// As [`Connection::request_many`], with the caller's own deadline.
    pub(crate) async fn request_many_until(
        &self,
        bytes: Vec<u8>,
        replies: usize,
        deadline: Option<Instant>,
    ) -> Result<Vec<Frame>, Error> {
        let (tx, rx) = oneshot::channel();
        self.submit(Request {
            payload: Payload::Encoded(bytes),
            replies,
            tx: Some(ReplyTx::Many(tx)),
            deadline,
        });
        match rx.await {
            Ok(reply) => reply,
            Err(_) => Err(closed(&self.close_reason())),
        }
    }

    /// Sends one command whose reply is handed out piece by piece; `capacity` pieces may
    /// wait in the channel before the reader waits for the consumer.
    pub(crate) fn request_stream(
        &self,
        command: Command,
        kind: StreamKind,
        capacity: usize,
    ) -> mpsc::Receiver<StreamEvent> {
        let (tx, rx) = mpsc::channel(capacity.max(1));
        self.submit(Request {
            payload: Payload::Command(command),
            replies: 1,
            tx: Some(ReplyTx::Stream(StreamTx { kind, tx })),
            deadline: None,
        });
        rx
    }

    /// Sends `head` (a command whose last argument's bytes are missing) followed by `len`
    /// bytes arriving on `body`, and waits for the reply.
    pub(crate) async fn request_streamed(
        &self,
        head: Vec<u8>,
        body: mpsc::Receiver<Bytes>,
        len: u64,
    ) -> Result<Frame, Error> {
        let (tx, rx) = oneshot::channel();
        self.submit(Request {
            payload: Payload::Streamed { head, body, len },
            replies: 1,
            tx: Some(ReplyTx::One(tx)),
            deadline: None,
        });
        match rx.await {
            Ok(reply) => reply,
            Err(_) => Err(closed(&self.close_reason())),
        }
    }

    /// Closes the connection: waiting requests fail with `reason`.
    pub(crate) fn shutdown(&self, reason: &str) {
        self.inner.shared.close(reason);
    }
}

/// Waits for the reply of a request made with [`Connection::send`].
pub(crate) async fn reply(rx: oneshot::Receiver<Result<Frame, Error>>) -> Result<Frame, Error> {
    // A slot is always completed, with an error when the connection closes, unless the
    // whole connection state was dropped with it.
    rx.await
        .unwrap_or_else(|_| Err(closed("connection shut down")))
}

/// Unwritten bytes past which new requests wait for the writer (see
/// [`Connection::admit`]).
const MAX_UNWRITTEN: usize = 32 << 20;

#[cold]
pub(crate) fn closed(reason: &str) -> Error {
    Error::ConnectionClosed(reason.to_owned())
}
