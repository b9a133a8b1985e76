//! How a [`Client`] follows a scan's cursor: every page from its one server.

use super::Client;
use crate::client::scan::{PageFuture, Pages, Scan};
use crate::cmd::{Command, Request};
use crate::reply::ScanPage;
use crate::resp::read::DecodeOwned;

/// A single server's pages.
struct OneServer(Client);

impl Pages for OneServer {
    fn fetch(&mut self, command: Command) -> PageFuture {
        let client = self.0.clone();
        Box::pin(async move { client.send(command).await })
    }
}

impl Client {
    /// The items of a `SCAN`, `HSCAN`, `SSCAN` or `ZSCAN` as a stream that follows the
    /// cursor to the end (see [`Scan`]): give the first page's request, usually from
    /// cursor 0, with the options the builder offers (`MATCH`, `COUNT`, `TYPE`). Items are
    /// the page's: keys or members as [`Bytes`](crate::reply::Bytes), `(field, value)`
    /// pairs for `HSCAN`, [`ScoredMember`](crate::reply::ScoredMember)s for `ZSCAN`.
    ///
    /// ```no_run
    /// # async fn demo(client: typedis::Client) -> Result<(), typedis::Error> {
    /// use futures_util::TryStreamExt;
    /// use typedis::b;
    ///
    /// let members: Vec<_> = client.scan(b().sscan().key("tags").cursor(0)).try_collect().await?;
    /// # let _ = members; Ok(()) }
    /// ```
    ///
    /// Nothing is sent until the stream is polled; its items carry the errors.
    pub fn scan<R, T>(&self, first_page: R) -> Scan<T>
    where
        R: Request<Reply = ScanPage<T>>,
        T: DecodeOwned,
    {
        Scan::new(Box::new(OneServer(self.clone())), first_page.into_command())
    }
}
