//! Huge replies without holding them whole: [`Client::stream`] decodes a big array's
//! elements one by one as they arrive, and [`Client::copy_to`] writes a big string to an
//! [`AsyncWrite`] chunk by chunk, and [`Client::query_from_reader`] sends a big value from
//! an [`AsyncRead`]. All run on a dedicated connection, so a slow consumer or producer never
//! holds up the shared one.

use crate::client::handle::{check_shareable, within, Client, Lease};
use crate::cmd::{Command, Request};
use crate::conn::mux::{reply, Submission};
use crate::conn::streaming::{StreamEvent, StreamKind};
use crate::error::Error;
use crate::resp::read::collections::vec_for;
use crate::resp::read::DecodeOwned;
use crate::wire::length_line;
use crate::wire::write::header;
use crate::wire::Frame;
use bytes::{Bytes, BytesMut};
use std::collections::VecDeque;
use std::marker::PhantomData;
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::sync::mpsc;

/// How many decoded-but-unread elements (or chunks) may wait between the connection and
/// the consumer: memory stays bounded by these plus the read buffer.
const IN_FLIGHT_PIECES: usize = 16;

/// The elements of one reply, decoded as `T` one at a time as they arrive.
///
/// ```no_run
/// # async fn demo(client: typedis::Client) -> Result<(), typedis::Error> {
/// use typedis::cmd;
///
/// let mut entries = client
///     .stream::<(String, Vec<(String, String)>)>(cmd("XRANGE").arg("events").arg("-").arg("+"))
///     .await?;
/// while let Some(entry) = entries.next().await {
///     let (id, fields) = entry?;
///     println!("{id}: {} fields", fields.len());
/// }
/// # Ok(()) }
/// ```
pub struct ReplyStream<T> {
    lease: Option<Lease>,
    /// The first piece, when it was read before the stream was handed out (a cluster
    /// client reads it to follow a redirect).
    first: Option<StreamEvent>,
    rx: mpsc::Receiver<StreamEvent>,
    /// Elements of a reply that arrived whole (an aggregate behind an attribute).
    whole: VecDeque<Frame>,
    timeout: Option<Duration>,
    done: bool,
    _t: PhantomData<fn() -> T>,
}

impl<T> std::fmt::Debug for ReplyStream<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ReplyStream")
            .field("done", &self.done)
            .finish()
    }
}

impl Client {
    /// Sends a command whose reply is an array (or set, or map: keys and values then come
    /// in turn) and decodes its elements one by one as they arrive. A null reply is an
    /// empty stream.
    ///
    /// # Errors
    ///
    /// When no dedicated connection can be opened; [`Error::InvalidUse`] (nothing sent) for
    /// a command that would leave the pooled connection changed (`SELECT`, `WATCH`,
    /// `MULTI`, ...); the stream's items carry the rest.
    pub async fn stream<T: DecodeOwned>(
        &self,
        command: impl Request,
    ) -> Result<ReplyStream<T>, Error> {
        let command = command.into_command();
        // The connection goes back to the pool of dedicated connections afterwards.
        check_shareable(&command)?;
        let opened = self
            .open_stream(command, StreamKind::Elements, None)
            .await?;
        Ok(ReplyStream::new(opened, None))
    }

    /// Sends a command whose reply is a bulk string (`GET`, `GETRANGE`, `DUMP`, ...) and
    /// writes its bytes to `out` as they arrive, never holding the whole value. Returns the
    /// number of bytes written, or `None` when the reply is null (missing key).
    ///
    /// # Errors
    ///
    /// [`Error::Server`] for an error reply, [`Error::Decode`] when the reply is not a
    /// string, [`Error::Io`] when writing to `out` fails, [`Error::InvalidUse`] (nothing
    /// sent) as [`Client::stream`], and connection errors.
    pub async fn copy_to<W: AsyncWrite + Unpin + ?Sized>(
        &self,
        command: impl Request,
        out: &mut W,
    ) -> Result<Option<u64>, Error> {
        let command = command.into_command();
        check_shareable(&command)?;
        let opened = self.open_stream(command, StreamKind::Bulk, None).await?;
        opened.copy_to(None, out).await
    }

    /// Sends `command` on a dedicated connection for its reply to come in pieces of
    /// `kind`, after `before` (commands already encoded, and how many: `ASKING`,
    /// `READONLY`), whose replies are read and dropped (an error among them shows in the
    /// command's own reply).
    pub(crate) async fn open_stream(
        &self,
        command: Command,
        kind: StreamKind,
        before: Option<(Vec<u8>, usize)>,
    ) -> Result<OpenStream, Error> {
        self.check_available(&command)?;
        let lease = self.timed(self.lease(self.deadline())).await?;
        let before = before.map(|(bytes, n)| {
            let (request, rx) = Submission::many(bytes, n, None);
            lease.conn().submit(request);
            rx
        });
        let (request, rx) = Submission::streamed_reply(command, kind, IN_FLIGHT_PIECES);
        lease.conn().submit(request);
        if let Some(before) = before {
            // Answered before the command's first piece: never a wait of its own.
            reply(before).await?;
        }
        Ok(OpenStream {
            lease,
            rx,
            timeout: self.config().response_timeout,
        })
    }
}

