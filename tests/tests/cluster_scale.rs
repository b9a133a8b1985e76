//! What keeps a cluster client cheap as the cluster grows: tasks that all start at once on
//! a new client open one connection per node, not one per task; a `MOVED` to a primary
//! the client knows patches that slot without reading the whole map again.

use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Barrier;
use typedis::cluster::{ClusterClient, ClusterConfig};
use typedis::cmd;
use typedis::cmd::key_slot;
use typedis_tests::RedisCluster;

/// Connections node `i` has accepted so far (the `redis-cli` connection that asks
/// included).
fn accepted(cluster: &RedisCluster, i: usize) -> u64 {
    cluster
        .cli(i, &["INFO", "stats"])
        .lines()
        .find_map(|l| l.strip_prefix("total_connections_received:"))
        .and_then(|v| v.trim().parse().ok())
        .expect("total_connections_received")
}

/// Tasks started at once on the new client.
const TASKS: usize = 1000;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tasks_starting_at_once_open_one_connection_per_node() {
    let cluster = RedisCluster::builder().primaries(3).replicas(0).start();
    let before: Vec<u64> = (0..3).map(|i| accepted(&cluster, i)).collect();
    // One seed: discovery connects to it alone, the tasks find the other nodes unopened.
    let url = format!("redis+cluster://{}", cluster.nodes()[0].addr());
    let client = ClusterClient::connect(&url).await.unwrap();
    assert_eq!(client.stats().nodes, 1);
    // Released together, so that they all find the other nodes unopened.
    let start = Arc::new(Barrier::new(TASKS));
    let tasks: Vec<_> = (0..TASKS)
        .map(|t| {
            let client = client.clone();
            let start = start.clone();
            tokio::spawn(async move {
                start.wait().await;
                let k = format!("scale:{t}");
                client
                    .query_as::<()>(cmd("SET").key(&k).arg(t))
                    .await
                    .unwrap();
                let v: Option<u64> = client.query_as(cmd("GET").key(&k)).await.unwrap();
                assert_eq!(v, Some(t as u64));
            })
        })
        .collect();
    for task in tasks {
        task.await.unwrap();
    }
    assert_eq!(client.stats().nodes, 3);
    // Each node: the client's one connection, and the `redis-cli` asking now.
    let opened: Vec<u64> = (0..3)
        .map(|i| accepted(&cluster, i) - before[i] - 1)
        .collect();
    assert_eq!(opened, [1, 1, 1]);
}

#[tokio::test]
async fn a_moved_to_a_known_primary_patches_the_slot_without_a_refresh() {
    let cluster = RedisCluster::builder().primaries(3).replicas(0).start();
    let config = ClusterConfig::from_url(&cluster.url())
        .unwrap()
        .refresh_interval(None);
    let client = ClusterClient::with_config(config).await.unwrap();
    let key = "scale:moved";
    let slot = key_slot(key.as_bytes());
    client
        .query_as::<()>(cmd("SET").key(key).arg("v"))
        .await
        .unwrap();
    let from = cluster.index_of(cluster.primary_of(slot, 0));
    let to = (from + 1) % 3;
    cluster.move_slot(slot, from, to);
    let v: Option<String> = client.query_as(cmd("GET").key(key)).await.unwrap();
    assert_eq!(v.as_deref(), Some("v"));
    assert_eq!(
        client.primary_for_slot(slot),
        Some(cluster.nodes()[to].addr())
    );
    // A refresh would start in the background: give one the time to finish.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let stats = client.stats();
    assert_eq!((stats.redirects, stats.refreshes), (1, 0), "{stats:?}");
    cluster.wait_ready(Duration::from_secs(10));
}
