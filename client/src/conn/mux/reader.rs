//! The read side of a multiplexed connection: the reader task delimits reply frames and
//! hands each one to the oldest waiting request (or streams it, or routes a push).

use super::{Done, Pending, PushRoute, Shared};
use crate::conn::streaming::{self, Header, StreamEvent};
use crate::conn::transport::ReadHalf;
use crate::resp::{Frame, FrameScanner};
use bytes::BytesMut;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use tokio::io::AsyncReadExt;
use tokio::sync::mpsc;

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

pub(super) async fn read_loop(
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
                    route.sink.send(frame);
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
                Pending::One { .. } => true,
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
                    Pending::One { tx: Some(tx), .. } => {
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
                    Pending::One { tx: None, .. } | Pending::Discard { .. } => {}
                }
            }
        }
        state.burst = done.len() > 1;
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
