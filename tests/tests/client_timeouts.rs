//! A timeout of a command's own (`with_timeout`, `Multi::timeout`), in place of the
//! configured response timeout: shorter (it fires on time, though the connection's
//! watchdog wakes at the configured one), longer (a slow command answers), on a command, a
//! pipeline, a transaction, a blocking command (whose block time still counts) and a
//! cluster's commands. The server is stalled with `DEBUG SLEEP` from another client.

use std::time::{Duration, Instant};

use typedis::cluster::{ClusterClient, ClusterConfig};
use typedis::cmd::key_slot;
use typedis::{b, cmd, Client, Config, Error};
use typedis_tests::{RedisCluster, RedisServer};

fn debuggable() -> RedisServer {
    RedisServer::builder()
        .args(["--enable-debug-command", "yes"])
        .start()
}

/// Stalls the server for `secs` from a connection of its own.
async fn stall(url: &str, secs: &str) -> tokio::task::JoinHandle<()> {
    let other = Client::connect(url).await.unwrap();
    let secs = secs.to_owned();
    let handle = tokio::spawn(async move {
        let _ = other.send(cmd("DEBUG").arg("SLEEP").arg(secs)).await;
    });
    // The DEBUG SLEEP reaches the server first.
    tokio::time::sleep(Duration::from_millis(100)).await;
    handle
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shorter_timeout_of_its_own_fires_on_time() {
    let server = debuggable();
    let config = Config::from_url(&server.url())
        .unwrap()
        .response_timeout(Some(Duration::from_secs(5)));
    let client = Client::with_config(config).await.unwrap();
    let stalled = stall(&server.url(), "1").await;
    let started = Instant::now();
    let quick = client.with_timeout(Duration::from_millis(150));
    let got = quick.query(b().get().key("k")).await;
    let waited = started.elapsed();
    assert!(
        matches!(got, Err(Error::Timeout(t)) if t == Duration::from_millis(150)),
        "{got:?}"
    );
    assert!(
        waited < Duration::from_millis(700),
        "timed out after {waited:?}"
    );
    stalled.await.unwrap();
    // The connection is unharmed.
    assert_eq!(client.query(b().get().key("k")).await.unwrap(), None);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_longer_timeout_of_its_own_waits_for_a_slow_server() {
    let server = debuggable();
    let config = Config::from_url(&server.url())
        .unwrap()
        .response_timeout(Some(Duration::from_millis(300)));
    let client = Client::with_config(config).await.unwrap();
    let patient = client.with_timeout(Duration::from_secs(5));

    let stalled = stall(&server.url(), "1").await;
    let got = client.query(b().get().key("k")).await;
    assert!(
        matches!(got, Err(Error::Timeout(_))),
        "the configured timeout: {got:?}"
    );
    stalled.await.unwrap();

    let stalled = stall(&server.url(), "1").await;
    patient.query(b().set().key("k").value(1)).await.unwrap();
    stalled.await.unwrap();
    let stalled = stall(&server.url(), "1").await;
    let (n, m) = patient
        .pipeline()
        .add(b().incr().key("k"))
        .add(b().incr().key("k"))
        .query()
        .await
        .unwrap();
    assert_eq!((n, m), (2, 3));
    stalled.await.unwrap();
    let stalled = stall(&server.url(), "1").await;
    let (n,) = client
        .multi()
        .add(b().incr().key("k"))
        .timeout(Duration::from_secs(5))
        .exec()
        .await
        .unwrap();
    assert_eq!(n, 4);
    stalled.await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_blocking_commands_block_time_still_counts() {
    let server = RedisServer::start();
    let client = Client::connect(&server.url()).await.unwrap();
    let started = Instant::now();
    let quick = client.with_timeout(Duration::from_millis(100));
    let popped = quick
        .query(b().blpop().key("q").timeout(Duration::from_secs(1)))
        .await;
    assert_eq!(
        popped.unwrap(),
        None,
        "the server's own 1 s timeout answered"
    );
    assert!(started.elapsed() >= Duration::from_secs(1));
    // One that blocks until data arrives waits no longer than the timeout given.
    let started = Instant::now();
    let forever = quick
        .query(b().blpop().key("q").timeout(Duration::ZERO))
        .await;
    assert!(matches!(forever, Err(Error::Timeout(_))), "{forever:?}");
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cluster_command_waits_its_own_timeout_through_routing() {
    let cluster = RedisCluster::builder()
        .arg("--enable-debug-command")
        .arg("yes")
        .start();
    let config = ClusterConfig::from_url(&cluster.url())
        .unwrap()
        .response_timeout(Some(Duration::from_millis(300)));
    let client = ClusterClient::with_config(config).await.unwrap();
    client.query(b().set().key("k").value(1)).await.unwrap();
    let url = format!(
        "redis://{}",
        client.primary_for_slot(key_slot(b"k")).unwrap()
    );
    let stalled = stall(&url, "1").await;
    let got = client
        .with_timeout(Duration::from_secs(5))
        .query(b().get().key("k"))
        .await;
    assert_eq!(got.unwrap().as_deref(), Some(&b"1"[..]));
    stalled.await.unwrap();
    let stalled = stall(&url, "1").await;
    let quick = client
        .with_timeout(Duration::from_millis(100))
        .query(b().get().key("k"))
        .await;
    assert!(matches!(quick, Err(Error::Timeout(_))), "{quick:?}");
    stalled.await.unwrap();
}
