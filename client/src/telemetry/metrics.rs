//! The client's metrics, through the [`metrics`](https://docs.rs/metrics) facade with the
//! `metrics` feature, nothing without it (every function here is then empty, and no clock
//! is read). An application installs the exporter it wants (Prometheus, OpenTelemetry,
//! StatsD, ...) as the facade's recorder; names and attributes follow the OpenTelemetry
//! database client conventions where they name something:
//!
//! | metric | kind | unit | labels |
//! |---|---|---|---|
//! | `db.client.operation.duration` | histogram | seconds | `db.system.name` (`redis`, or `valkey` for a server that says it is Valkey), `db.operation.name`, `error.type` on failure |
//! | `typedis.connections.opened` | counter | | `db.system.name` |
//! | `typedis.reconnects` | counter | | `db.system.name` |
//! | `typedis.cluster.redirects` | counter | | `db.system.name`, `kind` (`moved`, `ask`) |
//! | `typedis.cache.hits`, `typedis.cache.misses` | counter | | `db.system.name` |
//!
//! An operation is a command, a pipeline (`PIPELINE`) or a transaction (`MULTI`) sent to
//! one server; in a cluster, each node's attempt (a redirect is a second one).

use crate::cmd::Command;
use crate::error::Error;
use crate::telemetry::outcome::Replies;

#[cfg(feature = "metrics")]
use std::borrow::Cow;
#[cfg(feature = "metrics")]
use std::time::Instant;

/// An operation being timed for `db.client.operation.duration`.
pub(crate) struct Operation {
    #[cfg(feature = "metrics")]
    name: Cow<'static, str>,
    #[cfg(feature = "metrics")]
    started: Instant,
}

impl Operation {
    /// `command` starts.
    #[inline]
    pub(crate) fn start(command: &Command) -> Operation {
        #[cfg(not(feature = "metrics"))]
        let _ = command;
        Operation {
            #[cfg(feature = "metrics")]
            name: match command.spec_name() {
                Some(name) => Cow::Borrowed(name),
                None => Cow::Owned(command.name().to_ascii_uppercase()),
            },
            #[cfg(feature = "metrics")]
            started: Instant::now(),
        }
    }

    /// A pipeline or transaction (`name`) starts.
    #[inline]
    pub(crate) fn start_named(name: &'static str) -> Operation {
        #[cfg(not(feature = "metrics"))]
        let _ = name;
        Operation {
            #[cfg(feature = "metrics")]
            name: Cow::Borrowed(name),
            #[cfg(feature = "metrics")]
            started: Instant::now(),
        }
    }

    /// The operation, on a server of `system` (`redis`, `valkey`), ended with `result`:
    /// its duration is recorded, with the error's type when it failed (a server's error
    /// reply counts as a failure, by its code).
    #[inline]
    pub(crate) fn end<T: Replies>(
        self,
        system: impl FnOnce() -> &'static str,
        result: &Result<T, Error>,
    ) {
        #[cfg(not(feature = "metrics"))]
        let _ = (system, result);
        #[cfg(feature = "metrics")]
        self.record(system(), result);
    }

    #[cfg(feature = "metrics")]
    fn record<T: Replies>(self, system: &'static str, result: &Result<T, Error>) {
        let seconds = self.started.elapsed().as_secs_f64();
        let error = match result {
            Err(e) => Some(e.type_name().to_owned()),
            Ok(replies) => replies.server_error().map(|e| e.type_name().to_owned()),
        };
        match error {
            None => metrics::histogram!(
                "db.client.operation.duration",
                "db.system.name" => system,
                "db.operation.name" => self.name,
            )
            .record(seconds),
            Some(error) => metrics::histogram!(
                "db.client.operation.duration",
                "db.system.name" => system,
                "db.operation.name" => self.name,
                "error.type" => error,
            )
            .record(seconds),
        }
    }
}

/// A connection to a server of `system` was opened (every kind: shared, dedicated,
/// subscriber, to any node).
#[inline]
pub(crate) fn connection_opened(system: &'static str) {
    #[cfg(not(feature = "metrics"))]
    let _ = system;
    #[cfg(feature = "metrics")]
    metrics::counter!("typedis.connections.opened", "db.system.name" => system).increment(1);
}

/// A client's shared connection, or a subscriber's, to a server of `system` was opened
/// again after it died.
#[inline]
pub(crate) fn reconnected(system: &'static str) {
    #[cfg(not(feature = "metrics"))]
    let _ = system;
    #[cfg(feature = "metrics")]
    metrics::counter!("typedis.reconnects", "db.system.name" => system).increment(1);
}

/// A cluster node of `system` redirected a command (`kind`: `moved`, `ask`).
#[cfg(feature = "cluster")]
#[inline]
pub(crate) fn redirected(system: &'static str, kind: &'static str) {
    #[cfg(not(feature = "metrics"))]
    let _ = (system, kind);
    #[cfg(feature = "metrics")]
    metrics::counter!("typedis.cluster.redirects", "db.system.name" => system, "kind" => kind)
        .increment(1);
}

/// The client-side cache of a client of a server of `system` answered a read (`hit`),
/// or did not have it.
#[inline]
pub(crate) fn cache_lookup(system: &'static str, hit: bool) {
    #[cfg(not(feature = "metrics"))]
    let _ = (system, hit);
    #[cfg(feature = "metrics")]
    if hit {
        metrics::counter!("typedis.cache.hits", "db.system.name" => system).increment(1);
    } else {
        metrics::counter!("typedis.cache.misses", "db.system.name" => system).increment(1);
    }
}
