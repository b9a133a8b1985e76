//! The read side of a multiplexed connection: the reader task delimits reply frames and
//! hands each one to the oldest waiting request (or streams it, or routes a push).
//!
//! Memory follows the work: the read buffer grows only for a frame that needs it, and once
//! a large frame has been handed out the buffer starts afresh, so the large allocation
//! lives exactly as long as the frame does.

use super::early::EarlyWriteTuner;
use super::reply_queue::Done;
use super::{Cause, PushRoute, PushSink, Shared};
use crate::conn::streaming::{self, Header, StreamEvent};
use crate::conn::transport::ReadHalf;
use crate::wire::Frame;
use crate::wire::FrameScanner;
use crate::wire::Limits;
use crate::wire::ProtocolError;
use crate::wire::ProtocolErrorKind;
use bytes::BytesMut;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;
use tokio::io::AsyncReadExt;
use tokio::sync::mpsc;

/// Size of each read; the buffer grows beyond it only for frames that need it.
const READ_CHUNK: usize = 64 * 1024;

/// A frame at least this large gets the read buffer it grew to handed over with it: the
/// reader continues in a buffer of its own.
const SHRINK_AFTER: usize = 1 << 20;

/// What the reader does with the bytes at the start of its buffer.
enum Mode {
    /// Delimits whole frames.
    Frames,
    /// Streams `left` more elements of a reply (to nobody once the consumer is gone).
    Elements {
        left: u64,
        tx: Option<mpsc::Sender<StreamEvent>>,
    },
    /// Streams `left` more payload bytes of a bulk string, then its CRLF, which comes at
    /// byte `end` of the reply.
    Bulk {
        left: u64,
        end: u64,
        tx: Option<mpsc::Sender<StreamEvent>>,
    },
}

/// Frames delimited and not yet handed over.
struct Batch {
    /// Replies, in order.
    replies: Vec<Frame>,
    /// Pushes (and, on a RESP2 subscriber's connection, every frame).
    pushes: Vec<Frame>,
    done: Vec<Done>,
    /// Chooses when callers write early, on a connection that measures it.
    tuner: Option<EarlyWriteTuner>,
}

impl Batch {
    /// Files a delimited frame as a reply or a push. On a connection without a push route,
    /// pushes (client-side caching invalidations nobody listens to) are dropped. A client's
    /// cache applies an invalidation here, as the frame is delimited: before any reply
    /// that came after it is handed over.
    #[inline]
    fn add(&mut self, frame: Frame, push: &Option<PushRoute>) {
        match push {
            Some(route) if route.takes(&frame) => {
                if let PushSink::Listeners(hub) = &route.sink {
                    hub.invalidate(&frame);
                }
                self.pushes.push(frame);
            }
            None if frame.is_push() => {}
            _ => self.replies.push(frame),
        }
    }

    /// Hands the replies to their requests and the pushes to their route.
    async fn hand_over(&mut self, shared: &Shared, push: &Option<PushRoute>) -> Result<(), Cause> {
        if !self.replies.is_empty() {
            let watch = shared.watch.get().map(|w| &**w);
            let delivered = shared
                .queue
                .deliver(&mut self.replies, &mut self.done, watch)?;
            if let Some(why) = delivered.verdict {
                shared.close(Cause::ShutDown(why));
            }
            if let Some(tuner) = &mut self.tuner {
                if let Some(early_after) = tuner.delivered(
                    delivered.answered,
                    delivered.waiting,
                    delivered.left,
                    || shared.busy_since(),
                    Instant::now,
                ) {
                    shared.outbox().set_early_after(early_after);
                }
            }
        }
        if let Some(route) = push {
            for frame in self.pushes.drain(..) {
                // A consumer that is gone needs no more pushes: they are dropped.
                let _ = route.sink.send(frame).await;
            }
        }
        Ok(())
    }
}

