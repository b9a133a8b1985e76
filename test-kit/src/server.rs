//! Starts a real `redis-server` on a free 127.0.0.1 port, waits until it answers, and stops
//! it (and removes its working directory) when dropped.

use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use typedis::resp::{Frame, FrameScanner};

use crate::io::read_some;

/// The environment variable that names the server binary the tests start: a path, or a
/// name looked up on `PATH` (`valkey-server`). Unset, it is `redis-server`.
pub const SERVER_ENV: &str = "TYPEDIS_SERVER";

/// The server binary the tests start (see [`SERVER_ENV`]).
pub fn server_binary() -> String {
    std::env::var(SERVER_ENV).unwrap_or_else(|_| "redis-server".to_owned())
}

/// The environment variable that names the server binary of the TLS tests, which needs a
/// build with TLS. Unset, it is `redis-server` (Debian's is built with TLS; the Valkey
/// binary `.ci/fetch-server valkey` fetches is not).
pub const TLS_SERVER_ENV: &str = "TYPEDIS_TLS_SERVER";

/// The server binary the TLS tests start (see [`TLS_SERVER_ENV`]).
pub fn tls_server_binary() -> String {
    std::env::var(TLS_SERVER_ENV).unwrap_or_else(|_| "redis-server".to_owned())
}

/// What the server binary the tests start says to `--version` (`Redis server v=8.2.3
/// ...`), asked once.
///
/// # Panics
///
/// When the binary cannot be run.
fn version_line() -> &'static str {
    static LINE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    LINE.get_or_init(|| {
        let binary = server_binary();
        let out = Command::new(&binary)
            .arg("--version")
            .output()
            .unwrap_or_else(|e| panic!("run {binary} --version: {e}"));
        String::from_utf8_lossy(&out.stdout).into_owned()
    })
}

/// The family of the server binary the tests start, as `HELLO` names it: `valkey` when its
/// `--version` says Valkey, `redis` otherwise.
///
/// # Panics
///
/// When the binary cannot be run.
pub fn server_family() -> &'static str {
    if version_line().starts_with("Valkey") {
        "valkey"
    } else {
        "redis"
    }
}

/// The version of the server binary the tests start, as its `--version` says (`8.2.3`).
///
/// # Panics
///
/// When the binary cannot be run or names no version.
pub fn server_version() -> &'static str {
    version_line()
        .split_whitespace()
        .find_map(|w| w.strip_prefix("v="))
        .unwrap_or_else(|| panic!("{} --version names no version", server_binary()))
}

/// True when the server the tests start has Redis 8's vector sets.
pub fn has_vector_sets() -> bool {
    let major = server_version()
        .split('.')
        .next()
        .and_then(|m| m.parse::<u32>().ok());
    server_family() == "redis" && major >= Some(8)
}

/// A running `redis-server` owned by one test.
#[derive(Debug)]
pub struct RedisServer {
    child: Child,
    /// The server's own process (the child's, or its child's under a wrapper script).
    pid: u32,
    port: u16,
    dir: PathBuf,
}

/// Options for [`RedisServer`]: extra `redis-server` arguments.
#[derive(Debug, Default, Clone)]
pub struct RedisServerBuilder {
    args: Vec<String>,
    port: Option<u16>,
    binary: Option<String>,
    env: Vec<(String, String)>,
}

impl RedisServerBuilder {
    /// Adds one `redis-server` argument (for example `"--maxmemory"` then `"10mb"`).
    pub fn arg(mut self, arg: impl Into<String>) -> Self {
        self.args.push(arg.into());
        self
    }

    /// Adds several `redis-server` arguments.
    pub fn args<I: IntoIterator<Item = S>, S: Into<String>>(mut self, args: I) -> Self {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }

    /// Starts on this port instead of a free one (to restart a server where it was).
    pub fn port(mut self, port: u16) -> Self {
        self.port = Some(port);
        self
    }

    /// Starts this binary instead of [`server_binary`] (for example [`tls_server_binary`]).
    pub fn binary(mut self, binary: impl Into<String>) -> Self {
        self.binary = Some(binary.into());
        self
    }

    /// Sets an environment variable of the server's process (`LD_LIBRARY_PATH` for the
    /// libraries a module links).
    pub fn env(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.env.push((name.into(), value.into()));
        self
    }

    /// Starts the server and waits until it answers `PING`.
    ///
    /// # Panics
    ///
    /// When `redis-server` cannot be started or does not answer within 10 seconds: a test
    /// that cannot get its server must fail, not skip.
    pub fn start(self) -> RedisServer {
        let attempts = if self.port.is_some() { 1 } else { 5 };
        let mut last_error = String::new();
        for _ in 0..attempts {
            let port = self.port.unwrap_or_else(free_port);
            let binary = self.binary.clone().unwrap_or_else(server_binary);
            match RedisServer::spawn(&binary, port, &self.args, &self.env) {
                Ok(server) => return server,
                Err(e) => last_error = e,
            }
        }
        panic!("could not start the server: {last_error}");
    }
}

static NEXT_DIR: AtomicUsize = AtomicUsize::new(0);

impl RedisServer {
    /// Starts a server with default options (no persistence) on a free port.
    pub fn start() -> RedisServer {
        RedisServer::builder().start()
    }

    /// Options for a server to start.
    pub fn builder() -> RedisServerBuilder {
        RedisServerBuilder::default()
    }

