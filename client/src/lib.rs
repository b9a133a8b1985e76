//! typedis: a Redis and Valkey client whose commands are typed builders, generated from the
//! servers' own command specs, and whose replies are read straight into your types,
//! borrowing from the receive buffer.
//!
//! A command missing a required argument does not compile; a command knows the type it
//! replies; a reply of the wrong shape is a [`DecodeError`](resp::DecodeError) that says
//! where, and never disturbs the connection. One [`Client`] multiplexes every task's
//! commands over one connection, with pipelines, transactions, Pub/Sub, TLS and Redis
//! Cluster around it.
//!
//! # Quick start
//!
//! typedis needs [tokio](https://tokio.rs): every client, connection and timer runs on the
//! application's tokio runtime (multi-threaded or current-thread), and a client is created
//! and used inside it. No other runtime is supported.
//!
//! ```toml
//! [dependencies]
//! typedis = "0.1"
//! tokio = { version = "1", features = ["macros", "rt-multi-thread"] }
//! ```
//!
//! ```no_run
//! use typedis::{b, Client, RespRead};
//!
//! /// One stream entry, its strings borrowed from the reply: no copy per field.
//! #[derive(Debug, RespRead)]
//! struct Reading<'a> {
//!     id: &'a str,
//!     fields: Vec<(&'a str, &'a str)>,
//! }
//!
//! #[tokio::main]
//! async fn main() -> Result<(), typedis::Error> {
//!     let client = Client::connect("redis://127.0.0.1:6379").await?;
//!
//!     // A typed command: `query` returns the type the command replies.
//!     client.query(b().set().key("greeting").value("hello")).await?;
//!     let greeting = client.query(b().get().key("greeting")).await?; // Option<Bytes>
//!     assert_eq!(greeting.as_deref(), Some(&b"hello"[..]));
//!
//!     client
//!         .query(b().xadd().key("readings").auto_id().field_value("celsius", "21.5"))
//!         .await?;
//!
//!     // A derived reply, read from the frame without copying its strings.
//!     let frame = client
//!         .send(b().xrange().key("readings").start("-").end("+"))
//!         .await?;
//!     let readings: Vec<Reading<'_>> = frame.decode()?;
//!     println!("{readings:?}");
//!     Ok(())
//! }
//! ```
//!
//! # Features
//!
//! | feature | default | what it adds |
//! | --- | --- | --- |
//! | `tls-rustls` | yes | `rediss://` with rustls: the application's process-wide crypto provider when it installed one, ring otherwise; the system's root certificates |
//! | `tls-webpki-roots` | no | Mozilla's root certificates, bundled (the `webpki-roots` crate) and trusted beside the system's: `rediss://` from images with no certificate store (distroless, scratch) |
//! | `tls-native-tls` | no | `rediss://` with the platform's TLS library (OpenSSL, Secure Transport, SChannel) |
//! | `cluster` | yes | [`ClusterClient`] for Redis Cluster |
//! | `tracing` | yes | a span per command, pipeline and transaction (at `INFO`, target `typedis`: [`Config::span_level`]) with the OpenTelemetry database conventions' attributes, and events on reconnects, redirects and failures, through `tracing` |
//! | `json` | no | RedisJSON 2.8's `JSON.*` builders and replies (part of Redis 8) |
//! | `search` | no | RediSearch 2.10's `FT.*` builders and replies, `search` (schema fields, aggregation steps), `SearchPages` |
//! | `bloom` | no | RedisBloom 2.8's `BF.*`, `CF.*`, `CMS.*`, `TOPK.*`, `TDIGEST.*` builders and replies |
//! | `timeseries` | no | RedisTimeSeries 1.12's `TS.*` builders and replies |
//! | `serde` | no | `Json<T>`: serde values as JSON arguments and replies |
//! | `metrics` | no | the operation-duration histogram and connection, reconnect, redirect and cache counters through the [`metrics`](https://docs.rs/metrics) facade (names in the OpenTelemetry conventions) |
//! | `aws-iam` | no | `aws_iam`: IAM authentication tokens for Amazon ElastiCache and MemoryDB, as a [`CredentialsProvider`] |
//!
//! The module features' builders are methods of [`b()`](b) like the core's (their type
//! states live in [`cmd::modules`]); their replies' types are in [`reply`].
//!
//! With both TLS features, rustls is used unless [`TlsOptions::backend`] says otherwise.
//! Without either, `rediss://` URLs still parse, and connecting with one fails with
//! [`Error::Config`] naming the features. The smallest build is
//! `default-features = false`: the single-node client, pipelines, transactions, Pub/Sub,
//! scripts and scans, over TCP and Unix sockets.
//!
//! # Where to go next
//!
//! - [`Client`]: connecting, [`query`](Client::query), [`query_as`](Client::query_as) and
//!   [`send`](Client::send); [`Config`] for URLs, credentials, timeouts, reconnection and
//!   the bounds that keep a sick server from wedging the client.
//! - [`b()`]: the typed builders; [`cmd()`] for commands the spec does not know.
//! - [`Pipeline`], [`Multi`] ([`Client::multi`]: `MULTI`/`EXEC` as one unit on the shared
//!   connection, or a dedicated one when big),
//!   [`Transaction`] (with `WATCH`), [`Subscriber`], [`Scan`], [`Script`];
//!   [`Client::notifications`] for keyspace notifications.
//! - [`guides`]: moving from redis-rs, fred or rustis, operation by operation.
//! - [`ClusterClient`] for Redis Cluster; [`cluster::ShardedSubscriber`] for shard
//!   channels in any number of slots.
//! - "Running in production" in the README: credentials renewal, telemetry, timeouts,
//!   backoff, lazy start, TLS roots, cluster operations.
//! - [`RespRead`](trait@RespRead) and [`#[derive(RespRead)]`](macro@RespRead) (its
//!   documentation is the guide: shapes, attributes, borrowed vs owned, errors).
//! - [`Error`]: what can fail, and [`Error::is_connection_error`] and friends to decide
//!   what to do next.
//! - [`FrameScanner::next_frame`]: RESP frames out of your own transport.
//!
//! # Layout
//!
//! - [`mod@cmd`]: commands: encoding, hash slots, flags; [`cmd()`] for untyped commands.
//! - [`resp`]: RESP2/RESP3 framing ([`resp::FrameScanner`]) and reading ([`resp::Frame`],
//!   [`resp::Reader`]).
//! - [`RespRead`](trait@RespRead): types that read themselves from a reply; [`Value`] for any shape;
//!   [`#[derive(RespRead)]`](macro@RespRead) writes the reader of your own structs and enums.
//! - [`reply`]: the types commands reply by default ([`Request::Reply`]): shared shapes
//!   (stream entries, scored members, scan pages, ...) and the structs generated for
//!   replies with named fields.
//! - [`cache`]: client-side caching ([`Config::cache`]): reads served from the client,
//!   invalidated by the server (RESP3 `CLIENT TRACKING`).
//! - [`Error`]: the one error type; [`ServerError`] for error replies.
//! - [`Client`]: the connection users share: one multiplexed connection, [`Pipeline`]s,
//!   [`Transaction`]s, blocking commands on dedicated connections; [`Config`] says where
//!   and how to connect, [`TlsOptions`] how to secure it.
//! - [`cluster`]: [`ClusterClient`] for Redis Cluster: routing by
//!   slot, redirects, fan-out, pipelines and transactions across nodes.
//! - [`sentinel`]: [`SentinelClient`] for a primary and replicas watched by Redis
//!   Sentinel: discovery, `ROLE` checks, failovers followed, reads from replicas.
//! - [`Redis`]: one trait over every client ([`Client`], [`ClusterClient`],
//!   [`SentinelClient`], a test double of yours), for code written once; [`DynRedis`]
//!   to hold any of them as a trait object.
//! - [`Scan`]: `SCAN`, `HSCAN`, `SSCAN`, `ZSCAN` as streams that follow the cursor
//!   ([`Client::scan`], [`ClusterClient::scan`]).
//! - [`Script`]: Lua scripts sent by their SHA1 (`EVALSHA`), loaded again with `EVAL`
//!   wherever the server does not have them.
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

