//! Shared helpers of the typedis integration tests: a real `redis-server` started on a free
//! port (or a local Redis Cluster of them) for the duration of a test.

mod cluster;
mod raw;
mod server;

pub use cluster::{ClusterNode, RedisCluster, RedisClusterBuilder};
pub use raw::{encode_command, RawConnection};
pub use server::{RedisServer, RedisServerBuilder};
