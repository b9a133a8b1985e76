//! A stream consumer-group worker: a producer XADDs jobs, two workers in one group share
//! them with XREADGROUP (a blocking command: it gets its own connection), process each
//! once and XACK it.
//!
//! `cargo run -p typedis --example stream_worker` (uses `REDIS_URL` or starts a local
//! redis-server).

mod common;

use std::collections::HashMap;
use std::time::Duration;
use typedis::{b, Client, Error, RespRead};

/// One stream entry; its fields borrowed would do too, owned here to move between tasks.
#[derive(Debug, RespRead)]
struct Job {
    id: String,
    fields: Vec<(String, String)>,
}

/// The summary form of XPENDING: count, smallest and greatest pending IDs, and the count
/// per consumer (absent when nothing is pending).
#[derive(Debug, RespRead)]
#[allow(dead_code)] // Fields shown through Debug.
struct PendingSummary {
    count: i64,
    lowest: Option<String>,
    highest: Option<String>,
    consumers: Option<Vec<(String, String)>>,
}

const STREAM: &str = "example:jobs";
const GROUP: &str = "workers";
const JOBS: usize = 12;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let server = common::Server::from_env()?;
    let client = Client::connect(server.url()).await?;
    client
        .query_as::<i64>(typedis::cmd("DEL").key(STREAM))
        .await?;

    // The group, with MKSTREAM so it exists before the first job.
    let create = b()
        .xgroup_create()
        .key(STREAM)
        .group(GROUP)
        .id("$")
        .mkstream()
        .build();
    match client.query_as::<()>(create).await {
        Ok(()) => {}
        Err(Error::Server(e)) if e.code() == "BUSYGROUP" => {}
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
        let id: String = client.query_as(add.build()).await?;
        println!("queued {id}");
    }

    let mut done: HashMap<String, usize> = HashMap::new();
    for worker in workers {
        let (name, count) = worker.await??;
        done.insert(name.to_owned(), count);
    }
    let total: usize = done.values().sum();
    println!("processed {total} jobs: {done:?}");
    assert_eq!(total, JOBS);
    let pending: PendingSummary = client
        .query_as(typedis::cmd("XPENDING").key(STREAM).arg(GROUP))
        .await?;
    println!("left unacknowledged: {} ({pending:?})", pending.count);
    Ok(())
}

/// Reads new jobs for `name` until none arrives for a while; returns how many it did.
async fn work(client: Client, name: &'static str) -> Result<(&'static str, usize), Error> {
    let mut processed = 0;
    loop {
        let read = b()
            .xreadgroup()
            .group(GROUP, name)
            .count(4)
            .block(500)
            .key(STREAM)
            .id(">")
            .build();
        // RESP3 answers a map {stream: entries}; RESP2 an array of [stream, entries]
        // pairs: a Vec of pairs reads both. Null: nothing new within the block time.
        let batch: Option<Vec<(String, Vec<Job>)>> = client.query_as(read).await?;
        let Some(batch) = batch else {
            return Ok((name, processed));
        };
        for (_stream, jobs) in batch {
            for job in jobs {
                let task = job
                    .fields
                    .iter()
                    .find(|(k, _)| k == "task")
                    .map(|(_, v)| v.as_str());
                println!("{name} runs {} ({})", job.id, task.unwrap_or("?"));
                tokio::time::sleep(Duration::from_millis(10)).await;
                let ack = b().xack().key(STREAM).group(GROUP).id(&job.id).build();
                let acked: i64 = client.query_as(ack).await?;
                assert_eq!(acked, 1);
                processed += 1;
            }
        }
    }
}
