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
    pub fn from_env() -> Result<Server, Box<dyn std::error::Error>> {
        if let Ok(url) = std::env::var("REDIS_URL") {
            return Ok(Server { child: None, url });
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")?
            .local_addr()?
            .port();
        let child = Command::new("redis-server")
            .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
            .args(["--save", "", "--appendonly", "no"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("REDIS_URL is not set and redis-server could not start: {e}"))?;
        let server = Server {
            child: Some(child),
            url: format!("redis://127.0.0.1:{port}"),
        };
        let deadline = Instant::now() + Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            if Instant::now() > deadline {
                return Err("redis-server did not start listening within 10 s".into());
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
