//! Closing a client (`close`): it stops taking commands at once, lets what is in flight
//! finish up to the deadline, then closes every connection (shared, dedicated,
//! subscribers; every node's in a cluster; the Sentinels' through Sentinel) and reports
//! what it cut. Checked on the server's side too (`CLIENT LIST`).

use std::time::{Duration, Instant};
use typedis::cluster::ClusterClient;
use typedis::sentinel::SentinelClient;
use typedis::{b, cmd, Client, ClosedKind, Config, Error};
use typedis_tests::{RedisCluster, RedisServer, SentinelSetup};

/// The error of a command cut by, or made after, `close`.
fn is_shutdown(e: &Error) -> bool {
    matches!(e, Error::ConnectionClosed(c) if c.kind() == ClosedKind::Shutdown)
}

/// Connections the server has open, the asking one left out (`CLIENT LIST`), once the
/// count settles at `expected` (a closed socket reaches the server a moment later), at
/// most 5 s.
async fn server_connections(admin: &Client, expected: usize) -> usize {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let list: String = admin
            .send(cmd("CLIENT").arg("LIST"))
            .await
            .unwrap()
            .decode()
            .unwrap();
        let n = list.lines().count() - 1;
        if n == expected || Instant::now() > deadline {
            return n;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn close_lets_what_is_in_flight_finish_then_closes_every_connection() {
    let server = RedisServer::start();
    let admin = Client::connect(&server.url()).await.unwrap();
    let client = Client::connect(&server.url()).await.unwrap();
    let mut subscriber = client.subscriber().await.unwrap();
    subscriber.subscribe(&["news"]).await.unwrap();

    // Four blocking pops (dedicated connections) that end by themselves in 300 ms, and a
    // burst of increments on the shared connection, all in flight when close starts.
    let mut pops = Vec::new();
    for i in 0..4 {
        let client = client.clone();
        pops.push(tokio::spawn(async move {
            client
                .query(
                    b().blpop()
                        .key(format!("queue:{i}"))
                        .timeout(Duration::from_millis(300)),
                )
                .await
        }));
    }
    let mut increments = Vec::new();
    for _ in 0..200 {
        let client = client.clone();
        increments.push(tokio::spawn(async move {
            client.query(b().incr().key("n")).await
        }));
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let report = client.close(Duration::from_secs(5)).await;

    for pop in pops {
        assert_eq!(pop.await.unwrap().unwrap(), None, "a pop was cut");
    }
    let mut answered = 0;
    for incr in increments {
        match incr.await.unwrap() {
            Ok(_) => answered += 1,
            // Not yet sent when close began: refused, never run.
            Err(e) => assert!(is_shutdown(&e) && !e.is_retryable(), "{e}"),
        }
    }
    assert_eq!(report.cut, 0, "{report:?}");
    // The shared connection, four dedicated ones, the subscriber's.
    assert_eq!(report.connections, 6, "{report:?}");
    let n: i64 = admin.query_as(b().get().key("n")).await.unwrap();
    assert_eq!(n, answered, "every increment answered ran, and no other");

    // Nothing more is taken, on any clone, and the subscriber's stream ends.
    let err = client.clone().query(b().get().key("n")).await.unwrap_err();
    assert!(is_shutdown(&err), "{err}");
    if let Error::ConnectionClosed(c) = &err {
        assert!(!c.was_sent());
    }
    assert!(!err.is_retryable());
    let err = client
        .query(b().blpop().key("queue").timeout(Duration::from_millis(10)))
        .await
        .unwrap_err();
    assert!(is_shutdown(&err), "{err}");
    assert!(subscriber.next_message().await.is_none());
    assert!(is_shutdown(&client.subscriber().await.unwrap_err()));
    assert_eq!(server_connections(&admin, 0).await, 0);
    // Closing again: nothing left to close.
    let again = client.close(Duration::from_secs(1)).await;
    assert_eq!((again.cut, again.connections), (0, 0));
}

#[tokio::test]
async fn what_outlasts_the_deadline_is_cut_and_reported() {
    let server = RedisServer::start();
    let client = Client::connect(&server.url()).await.unwrap();
    let mut pops = Vec::new();
    for i in 0..3 {
        let client = client.clone();
        pops.push(tokio::spawn(async move {
            client
                .query(
                    b().blpop()
                        .key(format!("queue:{i}"))
                        .timeout(Duration::from_secs(10)),
                )
                .await
        }));
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let started = Instant::now();
    let report = client.close(Duration::from_millis(200)).await;
    assert!(started.elapsed() < Duration::from_secs(2));
    assert_eq!(report.cut, 3, "{report:?}");
    for pop in pops {
        let err = pop.await.unwrap().unwrap_err();
        assert!(is_shutdown(&err), "{err}");
        // Sent: it may have run.
        let Error::ConnectionClosed(c) = &err else {
            unreachable!()
        };
        assert!(c.was_sent());
    }
}

#[tokio::test]
async fn a_command_waiting_for_a_server_that_never_came_ends_at_close() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let config = Config::from_url(&format!("redis://127.0.0.1:{port}"))
        .unwrap()
        .lazy_connect(true)
        .response_timeout(Some(Duration::from_secs(30)));
    let client = Client::with_config(config).await.unwrap();
    let waiting = tokio::spawn({
        let client = client.clone();
        async move { client.query(b().get().key("k")).await }
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    let started = Instant::now();
    let report = client.close(Duration::from_secs(5)).await;
    let err = waiting.await.unwrap().unwrap_err();
    assert!(is_shutdown(&err), "{err}");
    assert!(started.elapsed() < Duration::from_secs(1));
    assert_eq!((report.cut, report.connections), (0, 0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cluster_client_closes_every_node() {
    let cluster = RedisCluster::start();
    let client = ClusterClient::connect(&cluster.url()).await.unwrap();
    for i in 0..30 {
        client
            .query(b().set().key(format!("user:{i}")).value("x"))
            .await
            .unwrap();
    }
    let nodes = client.stats().nodes;
    assert!(nodes >= 3);
    // A subscriber on any node (a node client's connection) and a shard subscriber (a
    // connection of its own, along its slot's route).
    let mut subscriber = client.subscriber().await.unwrap();
    subscriber.subscribe(&["news"]).await.unwrap();
    let mut shard = client.shard_subscriber("orders").await.unwrap();
    shard.ssubscribe(&["orders"]).await.unwrap();
    let report = client.close(Duration::from_secs(2)).await;
    assert_eq!(report.cut, 0);
    assert_eq!(report.connections, nodes + 2, "{report:?}");
    assert!(subscriber.next_message().await.is_none());
    assert!(shard.next_message().await.is_none());
    assert!(is_shutdown(
        &client.shard_subscriber("orders").await.unwrap_err()
    ));
    let err = client.query(b().get().key("user:1")).await.unwrap_err();
    assert!(is_shutdown(&err), "{err}");
    // No connection of the client is left on any primary (only `redis-cli`'s own and
    // the replicas').
    for i in cluster.primaries() {
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            let list = cluster.cli(i, &["CLIENT", "LIST"]);
            let others = list
                .lines()
                .filter(|l| !l.contains("cmd=client|list") && !l.contains(" flags=S "))
                .count();
            if others == 0 {
                break;
            }
            assert!(Instant::now() < deadline, "node {i} still has:\n{list}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sentinel_client_closes_its_nodes_and_its_sentinels() {
    let setup = SentinelSetup::start();
    let client = SentinelClient::connect(&setup.url()).await.unwrap();
    client.query(b().set().key("k").value("v")).await.unwrap();
    let report = client.close(Duration::from_secs(2)).await;
    assert_eq!(report.cut, 0);
    // The primary's connection and at least one Sentinel's.
    assert!(report.connections >= 2, "{report:?}");
    let err = client.query(b().get().key("k")).await.unwrap_err();
    assert!(is_shutdown(&err), "{err}");
}
