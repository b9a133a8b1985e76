//! Client-side caching, end to end, against a local `redis-server` this program starts:
//! a GET of a cached hot key (a hit), a GET the cache does not have (a miss), and the same
//! GET without a cache, one at a time; then a read-mostly mix (90% GETs of 1,000 hot keys,
//! 10% SETs of them, from 16 tasks) with its hit rate. typedis and redis-rs (`cache-aio`)
//! side by side, interleaved round by round, on one current-thread tokio runtime.
//!
//! `cargo run --profile bench -p typedis-benches --bin cache`; prefix with `taskset -c 0`
//! to pin the server and the client to one CPU. `CACHE_ROUNDS` sets the rounds (5).

use std::time::Instant;

use bytes::Bytes;
use redis::AsyncCommands;
use typedis_benches::server::Server;

type Res<T> = Result<T, Box<dyn std::error::Error>>;

const SEQ_OPS: usize = 5_000;
const HOT_KEYS: usize = 1_000;
const MIX_TASKS: usize = 16;
const MIX_OPS_PER_TASK: usize = 2_000;

/// The clients measured.
#[derive(Clone)]
enum Peer {
    Typedis(typedis::Client),
    RedisRs(redis::aio::MultiplexedConnection),
}

impl Peer {
    async fn get(&self, key: &str) -> usize {
        match self {
            Peer::Typedis(c) => {
                let v: Option<Bytes> = c.query(typedis::b().get().key(key)).await.unwrap();
                v.map_or(0, |v| v.len())
            }
            Peer::RedisRs(c) => {
                let mut c = c.clone();
                let v: Option<Vec<u8>> = c.get(key).await.unwrap();
                v.map_or(0, |v| v.len())
            }
        }
    }

    async fn set(&self, key: &str, value: &str) {
        match self {
            Peer::Typedis(c) => c
                .query(typedis::b().set().key(key).value(value))
                .await
                .unwrap(),
            Peer::RedisRs(c) => {
                let mut c = c.clone();
                let () = c.set(key, value).await.unwrap();
            }
        }
    }

    /// (hits, misses) so far, when the client caches.
    fn hits_misses(&self) -> Option<(u64, u64)> {
        match self {
            Peer::Typedis(c) => c.stats().cache.map(|s| (s.hits, s.misses)),
            Peer::RedisRs(c) => c
                .get_cache_statistics()
                .map(|s| (s.hit as u64, s.miss as u64)),
        }
    }
}

/// Sequential GETs of `keys(i)`; nanoseconds per GET.
async fn sequential(peer: &Peer, keys: impl Fn(usize) -> String) -> f64 {
    let names: Vec<String> = (0..SEQ_OPS).map(keys).collect();
    let started = Instant::now();
    let mut n = 0;
    for k in &names {
        n += peer.get(k).await;
    }
    std::hint::black_box(n);
    started.elapsed().as_nanos() as f64 / SEQ_OPS as f64
}

/// The read-mostly mix; (ops per second, hit rate in this run).
async fn mix(peer: &Peer, round: usize) -> (f64, Option<f64>) {
    let before = peer.hits_misses();
    let started = Instant::now();
    let tasks: Vec<_> = (0..MIX_TASKS)
        .map(|t| {
            let peer = peer.clone();
            tokio::spawn(async move {
                let mut x = (t * 7919 + round * 104_729 + 1) as u64;
                for _ in 0..MIX_OPS_PER_TASK {
                    // A small LCG: the same sequence for every client.
                    x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    let key = format!("hot:{}", (x >> 33) as usize % HOT_KEYS);
                    // One operation in ten writes.
                    if matches!((x >> 20) % 10, 0) {
                        peer.set(&key, "0123456789abcdef").await;
                    } else {
                        std::hint::black_box(peer.get(&key).await);
                    }
                }
            })
        })
        .collect();
    for t in tasks {
        t.await.unwrap();
    }
    let elapsed = started.elapsed().as_secs_f64();
    let rate = match (before, peer.hits_misses()) {
        (Some((h0, m0)), Some((h1, m1))) if (h1 - h0) + (m1 - m0) > 0 => {
            Some((h1 - h0) as f64 / ((h1 - h0) + (m1 - m0)) as f64)
        }
        _ => None,
    };
    ((MIX_TASKS * MIX_OPS_PER_TASK) as f64 / elapsed, rate)
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

async fn run(port: u16) -> Res<()> {
    let url = format!("redis://127.0.0.1:{port}");
    let plain = typedis::Client::connect(&url).await?;
    for i in 0..HOT_KEYS {
        plain
            .query(
                typedis::b()
                    .set()
                    .key(format!("hot:{i}"))
                    .value("0123456789abcdef"),
            )
            .await?;
    }
    let config = typedis::Config::from_url(&url)?
        .cache(typedis::cache::CacheConfig::new().max_entries(2 * HOT_KEYS + SEQ_OPS * 20));
    let cached = typedis::Client::with_config(config).await?;
    let rr = redis::Client::open(format!("{url}?protocol=resp3"))?;
    let rr_plain = rr.get_multiplexed_async_connection().await?;
    let rr_config = redis::AsyncConnectionConfig::new().set_cache_config(
        redis::caching::CacheConfig::new()
            .set_size(std::num::NonZeroUsize::new(2 * HOT_KEYS + SEQ_OPS * 20).unwrap()),
    );
    let rr_cached = rr
        .get_multiplexed_async_connection_with_config(&rr_config)
        .await?;
    let peers = [
        ("typedis, no cache", Peer::Typedis(plain)),
        ("typedis, cache", Peer::Typedis(cached)),
        ("redis-rs, no cache", Peer::RedisRs(rr_plain)),
        ("redis-rs, cache-aio", Peer::RedisRs(rr_cached)),
    ];
    let rounds: usize = std::env::var("CACHE_ROUNDS").map_or(5, |r| r.parse().unwrap_or(5));
    let mut hit = vec![Vec::new(); peers.len()];
    let mut miss = vec![Vec::new(); peers.len()];
    let mut mixed = vec![Vec::new(); peers.len()];
    let mut rates = vec![Vec::new(); peers.len()];
    // Round 0 warms up (and fills the caches with the hot key).
    for round in 0..=rounds {
        for (i, (_, peer)) in peers.iter().enumerate() {
            let h = sequential(peer, |_| "hot:0".to_owned()).await;
            // Keys never read before: a miss for a cache, a plain GET otherwise.
            let m = sequential(peer, |n| format!("miss:{i}:{round}:{n}")).await;
            let (ops, rate) = mix(peer, round).await;
            if round > 0 {
                hit[i].push(h);
                miss[i].push(m);
                mixed[i].push(ops);
                if let Some(r) = rate {
                    rates[i].push(r);
                }
            }
        }
    }
    println!(
        "| client | GET hot key (ns) | GET, not cached (ns) | mix 90/10, {MIX_TASKS} tasks (kops/s) | hit rate |"
    );
    println!("| --- | ---: | ---: | ---: | ---: |");
    for (i, (name, _)) in peers.iter().enumerate() {
        let rate = if rates[i].is_empty() {
            "-".to_owned()
        } else {
            format!("{:.1}%", 100.0 * median(&mut rates[i]))
        };
        println!(
            "| {name} | {:.0} | {:.0} | {:.0} | {rate} |",
            median(&mut hit[i]),
            median(&mut miss[i]),
            median(&mut mixed[i]) / 1000.0,
        );
    }
    Ok(())
}

fn main() -> Res<()> {
    let server = Server::start()?;
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    rt.block_on(run(server.port))
}
