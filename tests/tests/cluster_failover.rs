//! A replica takes over from its primary (`CLUSTER FAILOVER` on the replica) while tasks
//! keep writing and reading: commands held during the switch are redirected to the new
//! primary, none fails, every acknowledged value is there afterwards.

mod cluster_support;

use cluster_support::{wrong_values, Workload};
use std::time::{Duration, Instant};
use typedis::cluster::ClusterClient;
use typedis::cmd::key_slot;
use typedis_tests::RedisCluster;

fn key(task: usize, i: usize) -> String {
    format!("failover:{task}:{i}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn manual_failover_under_load_loses_nothing() {
    let started = Instant::now();
    let cluster = RedisCluster::start();
    let client = ClusterClient::connect(&cluster.url()).await.unwrap();
    let slot = key_slot(key(0, 0).as_bytes());
    let primary = cluster.index_of(cluster.primary_of(slot, 0));
    let replica = cluster.replicas_of(primary)[0];

    let workload = Workload::start(&client, 4, 100, key);
    tokio::time::sleep(Duration::from_millis(300)).await;
    cluster.cli(replica, &["CLUSTER", "FAILOVER"]);
    let deadline = Instant::now() + Duration::from_secs(15);
    while cluster.cli(replica, &["ROLE"]).lines().next() != Some("master") {
        assert!(Instant::now() < deadline, "the replica was not promoted");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let promoted = started.elapsed();
    cluster.wait_ready(Duration::from_secs(15));
    tokio::time::sleep(Duration::from_millis(500)).await;
    let report = workload.stop().await;

    assert!(report.errors.is_empty(), "errors: {:?}", report.errors);
    assert!(report.stale_reads.is_empty(), "{:?}", report.stale_reads);
    assert_eq!(report.acked.len(), 4 * 100);
    let wrong = wrong_values(&client, &report).await;
    assert!(wrong.is_empty(), "{wrong:?}");
    assert_eq!(
        client.primary_for_slot(slot),
        Some(cluster.nodes()[replica].addr())
    );
    eprintln!(
        "{} ops, promoted at {promoted:?}, {:?}, total {:?}",
        report.ops,
        client.stats(),
        started.elapsed()
    );
}
