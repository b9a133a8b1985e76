//! Client-side caching: a hot key read from the client's own memory after the first read,
//! a write by another client that invalidates it, and the cache's counters.
//!
//! `cargo run -p typedis --example client_side_cache` (uses `REDIS_URL`, which must speak
//! RESP3, or starts a local redis-server).

mod common;

use std::time::{Duration, Instant};
use typedis::cache::CacheConfig;
use typedis::{b, Client, Config};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let server = common::Server::from_env()?;
    let cache = CacheConfig::new()
        .max_entries(10_000)
        .max_bytes(16 << 20)
        .ttl(Some(Duration::from_secs(60)));
    let reader = Client::with_config(Config::from_url(server.url())?.cache(cache)).await?;
    let writer = Client::connect(server.url()).await?;

    writer
        .query(b().set().key("config:colour").value("teal"))
        .await?;
    for round in 1..=3 {
        let started = Instant::now();
        let colour = reader.query(b().get().key("config:colour")).await?;
        println!(
            "read {round}: {colour:?} in {:?} ({})",
            started.elapsed(),
            if round == 1 {
                "from the server"
            } else {
                "from the cache"
            }
        );
    }

    // Another client changes the key: the server tells the reader, whose cache drops it.
    writer
        .query(b().set().key("config:colour").value("ochre"))
        .await?;
    let deadline = Instant::now() + Duration::from_secs(2);
    loop {
        let colour = reader.query(b().get().key("config:colour")).await?;
        if colour.as_deref() == Some(&b"ochre"[..]) || Instant::now() > deadline {
            println!("after the other client's write: {colour:?}");
            break;
        }
        tokio::time::sleep(Duration::from_millis(1)).await;
    }

    // MGET is served part by part: each key's value is cached as that key's GET.
    let both = reader
        .query(b().mget().key("config:colour").key("config:size"))
        .await?;
    println!("MGET: {both:?}");
    let stats = reader.stats().cache.expect("the reader has a cache");
    println!(
        "cache: {} hits, {} misses, {} invalidated, {} entries in {} bytes",
        stats.hits, stats.misses, stats.invalidations, stats.entries, stats.bytes
    );
    Ok(())
}
