//! The write side of a multiplexed connection. Requests' bytes wait in an [`Outbox`], in
//! request order, for the writer task, which writes everything gathered since its last
//! write at once (auto-pipelining). A request made while the connection is idle is
//! written at once by its caller instead, which saves a hand-off to the writer task on
//! the path a lone caller takes.

use super::{Cause, Payload, Shared, MAX_UNWRITTEN};
use crate::cmd::Command;
use crate::conn::transport::WriteHalf;
use bytes::Bytes;
use std::io;
use std::pin::Pin;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::task::{Context, Poll, Waker};
use tokio::io::{AsyncWrite, AsyncWriteExt};
use tokio::sync::mpsc;

/// Small requests are copied together into batches of at most this size; a batch is one
/// write.
const MAX_BATCH_BYTES: usize = 1 << 20;

/// Requests at least this large are written from their own buffer instead of copied.
const OWN_BUFFER_BYTES: usize = 64 * 1024;

/// Bytes waiting to be written, in request order.
enum Chunk {
    /// Small requests back to back.
    Batch(Vec<u8>),
    /// A large command, from this offset on (its caller may have written the start).
    Command(Command, usize),
    /// Large encoded commands (a pipeline, a transaction), from this offset on.
    Encoded(Vec<u8>, usize),
    /// A command whose last argument, `len` bytes long, arrives in chunks: `head` is the
    /// command up to and including that argument's `$len` line.
    Streamed {
        head: Vec<u8>,
        body: mpsc::Receiver<Bytes>,
        len: u64,
    },
}

impl Chunk {
    /// Its bytes as the outbox counts them (a streamed body is not counted).
    fn counted_len(&self) -> usize {
        match self {
            Chunk::Batch(bytes) => bytes.len(),
            Chunk::Encoded(bytes, from) => bytes.len() - from,
            Chunk::Command(c, from) => c.as_bytes().len() - from,
            Chunk::Streamed { head, .. } => head.len() + 2,
        }
    }
}

/// What waits to be written, and the write half while nobody is writing to it.
pub(super) struct Outbox {
    chunks: Vec<Chunk>,
    /// The write half; taken by the writer task while it writes.
    io: Option<WriteHalf>,
    /// The writer task has been woken and has work to do; until it finds the outbox empty,
    /// callers leave writing to it.
    scheduled: bool,
    /// A caller found the connection idle: the writer should not wait for more requests.
    urgent: bool,
    /// Buffered bytes wait for a flush (a write that the socket took only in part).
    flush: bool,
    /// An emptied batch buffer, reused for the next batch.
    spare: Vec<u8>,
    /// Requests gathered since the last write.
    gathered: usize,
    /// Bytes in `chunks` (streamed bodies not counted).
    unwritten: usize,
    /// The caller whose request makes this many gathered writes them itself, if the writer
    /// task is not writing (see `Config::write_early_after`); `usize::MAX`: never.
    early_after: usize,
}

impl Outbox {
    pub(super) fn new(io: WriteHalf, early_after: Option<usize>) -> Outbox {
        Outbox {
            chunks: Vec::new(),
            io: Some(io),
            scheduled: false,
            urgent: false,
            flush: false,
            spare: Vec::new(),
            gathered: 0,
            unwritten: 0,
            early_after: early_after.unwrap_or(usize::MAX),
        }
    }

    /// Changes when callers write early (`usize::MAX`: never).
    pub(super) fn set_early_after(&mut self, early_after: usize) {
        self.early_after = early_after;
    }

