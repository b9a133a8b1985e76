//! Shared helpers of the typedis integration tests: a real `redis-server` started on a free
//! port (or a local Redis Cluster of them, or a primary with replicas and Sentinels) for
//! the duration of a test, and fake servers for the faults a real one will not produce.

/// The README's Rust examples, compiled as doc tests so they cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeExamples;

mod cluster;
pub mod conformance;
mod fake;
mod modules;
mod raw;
mod sentinel;
mod server;
mod vault;

pub use cluster::{ClusterNode, RedisCluster, RedisClusterBuilder};
pub use fake::{answer_healthily, FakeConnection, FakeServer};
pub use modules::{
    connect_with_protocol, module_cluster_builder, module_server, module_server_builder,
    protocol_key, MODULES_ENV, MODULE_FILES, PROTOCOLS, REDIS8_ENV,
};
pub use raw::{encode_command, RawConnection};
pub use sentinel::{SentinelSetup, SentinelSetupBuilder, TlsFiles, SERVICE};
pub use server::{
    has_vector_sets, server_binary, server_family, server_version, tls_server_binary, RedisServer,
    RedisServerBuilder, SERVER_ENV, TLS_SERVER_ENV,
};
pub use vault::Vault;
