//! One live connection shared by many callers: requests' bytes are written together
//! (by the caller itself when the connection is idle, otherwise by a writer task that
//! gathers every queued request into one write), and a reader task delimits reply frames
//! and hands each one to the oldest waiting request.
//!
//! Over 500 lines: the connection's send path and its tasks' start in one place (its parts
//! are in `mux/`); not yet split further.
//!
//! The invariant everything rests on: a request's reply slot joins the queue, under the
//! same lock that tells whether the connection is still open, *before* its bytes are
//! written, and the bytes join the outbox in the same order as the slots (both under the
//! outbox lock). Replies arrive in request order, so the reader pops slots from the front;
//! a slot whose caller went away (cancelled, timed out) still receives its reply, which is
//! then dropped, so no caller can ever see another caller's reply. A connection whose
//! replies stop coming is closed as a whole (every request on it fails), never resumed
//! with a request's reply going to another.

mod cause;
mod early;
mod outbox;
mod receiver;
mod reply_queue;
mod reply_watch;
mod watchdog;

pub(crate) use cause::Cause;
pub(crate) use reply_queue::ReplyTx;
pub(crate) use reply_watch::ReplyWatch;

use super::config::{Addr, Protocol, WriteEarly};
use super::push_hub::PushHub;
use super::push_queue::PushSender;
use super::streaming::{StreamEvent, StreamKind, StreamTx};
use super::transport::{ReadHalf, WriteHalf};
use crate::cmd::Command;
use crate::error::Error;
use crate::reply::ServerHello;
use crate::support::sync;
use crate::wire::Frame;
use crate::wire::Limits;
use bytes::{Bytes, BytesMut};
use early::EarlyWriteTuner;
use outbox::Outbox;
use reply_queue::ReplyQueue;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot, Notify};

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

/// Something to write, the replies it expects, where they go and by when: everything a
/// connection needs to know about a request, handed over in one
/// [`Connection::submit`].
pub(crate) struct Submission {
    payload: Payload,
    /// How many reply frames the payload produces (0: none, as for `SUBSCRIBE`, whose
    /// confirmations arrive as pushes).
    replies: usize,
    tx: Option<ReplyTx>,
    /// When the caller stops waiting: then it gets [`Error::Timeout`] (and the reply,
    /// once it comes, is dropped).
    deadline: Option<Instant>,
}

/// Where the reply of a request made with [`Submission::one`] arrives.
pub(crate) type ReplyRx = oneshot::Receiver<Result<Frame, Error>>;

/// Where the replies of a request made with [`Submission::many`] arrive.
pub(crate) type RepliesRx = oneshot::Receiver<Result<Vec<Frame>, Error>>;

impl Submission {
    /// One command and its reply, wanted by `deadline`.
    pub(crate) fn one(command: Command, deadline: Option<Instant>) -> (Submission, ReplyRx) {
        let (tx, rx) = oneshot::channel();
        let request = Submission {
            payload: Payload::Command(command),
            replies: 1,
            tx: Some(ReplyTx::One(tx)),
            deadline,
        };
        (request, rx)
    }

    /// Commands encoded back to back and their `replies` frames, wanted by `deadline`.
    pub(crate) fn many(
        bytes: Vec<u8>,
        replies: usize,
        deadline: Option<Instant>,
    ) -> (Submission, RepliesRx) {
        let (tx, rx) = oneshot::channel();
        let request = Submission {
            payload: Payload::Encoded(bytes),
            replies,
            tx: Some(ReplyTx::Many(tx)),
            deadline,
        };
        (request, rx)
    }

    /// One command whose reply is handed out piece by piece; `capacity` pieces may wait in
    /// the channel before the reader waits for the consumer (who times the pieces).
    pub(crate) fn streamed_reply(
        command: Command,
        kind: StreamKind,
        capacity: usize,
    ) -> (Submission, mpsc::Receiver<StreamEvent>) {
        let (tx, rx) = mpsc::channel(capacity.max(1));
        let request = Submission {
            payload: Payload::Command(command),
            replies: 1,
            tx: Some(ReplyTx::Stream(StreamTx { kind, tx })),
            deadline: None,
        };
        (request, rx)
    }

