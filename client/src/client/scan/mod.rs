//! [`Scan`]: the items of a `SCAN`, `HSCAN`, `SSCAN` or `ZSCAN` one by one, as a stream
//! that follows the cursor from page to page ([`Client::scan`](crate::Client::scan),
//! [`ClusterClient::scan`](crate::ClusterClient::scan)).

mod cursor;

use crate::cmd::Command;
use crate::error::{Error, Refused};
use crate::resp::read::DecodeOwned;
use crate::resp::read::RespRead;
use crate::wire::DecodeError;
use crate::wire::Frame;
use crate::wire::Reader;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

/// The reply of one page's request, on its way.
pub(crate) type PageFuture = Pin<Box<dyn Future<Output = Result<Frame, Error>> + Send>>;

/// Where the pages of a scan go: one server, the node of a key's slot, or each primary of a
/// cluster in turn.
pub(crate) trait Pages: Send {
    /// Sends one page's request.
    fn fetch(&mut self, command: Command) -> PageFuture;

    /// Readies `command` for the page after one whose reply gave `cursor`: false when the
    /// scan is complete. By default the cursor is a number, set in place, and 0 moves on
    /// to the next server (see [`next_server`](Self::next_server)).
    fn advance(&mut self, command: &mut Command, cursor: &[u8]) -> Result<bool, Error> {
        advance_numeric(self, command, cursor)
    }

    /// Moves on to the next server, once the cursor of one came back to 0; false when
    /// every server has been scanned.
    fn next_server(&mut self) -> bool {
        false
    }
}

/// [`Pages::advance`] for a numeric cursor, set in place; 0 moves on to the next server.
pub(crate) fn advance_numeric<P: Pages + ?Sized>(
    pages: &mut P,
    command: &mut Command,
    cursor: &[u8],
) -> Result<bool, Error> {
    let cursor = match number(cursor)? {
        0 if pages.next_server() => 0,
        0 => return Ok(false),
        cursor => cursor,
    };
    // The command held a cursor (checked at the start), so there is one to set.
    if command.set_cursor(cursor) {
        Ok(true)
    } else {
        Err(no_cursor(command))
    }
}

/// A numeric cursor (`SCAN`'s and the like's: a bulk string of digits).
fn number(cursor: &[u8]) -> Result<u64, Error> {
    std::str::from_utf8(cursor)
        .ok()
        .and_then(|text| text.parse().ok())
        .ok_or_else(|| {
            DecodeError::custom("a cursor that is an unsigned number")
                .at_field("cursor")
                .into()
        })
}

/// One page as the stream reads it: the cursor's text (digits for `SCAN` and the like, an
/// opaque string for `CLUSTERSCAN`) and the items.
struct Page<'de, T> {
    cursor: &'de [u8],
    items: Vec<T>,
}

impl<'de, T: RespRead<'de>> RespRead<'de> for Page<'de, T> {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let n = r.array_len()?;
        if n != 2 {
            return Err(DecodeError::length(2, n));
        }
        let cursor = <&[u8]>::read(r).map_err(|e| e.at_field("cursor"))?;
        let items = Vec::<T>::read(r).map_err(|e| e.at_field("items"))?;
        Ok(Page { cursor, items })
    }
}

/// What a scan does once the items it holds are yielded.
#[derive(Debug)]
enum Next {
    /// Send the command (its cursor set) for the next page.
    Page,
    /// Yield this error, then end.
    Fail(Error),
    /// End.
    Done,
}

/// The items of a cursor-based scan (`SCAN`, `HSCAN`, `SSCAN`, `ZSCAN`), one at a time: a
/// [`Stream`](futures_core::Stream) of `Result<T, Error>`, also read with [`Scan::next`].
/// Made by [`Client::scan`] and [`ClusterClient::scan`].
///
/// The stream sends the first page's request as it was given (`MATCH`, `COUNT`, `TYPE`
/// and the like are kept), yields that page's items, then sends the same command again
/// with the cursor the server returned, until the cursor is 0. It sends nothing before it
/// is first polled, asks for the next page only once every item of the current one was
/// taken, and holds one page at a time. An error ends it: the error is its last item.
///
/// What the server guarantees, and so what the stream yields: every element present in
/// the collection for the whole scan is returned; an element added or removed meanwhile
/// may be returned or not; an element may be returned **more than once** if the
/// collection changes (grows, shrinks, is rehashed) during the scan. The stream does not
/// deduplicate (that would mean remembering every item): collect into a set when
/// duplicates matter. A page may hold fewer items than `COUNT`, or none, before the end.
///
/// ```no_run
/// # async fn demo(client: typedis::Client) -> Result<(), typedis::Error> {
/// use futures_util::TryStreamExt;
/// use typedis::b;
/// use typedis::reply::Bytes;
///
/// let mut keys = client.scan(b().scan().cursor(0).match_("user:*").count(500));
/// while let Some(key) = keys.next().await {
///     let key: Bytes = key?;
///     println!("{key:?}");
/// }
///
/// let fields: Vec<(Bytes, Bytes)> = client
///     .scan(b().hscan().key("user:1").cursor(0))
///     .try_collect()
///     .await?;
/// let mut members = client.scan(b().zscan().key("board").cursor(0));
/// while let Some(entry) = members.next().await {
///     let entry = entry?; // ScoredMember
///     println!("{:?} {}", entry.member, entry.score);
/// }
/// # let _ = fields; Ok(()) }
/// ```
///
/// [`Client::scan`]: crate::Client::scan
/// [`ClusterClient::scan`]: crate::ClusterClient::scan
#[must_use = "a scan does nothing until it is polled"]
pub struct Scan<T> {
    pages: Box<dyn Pages>,
    /// The request of the next page: the first page's command, its cursor set.
    command: Command,
    /// The items of the current page not yet yielded.
    items: std::vec::IntoIter<T>,
    /// The request of the next page, once sent.
    pending: Option<PageFuture>,
    next: Next,
}

