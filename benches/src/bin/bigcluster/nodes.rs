//! [`BigCluster`]: `n` local `redis-server --cluster-enabled yes` primaries, each given an
//! even share of the slots with `CLUSTER ADDSLOTSRANGE` and joined with `CLUSTER MEET`
//! (faster than `redis-cli --cluster create` for a hundred nodes, which checks and
//! assigns node by node), waited for until every node sees every node and every slot, and
//! killed when dropped (a panic unwinds through the drop; a Ctrl-C in a terminal reaches
//! the servers too, as they stay in this program's process group).

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command as Process, Stdio};
use std::time::{Duration, Instant};
use typedis::{cmd, Client};

type Res<T> = Result<T, Box<dyn std::error::Error>>;

/// The running nodes, and a plain client of each for administration.
pub struct BigCluster {
    children: Vec<Child>,
    /// Ports, in creation order; node `i` first served the `i`-th share of the slots.
    pub ports: Vec<u16>,
    /// One plain client per node (not the cluster client under test).
    pub admin: Vec<Client>,
    /// Node IDs, by node.
    pub ids: Vec<String>,
    dir: PathBuf,
}

impl Drop for BigCluster {
    fn drop(&mut self) {
        for child in &mut self.children {
            let _ = child.kill();
        }
        for child in &mut self.children {
            let _ = child.wait();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// `n` ports free on 127.0.0.1 whose cluster bus ports (+10000) are free too.
fn free_ports(n: usize) -> Res<Vec<u16>> {
    let mut ports = Vec::with_capacity(n);
    let mut port = 21000u16;
    while ports.len() < n {
        if port > 55000 {
            return Err("not enough free ports".into());
        }
        let free = |p: u16| TcpListener::bind(("127.0.0.1", p)).is_ok();
        if free(port) && free(port + 10000) {
            ports.push(port);
        }
        port += 1;
    }
    Ok(ports)
}

/// The slot range `[start, end]` node `i` of `n` serves at first.
pub fn share(i: usize, n: usize) -> (u16, u16) {
    let slots = 16384usize;
    let start = i * slots / n;
    let end = (i + 1) * slots / n - 1;
    (start as u16, end as u16)
}

impl BigCluster {
    /// Starts `n` primaries and makes them one cluster; `Err` when a step fails or the
    /// cluster does not settle within `limit`.
    pub async fn start(n: usize, limit: Duration) -> Res<BigCluster> {
        let binary = std::env::var("TYPEDIS_SERVER").unwrap_or_else(|_| "redis-server".into());
        let dir = std::env::temp_dir().join(format!("typedis-bigcluster-{}", std::process::id()));
        let ports = free_ports(n)?;
        let mut cluster = BigCluster {
            children: Vec::with_capacity(n),
            ports: ports.clone(),
            admin: Vec::with_capacity(n),
            ids: Vec::with_capacity(n),
            dir: dir.clone(),
        };
        for &port in &ports {
            let node_dir = dir.join(port.to_string());
            std::fs::create_dir_all(&node_dir)?;
            let child = Process::new(&binary)
                .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
                .args([
                    "--cluster-enabled",
                    "yes",
                    "--cluster-config-file",
                    "nodes.conf",
                ])
                .args(["--cluster-node-timeout", "15000"])
                .args(["--save", "", "--appendonly", "no", "--daemonize", "no"])
                .args(["--dir", node_dir.to_str().ok_or("temp dir not UTF-8")?])
                // Small nodes: few client buffers, a short slow log, no latency tracking.
                .args(["--maxclients", "2000", "--slowlog-max-len", "16"])
                .args(["--latency-tracking", "no", "--loglevel", "warning"])
                .stdout(Stdio::null())
                .spawn()?;
            cluster.children.push(child);
        }
        let deadline = Instant::now() + limit;
        for &port in &ports {
            loop {
                match Client::connect(&format!("redis://127.0.0.1:{port}")).await {
                    Ok(c) => {
                        cluster.admin.push(c);
                        break;
                    }
                    Err(e) if Instant::now() > deadline => {
                        return Err(format!("node {port} did not start: {e}").into())
                    }
                    Err(_) => tokio::time::sleep(Duration::from_millis(20)).await,
                }
            }
        }
        for (i, admin) in cluster.admin.iter().enumerate() {
            let (start, end) = share(i, n);
            let _: () = admin
                .query_as(cmd("CLUSTER").arg("ADDSLOTSRANGE").arg(start).arg(end))
                .await?;
            let _: () = admin
                .query_as(cmd("CLUSTER").arg("SET-CONFIG-EPOCH").arg(i + 1))
                .await?;
            let id: String = admin.query_as(cmd("CLUSTER").arg("MYID")).await?;
            cluster.ids.push(id);
        }
        for &port in &ports[1..] {
            let _: () = cluster.admin[0]
                .query_as(cmd("CLUSTER").arg("MEET").arg("127.0.0.1").arg(port))
                .await?;
        }
        cluster.wait_consistent(deadline).await?;
        Ok(cluster)
    }

    /// Waits until every node says `cluster_state:ok`, knows every node and sees all
    /// 16384 slots served.
    pub async fn wait_consistent(&self, deadline: Instant) -> Res<()> {
        let n = self.admin.len();
        loop {
            let mut last = None;
            for (i, admin) in self.admin.iter().enumerate() {
                let info: String = admin.query_as(cmd("CLUSTER").arg("INFO")).await?;
                let field = |name: &str| {
                    info.lines()
                        .find_map(|l| l.strip_prefix(name)?.strip_prefix(':'))
                        .map(str::trim)
                        .unwrap_or("")
                        .to_owned()
                };
                if field("cluster_state") != "ok"
                    || field("cluster_known_nodes") != n.to_string()
                    || field("cluster_slots_ok") != "16384"
                {
                    last = Some(format!(
                        "node {i}: state {}, knows {} nodes, {} slots ok",
                        field("cluster_state"),
                        field("cluster_known_nodes"),
                        field("cluster_slots_ok")
                    ));
                    break;
                }
            }
            match last {
                None => return Ok(()),
                Some(last) if Instant::now() > deadline => {
                    return Err(format!("cluster not consistent: {last}").into())
                }
                Some(_) => tokio::time::sleep(Duration::from_millis(100)).await,
            }
        }
    }

    /// `redis+cluster://` naming the first three nodes as seeds.
    pub fn url(&self) -> String {
        seed_url(&self.ports)
    }

    /// A field of `INFO <section>` added up over every node.
    pub async fn info_sum(&self, section: &str, name: &str) -> Res<u64> {
        let mut sum = 0;
        for admin in &self.admin {
            let info: String = admin.query_as(cmd("INFO").arg(section)).await?;
            sum += info
                .lines()
                .find_map(|l| l.strip_prefix(name)?.strip_prefix(':'))
                .and_then(|v| v.trim().parse::<u64>().ok())
                .unwrap_or(0);
        }
        Ok(sum)
    }

    /// The resident memory of every node, in KiB, added up (from /proc).
    pub fn servers_rss_kib(&self) -> u64 {
        self.children
            .iter()
            .filter_map(|c| vm_rss_kib(&format!("/proc/{}/status", c.id())))
            .sum()
    }
}

/// `redis+cluster://` naming the first three of `ports` (on 127.0.0.1) as seeds.
pub fn seed_url(ports: &[u16]) -> String {
    let seeds: Vec<String> = ports
        .iter()
        .take(3)
        .map(|p| format!("127.0.0.1:{p}"))
        .collect();
    format!("redis+cluster://{}", seeds.join(","))
}

/// `VmRSS` of a `/proc/<pid>/status` file, in KiB.
pub fn vm_rss_kib(path: &str) -> Option<u64> {
    let status = std::fs::read_to_string(path).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}