#[allow(clippy::disallowed_methods, reason = "constants")]
pub(super) async fn read_loop(
    mut read: ReadHalf,
    mut buf: BytesMut,
    shared: Arc<Shared>,
    push: Option<PushRoute>,
    limits: Limits,
    tuner: Option<EarlyWriteTuner>,
) {
    let mut scanner = FrameScanner::with_limits(limits);
    let mut batch = Batch {
        replies: Vec::with_capacity(64),
        pushes: Vec::new(),
        done: Vec::with_capacity(64),
        tuner,
    };
    let mut mode = Mode::Frames;
    // Whether the buffer starts at a reply the scanner has not begun yet.
    let mut at_start = true;
    let cause = 'read: loop {
        // Delimit every complete frame in the buffer; the scanner resumes where it
        // stopped, so a frame that arrives in many reads is scanned once.
        loop {
            match &mut mode {
                Mode::Frames => {
                    if at_start && !buf.is_empty() && buf[0] != b'>' && shared.queue.has_streams() {
                        // Earlier replies first: then the queue's front is this reply's.
                        if let Err(cause) = batch.hand_over(&shared, &push).await {
                            break 'read cause;
                        }
                        if let Some(kind) = shared.queue.front_stream() {
                            match streaming::header(&buf, kind) {
                                Header::Incomplete => break,
                                Header::Whole => {}
                                Header::Elements { count, header } => {
                                    let _ = buf.split_to(header);
                                    let tx = shared.queue.pop_stream();
                                    mode = Mode::Elements { left: count, tx };
                                    continue;
                                }
                                Header::Bulk { len, header } => {
                                    let _ = buf.split_to(header);
                                    let tx = shared.queue.pop_stream();
                                    let end = len.saturating_add(header as u64);
                                    mode = Mode::Bulk { left: len, end, tx };
                                    continue;
                                }
                            }
                        }
                    }
                    match scanner.scan(&buf) {
                        Ok(Some(n)) => {
                            at_start = true;
                            let frame = Frame::from_scanned(split(&mut buf, n).freeze());
                            batch.add(frame, &push);
                        }
                        Ok(None) => {
                            at_start = buf.is_empty();
                            break;
                        }
                        Err(e) => break 'read protocol_error(&shared, &push, &mut batch, e).await,
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
                        let element = Frame::from_scanned(split(&mut buf, n).freeze());
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
                    Err(e) => break 'read protocol_error(&shared, &push, &mut batch, e).await,
                },
                Mode::Bulk { left: 0, end, tx } => {
                    if buf.len() < 2 {
                        break;
                    }
                    if &buf[..2] != b"\r\n" {
                        let offset = usize::try_from(*end).unwrap_or(usize::MAX);
                        break 'read Cause::Protocol(ProtocolError {
                            offset,
                            kind: ProtocolErrorKind::InvalidLineEnd,
                        });
                    }
                    let _ = buf.split_to(2);
                    if let Some(tx) = tx.take() {
                        let _ = tx.send(StreamEvent::End).await;
                    }
                    mode = Mode::Frames;
                    at_start = true;
                }
                Mode::Bulk { left, tx, .. } => {
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
        if let Err(cause) = batch.hand_over(&shared, &push).await {
            break cause;
        }
        if buf.capacity() - buf.len() < READ_CHUNK / 4 {
            #[allow(
                clippy::disallowed_methods,
                reason = "a constant: the frame scanner bounds what a reply may make it buffer"
            )]
            buf.reserve(READ_CHUNK);
        }
        match read.read_buf(&mut buf).await {
            Ok(0) if buf.is_empty() && matches!(mode, Mode::Frames) => {
                break Cause::lost("closed by the server")
            }
            Ok(0) => break Cause::lost("closed by the server in the middle of a reply"),
            Ok(_) => {
                shared.reads.fetch_add(1, Ordering::Relaxed);
            }
            Err(e) => break Cause::lost(format!("read failed: {e}")),
        }
    };
    // A reply being streamed ends without `End`: its consumer reports the lost connection.
    drop(mode);
    shared.close(cause);
    if let Some(PushRoute {
        sink: PushSink::Listeners(hub),
        ..
    }) = &push
    {
        hub.connection_lost();
    }
}

/// Takes the first `n` bytes of `buf`. After a large frame, the rest moves to a buffer of
/// its own, so the large one is freed as soon as the frame is dropped instead of being
/// kept (and reused) for the connection's life.
#[inline]
fn split(buf: &mut BytesMut, n: usize) -> BytesMut {
    let frame = buf.split_to(n);
    if n >= SHRINK_AFTER {
        start_afresh(buf);
    }
    frame
}

/// Moves what `buf` holds into a buffer of its own (see [`split`]).
#[cold]
#[inline(never)]
fn start_afresh(buf: &mut BytesMut) {
    #[allow(
        clippy::disallowed_methods,
        reason = "bytes already received, or a constant"
    )]
    let mut rest = BytesMut::with_capacity(buf.len().max(READ_CHUNK));
    rest.extend_from_slice(buf);
    *buf = rest;
}

/// Delivers the frames complete before bytes that are not RESP, and says why the
/// connection must close.
async fn protocol_error(
    shared: &Shared,
    push: &Option<PushRoute>,
    batch: &mut Batch,
    e: ProtocolError,
) -> Cause {
    let _ = batch.hand_over(shared, push).await;
    Cause::Protocol(e)
}