    /// `head` (a command whose last argument's bytes are missing) followed by `len` bytes
    /// arriving on `body`, and its reply (timed by the caller, by progress).
    pub(crate) fn streamed_value(
        head: Vec<u8>,
        body: mpsc::Receiver<Bytes>,
        len: u64,
    ) -> (Submission, ReplyRx) {
        let (tx, rx) = oneshot::channel();
        let request = Submission {
            payload: Payload::Streamed { head, body, len },
            replies: 1,
            tx: Some(ReplyTx::One(tx)),
            deadline: None,
        };
        (request, rx)
    }

    /// Commands that get no reply frame (`SUBSCRIBE`: its confirmations are pushes).
    pub(crate) fn unanswered(bytes: Vec<u8>) -> Submission {
        Submission {
            payload: Payload::Encoded(bytes),
            replies: 0,
            tx: None,
            deadline: None,
        }
    }

    /// When the caller stops waiting.
    pub(crate) fn deadline(&self) -> Option<Instant> {
        self.deadline
    }
}

/// Waits for the reply (or replies) of a request that does not block, sent just now. One
/// sent under a timeout of its own (`conn::timeout`) is timed here too: the watchdog that
/// times requests out wakes at the connection's response timeout, too late for a shorter
/// one.
#[inline]
pub(crate) async fn reply_timed<T>(rx: oneshot::Receiver<Result<T, Error>>) -> Result<T, Error> {
    match super::timeout::response_timeout(None) {
        // Boxed: the timer would otherwise be part of every command's future.
        Some(own) => Box::pin(tokio::time::timeout(own, reply(rx)))
            .await
            .unwrap_or(Err(Error::Timeout(own))),
        None => reply(rx).await,
    }
}

/// Waits for the reply (or replies) of a request.
pub(crate) async fn reply<T>(rx: oneshot::Receiver<Result<T, Error>>) -> Result<T, Error> {
    // A slot is always completed, with an error when the connection closes; the sender is
    // dropped unanswered only when the request was never queued.
    match rx.await {
        Ok(reply) => reply,
        Err(_) => Err(Cause::ShutDown("shut down before the request was sent").unsent_error()),
    }
}

struct Shared {
    queue: ReplyQueue,
    /// Bytes waiting to be written. Lock order: `outbox`, then the queue's.
    outbox: Mutex<Outbox>,
    /// Wakes the writer task: there is something to write, or the connection closed.
    wake: Notify,
    /// Bytes in the outbox not yet written (mirrors the outbox's count, for lock-free
    /// checks), and who waits for it to fall under [`MAX_UNWRITTEN`].
    unwritten: AtomicUsize,
    drained: Notify,
    /// How long a caller waits for a reply, unless it asked otherwise.
    timeout: Option<Duration>,
    /// Reads that brought bytes so far (the health check looks for a connection on which
    /// replies stopped coming).
    reads: AtomicU64,
    opened: Instant,
    /// When the request that last found the connection idle came, in nanoseconds since
    /// `opened`: kept only on a connection that measures when to write early.
    busy_since: Option<AtomicU64>,
    /// The rule of the route that opened the connection, if it set one.
    watch: OnceLock<Arc<dyn ReplyWatch>>,
    /// Woken when the connection closes.
    closed: Notify,
}

impl Shared {
    fn outbox(&self) -> MutexGuard<'_, Outbox> {
        sync::lock(&self.outbox)
    }

    fn is_closed(&self) -> bool {
        self.queue.is_closed()
    }

    /// Marks the connection closed, fails every waiting request and stops the writer.
    fn close(&self, cause: Cause) {
        self.queue.close(cause);
        self.wake.notify_one();
        self.drained.notify_waiters();
        self.closed.notify_waiters();
    }

    /// When the request that last found the connection idle came (see `busy_since`).
    fn busy_since(&self) -> Instant {
        let nanos = self
            .busy_since
            .as_ref()
            .map_or(0, |b| b.load(Ordering::Acquire));
        self.opened + Duration::from_nanos(nanos)
    }

    /// Queues a request; on a dead connection it fails at once.
    fn submit(&self, request: Submission) {
        let mut outbox = self.outbox();
        let Some(joined) = self
            .queue
            .join(request.replies, request.tx, request.deadline)
        else {
            return;
        };
        if let (Some(busy_since), 1) = (&self.busy_since, joined.awaiting) {
            // Stored before the request is written: the reader sees it with the reply.
            let nanos = u64::try_from(self.opened.elapsed().as_nanos()).unwrap_or(u64::MAX);
            busy_since.store(nanos, Ordering::Release);
        }
        if let Err(e) = outbox.put(self, request.payload, joined.idle, joined.awaiting) {
            drop(outbox);
            self.close(Cause::lost(format!("write failed: {e}")));
        }
    }
}

