//! Client-side caching on a cluster: each node's client keeps its own cache over its own
//! tracking connection. Hits send nothing to any node; a write by another client on each
//! node invalidates what that node served; a slot moved to another primary (its keys
//! migrated) leaves nothing stale, and the keys are cached again from the new owner; a
//! node's lost connection leaves nothing stale either.

use std::time::{Duration, Instant};
use typedis::cache::{CacheConfig, CacheStats};
use typedis::cluster::{ClusterClient, ClusterConfig};
use typedis::cmd::key_slot;
use typedis::{b, Config};
use typedis_tests::RedisCluster;

/// Keys in several slots, on every primary of a three-primary cluster.
fn keys() -> Vec<String> {
    (0..30).map(|i| format!("user:{i}")).collect()
}

async fn cached(cluster: &RedisCluster) -> ClusterClient {
    let config = ClusterConfig::from_url(&cluster.url())
        .unwrap()
        .node(Config::default().cache(CacheConfig::new()));
    ClusterClient::with_config(config).await.unwrap()
}

fn stats(client: &ClusterClient) -> CacheStats {
    client.stats().cache.expect("the nodes have caches")
}

/// `GET` calls the cluster's nodes ran, added up (`INFO commandstats`).
fn gets(cluster: &RedisCluster) -> u64 {
    cluster
        .primaries()
        .into_iter()
        .map(|i| {
            let info = cluster.cli(i, &["INFO", "commandstats"]);
            info.lines()
                .find_map(|l| l.strip_prefix("cmdstat_get:calls="))
                .and_then(|rest| rest.split(',').next())
                .map_or(0, |n| n.trim().parse::<u64>().unwrap())
        })
        .sum()
}

/// Reads every key until each reads `value` (invalidations travel asynchronously), at
/// most 5 s.
async fn all_read(client: &ClusterClient, value: &str) {
    let deadline = Instant::now() + Duration::from_secs(5);
    for key in keys() {
        loop {
            let got = client.query(b().get().key(&key)).await.unwrap();
            if got.as_deref() == Some(value.as_bytes()) {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "{key} still reads {got:?}, not {value}"
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
}

async fn write_all(writer: &ClusterClient, value: &str) {
    for key in keys() {
        writer
            .query(b().set().key(&key).value(value))
            .await
            .unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hits_send_nothing_and_each_node_invalidates_what_it_served() {
    let cluster = RedisCluster::builder().replicas(0).start();
    let client = cached(&cluster).await;
    let writer = ClusterClient::connect(&cluster.url()).await.unwrap();
    let nodes: std::collections::BTreeSet<String> = keys()
        .iter()
        .map(|k| client.primary_for_slot(key_slot(k.as_bytes())).unwrap())
        .collect();
    assert_eq!(nodes.len(), 3, "the keys are on every primary");

    write_all(&writer, "v1").await;
    all_read(&client, "v1").await;
    let (before, hits) = (gets(&cluster), stats(&client).hits);
    for _ in 0..5 {
        all_read(&client, "v1").await;
    }
    assert_eq!(gets(&cluster), before, "a cached read reached a node");
    assert_eq!(stats(&client).hits, hits + 5 * keys().len() as u64);

    // Every node tells this client of its writes.
    write_all(&writer, "v2").await;
    all_read(&client, "v2").await;
    assert!(
        stats(&client).invalidations >= keys().len() as u64,
        "{:?}",
        stats(&client)
    );

    // A node's connection lost: what it served is not served from the cache again
    // unchecked.
    let target = cluster.primaries()[0];
    cluster.cli(target, &["CLIENT", "KILL", "TYPE", "normal"]);
    write_all(&writer, "v3").await;
    all_read(&client, "v3").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_moved_slot_leaves_nothing_stale_and_is_cached_from_its_new_owner() {
    let cluster = RedisCluster::builder().replicas(0).start();
    let client = cached(&cluster).await;
    let writer = ClusterClient::connect(&cluster.url()).await.unwrap();
    let tagged: Vec<String> = (0..20).map(|i| format!("{{moving}}:{i}")).collect();
    let slot = key_slot(b"{moving}");
    for key in &tagged {
        writer.query(b().set().key(key).value("old")).await.unwrap();
        assert_eq!(
            client.query(b().get().key(key)).await.unwrap().as_deref(),
            Some(&b"old"[..])
        );
    }
    let source = cluster.index_of(cluster.primary_of(slot, 0));
    let target = cluster
        .primaries()
        .into_iter()
        .find(|&i| i != source)
        .unwrap();
    cluster.move_slot(slot, source, target);

    // The new owner takes writes; the client must read them, not what the old owner
    // served.
    for key in &tagged {
        writer.query(b().set().key(key).value("new")).await.unwrap();
    }
    let deadline = Instant::now() + Duration::from_secs(5);
    for key in &tagged {
        loop {
            let got = client.query(b().get().key(key)).await.unwrap();
            if got.as_deref() == Some(&b"new"[..]) {
                break;
            }
            assert_eq!(got.as_deref(), Some(&b"old"[..]), "{key}");
            assert!(Instant::now() < deadline, "{key} still reads the old value");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
    assert_eq!(
        client.primary_for_slot(slot),
        Some(cluster.nodes()[target].addr())
    );
    // Cached again, from the new owner: hits, and its invalidations arrive.
    let hits = stats(&client).hits;
    for key in &tagged {
        client.query(b().get().key(key)).await.unwrap();
    }
    assert_eq!(stats(&client).hits, hits + tagged.len() as u64);
    for key in &tagged {
        writer
            .query(b().set().key(key).value("newer"))
            .await
            .unwrap();
    }
    let deadline = Instant::now() + Duration::from_secs(5);
    for key in &tagged {
        while client.query(b().get().key(key)).await.unwrap().as_deref() != Some(&b"newer"[..]) {
            assert!(
                Instant::now() < deadline,
                "{key}: the new owner's write never arrived"
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
}