// The layers, from the bottom: a module imports only the modules declared before it here
// (`tests/tests/architecture.rs` checks it; ARCHITECTURE.md says what each holds).

// Tracing macros, locks, future combinators: nothing of Redis.
mod support;
// RESP frames, the scanner, the reader, writing commands.
mod wire;
// The crate's error type.
pub mod error;
// `RespRead`, `Value`, a frame read as a type.
pub mod resp;
// The types replies are read into by default.
pub mod reply;
// Commands: the builders, `Command`, slots, flags.
pub mod cmd;
// Typed arguments: JSON through serde, RediSearch's schema and steps.
#[cfg(feature = "serde")]
mod json;
#[cfg(feature = "search")]
#[cfg_attr(docsrs, doc(cfg(feature = "search")))]
pub mod search;
// What an operation records: its outcome, its metrics.
mod telemetry;
// The client-side cache's store and policy.
pub mod cache;
// One connection: config, transport, handshake, the multiplexer.
mod conn;
// The single-node `Client` and what every client offers on top of it.
mod client;
// The cluster and Sentinel clients, built on `Client`.
#[cfg(feature = "cluster")]
pub mod cluster;
pub mod sentinel;

/// Support for the code that `#[derive(RespRead)]` generates: not a public API.
#[doc(hidden)]
pub mod __private {
    pub use crate::resp::derive_support::*;
}
#[doc(hidden)]
pub use client::commands;
#[cfg(feature = "aws-iam")]
pub use conn::aws_iam;

