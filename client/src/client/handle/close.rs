//! Closing a client ([`Client::close`]): it stops taking commands, waits for the replies
//! still awaited up to a deadline, then closes every connection it opened and reports
//! what was cut.

use super::Client;
use crate::conn::mux::{Connection, WeakConnection};
use crate::error::Error;
use crate::support::sync::lock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What [`Client::close`] (or `close` on a cluster or Sentinel client) did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct CloseReport {
    /// Requests whose replies were still awaited at the deadline: they failed with
    /// [`Error::ConnectionClosed`] of kind [`ClosedKind::Shutdown`](crate::ClosedKind);
    /// they may or may not have run. Zero when everything in flight was answered.
    pub cut: usize,
    /// Connections closed: the shared one, dedicated ones, subscribers' (in a cluster,
    /// every node's; through Sentinel, also those to the Sentinels).
    pub connections: usize,
}

impl CloseReport {
    /// Both reports added up.
    pub(crate) fn add(self, other: CloseReport) -> CloseReport {
        CloseReport {
            cut: self.cut + other.cut,
            connections: self.connections + other.connections,
        }
    }
}

/// A client's closing state, and the connections it opened.
pub(super) struct Closing {
    closing: AtomicBool,
    /// Every connection the client opened that may still be open (closed ones are
    /// dropped from it as new ones come).
    opened: Mutex<Vec<WeakConnection>>,
    /// The shared connection being drained.
    draining: Mutex<Option<Connection>>,
}

impl Closing {
    pub(super) fn new(first: &WeakConnection) -> Closing {
        Closing {
            closing: AtomicBool::new(false),
            opened: Mutex::new(vec![first.clone()]),
            draining: Mutex::new(None),
        }
    }

    pub(super) fn start(&self) {
        self.closing.store(true, Ordering::SeqCst);
    }

    /// Notes a connection the client opened; one opened while the client was closing is
    /// closed at once.
    pub(super) fn opened(&self, conn: &Connection) -> Result<(), Error> {
        {
            let mut opened = lock(&self.opened);
            opened.retain(WeakConnection::is_open);
            opened.push(conn.downgrade());
        }
        // Checked after noting it: `close` either sees it or is seen here.
        if self.closing.load(Ordering::SeqCst) {
            conn.downgrade().close_for_good();
            return Err(Error::client_closed());
        }
        Ok(())
    }
}

impl Client {
    /// Closes the client: it stops taking commands at once (they fail with
    /// [`Error::ConnectionClosed`] of kind [`ClosedKind::Shutdown`](crate::ClosedKind),
    /// not sent), waits up to `within` for the replies still awaited, then closes every
    /// connection it opened (the shared one, dedicated ones, subscribers, whose message
    /// streams end) and reports what was cut. Every clone of the client is closed;
    /// closing again reports nothing more.
    ///
    /// ```no_run
    /// # async fn demo(client: typedis::Client) {
    /// use std::time::Duration;
    ///
    /// // On SIGTERM: let what is in flight finish, for at most 5 s.
    /// let report = client.close(Duration::from_secs(5)).await;
    /// if report.cut > 0 {
    ///     eprintln!("{} commands were cut; they may or may not have run", report.cut);
    /// }
    /// # }
    /// ```
    pub async fn close(&self, within: Duration) -> CloseReport {
        self.stop_taking();
        self.drain(Instant::now() + within).await;
        self.cut()
    }

    /// The first step of closing: no more commands.
    pub(crate) fn stop_taking(&self) {
        let old = self.stop_taking_commands();
        let mut draining = lock(&self.inner.closing.draining);
        if draining.is_none() {
            *draining = Some(old);
        }
    }

    /// The second: waits until no reply is awaited on any connection, or `deadline`.
    pub(crate) async fn drain(&self, deadline: Instant) {
        while self.awaited() > 0 && Instant::now() < deadline {
            // Closing is rare: looking every few milliseconds costs nothing on the paths
            // every command takes.
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    }

    /// The last: closes every connection, failing the requests still on them.
    pub(crate) fn cut(&self) -> CloseReport {
        let closing = &self.inner.closing;
        let mut report = CloseReport::default();
        let opened = std::mem::take(&mut *lock(&closing.opened));
        for conn in opened.iter().filter(|c| c.is_open()) {
            report.cut += conn.close_for_good();
            report.connections += 1;
        }
        lock(&self.inner.idle).clear();
        lock(&closing.draining).take();
        report
    }

    /// Replies awaited on the connections the client opened.
    fn awaited(&self) -> usize {
        let opened = lock(&self.inner.closing.opened).clone();
        opened
            .iter()
            .filter_map(WeakConnection::upgrade)
            .map(|c| c.waiting())
            .sum()
    }

    /// Whether [`close`](Self::close) was called.
    pub(crate) fn is_closing(&self) -> bool {
        self.inner.closing.closing.load(Ordering::SeqCst)
    }

    /// [`Error::ConnectionClosed`] once the client is closing.
    pub(crate) fn refuse_if_closed(&self) -> Result<(), Error> {
        if self.is_closing() {
            return Err(Error::client_closed());
        }
        Ok(())
    }
}
