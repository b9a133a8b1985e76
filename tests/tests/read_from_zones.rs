//! Reads by availability zone (`ReadFrom::AzAffinity`, `AzAffinityReplicasAndPrimary`):
//! where reads land is counted on the servers (`INFO commandstats`), in a cluster of
//! three primaries with two replicas each, and behind Sentinel. Valkey reports each node's
//! zone (`availability-zone`) in `HELLO`, and reads follow the policy's order there, also
//! after a failover; a server that reports no zone is in none, and the policies then fall
//! back to any replica.

use std::time::{Duration, Instant};
use typedis::cluster::{ClusterClient, ClusterConfig};
use typedis::cmd::key_slot;
use typedis::sentinel::{SentinelClient, SentinelConfig};
use typedis::{b, cmd, Client, ReadFrom};
use typedis_tests::{RedisCluster, SentinelSetup};

/// Whether the servers report their zone (Valkey 8.0 and later).
fn zones_reported() -> bool {
    typedis_tests::server_family() == "valkey"
}

/// `cmdstat_get` calls in an `INFO commandstats` text.
fn gets_in(info: &str) -> u64 {
    info.lines()
        .find_map(|l| l.strip_prefix("cmdstat_get:calls="))
        .and_then(|rest| rest.split(',').next())
        .map_or(0, |n| n.trim().parse().unwrap())
}

/// The shard all the test's keys are in: its primary, its replica in `z1`, its replica in
/// `z2` (cluster node indexes).
struct Shard {
    primary: usize,
    z1: usize,
    z2: usize,
}

const READS: u64 = 60;

/// Whether the GETs (primary, z1 replica, z2 replica) ran are where a policy sends reads.
type Expected = fn(&[u64]) -> bool;

fn key(i: u64) -> String {
    format!("{{zones}}:{i}")
}

/// Every primary in zone `zp`, and of its replicas one in `z1`, one in `z2` (on servers
/// that know zones). The shard serving the test's keys.
fn zoned(cluster: &RedisCluster) -> Shard {
    let mut ours = None;
    let slot = key_slot(key(0).as_bytes());
    let owner = cluster.index_of(cluster.primary_of(slot, 0));
    for primary in cluster.primaries() {
        let replicas = cluster.replicas_of(primary);
        assert_eq!(
            replicas.len(),
            2,
            "replicas of node {primary}: {replicas:?}"
        );
        if zones_reported() {
            for (node, zone) in [(primary, "zp"), (replicas[0], "z1"), (replicas[1], "z2")] {
                let ok = cluster.cli(node, &["CONFIG", "SET", "availability-zone", zone]);
                assert_eq!(ok.trim(), "OK");
            }
        }
        if primary == owner {
            ours = Some(Shard {
                primary,
                z1: replicas[0],
                z2: replicas[1],
            });
        }
    }
    ours.expect("a primary serves the keys' slot")
}

/// GETs each node of `nodes` ran during `reads` (stats reset first).
async fn counted(
    cluster: &RedisCluster,
    nodes: &[usize],
    reads: impl std::future::Future,
) -> Vec<u64> {
    for &n in nodes {
        cluster.cli(n, &["CONFIG", "RESETSTAT"]);
    }
    reads.await;
    nodes
        .iter()
        .map(|&n| gets_in(&cluster.cli(n, &["INFO", "commandstats"])))
        .collect()
}

async fn read_all(client: &ClusterClient) {
    for i in 0..READS {
        let got = client.query(b().get().key(key(i))).await.unwrap();
        assert_eq!(got.as_deref(), Some(&b"v"[..]), "{}", key(i));
    }
}

