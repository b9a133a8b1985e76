//! Streaming big replies from a real local cluster: `ClusterClient::stream` and
//! `copy_to` read from the node of the key's slot (a replica's when reads go there), on
//! both protocols, and follow a `MOVED` (a slot moved since the map was read) and an `ASK`
//! (a key already migrated during a slot's migration).

use typedis::cluster::{ClusterClient, ClusterConfig, ReadFrom};
use typedis::cmd::key_slot;
use typedis::{b, cmd, Error, Protocol};
use typedis_tests::RedisCluster;

const ELEMENTS: usize = 20_000;

async fn connect(cluster: &RedisCluster, protocol: Protocol, read_from: ReadFrom) -> ClusterClient {
    let config = ClusterConfig::from_url(&cluster.url()).unwrap();
    let node = config.node_config().clone().protocol(protocol);
    ClusterClient::with_config(config.node(node).read_from(read_from))
        .await
        .unwrap()
}

async fn fill(client: &ClusterClient, key: &str) -> Vec<String> {
    let elements: Vec<String> = (0..ELEMENTS).map(|i| format!("element-{i}")).collect();
    for chunk in elements.chunks(1000) {
        let _: i64 = client
            .query_as(cmd("RPUSH").key(key).args(chunk))
            .await
            .unwrap();
    }
    elements
}

async fn read_all(client: &ClusterClient, key: &str) -> Vec<String> {
    let mut stream = client
        .stream::<String>(b().lrange().key(key).start(0).stop(-1))
        .await
        .unwrap();
    let mut out = Vec::new();
    while let Some(element) = stream.next().await {
        out.push(element.unwrap());
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn big_replies_stream_from_the_node_of_their_slot_and_follow_redirects() {
    let cluster = RedisCluster::builder().primaries(3).replicas(1).start();
    for protocol in [Protocol::Resp2, Protocol::Resp3] {
        let client = connect(&cluster, protocol, ReadFrom::Primary).await;
        let key = format!("big:{protocol:?}");
        let elements = fill(&client, &key).await;
        assert_eq!(read_all(&client, &key).await, elements);

        // A string copied to a writer, a missing one, a list where a string was wanted.
        let value: Vec<u8> = (0..3 * 1024 * 1024u32).map(|i| (i % 251) as u8).collect();
        let blob = format!("blob:{protocol:?}");
        let _: () = client
            .query(b().set().key(&blob).value(value.clone()))
            .await
            .unwrap();
        let mut out = Vec::new();
        let n = client
            .copy_to(b().get().key(&blob), &mut out)
            .await
            .unwrap();
        assert_eq!(n, Some(value.len() as u64));
        assert!(out == value, "copied bytes differ");
        let n = client
            .copy_to(b().get().key("missing"), &mut Vec::new())
            .await
            .unwrap();
        assert_eq!(n, None);
        let wrong = client.copy_to(b().get().key(&key), &mut Vec::new()).await;
        assert!(matches!(wrong, Err(Error::Server(_))), "{wrong:?}");
        // A stream of a missing key is empty.
        let mut empty = client
            .stream::<String>(b().lrange().key("missing").start(0).stop(-1))
            .await
            .unwrap();
        assert!(empty.next().await.is_none());

        // A command for several nodes is refused, nothing sent.
        let keys = client.stream::<String>(cmd("KEYS").arg("*")).await;
        assert!(matches!(keys, Err(Error::Cluster(_))), "{keys:?}");

        // The slot moves after the client read the map: the stream follows the MOVED.
        let slot = key_slot(key.as_bytes());
        let owner = cluster.index_of(cluster.primary_of(slot, 0));
        let target = *cluster.primaries().iter().find(|&&i| i != owner).unwrap();
        let redirects = client.stats().redirects;
        tokio::task::block_in_place(|| cluster.move_slot(slot, owner, target));
        assert_eq!(read_all(&client, &key).await, elements);
        assert!(client.stats().redirects > redirects);
        let mut out = Vec::new();
        let blob_slot = key_slot(blob.as_bytes());
        let blob_owner = cluster.index_of(cluster.primary_of(blob_slot, 0));
        let blob_target = *cluster
            .primaries()
            .iter()
            .find(|&&i| i != blob_owner)
            .unwrap();
        tokio::task::block_in_place(|| cluster.move_slot(blob_slot, blob_owner, blob_target));
        let n = client
            .copy_to(b().get().key(&blob), &mut out)
            .await
            .unwrap();
        assert_eq!(n, Some(value.len() as u64));

        // In the middle of a slot's migration, the key already moved: the stream follows
        // the ASK, with ASKING, to the importing node.
        let owner = target;
        let target = *cluster.primaries().iter().find(|&&i| i != owner).unwrap();
        let (owner_id, target_id) = (cluster.node_id(owner), cluster.node_id(target));
        let slot_text = slot.to_string();
        let port = cluster.nodes()[target].port().to_string();
        tokio::task::block_in_place(|| {
            cluster.cli(
                target,
                &["CLUSTER", "SETSLOT", &slot_text, "IMPORTING", &owner_id],
            );
            cluster.cli(
                owner,
                &["CLUSTER", "SETSLOT", &slot_text, "MIGRATING", &target_id],
            );
            let out = cluster.cli(
                owner,
                &["MIGRATE", "127.0.0.1", &port, "", "0", "5000", "KEYS", &key],
            );
            assert_eq!(out.trim(), "OK", "MIGRATE: {out}");
        });
        let redirects = client.stats().redirects;
        assert_eq!(read_all(&client, &key).await, elements);
        assert!(client.stats().redirects > redirects);
        tokio::task::block_in_place(|| {
            for i in [target, owner] {
                cluster.cli(i, &["CLUSTER", "SETSLOT", &slot_text, "NODE", &target_id]);
            }
            for i in cluster.primaries() {
                cluster.cli(i, &["CLUSTER", "SETSLOT", &slot_text, "NODE", &target_id]);
            }
        });
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn streams_read_from_replicas_when_reads_go_there() {
    let cluster = RedisCluster::builder().primaries(3).replicas(1).start();
    let writer = connect(&cluster, Protocol::Resp3, ReadFrom::Primary).await;
    let elements = fill(&writer, "replicated").await;
    // The replica has every element before it is read.
    let acked = writer
        .query(b().wait().numreplicas(1).timeout(5000))
        .await
        .unwrap();
    assert_eq!(acked, 1);
    let slot = key_slot(b"replicated");
    let primary = cluster.index_of(cluster.primary_of(slot, 0));
    let replicas = cluster.replicas_of(primary);
    for i in &replicas {
        cluster.cli(*i, &["CONFIG", "RESETSTAT"]);
    }
    let reader = connect(&cluster, Protocol::Resp3, ReadFrom::PreferReplica).await;
    assert_eq!(read_all(&reader, "replicated").await, elements);
    assert_eq!(cluster.command_calls(&replicas, "lrange"), 1);
}
