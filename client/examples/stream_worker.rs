//! A stream consumer-group worker: a producer XADDs jobs, two workers in one group share
//! them with XREADGROUP (a blocking command: it gets its own connection), process each
//! once and XACK it. Every reply is typed by its command: XREADGROUP reads a map of stream
//! entries, XPENDING a summary struct.
//!
//! `cargo run -p typedis --example stream_worker` (uses `REDIS_URL` or starts a local
//! redis-server).

mod common;

use std::collections::HashMap;
use std::time::Duration;
use typedis::{b, Client, Error};

const STREAM: &str = "example:jobs";
const GROUP: &str = "workers";
const JOBS: usize = 12;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let server = common::Server::from_env()?;
    let client = Client::connect(server.url()).await?;
    client.query(b().del().key(STREAM)).await?;

    // The group, with MKSTREAM so it exists before the first job.
    let create = b()
        .xgroup_create()
        .key(STREAM)
        .group(GROUP)
        .id("$")
        .mkstream();
    match client.query(create).await {
        Ok(()) => {}
        Err(Error::Server(e)) if e.code() == Some("BUSYGROUP") => {}
        Err(e) => return Err(e.into()),
    }

    let mut workers = Vec::new();
    for name in ["worker-1", "worker-2"] {
        let client = client.clone();
        workers.push(tokio::spawn(async move { work(client, name).await }));
    }

    for n in 0..JOBS {
        let add = b()
            .xadd()
            .key(STREAM)
            .auto_id()
            .field_value("task", format!("resize image {n}"));
        let id = client.query(add).await?.unwrap_or_default();
        println!("queued {}", String::from_utf8_lossy(&id));
    }

    let mut done: HashMap<&str, usize> = HashMap::new();
    for worker in workers {
        let (name, count) = worker.await??;
        done.insert(name, count);
    }
    let total: usize = done.values().sum();
    println!("processed {total} jobs: {done:?}");
    assert_eq!(total, JOBS);
    let pending = client
        .query(b().xpending().key(STREAM).group(GROUP))
        .await?;
    println!("left unacknowledged: {} ({pending:?})", pending.count);
    Ok(())
}

/// Reads new jobs for `name` until none arrives for a while; returns how many it did.
async fn work(client: Client, name: &'static str) -> Result<(&'static str, usize), Error> {
    let mut processed = 0;
    loop {
        // Optional arguments in any order: COUNT and BLOCK come before STREAMS on the wire.
        let read = b()
            .xreadgroup()
            .group(GROUP, name)
            .key(STREAM)
            .id(">")
            .count(4)
            .block(500);
        // None: nothing new within the block time. RESP3's map and RESP2's array of
        // [stream, entries] pairs read alike.
        let Some(batch) = client.query(read).await? else {
            return Ok((name, processed));
        };
        for (_stream, jobs) in batch {
            for job in &jobs {
                let task = job.fields.get("task").unwrap_or(b"?");
                println!(
                    "{name} runs {} ({})",
                    String::from_utf8_lossy(job.id),
                    String::from_utf8_lossy(task)
                );
                tokio::time::sleep(Duration::from_millis(10)).await;
                let acked = client
                    .query(b().xack().key(STREAM).group(GROUP).id(job.id))
                    .await?;
                assert_eq!(acked, 1);
                processed += 1;
            }
        }
    }
}