async fn client(cluster: &RedisCluster, policy: ReadFrom) -> ClusterClient {
    let config = ClusterConfig::from_url(&cluster.url())
        .unwrap()
        .read_from(policy);
    ClusterClient::with_config(config).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cluster_reads_land_in_the_preferred_zone_and_follow_a_failover() {
    let cluster = RedisCluster::builder().primaries(3).replicas(2).start();
    let shard = zoned(&cluster);
    let nodes = [shard.primary, shard.z1, shard.z2];

    let writer = client(&cluster, ReadFrom::Primary).await;
    for i in 0..READS {
        writer
            .query(b().set().key(key(i)).value("v"))
            .await
            .unwrap();
    }
    // Both replicas have every key before they are read.
    let primary = writer.primary_for_key(key(0)).await.unwrap();
    let acked: i64 = primary
        .query_as(cmd("WAIT").arg(2).arg(5000))
        .await
        .unwrap();
    assert_eq!(acked, 2);

    // (primary, z1 replica, z2 replica) GETs under each policy.
    let cases: Vec<(ReadFrom, Expected)> = if zones_reported() {
        vec![
            (ReadFrom::AzAffinity("z2".into()), |c| c == [0, 0, READS]),
            (ReadFrom::AzAffinityReplicasAndPrimary("z1".into()), |c| {
                c == [0, READS, 0]
            }),
            // No replica in the primary's zone: the primary before other replicas.
            (ReadFrom::AzAffinityReplicasAndPrimary("zp".into()), |c| {
                c == [READS, 0, 0]
            }),
            // No node in the zone: any replica, in turn.
            (ReadFrom::AzAffinity("nowhere".into()), |c| {
                c[0] == 0 && c[1] > 0 && c[2] > 0
            }),
            (ReadFrom::PreferReplica, |c| {
                c[0] == 0 && c[1] > 0 && c[2] > 0
            }),
            (ReadFrom::Primary, |c| c == [READS, 0, 0]),
        ]
    } else {
        // No zones: every node is in none, so both policies read from any replica.
        vec![
            (ReadFrom::AzAffinity("z2".into()), |c| {
                c[0] == 0 && c[1] > 0 && c[2] > 0
            }),
            (ReadFrom::AzAffinityReplicasAndPrimary("zp".into()), |c| {
                c[0] == 0 && c[1] > 0 && c[2] > 0
            }),
        ]
    };
    for (policy, expected) in &cases {
        let reader = client(&cluster, policy.clone()).await;
        let gets = counted(&cluster, &nodes, read_all(&reader)).await;
        assert_eq!(gets.iter().sum::<u64>(), READS, "{policy:?}: {gets:?}");
        assert!(
            expected(&gets),
            "{policy:?}: (primary, z1, z2) ran {gets:?} GETs"
        );
    }

    // The z2 replica takes over its shard; a client made before follows.
    let reader = client(&cluster, ReadFrom::AzAffinity("z2".into())).await;
    let near = client(
        &cluster,
        ReadFrom::AzAffinityReplicasAndPrimary("z2".into()),
    )
    .await;
    read_all(&reader).await;
    cluster.cli(shard.z2, &["CLUSTER", "FAILOVER"]);
    let deadline = Instant::now() + Duration::from_secs(20);
    while cluster.cli(shard.z2, &["ROLE"]).lines().next() != Some("master") {
        assert!(Instant::now() < deadline, "the failover did not happen");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Both other nodes follow the new primary, in sync, before the shard is read (a
    // replica still syncing is left out of the slot map).
    let synced = |i: usize| cluster.cli(i, &["ROLE"]).lines().nth(3) == Some("connected");
    let z2_id = cluster.node_id(shard.z2);
    let old_primary_id = cluster.node_id(shard.primary);
    let failed_over = Instant::now();
    let mut repointed = false;
    while cluster.replicas_of(shard.z2).len() < 2 || !synced(shard.primary) || !synced(shard.z1) {
        // A server bug (redis/redis#15472, Redis 7.2 to 8.x) can leave the sibling replica
        // attached to the old primary, now itself a replica, for good: after a while it
        // is pointed at the new primary by hand, as an operator would. The client is
        // tested once the shard has settled, however it got there.
        let z1_follows_old_primary = cluster
            .cli(shard.z1, &["CLUSTER", "NODES"])
            .lines()
            .any(|l| l.contains("myself") && l.contains(&old_primary_id));
        if !repointed && z1_follows_old_primary && failed_over.elapsed() > Duration::from_secs(3) {
            cluster.cli(shard.z1, &["CLUSTER", "REPLICATE", &z2_id]);
            repointed = true;
        }
        assert!(
            Instant::now() < deadline,
            "the shard's nodes did not follow the new primary: old primary {:?}, z1 {:?}",
            cluster.cli(shard.primary, &["ROLE"]),
            cluster.cli(shard.z1, &["ROLE"]),
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Every node knows both replicas of the new primary (what the slot map lists spreads
    // by gossip, slower than the failover itself on Redis 7.0), then the clients read the
    // slot map again.
    let everyone_knows = || {
        (0..cluster.nodes().len()).all(|i| {
            cluster
                .cli(i, &["CLUSTER", "REPLICAS", &z2_id])
                .lines()
                .filter(|l| l.contains("slave"))
                .count()
                == 2
        })
    };
    while !everyone_knows() {
        assert!(
            Instant::now() < deadline,
            "the nodes did not learn the new replicas"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    reader.refresh_topology().await;
    near.refresh_topology().await;
    // Now (old primary in zp, z1 replica, new primary in z2).
    let gets = counted(&cluster, &nodes, read_all(&reader)).await;
    // The replicas serve, in turn; the new primary, in z2, does not (it is no replica).
    assert!(
        gets[2] == 0 && gets[0] > 0 && gets[1] > 0,
        "AzAffinity(z2) after the failover: (zp, z1, new primary) ran {gets:?} GETs"
    );
    if zones_reported() {
        let gets = counted(&cluster, &nodes, read_all(&near)).await;
        assert_eq!(
            gets,
            [0, 0, READS],
            "AzAffinityReplicasAndPrimary(z2) after the failover: the primary is in z2"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sentinel_reads_go_to_a_replica_in_the_preferred_zone() {
    let setup = SentinelSetup::builder().replicas(2).start();
    let ports = setup.node_ports();
    let zones = ["zp", "z1", "z2"];
    let mut nodes = Vec::new();
    for (port, zone) in ports.iter().zip(zones) {
        let node = Client::connect(&format!("redis://127.0.0.1:{port}"))
            .await
            .unwrap();
        if zones_reported() {
            node.send(cmd("CONFIG").arg("SET").arg("availability-zone").arg(zone))
                .await
                .unwrap();
        }
        nodes.push(node);
    }
    nodes[0].query(b().set().key("k").value("v")).await.unwrap();
    let acked: i64 = nodes[0]
        .query_as(cmd("WAIT").arg(2).arg(5000))
        .await
        .unwrap();
    assert_eq!(acked, 2);

    for (policy, zone_node) in [
        (ReadFrom::AzAffinity("z2".into()), 2),
        (ReadFrom::AzAffinity("z1".into()), 1),
        (ReadFrom::AzAffinityReplicasAndPrimary("zp".into()), 0),
    ] {
        let config = SentinelConfig::from_url(&setup.url())
            .unwrap()
            .read_from(policy.clone());
        let client = SentinelClient::with_config(config).await.unwrap();
        // The replica connection opens on the first read (which the primary serves
        // meanwhile): counted from when it is open.
        client.query(b().get().key("k")).await.unwrap();
        tokio::time::sleep(Duration::from_millis(300)).await;
        for node in &nodes {
            node.send(cmd("CONFIG").arg("RESETSTAT")).await.unwrap();
        }
        for _ in 0..READS {
            let got = client.query(b().get().key("k")).await.unwrap();
            assert_eq!(got.as_deref(), Some(&b"v"[..]));
        }
        let mut gets = Vec::new();
        for node in &nodes {
            let info: String = node
                .send(cmd("INFO").arg("commandstats"))
                .await
                .unwrap()
                .decode()
                .unwrap();
            gets.push(gets_in(&info));
        }
        if zones_reported() {
            let mut expected = [0; 3];
            expected[zone_node] = READS;
            assert_eq!(gets, expected, "{policy:?}: (zp, z1, z2) ran {gets:?} GETs");
        } else {
            // No zones: one replica, never the primary.
            assert_eq!(gets[0], 0, "{policy:?}: {gets:?}");
            assert_eq!(gets[1] + gets[2], READS, "{policy:?}: {gets:?}");
        }
    }
}
