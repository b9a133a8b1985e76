//! The single-node [`Client`](crate::Client) and everything a client offers on top of a
//! connection: the [`Redis`](crate::Redis) trait every client implements, the one
//! [`Pipeline`](crate::Pipeline), transactions, Pub/Sub, keyspace notifications, pushes, scans, scripts, huge
//! replies read as streams, search pages, where reads go ([`ReadFrom`](crate::ReadFrom))
//! and per-call timeouts ([`Timed`](crate::Timed)).

#[doc(hidden)]
pub mod commands;
pub(crate) mod dyn_redis;
pub(crate) mod handle;
pub(crate) mod keyspace;
pub(crate) mod pipeline;
pub(crate) mod pubsub;
pub(crate) mod pushes;
pub(crate) mod read_from;
pub(crate) mod redis;
pub(crate) mod reply_stream;
pub(crate) mod scan;
pub(crate) mod script;
#[cfg(feature = "search")]
pub(crate) mod search_pages;
pub(crate) mod timed;
pub(crate) mod transaction;
pub(crate) mod typed_queue;
