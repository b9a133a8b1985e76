//! A read-through cache with expiry: look a value up in Redis, compute it on a miss, store
//! it with a time to live (SET ... EX), refresh the TTL on hits with EXPIRE, and watch it
//! expire.
//!
//! `cargo run -p typedis --example cache` (uses `REDIS_URL` or starts a local
//! redis-server).

mod common;

use std::time::{Duration, Instant};
use typedis::{b, Client, Error};

/// Cached for this many seconds after the last hit.
const TTL_SECONDS: i64 = 1;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let server = common::Server::from_env()?;
    let client = Client::connect(server.url()).await?;
    let cache = Cache {
        client: client.clone(),
    };

    for round in 1..=3 {
        let started = Instant::now();
        let report = cache.get_or_compute("report:2026-11").await?;
        println!("round {round}: {report:?} in {:?}", started.elapsed());
    }
    let ttl = client.query(b().ttl().key("cache:report:2026-11")).await?;
    println!("time to live now: {ttl} s");

    tokio::time::sleep(Duration::from_millis(1200)).await;
    let exists = client
        .query(b().exists().key("cache:report:2026-11"))
        .await?;
    println!(
        "after {TTL_SECONDS} s without hits the entry is {}",
        if exists == 1 { "still there" } else { "gone" }
    );
    let started = Instant::now();
    let report = cache.get_or_compute("report:2026-11").await?;
    println!("recomputed: {report:?} in {:?}", started.elapsed());
    Ok(())
}

struct Cache {
    client: Client,
}

impl Cache {
    async fn get_or_compute(&self, name: &str) -> Result<String, Error> {
        let key = format!("cache:{name}");
        // GET and EXPIRE in one round trip: a hit also pushes the expiry back.
        // `(Option<Bytes>, bool)`: the value, and whether EXPIRE found the key.
        let (hit, _refreshed) = self
            .client
            .pipeline()
            .add(b().get().key(&key))
            .add(b().expire().key(&key).seconds(TTL_SECONDS))
            .query()
            .await?;
        if let Some(value) = hit {
            return Ok(String::from_utf8_lossy(&value).into_owned());
        }
        let value = expensive_computation(name).await;
        self.client
            .query(b().set().key(&key).value(&value).ex(TTL_SECONDS))
            .await?;
        Ok(value)
    }
}

async fn expensive_computation(name: &str) -> String {
    tokio::time::sleep(Duration::from_millis(300)).await;
    format!("{name}: 42 widgets sold")
}
