//! Shared helpers of the typedis integration tests. The servers they start and the fake
//! servers are `typedis-test`'s, the kit users test their own code with (re-exported
//! here); what is the repository's own: the Redis 8 with modules fetched when none is
//! given, the conformance cases' reading of raw replies, and a credentials vault.

/// The README's Rust examples, compiled as doc tests so they cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeExamples;

pub mod conformance;
mod modules;
mod vault;

pub use modules::{
    connect_with_protocol, module_cluster_builder, module_server, module_server_builder,
    protocol_key, PROTOCOLS,
};
pub use typedis_test::*;
pub use vault::Vault;