/// A command sent on a dedicated connection whose reply comes in pieces.
pub(crate) struct OpenStream {
    lease: Lease,
    rx: mpsc::Receiver<StreamEvent>,
    timeout: Option<Duration>,
}

impl OpenStream {
    /// The reply's first piece, within the response timeout.
    #[cfg(feature = "cluster")]
    pub(crate) async fn first(&mut self) -> Result<StreamEvent, Error> {
        recv(&mut self.rx, self.timeout).await
    }

    /// Gives the connection back, once the reply came whole (a redirect, an error).
    #[cfg(feature = "cluster")]
    pub(crate) fn release(mut self) {
        self.lease.release();
    }

    /// Writes the pieces of a bulk string reply to `out`, starting with `first` when it
    /// was read already.
    pub(crate) async fn copy_to<W: AsyncWrite + Unpin + ?Sized>(
        mut self,
        mut first: Option<StreamEvent>,
        out: &mut W,
    ) -> Result<Option<u64>, Error> {
        let mut written = 0u64;
        loop {
            let event = match first.take() {
                Some(event) => event,
                None => recv(&mut self.rx, self.timeout).await?,
            };
            match event {
                StreamEvent::Chunk(bytes) => {
                    out.write_all(&bytes).await?;
                    written += bytes.len() as u64;
                }
                StreamEvent::End => {
                    self.lease.release();
                    return Ok(Some(written));
                }
                StreamEvent::Whole(frame) => {
                    self.lease.release();
                    return match frame.decode::<Option<&[u8]>>()? {
                        None => Ok(None),
                        // A string that arrived whole (an attribute came first).
                        Some(bytes) => {
                            out.write_all(bytes).await?;
                            Ok(Some(bytes.len() as u64))
                        }
                    };
                }
                StreamEvent::Element(_) => unreachable_piece(),
                StreamEvent::Failed(e) => return Err(e),
            }
        }
    }
}

