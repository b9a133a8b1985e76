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

/// A client that waited for its server, and lost its first connection at once, reconnects
/// at once: the attempts that failed before the server came count no more (they made
/// the next attempt wait 0.4-0.8 s). The provider is asked once per handshake, never for
/// an attempt the server refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_early_drop_after_a_late_start_reconnects_at_once_and_asks_the_provider_once() {
    let port = free_port();
    let vault = typedis_tests::Vault::new("pw");
    let url = format!("redis://127.0.0.1:{port}");
    let config = vault
        .config(&url, None)
        .response_timeout(Some(Duration::from_secs(30)))
        .lazy_connect(true);
    let client = Client::with_config(config).await.unwrap();
    let first = tokio::spawn({
        let client = client.clone();
        async move { client.query(b().ping()).await }
    });
    // Attempts at about 0, 50, 150, 350 and 750 ms are refused.
    tokio::time::sleep(Duration::from_secs(1)).await;
    // The user exists from the server's start: an attempt that reached the server before
    // an `ACL SETUSER` would be a handshake refused on its credentials, which asks.
    let server = RedisServer::builder()
        .port(port)
        .args(["--user", "app", "on", ">pw", "~*", "&*", "+@all"])
        .start();
    let admin = Client::connect(&server.url()).await.unwrap();
    first.await.unwrap().unwrap();
    assert_eq!(vault.asked(), 1, "asked for attempts the server refused");

    let kill = ["KILL", "USER", "app"];
    admin.send(typedis::cmd("CLIENT").args(kill)).await.unwrap();
    tokio::time::sleep(Duration::from_millis(20)).await;
    let started = Instant::now();
    // The first command may be the one the cut connection still took.
    let pong = match client.query(b().ping()).await {
        Err(Error::ConnectionClosed(_)) => client.query(b().ping()).await,
        other => other,
    };
    let waited = started.elapsed();
    pong.unwrap();
    assert!(
        waited < Duration::from_millis(300),
        "reconnected after {waited:?}"
    );
    assert_eq!(vault.asked(), 2);
}

/// With no response timeout a command waits for its server as long as it takes, unless
/// the backoff caps the attempts: then it reads the last failure once they have failed.
#[tokio::test]
async fn a_cap_on_attempts_ends_a_wait_that_has_no_deadline() {
    let port = free_port();
    let backoff = typedis::Backoff::new(Duration::from_millis(20), Duration::from_millis(40));
    let config = lazy(port, Duration::from_secs(1))
        .response_timeout(None)
        .backoff(backoff.max_attempts(3));
    let client = Client::with_config(config).await.unwrap();
    let started = Instant::now();
    let err = tokio::time::timeout(Duration::from_secs(10), client.query(b().get().key("k")))
        .await
        .expect("the cap ended the wait")
        .unwrap_err();
    let Error::Unreachable(u) = &err else {
        panic!("not unreachable: {err:?}")
    };
    assert_eq!(u.failures(), 3, "{err}");
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
}

/// A cluster client made before its nodes returns at once, and its first command
/// discovers the cluster once the nodes are up, within the command's response timeout.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cluster_client_made_before_its_nodes_discovers_them_on_its_first_command() {
    let port = free_port();
    let url = format!("redis+cluster://127.0.0.1:{port}");
    let config = typedis::ClusterConfig::from_url(&url)
        .unwrap()
        .lazy_connect(true)
        .response_timeout(Some(Duration::from_secs(60)));
    let started = Instant::now();
    let client = typedis::ClusterClient::with_config(config).await.unwrap();
    assert!(
        started.elapsed() < Duration::from_millis(500),
        "{:?}",
        started.elapsed()
    );
    let first = tokio::spawn({
        let client = client.clone();
        async move { client.query(b().set().key("k").value("v")).await }
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!first.is_finished(), "no cluster yet");
    let builder = typedis_tests::RedisCluster::builder().seed_port(port);
    let cluster = tokio::task::spawn_blocking(move || builder.start())
        .await
        .unwrap();
    first.await.unwrap().unwrap();
    let got = client.query(b().get().key("k")).await.unwrap();
    assert_eq!(got.as_deref(), Some(&b"v"[..]));
    drop(cluster);
}

/// A cluster that never comes: the first command reads, after its response timeout, that
/// no seed described the cluster, naming the seeds, with the last attempt's error.
#[tokio::test]
async fn a_cluster_that_never_comes_is_unreachable_naming_its_seeds() {
    let port = free_port();
    let url = format!("redis+cluster://127.0.0.1:{port}");
    let config = typedis::ClusterConfig::from_url(&url)
        .unwrap()
        .lazy_connect(true)
        .response_timeout(Some(Duration::from_millis(600)));
    let client = typedis::ClusterClient::with_config(config).await.unwrap();
    let started = Instant::now();
    let err = client.query(b().get().key("k")).await.unwrap_err();
    let Error::Unreachable(u) = &err else {
        panic!("not unreachable: {err:?}")
    };
    assert!(u.message().contains(&format!("127.0.0.1:{port}")), "{err}");
    assert!(u.cause().is_some(), "{err}");
    let waited = started.elapsed();
    assert!(
        waited >= Duration::from_millis(550) && waited < Duration::from_secs(5),
        "{waited:?}"
    );
}

/// A Sentinel client made with `lazy_connect` does not wait for its Sentinels: with the
/// only one silent, it returns at once (it used to wait for that Sentinel first).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sentinel_client_made_with_lazy_connect_does_not_wait_for_its_sentinels() {
    let silent = typedis_tests::FakeServer::start(|_, conn| conn.silence());
    let url = format!("redis+sentinel://127.0.0.1:{}/mymaster", silent.port());
    let node = Config::default()
        .connect_timeout(Duration::from_secs(2))
        .response_timeout(Some(Duration::from_millis(500)))
        .lazy_connect(true);
    let config = typedis::SentinelConfig::from_url(&url).unwrap().node(node);
    let started = Instant::now();
    let client = typedis::SentinelClient::with_config(config).await.unwrap();
    assert!(
        started.elapsed() < Duration::from_millis(500),
        "{:?}",
        started.elapsed()
    );
    // Its first command waits for an answer up to its response timeout.
    let err = client.query(b().get().key("k")).await.unwrap_err();
    assert!(err.is_connection_error() || err.is_timeout(), "{err:?}");
}
