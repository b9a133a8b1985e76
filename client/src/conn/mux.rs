//! One live connection shared by many callers: a writer task that coalesces every queued
//! request into one write, and a reader task that delimits reply frames and hands each one
//! to the oldest waiting request.
//!
//! The invariant everything rests on: a request's reply slot joins the queue, under the
//! same lock that tells whether the connection is still open, *before* its bytes are
//! written. Replies arrive in request order, so the reader pops slots from the front; a
//! slot whose caller went away (cancelled, timed out) still receives its reply, which is
//! then dropped, so no caller can ever see another caller's reply.

use super::config::Protocol;
use super::streaming::{self, Header, StreamEvent, StreamKind, StreamTx};
use super::transport::{ReadHalf, WriteHalf};
use crate::cmd::Command;
use crate::error::Error;
use crate::resp::{Frame, FrameScanner};
use bytes::{Bytes, BytesMut};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
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
}

/// A reply slot in the queue.
enum Pending {
    /// One frame; `None` when nobody waits for it.
    One(Option<oneshot::Sender<Result<Frame, Error>>>),
    /// `left` more frames to gather for `tx`.
    Many {
        left: usize,
        frames: Vec<Frame>,
        tx: oneshot::Sender<Result<Vec<Frame>, Error>>,
    },
    /// `left` more frames that nobody waits for.
    Discard { left: usize },
    /// A reply to hand out piece by piece.
    Stream(StreamTx),
}

impl Pending {
    fn new(replies: usize, tx: Option<ReplyTx>) -> Option<Pending> {
        Some(match (tx, replies) {
            (_, 0) => return None,
            (Some(ReplyTx::One(tx)), 1) => Pending::One(Some(tx)),
            (None, 1) => Pending::One(None),
            (Some(ReplyTx::Stream(tx)), 1) => Pending::Stream(tx),
            (Some(ReplyTx::Many(tx)), left) => Pending::Many {
                left,
                frames: Vec::with_capacity(left),
                tx,
            },
            (_, left) => Pending::Discard { left },
        })
    }

