//! Open-loop latency against a local `redis-server` this program starts: requests arrive
//! at a fixed rate whatever the client does, and each one's latency runs from the time it
//! was scheduled to its reply, so a client that holds requests back pays for it (a
//! closed-loop benchmark, whose callers wait for their replies before asking again, never
//! sees that). Contestants: a raw socket (the floor: no task per request, the reply matched
//! to its request in order), typedis, redis-rs, fred and rustis, each one client shared by
//! every arrival; each runs in turn, round after round.
//!
//! The workloads: GETs of a 100-byte value at 20k and 50k per second; and GETs at 20k per
//! second while another task GETs (or SETs) a 16 MiB value back to back on the same
//! client, next to the floor of that case, the same GETs on a connection of their own.
//!
//! ```sh
//! cargo build --profile bench -p typedis-benches --bin latency
//! E2E_SERVER_CPU=1 taskset -c 0 target/release/latency   # split: server and client on a CPU each
//! taskset -c 0 target/release/latency                    # shared: one CPU for both
//! ```
//!
//! `LAT_ROUNDS` (3), `LAT_SECONDS` (2 per run), `LAT_WORK` (some of `get20k,get50k,bigget,
//! bigset`), `E2E_ONLY` (contestants by name) and `E2E_EARLY` (typedis's
//! `Config::write_early_after`: a number or `none`) change what runs.
//!
//! The arrivals are made by one task that waits for each scheduled time by yielding to
//! the runtime in a loop (tokio's timers tick in milliseconds): the client's CPU is busy
//! throughout, which is why the split layout is the one to read.

#[path = "latency/callers.rs"]
mod callers;

use callers::{Caller, Fred, Raw, RedisRs, Rustis, Typedis};

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use typedis_benches::server::Server;

type Res<T> = Result<T, Box<dyn std::error::Error + Send + Sync>>;

const SMALL_KEY: &str = "small";
const BIG_KEY: &str = "big";
const SMALL_LEN: usize = 100;
const BIG_LEN: usize = 16 << 20;

/// The big value, made once.
fn big_value() -> &'static [u8] {
    static VALUE: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    VALUE.get_or_init(|| vec![b'x'; BIG_LEN])
}

/// What one run's small GETs got: their latencies, in nanoseconds from each request's
/// scheduled time, and how many failed.
#[derive(Default)]
struct Outcome {
    ns: Vec<u64>,
    failed: usize,
}

/// Where the replies of a run are recorded.
#[derive(Clone, Default)]
pub struct Recorder(Arc<Mutex<Outcome>>);

impl Recorder {
    /// Records the reply to the request scheduled `at`, arriving now.
    fn record(&self, at: Instant) {
        let ns = u64::try_from(at.elapsed().as_nanos()).unwrap_or(u64::MAX);
        self.0.lock().unwrap().ns.push(ns);
    }

    /// Records the outcome of the request scheduled `at`: its reply, arriving now, when
    /// `answered`, or a failure (a library's queue was full, say).
    fn settle(&self, at: Instant, answered: bool) {
        if answered {
            self.record(at);
        } else {
            self.0.lock().unwrap().failed += 1;
        }
    }

    /// Requests answered or failed.
    fn len(&self) -> usize {
        let outcome = self.0.lock().unwrap();
        outcome.ns.len() + outcome.failed
    }

