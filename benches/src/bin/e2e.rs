//! End-to-end benchmarks against a local `redis-server` this program starts: typedis,
//! redis-rs (multiplexed), fred and rustis, and a raw-socket floor, interleaved round by
//! round in one run, plus `redis-benchmark` as the C reference.
//!
//! `cargo run --release -p typedis-benches --bin e2e`; prefix with `taskset -c 0` to pin
//! the server and the client (which inherits the affinity) to one CPU. Every client runs
//! on one current-thread tokio runtime, so the comparison is of the clients, not of
//! thread hand-offs.

// Beside this binary's root in a directory of its own: a file of src/bin/ would be a binary.
#[path = "e2e/peers.rs"]
mod peers;

use peers::{encode, Fred, Peer, Raw, RedisRs, Rustis, Typedis};

use std::process::Command as Process;
use std::sync::Arc;
use std::time::Instant;

use bytes::BytesMut;
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use tokio::net::TcpStream;
use tokio::sync::Mutex;
use typedis::FrameScanner;
use typedis_benches::server::Server;

#[global_allocator]
static GLOBAL: &StatsAlloc<std::alloc::System> = &INSTRUMENTED_SYSTEM;

type Res<T> = Result<T, Box<dyn std::error::Error>>;

/// Rounds measured (after one warm-up round); `E2E_ROUNDS` overrides it.
const ROUNDS: usize = 7;
const SEQ_OPS: usize = 2000;
/// Tasks sharing one connection; `E2E_TASKS` overrides it (at most [`MAX_TASKS`]).
const TASKS: usize = 64;
const OPS_PER_TASK: usize = 40;
const MAX_TASKS: usize = 1024;
const PIPELINE: usize = 100;
const PIPELINES: usize = 30;
const XRANGES: usize = 30;

/// Nanoseconds per operation of one sample of each workload.
#[derive(Default)]
struct Samples {
    seq: Vec<f64>,
    tasks: Vec<f64>,
    pipeline: Vec<f64>,
    xrange: Vec<f64>,
    /// XRANGE into the default reply type, for typedis (`query`, `StreamEntries`).
    xrange_default: Vec<f64>,
}

/// Whether the client `name` runs: all of them unless `E2E_ONLY` lists some (`raw
/// socket,typedis,redis-rs,fred,rustis,redis-benchmark`).
fn selected(name: &str) -> bool {
    std::env::var("E2E_ONLY").map_or(true, |w| w.split(',').any(|n| n == name))
}

/// Whether the workload `name` runs: all of them unless `E2E_WORK` lists some
/// (`seq,tasks,pipeline,xrange`), for profiling one at a time.
fn measured(name: &str) -> bool {
    std::env::var("E2E_WORK").map_or(true, |w| w.split(',').any(|n| n == name))
}

async fn sample<P: Peer>(peer: &P, keys: &'static [String], s: &mut Samples) {
    if measured("seq") {
        sample_seq(peer, s).await;
    }
    if measured("tasks") {
        sample_tasks(peer, keys, s).await;
    }
    if measured("pipeline") {
        sample_pipeline(peer, keys, s).await;
    }
    if measured("xrange") {
        sample_xrange(peer, s).await;
    }
}

/// Runs one sample of `peer` in a task of its own, as application code runs (a request
/// handler, a worker), not in the runtime's `block_on` future, which a current-thread
/// runtime polls again only after an extra turn of its I/O driver once another task wakes
/// it (as it does every task of a `LocalSet`).
async fn sample_in_task<P: Peer>(peer: &P, keys: &'static [String], into: &mut Samples) {
    let peer = peer.clone();
    let taken = tokio::spawn(async move {
        let mut s = Samples::default();
        sample(&peer, keys, &mut s).await;
        s
    })
    .await
    .expect("a sample panicked");
    into.seq.extend(taken.seq);
    into.tasks.extend(taken.tasks);
    into.pipeline.extend(taken.pipeline);
    into.xrange.extend(taken.xrange);
    into.xrange_default.extend(taken.xrange_default);
}

async fn sample_seq<P: Peer>(peer: &P, s: &mut Samples) {
    let start = Instant::now();
    for _ in 0..SEQ_OPS {
        assert!(peer.get("key:0").await > 0);
    }
    s.seq
        .push(start.elapsed().as_nanos() as f64 / SEQ_OPS as f64);
}

/// `E2E_TASKS`, or [`TASKS`].
fn task_count() -> usize {
    std::env::var("E2E_TASKS")
        .ok()
        .and_then(|t| t.parse().ok())
        .map_or(TASKS, |t: usize| t.clamp(1, MAX_TASKS))
}

