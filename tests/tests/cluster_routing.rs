//! Routing on a real local cluster (three primaries, three replicas): keyed commands reach
//! the node that owns their slot, multi-key commands are split and reassembled in order,
//! keyless ones fan out and aggregate, pipelines span nodes, transactions stay on one slot,
//! reads go to replicas when asked, shard pub/sub and blocking commands find their shard.

use futures_util::TryStreamExt;
use std::time::{Duration, Instant};
use typedis::cluster::{ClusterClient, ClusterConfig, ReadFrom};
use typedis::cmd::{key_slot, Slot};
use typedis::{b, cmd, Client, Error};
use typedis_tests::RedisCluster;

const KEYS: usize = 300;

async fn connect(cluster: &RedisCluster) -> ClusterClient {
    ClusterClient::connect(&cluster.url()).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_routing_rule_on_one_cluster() {
    let started = Instant::now();
    let cluster = RedisCluster::start();
    eprintln!("cluster ready in {:?}", started.elapsed());
    assert_eq!(cluster.primaries().len(), 3);
    let client = connect(&cluster).await;

    keyed_commands_reach_the_owner_of_their_slot(&cluster, &client).await;
    a_command_future_is_small(&client).await;
    multi_key_commands_split_by_slot_and_come_back_in_order(&client).await;
    keyless_commands_fan_out_and_aggregate(&client).await;
    commands_that_cannot_be_routed_are_refused_with_a_clear_error(&client).await;
    pipelines_span_nodes_and_keep_command_order(&client).await;
    transactions_are_pinned_to_one_slot(&client).await;
    blocking_commands_go_to_their_slot(&client).await;
    shard_and_global_pub_sub(&client).await;
    reads_go_to_replicas_when_asked(&cluster).await;
    single_seed_url_discovers_the_whole_cluster(&cluster).await;
    periodic_refresh_notices_a_moved_slot_without_any_command(&cluster).await;
    eprintln!("routing rules checked in {:?}", started.elapsed());
}

/// The bound on one routed command's future: what each of thousands of tasks waiting on
/// a command holds. The cold paths (opening a node's connection, refreshing the map,
/// backing off, blocking commands, the cache) are boxed so as not to weigh on it.
const MAX_FUTURE: usize = 1024;

async fn a_command_future_is_small(client: &ClusterClient) {
    let query = client.query(b().set().key("size:k").value("v"));
    let typed = client.query(b().get().key("size:k"));
    let untyped = client.query_as::<Option<String>>(cmd("GET").arg("size:k"));
    let send = client.send(cmd("GET").arg("size:k"));
    let sizes = [
        ("query(SET)", size_of_val(&query)),
        ("query(GET)", size_of_val(&typed)),
        ("query_as::<Option<String>>", size_of_val(&untyped)),
        ("send", size_of_val(&send)),
    ];
    for (what, size) in sizes {
        eprintln!("cluster {what}: {size} bytes");
        assert!(
            size <= MAX_FUTURE,
            "a cluster {what} future is {size} bytes"
        );
    }
    // They still run, on a cold path too: `size:k`'s node may not be connected yet.
    query.await.unwrap();
    assert_eq!(typed.await.unwrap().as_deref(), Some(&b"v"[..]));
    assert_eq!(untyped.await.unwrap().as_deref(), Some("v"));
    assert!(!send.await.unwrap().is_error());
    let deleted: i64 = client.query(b().del().key("size:k")).await.unwrap();
    assert_eq!(deleted, 1);
}

async fn keyed_commands_reach_the_owner_of_their_slot(
    cluster: &RedisCluster,
    client: &ClusterClient,
) {
    for i in 0..KEYS {
        let () = client
            .query_as(
                b().set()
                    .key(format!("key:{i}"))
                    .value(format!("v{i}"))
                    .build(),
            )
            .await
            .unwrap();
    }
    for i in 0..KEYS {
        let v: Option<String> = client
            .query_as(b().get().key(format!("key:{i}")).build())
            .await
            .unwrap();
        assert_eq!(v.as_deref(), Some(format!("v{i}").as_str()));
    }
    // The value really lives on the primary the cluster itself names for the slot.
    for i in (0..KEYS).step_by(37) {
        let key = format!("key:{i}");
        let slot = key_slot(key.as_bytes());
        let port = cluster.primary_of(slot, 0);
        assert_eq!(
            client.primary_for_slot(slot),
            Some(format!("127.0.0.1:{port}"))
        );
        let direct = Client::connect(&format!("redis://127.0.0.1:{port}"))
            .await
            .unwrap();
        let v: Option<String> = direct.query_as(cmd("GET").arg(&key)).await.unwrap();
        assert_eq!(v, Some(format!("v{i}")));
    }
    assert_eq!(client.stats().redirects, 0, "a fresh map needs no redirect");
}

async fn multi_key_commands_split_by_slot_and_come_back_in_order(client: &ClusterClient) {
    let keys: Vec<String> = (0..50).map(|i| format!("key:{i}")).collect();
    let mut mget = cmd("MGET");
    for k in &keys {
        mget = mget.key(k);
    }
    mget = mget.key("missing-key");
    let values: Vec<Option<String>> = client.query_as(mget).await.unwrap();
    assert_eq!(values.len(), 51);
    for (i, v) in values[..50].iter().enumerate() {
        assert_eq!(v.as_deref(), Some(format!("v{i}").as_str()));
    }
    assert_eq!(values[50], None);

    // The generated builder carries the spec's policy too.
    let values: Vec<Option<String>> = client
        .query_as(b().mget().key("key:7").key("key:8").key("key:9").build())
        .await
        .unwrap();
    assert_eq!(
        values,
        [Some("v7".into()), Some("v8".into()), Some("v9".into())]
    );

    let mut mset = cmd("MSET");
    for i in 0..40 {
        mset = mset.key(format!("m:{i}")).arg(i * 10);
    }
    let () = client.query_as(mset).await.unwrap();
    let n: i64 = client
        .query_as(
            cmd("EXISTS")
                .keys((0..40).map(|i| format!("m:{i}")))
                .key("nope"),
        )
        .await
        .unwrap();
    assert_eq!(n, 40);
    let v: i64 = client.query_as(cmd("GET").key("m:33")).await.unwrap();
    assert_eq!(v, 330);
    let n: i64 = client
        .query_as(cmd("DEL").keys((0..40).map(|i| format!("m:{i}"))))
        .await
        .unwrap();
    assert_eq!(n, 40);
    let n: i64 = client
        .query_as(b().exists().key("m:1").key("m:2").build())
        .await
        .unwrap();
    assert_eq!(n, 0);
}

async fn keyless_commands_fan_out_and_aggregate(client: &ClusterClient) {
    let total: i64 = client.query_as(cmd("DBSIZE")).await.unwrap();
    assert_eq!(total, KEYS as i64);
    let total: i64 = client.query_as(b().dbsize().build()).await.unwrap();
    assert_eq!(total, KEYS as i64);
    let mut keys: Vec<String> = client.query_as(cmd("KEYS").arg("key:*")).await.unwrap();
    keys.sort();
    let mut expected: Vec<String> = (0..KEYS).map(|i| format!("key:{i}")).collect();
    expected.sort();
    assert_eq!(keys, expected);
    let mut scanned: Vec<String> = client
        .scan(b().scan().cursor(0).r#match("key:*").count(1000))
        .map_ok(|k| String::from_utf8(k.to_vec()).unwrap())
        .try_collect()
        .await
        .unwrap();
    scanned.sort();
    assert_eq!(scanned, expected);
    let pong: String = client.query_as(cmd("PING")).await.unwrap();
    assert_eq!(pong, "PONG");
    // The spec sends RANDOMKEY to every primary, untyped or typed; one of the keys comes
    // back (a primary without keys would answer nil, and is passed over).
    let untyped: Option<String> = client.query_as(cmd("randomkey")).await.unwrap();
    let typed: Option<String> = client.query_as(b().randomkey().build()).await.unwrap();
    for key in [untyped, typed] {
        assert!(
            key.as_deref().is_some_and(|k| k.starts_with("key:")),
            "{key:?}"
        );
    }
    // Each primary counts only its own keys; together they hold them all.
    let mut sum = 0;
    for node in client.primaries().await.unwrap() {
        let n: i64 = node.query_as(cmd("DBSIZE")).await.unwrap();
        assert!(n > 0 && n < KEYS as i64, "{n}");
        sum += n;
    }
    assert_eq!(sum, KEYS as i64);
}

async fn commands_that_cannot_be_routed_are_refused_with_a_clear_error(client: &ClusterClient) {
    let err = client
        .query_as::<Vec<String>>(cmd("SUNION").key("a").key("b"))
        .await
        .unwrap_err();
    assert!(
        matches!(&err, Error::Cluster(m) if m.message().contains("different hash slots")),
        "{err}"
    );
    let err = client.query_as::<()>(cmd("MULTI")).await.unwrap_err();
    assert!(
        matches!(&err, Error::Cluster(m) if m.message().contains("transaction")),
        "{err}"
    );
    let err = client.query_as::<()>(cmd("SCAN").arg(0)).await.unwrap_err();
    assert!(matches!(&err, Error::Cluster(_)), "{err}");
    // Same slot through a hashtag: fine.
    let members: Vec<String> = client
        .query_as(cmd("SUNION").key("{t}a").key("{t}b"))
        .await
        .unwrap();
    assert!(members.is_empty());
}

async fn pipelines_span_nodes_and_keep_command_order(client: &ClusterClient) {
    let mut p = client.pipeline();
    for i in 0..100 {
        p.push(cmd("SET").key(format!("p:{i}")).arg(i));
        p.push(cmd("INCR").key(format!("p:{i}")));
    }
    p.push(cmd("DBSIZE"));
    let frames = p.send().await.unwrap();
    assert_eq!(frames.len(), 201);
    for i in 0..100 {
        let () = frames[2 * i].decode().unwrap();
        let n: i64 = frames[2 * i + 1].decode().unwrap();
        assert_eq!(n, i as i64 + 1);
    }
    let size: i64 = frames[200].decode().unwrap();
    assert_eq!(size, KEYS as i64 + 100);
    let (a, b, c): (i64, i64, Option<String>) = client
        .pipeline()
        .add(cmd("GET").key("p:5"))
        .add(cmd("GET").key("p:77"))
        .add(cmd("GET").key("p:none"))
        .query_as()
        .await
        .unwrap();
    assert_eq!((a, b, c), (6, 78, None));
    // Builders across nodes: the tuple of their reply types, no annotation.
    let (incr, get, missing, mget) = client
        .pipeline()
        .add(typedis::b().incr().key("p:5"))
        .add(typedis::b().get().key("p:77"))
        .add(typedis::b().get().key("p:none"))
        .add(typedis::b().mget().key_iter(["p:1", "p:none", "p:99"]))
        .query()
        .await
        .unwrap();
    assert_eq!(incr, 7);
    assert_eq!(get.as_deref(), Some(&b"78"[..]));
    assert_eq!(missing, None);
    let mget: Vec<Option<&[u8]>> = mget.iter().collect();
    assert_eq!(mget, [Some(&b"2"[..]), None, Some(&b"100"[..])]);
    let n: i64 = client
        .query_as(cmd("DEL").keys((0..100).map(|i| format!("p:{i}"))))
        .await
        .unwrap();
    assert_eq!(n, 100);
}

async fn transactions_are_pinned_to_one_slot(client: &ClusterClient) {
    let mut tx = client.transaction("{acct}").await.unwrap();
    tx.watch(&["{acct}:balance"]).await.unwrap();
    let balance: Option<i64> = tx.query_as(cmd("GET").key("{acct}:balance")).await.unwrap();
    assert_eq!(balance, None);
    let ((), left) = tx
        .add(b().set().key("{acct}:balance").value(100))
        .add(b().incrby().key("{acct}:balance").increment(-30))
        .exec()
        .await
        .unwrap();
    assert_eq!(left, 70);
    // A command of another slot fails the whole transaction, and nothing is sent.
    let err = client
        .transaction("{acct}")
        .await
        .unwrap()
        .add(b().incr().key("{acct}:balance"))
        .add(b().set().key("elsewhere").value(1))
        .exec()
        .await
        .unwrap_err();
    assert!(
        matches!(&err, Error::Cluster(m) if m.message().contains("cross-slot transaction")),
        "{err}"
    );
    let v: i64 = client
        .query_as(cmd("GET").key("{acct}:balance"))
        .await
        .unwrap();
    assert_eq!(v, 70);
    // Without WATCH or reads, it runs on the node's shared connection.
    let (left,) = client
        .transaction("{acct}")
        .await
        .unwrap()
        .add(b().incrby().key("{acct}:balance").increment(-20))
        .exec()
        .await
        .unwrap();
    assert_eq!(left, 50);
    let mut tx = client.transaction("x").await.unwrap();
    assert!(tx.watch(&["y"]).await.is_err());
    tx.discard().await.unwrap();
}

async fn blocking_commands_go_to_their_slot(client: &ClusterClient) {
    let waiter = {
        let client = client.clone();
        tokio::spawn(async move {
            client
                .query_as::<Option<(String, String)>>(cmd("BLPOP").key("queue:1").arg(5))
                .await
        })
    };
    tokio::time::sleep(Duration::from_millis(200)).await;
    let n: i64 = client
        .query_as(cmd("LPUSH").key("queue:1").arg("job"))
        .await
        .unwrap();
    assert_eq!(n, 1);
    let got = waiter.await.unwrap().unwrap();
    assert_eq!(got, Some(("queue:1".into(), "job".into())));
}

async fn shard_and_global_pub_sub(client: &ClusterClient) {
    let mut shard = client.shard_subscriber("news:{eu}").await.unwrap();
    shard.ssubscribe(&["news:{eu}"]).await.unwrap();
    let mut global = client.subscriber().await.unwrap();
    global.subscribe(&["all"]).await.unwrap();
    let receivers: i64 = client
        .query_as(cmd("SPUBLISH").key("news:{eu}").arg("hello"))
        .await
        .unwrap();
    assert_eq!(receivers, 1);
    // A typed SPUBLISH is routed by its shard channel, as a key is (the spec points at it
    // with a key spec flagged `not_key`): each goes to the owner of the channel's slot at
    // once, with no redirect, on whichever node it lands.
    let redirects = client.stats().redirects;
    for i in 0..30 {
        let channel = format!("news:{i}");
        let command = b().spublish().shardchannel(&channel).message("x").build();
        assert_eq!(command.slot(), Slot::One(key_slot(channel.as_bytes())));
        let _: i64 = client.query_as(command).await.unwrap();
    }
    let receivers: i64 = client
        .query_as(b().spublish().shardchannel("news:{eu}").message("typed"))
        .await
        .unwrap();
    assert_eq!(receivers, 1, "the subscriber's node got the typed publish");
    assert_eq!(
        client.stats().redirects,
        redirects,
        "a typed SPUBLISH was sent to a node that does not own its channel"
    );
    let _: i64 = client
        .query_as(cmd("PUBLISH").arg("all").arg("everyone"))
        .await
        .unwrap();
    let m = tokio::time::timeout(Duration::from_secs(5), shard.next_message())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    assert_eq!(
        (&m.channel[..], &m.payload[..]),
        (&b"news:{eu}"[..], &b"hello"[..])
    );
    let m = tokio::time::timeout(Duration::from_secs(5), shard.next_message())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    assert_eq!(&m.payload[..], b"typed");
    let m = tokio::time::timeout(Duration::from_secs(5), global.next_message())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    assert_eq!(&m.payload[..], b"everyone");
}

async fn reads_go_to_replicas_when_asked(cluster: &RedisCluster) {
    let calls = |i: usize| -> u64 {
        cluster
            .cli(i, &["INFO", "commandstats"])
            .lines()
            .find_map(|l| l.strip_prefix("cmdstat_get:calls="))
            .and_then(|rest| rest.split(',').next()?.parse().ok())
            .unwrap_or(0)
    };
    let replicas: Vec<usize> = (0..cluster.nodes().len())
        .filter(|i| !cluster.primaries().contains(i))
        .collect();
    let before: u64 = replicas.iter().map(|&i| calls(i)).sum();
    let config = ClusterConfig::from_url(&cluster.url())
        .unwrap()
        .read_from(ReadFrom::PreferReplica);
    let client = ClusterClient::with_config(config).await.unwrap();
    let () = client
        .query_as(cmd("SET").key("replicated").arg("yes"))
        .await
        .unwrap();
    let _: i64 = client.query_as(cmd("WAIT").arg(1).arg(1000)).await.unwrap();
    for i in 0..30 {
        let v: Option<String> = client
            .query_as(cmd("GET").key(format!("key:{i}")))
            .await
            .unwrap();
        assert_eq!(v, Some(format!("v{i}")));
    }
    let after: u64 = replicas.iter().map(|&i| calls(i)).sum();
    assert!(
        after >= before + 30,
        "replicas served {} reads; {:?}",
        after - before,
        client.stats()
    );
    // Writes still go to primaries.
    let n: i64 = client.query_as(cmd("INCR").key("counter")).await.unwrap();
    assert_eq!(n, 1);
}

async fn single_seed_url_discovers_the_whole_cluster(cluster: &RedisCluster) {
    let url = format!("redis://{}", cluster.nodes()[4].addr());
    let client = ClusterClient::connect(&url).await.unwrap();
    let total: i64 = client.query_as(cmd("DBSIZE")).await.unwrap();
    assert!(total >= KEYS as i64);
    let bad = ClusterClient::connect("redis+cluster://127.0.0.1:1").await;
    assert!(bad.is_err());
}

async fn periodic_refresh_notices_a_moved_slot_without_any_command(cluster: &RedisCluster) {
    let config = ClusterConfig::from_url(&cluster.url())
        .unwrap()
        .refresh_interval(Some(Duration::from_millis(200)));
    let client = ClusterClient::with_config(config).await.unwrap();
    // An empty slot can be handed to another primary with SETSLOT alone.
    let slot = key_slot(b"periodic-refresh-slot");
    let slot_arg = slot.to_string();
    assert_eq!(
        cluster
            .cli(0, &["CLUSTER", "COUNTKEYSINSLOT", &slot_arg])
            .trim(),
        "0"
    );
    let owner = cluster.index_of(cluster.primary_of(slot, 0));
    let target = cluster
        .primaries()
        .into_iter()
        .find(|&i| i != owner)
        .unwrap();
    let target_id = cluster.node_id(target);
    // SETSLOT NODE outside a migration leaves the epochs alone, and a node gives a slot
    // up to any claim of it made at a higher epoch. So the old owner stops claiming the
    // slot first (else its gossip can take it back from the target), the target claims
    // it last, then takes a fresh epoch so that its claim wins on every node, replicas
    // included, which cannot be told with SETSLOT.
    let others = cluster
        .primaries()
        .into_iter()
        .filter(|&i| i != owner && i != target);
    for i in std::iter::once(owner).chain(others).chain([target]) {
        let out = cluster.cli(i, &["CLUSTER", "SETSLOT", &slot_arg, "NODE", &target_id]);
        assert_eq!(out.trim(), "OK");
    }
    let out = cluster.cli(target, &["CLUSTER", "BUMPEPOCH"]);
    assert!(
        out.starts_with("BUMPED") || out.starts_with("STILL"),
        "{out}"
    );
    let deadline = Instant::now() + Duration::from_secs(5);
    while client.primary_for_slot(slot) != Some(cluster.nodes()[target].addr()) {
        assert!(
            Instant::now() < deadline,
            "the client never saw the slot move"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let stats = client.stats();
    assert_eq!(stats.redirects, 0);
    assert!(stats.refreshes >= 1, "{stats:?}");
    cluster.wait_ready(Duration::from_secs(10));
}
