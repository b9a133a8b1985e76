//! Shared helpers of the typedis integration tests: a real `redis-server` started on a free
//! port (or a local Redis Cluster of them, or a primary with replicas and Sentinels) for
//! the duration of a test, and fake servers for the faults a real one will not produce.

mod cluster;
mod fake;
mod raw;
mod sentinel;
mod server;

pub use cluster::{ClusterNode, RedisCluster, RedisClusterBuilder};
pub use fake::{answer_healthily, FakeConnection, FakeServer};
pub use raw::{encode_command, RawConnection};
pub use sentinel::{SentinelSetup, SentinelSetupBuilder, SERVICE};
pub use server::{server_binary, RedisServer, RedisServerBuilder, SERVER_ENV};
