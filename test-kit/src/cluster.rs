//! A real local Redis Cluster for tests: `redis-server --cluster-enabled yes` processes on
//! free 127.0.0.1 ports, joined with `redis-cli --cluster create`, waited for until every
//! node reports `cluster_state:ok`, and stopped (working directories removed) when dropped.

mod node;

pub use node::ClusterNode;

use crate::server::signal;
use node::cli;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Options of a [`RedisCluster`].
#[derive(Debug, Clone)]
pub struct RedisClusterBuilder {
    primaries: usize,
    replicas: usize,
    node_timeout_ms: u64,
    args: Vec<String>,
    binary: Option<String>,
    env: Vec<(String, String)>,
    seed_port: Option<u16>,
}

impl Default for RedisClusterBuilder {
    fn default() -> Self {
        RedisClusterBuilder {
            primaries: 3,
            replicas: 1,
            node_timeout_ms: 3000,
            args: Vec::new(),
            binary: None,
            env: Vec::new(),
            seed_port: None,
        }
    }
}

impl RedisClusterBuilder {
    /// Number of primaries (at least 3, as `redis-cli --cluster create` requires).
    pub fn primaries(mut self, n: usize) -> Self {
        self.primaries = n;
        self
    }

    /// Replicas per primary.
    pub fn replicas(mut self, n: usize) -> Self {
        self.replicas = n;
        self
    }

    /// `cluster-node-timeout` in milliseconds (how soon a silent node is considered failed).
    pub fn node_timeout_ms(mut self, ms: u64) -> Self {
        self.node_timeout_ms = ms;
        self
    }

    /// Adds one `redis-server` argument for every node (for example
    /// `"--cluster-require-full-coverage"` then `"no"`).
    pub fn arg(mut self, arg: impl Into<String>) -> Self {
        self.args.push(arg.into());
        self
    }

    /// Starts this binary instead of [`server_binary`](crate::server_binary) (a Redis 8
    /// with modules).
    pub fn binary(mut self, binary: impl Into<String>) -> Self {
        self.binary = Some(binary.into());
        self
    }

    /// Starts the first node on `port` (a client made before the cluster names it as its
    /// seed); the others take free ports.
    pub fn seed_port(mut self, port: u16) -> Self {
        self.seed_port = Some(port);
        self
    }

    /// Sets an environment variable of every node's process.
    pub fn env(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.env.push((name.into(), value.into()));
        self
    }

    /// Starts the processes, creates the cluster and waits until it is ready.
    ///
    /// # Panics
    ///
    /// When a process cannot be started or the cluster does not become ready within 30
    /// seconds: a test that cannot get its cluster must fail, not skip.
    pub fn start(self) -> RedisCluster {
        let count = self.primaries * (1 + self.replicas);
        let base = std::env::temp_dir().join(format!(
            "typedis-cluster-{}-{}",
            std::process::id(),
            NEXT_DIR.fetch_add(1, Ordering::Relaxed)
        ));
        let mut nodes = Vec::with_capacity(count);
        for i in 0..count {
            let dir = base.join(format!("node{i}"));
            let port = self.seed_port.filter(|_| i == 0);
            let node = (0..5)
                .find_map(|_| ClusterNode::spawn(dir.clone(), &self, port).ok())
                .unwrap_or_else(|| panic!("could not start cluster node {i}"));
            nodes.push(node);
        }
        let cluster = RedisCluster { nodes, base };
        let mut args = vec!["--cluster".to_owned(), "create".to_owned()];
        args.extend(cluster.nodes.iter().map(ClusterNode::addr));
        args.extend([
            "--cluster-replicas".to_owned(),
            self.replicas.to_string(),
            "--cluster-yes".to_owned(),
        ]);
        let out = Command::new("redis-cli")
            .args(&args)
            .stdin(Stdio::null())
            .output()
            .expect("run redis-cli --cluster create");
        assert!(
            out.status.success(),
            "redis-cli --cluster create failed: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        cluster.wait_ready(Duration::from_secs(30));
        cluster
    }
}

static NEXT_DIR: AtomicUsize = AtomicUsize::new(0);

/// A running local Redis Cluster owned by one test.
#[derive(Debug)]
pub struct RedisCluster {
    nodes: Vec<ClusterNode>,
    base: PathBuf,
}

impl Drop for RedisCluster {
    fn drop(&mut self) {
        self.nodes.clear();
        let _ = std::fs::remove_dir_all(&self.base);
    }
}

impl RedisCluster {
    /// Three primaries with one replica each, ready to serve.
    pub fn start() -> RedisCluster {
        RedisCluster::builder().start()
    }

    /// Options for a cluster to start.
    pub fn builder() -> RedisClusterBuilder {
        RedisClusterBuilder::default()
    }

    /// Every node, in creation order (the first ones were made primaries).
    pub fn nodes(&self) -> &[ClusterNode] {
        &self.nodes
    }

