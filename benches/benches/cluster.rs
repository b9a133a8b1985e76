//! Cluster throughput: 64 tasks doing SET then GET on their own keys, spread over every
//! slot of a local three-primary cluster, through typedis, redis-rs (cluster-async) and
//! fred, one after the other in one run on the same cluster.
//!
//! `cargo bench -p typedis-benches --bench cluster`. Each client runs for
//! `TYPEDIS_BENCH_SECS` seconds (3 by default) after a half-second warm-up. The cluster is
//! started by the benchmark itself (three `redis-server --cluster-enabled yes` processes
//! on free ports, joined with `redis-cli --cluster create`, by the test harness's
//! launcher) and stopped at the end.

use std::future::Future;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const TASKS: usize = 64;
const KEYS_PER_TASK: usize = 100;
const VALUE: &str = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

fn main() {
    // `cargo test --benches` runs bench targets with no `--bench` flag: build-check only.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let secs: u64 = std::env::var("TYPEDIS_BENCH_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let cluster = typedis_tests::RedisCluster::builder()
        .primaries(3)
        .replicas(0)
        .start();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("tokio runtime");
    let time = Duration::from_secs(secs);
    println!(
        "cluster GET/SET, {TASKS} tasks, 3 primaries, {}-byte values, {secs} s each",
        VALUE.len()
    );
    println!("| client | ops/s | mean latency |");
    println!("|---|---|---|");
    runtime.block_on(async {
        let typedis = typedis::ClusterClient::connect(&cluster.url())
            .await
            .expect("typedis connect");
        report(
            "typedis",
            run(time, move |k| {
                let c = typedis.clone();
                async move {
                    c.query_as::<()>(typedis::cmd("SET").key(&k).arg(VALUE))
                        .await
                        .unwrap();
                    let v: Option<bytes::Bytes> =
                        c.query_as(typedis::cmd("GET").key(&k)).await.unwrap();
                    assert!(v.is_some());
                }
            })
            .await,
        );

        let nodes: Vec<String> = cluster
            .nodes()
            .iter()
            .map(|n| format!("redis://{}", n.addr()))
            .collect();
        let redis_rs = redis::cluster::ClusterClient::new(nodes)
            .expect("redis-rs client")
            .get_async_connection()
            .await
            .expect("redis-rs connect");
        report(
            "redis-rs cluster-async",
            run(time, move |k| {
                let mut c = redis_rs.clone();
                async move {
                    redis::cmd("SET")
                        .arg(&k)
                        .arg(VALUE)
                        .query_async::<()>(&mut c)
                        .await
                        .unwrap();
                    let v: Option<Vec<u8>> =
                        redis::cmd("GET").arg(&k).query_async(&mut c).await.unwrap();
                    assert!(v.is_some());
                }
            })
            .await,
        );

        use fred::prelude::{ClientLike, KeysInterface};
        let hosts: Vec<(String, u16)> = cluster
            .nodes()
            .iter()
            .map(|n| ("127.0.0.1".into(), n.port()))
            .collect();
        let config = fred::prelude::Config {
            server: fred::prelude::ServerConfig::new_clustered(hosts),
            ..Default::default()
        };
        let fred = fred::prelude::Builder::from_config(config)
            .build()
            .expect("fred client");
        fred.init().await.expect("fred connect");
        report(
            "fred",
            run(time, move |k| {
                let c = fred.clone();
                async move {
                    c.set::<(), _, _>(k.as_str(), VALUE, None, None, false)
                        .await
                        .unwrap();
                    let v: Option<bytes::Bytes> = c.get(k.as_str()).await.unwrap();
                    assert!(v.is_some());
                }
            })
            .await,
        );
    });
}

/// Operations done and time spent.
struct Outcome {
    ops: u64,
    elapsed: Duration,
}

fn report(name: &str, o: Outcome) {
    let per_sec = o.ops as f64 / o.elapsed.as_secs_f64();
    // Each of the TASKS tasks has one operation in flight at a time.
    let mean = o.elapsed.as_secs_f64() * TASKS as f64 / o.ops.max(1) as f64;
    println!("| {name} | {per_sec:.0} | {:.0} µs |", mean * 1e6);
}

/// Runs `TASKS` tasks, each doing `one(key)` (a SET and a GET: two operations) on its
/// own keys in turn, for a warm-up and then `time`.
async fn run<F, Fut>(time: Duration, one: F) -> Outcome
where
    F: Fn(String) -> Fut + Send + Sync + Clone + 'static,
    Fut: Future<Output = ()> + Send,
{
    let counting = Arc::new(AtomicBool::new(false));
    let stop = Arc::new(AtomicBool::new(false));
    let ops = Arc::new(AtomicU64::new(0));
    let tasks: Vec<_> = (0..TASKS)
        .map(|t| {
            let (one, counting, stop, ops) =
                (one.clone(), counting.clone(), stop.clone(), ops.clone());
            tokio::spawn(async move {
                let mut i = 0;
                while !stop.load(Ordering::Relaxed) {
                    one(format!("bench:{t}:{}", i % KEYS_PER_TASK)).await;
                    if counting.load(Ordering::Relaxed) {
                        ops.fetch_add(2, Ordering::Relaxed);
                    }
                    i += 1;
                }
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(500)).await;
    counting.store(true, Ordering::Relaxed);
    let started = Instant::now();
    tokio::time::sleep(time).await;
    let done = ops.load(Ordering::Relaxed);
    let elapsed = started.elapsed();
    stop.store(true, Ordering::Relaxed);
    for t in tasks {
        t.await.expect("benchmark task");
    }
    Outcome { ops: done, elapsed }
}
