//! Redis Cluster: keys routed to their shard, a multi-key command split by slot, keyless
//! commands summed over the primaries, a pipeline across nodes, and a transaction pinned
//! to one slot with a `{hashtag}`.
//!
//! Run it with `cargo run -p typedis --example cluster`. It connects to
//! `REDIS_CLUSTER_URL` (for example `redis+cluster://127.0.0.1:7000,127.0.0.1:7001`) when
//! that is set; otherwise it starts a throwaway three-node cluster of local
//! `redis-server` processes (when `redis-server` and `redis-cli` are installed) and stops
//! it at the end.

use std::process::{Child, Command as Process, Stdio};
use std::time::{Duration, Instant};
use typedis::cluster::ClusterClient;
use typedis::{b, cmd};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (url, _local) = match std::env::var("REDIS_CLUSTER_URL") {
        Ok(url) => (url, None),
        Err(_) => {
            let local = LocalCluster::start()?;
            (local.url(), Some(local))
        }
    };
    let cluster = ClusterClient::connect(&url).await?;
    println!("connected to {url}");

    // Each key goes to the primary that serves its slot.
    for (user, name) in [("1", "ada"), ("2", "grace"), ("3", "edsger")] {
        let key = format!("example:user:{user}");
        cluster.query(b().set().key(&key).value(name)).await?;
        let slot = cmd::key_slot(key.as_bytes());
        let node = cluster.primary_for_slot(slot).unwrap_or_default();
        println!("SET {key} -> slot {slot} on {node}");
    }

    // Keys in three slots: split by slot, answered in the order asked.
    let names = cluster
        .query(
            b().mget()
                .key("example:user:1")
                .key("example:user:2")
                .key("example:user:3"),
        )
        .await?;
    println!("MGET -> {names:?}");

    // Keyless: sent to every primary, the counts summed.
    let keys = cluster.query(b().dbsize()).await?;
    println!("DBSIZE over the cluster -> {keys}");

    // A pipeline spanning the nodes; replies in command order.
    let (a, b2, c) = cluster
        .pipeline()
        .add(b().incr().key("example:hits:a"))
        .add(b().incr().key("example:hits:b"))
        .add(b().incr().key("example:hits:c"))
        .query()
        .await?;
    println!("pipelined INCRs -> {a}, {b2}, {c}");

    // A transaction: every key shares the `{cart:42}` hashtag, so one slot, one node.
    let (added, total) = cluster
        .transaction("{cart:42}")
        .await?
        .add(b().hset().key("{cart:42}:items").field_value("book", 2))
        .add(b().incrby().key("{cart:42}:total").increment(30))
        .exec()
        .await?;
    println!("MULTI/EXEC on slot of {{cart:42}} -> {added} field(s), total {total}");

    // A key of another slot is refused before anything is sent.
    let tx = cluster
        .transaction("{cart:42}")
        .await?
        .add(b().set().key("elsewhere").value(1));
    if let Err(e) = tx.exec().await {
        println!("refused: {e}");
    }

    // DEL of keys in several slots: split by slot, the counts summed.
    let deleted = cluster
        .query(b().del().key_iter([
            "example:user:1",
            "example:user:2",
            "example:user:3",
            "example:hits:a",
            "example:hits:b",
            "example:hits:c",
            "{cart:42}:items",
            "{cart:42}:total",
        ]))
        .await?;
    println!("DEL -> {deleted} keys");
    Ok(())
}

/// Three cluster-enabled `redis-server` processes joined into a cluster, stopped (and
/// their files removed) on drop.
struct LocalCluster {
    nodes: Vec<(Child, u16)>,
    dir: std::path::PathBuf,
}

impl LocalCluster {
    fn start() -> Result<LocalCluster, Box<dyn std::error::Error>> {
        let dir = std::env::temp_dir().join(format!("typedis-example-{}", std::process::id()));
        let mut cluster = LocalCluster {
            nodes: Vec::new(),
            dir,
        };
        for i in 0..3 {
            let port = free_port()?;
            let node_dir = cluster.dir.join(i.to_string());
            std::fs::create_dir_all(&node_dir)?;
            let child = Process::new("redis-server")
                .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
                .args(["--cluster-enabled", "yes"])
                .args(["--cluster-port", &free_port()?.to_string()])
                .args(["--save", "", "--appendonly", "no"])
                .arg("--dir")
                .arg(&node_dir)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .map_err(|e| {
                    format!("REDIS_CLUSTER_URL is not set and redis-server could not start: {e}")
                })?;
            cluster.nodes.push((child, port));
        }
        for &(_, port) in &cluster.nodes {
            cluster.wait_for(port, "PING", "PONG")?;
        }
        let status = Process::new("redis-cli")
            .args(["--cluster", "create"])
            .args(cluster.nodes.iter().map(|(_, p)| format!("127.0.0.1:{p}")))
            .args(["--cluster-replicas", "0", "--cluster-yes"])
            .stdout(Stdio::null())
            .status()?;
        if !status.success() {
            return Err("redis-cli --cluster create failed".into());
        }
        for &(_, port) in &cluster.nodes {
            cluster.wait_for(port, "CLUSTER INFO", "cluster_state:ok")?;
        }
        Ok(cluster)
    }

    fn wait_for(&self, port: u16, command: &str, expect: &str) -> Result<(), String> {
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            let out = Process::new("redis-cli")
                .args(["-p", &port.to_string()])
                .args(command.split(' '))
                .output();
            if out.is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains(expect)) {
                return Ok(());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Err(format!("node {port} never answered {expect}"))
    }

    fn url(&self) -> String {
        let seeds: Vec<String> = self
            .nodes
            .iter()
            .map(|(_, p)| format!("127.0.0.1:{p}"))
            .collect();
        format!("redis+cluster://{}", seeds.join(","))
    }
}

impl Drop for LocalCluster {
    fn drop(&mut self) {
        for (child, _) in &mut self.nodes {
            let _ = child.kill();
            let _ = child.wait();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn free_port() -> std::io::Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port())
}
