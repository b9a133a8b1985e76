//! A client made before its server (`Config::lazy_connect`): it returns at once, its first
//! command waits for the server up to the response timeout and runs once the server is
//! up, and a server that never comes is `Error::Unreachable` after that timeout. A client
//! made without it still fails at once.

use std::time::{Duration, Instant};
use typedis::{b, Client, Config, Error};
use typedis_tests::RedisServer;

/// A port nothing listens on (yet).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap()
}

fn lazy(port: u16, timeout: Duration) -> Config {
    Config::from_url(&format!("redis://127.0.0.1:{port}"))
        .unwrap()
        .response_timeout(Some(timeout))
        .lazy_connect(true)
}

#[tokio::test]
async fn commands_wait_for_a_server_that_starts_after_the_client() {
    let port = free_port();
    let client = Client::with_config(lazy(port, Duration::from_secs(30)))
        .await
        .expect("a lazy client is made without its server");

    let first = tokio::spawn({
        let client = client.clone();
        async move { client.query(b().incr().key("hits")).await }
    });
    let second = tokio::spawn({
        let client = client.clone();
        async move { client.query(b().incr().key("hits")).await }
    });
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert!(
        !first.is_finished() && !second.is_finished(),
        "no server yet"
    );

    let _server = RedisServer::builder().port(port).start();
    let mut counts = vec![
        first.await.unwrap().unwrap(),
        second.await.unwrap().unwrap(),
    ];
    counts.sort();
    assert_eq!(counts, [1, 2]);
    assert_eq!(client.query(b().incr().key("hits")).await.unwrap(), 3);
    // The first connection is no reconnect.
    assert_eq!(client.stats().reconnects, 0);
}

#[tokio::test]
async fn a_server_that_never_comes_is_unreachable_after_the_response_timeout() {
    let port = free_port();
    let client = Client::with_config(lazy(port, Duration::from_millis(600)))
        .await
        .unwrap();
    let started = Instant::now();
    let err = client.query(b().get().key("k")).await.unwrap_err();
    let waited = started.elapsed();
    assert!(matches!(err, Error::Unreachable(_)), "{err}");
    assert!(
        waited >= Duration::from_millis(550),
        "gave up after {waited:?}"
    );
    assert!(waited < Duration::from_secs(5), "waited {waited:?}");
}

#[tokio::test]
async fn without_lazy_connect_a_missing_server_fails_at_once() {
    let port = free_port();
    let config = Config::from_url(&format!("redis://127.0.0.1:{port}")).unwrap();
    let err = Client::with_config(config).await.unwrap_err();
    assert!(err.is_connection_error(), "{err}");
}
