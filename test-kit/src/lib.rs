//! A test kit for code that uses typedis: real servers started on free `127.0.0.1` ports
//! for one test and stopped (their files removed) when dropped, and a fake server for the
//! faults a real one will not produce.
//!
//! - [`RedisServer`]: one `redis-server` or `valkey-server`, the binary on `PATH` or
//!   named by [`SERVER_ENV`] (`TYPEDIS_SERVER`) or by [`RedisServerBuilder::binary`];
//!   paused, resumed and killed at will.
//! - [`RedisCluster`]: a local Redis Cluster of N primaries with replicas, slots moved,
//!   nodes failed over, added and stopped.
//! - [`SentinelSetup`]: a primary, its replicas and a set of Sentinels, with failovers.
//! - [`Modules`]: Redis 8 with RedisJSON, RediSearch, RedisBloom and RedisTimeSeries
//!   loaded, when you have them (their licences are not typedis's: nothing here ships
//!   them).
//! - [`FakeServer`]: a scripted server (read a command, answer this, drop the
//!   connection, stall) for the error paths of your code.
//! - [`RawConnection`]: a plain socket that sends commands and reads frames, to look at
//!   a server without a client in the way.
//!
//! A test of your own code against a real server:
//!
//! ```
//! use typedis::{b, Client};
//! use typedis_test::RedisServer;
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() {
//! let server = RedisServer::start(); // redis-server on PATH, a free port
//! let client = Client::connect(&server.url()).await.unwrap();
//! client.query(b().set().key("k").value("v")).await.unwrap();
//! assert_eq!(client.query(b().get().key("k")).await.unwrap().as_deref(), Some(&b"v"[..]));
//! # }
//! // The server stops and its directory is removed here.
//! ```
//!
//! And of what your code does when the server misbehaves:
//!
//! ```
//! use typedis::{b, Client, Config, Error};
//! use typedis_test::FakeServer;
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() {
//! // A server that is loading its data set: every GET is refused, anything else is OK.
//! let fake = FakeServer::start(|_, mut conn| loop {
//!     let reply: &[u8] = match conn.command().as_deref() {
//!         Some("GET") => b"-LOADING Redis is loading the dataset in memory\r\n",
//!         Some(_) => b"+OK\r\n",
//!         None => return, // the client closed the connection
//!     };
//!     if !conn.send(reply) {
//!         return;
//!     }
//! });
//! let config = Config::from_url(&fake.url()).unwrap().protocol(typedis::Protocol::Resp2);
//! let client = Client::with_config(config).await.unwrap();
//! let reply = client.query(b().get().key("k")).await;
//! assert!(matches!(reply, Err(Error::Server(e)) if e.code() == Some("LOADING")));
//! assert_eq!(fake.accepted(), 1);
//! # }
//! ```

#![deny(missing_docs)]

mod cluster;
mod fake;
mod io;
mod modules;
mod raw;
mod sentinel;
mod server;

pub use cluster::{ClusterNode, RedisCluster, RedisClusterBuilder};
pub use fake::{answer_healthily, FakeConnection, FakeServer};
pub use modules::{Modules, MODULES_ENV, MODULE_FILES, REDIS8_ENV};
pub use raw::{encode_command, RawConnection};
pub use sentinel::{SentinelSetup, SentinelSetupBuilder, TlsFiles, SERVICE};
pub use server::{
    has_vector_sets, server_binary, server_family, server_version, tls_server_binary, RedisServer,
    RedisServerBuilder, SERVER_ENV, TLS_SERVER_ENV,
};
