//! [`Server`]: the local `redis-server` the end-to-end benchmarks (`src/bin/e2e.rs`,
//! `src/bin/cache.rs`) start on a free port and stop when it is dropped.

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A `redis-server` (from `PATH`) on a free 127.0.0.1 port, without persistence, killed
/// on drop.
pub struct Server {
    child: Child,
    /// The port it listens on.
    pub port: u16,
}

impl Server {
    /// Starts it and waits (up to 10 s) until it accepts connections.
    ///
    /// With `E2E_SERVER_CPU=n` set, the server runs on CPU `n` alone (through `taskset`),
    /// whatever CPUs this process is confined to: `taskset -c 0` on this program with
    /// `E2E_SERVER_CPU=1` gives the "split" layout, client and server on a CPU each.
    pub fn start() -> Result<Server, Box<dyn std::error::Error>> {
        let port = TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
        let mut command = match std::env::var("E2E_SERVER_CPU") {
            Ok(cpu) => {
                let mut c = Command::new("taskset");
                c.args(["-c", &cpu, "redis-server"]);
                c
            }
            Err(_) => Command::new("redis-server"),
        };
        let child = command
            .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
            .args(["--save", "", "--appendonly", "no", "--daemonize", "no"])
            .stdout(Stdio::null())
            .spawn()?;
        let server = Server { child, port };
        let deadline = Instant::now() + Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            if Instant::now() > deadline {
                return Err("redis-server did not start".into());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        Ok(server)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