/// How a connection behaves, from its client's [`Config`](crate::Config), and where it
/// goes.
#[derive(Debug, Clone)]
pub(crate) struct Tuning {
    /// The server's address.
    pub(crate) addr: Addr,
    /// The response timeout of requests that do not bring their own deadline.
    pub(crate) timeout: Option<Duration>,
    /// See `Config::write_early_after`.
    pub(crate) write_early: WriteEarly,
    /// See `Config::health_check`.
    pub(crate) health_check: Option<Duration>,
    /// See `Config::limits`.
    pub(crate) limits: Limits,
    /// When the handshake's credentials were fetched, and when they expire, if they do.
    pub(crate) auth: (Instant, Option<Instant>),
}

/// How the reader routes frames that are not command replies.
#[derive(Clone)]
pub(crate) struct PushRoute {
    pub(crate) sink: PushSink,
    /// RESP2 Pub/Sub: once subscribed, every frame is a message (there are no push frames).
    pub(crate) all_frames: bool,
}

impl PushRoute {
    /// Whether `frame` goes to this route rather than to a waiting request.
    fn takes(&self, frame: &Frame) -> bool {
        self.all_frames || frame.is_push()
    }
}

/// Where push frames go.
#[derive(Clone)]
pub(crate) enum PushSink {
    /// A subscriber's connection: to the subscriber, which reads at its own pace; while
    /// its buffer is full, the reader waits (and stops reading the socket).
    Subscriber(PushSender),
    /// A client's shared connection: to the client's push listeners, if any. The reader
    /// never waits for them (every caller's replies come on this connection): a listener
    /// that falls behind loses pushes, and is told.
    Listeners(Arc<PushHub>),
}

