//! The old home of the client trait, now [`Redis`](crate::Redis), kept for one release.

pub use crate::client::redis::Redis as Commands;

/// The pipeline of any client trait object, now a [`Pipeline`](crate::Pipeline) through a
/// borrowed client.
#[deprecated(note = "a borrowed client's pipeline is a `Pipeline<Replies, &C>`")]
pub type CommandsPipeline<'a, C, Replies = Vec<crate::resp::value::Value>> =
    crate::client::pipeline::Pipeline<Replies, &'a C>;
