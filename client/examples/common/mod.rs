//! Shared by the examples: the server to talk to (`REDIS_URL`, or a throwaway local
//! `redis-server` started on a free port and stopped on drop).

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A `redis-server` started for an example; `None` inside when `REDIS_URL` is used.
pub struct Server {
    child: Option<Child>,
    url: String,
}

impl Server {
    /// `REDIS_URL` when set, else a local `redis-server` on a free port.
    #[allow(dead_code)] // not every example calls it
    pub fn from_env() -> Result<Server, Box<dyn std::error::Error>> {
        if let Ok(url) = std::env::var("REDIS_URL") {
            return Ok(Server { child: None, url });
        }
        Server::start("redis-server").map_err(|e| {
            format!("REDIS_URL is not set and redis-server could not start: {e}").into()
        })
    }

    /// `REDIS_URL` when set, else a local Redis 8 or newer: `TYPEDIS_SERVER`, the one
    /// `python3 .ci/fetch-server redis8` downloads, or `redis-server`, whichever is one.
    #[allow(dead_code)] // only the examples that need Redis 8 call it
    pub fn redis8_from_env() -> Result<Server, Box<dyn std::error::Error>> {
        if let Ok(url) = std::env::var("REDIS_URL") {
            return Ok(Server { child: None, url });
        }
        let fetched = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../target/redis-8.2.3/redis-server"
        );
        let candidates = std::env::var("TYPEDIS_SERVER")
            .into_iter()
            .chain([fetched.to_owned(), "redis-server".to_owned()]);
        for binary in candidates {
            if redis_major(&binary).is_some_and(|major| major >= 8) {
                return Server::start(&binary);
            }
        }
        Err(
            "this example needs Redis 8 or newer (vector sets) and found none: set REDIS_URL \
             to one, or run `python3 .ci/fetch-server redis8` (it downloads Redis 8.2.3 for \
             linux x86-64 into target/) and run the example again"
                .into(),
        )
    }

    /// `REDIS_URL` when set, else a local Redis 8 with the RedisJSON, RediSearch,
    /// RedisBloom and RedisTimeSeries modules loaded: the Redis 8 of `TYPEDIS_REDIS8` or
    /// of `python3 .ci/fetch-server redis8`, the modules of `TYPEDIS_MODULES` or of
    /// `python3 .ci/fetch-server modules`.
    #[allow(dead_code)] // only the examples of the module features call it
    pub fn with_modules_from_env() -> Result<Server, Box<dyn std::error::Error>> {
        if let Ok(url) = std::env::var("REDIS_URL") {
            return Ok(Server { child: None, url });
        }
        let target = concat!(env!("CARGO_MANIFEST_DIR"), "/../target");
        let redis8 = std::env::var("TYPEDIS_REDIS8")
            .unwrap_or_else(|_| format!("{target}/redis-8.2.3/redis-server"));
        let modules = std::env::var("TYPEDIS_MODULES")
            .unwrap_or_else(|_| format!("{target}/redis-stack-modules"));
        const FILES: [&str; 4] = [
            "rejson.so",
            "redisearch.so",
            "redisbloom.so",
            "redistimeseries.so",
        ];
        let found = redis_major(&redis8).is_some_and(|major| major >= 8)
            && FILES
                .iter()
                .all(|f| std::path::Path::new(&modules).join(f).exists());
        if !found {
            return Err(
                "this example needs Redis 8 with the JSON and Search modules and found none: \
                 set REDIS_URL to one, or run `python3 .ci/fetch-server redis8` and \
                 `python3 .ci/fetch-server modules` (they download Redis 8.2.3 and the Redis \
                 Stack modules for linux x86-64 into target/) and run the example again"
                    .into(),
            );
        }
        let mut args = Vec::new();
        for f in FILES {
            args.push("--loadmodule".to_owned());
            args.push(format!("{modules}/{f}"));
        }
        Server::start_with(&redis8, &args, &[("LD_LIBRARY_PATH", modules.as_str())])
    }

    /// A `binary` started on a free port.
    fn start(binary: &str) -> Result<Server, Box<dyn std::error::Error>> {
        Server::start_with(binary, &[], &[])
    }

    /// A `binary` started on a free port, with more arguments and environment.
    fn start_with(
        binary: &str,
        args: &[String],
        env: &[(&str, &str)],
    ) -> Result<Server, Box<dyn std::error::Error>> {
        let port = std::net::TcpListener::bind("127.0.0.1:0")?
            .local_addr()?
            .port();
        let child = Command::new(binary)
            .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
            .args(["--save", "", "--appendonly", "no"])
            .args(args)
            .envs(env.iter().copied())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("{binary}: {e}"))?;
        let server = Server {
            child: Some(child),
            url: format!("redis://127.0.0.1:{port}"),
        };
        let deadline = Instant::now() + Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            if Instant::now() > deadline {
                return Err(format!("{binary} did not start listening within 10 s").into());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        Ok(server)
    }

    /// The URL to connect to.
    pub fn url(&self) -> &str {
        &self.url
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(child) = &mut self.child {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// The major version a Redis binary reports (`Redis server v=8.2.3 ...`), if it runs and
/// is Redis.
#[allow(dead_code)] // only the examples that need Redis 8 call it
fn redis_major(binary: &str) -> Option<u32> {
    let out = Command::new(binary).arg("--version").output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    if !text.starts_with("Redis server") {
        return None;
    }
    let version = text.split_whitespace().find_map(|w| w.strip_prefix("v="))?;
    version.split('.').next()?.parse().ok()
}
