//! `SCAN`, `HSCAN`, `SSCAN` and `ZSCAN` as streams on a real redis-server, RESP2 and RESP3:
//! every item comes exactly once over many pages, with the options given; an empty
//! collection is an empty stream; an error ends the stream; a scan dropped midway leaves
//! the connection to the next command; on a cluster, `SCAN` covers every primary and a
//! keyed scan stays on its node.

use bytes::Bytes;
use futures_util::stream::FusedStream;
use futures_util::Stream;
use futures_util::TryStreamExt;
use std::collections::HashSet;
use std::pin::Pin;
use std::task::Poll;
use std::time::Duration;
use typedis::cluster::{ClusterClient, ClusterConfig, ReadFrom};
use typedis::cmd::Raw;
use typedis::reply::{ScanPage, ScoredMember};
use typedis::{b, cmd, Client, Command, Config, Error, Protocol, Request};
use typedis_tests::{RedisCluster, RedisServer};

const PROTOCOLS: [Protocol; 2] = [Protocol::Resp2, Protocol::Resp3];

/// Items per collection: many pages at any `COUNT`, and far beyond the compact encodings,
/// so the server really walks a hash table with a cursor.
const ITEMS: usize = 10_000;

/// Lists among the `user:*` keys, which `TYPE string` leaves out.
const LISTS: usize = 50;

async fn connect(url: &str, protocol: Protocol) -> Client {
    Client::with_config(Config::from_url(url).unwrap().protocol(protocol))
        .await
        .unwrap()
}

fn text(b: &Bytes) -> String {
    String::from_utf8(b.to_vec()).unwrap()
}

/// Checks that `items` are `expected`, each exactly once.
fn exactly_once(what: &str, items: Vec<String>, expected: &HashSet<String>) {
    let count = items.len();
    let distinct: HashSet<String> = items.into_iter().collect();
    assert_eq!(distinct.len(), count, "{what}: an item came more than once");
    assert_eq!(count, expected.len(), "{what}: wrong number of items");
    assert!(distinct == *expected, "{what}: not the expected items");
}

