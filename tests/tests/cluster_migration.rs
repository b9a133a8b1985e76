//! A slot migrated by hand (`CLUSTER SETSLOT ... MIGRATING/IMPORTING`, `MIGRATE` in small
//! batches, `SETSLOT ... NODE`) while tasks keep writing and reading keys of that slot:
//! `ASK` redirects are followed, nothing is lost or misplaced, and the client's map ends
//! on the new owner. Then the same under Valkey's atomic slot migration
//! (`CLUSTER MIGRATESLOTS`, Valkey 9.0+), read back through the typed
//! `CLUSTER GETSLOTMIGRATIONS` reply.

mod cluster_support;

use cluster_support::{wrong_values, Report, Workload};
use std::time::{Duration, Instant};
use typedis::cluster::ClusterClient;
use typedis::cmd::key_slot;
use typedis::{b, cmd, Addr, Error};
use typedis_tests::RedisCluster;

fn key(task: usize, i: usize) -> String {
    format!("{{mig}}:{task}:{i}")
}

fn atomic_key(task: usize, i: usize) -> String {
    format!("{{asm}}:{task}:{i}")
}

/// Keys put in the slot before it moves, so the migration has something to move.
const OLD_KEYS: i64 = 400;
/// Workload tasks writing and reading keys of the slot while it moves.
const TASKS: usize = 3;
/// Keys each of them owns.
const KEYS_PER_TASK: usize = 40;

/// Writes `OLD_KEYS` keys `{tag}:old:i` = i.
async fn fill_slot(client: &ClusterClient, tag: &str) {
    let mut fill = client.pipeline();
    for i in 0..OLD_KEYS {
        fill.push(cmd("SET").key(format!("{tag}:old:{i}")).arg(i));
    }
    fill.send().await.unwrap();
}

/// What a migration of `slot` to node `target` must end with: the workload saw no error
/// and no stale read, every acknowledged value and every old key reads back, all of them
/// are on the target, and the client's map names it.
async fn check_moved(
    client: &ClusterClient,
    cluster: &RedisCluster,
    report: &Report,
    tag: &str,
    slot: u16,
    target: usize,
) {
    assert!(report.errors.is_empty(), "errors: {:?}", report.errors);
    assert!(report.stale_reads.is_empty(), "{:?}", report.stale_reads);
    assert_eq!(report.acked.len(), TASKS * KEYS_PER_TASK);
    let wrong = wrong_values(client, report).await;
    assert!(wrong.is_empty(), "{wrong:?}");
    for i in 0..OLD_KEYS {
        let v: i64 = client
            .query_as(cmd("GET").key(format!("{tag}:old:{i}")))
            .await
            .unwrap();
        assert_eq!(v, i);
    }
    let keys: i64 = cluster
        .cli(target, &["CLUSTER", "COUNTKEYSINSLOT", &slot.to_string()])
        .trim()
        .parse()
        .unwrap();
    assert_eq!(keys, OLD_KEYS + (TASKS * KEYS_PER_TASK) as i64);
    assert_eq!(
        client.primary_for_slot(slot),
        Some(cluster.nodes()[target].addr())
    );
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

    fill_slot(&client, "{mig}").await;
    let workload = Workload::start(&client, TASKS, KEYS_PER_TASK, key);
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
    check_moved(&client, &cluster, &report, "{mig}", slot, target).await;
    assert!(client.stats().redirects > 0, "no redirect seen");
    eprintln!(
        "{} ops, {} batches, {:?}, in {:?}",
        report.ops,
        batches,
        client.stats(),
        started.elapsed()
    );
}

/// True when the cluster's servers move slots themselves: Valkey 9.0 and later.
fn has_atomic_slot_migration(cluster: &RedisCluster) -> bool {
    let info = cluster.cli(0, &["INFO", "server"]);
    info.lines()
        .find_map(|l| l.strip_prefix("valkey_version:"))
        .and_then(|v| v.trim().split('.').next()?.parse::<u32>().ok())
        .is_some_and(|major| major >= 9)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn atomic_slot_migration_under_load_loses_nothing_and_reads_as_typed() {
    let started = Instant::now();
    let cluster = RedisCluster::builder().replicas(0).start();
    let client = ClusterClient::connect(&cluster.url()).await.unwrap();
    let slot = key_slot(b"{asm}");
    let source = cluster.index_of(cluster.primary_of(slot, 0));
    let target = cluster
        .primaries()
        .into_iter()
        .find(|&i| i != source)
        .unwrap();
    let (source_id, target_id) = (cluster.node_id(source), cluster.node_id(target));
    let on_source = client.primary_for_key("{asm}").await.unwrap();
    let migrate = b()
        .cluster_migrateslots()
        .range(slot, slot)
        .node(target_id.as_str());
    if !has_atomic_slot_migration(&cluster) {
        // A server without it (Redis 7.0) does not get the command: the client refuses it
        // before sending, the server having said what it is (or, unchecked, the server
        // refuses it); the classic migration above is this server's test.
        let err = on_source.query(migrate).await.unwrap_err();
        assert!(
            matches!(&err, Error::InvalidUse(e) if e.to_string().contains("on Valkey only"))
                || matches!(&err, Error::Server(e) if e.message().contains("unknown subcommand")),
            "{err}"
        );
        eprintln!("this server has no atomic slot migration: {err}");
        return;
    }

    fill_slot(&client, "{asm}").await;
    let workload = Workload::start(&client, TASKS, KEYS_PER_TASK, atomic_key);
    tokio::time::sleep(Duration::from_millis(300)).await;

    on_source.query(migrate).await.unwrap();
    // The source's record of the migration, read as the typed reply, until it is done.
    let deadline = Instant::now() + Duration::from_secs(20);
    let exported = loop {
        let migrations = on_source
            .query(b().cluster_getslotmigrations())
            .await
            .unwrap();
        let ours = migrations
            .into_iter()
            .find(|m| m.slot_ranges == format!("{slot}-{slot}").as_bytes())
            .expect("the source lists the migration it was asked for");
        match &ours.state[..] {
            b"success" => break ours,
            b"failed" | b"cancelled" => panic!("the migration ended as {ours:?}"),
            _ => {}
        }
        assert!(Instant::now() < deadline, "not done after 20 s: {ours:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(&exported.operation[..], b"EXPORT");
    assert_eq!(&exported.source_node[..], source_id.as_bytes());
    assert_eq!(&exported.target_node[..], target_id.as_bytes());
    assert!(exported.create_time.is_some_and(|t| t > 0), "{exported:?}");
    // The target keeps its own record, with the same name.
    let target_port = cluster.nodes()[target].port();
    let on_target = client
        .primaries()
        .await
        .unwrap()
        .into_iter()
        .find(|c| matches!(c.config().addr(), Addr::Tcp { port, .. } if *port == target_port))
        .expect("a client for the target");
    let imported = on_target
        .query(b().cluster_getslotmigrations())
        .await
        .unwrap()
        .into_iter()
        .find(|m| m.name == exported.name)
        .expect("the target lists the migration");
    assert_eq!(&imported.operation[..], b"IMPORT");

    tokio::time::sleep(Duration::from_millis(500)).await;
    let report = workload.stop().await;
    check_moved(&client, &cluster, &report, "{asm}", slot, target).await;
    eprintln!(
        "{} ops, {:?}, in {:?}",
        report.ops,
        client.stats(),
        started.elapsed()
    );
}