    /// `redis+cluster://127.0.0.1:p1,127.0.0.1:p2,...` naming every node as a seed.
    pub fn url(&self) -> String {
        let hosts: Vec<String> = self.nodes.iter().map(ClusterNode::addr).collect();
        format!("redis+cluster://{}", hosts.join(","))
    }

    /// The index of the node listening on `port`.
    ///
    /// # Panics
    ///
    /// When no node of this cluster listens there.
    pub fn index_of(&self, port: u16) -> usize {
        self.nodes
            .iter()
            .position(|n| n.port == port)
            .unwrap_or_else(|| panic!("no node on port {port}"))
    }

    /// Runs `redis-cli -p <port of node i> args...` and returns its output.
    ///
    /// # Panics
    ///
    /// When redis-cli cannot be run or the node cannot be reached.
    pub fn cli(&self, i: usize, args: &[&str]) -> String {
        cli(self.nodes[i].port, args).unwrap_or_else(|e| panic!("redis-cli on node {i}: {e}"))
    }

    /// Calls of `command` (lower case, as `INFO commandstats` names it) that the nodes
    /// `nodes` counted since their statistics were last reset, summed.
    ///
    /// # Panics
    ///
    /// When a node cannot be reached.
    pub fn command_calls(&self, nodes: &[usize], command: &str) -> u64 {
        let field = format!("cmdstat_{command}:calls=");
        nodes
            .iter()
            .map(|&i| {
                self.cli(i, &["INFO", "commandstats"])
                    .lines()
                    .find_map(|line| line.strip_prefix(&field))
                    .and_then(|rest| rest.split(',').next()?.parse::<u64>().ok())
                    .unwrap_or(0)
            })
            .sum()
    }

    /// The port of the primary that serves `slot`, as node `via` sees it.
    ///
    /// # Panics
    ///
    /// When no node answers or the slot is not served.
    pub fn primary_of(&self, slot: u16, via: usize) -> u16 {
        self.slot_map(via)
            .into_iter()
            .find(|(start, end, _)| (*start..=*end).contains(&slot))
            .map(|(_, _, port)| port)
            .unwrap_or_else(|| panic!("slot {slot} is not served"))
    }

    /// The slot ranges and the port of the primary serving each, as node `via` sees them
    /// (from `CLUSTER NODES`).
    ///
    /// # Panics
    ///
    /// When the node does not answer.
    pub fn slot_map(&self, via: usize) -> Vec<(u16, u16, u16)> {
        let out = self.cli(via, &["CLUSTER", "NODES"]);
        let mut map = Vec::new();
        for line in out.lines() {
            let fields: Vec<&str> = line.split(' ').collect();
            if fields.len() < 9 || !fields[2].contains("master") || fields[2].contains("fail") {
                continue;
            }
            // `127.0.0.1:port@busport`
            let port = fields[1]
                .split(['@', ','])
                .next()
                .and_then(|a| a.rsplit_once(':'))
                .and_then(|(_, p)| p.parse().ok())
                .expect("node address");
            for range in &fields[8..] {
                if range.starts_with('[') {
                    continue; // a slot being migrated or imported
                }
                let (start, end) = range.split_once('-').unwrap_or((range, range));
                map.push((
                    start.parse().expect("slot"),
                    end.parse().expect("slot"),
                    port,
                ));
            }
        }
        map.sort_unstable();
        map
    }

    /// Moves `slot` from primary `source` to primary `target` by hand: `SETSLOT ...
    /// IMPORTING` and `MIGRATING`, its keys `MIGRATE`d in batches of 100, then `SETSLOT
    /// ... NODE` on every primary.
    ///
    /// # Panics
    ///
    /// When a node refuses a step.
    pub fn move_slot(&self, slot: u16, source: usize, target: usize) {
        let (source_id, target_id) = (self.node_id(source), self.node_id(target));
        let slot = slot.to_string();
        let port = self.nodes[target].port.to_string();
        self.cli(
            target,
            &["CLUSTER", "SETSLOT", &slot, "IMPORTING", &source_id],
        );
        self.cli(
            source,
            &["CLUSTER", "SETSLOT", &slot, "MIGRATING", &target_id],
        );
        loop {
            let keys = self.cli(source, &["CLUSTER", "GETKEYSINSLOT", &slot, "100"]);
            let keys: Vec<&str> = keys.lines().filter(|l| !l.is_empty()).collect();
            if keys.is_empty() {
                break;
            }
            let mut migrate = vec!["MIGRATE", "127.0.0.1", &port, "", "0", "5000", "KEYS"];
            migrate.extend(keys);
            let out = self.cli(source, &migrate);
            assert_eq!(out.trim(), "OK", "MIGRATE: {out}");
        }
        // The target first, then the source, then the others, as Redis documents: the
        // source told first would redirect the slot to a target that still redirects it
        // back (both answer MOVED to the other for a moment).
        let others = self
            .primaries()
            .into_iter()
            .filter(|&i| i != target && i != source);
        for i in [target, source].into_iter().chain(others) {
            self.cli(i, &["CLUSTER", "SETSLOT", &slot, "NODE", &target_id]);
        }
    }

