//! A primary is killed while tasks keep writing and reading; the cluster promotes its
//! replica. Commands for the dead shard fail (with a connection error, a timeout or
//! `CLUSTERDOWN`) only until the promotion; with `cluster-require-full-coverage no`,
//! commands for the other shards never fail; afterwards every key works again and holds
//! what was acknowledged. (With full coverage required, which is Redis's default, every
//! node answers `CLUSTERDOWN` until the promotion: the client retries that a few times
//! within the response timeout, then returns it.)

mod cluster_support;

use cluster_support::{wrong_values, Workload};
use std::time::{Duration, Instant};
use typedis::cluster::{ClusterClient, ClusterConfig};
use typedis::cmd;
use typedis::cmd::key_slot;
use typedis_tests::RedisCluster;

fn key(task: usize, i: usize) -> String {
    format!("crash:{task}:{i}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_primary_is_replaced_and_everything_works_again() {
    let started = Instant::now();
    let mut cluster = RedisCluster::builder()
        .node_timeout_ms(2000)
        .arg("--cluster-require-full-coverage")
        .arg("no")
        .start();
    let config = ClusterConfig::from_url(&cluster.url())
        .unwrap()
        .response_timeout(Some(Duration::from_secs(1)))
        .connect_timeout(Duration::from_secs(1));
    let client = ClusterClient::with_config(config).await.unwrap();
    let slot = key_slot(key(0, 0).as_bytes());
    let victim = cluster.index_of(cluster.primary_of(slot, 0));
    let replica = cluster.replicas_of(victim)[0];
    let victim_port = cluster.nodes()[victim].port();
    let victim_slots: Vec<(u16, u16)> = cluster
        .slot_map(replica)
        .into_iter()
        .filter(|(_, _, port)| *port == victim_port)
        .map(|(s, e, _)| (s, e))
        .collect();

    let workload = Workload::start(&client, 4, 100, key);
    tokio::time::sleep(Duration::from_millis(300)).await;
    cluster.kill(victim);
    let killed = Instant::now();
    let deadline = killed + Duration::from_secs(20);
    while cluster.cli(replica, &["ROLE"]).lines().next() != Some("master") {
        assert!(Instant::now() < deadline, "the replica was not promoted");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let promoted = killed.elapsed();
    cluster.wait_ready(Duration::from_secs(20));
    tokio::time::sleep(Duration::from_secs(1)).await;
    let ready = killed.elapsed();
    let report = workload.stop().await;
    let stopped = killed.elapsed();

    // Only the dead shard's keys saw errors, and only errors that say so.
    for error in &report.errors {
        let k = error.split(' ').nth(1).unwrap().trim_end_matches(':');
        let s = key_slot(k.as_bytes());
        assert!(
            victim_slots.iter().any(|(a, b)| (*a..=*b).contains(&s)),
            "a key of a healthy shard failed: {error}"
        );
        assert!(
            ["connection closed", "timed out", "CLUSTERDOWN", "i/o error"]
                .iter()
                .any(|m| error.contains(m)),
            "unexpected error: {error}"
        );
    }
    assert!(report.stale_reads.is_empty(), "{:?}", report.stale_reads);
    let wrong = wrong_values(&client, &report).await;
    assert!(wrong.is_empty(), "{wrong:?}");
    // Every key works again.
    for t in 0..4 {
        for i in 0..100 {
            let k = key(t, i);
            let () = client
                .query_as(cmd("SET").key(&k).arg("after"))
                .await
                .unwrap();
            let v: String = client.query_as(cmd("GET").key(&k)).await.unwrap();
            assert_eq!(v, "after");
        }
    }
    assert_eq!(
        client.primary_for_slot(slot),
        Some(cluster.nodes()[replica].addr())
    );
    eprintln!(
        "{} ops, {} errors, promoted {promoted:?} after the kill, ready {ready:?}, \
         stopped {stopped:?}, {:?}, total {:?}",
        report.ops,
        report.errors.len(),
        client.stats(),
        started.elapsed()
    );
}
