//! [`Sentinel`]: one Sentinel process of a [`SentinelSetup`](super::SentinelSetup),
//! configured, started and waited for until it listens.

use super::{SentinelSetupBuilder, SERVICE};
use crate::server::{free_port, server_binary};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// One Sentinel process.
#[derive(Debug)]
pub(super) struct Sentinel {
    pub(super) child: Option<Child>,
    pub(super) port: u16,
    /// Its TLS port, in a deployment with TLS.
    pub(super) tls_port: Option<u16>,
    dir: PathBuf,
}

impl Sentinel {
    pub(super) fn spawn(
        dir: PathBuf,
        options: &SentinelSetupBuilder,
        primary: u16,
    ) -> Result<Self, String> {
        std::fs::create_dir_all(&dir).map_err(|e| format!("create {}: {e}", dir.display()))?;
        let port = free_port();
        let mut conf = format!(
            "port {port}\nbind 127.0.0.1\ndir {}\n\
             sentinel monitor {SERVICE} 127.0.0.1 {primary} {quorum}\n\
             sentinel down-after-milliseconds {SERVICE} {down}\n\
             sentinel failover-timeout {SERVICE} {failover}\n\
             sentinel parallel-syncs {SERVICE} 2\n",
            dir.display(),
            quorum = options.sentinels / 2 + 1,
            down = options.down_after_ms,
            failover = options.failover_timeout_ms,
        );
        if let Some(pw) = &options.password {
            conf.push_str(&format!("sentinel auth-pass {SERVICE} {pw}\n"));
        }
        if let Some(pw) = &options.sentinel_password {
            conf.push_str(&format!("requirepass {pw}\nsentinel sentinel-pass {pw}\n"));
        }
        let tls_port = options.tls.as_ref().map(|_| free_port());
        if let (Some(files), Some(tls_port)) = (&options.tls, tls_port) {
            // The same options as the nodes', as lines of the config file.
            for pair in files.args(tls_port).chunks(2) {
                let name = pair[0].trim_start_matches('-');
                conf.push_str(&format!("{name} {}\n", pair[1]));
            }
        }
        let path = dir.join("sentinel.conf");
        std::fs::write(&path, conf).map_err(|e| format!("write {}: {e}", path.display()))?;
        let binary = options.binary.clone().unwrap_or_else(server_binary);
        let child = Command::new(&binary)
            .arg(&path)
            .arg("--sentinel")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("spawn {binary} --sentinel: {e}"))?;
        let mut sentinel = Sentinel {
            child: Some(child),
            port,
            tls_port,
            dir,
        };
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(Ok(Some(status))) = sentinel.child.as_mut().map(Child::try_wait) {
                sentinel.child = None;
                return Err(format!("sentinel exited at start: {status}"));
            }
            if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return Ok(sentinel);
            }
            if Instant::now() > deadline {
                return Err(format!("sentinel on port {port} did not listen"));
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    pub(super) fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for Sentinel {
    fn drop(&mut self) {
        self.kill();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