    fn same(&self, other: &Recorder) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// What runs beside the small GETs.
#[derive(Clone, Copy, PartialEq)]
enum Big {
    Get,
    Set,
}

/// One workload: small GETs at `rate` per second, with or without a big neighbour.
#[derive(Clone, Copy)]
struct Workload {
    name: &'static str,
    title: &'static str,
    rate: u32,
    big: Option<Big>,
}

const WORKLOADS: [Workload; 4] = [
    Workload {
        name: "get20k",
        title: "GET 100 B at 20k/s",
        rate: 20_000,
        big: None,
    },
    Workload {
        name: "get50k",
        title: "GET 100 B at 50k/s",
        rate: 50_000,
        big: None,
    },
    Workload {
        name: "bigget",
        title: "GET 100 B at 20k/s, another task GETs 16 MiB back to back",
        rate: 20_000,
        big: Some(Big::Get),
    },
    Workload {
        name: "bigset",
        title: "GET 100 B at 20k/s, another task SETs 16 MiB back to back",
        rate: 20_000,
        big: Some(Big::Set),
    },
];

/// The percentiles reported, in microseconds: p50, p99, p99.9, max; and the failed
/// requests.
type Row = [f64; 5];

fn percentiles(outcome: Outcome) -> Row {
    let (mut ns, failed) = (outcome.ns, outcome.failed);
    if ns.is_empty() {
        return [f64::NAN, f64::NAN, f64::NAN, f64::NAN, failed as f64];
    }
    ns.sort_unstable();
    let at = |q: f64| ns[((ns.len() as f64 * q) as usize).min(ns.len() - 1)] as f64 / 1e3;
    [at(0.5), at(0.99), at(0.999), at(1.0), failed as f64]
}

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn listed(var: &str, name: &str) -> bool {
    std::env::var(var).map_or(true, |w| w.split(',').any(|n| n == name))
}

/// One run: small GETs on `small` at the workload's rate for `seconds`, while the big
/// neighbour (if any) works on `big`. Returns the small GETs' latencies.
async fn run<C: Caller>(small: &C, big: &C, work: Workload, seconds: f64) -> Outcome {
    let stop = Arc::new(AtomicBool::new(false));
    let neighbour = work.big.map(|kind| {
        let (big, stop) = (big.clone(), stop.clone());
        let value = big_value();
        tokio::spawn(async move {
            let mut done = 0;
            while !stop.load(Ordering::Relaxed) {
                let ok = match kind {
                    Big::Get => big.get_big().await,
                    Big::Set => big.set_big(value).await,
                };
                done += usize::from(ok);
            }
            done
        })
    });
    if neighbour.is_some() {
        // The neighbour's first requests are under way before the first arrival.
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let recorder = Recorder::default();
    let count = (f64::from(work.rate) * seconds) as u32;
    let interval = Duration::from_secs(1) / work.rate;
    let start = Instant::now() + Duration::from_millis(1);
    for i in 0..count {
        let at = start + interval * i;
        while Instant::now() < at {
            tokio::task::yield_now().await;
        }
        small.arrive(at, &recorder).await;
    }
    let deadline = Instant::now() + Duration::from_secs(60);
    while recorder.len() < count as usize {
        assert!(Instant::now() < deadline, "replies missing after a minute");
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    stop.store(true, Ordering::Relaxed);
    if let Some(neighbour) = neighbour {
        let done = neighbour.await.expect("the neighbour panicked");
        assert!(done > 0, "the neighbour did nothing");
    }
    // A binding, so the lock's guard is dropped before `recorder`.
    let outcome = std::mem::take(&mut *recorder.0.lock().unwrap());
    outcome
}

/// A run of a workload, boxed.
type Running = std::pin::Pin<Box<dyn std::future::Future<Output = Outcome> + Send>>;

/// A contestant: its name, and a run of a workload (the small GETs' latencies).
type Contestant = (String, Box<dyn Fn(Workload, f64) -> Running + Send + Sync>);

fn contestant<C: Caller>(name: &str, small: C, big: C) -> Contestant {
    let run = move |work: Workload, seconds: f64| {
        let (small, big) = (small.clone(), big.clone());
        Box::pin(async move { run(&small, &big, work, seconds).await }) as Running
    };
    (name.to_owned(), Box::new(run))
}

async fn typedis_client(url: &str) -> Res<typedis::Client> {
    let mut config = typedis::Config::from_url(url)?;
    if let Ok(early) = std::env::var("E2E_EARLY") {
        config = config.write_early_after(early.parse().ok());
    }
    Ok(typedis::Client::with_config(config).await?)
}

async fn fred_client(url: &str) -> Res<fred::clients::Client> {
    use fred::interfaces::ClientLike;
    let c =
        fred::types::Builder::from_config(fred::types::config::Config::from_url(url)?).build()?;
    c.init().await?;
    Ok(c)
}

async fn redis_rs(url: &str) -> Res<redis::aio::MultiplexedConnection> {
    Ok(redis::Client::open(url)?
        .get_multiplexed_async_connection()
        .await?)
}

async fn contestants(port: u16, neighbour: bool) -> Res<Vec<Contestant>> {
    let url = format!("redis://127.0.0.1:{port}");
    let url = url.as_str();
    let mut all = Vec::new();
    let raw = Raw::connect(port).await?;
    all.push(contestant("raw socket", raw.clone(), raw));
    if neighbour {
        let (small, big) = (Raw::connect(port).await?, Raw::connect(port).await?);
        all.push(contestant(
            "raw socket, big on its own connection",
            small,
            big,
        ));
    }
    let t = Typedis(typedis_client(url).await?);
    all.push(contestant("typedis", t.clone(), t));
    if neighbour {
        let (small, big) = (typedis_client(url).await?, typedis_client(url).await?);
        all.push(contestant(
            "typedis, big on a second client",
            Typedis(small),
            Typedis(big),
        ));
    }
    let r = RedisRs(redis_rs(url).await?);
    all.push(contestant("redis-rs", r.clone(), r));
    let f = Fred(fred_client(url).await?);
    all.push(contestant("fred", f.clone(), f));
    let s = Rustis(rustis::client::Client::connect(url).await?);
    all.push(contestant("rustis", s.clone(), s));
    all.retain(|(name, _)| {
        let library = name.split(',').next().unwrap_or(name);
        listed("E2E_ONLY", library)
    });
    Ok(all)
}

async fn main_async(port: u16) -> Res<()> {
    let rounds: usize = env("LAT_ROUNDS", 3);
    let seconds: f64 = env("LAT_SECONDS", 2.0);
    {
        let raw = Raw::connect(port).await?;
        let value = "v".repeat(SMALL_LEN);
        let set = format!("*3\r\n$3\r\nSET\r\n$5\r\n{SMALL_KEY}\r\n${SMALL_LEN}\r\n{value}\r\n");
        raw.round_trip(set.as_bytes()).await;
        assert!(raw.set_big(big_value()).await);
    }
    for work in WORKLOADS {
        if !listed("LAT_WORK", work.name) {
            continue;
        }
        let all = contestants(port, work.big.is_some()).await?;
        // Every contestant warms up once, then each runs in turn, round after round, so a
        // noisy moment of the machine hits them alike.
        for (_, run) in &all {
            run(work, 0.3).await;
        }
        let mut rows: Vec<Vec<Row>> = vec![Vec::new(); all.len()];
        for _ in 0..rounds {
            for (i, (_, run)) in all.iter().enumerate() {
                rows[i].push(percentiles(run(work, seconds).await));
            }
        }
        println!(
            "\n{} ({rounds} runs of {seconds} s, the median of each column, µs)",
            work.title
        );
        println!(
            "{:<40} {:>9} {:>9} {:>9} {:>9} {:>9}",
            "", "p50", "p99", "p99.9", "max", "failed"
        );
        for ((name, _), runs) in all.iter().zip(&rows) {
            let median = |col: usize| {
                let mut v: Vec<f64> = runs.iter().map(|r| r[col]).collect();
                v.sort_by(f64::total_cmp);
                v[v.len() / 2]
            };
            let failed: f64 = runs.iter().map(|r| r[4]).sum();
            println!(
                "{name:<40} {:>9.0} {:>9.0} {:>9.0} {:>9.0} {failed:>9}",
                median(0),
                median(1),
                median(2),
                median(3)
            );
        }
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let server = Server::start()?;
    let rt = match std::env::var("LAT_RUNTIME").as_deref() {
        Ok("current") => tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?,
        _ => tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()?,
    };
    // The arrivals are made in a task of the runtime, as a server's would be.
    rt.block_on(async move { tokio::spawn(main_async(server.port)).await? })
        .map_err(|e| e as Box<dyn std::error::Error>)
}
