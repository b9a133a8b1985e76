//! High availability with Redis Sentinel: find the primary through the Sentinels, write
//! and read, read from a replica, then fail over (`SENTINEL FAILOVER`) while a task keeps
//! writing, and watch the client follow the new primary by itself.
//!
//! `cargo run -p typedis --example sentinel`. It connects to `SENTINEL_URL` when that is
//! set (`redis+sentinel://host:26379,host2:26379/service`; the failover step is then
//! skipped); otherwise it starts a throwaway primary, replica and Sentinel on free ports
//! (with `redis-server`) and stops them at the end.

use std::process::{Child, Command as Process, Stdio};
use std::time::{Duration, Instant};
use typedis::reply::Role;
use typedis::sentinel::{SentinelClient, SentinelConfig};
use typedis::{b, cmd, Client, ReadFrom};

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (url, local) = match std::env::var("SENTINEL_URL") {
        Ok(url) => (url, None),
        Err(_) => {
            let local = LocalSentinel::start().await?;
            (local.url(), Some(local))
        }
    };
    let config = SentinelConfig::from_url(&url)?.read_from(ReadFrom::PreferReplica);
    let redis = SentinelClient::with_config(config).await?;
    println!("connected to the primary at {:?}", redis.primary_addr());

    redis
        .query(b().set().key("sentinel:greeting").value("hello"))
        .await?;
    let greeting: Option<String> = redis
        .primary()
        .query_as(b().get().key("sentinel:greeting"))
        .await?;
    println!("GET on the primary: {greeting:?}");
    match redis.replica().query(b().role()).await? {
        Role::Replica { port, state, .. } => println!(
            "the replica client is on a replica of port {port} (replication {})",
            String::from_utf8_lossy(&state)
        ),
        other => println!("the replica client is on a node whose ROLE says {other:?}"),
    }

    let Some(local) = local else { return Ok(()) };
    // A task writes a counter throughout the failover.
    let writer = redis.clone();
    let counting = tokio::spawn(async move {
        let (mut ok, mut failed) = (0u32, 0u32);
        let until = Instant::now() + Duration::from_secs(4);
        while Instant::now() < until {
            match writer.query(b().incr().key("sentinel:counter")).await {
                Ok(_) => ok += 1,
                // In flight when the primary changed, or sent while none was known.
                Err(e) => {
                    failed += 1;
                    if failed == 1 {
                        println!("during the failover: {e}");
                    }
                }
            }
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        (ok, failed)
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    println!("asking the Sentinel for a failover");
    local.failover().await?;
    let (ok, failed) = counting.await?;
    let count: i64 = redis.query_as(b().get().key("sentinel:counter")).await?;
    println!(
        "{ok} increments acknowledged, {failed} failed; the counter reads {count} on the new \
         primary at {:?} ({} failover seen)",
        redis.primary_addr(),
        redis.stats().failovers
    );
    Ok(())
}

/// A primary, a replica and one Sentinel started for the example, stopped on drop.
struct LocalSentinel {
    children: Vec<Child>,
    sentinel_port: u16,
    dir: std::path::PathBuf,
}

impl LocalSentinel {
    async fn start() -> Result<LocalSentinel, Box<dyn std::error::Error>> {
        let port = || -> std::io::Result<u16> {
            Ok(std::net::TcpListener::bind("127.0.0.1:0")?
                .local_addr()?
                .port())
        };
        let (primary, replica, sentinel_port) = (port()?, port()?, port()?);
        let dir =
            std::env::temp_dir().join(format!("typedis-sentinel-example-{}", std::process::id()));
        std::fs::create_dir_all(&dir)?;
        let mut local = LocalSentinel {
            children: Vec::new(),
            sentinel_port,
            dir,
        };
        let node = |port: u16, extra: &[String]| {
            Process::new("redis-server")
                .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
                .args(["--save", "", "--appendonly", "no"])
                .args([
                    "--repl-diskless-sync",
                    "yes",
                    "--repl-diskless-sync-delay",
                    "0",
                ])
                .args(extra)
                .stdout(Stdio::null())
                .spawn()
                .map_err(|e| {
                    format!("SENTINEL_URL is not set and redis-server could not start: {e}")
                })
        };
        local.children.push(node(primary, &[])?);
        let replica_of = [
            "--replicaof".into(),
            "127.0.0.1".into(),
            primary.to_string(),
        ];
        local.children.push(node(replica, &replica_of)?);
        let conf = local.dir.join("sentinel.conf");
        std::fs::write(
            &conf,
            format!(
                "port {sentinel_port}\nbind 127.0.0.1\ndir {}\n\
                 sentinel monitor example 127.0.0.1 {primary} 1\n\
                 sentinel down-after-milliseconds example 1000\n\
                 sentinel failover-timeout example 5000\n",
                local.dir.display()
            ),
        )?;
        local.children.push(
            Process::new("redis-server")
                .arg(&conf)
                .arg("--sentinel")
                .stdout(Stdio::null())
                .spawn()?,
        );
        // Ready once the Sentinel sees the replica in sync (it needs one to fail over to).
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Ok(ready) = local.replica_in_sync().await {
                if ready {
                    break;
                }
            }
            if Instant::now() > deadline {
                return Err("the local Sentinel did not see the replica within 20 s".into());
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        println!(
            "started a primary ({primary}), a replica ({replica}) and a Sentinel \
             ({sentinel_port}) (set SENTINEL_URL to use yours)"
        );
        Ok(local)
    }

    fn url(&self) -> String {
        format!("redis+sentinel://127.0.0.1:{}/example", self.sentinel_port)
    }

    async fn sentinel(&self) -> Result<Client, typedis::Error> {
        Client::connect(&format!("redis://127.0.0.1:{}", self.sentinel_port)).await
    }

    async fn replica_in_sync(&self) -> Result<bool, typedis::Error> {
        let replicas: Vec<std::collections::HashMap<String, String>> = self
            .sentinel()
            .await?
            .query_as(cmd("SENTINEL").arg("REPLICAS").arg("example"))
            .await?;
        Ok(replicas.iter().any(|r| {
            r.get("flags").map(String::as_str) == Some("slave")
                && r.get("master-link-status").map(String::as_str) == Some("ok")
        }))
    }

    async fn failover(&self) -> Result<(), typedis::Error> {
        self.sentinel()
            .await?
            .query_as::<()>(cmd("SENTINEL").arg("FAILOVER").arg("example"))
            .await
    }
}

impl Drop for LocalSentinel {
    fn drop(&mut self) {
        for child in &mut self.children {
            let _ = child.kill();
            let _ = child.wait();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
