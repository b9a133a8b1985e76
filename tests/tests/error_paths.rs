//! Errors keep their type on every path: a credentials provider that fails is
//! `Error::Credentials`, the server's refusal of the handshake (`WRONGPASS`) is
//! `Error::Server`, and a server that cannot be reached is `Error::Unreachable` naming
//! the address tried, whether the connection was being opened for the first time or
//! again, on the shared connection, for blocking commands, on a subscriber, on a
//! cluster's nodes and through Sentinel. Under load too: 32 tasks while the provider
//! fails for 2 s read only its error, and every one of them recovers.

use std::sync::Arc;
use std::time::{Duration, Instant};

use typedis::cluster::{ClusterClient, ClusterConfig};
use typedis::sentinel::{SentinelClient, SentinelConfig};
use typedis::{b, cmd, Backoff, Client, Config, Error};
use typedis_tests::{RedisCluster, RedisServer, SentinelSetup, Vault};

const APP: [&str; 8] = ["ACL", "SETUSER", "app", "on", ">pw", "~*", "&*", "+@all"];

fn quick(config: Config) -> Config {
    config
        .response_timeout(Some(Duration::from_millis(800)))
        .backoff(Backoff::new(
            Duration::from_millis(20),
            Duration::from_millis(100),
        ))
}

async fn admin(server: &RedisServer) -> Client {
    let admin = Client::connect(&server.url()).await.unwrap();
    admin.send(cmd("ACL").args(&APP[1..])).await.unwrap();
    admin
}

/// Closes every connection of user `app`.
async fn kill_app(admin: &Client) {
    admin
        .send(cmd("CLIENT").arg("KILL").arg("USER").arg("app"))
        .await
        .unwrap();
}

#[track_caller]
fn assert_sealed(result: Result<impl std::fmt::Debug, Error>, path: &str) {
    match result {
        Err(Error::Credentials(source)) => assert_eq!(source.to_string(), "the vault is sealed"),
        other => panic!("{path}: not the provider's error: {other:?}"),
    }
}

/// `f`'s first result that is not the loss of the connection cut under the command
/// (which may or may not have run), for 5 s at most.
async fn past_the_cut<T, F: std::future::Future<Output = Result<T, Error>>>(
    mut f: impl FnMut() -> F,
) -> Result<T, Error> {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        match f().await {
            Err(Error::ConnectionClosed(_)) if Instant::now() < deadline => {}
            other => return other,
        }
    }
}

