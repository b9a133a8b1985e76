//! A real Sentinel deployment for tests: a primary, its replicas and a few Sentinels, each
//! a process of the server binary the tests use (see [`server_binary`]) on a free
//! 127.0.0.1 port, started in that order and waited for until every Sentinel knows the
//! primary, every replica and every other Sentinel; stopped (working directories removed)
//! when dropped. With [`SentinelSetupBuilder::tls`], the whole deployment speaks TLS.

mod process;

use crate::raw::RawConnection;
use crate::server::{free_port, RedisServer, RedisServerBuilder};
use process::Sentinel;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use typedis::resp::Frame;

/// The service (primary) name the Sentinels monitor.
pub const SERVICE: &str = "typedis-svc";

/// The PEM files of a deployment that speaks TLS (see [`SentinelSetupBuilder::tls`]).
#[derive(Debug, Clone)]
pub struct TlsFiles {
    /// The certificate every node and Sentinel serves (and shows when it connects).
    pub cert: PathBuf,
    /// Its private key.
    pub key: PathBuf,
    /// The CA every node and Sentinel trusts.
    pub ca: PathBuf,
}

impl TlsFiles {
    /// The server options that serve these files on `port` and replicate over TLS.
    fn args(&self, port: u16) -> Vec<String> {
        let path = |p: &PathBuf| p.display().to_string();
        [
            ["--tls-port".to_owned(), port.to_string()],
            ["--tls-cert-file".to_owned(), path(&self.cert)],
            ["--tls-key-file".to_owned(), path(&self.key)],
            ["--tls-ca-cert-file".to_owned(), path(&self.ca)],
            ["--tls-replication".to_owned(), "yes".to_owned()],
            ["--tls-auth-clients".to_owned(), "no".to_owned()],
        ]
        .concat()
    }
}

/// Options of a [`SentinelSetup`].
#[derive(Debug, Clone)]
pub struct SentinelSetupBuilder {
    replicas: usize,
    sentinels: usize,
    down_after_ms: u64,
    failover_timeout_ms: u64,
    password: Option<String>,
    sentinel_password: Option<String>,
    tls: Option<TlsFiles>,
    binary: Option<String>,
}

impl Default for SentinelSetupBuilder {
    fn default() -> Self {
        SentinelSetupBuilder {
            replicas: 2,
            sentinels: 3,
            down_after_ms: 500,
            failover_timeout_ms: 5000,
            password: None,
            sentinel_password: None,
            tls: None,
            binary: None,
        }
    }
}

impl SentinelSetupBuilder {
    /// Number of replicas (2 by default).
    pub fn replicas(mut self, n: usize) -> Self {
        self.replicas = n;
        self
    }

    /// Number of Sentinels (3 by default; the quorum is a majority of them).
    pub fn sentinels(mut self, n: usize) -> Self {
        self.sentinels = n;
        self
    }

    /// `down-after-milliseconds`: how long a silent primary takes to be considered down
    /// (500 ms by default).
    pub fn down_after_ms(mut self, ms: u64) -> Self {
        self.down_after_ms = ms;
        self
    }

    /// A password every data node requires (`requirepass`, and `masterauth` for
    /// replication); the Sentinels are told it (`auth-pass`).
    pub fn password(mut self, password: impl Into<String>) -> Self {
        self.password = Some(password.into());
        self
    }

    /// A password every Sentinel requires (`requirepass` in Sentinel mode, and
    /// `sentinel-pass` between Sentinels).
    pub fn sentinel_password(mut self, password: impl Into<String>) -> Self {
        self.sentinel_password = Some(password.into());
        self
    }

    /// TLS everywhere: every data node and Sentinel also serves TLS on a port of its own
    /// (the plain ports stay, for the harness's own checks), replicas sync from the
    /// primary's TLS port, and the Sentinels monitor the nodes, and talk to each other,
    /// over TLS. So the addresses the Sentinels hand out are TLS ports. Client
    /// certificates are not required.
    pub fn tls(mut self, files: TlsFiles) -> Self {
        self.tls = Some(files);
        self
    }

    /// Starts this server binary instead of [`server_binary`](crate::server_binary) (for example
    /// [`tls_server_binary`](crate::tls_server_binary), for a deployment with TLS).
    pub fn binary(mut self, binary: impl Into<String>) -> Self {
        self.binary = Some(binary.into());
        self
    }

