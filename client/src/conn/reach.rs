//! How a client reaches its server: straight at the configured address, or along a
//! [`Route`] a layer above supplies (Sentinel's), which decides where each connection
//! goes, may hold attempts back while the server moves, and may set a rule on the replies
//! that come back on the connections it opens (see `mux::ReplyWatch`).
//!
//! The client only asks its [`Reach`]; it never knows which kind it has.

use super::config::Config;
use super::handshake;
use super::mux::{Connection, PushSink};
use crate::error::Error;
use std::future::Future;
use std::pin::Pin;
use std::time::Instant;

/// A connection being opened along a [`Route`].
pub(crate) type Opening<'a> = Pin<Box<dyn Future<Output = Result<Connection, Error>> + Send + 'a>>;

/// A wait along a [`Route`].
pub(crate) type Pause<'a> = Pin<Box<dyn Future<Output = ()> + Send + 'a>>;

/// Where a client's connections go when a layer above decides (a trait object: the
/// route's own clients, such as Sentinel's, would otherwise put their futures' types in
/// this one's).
pub(crate) trait Route: Send + Sync {
    /// Opens a connection as `template` says, at the address the route chooses; its
    /// pushes go to `push`.
    fn open<'a>(&'a self, template: &'a Config, push: Option<PushSink>) -> Opening<'a>;

    /// Waits until `t`; may end early when the server moved (the new address is worth
    /// trying at once).
    fn pause_until(&self, t: Instant) -> Pause<'_>;

    /// Whether the server moved after `since`: an attempt then need not wait out the
    /// backoff that failures at the old address earned.
    fn moved_since(&self, since: Instant) -> bool;
}

/// How a client reaches its server.
pub(crate) enum Reach {
    /// At the address of the client's [`Config`].
    Direct,
    /// Where the route says.
    Routed(Box<dyn Route>),
}

impl Reach {
    /// Opens a connection, handing its pushes to `push`.
    pub(crate) async fn open(
        &self,
        config: &Config,
        push: Option<PushSink>,
    ) -> Result<Connection, Error> {
        match self {
            Reach::Direct => handshake::connect(config, push).await,
            Reach::Routed(route) => route.open(config, push).await,
        }
    }

    /// The address connections go to, as errors name it: the configured one, reached
    /// directly; none for a route, whose own errors name the addresses it tried.
    pub(crate) fn target(&self, config: &Config) -> Option<String> {
        match self {
            Reach::Direct => Some(config.addr.to_string()),
            Reach::Routed(_) => None,
        }
    }

    /// Waits out a backoff until `t` (see [`Route::pause_until`]).
    pub(crate) async fn pause_until(&self, t: Instant) {
        match self {
            Reach::Direct => tokio::time::sleep_until(t.into()).await,
            Reach::Routed(route) => route.pause_until(t).await,
        }
    }

    /// Whether the server moved after `since` (never, reached directly).
    pub(crate) fn moved_since(&self, since: Instant) -> bool {
        match self {
            Reach::Direct => false,
            Reach::Routed(route) => route.moved_since(since),
        }
    }
}
