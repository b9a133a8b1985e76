//! Shared helpers of the typedis integration tests: a real `redis-server` started on a free
//! port for the duration of a test.

mod raw;
mod server;

pub use raw::{encode_command, RawConnection};
pub use server::{RedisServer, RedisServerBuilder};
