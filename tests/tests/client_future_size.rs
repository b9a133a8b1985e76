//! What one in-flight command costs: the size of the future a caller holds while it waits.
//! The cold paths (reconnecting, the handshake, blocking commands, resending) are boxed, so
//! they do not weigh on every command.

use typedis::{b, cmd, Client};
use typedis_tests::RedisServer;

/// The bound on one command's future.
const MAX_FUTURE: usize = 512;

#[tokio::test]
async fn a_command_future_is_at_most_512_bytes() {
    let server = RedisServer::start();
    let client = Client::connect(&server.url()).await.unwrap();
    let query = client.query(b().set().key("k").value("v"));
    let typed = client.query(b().get().key("k"));
    let untyped = client.query_as::<Option<String>>(cmd("GET").arg("k"));
    let send = client.send(cmd("GET").arg("k"));
    let pipeline = client
        .pipeline()
        .add(cmd("GET").arg("k"))
        .query_as::<(Option<String>,)>();
    let sizes = [
        ("query(SET)", size_of_val(&query)),
        ("query(GET)", size_of_val(&typed)),
        ("query_as::<Option<String>>", size_of_val(&untyped)),
        ("send", size_of_val(&send)),
    ];
    for (what, size) in sizes {
        println!("{what}: {size} bytes");
    }
    // Not bounded here: a pipeline is one future for many commands.
    println!("pipeline query: {} bytes", size_of_val(&pipeline));
    for (what, size) in sizes {
        assert!(size <= MAX_FUTURE, "{what} future is {size} bytes");
    }
    // They still run.
    query.await.unwrap();
    assert_eq!(typed.await.unwrap().as_deref(), Some(&b"v"[..]));
    assert_eq!(untyped.await.unwrap().as_deref(), Some("v"));
    assert!(!send.await.unwrap().is_error());
    assert_eq!(pipeline.await.unwrap().0.as_deref(), Some("v"));
}

/// The bound on what a caller holds while a blocking command, a transaction or a
/// subscriber waits: each may be held by thousands of tasks (one subscriber per websocket,
/// a `BLPOP` per worker), and opening their dedicated connection is boxed.
const MAX_WAITING_FUTURE: usize = 1024;

#[tokio::test]
async fn blocking_transaction_and_subscriber_futures_are_at_most_1_kib() {
    let server = RedisServer::start();
    let client = Client::connect(&server.url()).await.unwrap();
    let blocking = client.query(b().blpop().key("list").timeout(1.0));
    let mut subscriber = client.subscriber().await.unwrap();
    let mut tx = client.transaction().await.unwrap();
    // Each borrows the transaction: measured, then dropped unpolled.
    let watch_size = size_of_val(&tx.watch(&["k"]));
    let read_size = size_of_val(&tx.query(b().get().key("k")));
    let next_message = subscriber.next_message();
    let sizes = [
        ("query(BLPOP)", size_of_val(&blocking)),
        ("Transaction::watch", watch_size),
        ("Transaction::query(GET)", read_size),
        ("Subscriber::next_message", size_of_val(&next_message)),
    ];
    drop(next_message);
    for (what, size) in sizes {
        println!("{what}: {size} bytes");
        assert!(size <= MAX_WAITING_FUTURE, "{what} future is {size} bytes");
    }
    // They still run.
    client
        .query(b().rpush().key("list").element("x"))
        .await
        .unwrap();
    assert_eq!(
        blocking.await.unwrap().map(|(_, v)| v).as_deref(),
        Some(&b"x"[..])
    );
    tx.watch(&["k"]).await.unwrap();
    assert_eq!(tx.query(b().get().key("k")).await.unwrap(), None);
    tx.discard().await.unwrap();
    subscriber.subscribe(&["news"]).await.unwrap();
    let _: i64 = client
        .query(b().publish().channel("news").message("hi"))
        .await
        .unwrap();
    let message = subscriber.next_message().await.unwrap().unwrap();
    assert_eq!(&message.payload[..], b"hi");
}
