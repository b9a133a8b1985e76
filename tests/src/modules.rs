//! A Redis 8.2.3 with the four modules of the module features loaded (RedisJSON,
//! RediSearch, RedisBloom, RedisTimeSeries), whatever server the other tests run against.
//!
//! The binaries are not part of the repository (their licences are not the project's):
//! `TYPEDIS_REDIS8` names the Redis 8 binary and `TYPEDIS_MODULES` the folder of the
//! modules ([`Modules::from_env`]); unset, the tests fetch both, pinned and digest-checked,
//! with the repository's `.ci/fetch-server` (python3, PyPI) into `target/`, once.

use std::path::Path;
use std::process::Command;
use std::sync::OnceLock;

use typedis_test::{Modules, RedisClusterBuilder, RedisServer, RedisServerBuilder};

/// Runs `.ci/fetch-server what` and returns the path it prints.
fn fetch(what: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let script = root.join(".ci/fetch-server");
    let out = Command::new("python3")
        .arg(&script)
        .arg(what)
        .output()
        .unwrap_or_else(|e| panic!("run python3 {} {what}: {e}", script.display()));
    assert!(
        out.status.success(),
        "{} {what} failed: {}",
        script.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

/// The Redis 8 binary and the modules' folder, found or fetched once.
fn binaries() -> &'static Modules {
    static FOUND: OnceLock<Modules> = OnceLock::new();
    FOUND.get_or_init(|| {
        let redis8 = std::env::var(typedis_test::REDIS8_ENV).unwrap_or_else(|_| fetch("redis8"));
        let modules = std::env::var(typedis_test::MODULES_ENV).unwrap_or_else(|_| fetch("modules"));
        Modules::new(redis8, modules)
    })
}

/// A builder of a Redis 8.2.3 with the four modules loaded: add arguments, then `start`.
///
/// # Panics
///
/// When the binaries can be neither found nor fetched: a module test that cannot get its
/// server fails.
pub fn module_server_builder() -> RedisServerBuilder {
    binaries().server_builder()
}

/// A Redis 8.2.3 with the four modules loaded, on a free port.
///
/// # Panics
///
/// As [`module_server_builder`], and when the server does not start.
pub fn module_server() -> RedisServer {
    module_server_builder().start()
}

/// A builder of a local Redis Cluster of Redis 8.2.3 nodes with the `modules` of
/// [`MODULE_FILES`](typedis_test::MODULE_FILES) named here loaded.
///
/// # Panics
///
/// As [`module_server_builder`].
pub fn module_cluster_builder(modules: &[&str]) -> RedisClusterBuilder {
    binaries().cluster_builder(modules)
}

/// Both protocols, for tests that run their work on each.
pub const PROTOCOLS: [typedis::Protocol; 2] = [typedis::Protocol::Resp2, typedis::Protocol::Resp3];

/// A client of the server at `url` speaking `protocol`.
///
/// # Panics
///
/// When it cannot connect, or the connection speaks another protocol.
pub async fn connect_with_protocol(url: &str, protocol: typedis::Protocol) -> typedis::Client {
    let config = typedis::Config::from_url(url)
        .expect("a test server's URL")
        .protocol(protocol);
    let client = typedis::Client::with_config(config)
        .await
        .expect("connect to the test server");
    assert_eq!(client.protocol(), protocol, "the protocol asked for");
    client
}

/// A key of `protocol`'s own, so a leftover of one protocol's run cannot satisfy the
/// other's.
pub fn protocol_key(protocol: typedis::Protocol, name: &str) -> String {
    format!("{protocol:?}:{name}")
}
