//! How a [`Client`](crate::Client) found through Sentinel reaches its node: each
//! connection goes where the locator says (the primary, or a replica), a backoff ends
//! early when the primary moves, and a connection to the primary that answers `-READONLY`
//! (the node was turned into a replica behind the Sentinels' back) makes the locator ask
//! the Sentinels again and closes.

use super::locator::Locator;
use crate::conn::handshake::Expect;
use crate::conn::mux::{PushSink, ReplyWatch};
use crate::conn::reach::{Opening, Pause, Route};
use crate::conn::Config;
use crate::wire::Frame;
use std::sync::Arc;
use std::time::Instant;

/// The route of a client of the primary (`Expect::Primary`) or of a replica of the service
/// the locator watches.
pub(super) struct SentinelRoute {
    locator: Arc<Locator>,
    expect: Expect,
}

impl SentinelRoute {
    pub(super) fn new(locator: Arc<Locator>, expect: Expect) -> SentinelRoute {
        SentinelRoute { locator, expect }
    }
}

impl Route for SentinelRoute {
    fn open<'a>(&'a self, template: &'a Config, push: Option<PushSink>) -> Opening<'a> {
        Box::pin(async move {
            let conn = self.locator.open(self.expect, template, push).await?;
            if self.expect == Expect::Primary {
                conn.watch_replies(Arc::new(ReadOnly(self.locator.clone())));
            }
            Ok(conn)
        })
    }

    /// Waits until `t`, or until the primary moves.
    fn pause_until(&self, t: Instant) -> Pause<'_> {
        Box::pin(async move {
            let mut moves = self.locator.watch_moves();
            let _ = tokio::time::timeout_at(t.into(), moves.changed()).await;
        })
    }

    fn moved_since(&self, since: Instant) -> bool {
        self.locator.moved_since(since)
    }
}

/// The rule on a connection to the primary: `-READONLY` says the node is a replica now.
struct ReadOnly(Arc<Locator>);

impl ReplyWatch for ReadOnly {
    fn on_error(&self, reply: &Frame) -> Option<&'static str> {
        if reply.as_bytes().get(1..9) != Some(&b"READONLY"[..]) {
            return None;
        }
        // The primary is forgotten (the next connection asks the Sentinels) and the
        // connections to it close.
        self.0.distrust_primary();
        Some("the node answered READONLY: it is no longer the primary")
    }
}
