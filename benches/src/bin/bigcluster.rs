//! The cluster client against a big cluster: `BIG_NODES` (100 by default) local
//! `redis-server --cluster-enabled yes` primaries, started, joined and stopped by this
//! program. It measures, one after the other, and prints a table:
//!
//! Over 500 lines: one program read top to bottom: it starts a cluster, runs each
//! measurement and prints the table.
//!
//! - `ClusterClient::connect` (discovery only: nodes are connected to as commands need
//!   them), and the connections it opens;
//! - resident memory and heap held per node connection, once a client has touched every
//!   node;
//! - one topology refresh: time, heap allocations, and the bytes of the `CLUSTER SHARDS`
//!   and `CLUSTER SLOTS` replies it reads;
//! - routing cost: this process's CPU time per command through the cluster client and
//!   through a plain client to one node, on keys of that node (`SET`+`GET`, and keyless
//!   `ECHO`);
//! - throughput of `SET`+`GET` with 64 tasks and with `BIG_TASKS` (10,000) tasks started
//!   at once on a client that has not yet connected to any node (the connections the
//!   nodes accept meanwhile are counted: a storm shows as more than one per node), beside
//!   `redis-benchmark --cluster -c 64 -t set,get`;
//! - a reshard of `BIG_RESHARD` (1,000) slots with their keys while 64 tasks write and
//!   read back their keys: the client's refreshes and redirects, errors callers saw, and
//!   acknowledged writes lost (must be none).
//!
//! `cargo run --release -p typedis-benches --bin bigcluster`. `TYPEDIS_SERVER` names
//! another server binary (Valkey).

#[path = "bigcluster/fake.rs"]
mod fake;
#[path = "bigcluster/nodes.rs"]
mod nodes;
#[path = "bigcluster/reshard.rs"]
mod reshard;
#[path = "bigcluster/workload.rs"]
mod workload;

use nodes::{share, vm_rss_kib, BigCluster};
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use std::process::Command as Process;
use std::sync::Arc;
use std::time::{Duration, Instant};
use typedis::cmd::key_slot;
use typedis::{cmd, Client, ClusterClient, ClusterConfig};
use workload::{Checked, Run};

#[global_allocator]
static GLOBAL: &StatsAlloc<std::alloc::System> = &INSTRUMENTED_SYSTEM;

type Res<T> = Result<T, Box<dyn std::error::Error>>;

