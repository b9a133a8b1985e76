//! A slot migrated by hand (`CLUSTER SETSLOT ... MIGRATING/IMPORTING`, `MIGRATE` in small
//! batches, `SETSLOT ... NODE`) while tasks keep writing and reading keys of that slot:
//! `ASK` redirects are followed, nothing is lost or misplaced, and the client's map ends
//! on the new owner.

mod cluster_support;

use cluster_support::{wrong_values, Workload};
use std::time::{Duration, Instant};
use typedis::cluster::ClusterClient;
use typedis::cmd;
use typedis::cmd::key_slot;
use typedis_tests::RedisCluster;

fn key(task: usize, i: usize) -> String {
    format!("{{mig}}:{task}:{i}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slot_migration_under_load_follows_ask_and_loses_nothing() {
    let started = Instant::now();
    let cluster = RedisCluster::start();
    let client = ClusterClient::connect(&cluster.url()).await.unwrap();
    let slot = key_slot(b"{mig}");
    let source = cluster.index_of(cluster.primary_of(slot, 0));
    let target = cluster
        .primaries()
        .into_iter()
        .find(|&i| i != source)
        .unwrap();
    let (source_id, target_id) = (cluster.node_id(source), cluster.node_id(target));
    let target_port = cluster.nodes()[target].port().to_string();

    // Keys already in the slot, so the migration has something to move.
    let mut fill = client.pipeline();
    for i in 0..400 {
        fill.push(cmd("SET").key(format!("{{mig}}:old:{i}")).arg(i));
    }
    fill.send().await.unwrap();

    let workload = Workload::start(&client, 3, 40, key);
    tokio::time::sleep(Duration::from_millis(300)).await;

    let slot_arg = slot.to_string();
    cluster.cli(
        target,
        &["CLUSTER", "SETSLOT", &slot_arg, "IMPORTING", &source_id],
    );
    cluster.cli(
        source,
        &["CLUSTER", "SETSLOT", &slot_arg, "MIGRATING", &target_id],
    );
    let mut batches = 0;
    loop {
        let keys = cluster.cli(source, &["CLUSTER", "GETKEYSINSLOT", &slot_arg, "10"]);
        let keys: Vec<&str> = keys.lines().filter(|l| !l.is_empty()).collect();
        if keys.is_empty() {
            break;
        }
        let mut args = vec![
            "MIGRATE",
            "127.0.0.1",
            &target_port,
            "",
            "0",
            "5000",
            "KEYS",
        ];
        args.extend(keys);
        let out = cluster.cli(source, &args);
        assert!(
            out.trim() == "OK" || out.trim() == "NOKEY",
            "MIGRATE: {out}"
        );
        batches += 1;
        // Leave the slot half-migrated for a while: commands land on both sides.
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    for i in cluster.primaries() {
        cluster.cli(i, &["CLUSTER", "SETSLOT", &slot_arg, "NODE", &target_id]);
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let report = workload.stop().await;

    assert!(batches >= 10, "only {batches} MIGRATE batches");
    assert!(report.errors.is_empty(), "errors: {:?}", report.errors);
    assert!(report.stale_reads.is_empty(), "{:?}", report.stale_reads);
    assert_eq!(report.acked.len(), 3 * 40);
    let wrong = wrong_values(&client, &report).await;
    assert!(wrong.is_empty(), "{wrong:?}");
    for i in 0..400 {
        let v: i64 = client
            .query_as(cmd("GET").key(format!("{{mig}}:old:{i}")))
            .await
            .unwrap();
        assert_eq!(v, i);
    }
    // Everything is on the target now, and the client knows it.
    let keys: i64 = cluster
        .cli(target, &["CLUSTER", "COUNTKEYSINSLOT", &slot_arg])
        .trim()
        .parse()
        .unwrap();
    assert_eq!(keys, 400 + 3 * 40);
    assert!(client.stats().redirects > 0, "no redirect seen");
    assert_eq!(
        client.primary_for_slot(slot),
        Some(cluster.nodes()[target].addr())
    );
    eprintln!(
        "{} ops, {} batches, {:?}, in {:?}",
        report.ops,
        batches,
        client.stats(),
        started.elapsed()
    );
}
