//! typedis: a Redis client with typed, generated command builders and zero-copy typed
//! replies.
//!
//! # Layout
//!
//! - [`mod@cmd`]: commands: encoding, hash slots, flags; [`cmd()`] for untyped commands.
//! - [`resp`]: RESP2/RESP3 framing ([`resp::FrameScanner`]) and reading ([`resp::Frame`],
//!   [`resp::Reader`]).
//! - [`RespRead`](trait@RespRead): types that read themselves from a reply; [`Value`] for any shape;
//!   [`#[derive(RespRead)]`](macro@RespRead) writes the reader of your own structs and enums
//!   (its documentation is the guide: shapes, attributes, borrowed vs owned, errors).
//! - [`reply`]: the types commands reply by default ([`Request::Reply`]): shared shapes
//!   (stream entries, scored members, scan pages, ...) and the structs generated for
//!   replies with named fields.
//! - [`cache`]: client-side caching ([`Config::cache`]): reads served from the client,
//!   invalidated by the server (RESP3 `CLIENT TRACKING`).
//! - [`Error`]: the one error type; [`ServerError`] for error replies.
//! - [`Client`]: the connection users share: one multiplexed connection, [`Pipeline`]s,
//!   [`Transaction`]s, blocking commands on dedicated connections; [`Config`] says where
//!   and how to connect.
//! - [`cluster`]: [`ClusterClient`] for Redis Cluster: routing by
//!   slot, redirects, fan-out, pipelines and transactions across nodes.
//! - [`sentinel`]: [`SentinelClient`] for a primary and replicas watched by Redis
//!   Sentinel: discovery, `ROLE` checks, failovers followed, reads from replicas.
//! - [`Commands`]: one trait over every client ([`Client`], [`ClusterClient`],
//!   [`SentinelClient`], a test double of yours), for code written once.
//! - [`Scan`]: `SCAN`, `HSCAN`, `SSCAN`, `ZSCAN` as streams that follow the cursor
//!   ([`Client::scan`], [`ClusterClient::scan`]).
//! - [`Script`]: Lua scripts sent by their SHA1 (`EVALSHA`), loaded again with `EVAL`
//!   wherever the server does not have them.
#![deny(missing_docs)]

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;
pub mod cache;
mod client;
pub mod cluster;
pub mod cmd;
pub mod commands;
mod conn;
mod error;
mod pipeline;
mod pubsub;
mod pushes;
mod queue;
mod read;
pub mod reply;
pub mod resp;
mod scan;
mod script;
pub mod sentinel;
mod stream;
mod transaction;
mod value;

pub use client::{Client, ClientStats};
pub use cluster::{ClusterClient, ClusterConfig};
pub use commands::Commands;
pub use conn::{Addr, Backoff, Config, Protocol, TlsOptions};
pub use pipeline::{FromReplies, Pipeline};
pub use pubsub::{Message, MessageKind, Subscriber};
pub use pushes::Pushes;
/// The certificate and key types [`TlsOptions`] takes (from `rustls-pki-types`).
pub use rustls_pki_types as pki_types;
pub use scan::Scan;
pub use script::{Invocation, Script, ScriptRunner};
pub use sentinel::{SentinelClient, SentinelConfig};
pub use stream::ReplyStream;
pub use transaction::{Multi, Transaction};

pub use cmd::{b, cmd, Cmd, Command, CommandFlags, Request, Slot, ToArg};
pub use error::{Error, ServerError};
pub use read::{DecodeOwned, RespRead};
pub use resp::{FrameScanner, Limits, ProtocolError, ProtocolErrorKind};
pub use resp_derive::RespRead;
pub use value::Value;
