//! `ClusterClient::scan` of the whole keyspace on a real local cluster: on `CLUSTERSCAN`
//! where the nodes have it (Valkey 9.1 and later), following a slot that moves in the
//! middle of the scan; on every primary's `SCAN` in turn where they do not; with `MATCH`,
//! `COUNT` and `TYPE` kept either way, and from replicas when reads go there.

use futures_util::TryStreamExt;
use std::collections::BTreeSet;
use typedis::b;
use typedis::cluster::{ClusterClient, ClusterConfig, ReadFrom};
use typedis::cmd::key_slot;
use typedis::reply::Bytes;
use typedis_tests::RedisCluster;

/// Calls of `command` (lower case) that every node counted, summed.
fn calls(cluster: &RedisCluster, command: &str) -> u64 {
    let every: Vec<usize> = (0..cluster.nodes().len()).collect();
    cluster.command_calls(&every, command)
}

fn reset_stats(cluster: &RedisCluster) {
    for i in 0..cluster.nodes().len() {
        cluster.cli(i, &["CONFIG", "RESETSTAT"]);
    }
}

/// Whether the servers have `CLUSTERSCAN`.
fn has_cluster_scan(cluster: &RedisCluster) -> bool {
    !cluster
        .cli(0, &["COMMAND", "INFO", "CLUSTERSCAN"])
        .trim()
        .is_empty()
}

fn text(key: Bytes) -> String {
    String::from_utf8(key.to_vec()).unwrap()
}

/// A hash tag whose slot node `owner` serves, as `via` sees the map.
fn tag_served_by(cluster: &RedisCluster, owner: u16) -> (String, u16) {
    let map = cluster.slot_map(0);
    (0..)
        .map(|i| format!("t{i}"))
        .map(|tag| {
            let slot = key_slot(tag.as_bytes());
            (tag, slot)
        })
        .find(|(_, slot)| {
            map.iter()
                .any(|&(from, to, port)| (from..=to).contains(slot) && port == owner)
        })
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_keyspace_scan_returns_every_key_once_on_cluster_scan_or_each_primary() {
    let cluster = RedisCluster::builder().primaries(3).replicas(1).start();
    let client = ClusterClient::connect(&cluster.url()).await.unwrap();
    let native = has_cluster_scan(&cluster);
    eprintln!("CLUSTERSCAN: {native}");

    let strings: BTreeSet<String> = (0..300).map(|i| format!("s:{i}")).collect();
    let hashes: BTreeSet<String> = (0..40).map(|i| format!("h:{i}")).collect();
    for key in &strings {
        let _: () = client.query(b().set().key(key).value("v")).await.unwrap();
    }
    for key in &hashes {
        let _: i64 = client
            .query(b().hset().key(key).field_value("f", "v"))
            .await
            .unwrap();
    }
    let every: BTreeSet<String> = strings.union(&hashes).cloned().collect();

    reset_stats(&cluster);
    let keys: Vec<String> = client
        .scan(b().scan().cursor(0).count(25))
        .map_ok(text)
        .try_collect()
        .await
        .unwrap();
    let found: BTreeSet<String> = keys.iter().cloned().collect();
    assert_eq!(found, every);
    // No slot is scanned twice when nothing moves.
    assert_eq!(keys.len(), every.len());
    // Where the nodes have CLUSTERSCAN the scan is theirs (one slot after the other,
    // across the cluster), with no per-primary SCAN; elsewhere one refused CLUSTERSCAN,
    // then SCAN on each primary.
    let (cluster_scans, scans) = (calls(&cluster, "clusterscan"), calls(&cluster, "scan"));
    eprintln!("calls: CLUSTERSCAN {cluster_scans}, SCAN {scans}");
    if native {
        assert!(cluster_scans > 3, "{cluster_scans}");
        assert_eq!(scans, 0);
    } else {
        assert_eq!(cluster_scans, 0);
        assert!(scans >= 3, "{scans}");
    }

    // MATCH, COUNT and TYPE are kept.
    let matched: BTreeSet<String> = client
        .scan(b().scan().cursor(0).r#match("s:1*").count(7))
        .map_ok(text)
        .try_collect()
        .await
        .unwrap();
    let expected: BTreeSet<String> = strings
        .iter()
        .filter(|k| k.starts_with("s:1"))
        .cloned()
        .collect();
    assert_eq!(matched, expected);
    let typed: BTreeSet<String> = client
        .scan(b().scan().cursor(0).count(100).r#type("hash"))
        .map_ok(text)
        .try_collect()
        .await
        .unwrap();
    assert_eq!(typed, hashes);

    // Reads sent to replicas scan there too.
    let config = ClusterConfig::from_url(&cluster.url())
        .unwrap()
        .read_from(ReadFrom::PreferReplica);
    let replicas = ClusterClient::with_config(config).await.unwrap();
    let from_replicas: BTreeSet<String> = replicas
        .scan(b().scan().cursor(0).count(50))
        .map_ok(text)
        .try_collect()
        .await
        .unwrap();
    assert_eq!(from_replicas, every);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slot_that_moves_in_the_middle_of_a_cluster_scan_is_followed() {
    let cluster = RedisCluster::builder().primaries(3).start();
    let client = ClusterClient::connect(&cluster.url()).await.unwrap();
    let native = has_cluster_scan(&cluster);

    // Keys in one slot of the primary that serves the last slots, scanned last; the slot
    // moves to the primary of slot 0, scanned first, once the scan has begun.
    let map = cluster.slot_map(0);
    let first = map.iter().find(|r| r.0 == 0).unwrap().2;
    let last = map.iter().find(|r| r.1 == 16383).unwrap().2;
    let (tag, slot) = tag_served_by(&cluster, last);
    let moving: BTreeSet<String> = (0..50).map(|i| format!("{{{tag}}}:{i}")).collect();
    let others: BTreeSet<String> = (0..200).map(|i| format!("k:{i}")).collect();
    for key in moving.iter().chain(&others) {
        let _: () = client.query(b().set().key(key).value("v")).await.unwrap();
    }

    let mut scan = client.scan(b().scan().cursor(0).count(5));
    let mut found = BTreeSet::new();
    found.insert(text(scan.next().await.unwrap().unwrap()));
    let (from, to) = (cluster.index_of(last), cluster.index_of(first));
    cluster.move_slot(slot, from, to);
    while let Some(key) = scan.next().await {
        found.insert(text(key.unwrap()));
    }
    let every: BTreeSet<String> = moving.union(&others).cloned().collect();
    if native {
        // CLUSTERSCAN follows the slot to its new primary with the same cursor: every key
        // that was there for the whole scan is returned.
        assert_eq!(found, every);
    } else {
        // Each primary's SCAN: the moved slot may be missed (its new primary was scanned
        // before it came), as ClusterClient::scan documents; nothing else is.
        assert!(found.is_subset(&every));
        assert!(others.is_subset(&found));
    }
}