// Nothing of a `Scan` is pinned in place: its future is boxed, and its items are only ever
// moved out.
impl<T> Unpin for Scan<T> {}

impl<T> std::fmt::Debug for Scan<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Scan")
            .field("command", &self.command)
            .field("buffered", &self.items.len())
            .field("waiting", &self.pending.is_some())
            .field("next", &self.next)
            .finish()
    }
}

impl<T> Scan<T> {
    /// The same scan, not yet started, with items read as `U`: how a scan made without
    /// knowing its item type (through [`DynRedis`](crate::DynRedis)) gets it.
    pub(crate) fn retype<U>(self) -> Scan<U> {
        debug_assert!(
            self.items.len() == 0 && self.pending.is_none(),
            "only a scan not yet polled is retyped"
        );
        Scan {
            pages: self.pages,
            command: self.command,
            items: Vec::new().into_iter(),
            pending: None,
            next: self.next,
        }
    }
}

impl<T: DecodeOwned> Scan<T> {
    /// A scan of `command` (the first page's request) over `pages`.
    pub(crate) fn new(pages: Box<dyn Pages>, command: Command) -> Scan<T> {
        let next = match command.cursor() {
            Some(_) => Next::Page,
            None => Next::Fail(no_cursor(&command)),
        };
        Scan {
            pages,
            command,
            items: Vec::new().into_iter(),
            pending: None,
            next,
        }
    }

    /// A scan that yields `error` and ends, sending nothing (only a cluster scan can fail
    /// before it starts: no node serves its key's slot).
    #[cfg(feature = "cluster")]
    pub(crate) fn failed(command: Command, error: Error) -> Scan<T> {
        let mut scan = Scan::new(Box::new(Nowhere), command);
        scan.next = Next::Fail(error);
        scan
    }

    /// The next item; `None` once the cursor came back to 0 (on every node of a cluster
    /// scan) or after an error.
    ///
    /// # Errors
    ///
    /// As [`Client::query`] for each page's request; [`Error::InvalidUse`] for a command
    /// without a cursor where a scan has it (argument 1, or the one after the key). The
    /// stream ends after an error.
    ///
    /// [`Client::query`]: crate::Client::query
    pub async fn next(&mut self) -> Option<Result<T, Error>> {
        std::future::poll_fn(|cx| self.poll_item(cx)).await
    }

    fn poll_item(&mut self, cx: &mut Context<'_>) -> Poll<Option<Result<T, Error>>> {
        loop {
            if let Some(item) = self.items.next() {
                return Poll::Ready(Some(Ok(item)));
            }
            let mut pending = match self.pending.take() {
                Some(pending) => pending,
                None => match std::mem::replace(&mut self.next, Next::Done) {
                    Next::Done => return Poll::Ready(None),
                    Next::Fail(e) => return Poll::Ready(Some(Err(e))),
                    Next::Page => self.pages.fetch(self.command.clone()),
                },
            };
            let Poll::Ready(reply) = pending.as_mut().poll(cx) else {
                self.pending = Some(pending);
                return Poll::Pending;
            };
            let page = reply.and_then(|frame| {
                let page = frame.decode::<Page<'_, T>>()?;
                let next = match self.pages.advance(&mut self.command, page.cursor) {
                    Ok(true) => Next::Page,
                    Ok(false) => Next::Done,
                    Err(e) => Next::Fail(e),
                };
                Ok((page.items, next))
            });
            match page {
                Ok((items, next)) => {
                    self.items = items.into_iter();
                    self.next = next;
                }
                // `next` is `Done`: the error is the last item.
                Err(e) => return Poll::Ready(Some(Err(e))),
            }
        }
    }
}

impl<T: DecodeOwned> futures_core::Stream for Scan<T> {
    type Item = Result<T, Error>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.get_mut().poll_item(cx)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let more = self.pending.is_some() || !matches!(self.next, Next::Done);
        (self.items.len(), (!more).then_some(self.items.len()))
    }
}

impl<T: DecodeOwned> futures_core::FusedStream for Scan<T> {
    fn is_terminated(&self) -> bool {
        self.items.len() == 0 && self.pending.is_none() && matches!(self.next, Next::Done)
    }
}

#[cold]
fn no_cursor(command: &Command) -> Error {
    Error::InvalidUse(Refused::new(
        command.name(),
        format!(
            "a scan needs an unsigned cursor as argument {} (after the key, if any)",
            command.cursor_index()
        ),
    ))
}

/// The pages of a scan that failed before it started: none.
#[cfg(feature = "cluster")]
struct Nowhere;

#[cfg(feature = "cluster")]
impl Pages for Nowhere {
    fn fetch(&mut self, _: Command) -> PageFuture {
        Box::pin(std::future::ready(Err(Error::InvalidUse(Refused::new(
            "",
            "this scan has nowhere to send its pages",
        )))))
    }
}