async fn sample_tasks<P: Peer>(peer: &P, keys: &'static [String], s: &mut Samples) {
    let tasks = task_count();
    let start = Instant::now();
    if P::NAME == Raw::NAME {
        // The floor of `tasks` callers on one connection: their requests written at once.
        for _ in 0..OPS_PER_TASK {
            peer.pipeline(&keys[..tasks]).await;
        }
    } else {
        let mut set = tokio::task::JoinSet::new();
        for _ in 0..tasks {
            let peer = peer.clone();
            set.spawn(async move {
                for _ in 0..OPS_PER_TASK {
                    peer.get("key:0").await;
                }
            });
        }
        while set.join_next().await.is_some() {}
    }
    s.tasks
        .push(start.elapsed().as_nanos() as f64 / (tasks * OPS_PER_TASK) as f64);
}

async fn sample_pipeline<P: Peer>(peer: &P, keys: &'static [String], s: &mut Samples) {
    let start = Instant::now();
    for _ in 0..PIPELINES {
        assert_eq!(peer.pipeline(&keys[..PIPELINE]).await, PIPELINE);
    }
    s.pipeline
        .push(start.elapsed().as_nanos() as f64 / (PIPELINES * PIPELINE) as f64);
}

async fn sample_xrange<P: Peer>(peer: &P, s: &mut Samples) {
    let start = Instant::now();
    for _ in 0..XRANGES {
        assert!(peer.xrange().await > 0);
    }
    s.xrange
        .push(start.elapsed().as_nanos() as f64 / XRANGES as f64);
    let start = Instant::now();
    for _ in 0..XRANGES {
        match peer.xrange_default().await {
            Some(n) => assert!(n > 0),
            None => return,
        }
    }
    s.xrange_default
        .push(start.elapsed().as_nanos() as f64 / XRANGES as f64);
}

/// Allocations (and reallocations) of one call of `call`, the median of 5.
async fn allocations<F: std::future::Future>(call: impl Fn() -> F) -> usize {
    let mut counts = Vec::new();
    for _ in 0..5 {
        let region = Region::new(GLOBAL);
        call().await;
        let s = region.change();
        counts.push(s.allocations + s.reallocations);
    }
    counts.sort_unstable();
    counts[2]
}

fn median(v: &[f64]) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    // A client left out with E2E_ONLY has no samples.
    v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
}

/// `redis-benchmark -t get` with `extra` arguments: requests per second.
fn redis_benchmark(port: u16, extra: &[&str]) -> Res<f64> {
    let out = Process::new("redis-benchmark")
        .args([
            "-h",
            "127.0.0.1",
            "-p",
            &port.to_string(),
            "-t",
            "get",
            "-d",
            "16",
            "-q",
        ])
        .args(extra)
        .output()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text
        .split(['\r', '\n'])
        .rfind(|l| l.contains("requests per second"))
        .ok_or("no result from redis-benchmark")?;
    let rps = line
        .split_whitespace()
        .find_map(|w| w.parse::<f64>().ok())
        .ok_or("no number in redis-benchmark's output")?;
    Ok(rps)
}