pub use client::dyn_redis::DynRedis;
pub use client::handle::{Client, ClientStats, CloseReport};
pub use client::keyspace::{KeyEvent, KeyNotification, KeyNotifications, Notifications};
pub use client::pipeline::{FromReplies, Pipeline};
pub use client::pubsub::{Message, MessageKind, Subscriber};
pub use client::pushes::Pushes;
pub use client::redis::Redis;
/// The old name of [`Redis`], kept for one release.
#[doc(hidden)]
pub use client::redis::Redis as Commands;
pub use client::reply_stream::ReplyStream;
pub use client::scan::Scan;
pub use client::script::{Invocation, Script, ScriptRunner};
#[cfg(feature = "search")]
#[cfg_attr(docsrs, doc(cfg(feature = "search")))]
pub use client::search_pages::SearchPages;
pub use client::timed::Timed;
pub use client::transaction::{Multi, Transaction};
#[cfg(feature = "cluster")]
pub use cluster::{ClusterClient, ClusterConfig};
pub use conn::{
    Addr, Backoff, Config, Credentials, CredentialsFuture, CredentialsProvider, Protocol,
};
#[cfg(any(feature = "tls-rustls", feature = "tls-native-tls"))]
pub use conn::{TlsBackend, TlsOptions};
pub use error::{
    Closed, ClosedKind, ClusterError, ClusterErrorKind, FailedCommand, FailedInTransaction,
    InvalidArgument, Missed, Refused, Unreachable,
};
/// The certificate and key types [`TlsOptions`] takes (from `rustls-pki-types`).
#[cfg(any(feature = "tls-rustls", feature = "tls-native-tls"))]
pub use rustls_pki_types as pki_types;
pub use sentinel::{SentinelClient, SentinelConfig};
pub use support::trace::SpanLevel;

pub use client::read_from::ReadFrom;
pub use cmd::{b, cmd, Cmd, Command, CommandFlags, Request, Slot, ToArg, ToFields};
pub use error::{BoxError, Error, ServerError};
#[cfg(feature = "serde")]
pub use json::Json;
pub use resp::read::{DecodeOwned, RespRead};
pub use resp::value::Value;
pub use resp::{FrameScanner, Limits, ProtocolError, ProtocolErrorKind};

/// Guides: moving to typedis from another Rust client (the common operations side by
/// side, every typedis snippet compiled as a doc test, and what has no counterpart), and
/// Redis 8 with its modules (what each feature turns on, how to run them, vectors and
/// search).
pub mod guides {
    #[doc = include_str!("../guides/from-redis-rs.md")]
    pub mod from_redis_rs {}

    #[doc = include_str!("../guides/from-fred.md")]
    pub mod from_fred {}

    #[doc = include_str!("../guides/from-rustis.md")]
    pub mod from_rustis {}

    #[doc = include_str!("../guides/redis-8-and-modules.md")]
    #[cfg(feature = "search")]
    #[cfg_attr(docsrs, doc(cfg(feature = "search")))]
    pub mod redis_8_and_modules {}
}

/// The crate's README (what crates.io shows), its example compiled as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