    /// The TCP port the server listens on.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// `redis://127.0.0.1:<port>`.
    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    /// The server's working directory (removed when the server is dropped).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// A plain TCP connection to the server.
    ///
    /// # Panics
    ///
    /// When the server does not accept the connection.
    pub fn connect(&self) -> TcpStream {
        TcpStream::connect(("127.0.0.1", self.port)).expect("connect to redis-server")
    }

    /// Freezes the server (SIGSTOP): it keeps its connections but answers nothing, and as
    /// a replica it acknowledges no write, until [`resume`](Self::resume).
    ///
    /// # Panics
    ///
    /// When the signal cannot be sent.
    pub fn pause(&self) {
        signal(self.pid, "STOP").expect("send SIGSTOP");
    }

    /// Resumes the server after [`pause`](Self::pause) (SIGCONT).
    ///
    /// # Panics
    ///
    /// When the signal cannot be sent.
    pub fn resume(&self) {
        signal(self.pid, "CONT").expect("send SIGCONT");
    }

    /// Stops the server at once (SIGKILL), as a crash would.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    fn spawn(
        binary: &str,
        port: u16,
        extra: &[String],
        env: &[(String, String)],
    ) -> Result<RedisServer, String> {
        let dir = std::env::temp_dir().join(format!(
            "typedis-test-{}-{}",
            std::process::id(),
            NEXT_DIR.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).map_err(|e| format!("create {}: {e}", dir.display()))?;
        let child = Command::new(binary)
            .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
            .args(["--save", "", "--appendonly", "no", "--daemonize", "no"])
            .arg("--dir")
            .arg(&dir)
            .args(extra)
            .envs(env.iter().map(|(k, v)| (k, v)))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("spawn {binary} (is it installed?): {e}"))?;
        let pid = child.id();
        let mut server = RedisServer {
            child,
            pid,
            port,
            dir,
        };
        server.wait_ready()?;
        Ok(server)
    }

    fn wait_ready(&mut self) -> Result<(), String> {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Err(format!("the server exited at start: {status}"));
            }
            if ping(self.port) {
                return match process_id(self.port) {
                    // The child, or a process the child started (a wrapper script that
                    // runs the server without `exec`).
                    Some(pid) if pid != self.child.id() && parent(pid) != Some(self.child.id()) => {
                        Err(format!(
                            "port {} is another server's (process {pid}, not {} started here)",
                            self.port,
                            self.child.id()
                        ))
                    }
                    Some(pid) => {
                        self.pid = pid;
                        Ok(())
                    }
                    None => Ok(()),
                };
            }
            if Instant::now() > deadline {
                return Err(format!("the server on port {} did not answer", self.port));
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        self.kill();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A port no one listens on now, on 127.0.0.1, and one this process has not handed out
/// before.
///
/// The kernel may give a port it just gave to another test (running in parallel) whose
/// server is not listening yet: the second server then fails to bind, and the first one's
/// answer would be taken for its own. Remembering the ports handed out rules that out in
/// one process; [`RedisServer`] also checks the process id of the server that answers.
pub(crate) fn free_port() -> u16 {
    static HANDED_OUT: Mutex<BTreeSet<u16>> = Mutex::new(BTreeSet::new());
    loop {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .expect("bind a free port");
        let mut handed_out = HANDED_OUT.lock().unwrap_or_else(|e| e.into_inner());
        if handed_out.insert(port) {
            return port;
        }
    }
}

/// The `process_id` of `INFO server` of the server on `port`; `None` when it does not say
/// (a server that requires a password answers NOAUTH, an error) or stops answering.
fn process_id(port: u16) -> Option<u32> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(2))).ok()?;
    s.write_all(b"INFO server\r\n").ok()?;
    let mut reply = Vec::new();
    let mut scanner = FrameScanner::new();
    let mut chunk = [0u8; 4096];
    let len = loop {
        if let Some(len) = scanner.scan(&reply).ok()? {
            break len;
        }
        let n = read_some(&mut s, &mut chunk).ok()?;
        if n == 0 {
            return None;
        }
        reply.extend_from_slice(&chunk[..n]);
    };
    let info: String = Frame::from_slice(&reply[..len]).ok()?.decode().ok()?;
    let line = info.lines().find_map(|l| l.strip_prefix("process_id:"))?;
    line.trim().parse().ok()
}

/// The parent of process `pid`, where `/proc` tells.
fn parent(pid: u32) -> Option<u32> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find_map(|l| l.strip_prefix("PPid:"))?;
    line.trim().parse().ok()
}

fn ping(port: u16) -> bool {
    let Ok(mut s) = TcpStream::connect(("127.0.0.1", port)) else {
        return false;
    };
    let _ = s.set_read_timeout(Some(Duration::from_secs(1)));
    let mut reply = [0u8; 7];
    // A server started with a password answers NOAUTH: it is up all the same.
    s.write_all(b"PING\r\n").is_ok()
        && s.read_exact(&mut reply).is_ok()
        && (&reply == b"+PONG\r\n" || reply.starts_with(b"-NOAUTH"))
}

/// Sends signal `name` (`STOP`, `CONT`, ...) to process `pid`.
pub(crate) fn signal(pid: u32, name: &str) -> Result<(), String> {
    let status = Command::new("kill")
        .arg(format!("-{name}"))
        .arg(pid.to_string())
        .status()
        .map_err(|e| format!("run kill: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("kill -{name} {pid} failed"))
    }
}