/// Retries `f` until it succeeds (the connection being opened again), for 5 s at most.
async fn until_ok<T, F: std::future::Future<Output = Result<T, Error>>>(
    mut f: impl FnMut() -> F,
) -> T {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        match f().await {
            Ok(t) => return t,
            Err(e) => assert!(Instant::now() < deadline, "never recovered: {e}"),
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_provider_is_its_own_error_on_every_reconnect_of_a_client() {
    let server = RedisServer::start();
    let admin = admin(&server).await;
    let vault = Vault::new("pw");
    let client = Client::with_config(quick(vault.config(&server.url(), None)))
        .await
        .unwrap();
    let mut subscriber = client.subscriber().await.unwrap();
    subscriber.subscribe(&["news"]).await.unwrap();

    vault.seal(true);
    kill_app(&admin).await;
    // The shared connection, opened again: the provider's error, not "unreachable".
    assert_sealed(
        past_the_cut(|| client.query(b().get().key("k"))).await,
        "shared",
    );
    // A blocking command, on a dedicated connection opened for it.
    let popped = client.query(b().blpop().key("q").timeout(Duration::from_millis(50)));
    assert_sealed(popped.await, "blocking");
    // A transaction with WATCH, on a dedicated connection too.
    let mut tx = client.transaction().await.unwrap();
    assert_sealed(tx.watch(&["k"]).await, "transaction");
    // The subscriber, reopening its own connection.
    let next = subscriber
        .next_message()
        .await
        .expect("the subscriber goes on");
    assert_sealed(next, "subscriber");

    vault.seal(false);
    let n = until_ok(|| client.query(b().incr().key("k"))).await;
    assert_eq!(n, 1);
    let popped = client.query(b().blpop().key("q").timeout(Duration::from_millis(50)));
    assert_eq!(popped.await.unwrap(), None);
    // The subscriber marks the gap, then receives again.
    let gap = subscriber.next_message().await.unwrap();
    assert!(matches!(gap, Err(Error::MissedMessages(_))), "{gap:?}");
    admin
        .query(b().publish().channel("news").message("hi"))
        .await
        .unwrap();
    let message = subscriber.next_message().await.unwrap().unwrap();
    assert_eq!(&message.payload[..], b"hi");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_password_the_server_refuses_on_a_reconnect_is_its_refusal() {
    let server = RedisServer::start();
    let admin = admin(&server).await;
    let vault = Vault::new("pw");
    let client = Client::with_config(quick(vault.config(&server.url(), None)))
        .await
        .unwrap();
    client.query(b().set().key("k").value(1)).await.unwrap();
    // The password is rotated on the server only: the provider's is now wrong.
    let rotate = ["ACL", "SETUSER", "app", "resetpass", ">other"];
    admin.send(cmd("ACL").args(&rotate[1..])).await.unwrap();
    kill_app(&admin).await;
    let err = past_the_cut(|| client.query(b().get().key("k")))
        .await
        .unwrap_err();
    assert_eq!(err.server_code(), Some("WRONGPASS"), "shared: {err:?}");
    let popped = client.query(b().blpop().key("q").timeout(Duration::from_millis(50)));
    let err = popped.await.unwrap_err();
    assert_eq!(err.server_code(), Some("WRONGPASS"), "blocking: {err:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_cannot_be_reached_is_named_with_the_cause() {
    let mut server = RedisServer::start();
    let addr = format!("127.0.0.1:{}", server.port());
    let client = Client::with_config(quick(Config::from_url(&server.url()).unwrap()))
        .await
        .unwrap();
    client.query(b().ping()).await.unwrap();
    server.kill();
    let Err(Error::Unreachable(u)) = past_the_cut(|| client.query(b().ping())).await else {
        panic!("not unreachable");
    };
    assert_eq!(u.addr(), Some(addr.as_str()));
    assert!(matches!(u.cause(), Some(Error::Io(_))), "{u:?}");
    let popped = client.query(b().blpop().key("q").timeout(Duration::from_millis(50)));
    match popped.await {
        Err(Error::Unreachable(u)) => assert_eq!(u.addr(), Some(addr.as_str())),
        other => panic!("blocking: not unreachable: {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_provider_is_its_own_error_on_a_clusters_nodes() {
    let cluster = RedisCluster::start();
    for i in cluster.primaries() {
        cluster.cli(i, &APP);
    }
    let vault = Vault::new("pw");
    let node = quick(vault.config("redis://127.0.0.1", None));
    let config = ClusterConfig::from_url(&cluster.url()).unwrap().node(node);
    let client = ClusterClient::with_config(config).await.unwrap();
    client.query(b().set().key("k").value(1)).await.unwrap();
    vault.seal(true);
    for i in cluster.primaries() {
        cluster.cli(i, &["CLIENT", "KILL", "USER", "app"]);
    }
    let err = past_the_cut(|| client.query(b().get().key("k"))).await;
    assert_sealed(err, "cluster node");
    vault.seal(false);
    let got = until_ok(|| client.query(b().get().key("k"))).await;
    assert_eq!(got.as_deref(), Some(&b"1"[..]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_provider_is_its_own_error_through_sentinel() {
    let setup = SentinelSetup::start();
    for i in 0..setup.node_ports().len() {
        setup.node(i, &APP);
    }
    let vault = Vault::new("pw");
    let node = quick(vault.config("redis://127.0.0.1", None));
    let config = SentinelConfig::from_url(&setup.url()).unwrap().node(node);

    vault.seal(true);
    let err = SentinelClient::with_config(config.clone()).await.map(drop);
    assert_sealed(err, "sentinel, first connection");

    vault.seal(false);
    let client = SentinelClient::with_config(config).await.unwrap();
    client.query(b().set().key("k").value(1)).await.unwrap();
    vault.seal(true);
    setup.node(0, &["CLIENT", "KILL", "USER", "app"]);
    let err = past_the_cut(|| client.query(b().get().key("k"))).await;
    assert_sealed(err, "sentinel, reconnect");
}

/// 32 tasks increment their own counters while the provider fails for 2 s after their
/// connection is cut: every error they read is the provider's (or, for a command in flight
/// when the connection was cut, that it closed), none is misdelivered, and every task
/// goes on once the provider answers again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thirty_two_tasks_read_only_the_providers_error_while_it_fails_and_recover() {
    let server = RedisServer::start();
    let admin = admin(&server).await;
    let vault = Vault::new("pw");
    let client = Client::with_config(quick(vault.config(&server.url(), None)))
        .await
        .unwrap();
    let sealed_until = Arc::new(std::sync::Mutex::new(None::<Instant>));
    let mut tasks = Vec::new();
    for task in 0..32 {
        let client = client.clone();
        let sealed_until = sealed_until.clone();
        tasks.push(tokio::spawn(async move {
            let key = format!("counter:{task}");
            let (mut acknowledged, mut uncertain, mut refused, mut after) = (0, 0, 0, 0);
            let stop = Instant::now() + Duration::from_secs(5);
            while Instant::now() < stop {
                match client.query(b().incr().key(&key)).await {
                    Ok(n) => {
                        assert!(n > acknowledged, "task {task}: {n} after {acknowledged}");
                        acknowledged = n;
                        if sealed_until
                            .lock()
                            .unwrap()
                            .is_some_and(|t| Instant::now() > t)
                        {
                            after += 1;
                        }
                    }
                    Err(Error::ConnectionClosed(_)) => uncertain += 1,
                    Err(Error::Credentials(source)) => {
                        assert_eq!(source.to_string(), "the vault is sealed");
                        refused += 1;
                    }
                    Err(e) => panic!("task {task}: {e:?}"),
                }
            }
            (acknowledged, uncertain, refused, after)
        }));
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    vault.seal(true);
    *sealed_until.lock().unwrap() = Some(Instant::now() + Duration::from_secs(2));
    kill_app(&admin).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    vault.seal(false);
    let mut refused_in_all = 0;
    for (task, handle) in tasks.into_iter().enumerate() {
        let (acknowledged, uncertain, refused, after) = handle.await.unwrap();
        let stored: i64 = admin
            .query_as(b().get().key(format!("counter:{task}")))
            .await
            .unwrap();
        assert!(
            stored >= acknowledged && stored <= acknowledged + uncertain,
            "task {task}: {stored} stored, {acknowledged} acknowledged, {uncertain} uncertain"
        );
        assert!(after > 0, "task {task} did not recover");
        refused_in_all += refused;
    }
    assert!(
        refused_in_all >= 32,
        "only {refused_in_all} commands read the provider's error"
    );
}
