//! A topology reply that leaves slots unserved is not trusted: two fake cluster nodes
//! answer `CLUSTER SHARDS` as a node may right after a failover (the promoted replica's
//! shard listed with no slots) and `CLUSTER SLOTS` correctly. The client must route the
//! second half of the slots to the node `CLUSTER SLOTS` names, not drop them.

use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::Arc;
use typedis::b;
use typedis::cluster::ClusterClient;
use typedis::cmd::key_slot;
use typedis_tests::{FakeConnection, FakeServer};

/// A RESP2 bulk string.
fn bulk(s: &str) -> String {
    format!("${}\r\n{s}\r\n", s.len())
}

/// One node of a `CLUSTER SHARDS` shard, as a RESP2 flat map.
fn shard_node(port: u16) -> String {
    format!(
        "*8\r\n{}:{port}\r\n{}{}{}{}{}{}",
        bulk("port"),
        bulk("ip"),
        bulk("127.0.0.1"),
        bulk("role"),
        bulk("master"),
        bulk("health"),
        bulk("online")
    )
}

/// `CLUSTER SHARDS` as seen right after a failover: `b`'s shard has no slots yet.
fn shards(a: u16, b: u16) -> String {
    format!(
        "*2\r\n\
         *4\r\n{}*2\r\n:0\r\n:8191\r\n{}*1\r\n{}\
         *4\r\n{}*0\r\n{}*1\r\n{}",
        bulk("slots"),
        bulk("nodes"),
        shard_node(a),
        bulk("slots"),
        bulk("nodes"),
        shard_node(b)
    )
}

/// `CLUSTER SLOTS`, which already has `b` serving the second half.
fn slots(a: u16, b: u16) -> String {
    format!(
        "*2\r\n\
         *3\r\n:0\r\n:8191\r\n*2\r\n{}:{a}\r\n\
         *3\r\n:8192\r\n:16383\r\n*2\r\n{}:{b}\r\n",
        bulk("127.0.0.1"),
        bulk("127.0.0.1")
    )
}

/// A fake node named `name`: RESP2 only, the topology above, and `GET` answers its name.
fn node(name: &'static str, ports: Arc<[AtomicU16; 2]>) -> FakeServer {
    FakeServer::start(move |_, mut conn: FakeConnection| {
        while let Some(args) = conn.request() {
            let words: Vec<String> = args
                .iter()
                .map(|a| String::from_utf8_lossy(a).to_uppercase())
                .collect();
            let (a, b) = (
                ports[0].load(Ordering::SeqCst),
                ports[1].load(Ordering::SeqCst),
            );
            let reply = match words.iter().map(String::as_str).collect::<Vec<_>>()[..] {
                ["HELLO", ..] => "-ERR unknown command 'HELLO'\r\n".to_owned(),
                ["CLUSTER", "SHARDS"] => shards(a, b),
                ["CLUSTER", "SLOTS"] => slots(a, b),
                ["GET", _] => bulk(name),
                ["PING"] => "+PONG\r\n".to_owned(),
                _ => "+OK\r\n".to_owned(),
            };
            if !conn.send(reply.as_bytes()) {
                return;
            }
        }
    })
}

#[tokio::test]
async fn shards_that_leave_slots_unserved_give_way_to_cluster_slots() {
    let ports = Arc::new([AtomicU16::new(0), AtomicU16::new(0)]);
    let a = node("a", ports.clone());
    let b_node = node("b", ports.clone());
    ports[0].store(a.port(), Ordering::SeqCst);
    ports[1].store(b_node.port(), Ordering::SeqCst);

    let client = ClusterClient::connect(&format!("redis+cluster://127.0.0.1:{}", a.port()))
        .await
        .unwrap();
    // One key in each half of the slots.
    let (low, high) = ("bar", "foo");
    assert!(key_slot(low.as_bytes()) < 8192 && key_slot(high.as_bytes()) >= 8192);
    let from_low = client.query(b().get().key(low)).await.unwrap();
    let from_high = client.query(b().get().key(high)).await.unwrap();
    assert_eq!(from_low.as_deref(), Some(&b"a"[..]));
    assert_eq!(
        from_high.as_deref(),
        Some(&b"b"[..]),
        "slot of {high} not routed to b"
    );
    assert!(b_node.accepted() > 0);
}