    fn fail(self, reason: &str) {
        match self {
            Pending::One(Some(tx)) => drop(tx.send(Err(closed(reason)))),
            Pending::Many { tx, .. } => drop(tx.send(Err(closed(reason)))),
            // The channel is still empty: nothing was sent down it yet.
            Pending::Stream(s) => drop(s.tx.try_send(StreamEvent::Failed(closed(reason)))),
            Pending::One(None) | Pending::Discard { .. } => {}
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
}

struct Shared {
    state: Mutex<State>,
    /// Mirrors `state.closed.is_some()` so callers can check without the lock.
    closed: AtomicBool,
    /// Streamed replies in the queue: while there are none, the reader never looks at the
    /// queue before scanning a frame.
    streams: AtomicUsize,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic while holding this lock cannot leave the queue inconsistent (every
        // critical section is a push, a pop or a flag), so poisoning is ignored.
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Marks the connection closed and fails every waiting slot.
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
}

/// How the reader routes frames that are not command replies.
#[derive(Clone)]
pub(crate) struct PushRoute {
    pub(crate) tx: mpsc::UnboundedSender<Frame>,
    /// RESP2 Pub/Sub: once subscribed, every frame is a message (there are no push frames).
    pub(crate) all_frames: bool,
}

/// A handle to one live connection; cheap to clone.
#[derive(Clone)]
pub(crate) struct Connection {
    tx: mpsc::UnboundedSender<Request>,
    shared: Arc<Shared>,
    protocol: Protocol,
}

impl Connection {
    /// Starts the writer and reader tasks over an established (handshaken) stream.
    pub(crate) fn start(
        read: ReadHalf,
        write: WriteHalf,
        leftover: BytesMut,
        protocol: Protocol,
        push: Option<PushRoute>,
    ) -> Connection {
        let shared = Arc::new(Shared {
            state: Mutex::new(State::default()),
            closed: AtomicBool::new(false),
            streams: AtomicUsize::new(0),
        });
        let (tx, rx) = mpsc::unbounded_channel();
        let reader = tokio::spawn(read_loop(read, leftover, shared.clone(), push));
        tokio::spawn(write_loop(rx, write, shared.clone(), reader));
        Connection {
            tx,
            shared,
            protocol,
        }
    }

    /// The protocol the handshake settled on.
    pub(crate) fn protocol(&self) -> Protocol {
        self.protocol
    }

    /// Whether the connection is known to be dead.
    pub(crate) fn is_closed(&self) -> bool {
        self.shared.closed.load(Ordering::Acquire) || self.tx.is_closed()
    }

    /// Queues a request; on a dead connection its reply slot fails at once.
    pub(crate) fn submit(&self, request: Request) {
        if let Err(mpsc::error::SendError(request)) = self.tx.send(request) {
            let reason = self.close_reason();
            if let Some(tx) = request.tx {
                tx.fail(&reason);
            }
        }
    }

    fn close_reason(&self) -> Arc<str> {
        self.shared
            .lock()
            .closed
            .clone()
            .unwrap_or_else(|| "connection shut down".into())
    }

    /// Sends one command and waits for its reply frame.
    pub(crate) async fn request(&self, command: Command) -> Result<Frame, Error> {
        let (tx, rx) = oneshot::channel();
        self.submit(Request {
            payload: Payload::Command(command),
            replies: 1,
            tx: Some(ReplyTx::One(tx)),
        });
        match rx.await {
            Ok(reply) => reply,
            Err(_) => Err(closed(&self.close_reason())),
        }
    }

    /// Sends already encoded commands and waits for their `replies` frames.
    pub(crate) async fn request_many(
        &self,
        bytes: Vec<u8>,
        replies: usize,
    ) -> Result<Vec<Frame>, Error> {
        let (tx, rx) = oneshot::channel();
        self.submit(Request {
            payload: Payload::Encoded(bytes),
            replies,
            tx: Some(ReplyTx::Many(tx)),
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
        });
        match rx.await {
            Ok(reply) => reply,
            Err(_) => Err(closed(&self.close_reason())),
        }
    }

    /// Closes the connection: waiting requests fail with `reason`.
    pub(crate) fn shutdown(&self, reason: &str) {
        self.shared.close(reason);
    }
}

#[cold]
pub(crate) fn closed(reason: &str) -> Error {
    Error::ConnectionClosed(reason.to_owned())
}

/// Largest batch gathered into one write; past it the batch is written and the next one
/// starts, so one huge burst does not grow the buffer without bound.
const MAX_BATCH_BYTES: usize = 1 << 20;

async fn write_loop(
    mut rx: mpsc::UnboundedReceiver<Request>,
    mut write: WriteHalf,
    shared: Arc<Shared>,
    reader: tokio::task::JoinHandle<()>,
) {
    let mut buf: Vec<u8> = Vec::with_capacity(16 * 1024);
    let mut batch: Vec<Payload> = Vec::with_capacity(64);
    let mut slots: Vec<Pending> = Vec::with_capacity(64);
    'outer: while let Some(first) = rx.recv().await {
        let mut size = 0;
        let mut next = Some(first);
        while let Some(request) = next.take() {
            size += request.payload.as_bytes().len();
            if let Some(slot) = Pending::new(request.replies, request.tx) {
                slots.push(slot);
            }
            batch.push(request.payload);
            if size < MAX_BATCH_BYTES {
                next = rx.try_recv().ok();
            }
        }
        {
            let mut state = shared.lock();
            if let Some(reason) = state.closed.clone() {
                drop(state);
                for slot in slots.drain(..) {
                    slot.fail(&reason);
                }
                batch.clear();
                continue 'outer;
            }
            let streams = slots
                .iter()
                .filter(|s| matches!(s, Pending::Stream(_)))
                .count();
            if streams > 0 {
                shared.streams.fetch_add(streams, Ordering::AcqRel);
            }
            state.queue.extend(slots.drain(..));
        }
        let result = write_batch(&mut write, &mut buf, &mut batch).await;
        batch.clear();
        if buf.capacity() > 4 * MAX_BATCH_BYTES {
            buf = Vec::with_capacity(16 * 1024);
        }
        if let Err(e) = result {
            shared.close(&format!("connection lost while writing: {e}"));
            break;
        }
    }
    // Every handle is gone (or the connection broke): stop reading too.
    reader.abort();
    shared.close("connection shut down");
    let _ = write.shutdown().await;
}

/// Writes a batch of requests, as one write when it can.
async fn write_batch(
    write: &mut WriteHalf,
    buf: &mut Vec<u8>,
    batch: &mut [Payload],
) -> std::io::Result<()> {
    if let [Payload::Command(_) | Payload::Encoded(_)] = batch {
        // A lone request (often a large value) is written from its own buffer.
        write.write_all(batch[0].as_bytes()).await?;
        return write.flush().await;
    }
    buf.clear();
    for payload in batch.iter_mut() {
        match payload {
            Payload::Streamed { head, body, len } => {
                buf.extend_from_slice(head);
                write.write_all(buf).await?;
                buf.clear();
                let mut left = *len;
                while left > 0 {
                    let Some(chunk) = body.recv().await else {
                        // The request is cut short on the wire: the connection is lost.
                        return Err(std::io::Error::new(
                            std::io::ErrorKind::UnexpectedEof,
                            "value ended before its announced length",
                        ));
                    };
                    if chunk.len() as u64 > left {
                        return Err(std::io::Error::new(
                            std::io::ErrorKind::InvalidInput,
                            "value longer than its announced length",
                        ));
                    }
                    write.write_all(&chunk).await?;
                    left -= chunk.len() as u64;
                }
                buf.extend_from_slice(b"\r\n");
            }
            other => buf.extend_from_slice(other.as_bytes()),
        }
    }
    write.write_all(buf).await?;
    write.flush().await
}

/// Size of each read; the buffer grows beyond it only for frames that need it.
const READ_CHUNK: usize = 64 * 1024;

/// What the reader does with the bytes at the start of its buffer.
enum Mode {
    /// Delimits whole frames.
    Frames,
    /// Streams `left` more elements of a reply (to nobody once the consumer is gone).
    Elements {
        left: u64,
        tx: Option<mpsc::Sender<StreamEvent>>,
    },
    /// Streams `left` more payload bytes of a bulk string, then its CRLF.
    Bulk {
        left: u64,
        tx: Option<mpsc::Sender<StreamEvent>>,
    },
}

async fn read_loop(
    mut read: ReadHalf,
    mut buf: BytesMut,
    shared: Arc<Shared>,
    push: Option<PushRoute>,
) {
    let mut scanner = FrameScanner::new();
    let mut frames: Vec<Frame> = Vec::with_capacity(64);
    let mut done: Vec<Done> = Vec::with_capacity(64);
    let mut mode = Mode::Frames;
    // Whether the buffer starts at a reply the scanner has not begun yet.
    let mut at_start = true;
    let reason = 'read: loop {
        // Delimit every complete frame in the buffer; the scanner resumes where it
        // stopped, so a frame that arrives in many reads is scanned once.
        loop {
            match &mut mode {
                Mode::Frames => {
                    if at_start
                        && !buf.is_empty()
                        && buf[0] != b'>'
                        && shared.streams.load(Ordering::Acquire) > 0
                    {
                        // Earlier replies first: then the queue's front is this reply's.
                        if let Err(reason) = dispatch(&shared, &push, &mut frames, &mut done) {
                            break 'read reason;
                        }
                        if let Some(kind) = shared.front_stream() {
                            match streaming::header(&buf, kind) {
                                Header::Incomplete => break,
                                Header::Whole => {}
                                Header::Elements { count, header } => {
                                    let _ = buf.split_to(header);
                                    let tx = shared.pop_stream();
                                    mode = Mode::Elements { left: count, tx };
                                    continue;
                                }
                                Header::Bulk { len, header } => {
                                    let _ = buf.split_to(header);
                                    let tx = shared.pop_stream();
                                    mode = Mode::Bulk { left: len, tx };
                                    continue;
                                }
                            }
                        }
                    }
                    match scanner.scan(&buf) {
                        Ok(Some(n)) => {
                            at_start = true;
                            frames.push(Frame::from_scanned(buf.split_to(n).freeze()));
                        }
                        Ok(None) => {
                            at_start = buf.is_empty();
                            break;
                        }
                        Err(e) => {
                            break 'read protocol_error(&shared, &push, &mut frames, &mut done, e)
                        }
                    }
                }
                Mode::Elements { left: 0, tx } => {
                    if let Some(tx) = tx.take() {
                        let _ = tx.send(StreamEvent::End).await;
                    }
                    mode = Mode::Frames;
                    at_start = true;
                }
                Mode::Elements { left, tx } => match scanner.scan(&buf) {
                    Ok(Some(n)) => {
                        let element = Frame::from_scanned(buf.split_to(n).freeze());
                        *left -= 1;
                        // Waiting for the consumer here bounds memory: the socket is not
                        // read further until it takes the element.
                        if let Some(t) = tx {
                            if t.send(StreamEvent::Element(element)).await.is_err() {
                                *tx = None;
                            }
                        }
                    }
                    Ok(None) => break,
                    Err(e) => {
                        break 'read protocol_error(&shared, &push, &mut frames, &mut done, e)
                    }
                },
                Mode::Bulk { left: 0, tx } => {
                    if buf.len() < 2 {
                        break;
                    }
                    if &buf[..2] != b"\r\n" {
                        break 'read "protocol error: bulk string not followed by CRLF".to_owned();
                    }
                    let _ = buf.split_to(2);
                    if let Some(tx) = tx.take() {
                        let _ = tx.send(StreamEvent::End).await;
                    }
                    mode = Mode::Frames;
                    at_start = true;
                }
                Mode::Bulk { left, tx } => {
                    if buf.is_empty() {
                        break;
                    }
                    let take = usize::try_from(*left).unwrap_or(usize::MAX).min(buf.len());
                    let chunk = buf.split_to(take).freeze();
                    *left -= take as u64;
                    if let Some(t) = tx {
                        if t.send(StreamEvent::Chunk(chunk)).await.is_err() {
                            *tx = None;
                        }
                    }
                }
            }
        }
        if !frames.is_empty() {
            if let Err(reason) = dispatch(&shared, &push, &mut frames, &mut done) {
                break reason;
            }
        }
        if buf.capacity() - buf.len() < READ_CHUNK / 4 {
            buf.reserve(READ_CHUNK);
        }
        match read.read_buf(&mut buf).await {
            Ok(0) if buf.is_empty() && matches!(mode, Mode::Frames) => {
                break "connection closed by the server".to_owned()
            }
            Ok(0) => break "connection closed by the server in the middle of a reply".to_owned(),
            Ok(_) => {}
            Err(e) => break format!("connection lost: {e}"),
        }
    };
    // A reply being streamed ends without `End`: its consumer reports the lost connection.
    drop(mode);
    shared.close(&reason);
}

/// Delivers the frames complete before bytes that are not RESP, and says why the
/// connection must close.
fn protocol_error(
    shared: &Shared,
    push: &Option<PushRoute>,
    frames: &mut Vec<Frame>,
    done: &mut Vec<Done>,
    e: crate::resp::ProtocolError,
) -> String {
    let _ = dispatch(shared, push, frames, done);
    format!("protocol error, connection dropped: {e}")
}

/// Hands `frames` to their slots (or the push route), then completes finished slots
/// outside the lock.
fn dispatch(
    shared: &Shared,
    push: &Option<PushRoute>,
    frames: &mut Vec<Frame>,
    done: &mut Vec<Done>,
) -> Result<(), String> {
    let mut unexpected = false;
    {
        let mut state = shared.lock();
        for frame in frames.drain(..) {
            if let Some(route) = push {
                if route.all_frames || frame.is_push() {
                    let _ = route.tx.send(frame);
                    continue;
                }
            } else if frame.is_push() {
                // RESP3 out-of-band data (e.g. client-side caching invalidations) on a
                // connection nobody listens to for pushes.
                continue;
            }
            let Some(front) = state.queue.front_mut() else {
                unexpected = true;
                break;
            };
            let mut frame = Some(frame);
            let finished = match front {
                Pending::One(_) => true,
                Pending::Many { left, frames, .. } => {
                    frames.extend(frame.take());
                    *left -= 1;
                    *left == 0
                }
                Pending::Discard { left } => {
                    *left -= 1;
                    *left == 0
                }
                Pending::Stream(_) => true,
            };
            if finished {
                match state.queue.pop_front().expect("front exists") {
                    Pending::One(Some(tx)) => {
                        if let Some(frame) = frame {
                            done.push(Done::One(tx, frame));
                        }
                    }
                    Pending::Many { tx, frames, .. } => done.push(Done::Many(tx, frames)),
                    Pending::Stream(s) => {
                        shared.streams.fetch_sub(1, Ordering::AcqRel);
                        if let Some(frame) = frame {
                            done.push(Done::Whole(s.tx, frame));
                        }
                    }
                    Pending::One(None) | Pending::Discard { .. } => {}
                }
            }
        }
    }
    // A send error means the caller gave up (cancelled or timed out): the reply is simply
    // dropped, its slot already consumed.
    for d in done.drain(..) {
        match d {
            Done::One(tx, frame) => drop(tx.send(Ok(frame))),
            Done::Many(tx, frames) => drop(tx.send(Ok(frames))),
            // Nothing was sent down this channel before: there is room.
            Done::Whole(tx, frame) => drop(tx.try_send(StreamEvent::Whole(frame))),
        }
    }
    if unexpected {
        frames.clear();
        return Err("protocol error: a reply arrived that no request was waiting for".into());
    }
    Ok(())
}