async fn run(port: u16) -> Res<()> {
    let url = format!("redis://127.0.0.1:{port}");
    // `key:0` to `key:99`, then again from `key:0`: the tasks' floor writes one GET per task.
    let keys: &'static [String] = Vec::leak(
        (0..MAX_TASKS)
            .map(|i| format!("key:{}", i % PIPELINE))
            .collect(),
    );

    let raw = Raw(
        Arc::new(Mutex::new((
            TcpStream::connect(("127.0.0.1", port)).await?,
            BytesMut::with_capacity(1 << 16),
            FrameScanner::new(),
        ))),
        Arc::default(),
    );
    for k in &keys[..PIPELINE] {
        raw.round_trip(&encode(&["SET", k, "0123456789abcdef"]), 1)
            .await;
    }
    for i in 0..1000 {
        let v = format!("value{i}");
        raw.round_trip(&encode(&["XADD", "stream", "*", "field1", &v]), 1)
            .await;
    }

    let mut config = typedis::Config::from_url(&url)?;
    // `E2E_EARLY=n` (or `none`) overrides `Config::write_early_after`, for tuning it.
    if let Ok(early) = std::env::var("E2E_EARLY") {
        config = config.write_early_after(early.parse().ok());
    }
    // `E2E_CONNECTIONS=n` spreads typedis's tasks over n clients (one connection each).
    let connections = std::env::var("E2E_CONNECTIONS")
        .ok()
        .and_then(|n| n.parse().ok())
        .map_or(1, |n: usize| n.max(1));
    let mut clients = Vec::with_capacity(connections);
    for _ in 0..connections {
        clients.push(typedis::Client::with_config(config.clone()).await?);
    }
    let typedis = Typedis::new(clients);
    let redis_rs = RedisRs(
        redis::Client::open(url.as_str())?
            .get_multiplexed_async_connection()
            .await?,
    );
    let fred = Fred(
        fred::types::Builder::from_config(fred::types::config::Config::from_url(&url)?).build()?,
    );
    {
        use fred::interfaces::ClientLike;
        fred.0.init().await?;
    }
    let rustis = Rustis(rustis::client::Client::connect(url.as_str()).await?);

    let mut samples: Vec<(&str, Samples)> = ["raw socket", "typedis", "redis-rs", "fred", "rustis"]
        .into_iter()
        .map(|n| (n, Samples::default()))
        .collect();
    // One warm-up round, then interleaved rounds: each library in turn, so a noisy
    // moment on the shared machine hits them all alike.
    let rounds = std::env::var("E2E_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(ROUNDS);
    for round in 0..=rounds {
        let mut warm: [Samples; 5] = Default::default();
        let targets: Vec<&mut Samples> = if round == 0 {
            warm.iter_mut().collect()
        } else {
            samples.iter_mut().map(|(_, s)| s).collect()
        };
        let Ok([a, b, c, d, e]) = <[&mut Samples; 5]>::try_from(targets) else {
            unreachable!("five libraries")
        };
        if selected(Raw::NAME) {
            sample_in_task(&raw, keys, a).await;
        }
        if selected(Typedis::NAME) {
            sample_in_task(&typedis, keys, b).await;
        }
        if selected(RedisRs::NAME) {
            sample_in_task(&redis_rs, keys, c).await;
        }
        if selected(Fred::NAME) {
            sample_in_task(&fred, keys, d).await;
        }
        if selected(Rustis::NAME) {
            sample_in_task(&rustis, keys, e).await;
        }
    }

    let allocs = [
        allocations(|| raw.xrange()).await,
        allocations(|| typedis.xrange()).await,
        allocations(|| redis_rs.xrange()).await,
        allocations(|| fred.xrange()).await,
        allocations(|| rustis.xrange()).await,
    ];

    let floor = |f: fn(&Samples) -> &Vec<f64>| median(f(&samples[0].1));
    println!("| client | GET seq (µs/op) | GET {} tasks (kops/s) | pipeline 100 (kops/s) | XRANGE 1000 (µs/call) | allocs per XRANGE |", task_count());
    println!("| --- | ---: | ---: | ---: | ---: | ---: |");
    for (i, (name, s)) in samples.iter().enumerate() {
        let seq = median(&s.seq);
        let tasks = median(&s.tasks);
        let pipe = median(&s.pipeline);
        let x = median(&s.xrange);
        println!(
            "| {name} | {:.1} (floor/this {:.2}) | {:.0} (this/floor {:.2}) | {:.0} (this/floor {:.2}) | {:.0} (this/floor {:.2}) | {} |",
            seq / 1e3,
            floor(|s| &s.seq) / seq,
            1e6 / tasks,
            floor(|s| &s.tasks) / tasks,
            1e6 / pipe,
            floor(|s| &s.pipeline) / pipe,
            x / 1e3,
            x / floor(|s| &s.xrange),
            allocs[i]
        );
    }
    let default = median(&samples[1].1.xrange_default);
    println!();
    println!(
        "typedis XRANGE 1000 into its default type (`query`, `StreamEntries`): {:.0} µs/call (this/floor {:.2}), {} allocs",
        default / 1e3,
        default / floor(|s| &s.xrange),
        allocations(|| typedis.xrange_default()).await,
    );
    Ok(())
}

fn main() -> Res<()> {
    let server = Server::start()?;
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    rt.block_on(run(server.port))?;
    if !selected("redis-benchmark") {
        return Ok(());
    }
    let p16 = redis_benchmark(server.port, &["-P", "16", "-n", "400000"])?;
    let c64 = redis_benchmark(server.port, &["-c", "64", "-n", "200000"])?;
    println!();
    println!(
        "redis-benchmark -t get -d 16 -P 16: {:.0} kops/s",
        p16 / 1e3
    );
    println!(
        "redis-benchmark -t get -d 16 -c 64: {:.0} kops/s",
        c64 / 1e3
    );
    Ok(())
}