    /// Starts the primary, then the replicas (waited for until in sync), then the
    /// Sentinels, and waits until every Sentinel sees the whole deployment.
    ///
    /// # Panics
    ///
    /// When a process cannot be started or the deployment is not ready within 30 seconds:
    /// a test that cannot get its Sentinels must fail, not skip.
    pub fn start(self) -> SentinelSetup {
        let mut node_args: Vec<String> = [
            // A replica's first sync would otherwise wait 5 s for more replicas to join.
            "--repl-diskless-sync",
            "yes",
            "--repl-diskless-sync-delay",
            "0",
        ]
        .map(String::from)
        .to_vec();
        if let Some(pw) = &self.password {
            node_args.extend(["--requirepass".into(), pw.clone()]);
            node_args.extend(["--masterauth".into(), pw.clone()]);
        }
        // Each node with its TLS port, when there is one.
        let start_node = |extra: Vec<String>| -> (RedisServer, Option<u16>) {
            let mut builder: RedisServerBuilder =
                RedisServer::builder().args(node_args.iter().cloned().chain(extra));
            if let Some(binary) = &self.binary {
                builder = builder.binary(binary.clone());
            }
            let tls_port = self.tls.as_ref().map(|_| free_port());
            if let (Some(files), Some(port)) = (&self.tls, tls_port) {
                builder = builder.args(files.args(port));
            }
            (builder.start(), tls_port)
        };
        let mut nodes = vec![start_node(Vec::new())];
        for _ in 0..self.replicas {
            let (primary, primary_tls) = &nodes[0];
            let upstream = primary_tls.unwrap_or(primary.port());
            nodes.push(start_node(vec![
                "--replicaof".to_owned(),
                "127.0.0.1".to_owned(),
                upstream.to_string(),
            ]));
        }
        let (nodes, node_tls_ports) = nodes.into_iter().unzip();
        let mut setup = SentinelSetup {
            nodes,
            node_tls_ports,
            sentinels: Vec::new(),
            password: self.password.clone(),
            sentinel_password: self.sentinel_password.clone(),
            base: std::env::temp_dir().join(format!(
                "typedis-sentinel-{}-{}",
                std::process::id(),
                NEXT_DIR.fetch_add(1, Ordering::Relaxed)
            )),
        };
        let deadline = Instant::now() + Duration::from_secs(30);
        for i in 1..setup.nodes.len() {
            while !setup
                .node_info(i, "replication")
                .contains("master_link_status:up")
            {
                assert!(Instant::now() < deadline, "replica {i} did not sync");
                std::thread::sleep(Duration::from_millis(20));
            }
        }
        let primary_port = setup.node_tls_ports[0].unwrap_or(setup.nodes[0].port());
        for i in 0..self.sentinels {
            let dir = setup.base.join(format!("sentinel{i}"));
            let sentinel = (0..5)
                .find_map(|_| Sentinel::spawn(dir.clone(), &self, primary_port).ok())
                .unwrap_or_else(|| panic!("could not start sentinel {i}"));
            setup.sentinels.push(sentinel);
        }
        setup.wait_settled(deadline);
        setup
    }
}

static NEXT_DIR: AtomicUsize = AtomicUsize::new(0);

/// A running primary, its replicas and its Sentinels, owned by one test.
#[derive(Debug)]
pub struct SentinelSetup {
    /// The data nodes; the first one started as the primary.
    nodes: Vec<RedisServer>,
    /// Their TLS ports, in a deployment with TLS.
    node_tls_ports: Vec<Option<u16>>,
    sentinels: Vec<Sentinel>,
    password: Option<String>,
    sentinel_password: Option<String>,
    base: PathBuf,
}

impl SentinelSetup {
    /// A primary, two replicas and three Sentinels.
    pub fn start() -> SentinelSetup {
        SentinelSetup::builder().start()
    }

    /// Options for a deployment to start.
    pub fn builder() -> SentinelSetupBuilder {
        SentinelSetupBuilder::default()
    }

    /// The ports of the Sentinels.
    pub fn sentinel_ports(&self) -> Vec<u16> {
        self.sentinels.iter().map(|s| s.port).collect()
    }

    /// The ports of the data nodes (the first one started as the primary).
    pub fn node_ports(&self) -> Vec<u16> {
        self.nodes.iter().map(RedisServer::port).collect()
    }

    /// `redis+sentinel://127.0.0.1:<s1>,127.0.0.1:<s2>,.../<service>`; in a deployment
    /// with TLS, `rediss+sentinel://` and the Sentinels' TLS ports.
    pub fn url(&self) -> String {
        let hosts: Vec<String> = self
            .sentinels
            .iter()
            .map(|s| format!("127.0.0.1:{}", s.tls_port.unwrap_or(s.port)))
            .collect();
        let tls = self.sentinels.iter().any(|s| s.tls_port.is_some());
        let scheme = if tls { "rediss" } else { "redis" };
        format!("{scheme}+sentinel://{}/{SERVICE}", hosts.join(","))
    }

    /// Sends a command to Sentinel `i` and returns its reply.
    ///
    /// # Panics
    ///
    /// When the Sentinel cannot be reached.
    pub fn sentinel(&self, i: usize, args: &[&str]) -> Frame {
        let mut conn = RawConnection::connect(self.sentinels[i].port);
        if let Some(pw) = &self.sentinel_password {
            conn.request(&[b"AUTH", pw.as_bytes()]);
        }
        let args: Vec<&[u8]> = args.iter().map(|a| a.as_bytes()).collect();
        conn.request(&args)
    }

    /// Sends a command to data node `i` and returns its reply.
    ///
    /// # Panics
    ///
    /// When the node cannot be reached.
    pub fn node(&self, i: usize, args: &[&str]) -> Frame {
        let mut conn = RawConnection::connect(self.nodes[i].port());
        if let Some(pw) = &self.password {
            conn.request(&[b"AUTH", pw.as_bytes()]);
        }
        let args: Vec<&[u8]> = args.iter().map(|a| a.as_bytes()).collect();
        conn.request(&args)
    }