/// `ITEMS` strings `user:i`, `LISTS` lists `user:list:i`, `ITEMS` strings `other:i`, a
/// hash `h` (`f:i` = `v:i`), a set `s` (`m:i`) and a sorted set `z` (`m:i` scored `i`).
async fn fill(client: &Client) {
    let mset = (0..ITEMS).fold(cmd("MSET"), |c, i| {
        c.key(format!("user:{i}"))
            .arg(i)
            .key(format!("other:{i}"))
            .arg(i)
    });
    client.query_as::<()>(mset).await.unwrap();
    for i in 0..LISTS {
        let n = client
            .query(b().rpush().key(format!("user:list:{i}")).element("x"))
            .await
            .unwrap();
        assert_eq!(n, 1);
    }
    let fields = (0..ITEMS).flat_map(|i| [format!("f:{i}"), format!("v:{i}")]);
    let n: i64 = client
        .query_as(cmd("HSET").key("h").args(fields))
        .await
        .unwrap();
    assert_eq!(n, ITEMS as i64);
    let members = (0..ITEMS).map(|i| format!("m:{i}"));
    let n: i64 = client
        .query_as(cmd("SADD").key("s").args(members))
        .await
        .unwrap();
    assert_eq!(n, ITEMS as i64);
    let scored = (0..ITEMS).flat_map(|i| [i.to_string(), format!("m:{i}")]);
    let n: i64 = client
        .query_as(cmd("ZADD").key("z").args(scored))
        .await
        .unwrap();
    assert_eq!(n, ITEMS as i64);
    // The keyspace was resized as it filled: let the server finish rehashing it in the
    // background (a few cron ticks), so every scan below walks one settled table.
    tokio::time::sleep(Duration::from_millis(300)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_scan_returns_every_item_exactly_once_on_both_protocols() {
    let server = RedisServer::start();
    fill(&connect(&server.url(), Protocol::Resp3).await).await;
    let users: HashSet<String> = (0..ITEMS)
        .map(|i| format!("user:{i}"))
        .chain((0..LISTS).map(|i| format!("user:list:{i}")))
        .collect();
    let strings: HashSet<String> = (0..ITEMS).map(|i| format!("user:{i}")).collect();
    let members: HashSet<String> = (0..ITEMS).map(|i| format!("m:{i}")).collect();
    for protocol in PROTOCOLS {
        let client = connect(&server.url(), protocol).await;

        let keys: Vec<Bytes> = client
            .scan(b().scan().cursor(0).r#match("user:*").count(500))
            .try_collect()
            .await
            .unwrap();
        exactly_once("SCAN MATCH", keys.iter().map(text).collect(), &users);

        let mut scan = client.scan(
            b().scan()
                .cursor(0)
                .r#match("user:*")
                .count(1000)
                .r#type("string"),
        );
        let mut keys = Vec::new();
        while let Some(key) = scan.next().await {
            keys.push(text(&key.unwrap()));
        }
        assert!(scan.is_terminated());
        assert!(
            scan.next().await.is_none(),
            "a finished scan stays finished"
        );
        exactly_once("SCAN MATCH TYPE", keys, &strings);

        let fields: Vec<(Bytes, Bytes)> = client
            .scan(b().hscan().key("h").cursor(0).count(200))
            .try_collect()
            .await
            .unwrap();
        for (field, value) in &fields {
            assert_eq!(text(field).replace("f:", "v:"), text(value), "{protocol:?}");
        }
        let expected: HashSet<String> = (0..ITEMS).map(|i| format!("f:{i}")).collect();
        exactly_once(
            "HSCAN",
            fields.iter().map(|(f, _)| text(f)).collect(),
            &expected,
        );

        // The server's default COUNT (10): a thousand pages.
        let set: Vec<Bytes> = client
            .scan(b().sscan().key("s").cursor(0))
            .try_collect()
            .await
            .unwrap();
        exactly_once("SSCAN", set.iter().map(text).collect(), &members);

        let scored: Vec<ScoredMember> = client
            .scan(b().zscan().key("z").cursor(0).count(300))
            .try_collect()
            .await
            .unwrap();
        for entry in &scored {
            assert_eq!(text(&entry.member), format!("m:{}", entry.score));
        }
        exactly_once(
            "ZSCAN",
            scored.iter().map(|e| text(&e.member)).collect(),
            &members,
        );

        // MATCH applies on the server: only matching members come back.
        let some: Vec<Bytes> = client
            .scan(b().sscan().key("s").cursor(0).r#match("m:99*").count(500))
            .try_collect()
            .await
            .unwrap();
        let expected: HashSet<String> = members
            .iter()
            .filter(|m| m.starts_with("m:99"))
            .cloned()
            .collect();
        exactly_once("SSCAN MATCH", some.iter().map(text).collect(), &expected);
    }
}

#[tokio::test]
async fn an_empty_collection_is_an_empty_stream() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let client = connect(&server.url(), protocol).await;
        let keys: Vec<Bytes> = client
            .scan(b().scan().cursor(0))
            .try_collect()
            .await
            .unwrap();
        assert!(keys.is_empty(), "{keys:?}");
        let fields: Vec<(Bytes, Bytes)> = client
            .scan(b().hscan().key("missing").cursor(0))
            .try_collect()
            .await
            .unwrap();
        assert!(fields.is_empty());
        // Keys that exist but none that match: many empty pages, then the end.
        let mset = (0..500).fold(cmd("MSET"), |c, i| c.key(format!("k:{i}")).arg("v"));
        client.query_as::<()>(mset).await.unwrap();
        let none: Vec<Bytes> = client
            .scan(b().scan().cursor(0).r#match("nothing:*").count(20))
            .try_collect()
            .await
            .unwrap();
        assert!(none.is_empty(), "{none:?}");
        client
            .query_as::<i64>(cmd("DEL").keys((0..500).map(|i| format!("k:{i}"))))
            .await
            .unwrap();
    }
}

/// A request whose reply is a scan page but that has no cursor.
struct ScanWithoutCursor;

impl Request for ScanWithoutCursor {
    type Reply = ScanPage<Bytes>;
    fn into_command(self) -> Command {
        cmd("SCAN").build()
    }
}

#[tokio::test]
async fn an_error_is_the_last_item_of_a_scan() {
    let server = RedisServer::start();
    let client = connect(&server.url(), Protocol::Resp3).await;
    client
        .query(b().set().key("text").value("not a set"))
        .await
        .unwrap();
    let mut scan = client.scan(b().sscan().key("text").cursor(0));
    match scan.next().await {
        Some(Err(Error::Server(e))) => assert_eq!(e.code(), Some("WRONGTYPE"), "{e}"),
        other => panic!("expected WRONGTYPE, got {other:?}"),
    }
    assert!(
        scan.next().await.is_none(),
        "the stream ends after its error"
    );

    // Nothing is sent for a cursor that is no number, or a command without a cursor: the
    // stream says why.
    let mut scan = client.scan(b().scan().cursor(Raw("nope")));
    match scan.next().await {
        Some(Err(Error::InvalidUse(why))) => assert!(why.message().contains("cursor"), "{why}"),
        other => panic!("expected an invalid use, got {other:?}"),
    }
    assert!(scan.next().await.is_none());

    let mut scan = client.scan(ScanWithoutCursor);
    match scan.next().await {
        Some(Err(Error::InvalidUse(why))) => assert!(why.message().contains("cursor"), "{why}"),
        other => panic!("expected an invalid use, got {other:?}"),
    }
    assert!(scan.next().await.is_none());
}

#[tokio::test]
async fn a_scan_dropped_midway_leaves_the_connection_to_the_next_command() {
    let server = RedisServer::start();
    let client = connect(&server.url(), Protocol::Resp3).await;
    let members = (0..1000).map(|i| format!("m:{i}"));
    client
        .query_as::<i64>(cmd("SADD").key("s").args(members))
        .await
        .unwrap();
    let mut scan = client.scan(b().sscan().key("s").cursor(0).count(100));
    // Small to hold and to wait on: the page's request is boxed.
    assert!(size_of_val(&scan) <= 128, "{} bytes", size_of_val(&scan));
    assert!(size_of_val(&scan.next()) <= 32);
    scan.next().await.unwrap().unwrap();
    // Take items until the scan has to wait for its next page, then drop it: that page's
    // request is in flight, and its reply must go nowhere.
    let mut taken = 1;
    let in_flight = loop {
        let polled = std::future::poll_fn(|cx| Poll::Ready(Pin::new(&mut scan).poll_next(cx)));
        match polled.await {
            Poll::Ready(Some(item)) => {
                item.unwrap();
                taken += 1;
            }
            Poll::Ready(None) => break false,
            Poll::Pending => break true,
        }
    };
    assert!(
        in_flight,
        "the scan ended after {taken} items without waiting for a page"
    );
    assert!(taken < 1000, "{taken}");
    drop(scan);
    let echoed = client.query(b().echo().message("mine")).await.unwrap();
    assert_eq!(echoed, "mine");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cluster_scans_cover_every_primary_and_keyed_scans_stay_on_their_node() {
    let cluster = RedisCluster::builder().replicas(2).start();
    let client = ClusterClient::connect(&cluster.url()).await.unwrap();
    const KEYS: usize = 3000;
    // MSET is split by slot, so the keys land on every primary.
    let mset = (0..KEYS).fold(cmd("MSET"), |c, i| c.key(format!("key:{i}")).arg(i));
    client.query_as::<()>(mset).await.unwrap();
    for i in 0..100 {
        client
            .query(b().set().key(format!("other:{i}")).value("x"))
            .await
            .unwrap();
    }
    let mut sizes = Vec::new();
    for node in client.primaries().await.unwrap() {
        sizes.push(node.query(b().dbsize()).await.unwrap());
    }
    assert_eq!(sizes.len(), 3);
    assert!(
        sizes.iter().all(|&n| n > 0),
        "every primary holds keys: {sizes:?}"
    );

    let expected: HashSet<String> = (0..KEYS).map(|i| format!("key:{i}")).collect();
    let keys: Vec<Bytes> = client
        .scan(b().scan().cursor(0).r#match("key:*").count(100))
        .try_collect()
        .await
        .unwrap();
    exactly_once("cluster SCAN", keys.iter().map(text).collect(), &expected);
    // A cursor given is one node's: each node is scanned from the start all the same.
    let keys: Vec<Bytes> = client
        .scan(b().scan().cursor(12345).r#match("key:*").count(1000))
        .try_collect()
        .await
        .unwrap();
    exactly_once(
        "cluster SCAN from a cursor",
        keys.iter().map(text).collect(),
        &expected,
    );
    let all: Vec<Bytes> = client
        .scan(b().scan().cursor(0).r#type("string"))
        .try_collect()
        .await
        .unwrap();
    assert_eq!(all.len(), KEYS + 100);

    // A keyed scan follows its key to its node, and stays there. Reading from replicas,
    // with two per shard, every page must go to the replica that made the cursor: each
    // server hashes with its own seed, so a cursor means nothing on another one.
    let fields = (0..ITEMS).flat_map(|i| [format!("f:{i}"), format!("v:{i}")]);
    let n: i64 = client
        .query_as(cmd("HSET").key("{h}ash").args(fields))
        .await
        .unwrap();
    assert_eq!(n, ITEMS as i64);
    let acked: i64 = client.query_as(cmd("WAIT").arg(2).arg(5000)).await.unwrap();
    assert_eq!(acked, 2, "both replicas have the hash");
    let expected: HashSet<String> = (0..ITEMS).map(|i| format!("f:{i}")).collect();
    for read_from in [ReadFrom::Primary, ReadFrom::PreferReplica] {
        let config = ClusterConfig::from_url(&cluster.url())
            .unwrap()
            .read_from(read_from.clone());
        let reader = ClusterClient::with_config(config).await.unwrap();
        let fields: Vec<(Bytes, Bytes)> = reader
            .scan(b().hscan().key("{h}ash").cursor(0).count(50))
            .try_collect()
            .await
            .unwrap();
        exactly_once(
            &format!("cluster HSCAN ({read_from:?})"),
            fields.iter().map(|(f, _)| text(f)).collect(),
            &expected,
        );
    }
}
