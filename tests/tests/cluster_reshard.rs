//! `redis-cli --cluster reshard` moves hundreds of slots between primaries while tasks keep
//! writing and reading keys spread over every slot: `MOVED` and `ASK` are followed, no
//! value is lost, refreshes stay few, and the client's map ends equal to the cluster's.

mod cluster_support;

use cluster_support::{wrong_values, Workload};
use std::process::Command;
use std::time::{Duration, Instant};
use typedis::cluster::ClusterClient;
use typedis_tests::RedisCluster;

fn key(task: usize, i: usize) -> String {
    format!("reshard:{task}:{i}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resharding_under_load_follows_moved_and_the_map_converges() {
    const SLOTS: u32 = 1500;
    let started = Instant::now();
    let cluster = RedisCluster::start();
    let client = ClusterClient::connect(&cluster.url()).await.unwrap();
    let primaries = cluster.primaries();
    let (from, to) = (primaries[0], primaries[1]);

    let workload = Workload::start(&client, 4, 150, key);
    tokio::time::sleep(Duration::from_millis(300)).await;

    let reshard_started = Instant::now();
    let out = tokio::task::spawn_blocking({
        let args = vec![
            "--cluster".to_owned(),
            "reshard".to_owned(),
            cluster.nodes()[from].addr(),
            "--cluster-from".to_owned(),
            cluster.node_id(from),
            "--cluster-to".to_owned(),
            cluster.node_id(to),
            "--cluster-slots".to_owned(),
            SLOTS.to_string(),
            "--cluster-yes".to_owned(),
        ];
        move || Command::new("redis-cli").args(&args).output()
    })
    .await
    .unwrap()
    .expect("run redis-cli --cluster reshard");
    assert!(
        out.status.success(),
        "reshard failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let reshard_time = reshard_started.elapsed();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let report = workload.stop().await;

    assert!(report.errors.is_empty(), "errors: {:?}", report.errors);
    assert!(report.stale_reads.is_empty(), "{:?}", report.stale_reads);
    assert_eq!(report.acked.len(), 4 * 150);
    let wrong = wrong_values(&client, &report).await;
    assert!(wrong.is_empty(), "{wrong:?}");

    let stats = client.stats();
    assert!(stats.redirects > 0, "no redirect seen");
    // Refreshes are rate limited: far fewer than the redirects that asked for one.
    let limit = 10 * (1 + reshard_time.as_millis() as u64 / 100);
    assert!(stats.refreshes <= limit, "{stats:?} in {reshard_time:?}");

    // The client's map converges on the cluster's (after one more read of it).
    cluster.wait_ready(Duration::from_secs(10));
    client.refresh_topology().await;
    let map = cluster.slot_map(0);
    let moved: u32 = map
        .iter()
        .filter(|(_, _, port)| *port == cluster.nodes()[to].port())
        .map(|(s, e, _)| u32::from(e - s) + 1)
        .sum();
    assert!(moved >= 5461 + SLOTS - 1, "target serves {moved} slots");
    for (start, end, port) in map {
        for slot in [start, (start + end) / 2, end] {
            assert_eq!(
                client.primary_for_slot(slot),
                Some(format!("127.0.0.1:{port}")),
                "slot {slot}"
            );
        }
    }
    eprintln!(
        "{} ops, reshard of {SLOTS} slots in {reshard_time:?}, {stats:?}, total {:?}",
        report.ops,
        started.elapsed()
    );
}