impl PushSink {
    /// Hands `frame` over, waiting for room when the consumer asked for that. `false`
    /// when nobody takes pushes any more.
    async fn send(&self, frame: Frame) -> bool {
        match self {
            PushSink::Subscriber(tx) => tx.send(frame).await,
            PushSink::Listeners(hub) => {
                hub.send(frame);
                true
            }
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
    /// What the server said of itself in the handshake.
    hello: Option<Arc<ServerHello>>,
    /// When the credentials it authenticated with last were fetched, and when they
    /// expire, if they do (a renewal moves both).
    auth: Mutex<(Instant, Option<Instant>)>,
    /// The server's address (`None` for a stand-in that was never opened).
    addr: Option<Addr>,
}

impl Drop for Handle {
    fn drop(&mut self) {
        self.shared
            .close(Cause::ShutDown("shut down by the client"));
    }
}

impl Connection {
    /// Starts the writer and reader tasks over an established (handshaken) stream.
    pub(crate) fn start(
        read: ReadHalf,
        write: WriteHalf,
        leftover: BytesMut,
        protocol: Protocol,
        hello: Option<ServerHello>,
        push: Option<PushRoute>,
        tuning: Tuning,
    ) -> Connection {
        let shared = Arc::new(Shared {
            queue: ReplyQueue::default(),
            outbox: Mutex::new(Outbox::new(write, tuning.write_early.first())),
            wake: Notify::new(),
            unwritten: AtomicUsize::new(0),
            drained: Notify::new(),
            timeout: tuning.timeout,
            reads: AtomicU64::new(0),
            opened: Instant::now(),
            busy_since: (tuning.write_early == WriteEarly::Measured).then(|| AtomicU64::new(0)),
            watch: OnceLock::new(),
            closed: Notify::new(),
        });
        let reader = tokio::spawn(receiver::read_loop(
            read,
            leftover,
            shared.clone(),
            push,
            tuning.limits,
            (tuning.write_early == WriteEarly::Measured)
                .then(|| EarlyWriteTuner::new(tuning.write_early.first())),
        ));
        let watchdog = (tuning.timeout.is_some() || tuning.health_check.is_some()).then(|| {
            tokio::spawn(watchdog::watch(
                shared.clone(),
                tuning.timeout,
                tuning.health_check,
            ))
        });
        tokio::spawn(outbox::write_loop(shared.clone(), reader, watchdog));
        Connection {
            inner: Arc::new(Handle {
                shared,
                protocol,
                hello: hello.map(Arc::new),
                auth: Mutex::new(tuning.auth),
                addr: Some(tuning.addr),
            }),
        }
    }

    /// A connection that was never opened and counts as closed (by the client, so its
    /// end does not count against the backoff): the first request opens a real one.
    pub(crate) fn never_opened(protocol: Protocol) -> Connection {
        Connection::stand_in(protocol, Cause::NotOpened)
    }

    /// The stand-in of a closed client's connection: requests fail at once, unsent.
    pub(crate) fn client_closed(protocol: Protocol) -> Connection {
        Connection::stand_in(protocol, Cause::ClientClosed)
    }

    /// A connection that is closed already, for `cause`.
    fn stand_in(protocol: Protocol, cause: Cause) -> Connection {
        let shared = Arc::new(Shared {
            queue: ReplyQueue::default(),
            outbox: Mutex::new(Outbox::new(Box::new(tokio::io::sink()), None)),
            wake: Notify::new(),
            unwritten: AtomicUsize::new(0),
            drained: Notify::new(),
            timeout: None,
            reads: AtomicU64::new(0),
            opened: Instant::now(),
            busy_since: None,
            watch: OnceLock::new(),
            closed: Notify::new(),
        });
        shared.close(cause);
        Connection {
            inner: Arc::new(Handle {
                shared,
                protocol,
                hello: None,
                auth: Mutex::new((Instant::now(), None)),
                addr: None,
            }),
        }
    }

    /// A handle that does not keep the connection open, to close it from elsewhere.
    pub(crate) fn downgrade(&self) -> WeakConnection {
        WeakConnection(Arc::downgrade(&self.inner))
    }

    /// The protocol the handshake settled on.
    pub(crate) fn protocol(&self) -> Protocol {
        self.inner.protocol
    }

    /// What the server said of itself in the handshake (`None` from one that does not
    /// know `HELLO`).
    pub(crate) fn hello(&self) -> Option<Arc<ServerHello>> {
        self.inner.hello.clone()
    }

    /// The server's `db.system.name` (`redis` when it did not say what it is: a RESP2
    /// connection, before the first one).
    pub(crate) fn db_system(&self) -> &'static str {
        self.inner
            .hello
            .as_deref()
            .map_or("redis", ServerHello::db_system)
    }

    /// The server's address (`None` before the first connection).
    pub(crate) fn addr(&self) -> Option<&Addr> {
        self.inner.addr.as_ref()
    }

    /// Whether the connection is known to be dead.
    pub(crate) fn is_closed(&self) -> bool {
        self.inner.shared.is_closed()
    }

    /// Whether the credentials it authenticated with have expired (it is not renewed).
    pub(crate) fn auth_expired(&self) -> bool {
        sync::lock(&self.inner.auth)
            .1
            .is_some_and(|t| t <= Instant::now())
    }

    /// When the connection's credentials are due to be renewed (see
    /// `credentials::renew_at`), if they expire.
    pub(crate) fn renew_at(&self) -> Option<Instant> {
        let (fetched, expires) = *sync::lock(&self.inner.auth);
        expires.map(|e| super::credentials::renew_at(fetched, e))
    }

    /// The connection authenticated again with credentials fetched at `fetched`, expiring
    /// at `expires` (if they do).
    pub(crate) fn authenticated(&self, fetched: Instant, expires: Option<Instant>) {
        *sync::lock(&self.inner.auth) = (fetched, expires);
    }

    /// Whether this is the stand-in of a connection never opened
    /// ([`never_opened`](Self::never_opened)): opening the first real one is no reconnect.
    pub(crate) fn was_never_opened(&self) -> bool {
        matches!(
            self.inner.shared.queue.closed(),
            Some((Cause::NotOpened, _))
        )
    }

    /// How long the connection lived, when it was lost (not closed by the client).
    pub(crate) fn lost_after(&self) -> Option<Duration> {
        let (cause, at) = self.inner.shared.queue.closed()?;
        cause
            .is_lost()
            .then(|| at.saturating_duration_since(self.inner.shared.opened))
    }

    /// Queues a request: its reply slot joins the queue and its bytes the outbox. On a
    /// dead connection it fails at once, with the reason the connection closed.
    pub(crate) fn submit(&self, request: Submission) {
        self.inner.shared.submit(request);
    }

    /// The deadline of a request made now, under the connection's response timeout (or
    /// the command's own, see `conn::timeout`).
    pub(crate) fn deadline(&self) -> Option<Instant> {
        super::timeout::response_timeout(self.inner.shared.timeout).map(|t| Instant::now() + t)
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

    /// Closes the connection: waiting requests fail with a connection error saying `how`.
    pub(crate) fn shutdown(&self, how: &'static str) {
        self.inner.shared.close(Cause::ShutDown(how));
    }

    /// Requests on it whose replies are still awaited.
    pub(crate) fn waiting(&self) -> usize {
        self.inner.shared.queue.waiting()
    }

    /// Sets the rule the reader applies to error replies (see [`ReplyWatch`]), before
    /// the connection is handed out; a second rule is ignored.
    pub(crate) fn watch_replies(&self, watch: Arc<dyn ReplyWatch>) {
        let _ = self.inner.shared.watch.set(watch);
    }
}

/// A [`Connection`] handle that does not keep it open.
#[derive(Clone)]
pub(crate) struct WeakConnection(std::sync::Weak<Handle>);

impl WeakConnection {
    /// The connection, unless every handle to it was dropped.
    pub(crate) fn upgrade(&self) -> Option<Connection> {
        self.0.upgrade().map(|inner| Connection { inner })
    }

    /// Returns once the connection has closed (at once when it is gone already).
    pub(crate) async fn closed(&self) {
        // The shared state, not a handle: waiting here does not keep the connection open.
        let Some(shared) = self.0.upgrade().map(|h| h.shared.clone()) else {
            return;
        };
        loop {
            let closed = shared.closed.notified();
            tokio::pin!(closed);
            closed.as_mut().enable();
            if shared.is_closed() {
                return;
            }
            closed.await;
        }
    }

    /// Closes the connection for [`Client::close`](crate::Client::close): the requests
    /// still on it fail, and say the client was closed. How many they were.
    pub(crate) fn close_for_good(&self) -> usize {
        let Some(handle) = self.0.upgrade() else {
            return 0;
        };
        let cut = handle.shared.queue.waiting();
        handle.shared.close(Cause::ClientClosed);
        cut
    }

    /// Whether the connection is still open.
    pub(crate) fn is_open(&self) -> bool {
        self.0.upgrade().is_some_and(|h| !h.shared.is_closed())
    }

    /// Closes the connection, if it is still open: waiting requests fail with a connection
    /// error saying `how`.
    pub(crate) fn shutdown(&self, how: &'static str) {
        if let Some(handle) = self.0.upgrade() {
            handle.shared.close(Cause::ShutDown(how));
        }
    }
}

/// Unwritten bytes past which new requests wait for the writer (see
/// [`Connection::admit`]).
const MAX_UNWRITTEN: usize = 32 << 20;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::cmd;

    #[tokio::test]
    async fn a_request_after_the_connection_closed_was_not_sent() {
        let conn = Connection::never_opened(Protocol::Resp3);
        let (request, rx) = Submission::one(cmd("INCR").arg("n").build(), None);
        conn.submit(request);
        let Err(Error::ConnectionClosed(closed)) = reply(rx).await else {
            panic!("a closed connection answered");
        };
        assert!(!closed.was_sent());
        assert!(Error::ConnectionClosed(closed).is_retryable());
    }
}