    fn node_info(&self, i: usize, section: &str) -> String {
        self.node(i, &["INFO", section])
            .decode::<String>()
            .unwrap_or_default()
    }

    /// The port of the primary, as Sentinel `i` names it.
    pub fn primary_port(&self, i: usize) -> Option<u16> {
        let reply: Option<(String, String)> = self
            .sentinel(i, &["SENTINEL", "GET-MASTER-ADDR-BY-NAME", SERVICE])
            .decode()
            .ok()?;
        reply.and_then(|(_, port)| port.parse().ok())
    }

    /// The index (into [`node_ports`](Self::node_ports)) of the node at `port`, its plain
    /// port or its TLS port.
    ///
    /// # Panics
    ///
    /// When no data node listens there.
    pub fn index_of(&self, port: u16) -> usize {
        self.nodes
            .iter()
            .zip(&self.node_tls_ports)
            .position(|(n, tls)| n.port() == port || *tls == Some(port))
            .unwrap_or_else(|| panic!("no data node on port {port}"))
    }

    /// The role data node `i` reports (`master` or `slave`).
    pub fn role(&self, i: usize) -> String {
        let role: Vec<typedis::Value> = self.node(i, &["ROLE"]).decode().unwrap_or_default();
        match role.first() {
            Some(typedis::Value::Bulk(b)) => String::from_utf8_lossy(b).into_owned(),
            other => format!("{other:?}"),
        }
    }

    /// Stops data node `i` at once (SIGKILL), as a crash would.
    pub fn kill_node(&mut self, i: usize) {
        self.nodes[i].kill();
    }

    /// Stops Sentinel `i` at once (SIGKILL).
    pub fn kill_sentinel(&mut self, i: usize) {
        self.sentinels[i].kill();
    }

    /// Waits until every live Sentinel names a primary other than the node on `old` and
    /// that node reports itself the primary, and returns its port.
    ///
    /// # Panics
    ///
    /// When that takes longer than `limit`.
    pub fn wait_new_primary(&self, old: u16, limit: Duration) -> u16 {
        let deadline = Instant::now() + limit;
        loop {
            let named: Vec<Option<u16>> = (0..self.sentinels.len())
                .filter(|&i| self.sentinels[i].child.is_some())
                .map(|i| self.primary_port(i))
                .collect();
            if let Some(Some(port)) = named.first() {
                if *port != old
                    && named.iter().all(|p| *p == Some(*port))
                    && self.role(self.index_of(*port)) == "master"
                {
                    return *port;
                }
            }
            assert!(
                Instant::now() < deadline,
                "no new primary after {limit:?}: sentinels name {named:?}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits until every live Sentinel sees the primary, every live replica connected and
    /// in sync, and every other Sentinel (what a failover needs: a quorum, and a replica to promote).
    ///
    /// # Panics
    ///
    /// When that does not happen by `deadline`.
    pub fn wait_settled(&self, deadline: Instant) {
        let live: Vec<usize> = (0..self.sentinels.len())
            .filter(|&i| self.sentinels[i].child.is_some())
            .collect();
        let replicas = self.nodes.iter().filter(|n| ping(n.port())).count() - 1;
        for &i in &live {
            loop {
                let master: Vec<(String, String)> = self
                    .sentinel(i, &["SENTINEL", "MASTER", SERVICE])
                    .decode::<std::collections::HashMap<String, String>>()
                    .map(|m| m.into_iter().collect())
                    .unwrap_or_default();
                let field = |name: &str| {
                    master
                        .iter()
                        .find(|(k, _)| k == name)
                        .map(|(_, v)| v.clone())
                        .unwrap_or_default()
                };
                let flags = field("flags");
                let listed: Vec<std::collections::HashMap<String, String>> = self
                    .sentinel(i, &["SENTINEL", "REPLICAS", SERVICE])
                    .decode()
                    .unwrap_or_default();
                let in_sync = listed
                    .iter()
                    .filter(|r| {
                        r.get("flags").map(String::as_str) == Some("slave")
                            && r.get("master-link-status").map(String::as_str) == Some("ok")
                    })
                    .count();
                let ready = flags == "master"
                    && field("num-slaves") == replicas.to_string()
                    && in_sync == replicas
                    && field("num-other-sentinels") == (self.sentinels.len() - 1).to_string();
                if ready {
                    break;
                }
                assert!(
                    Instant::now() < deadline,
                    "sentinel {i} did not settle: {master:?}"
                );
                std::thread::sleep(Duration::from_millis(50));
            }
        }
    }
}

impl Drop for SentinelSetup {
    fn drop(&mut self) {
        // Sentinels first, so they do not fail over while the nodes stop.
        self.sentinels.clear();
        let _ = std::fs::remove_dir_all(&self.base);
    }
}

fn ping(port: u16) -> bool {
    std::net::TcpStream::connect(("127.0.0.1", port)).is_ok()
}
