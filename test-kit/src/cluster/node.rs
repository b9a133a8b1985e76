//! [`ClusterNode`]: one `redis-server --cluster-enabled yes` process, and the commands
//! the cluster's setup runs against its processes (`redis-cli`, `kill`).

use super::RedisClusterBuilder;
use crate::server::signal;
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// One `redis-server` process of a [`RedisCluster`](super::RedisCluster).
#[derive(Debug)]
pub struct ClusterNode {
    child: Option<Child>,
    pub(super) port: u16,
    bus_port: u16,
    dir: PathBuf,
    node_timeout_ms: u64,
    extra: Vec<String>,
    binary: Option<String>,
    env: Vec<(String, String)>,
}

impl ClusterNode {
    /// The client port.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// `127.0.0.1:<port>`.
    pub fn addr(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    /// Whether the process is running (not killed).
    pub fn is_running(&self) -> bool {
        self.child.is_some()
    }

    /// Starts a node on `port`, or on a free one.
    pub(super) fn spawn(
        dir: PathBuf,
        options: &RedisClusterBuilder,
        port: Option<u16>,
    ) -> Result<ClusterNode, String> {
        std::fs::create_dir_all(&dir).map_err(|e| format!("create {}: {e}", dir.display()))?;
        let (port, bus_port) = (port.unwrap_or_else(free_port), free_port());
        let mut node = ClusterNode {
            child: None,
            port,
            bus_port,
            dir,
            node_timeout_ms: options.node_timeout_ms,
            extra: options.args.clone(),
            binary: options.binary.clone(),
            env: options.env.clone(),
        };
        node.launch()?;
        Ok(node)
    }

    pub(super) fn launch(&mut self) -> Result<(), String> {
        let binary = self
            .binary
            .clone()
            .unwrap_or_else(crate::server::server_binary);
        let child = Command::new(&binary)
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .args(["--port", &self.port.to_string(), "--bind", "127.0.0.1"])
            .args(["--cluster-enabled", "yes"])
            .args(["--cluster-port", &self.bus_port.to_string()])
            .arg("--cluster-config-file")
            .arg(self.dir.join("nodes.conf"))
            .args(["--cluster-node-timeout", &self.node_timeout_ms.to_string()])
            .args(["--save", "", "--appendonly", "no", "--daemonize", "no"])
            // A replica's first sync would otherwise wait 5 s for more replicas to join.
            .args([
                "--repl-diskless-sync",
                "yes",
                "--repl-diskless-sync-delay",
                "0",
            ])
            .args(["--enable-debug-command", "yes"])
            .arg("--dir")
            .arg(&self.dir)
            .args(&self.extra)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("spawn {binary} (is it installed?): {e}"))?;
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(Ok(Some(status))) = self.child.as_mut().map(Child::try_wait) {
                self.child = None;
                return Err(format!("redis-server exited at start: {status}"));
            }
            if cli(self.port, &["PING"]).is_ok_and(|r| r.trim() == "PONG") {
                return Ok(());
            }
            if Instant::now() > deadline {
                return Err(format!("redis-server on port {} did not answer", self.port));
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    pub(super) fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    pub(super) fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            // A stopped process must be resumed to die promptly on some systems.
            let _ = signal(child.id(), "CONT");
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for ClusterNode {
    fn drop(&mut self) {
        self.kill();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Runs `redis-cli -p port args...` (with a timeout, so a frozen node cannot hang a test).
pub(super) fn cli(port: u16, args: &[&str]) -> Result<String, String> {
    let out = Command::new("timeout")
        .arg("5")
        .arg("redis-cli")
        .args(["-h", "127.0.0.1", "-p", &port.to_string()])
        .args(args)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("run redis-cli: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "redis-cli {args:?} on {port} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    if text.starts_with("Could not connect") {
        return Err(text);
    }
    Ok(text)
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("bind a free port")
}