    /// Takes a request's bytes. `idle`: no other request waits for a reply, so nothing is
    /// gained by waiting for more requests to write together. `awaiting`: requests (this
    /// one included) waiting for their replies.
    pub(super) fn put(
        &mut self,
        shared: &Shared,
        payload: Payload,
        idle: bool,
        awaiting: usize,
    ) -> io::Result<()> {
        let mut written = 0;
        if idle && !self.scheduled && self.chunks.is_empty() {
            if let (Some(io), Payload::Command(_) | Payload::Encoded(_)) = (&mut self.io, &payload)
            {
                match write_now(io, payload.as_bytes())? {
                    Written::All => return Ok(()),
                    // The socket is full: the writer task writes the rest when it can.
                    Written::Part(n) => {
                        written = n;
                        self.flush = true;
                    }
                }
            }
        }
        let added = match &payload {
            Payload::Streamed { head, .. } => head.len() + 2,
            other => other.as_bytes().len() - written,
        };
        match payload {
            Payload::Command(c) if c.as_bytes().len() - written >= OWN_BUFFER_BYTES => {
                self.chunks.push(Chunk::Command(c, written));
            }
            Payload::Command(c) => self.append(&c.as_bytes()[written..]),
            Payload::Encoded(v) if v.len() - written >= OWN_BUFFER_BYTES => {
                self.chunks.push(Chunk::Encoded(v, written));
            }
            Payload::Encoded(v) => self.append(&v[written..]),
            Payload::Streamed { head, body, len } => {
                self.chunks.push(Chunk::Streamed { head, body, len });
            }
        }
        self.count(shared, added, 0);
        self.gathered += 1;
        // Written early: once `early_after` are gathered, or once more are gathered than
        // the server still has to answer (it would soon sit idle waiting for these).
        let on_the_wire = awaiting.saturating_sub(self.gathered);
        if self.early_after != usize::MAX
            && (self.gathered >= self.early_after || self.gathered > on_the_wire)
        {
            self.flush_now(shared)?;
        }
        self.schedule(shared, idle);
        Ok(())
    }

    /// Writes the gathered batch at once when it is all there is and nobody is writing:
    /// the server starts on it while the callers still to come add theirs.
    fn flush_now(&mut self, shared: &Shared) -> io::Result<()> {
        let (Some(io), [Chunk::Batch(batch)]) = (&mut self.io, &mut self.chunks[..]) else {
            return Ok(());
        };
        let written = match write_now(io, batch)? {
            Written::All => {
                let mut batch = std::mem::take(batch);
                let written = batch.len();
                batch.clear();
                self.chunks.clear();
                self.spare = batch;
                written
            }
            Written::Part(n) => {
                batch.drain(..n);
                self.flush = true;
                n
            }
        };
        self.gathered = 0;
        self.count(shared, 0, written);
        Ok(())
    }

    /// Keeps the count of unwritten bytes, and wakes callers waiting for room once it
    /// falls under the limit.
    fn count(&mut self, shared: &Shared, added: usize, written: usize) {
        let before = self.unwritten;
        self.unwritten = (self.unwritten + added).saturating_sub(written);
        shared.unwritten.store(self.unwritten, Ordering::Release);
        if before > MAX_UNWRITTEN && self.unwritten <= MAX_UNWRITTEN {
            shared.drained.notify_waiters();
        }
    }

    fn append(&mut self, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        if let Some(Chunk::Batch(batch)) = self.chunks.last_mut() {
            if batch.len() + bytes.len() <= MAX_BATCH_BYTES {
                batch.extend_from_slice(bytes);
                return;
            }
        }
        let mut batch = std::mem::take(&mut self.spare);
        batch.extend_from_slice(bytes);
        self.chunks.push(Chunk::Batch(batch));
    }

    fn schedule(&mut self, shared: &Shared, urgent: bool) {
        self.urgent |= urgent;
        if !self.scheduled {
            self.scheduled = true;
            shared.wake.notify_one();
        }
    }
}

/// How much of a direct write the socket took.
enum Written {
    /// Everything, flushed.
    All,
    /// The first `n` bytes; the rest (and a flush) is left to the writer task.
    Part(usize),
}

/// Writes `bytes` without waiting: as much as the socket takes right now.
fn write_now(io: &mut WriteHalf, bytes: &[u8]) -> io::Result<Written> {
    // Nobody is to be woken: when the socket is full, the writer task takes over and
    // registers its own waker by polling again.
    let mut cx = Context::from_waker(Waker::noop());
    let mut done = 0;
    while done < bytes.len() {
        match Pin::new(&mut *io).poll_write(&mut cx, &bytes[done..]) {
            Poll::Ready(Ok(0)) => return Err(io::ErrorKind::WriteZero.into()),
            Poll::Ready(Ok(n)) => done += n,
            Poll::Ready(Err(e)) if e.kind() == io::ErrorKind::Interrupted => {}
            Poll::Ready(Err(e)) => return Err(e),
            Poll::Pending => return Ok(Written::Part(done)),
        }
    }
    match Pin::new(&mut *io).poll_flush(&mut cx) {
        Poll::Ready(Ok(())) => Ok(Written::All),
        Poll::Ready(Err(e)) => Err(e),
        Poll::Pending => Ok(Written::Part(done)),
    }
}