fn env_or(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Whether the phase `name` runs: all of them unless `BIG_PHASES` lists some
/// (`connect,memory,refresh,routing,throughput,many,reshard`).
fn phase(name: &str) -> bool {
    std::env::var("BIG_PHASES").map_or(true, |p| p.split(',').any(|n| n == name))
}

fn rss_kib() -> u64 {
    vm_rss_kib("/proc/self/status").unwrap_or(0)
}

/// One row of the printed table.
fn row(what: &str, value: String) {
    println!("| {what} | {value} |");
}

fn main() -> Res<()> {
    let args: Vec<String> = std::env::args().collect();
    if let [_, flag, n] = &args[..] {
        if flag == "--fake-serve" {
            return fake::serve(n.parse()?);
        }
    }
    let n = env_or("BIG_NODES", 100);
    let many = env_or("BIG_TASKS", 10_000);
    let reshard_slots = env_or("BIG_RESHARD", 1000);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    match std::env::var("BIG_FAKE").ok().and_then(|v| v.parse().ok()) {
        Some(fakes) => runtime.block_on(bench_fake(fakes, many)),
        None => runtime.block_on(bench(n, many, reshard_slots)),
    }
}

/// The client's side against `n` fake nodes (see `fake.rs`): connect, memory per node
/// connection, one refresh, and many tasks on a cold client.
async fn bench_fake(n: usize, many: usize) -> Res<()> {
    let nodes = fake::FakeNodes::start(n)?;
    println!(
        "{n} fake primaries (one child process); load before: {}",
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .trim()
    );
    println!();
    println!("| measure | value |");
    println!("|---|---|");
    let url = nodes.url();
    let mut times = Vec::new();
    for _ in 0..5 {
        let t = Instant::now();
        let c = ClusterClient::connect(&url).await?;
        times.push(t.elapsed());
        c.close(Duration::from_secs(1)).await;
    }
    times.sort();
    row(
        "`ClusterClient::connect` (median of 5)",
        format!("{:.2} ms", times[2].as_secs_f64() * 1e3),
    );
    let client = ClusterClient::connect(&url).await?;
    let rss_before = rss_kib();
    let region = Region::new(GLOBAL);
    for i in 0..n {
        let _: Option<bytes::Bytes> = client.query_as(cmd("GET").key(key_on(i, n, 0))).await?;
    }
    let held = region.change();
    memory_row(rss_before, rss_kib(), &held, client.stats().nodes);
    let admin = Client::connect(&format!("redis://127.0.0.1:{}", nodes.ports[0])).await?;
    refresh_cost(&admin, &url).await?;
    let keys: Arc<Vec<String>> = Arc::new((0..100_000).map(|i| format!("key:{i}")).collect());
    let run = workload::set_get(&client, 64, 1000, &keys).await;
    row(
        "SET+GET, 64 tasks × 1,000 rounds",
        format!(
            "{:.1}k ops/s, {:.1} µs CPU/op (fake nodes in a child process), {} errors",
            run.ops_per_sec() / 1e3,
            run.cpu_us_per_op(),
            run.errors
        ),
    );
    client.close(Duration::from_secs(1)).await;
    let cold = ClusterClient::connect(&url).await?;
    let rss_before = rss_kib();
    let first = workload::set_get(&cold, many, 10, &keys).await;
    row(
        &format!("SET+GET, {many} tasks × 10 rounds, from a cold client"),
        format!(
            "{:.1}k ops/s, {} errors; {} nodes connected; RSS +{:.1} MiB",
            first.ops_per_sec() / 1e3,
            first.errors,
            cold.stats().nodes,
            (rss_kib().saturating_sub(rss_before)) as f64 / 1024.0
        ),
    );
    cold.close(Duration::from_secs(1)).await;
    admin.close(Duration::from_secs(1)).await;
    drop(nodes);
    Ok(())
}

async fn bench(n: usize, many: usize, reshard_slots: usize) -> Res<()> {
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let started = Instant::now();
    let cluster = BigCluster::start(n, Duration::from_secs(120)).await?;
    let setup = started.elapsed();
    println!(
        "{n} primaries up and consistent in {:.1} s; servers' RSS {} MiB; load before: {}",
        setup.as_secs_f64(),
        cluster.servers_rss_kib() / 1024,
        load.trim()
    );
    println!();
    println!("| measure | value |");
    println!("|---|---|");
    let url = cluster.url();

    // Connect: discovery only.
    if phase("connect") {
        let accepted = cluster
            .info_sum("stats", "total_connections_received")
            .await?;
        let mut times = Vec::new();
        for _ in 0..5 {
            let t = Instant::now();
            let c = ClusterClient::connect(&url).await?;
            times.push(t.elapsed());
            c.close(Duration::from_secs(1)).await;
        }
        times.sort();
        let opened = cluster
            .info_sum("stats", "total_connections_received")
            .await?
            - accepted;
        row(
            "`ClusterClient::connect` (median of 5)",
            format!(
                "{:.2} ms, {} connections opened per connect",
                times[2].as_secs_f64() * 1e3,
                opened / 5
            ),
        );
    }

    // Memory per node connection.
    let one_key_per_node: Vec<String> = (0..n).map(|i| key_on(i, n, 0)).collect();
    let client = ClusterClient::connect(&url).await?;
    let rss_before = rss_kib();
    let region = Region::new(GLOBAL);
    for k in &one_key_per_node {
        let _: Option<bytes::Bytes> = client.query_as(cmd("GET").key(k)).await?;
    }
    let held = region.change();
    memory_row(rss_before, rss_kib(), &held, client.stats().nodes);

    if phase("refresh") {
        refresh_cost(&cluster.admin[0], &url).await?;
    }
    if phase("routing") {
        routing_cost(&cluster, &client, n).await?;
    }

    // Throughput, 64 tasks, keys over every slot.
    let keys: Arc<Vec<String>> = Arc::new((0..100_000).map(|i| format!("key:{i}")).collect());
    if phase("throughput") {
        let mut runs = Vec::new();
        for _ in 0..3 {
            runs.push(workload::set_get(&client, 64, 1000, &keys).await);
        }
        let best = best_of(&runs);
        row(
            "SET+GET, 64 tasks × 1,000 rounds (best of 3)",
            format!(
                "{:.1}k ops/s, {:.1} µs CPU/op, {} errors (runs: {})",
                best.ops_per_sec() / 1e3,
                best.cpu_us_per_op(),
                runs.iter().map(|r| r.errors).sum::<u64>(),
                runs.iter()
                    .map(|r| format!("{:.1}k", r.ops_per_sec() / 1e3))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
        redis_benchmark(&cluster);
    }
    if phase("many") {
        // Many tasks at once on a client connected to no node yet.
        let cold = ClusterClient::connect(&url).await?;
        let accepted = cluster
            .info_sum("stats", "total_connections_received")
            .await?;
        let rss_before = rss_kib();
        let first = workload::set_get(&cold, many, 10, &keys).await;
        let opened = cluster
            .info_sum("stats", "total_connections_received")
            .await?
            - accepted;
        let rss_peak = rss_kib();
        row(
        &format!("SET+GET, {many} tasks × 10 rounds, from a cold client"),
        format!(
            "{:.1}k ops/s, {:.1} µs CPU/op, {} errors; {} connections opened to {} nodes; RSS +{:.1} MiB",
            first.ops_per_sec() / 1e3,
            first.cpu_us_per_op(),
            first.errors,
            opened,
            cold.stats().nodes,
            (rss_peak.saturating_sub(rss_before)) as f64 / 1024.0
        ),
    );
        let mut runs = Vec::new();
        for _ in 0..2 {
            runs.push(workload::set_get(&cold, many, 10, &keys).await);
        }
        let best = best_of(&runs);
        row(
            &format!("SET+GET, {many} tasks × 10 rounds, warm (best of 2)"),
            format!(
                "{:.1}k ops/s, {:.1} µs CPU/op, {} errors",
                best.ops_per_sec() / 1e3,
                best.cpu_us_per_op(),
                runs.iter().map(|r| r.errors).sum::<u64>()
            ),
        );
        cold.close(Duration::from_secs(1)).await;
    }
    if phase("reshard") {
        reshard(&cluster, &url, n, reshard_slots).await?;
    }
    client.close(Duration::from_secs(1)).await;
    println!();
    println!(
        "load after: {}",
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .trim()
    );
    drop(cluster);
    Ok(())
}

/// A key whose slot node `i` of `n` serves at first, the `j`-th such.
/// The "memory per node connection" row: resident and heap growth over `nodes` node
/// connections opened between the two readings.
fn memory_row(rss_before: u64, rss_after: u64, held: &stats_alloc::Stats, nodes: usize) {
    let heap = held.bytes_allocated as f64 - held.bytes_deallocated as f64;
    let rss = (rss_after - rss_before) as f64;
    row(
        "memory per node connection (RSS; heap held)",
        format!(
            "{:.1} KiB; {:.1} KiB ({nodes} nodes: RSS +{:.2} MiB, heap +{:.2} MiB)",
            rss / nodes as f64,
            heap / 1024.0 / nodes as f64,
            rss / 1024.0,
            heap / 1048576.0
        ),
    );
}

fn key_on(i: usize, n: usize, j: usize) -> String {
    let (start, end) = share(i, n);
    (0..)
        .map(|x| format!("node{i}:{j}:{x}"))
        .find(|k| (start..=end).contains(&key_slot(k.as_bytes())))
        .expect("a key in the range")
}

fn best_of(runs: &[Run]) -> &Run {
    runs.iter()
        .max_by(|a, b| a.ops_per_sec().total_cmp(&b.ops_per_sec()))
        .expect("a run")
}

/// One refresh: time, allocations, and what the server sends.
async fn refresh_cost(admin: &Client, url: &str) -> Res<()> {
    let config = ClusterConfig::from_url(url)?
        .min_refresh_interval(Duration::ZERO)
        .refresh_interval(None);
    let client = ClusterClient::with_config(config).await?;
    client.refresh_topology().await;
    let rounds = 20u32;
    let region = Region::new(GLOBAL);
    let t = Instant::now();
    for _ in 0..rounds {
        client.refresh_topology().await;
    }
    let took = t.elapsed() / rounds;
    let allocs = region.change();
    let connected = client.stats().nodes;
    client.close(Duration::from_secs(1)).await;
    let shards = admin
        .send(cmd("CLUSTER").arg("SHARDS"))
        .await?
        .as_bytes()
        .len();
    let slots = admin
        .send(cmd("CLUSTER").arg("SLOTS"))
        .await?
        .as_bytes()
        .len();
    let t = Instant::now();
    for _ in 0..rounds {
        admin.send(cmd("CLUSTER").arg("SHARDS")).await?;
    }
    let one_shards = t.elapsed() / rounds;
    row(
        "one topology refresh (mean of 20)",
        format!(
            "{:.2} ms, {} allocations, {:.0} KiB allocated; nodes connected by refreshes: {}",
            took.as_secs_f64() * 1e3,
            allocs.allocations / rounds as usize,
            allocs.bytes_allocated as f64 / 1024.0 / f64::from(rounds),
            connected
        ),
    );
    row(
        "`CLUSTER SHARDS` / `CLUSTER SLOTS` reply",
        format!(
            "{:.1} KiB / {:.1} KiB; one `CLUSTER SHARDS` round trip {:.2} ms",
            shards as f64 / 1024.0,
            slots as f64 / 1024.0,
            one_shards.as_secs_f64() * 1e3
        ),
    );
    Ok(())
}

/// CPU per command through the cluster client and through a plain client, on keys of
/// node 0, 64 tasks, alternated.
async fn routing_cost(cluster: &BigCluster, client: &ClusterClient, n: usize) -> Res<()> {
    let plain = Client::connect(&format!("redis://127.0.0.1:{}", cluster.ports[0])).await?;
    let keys: Arc<Vec<String>> = Arc::new((0..1000).map(|j| key_on(0, n, j)).collect());
    let (mut via_cluster, mut via_plain) = (Vec::new(), Vec::new());
    let (mut echo_cluster, mut echo_plain) = (Vec::new(), Vec::new());
    for _ in 0..3 {
        via_plain.push(workload::set_get(&plain, 64, 500, &keys).await);
        via_cluster.push(workload::set_get(client, 64, 500, &keys).await);
        echo_plain.push(workload::echo(&plain, 64, 1000).await);
        echo_cluster.push(workload::echo(client, 64, 1000).await);
    }
    let cpu = |runs: &[Run]| {
        let mut v: Vec<f64> = runs.iter().map(Run::cpu_us_per_op).collect();
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let rate = |runs: &[Run]| best_of(runs).ops_per_sec() / 1e3;
    row(
        "SET+GET on node 0's keys, 64 tasks: cluster client / plain client (median CPU; best rate)",
        format!(
            "{:.2} / {:.2} µs CPU per command ({:+.2} µs routing); {:.1}k / {:.1}k ops/s",
            cpu(&via_cluster),
            cpu(&via_plain),
            cpu(&via_cluster) - cpu(&via_plain),
            rate(&via_cluster),
            rate(&via_plain)
        ),
    );
    row(
        "keyless ECHO, 64 tasks: cluster client / plain client",
        format!(
            "{:.2} / {:.2} µs CPU per command ({:+.2} µs routing); {:.1}k / {:.1}k ops/s",
            cpu(&echo_cluster),
            cpu(&echo_plain),
            cpu(&echo_cluster) - cpu(&echo_plain),
            rate(&echo_cluster),
            rate(&echo_plain)
        ),
    );
    plain.close(Duration::from_secs(1)).await;
    Ok(())
}

/// `redis-benchmark --cluster -c 64 -t set,get` with 64-byte values on random keys.
fn redis_benchmark(cluster: &BigCluster) {
    let out = Process::new("redis-benchmark")
        .args(["--cluster", "-h", "127.0.0.1", "-p"])
        .arg(cluster.ports[0].to_string())
        .args(["-c", "64", "-n", "200000", "-t", "set,get", "-d", "64"])
        .args(["-r", "1000000", "-q"])
        .output();
    let text = match out {
        Ok(o) => String::from_utf8_lossy(&o.stdout).into_owned(),
        Err(e) => format!("not run: {e}"),
    };
    // `-q` rewrites its progress line with \r; keep the final figures.
    let figures: Vec<String> = text
        .split(['\r', '\n'])
        .filter(|l| l.contains("requests per second"))
        .map(|l| l.split(" requests").next().unwrap_or(l).trim().to_owned())
        .collect();
    row(
        "`redis-benchmark --cluster -c 64 -n 200000 -t set,get -d 64 -r 1000000`",
        format!("{} requests/s", figures.join(", ")),
    );
}

/// A reshard of `slots` slots with their keys while 64 tasks run.
async fn reshard(cluster: &BigCluster, url: &str, n: usize, slots: usize) -> Res<()> {
    let client = ClusterClient::connect(url).await?;
    let dbsize_before = dbsize(cluster).await?;
    let before = client.stats();
    let workload = Checked::start(&client, 64, 20);
    tokio::time::sleep(Duration::from_secs(1)).await;
    let during = client.stats();
    let t = Instant::now();
    let mut moved_keys = 0;
    for m in reshard::plan(n, slots) {
        moved_keys += reshard::move_slot(cluster, m).await?;
    }
    let took = t.elapsed();
    let after_moves = client.stats();
    tokio::time::sleep(Duration::from_secs(1)).await;
    let report = workload.stop().await;
    let after = client.stats();
    let wrong = workload::wrong_values(&client, &report).await;
    let written: std::collections::HashSet<&String> =
        report.acked.keys().chain(report.uncertain.keys()).collect();
    let dbsize_after = dbsize(cluster).await?;
    let lost_keys = (dbsize_before + written.len() as u64).saturating_sub(dbsize_after);
    row(
        &format!("reshard: {slots} slots moved with {moved_keys} keys, 64 tasks running"),
        format!(
            "{:.1} s; {} ops by the tasks; refreshes {} during the moves ({:.1}/s), redirects {}",
            took.as_secs_f64(),
            report.ops,
            after_moves.refreshes - during.refreshes,
            (after_moves.refreshes - during.refreshes) as f64 / took.as_secs_f64(),
            after_moves.redirects - during.redirects,
        ),
    );
    row(
        "reshard: what callers saw",
        format!(
            "{} errors, {} stale reads, {} acknowledged writes lost or wrong, {} keys missing; refreshes over the whole run {}",
            report.errors.len(),
            report.stale_reads.len(),
            wrong.len(),
            lost_keys,
            after.refreshes - before.refreshes
        ),
    );
    for e in report
        .errors
        .iter()
        .chain(&report.stale_reads)
        .chain(&wrong)
        .take(5)
    {
        println!("  e.g. {e}");
    }
    client.close(Duration::from_secs(1)).await;
    Ok(())
}

/// Keys in the whole cluster.
async fn dbsize(cluster: &BigCluster) -> Res<u64> {
    let mut sum = 0;
    for admin in &cluster.admin {
        let n: u64 = admin.query_as(cmd("DBSIZE")).await?;
        sum += n;
    }
    Ok(sum)
}
