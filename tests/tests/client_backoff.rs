//! Every reconnecting loop is paced: a server that accepts connections only to drop them
//! right after the handshake (or right after a subscription) gets a handful of
//! connections a second from a looping caller, not thousands, whether they are the shared
//! connection, dedicated ones or a subscriber's.

use std::time::{Duration, Instant};
use typedis::{cmd, Backoff, Client, Config, Error, Protocol};
use typedis_tests::{FakeConnection, FakeServer};

/// How long each test keeps its caller looping.
const LOOP_FOR: Duration = Duration::from_millis(1500);

fn config(server: &FakeServer) -> Config {
    Config::from_url(&server.url())
        .unwrap()
        // RESP2 without credentials: the handshake is empty, so a connection is
        // established the moment it is accepted.
        .protocol(Protocol::Resp2)
        .backoff(Backoff::new(
            Duration::from_millis(20),
            Duration::from_millis(400),
        ))
}

/// With the backoff above, the waits after each lost connection are at least 10, 20, 40,
/// 80, 160 and then 200 ms: at most 11 connections in `LOOP_FOR`, plus the first.
const MOST_CONNECTIONS: usize = 15;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shared_connection_dropped_after_every_handshake_is_reopened_at_a_paced_rate() {
    // Every connection is closed as soon as its first command comes; the very first one
    // answers it before closing.
    let server = FakeServer::start(|n, mut conn: FakeConnection| {
        if conn.request().is_some() && n == 0 {
            conn.send(b"+PONG\r\n");
        }
    });
    let client = Client::with_config(config(&server)).await.unwrap();
    let pong: String = client.query_as(cmd("PING")).await.unwrap();
    assert_eq!(pong, "PONG");

    let started = Instant::now();
    let mut errors = 0;
    while started.elapsed() < LOOP_FOR {
        match client.query_as::<String>(cmd("PING")).await {
            Err(Error::ConnectionClosed(_) | Error::Unreachable(_)) => errors += 1,
            other => panic!("unexpected {other:?}"),
        }
    }
    let opened = server.accepted();
    let reconnects = client.stats().reconnects;
    eprintln!("{errors} errors, {opened} connections, {reconnects} reconnects in {LOOP_FOR:?}");
    assert!(opened <= MOST_CONNECTIONS, "{opened} connections");
    assert!(
        reconnects as usize <= MOST_CONNECTIONS,
        "{reconnects} reconnects"
    );
    assert!(
        reconnects >= 3,
        "{reconnects} reconnects: the caller was not served at all"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dedicated_connections_dropped_at_once_are_opened_at_a_paced_rate() {
    let server = FakeServer::start(|n, mut conn: FakeConnection| {
        // The shared connection (the first) stays; every dedicated one is dropped as soon
        // as its command comes.
        if n == 0 {
            conn.silence();
        } else {
            let _ = conn.request();
        }
    });
    let client = Client::with_config(config(&server)).await.unwrap();
    let started = Instant::now();
    let mut errors = 0;
    while started.elapsed() < LOOP_FOR {
        match client
            .query_as::<Option<(String, String)>>(cmd("BLPOP").arg("list").arg(1))
            .await
        {
            Err(Error::ConnectionClosed(_) | Error::Unreachable(_)) => errors += 1,
            other => panic!("unexpected {other:?}"),
        }
    }
    let opened = server.accepted() - 1;
    eprintln!("{errors} errors, {opened} dedicated connections in {LOOP_FOR:?}");
    assert!(opened <= MOST_CONNECTIONS, "{opened} connections");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_subscriber_dropped_after_every_subscribe_reconnects_at_a_paced_rate() {
    // The shared connection (the first) stays; a subscriber's connection is confirmed its
    // subscription, then closed.
    let server = FakeServer::start(|n, mut conn: FakeConnection| {
        if n == 0 {
            return conn.silence();
        }
        while let Some(args) = conn.request() {
            if args
                .first()
                .is_some_and(|a| a.eq_ignore_ascii_case(b"SUBSCRIBE"))
            {
                conn.send(b"*3\r\n$9\r\nsubscribe\r\n$4\r\nnews\r\n:1\r\n");
                return;
            }
        }
    });
    let client = Client::with_config(config(&server)).await.unwrap();
    let mut sub = client.subscriber().await.unwrap();
    sub.subscribe(&["news"]).await.unwrap();
    let started = Instant::now();
    let (mut gaps, mut errors) = (0, 0);
    while started.elapsed() < LOOP_FOR {
        match tokio::time::timeout(LOOP_FOR, sub.next_message()).await {
            Ok(Some(Err(Error::MissedMessages(_)))) => gaps += 1,
            Ok(Some(Err(_))) => errors += 1,
            Err(_) => break,
            other => panic!("unexpected {other:?}"),
        }
    }
    let opened = server.accepted() - 1;
    let reconnects = client.stats().reconnects;
    eprintln!(
        "{opened} subscriber connections, {reconnects} reconnects, {gaps} gaps, {errors} errors"
    );
    assert!(opened <= MOST_CONNECTIONS, "{opened} connections");
    assert!(
        reconnects as usize <= MOST_CONNECTIONS,
        "{reconnects} reconnects"
    );
    // Each reconnection says that messages may have been missed.
    assert!(gaps > 0);
}
