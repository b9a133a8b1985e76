//! A Redis 8 with the modules of typedis's module features loaded (RedisJSON, RediSearch,
//! RedisBloom, RedisTimeSeries), from binaries the user has: their licences are not
//! typedis's, so no crate ships them.

use std::path::PathBuf;

use crate::{RedisClusterBuilder, RedisServer, RedisServerBuilder};

/// The environment variable naming the Redis 8 binary of [`Modules::from_env`].
pub const REDIS8_ENV: &str = "TYPEDIS_REDIS8";

/// The environment variable naming the folder of the module files of
/// [`Modules::from_env`] (and of the shared libraries they link, such as the OpenSSL 1.1
/// RedisTimeSeries needs: the folder is the servers' `LD_LIBRARY_PATH`).
pub const MODULES_ENV: &str = "TYPEDIS_MODULES";

/// The module files loaded, in load order: the names the Redis Stack packages give them.
pub const MODULE_FILES: &[&str] = &[
    "rejson.so",
    "redisearch.so",
    "redisbloom.so",
    "redistimeseries.so",
];

/// Where a Redis 8 binary and the folder of its modules are: starts servers and clusters
/// with the modules loaded.
///
/// ```no_run
/// use typedis_test::Modules;
///
/// // TYPEDIS_REDIS8=/opt/redis-8/redis-server TYPEDIS_MODULES=/opt/redis-stack/lib
/// let Some(modules) = Modules::from_env() else {
///     eprintln!("no Redis 8 with modules here: set TYPEDIS_REDIS8 and TYPEDIS_MODULES");
///     return;
/// };
/// let server = modules.server(); // the four of MODULE_FILES loaded
/// # let _ = server;
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Modules {
    redis: String,
    dir: PathBuf,
}

impl Modules {
    /// The Redis 8 binary `redis` (a path, or a name looked up on `PATH`) and the folder
    /// `dir` that holds [`MODULE_FILES`].
    pub fn new(redis: impl Into<String>, dir: impl Into<PathBuf>) -> Modules {
        Modules {
            redis: redis.into(),
            dir: dir.into(),
        }
    }

    /// The binary named by [`REDIS8_ENV`] and the folder named by [`MODULES_ENV`];
    /// `None` unless both are set.
    pub fn from_env() -> Option<Modules> {
        let redis = std::env::var(REDIS8_ENV).ok()?;
        let dir = std::env::var(MODULES_ENV).ok()?;
        Some(Modules::new(redis, dir))
    }

    /// The Redis 8 binary.
    pub fn redis(&self) -> &str {
        &self.redis
    }

    /// The folder of the module files.
    pub fn dir(&self) -> &std::path::Path {
        &self.dir
    }

    /// A builder of a server with every module of [`MODULE_FILES`] loaded: add arguments,
    /// then `start`.
    pub fn server_builder(&self) -> RedisServerBuilder {
        let mut builder = RedisServer::builder()
            .binary(self.redis.clone())
            .env("LD_LIBRARY_PATH", self.dir.display().to_string());
        for file in MODULE_FILES {
            builder = builder
                .arg("--loadmodule")
                .arg(self.dir.join(file).display().to_string());
        }
        builder
    }

    /// A server with every module of [`MODULE_FILES`] loaded, on a free port.
    ///
    /// # Panics
    ///
    /// When the server does not start (a module that does not load stops it).
    pub fn server(&self) -> RedisServer {
        self.server_builder().start()
    }

    /// A builder of a local Redis Cluster whose nodes load the `files` named here (of
    /// [`MODULE_FILES`]: RediSearch is per node in a cluster, so a test loads what it
    /// uses).
    pub fn cluster_builder(&self, files: &[&str]) -> RedisClusterBuilder {
        let mut builder = RedisClusterBuilder::default()
            .binary(self.redis.clone())
            .env("LD_LIBRARY_PATH", self.dir.display().to_string());
        for file in files {
            builder = builder
                .arg("--loadmodule")
                .arg(self.dir.join(file).display().to_string());
        }
        builder
    }
}