/// The writer task: whenever woken, writes everything the outbox holds, until the
/// connection closes.
pub(super) async fn write_loop(
    shared: Arc<Shared>,
    reader: tokio::task::JoinHandle<()>,
    watchdog: Option<tokio::task::JoinHandle<()>>,
) {
    let mut chunks: Vec<Chunk> = Vec::new();
    'run: loop {
        shared.wake.notified().await;
        let urgent = shared.outbox().urgent;
        if !urgent {
            // Other replies are outstanding, so the server is busy anyway: let every task
            // that is ready to run add its request first, and write them all at once.
            tokio::task::yield_now().await;
        }
        loop {
            let mut io = {
                let mut outbox = shared.outbox();
                if shared.is_closed() {
                    break 'run;
                }
                if outbox.chunks.is_empty() && !outbox.flush {
                    outbox.scheduled = false;
                    outbox.urgent = false;
                    break;
                }
                std::mem::swap(&mut chunks, &mut outbox.chunks);
                outbox.gathered = 0;
                outbox.flush = false;
                outbox.urgent = false;
                match outbox.io.take() {
                    Some(io) => io,
                    // Only this task takes the write half out, and it always puts it back.
                    None => break 'run,
                }
            };
            let taken: usize = chunks.iter().map(Chunk::counted_len).sum();
            let result = write_chunks(&mut io, &mut chunks).await;
            let mut spare = None;
            for chunk in chunks.drain(..) {
                if let Chunk::Batch(mut batch) = chunk {
                    if batch.capacity() <= 4 * MAX_BATCH_BYTES {
                        batch.clear();
                        spare = Some(batch);
                    }
                }
            }
            {
                let mut outbox = shared.outbox();
                outbox.io = Some(io);
                outbox.count(&shared, 0, taken);
                if let Some(spare) = spare {
                    if outbox.spare.capacity() == 0 {
                        outbox.spare = spare;
                    }
                }
            }
            if let Err(e) = result {
                shared.close(Cause::lost(format!("write failed: {e}")));
                break 'run;
            }
        }
    }
    // The connection closed (or every handle is gone): stop reading and watching too.
    reader.abort();
    if let Some(watchdog) = watchdog {
        watchdog.abort();
    }
    shared.close(Cause::ShutDown("shut down by the client"));
    let io = shared.outbox().io.take();
    if let Some(mut io) = io {
        let _ = io.shutdown().await;
    }
}

/// Writes chunks in order, then flushes.
async fn write_chunks(io: &mut WriteHalf, chunks: &mut [Chunk]) -> io::Result<()> {
    for chunk in chunks.iter_mut() {
        match chunk {
            Chunk::Batch(bytes) => io.write_all(bytes).await?,
            Chunk::Encoded(bytes, from) => io.write_all(&bytes[*from..]).await?,
            Chunk::Command(c, from) => io.write_all(&c.as_bytes()[*from..]).await?,
            Chunk::Streamed { head, body, len } => {
                io.write_all(head).await?;
                let mut left = *len;
                while left > 0 {
                    let Some(piece) = body.recv().await else {
                        // The request is cut short on the wire: the connection is lost.
                        return Err(io::Error::new(
                            io::ErrorKind::UnexpectedEof,
                            "value ended before its announced length",
                        ));
                    };
                    if piece.len() as u64 > left {
                        return Err(io::Error::new(
                            io::ErrorKind::InvalidInput,
                            "value longer than its announced length",
                        ));
                    }
                    io.write_all(&piece).await?;
                    left -= piece.len() as u64;
                }
                io.write_all(b"\r\n").await?;
            }
        }
    }
    io.flush().await
}
