//! A write/read workload for the Sentinel failover tests: tasks that each own a set of
//! keys, write them round after round with a value naming the key and the round, read
//! each back at once, and remember what was acknowledged and when, so that afterwards
//! every value can be checked on the new primary itself.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::task::JoinHandle;
use typedis::sentinel::SentinelClient;
use typedis::{b, Error};

/// What the tasks saw.
#[derive(Debug, Default)]
pub struct Report {
    /// The last round acknowledged for each key.
    pub acked: HashMap<String, u64>,
    /// A round whose write failed after the last acknowledged one: it may or may not have
    /// been applied.
    pub uncertain: HashMap<String, u64>,
    /// Errors that a failover explains (connection closed, unreachable, timeout), with when.
    pub failover_errors: Vec<(Instant, String)>,
    /// Any other error.
    pub other_errors: Vec<String>,
    /// Reads right after an acknowledged write that returned something else: a stale
    /// value, or another caller's reply.
    pub wrong_reads: Vec<String>,
    /// When each successful write was acknowledged, in order per task.
    pub successes: Vec<Instant>,
    /// Commands that completed (either way).
    pub ops: u64,
}

/// The value written for `key` in `round`: it names both, so a reply meant for another
/// caller cannot pass for this one.
pub fn value(key: &str, round: u64) -> String {
    format!("{key}={round}")
}

/// Running workload tasks.
pub struct Workload {
    stop: Arc<AtomicBool>,
    tasks: Vec<JoinHandle<Report>>,
}

impl Workload {
    /// Starts `tasks` tasks, task `t` owning the keys `"{prefix}:{t}:{0..keys}"`.
    pub fn start(client: &SentinelClient, prefix: &str, tasks: usize, keys: usize) -> Workload {
        let stop = Arc::new(AtomicBool::new(false));
        let tasks = (0..tasks)
            .map(|t| {
                let client = client.clone();
                let stop = stop.clone();
                let keys: Vec<String> = (0..keys).map(|i| format!("{prefix}:{t}:{i}")).collect();
                tokio::spawn(async move {
                    let mut report = Report::default();
                    let mut round = 0u64;
                    while !stop.load(Ordering::Relaxed) {
                        round += 1;
                        for k in &keys {
                            if stop.load(Ordering::Relaxed) {
                                break;
                            }
                            one_key(&client, k, round, &mut report).await;
                        }
                    }
                    report
                })
            })
            .collect();
        Workload { stop, tasks }
    }

    /// Stops the tasks and gathers what they saw.
    pub async fn stop(self) -> Report {
        self.stop.store(true, Ordering::Relaxed);
        let mut all = Report::default();
        for task in self.tasks {
            let r = task.await.expect("workload task");
            all.acked.extend(r.acked);
            all.uncertain.extend(r.uncertain);
            all.failover_errors.extend(r.failover_errors);
            all.other_errors.extend(r.other_errors);
            all.wrong_reads.extend(r.wrong_reads);
            all.successes.extend(r.successes);
            all.ops += r.ops;
        }
        all.successes.sort();
        all.failover_errors.sort();
        all
    }
}

fn record(report: &mut Report, what: String, e: Error) {
    match e {
        Error::ConnectionClosed(_) | Error::Unreachable(_) | Error::Timeout(_) => {
            report
                .failover_errors
                .push((Instant::now(), format!("{what}: {e}")));
        }
        e => report.other_errors.push(format!("{what}: {e}")),
    }
}

async fn one_key(client: &SentinelClient, k: &str, round: u64, report: &mut Report) {
    report.ops += 1;
    let v = value(k, round);
    match client.query(b().set().key(k).value(&v)).await {
        Ok(()) => {
            report.acked.insert(k.to_owned(), round);
            report.uncertain.remove(k);
            report.successes.push(Instant::now());
        }
        Err(e) => {
            report.uncertain.insert(k.to_owned(), round);
            record(report, format!("SET {k}"), e);
            // Do not spin while the primary is away.
            tokio::time::sleep(Duration::from_millis(20)).await;
            return;
        }
    }
    report.ops += 1;
    match client.query_as::<Option<String>>(b().get().key(k)).await {
        Ok(Some(got)) if got == v => {}
        Ok(other) => report
            .wrong_reads
            .push(format!("GET {k}: {other:?}, wrote {v}")),
        Err(e) => record(report, format!("GET {k}"), e),
    }
}

/// The keys whose value on the node at `port` (read there directly) is not the one
/// acknowledged last (or, after a failed write, that one or the failed one).
pub fn wrong_values(report: &Report, port: u16) -> Vec<String> {
    let mut node = typedis_tests::RawConnection::connect(port);
    let mut wrong = Vec::new();
    for (k, &acked) in &report.acked {
        let got: Option<String> = node
            .request(&[b"GET", k.as_bytes()])
            .decode()
            .unwrap_or(None);
        let ok = got.as_deref() == Some(value(k, acked).as_str())
            || report
                .uncertain
                .get(k)
                .is_some_and(|&u| got.as_deref() == Some(value(k, u).as_str()));
        if !ok {
            wrong.push(format!("{k}: {got:?}, acknowledged {}", value(k, acked)));
        }
    }
    wrong.sort();
    wrong
}
