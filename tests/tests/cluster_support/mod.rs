//! A write/read workload for the cluster fault tests: tasks that each own a set of keys,
//! write them round after round, read each back at once, and remember what the cluster
//! acknowledged, so that afterwards every value can be checked.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::task::JoinHandle;
use typedis::cluster::ClusterClient;
use typedis::cmd;

/// What one task saw.
#[derive(Debug, Default)]
pub struct Report {
    /// The last value the cluster acknowledged for each key.
    pub acked: HashMap<String, u64>,
    /// A value whose write failed after the last acknowledged one: it may or may not have
    /// been applied.
    pub uncertain: HashMap<String, u64>,
    /// Every error, with the command that got it.
    pub errors: Vec<String>,
    /// Reads right after an acknowledged write that did not return it.
    pub stale_reads: Vec<String>,
    /// Commands that completed (either way).
    pub ops: u64,
}

impl Report {
    fn merge(&mut self, other: Report) {
        self.acked.extend(other.acked);
        self.uncertain.extend(other.uncertain);
        self.errors.extend(other.errors);
        self.stale_reads.extend(other.stale_reads);
        self.ops += other.ops;
    }
}

/// Running workload tasks.
pub struct Workload {
    stop: Arc<AtomicBool>,
    tasks: Vec<JoinHandle<Report>>,
}

impl Workload {
    /// Starts `tasks` tasks, task `t` owning the keys `key(t, 0..keys)`.
    pub fn start(
        client: &ClusterClient,
        tasks: usize,
        keys: usize,
        key: fn(usize, usize) -> String,
    ) -> Workload {
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
                            if stop.load(Ordering::Relaxed) {
                                break;
                            }
                            let k = key(t, i);
                            one_key(&client, &k, round, &mut report).await;
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
            all.merge(task.await.expect("workload task"));
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
            // Do not spin while the cluster is unavailable.
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

/// Reads every key the workload wrote and returns the ones whose value is not what the
/// cluster acknowledged (or, after a failed write, that value or the failed one).
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