    /// The node ID of node `i`.
    pub fn node_id(&self, i: usize) -> String {
        self.cli(i, &["CLUSTER", "MYID"]).trim().to_owned()
    }

    /// Indexes of the nodes that currently are primaries (asking each node itself).
    pub fn primaries(&self) -> Vec<usize> {
        (0..self.nodes.len())
            .filter(|&i| self.nodes[i].is_running())
            .filter(|&i| self.cli(i, &["ROLE"]).lines().next() == Some("master"))
            .collect()
    }

    /// Indexes of the running replicas of primary `i`.
    pub fn replicas_of(&self, i: usize) -> Vec<usize> {
        let id = self.node_id(i);
        (0..self.nodes.len())
            .filter(|&j| j != i && self.nodes[j].is_running())
            .filter(|&j| {
                self.cli(j, &["CLUSTER", "NODES"])
                    .lines()
                    .any(|l| l.contains("myself") && l.contains(&id))
            })
            .collect()
    }

    /// Kills node `i` (SIGKILL), as a crash would.
    pub fn kill(&mut self, i: usize) {
        self.nodes[i].kill();
    }

    /// Freezes node `i` (SIGSTOP): it keeps its connections but answers nothing.
    ///
    /// # Panics
    ///
    /// When the node is not running or the signal cannot be sent.
    pub fn pause(&self, i: usize) {
        let pid = self.nodes[i].pid().expect("node is running");
        signal(pid, "STOP").expect("send SIGSTOP");
    }

    /// Resumes node `i` after [`pause`](Self::pause) (SIGCONT).
    ///
    /// # Panics
    ///
    /// When the node is not running or the signal cannot be sent.
    pub fn resume(&self, i: usize) {
        let pid = self.nodes[i].pid().expect("node is running");
        signal(pid, "CONT").expect("send SIGCONT");
    }

    /// Waits until every running node reports `cluster_state:ok`, knows every running
    /// node, sees all 16384 slots assigned, and every replica's link to its primary is up.
    ///
    /// # Panics
    ///
    /// When that does not happen within `limit`.
    pub fn wait_ready(&self, limit: Duration) {
        let deadline = Instant::now() + limit;
        loop {
            let Err(last) = self.check_ready() else {
                return;
            };
            assert!(
                Instant::now() < deadline,
                "cluster not ready after {limit:?}: {last}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn check_ready(&self) -> Result<(), String> {
        let running = self.nodes.iter().filter(|n| n.is_running()).count();
        let mut views = Vec::new();
        for node in self.nodes.iter().filter(|n| n.is_running()) {
            let info = cli(node.port, &["CLUSTER", "INFO"])?;
            let field = |name: &str| {
                info.lines()
                    .find_map(|l| l.strip_prefix(name)?.strip_prefix(':'))
                    .map(str::trim)
                    .unwrap_or("")
                    .to_owned()
            };
            if field("cluster_state") != "ok" {
                return Err(format!(
                    "{}: cluster_state {}",
                    node.port,
                    field("cluster_state")
                ));
            }
            if field("cluster_slots_assigned") != "16384" {
                return Err(format!("{}: slots not all assigned", node.port));
            }
            let nodes = cli(node.port, &["CLUSTER", "NODES"])?;
            let live = nodes
                .lines()
                .filter(|l| !l.contains("fail") && !l.contains("noaddr"))
                .count();
            if live != running {
                return Err(format!(
                    "{}: sees {live} live of {running} nodes",
                    node.port
                ));
            }
            views.push((node.port, slots_view(&nodes)));
            let replication = cli(node.port, &["INFO", "replication"])?;
            if replication.contains("role:slave") && !replication.contains("master_link_status:up")
            {
                return Err(format!("{}: replica link not up", node.port));
            }
        }
        if let Some(w) = views.windows(2).find(|w| w[0].1 != w[1].1) {
            let ((a, view_a), (b, view_b)) = (&w[0], &w[1]);
            return Err(format!(
                "nodes disagree on the slot map: {a} sees {view_a:?}, {b} sees {view_b:?}"
            ));
        }
        Ok(())
    }
}

/// The slot ranges each primary serves, as one node sees them (sorted, comparable).
fn slots_view(nodes: &str) -> Vec<String> {
    let mut view: Vec<String> = nodes
        .lines()
        .filter(|l| l.contains("master") && !l.contains("fail"))
        .map(|l| {
            let fields: Vec<&str> = l.split(' ').collect();
            // id addr flags master ping pong epoch state slots...
            let addr = fields.get(1).copied().unwrap_or("");
            let slots: Vec<&str> = fields
                .iter()
                .skip(8)
                .filter(|s| !s.starts_with('['))
                .copied()
                .collect();
            format!("{addr} {}", slots.join(" "))
        })
        .collect();
    view.sort();
    view
}
