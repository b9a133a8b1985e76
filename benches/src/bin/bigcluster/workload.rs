//! The loads: tasks doing SET then GET on keys of their own, for throughput, and the
//! checked workload of the reshard (every acknowledged write remembered and read back
//! afterwards, as the cluster fault tests do); and the process's CPU time and resident
//! memory.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::task::JoinHandle;
use typedis::{cmd, ClusterClient, Redis};

/// A 64-byte value, as `redis-benchmark -d 64` writes.
pub const VALUE: &str = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

/// What a throughput run did.
pub struct Run {
    pub ops: u64,
    pub errors: u64,
    pub wall: Duration,
    /// CPU time of this process (user + system) over the run.
    pub cpu: Duration,
}

impl Run {
    pub fn ops_per_sec(&self) -> f64 {
        self.ops as f64 / self.wall.as_secs_f64()
    }

    /// Microseconds of this process's CPU per operation.
    pub fn cpu_us_per_op(&self) -> f64 {
        self.cpu.as_secs_f64() * 1e6 / self.ops as f64
    }
}

/// `tasks` tasks started at once, each doing `rounds` SET+GET on `keys[t * rounds + r]`
/// (wrapping), through `client`.
pub async fn set_get<R: Redis + Clone + 'static>(
    client: &R,
    tasks: usize,
    rounds: usize,
    keys: &Arc<Vec<String>>,
) -> Run {
    let cpu = cpu_time();
    let start = Instant::now();
    let handles: Vec<JoinHandle<(u64, u64)>> = (0..tasks)
        .map(|t| {
            let client = client.clone();
            let keys = keys.clone();
            tokio::spawn(async move {
                let (mut ops, mut errors) = (0, 0);
                for r in 0..rounds {
                    let k = &keys[(t * rounds + r) % keys.len()];
                    match client.query_as::<()>(cmd("SET").key(k).arg(VALUE)).await {
                        Ok(()) => ops += 1,
                        Err(_) => errors += 1,
                    }
                    match client
                        .query_as::<Option<bytes::Bytes>>(cmd("GET").key(k))
                        .await
                    {
                        Ok(Some(_)) => ops += 1,
                        _ => errors += 1,
                    }
                }
                (ops, errors)
            })
        })
        .collect();
    gather(handles, start, cpu).await
}

/// `tasks` tasks each doing `rounds` keyless `ECHO`s (a command any node may answer).
pub async fn echo<R: Redis + Clone + 'static>(client: &R, tasks: usize, rounds: usize) -> Run {
    let cpu = cpu_time();
    let start = Instant::now();
    let handles: Vec<JoinHandle<(u64, u64)>> = (0..tasks)
        .map(|_| {
            let client = client.clone();
            tokio::spawn(async move {
                let (mut ops, mut errors) = (0, 0);
                for _ in 0..rounds {
                    match client.query_as::<String>(cmd("ECHO").arg("hi")).await {
                        Ok(_) => ops += 1,
                        Err(_) => errors += 1,
                    }
                }
                (ops, errors)
            })
        })
        .collect();
    gather(handles, start, cpu).await
}

/// Waits for the load tasks and adds up their operations and errors, with the wall and
/// CPU time since `start` and `cpu`.
async fn gather(handles: Vec<JoinHandle<(u64, u64)>>, start: Instant, cpu: Duration) -> Run {
    let (mut ops, mut errors) = (0, 0);
    for h in handles {
        let (o, e) = h.await.expect("load task");
        ops += o;
        errors += e;
    }
    Run {
        ops,
        errors,
        wall: start.elapsed(),
        cpu: cpu_time().saturating_sub(cpu),
    }
}

/// What the checked workload saw.
#[derive(Debug, Default)]
pub struct Report {
    /// The last value the cluster acknowledged for each key.
    pub acked: HashMap<String, u64>,
    /// A value whose write failed after the last acknowledged one.
    pub uncertain: HashMap<String, u64>,
    pub errors: Vec<String>,
    /// Reads right after an acknowledged write that did not return it.
    pub stale_reads: Vec<String>,
    pub ops: u64,
}

/// Running checked workload tasks.
pub struct Checked {
    stop: Arc<AtomicBool>,
    tasks: Vec<JoinHandle<Report>>,
}

impl Checked {
    /// `tasks` tasks, task `t` writing and reading back the keys `check:{t}:{0..keys}`
    /// round after round.
    pub fn start(client: &ClusterClient, tasks: usize, keys: usize) -> Checked {
        let stop = Arc::new(AtomicBool::new(false));
        let tasks = (0..tasks)
            .map(|t| {
                let client = client.clone();
                let stop = stop.clone();
                tokio::spawn(async move {
                    let mut report = Report::default();
                    let mut round = 0u64;
                    while !stop.load(Ordering::Relaxed) {
                        round += 1;
                        for i in 0..keys {
                            let k = format!("check:{t}:{i}");
                            one_key(&client, &k, round, &mut report).await;
                        }
                    }
                    report
                })
            })
            .collect();
        Checked { stop, tasks }
    }

    /// Stops the tasks and gathers what they saw.
    pub async fn stop(self) -> Report {
        self.stop.store(true, Ordering::Relaxed);
        let mut all = Report::default();
        for task in self.tasks {
            let r = task.await.expect("workload task");
            all.acked.extend(r.acked);
            all.uncertain.extend(r.uncertain);
            all.errors.extend(r.errors);
            all.stale_reads.extend(r.stale_reads);
            all.ops += r.ops;
        }
        all
    }
}

async fn one_key(client: &ClusterClient, k: &str, round: u64, report: &mut Report) {
    report.ops += 1;
    match client.query_as::<()>(cmd("SET").key(k).arg(round)).await {
        Ok(()) => {
            report.acked.insert(k.to_owned(), round);
            report.uncertain.remove(k);
        }
        Err(e) => {
            report.uncertain.insert(k.to_owned(), round);
            report.errors.push(format!("SET {k}: {e}"));
            tokio::time::sleep(Duration::from_millis(20)).await;
            return;
        }
    }
    report.ops += 1;
    match client.query_as::<Option<u64>>(cmd("GET").key(k)).await {
        Ok(Some(v)) if v == round => {}
        Ok(other) => report
            .stale_reads
            .push(format!("GET {k}: {other:?}, wrote {round}")),
        Err(e) => report.errors.push(format!("GET {k}: {e}")),
    }
}

/// The keys whose value is not what the cluster acknowledged (or, after a failed write,
/// that value or the failed one).
pub async fn wrong_values(client: &ClusterClient, report: &Report) -> Vec<String> {
    let mut wrong = Vec::new();
    for (k, &acked) in &report.acked {
        let v: Option<u64> = match client.query_as(cmd("GET").key(k)).await {
            Ok(v) => v,
            Err(e) => {
                wrong.push(format!("{k}: {e}"));
                continue;
            }
        };
        let ok = match report.uncertain.get(k) {
            Some(&maybe) => v == Some(acked) || v == Some(maybe),
            None => v == Some(acked),
        };
        if !ok {
            wrong.push(format!("{k}: found {v:?}, acknowledged {acked}"));
        }
    }
    wrong
}

/// This process's CPU time so far (user + system, from `/proc/self/stat`, in clock
/// ticks of 10 ms).
pub fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name, which is in parentheses and may hold spaces.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    // utime and stime are fields 14 and 15 of the line: 11 and 12 counted from the state.
    Duration::from_millis((ticks(11) + ticks(12)) * 10)
}
