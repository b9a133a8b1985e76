//! [`SearchPages`]: an aggregation read through its cursor, page by page, as a stream
//! ([`Client::search_pages`], feature `search`).

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use crate::client::handle::Client;
use crate::cmd::{b, Command, Request};
use crate::error::Error;
use crate::reply::SearchPage;

type PageFuture = Pin<Box<dyn Future<Output = Result<SearchPage, Error>> + Send>>;

/// The pages of an `FT.AGGREGATE ... WITHCURSOR`, one at a time: a
/// [`Stream`](futures_core::Stream) of `Result<SearchPage, Error>`, also read with
/// [`SearchPages::next`]. Made by [`Client::search_pages`].
///
/// The stream sends the aggregation as it was given, yields its first page, then sends
/// `FT.CURSOR READ index cursor` for each next page until the server answers cursor 0 (the
/// last page, yielded too). It sends nothing before it is first polled and asks for a
/// page only when the one before was taken. An error ends it: the error is its last item.
/// A stream dropped before its last page deletes the cursor on the server
/// (`FT.CURSOR DEL`, sent in the background), instead of leaving it until `MAXIDLE`.
pub struct SearchPages {
    client: Client,
    index: Vec<u8>,
    first: Option<Command>,
    cursor: Option<i64>,
    pending: Option<PageFuture>,
    done: bool,
}

impl std::fmt::Debug for SearchPages {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchPages")
            .field("index", &String::from_utf8_lossy(&self.index))
            .field("cursor", &self.cursor)
            .field("done", &self.done)
            .finish()
    }
}

impl Client {
    /// The pages of an aggregation read through a cursor: `first_page` is an
    /// `FT.AGGREGATE ... WITHCURSOR` builder (its `COUNT` sets the page size), each next
    /// page is read with `FT.CURSOR READ` on the same connection's server, until the
    /// cursor is exhausted. See [`SearchPages`].
    ///
    /// ```no_run
    /// # async fn demo(client: typedis::Client) -> Result<(), typedis::Error> {
    /// use typedis::b;
    /// use typedis::search::{Reducer, Step};
    ///
    /// let by_tag = b()
    ///     .ft_aggregate()
    ///     .index("products")
    ///     .query("*")
    ///     .step(Step::group_by(["@tag"]).reduce(Reducer::count().alias("n")))
    ///     .withcursor()
    ///     .count(100);
    /// let mut pages = client.search_pages(by_tag);
    /// while let Some(page) = pages.next().await {
    ///     for row in &page?.results {
    ///         println!("{:?}", row.fields);
    ///     }
    /// }
    /// # Ok(()) }
    /// ```
    ///
    /// A cursor lives on the server that made it: on a cluster, run the aggregation on a
    /// node's own client.
    pub fn search_pages<R>(&self, first_page: R) -> SearchPages
    where
        R: Request<Reply = SearchPage>,
    {
        let first = first_page.into_command();
        let index = first.args().nth(1).unwrap_or_default().to_vec();
        SearchPages {
            client: self.clone(),
            index,
            first: Some(first),
            cursor: None,
            pending: None,
            done: false,
        }
    }
}

impl SearchPages {
    /// The next page, or `None` once the last one was yielded (or an error was).
    pub async fn next(&mut self) -> Option<Result<SearchPage, Error>> {
        std::future::poll_fn(|cx| self.poll_page(cx)).await
    }

    fn poll_page(&mut self, cx: &mut Context<'_>) -> Poll<Option<Result<SearchPage, Error>>> {
        if self.done {
            return Poll::Ready(None);
        }
        if self.pending.is_none() {
            let command = match (self.first.take(), self.cursor) {
                (Some(first), _) => first,
                (None, Some(cursor)) => b()
                    .ft_cursor_read()
                    .index(&self.index[..])
                    .cursor_id(cursor)
                    .build(),
                (None, None) => {
                    self.done = true;
                    return Poll::Ready(None);
                }
            };
            let client = self.client.clone();
            self.pending = Some(Box::pin(async move {
                let frame = client.send(command).await?;
                frame.decode::<SearchPage>()
            }));
        }
        let page = match self.pending.as_mut().map(|p| p.as_mut().poll(cx)) {
            Some(Poll::Ready(page)) => page,
            _ => return Poll::Pending,
        };
        self.pending = None;
        match &page {
            Ok(p) if !p.is_last() => self.cursor = Some(p.cursor),
            _ => {
                self.cursor = None;
                self.done = true;
            }
        }
        Poll::Ready(Some(page))
    }
}

impl futures_core::Stream for SearchPages {
    type Item = Result<SearchPage, Error>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.get_mut().poll_page(cx)
    }
}

impl Drop for SearchPages {
    fn drop(&mut self) {
        // A page in flight may still bring a cursor back: the server then expires it after
        // its MAXIDLE. A cursor known and not exhausted is deleted now.
        let Some(cursor) = self.cursor.take() else {
            return;
        };
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let client = self.client.clone();
        let command = b()
            .ft_cursor_del()
            .index(&self.index[..])
            .cursor_id(cursor)
            .build();
        runtime.spawn(async move {
            let _ = client.send(command).await;
        });
    }
}