impl Client {
    /// Sends `command` with one more argument whose `len` bytes are read from `value` as
    /// they are written, never held whole (`SET key <value from a file>`), and reads the
    /// reply as `T`. Runs on a dedicated connection.
    ///
    /// ```no_run
    /// # async fn demo(client: typedis::Client) -> Result<(), Box<dyn std::error::Error>> {
    /// use typedis::cmd;
    ///
    /// let file = tokio::fs::File::open("backup.bin").await?;
    /// let len = file.metadata().await?.len();
    /// client.query_from_reader::<()>(cmd("SET").arg("backup"), file, len).await?;
    /// # Ok(()) }
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::Io`] when `value` fails or ends before `len` bytes; [`Error::Timeout`] when,
    /// for longer than the response timeout, `value` yields nothing, the connection takes
    /// nothing, or the reply does not come after the whole value was written (an upload
    /// that keeps moving is never cut short, however long it takes). A request cut short
    /// closes its dedicated connection, so nothing half-written is ever executed. Otherwise
    /// as [`Client::query`], and [`Error::InvalidUse`] (nothing sent) as [`Client::stream`].
    pub async fn query_from_reader<T: DecodeOwned>(
        &self,
        command: impl Request,
        mut value: impl AsyncRead + Unpin,
        len: u64,
    ) -> Result<T, Error> {
        let command = command.into_command();
        check_shareable(&command)?;
        let head = with_extra_argument(command.as_bytes(), len)?;
        let timeout = self.config().response_timeout;
        let mut lease = self.timed(self.lease(self.deadline())).await?;
        let (tx, rx) = mpsc::channel::<Bytes>(4);
        // Every wait is for progress: a chunk from `value`, room on the connection.
        let feed = async move {
            let mut left = len;
            while left > 0 {
                #[allow(
                    clippy::disallowed_methods,
                    reason = "at most one chunk, whatever the length declared"
                )]
                let mut chunk = BytesMut::with_capacity(CHUNK.min(left as usize));
                let n = within(timeout, async { Ok(value.read_buf(&mut chunk).await?) }).await?;
                if n == 0 {
                    return Err(Error::Io(std::io::Error::new(
                        std::io::ErrorKind::UnexpectedEof,
                        format!("value ended {left} bytes before its announced length"),
                    )));
                }
                left -= n as u64;
                let sent = within(timeout, async { Ok(tx.send(chunk.freeze()).await) }).await?;
                if sent.is_err() {
                    break; // The connection died; the reply says so.
                }
            }
            Ok(())
        };
        let (request, reply_rx) = Submission::streamed_value(head, rx, len);
        lease.conn().submit(request);
        let reply = reply(reply_rx);
        tokio::pin!(reply);
        // Dropping `feed` (its sender with it) before the whole value is written makes the
        // connection close: the request cut short is never executed.
        tokio::select! {
            biased;
            fed = feed => fed?,
            // Before the whole value was written, a reply can only be the connection's end.
            early = &mut reply => {
                early?;
                return Err(Error::lost("a reply came before the whole value was written"));
            }
        }
        let frame = within(timeout, reply).await?;
        lease.release();
        frame.decode_owned()
    }
}

/// Size of the chunks read from an upload's source.
const CHUNK: usize = 64 * 1024;

/// `command` with room for one more argument of `len` bytes: its header count raised by
/// one and the new argument's `$len` line appended.
fn with_extra_argument(command: &[u8], len: u64) -> Result<Vec<u8>, Error> {
    let bad = || Error::Config("command is not a RESP array of arguments".into());
    let Ok(Some((count, body))) = length_line(command, 1) else {
        return Err(bad());
    };
    let rest = command.get(body..).ok_or_else(bad)?;
    #[allow(clippy::disallowed_methods, reason = "bytes already received")]
    let mut head = Vec::with_capacity(rest.len() + 48);
    let count = usize::try_from(count + 1).map_err(|_| bad())?;
    header(&mut head, b'*', count);
    head.extend_from_slice(rest);
    header(&mut head, b'$', usize::try_from(len).map_err(|_| bad())?);
    Ok(head)
}

impl<T: DecodeOwned> ReplyStream<T> {
    /// The stream of `opened`'s reply, `first` its first piece when it was read already.
    pub(crate) fn new(opened: OpenStream, first: Option<StreamEvent>) -> ReplyStream<T> {
        ReplyStream {
            lease: Some(opened.lease),
            first,
            rx: opened.rx,
            whole: VecDeque::new(),
            timeout: opened.timeout,
            done: false,
            _t: PhantomData,
        }
    }

    /// The next element; `None` after the last one.
    ///
    /// # Errors
    ///
    /// An element that does not decode as `T` is that item's error and the stream goes
    /// on; an error reply, a timeout or a lost connection ends the stream.
    pub async fn next(&mut self) -> Option<Result<T, Error>> {
        if let Some(frame) = self.whole.pop_front() {
            return Some(frame.decode());
        }
        if self.done {
            return None;
        }
        let event = match self.first.take() {
            Some(event) => event,
            None => match recv(&mut self.rx, self.timeout).await {
                Ok(event) => event,
                Err(e) => return Some(self.fail(e)),
            },
        };
        match event {
            StreamEvent::Element(frame) => Some(frame.decode()),
            StreamEvent::End => {
                self.finish();
                None
            }
            StreamEvent::Whole(frame) => {
                self.finish();
                if frame.is_error() {
                    return frame.decode::<()>().err().map(Err);
                }
                if let Ok(true) = crate::wire::Reader::new(&frame).try_null() {
                    return None;
                }
                // An aggregate that came whole (behind an attribute): hand its elements out
                // one by one; anything else fails to split and says what it is.
                match split_elements(&frame) {
                    Ok(elements) => {
                        self.whole = elements.into();
                        self.whole.pop_front().map(|f| f.decode())
                    }
                    Err(e) => Some(Err(e)),
                }
            }
            StreamEvent::Chunk(_) => unreachable_piece(),
            StreamEvent::Failed(e) => Some(self.fail(e)),
        }
    }

    /// The elements as a [`Stream`](futures_core::Stream).
    pub fn into_stream(self) -> impl futures_core::Stream<Item = Result<T, Error>> + Send
    where
        T: Send,
    {
        crate::support::futures::unfold(self, |mut s| async move {
            let item = s.next().await?;
            Some((item, s))
        })
    }

    fn finish(&mut self) {
        self.done = true;
        if let Some(mut lease) = self.lease.take() {
            lease.release();
        }
    }

    fn fail(&mut self, e: Error) -> Result<T, Error> {
        // The connection is mid-reply: `Lease`'s drop closes it.
        self.done = true;
        self.lease = None;
        Err(e)
    }
}

/// The next piece, within `timeout`; a channel closed without `End` means the connection
/// died mid-reply.
async fn recv(
    rx: &mut mpsc::Receiver<StreamEvent>,
    timeout: Option<Duration>,
) -> Result<StreamEvent, Error> {
    let next = within(timeout, async { Ok(rx.recv().await) }).await?;
    next.ok_or_else(|| Error::lost("lost in the middle of a streamed reply"))
}

/// The elements of an aggregate frame as frames of their own.
fn split_elements(frame: &Frame) -> Result<Vec<Frame>, Error> {
    let mut r = crate::wire::Reader::new(frame);
    // A map's keys and values come in turn; anything else must be an array (or set), and
    // its error then says so.
    let n = if r.peek()? == crate::wire::Kind::Map {
        r.map_len()?.saturating_mul(2)
    } else {
        r.array_len()?
    };
    let mut out = vec_for(&r, n, 3);
    for _ in 0..n {
        out.push(Frame::from_scanned(r.raw()?));
    }
    Ok(out)
}

#[cold]
fn unreachable_piece() -> ! {
    unreachable!("the reader sends pieces of the kind the stream asked for")
}
