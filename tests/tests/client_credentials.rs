//! Credentials that change (`Config::credentials_provider`), on real servers with ACL
//! users: an ACL password rotated while 64 tasks run (live connections authenticated again
//! before expiry with `AUTH` in line, reconnections with the new password, nothing lost or
//! misdelivered); a provider that fails is `Error::Credentials`, asked again after the
//! backoff; dedicated connections, subscribers and every node of a cluster ask it too.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use typedis::cluster::{ClusterClient, ClusterConfig};
use typedis::{b, cmd, Backoff, Client, Error};
use typedis_tests::{RedisCluster, RedisServer, Vault};

async fn admin(server: &RedisServer) -> Client {
    Client::connect(&server.url()).await.unwrap()
}

async fn acl(admin: &Client, args: &[&str]) {
    let mut c = cmd("ACL");
    for a in args {
        c = c.arg(*a);
    }
    admin.send(c).await.unwrap();
}

/// `cmdstat_auth` calls and failed calls (`INFO commandstats`).
async fn auth_calls(admin: &Client) -> (u64, u64) {
    let info = admin.send(cmd("INFO").arg("commandstats")).await.unwrap();
    let info: String = info.decode().unwrap();
    let Some(line) = info.lines().find(|l| l.starts_with("cmdstat_auth:")) else {
        return (0, 0);
    };
    let field = |name: &str| {
        line.split([':', ','])
            .find_map(|f| f.strip_prefix(name))
            .map_or(0, |n| n.trim().parse::<u64>().unwrap())
    };
    (field("calls="), field("failed_calls="))
}

/// Users of the connections a server has open, but the admin's (`CLIENT LIST`).
async fn connected_users(admin: &Client) -> Vec<String> {
    let list: String = admin
        .send(cmd("CLIENT").arg("LIST"))
        .await
        .unwrap()
        .decode()
        .unwrap();
    list.lines()
        .filter(|l| !l.contains(" cmd=client|list"))
        .filter_map(|l| l.split(' ').find_map(|f| f.strip_prefix("user=")))
        .map(str::to_owned)
        .collect()
}

#[derive(Default)]
struct Tally {
    acknowledged: u64,
    /// Failed on a connection error: may or may not have run.
    uncertain: u64,
    /// Acknowledged after the old password was removed and every connection killed.
    after_kill: u64,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rotated_password_is_renewed_in_line_and_used_by_reconnects_while_64_tasks_run() {
    let server = RedisServer::start();
    let admin = admin(&server).await;
    acl(
        &admin,
        &["SETUSER", "app", "on", ">first", "~*", "&*", "+@all"],
    )
    .await;
    let vault = Vault::new("first");
    // Credentials that live 1.5 s: live connections authenticate again every 1.2 s.
    let config = vault.config(&server.url(), Some(Duration::from_millis(1500)));
    let client = Client::with_config(config).await.unwrap();

    let stop = Arc::new(AtomicBool::new(false));
    let killed = Arc::new(AtomicBool::new(false));
    let mut tasks = Vec::new();
    for task in 0..64 {
        let (client, stop, killed) = (client.clone(), stop.clone(), killed.clone());
        tasks.push(tokio::spawn(async move {
            let mut tally = Tally::default();
            let key = format!("task:{task}");
            let mut n = 0u64;
            while !stop.load(Ordering::Relaxed) {
                n += 1;
                // Each task reads back what it wrote: a reply meant for another task
                // would show here.
                let value = format!("{task}:{n}");
                let written = client.query(b().set().key(&key).value(&value)).await;
                let read = match written {
                    Ok(_) => client.query(b().get().key(&key)).await,
                    Err(e) => Err(e),
                };
                match read {
                    Ok(got) => assert_eq!(got.as_deref(), Some(value.as_bytes())),
                    Err(e) if e.is_connection_error() => {}
                    Err(e) => panic!("task {task}: {e}"),
                }
                match client.query(b().incr().key(format!("count:{task}"))).await {
                    Ok(_) => {
                        tally.acknowledged += 1;
                        if killed.load(Ordering::Relaxed) {
                            tally.after_kill += 1;
                        }
                    }
                    Err(e) if e.is_connection_error() => tally.uncertain += 1,
                    Err(e) => panic!("task {task}: {e}"),
                }
            }
            tally
        }));
    }

    tokio::time::sleep(Duration::from_millis(1500)).await;
    // Rotation: the new password joins, the vault hands it out, the old one goes.
    acl(&admin, &["SETUSER", "app", ">second"]).await;
    vault.set("second");
    acl(&admin, &["SETUSER", "app", "<first"]).await;
    // The live connection is authenticated again with the new password, in line.
    let renewals_before = auth_calls(&admin).await.0;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let (renewals, failed) = auth_calls(&admin).await;
    assert!(
        renewals > renewals_before,
        "no AUTH on the live connection within 1.5 s ({renewals} in all)"
    );
    assert_eq!(failed, 0, "an AUTH failed");

    // Every connection of the user is cut: reconnections must use the new password.
    killed.store(true, Ordering::SeqCst);
    admin
        .send(cmd("CLIENT").arg("KILL").arg("USER").arg("app"))
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    stop.store(true, Ordering::SeqCst);

    let mut acknowledged = 0;
    for (task, handle) in tasks.into_iter().enumerate() {
        let tally = handle.await.unwrap();
        assert!(
            tally.after_kill > 0,
            "task {task} got nothing done after the reconnection"
        );
        // Nothing acknowledged is lost; what failed on the lost connection may have run.
        let count: Option<u64> = admin
            .query_as(b().get().key(format!("count:{task}")))
            .await
            .unwrap();
        let count = count.unwrap_or(0);
        assert!(
            count >= tally.acknowledged && count <= tally.acknowledged + tally.uncertain,
            "task {task}: counter {count}, {} acknowledged, {} uncertain",
            tally.acknowledged,
            tally.uncertain
        );
        acknowledged += tally.acknowledged;
    }
    assert!(acknowledged > 64 * 10, "only {acknowledged} increments");
    assert!(client.stats().reconnects >= 1);
    // No attempt with a wrong password (the ACL log records them).
    let log = admin.send(cmd("ACL").arg("LOG")).await.unwrap();
    let entries: Vec<typedis::Value> = log.decode().unwrap();
    assert!(entries.is_empty(), "failed authentications: {entries:?}");
    assert!(connected_users(&admin).await.iter().all(|u| u == "app"));
}

#[tokio::test]
async fn a_failing_provider_is_a_clear_error_and_is_asked_again_after_the_backoff() {
    let server = RedisServer::start();
    let admin = admin(&server).await;
    acl(&admin, &["SETUSER", "app", "on", ">pw", "~*", "+@all"]).await;
    let vault = Vault::new("pw");
    vault.seal(true);

    // Connecting now: the provider's error, as it said it.
    let err = Client::with_config(vault.config(&server.url(), None))
        .await
        .unwrap_err();
    let Error::Credentials(source) = &err else {
        panic!("not a credentials error: {err}");
    };
    assert_eq!(source.to_string(), "the vault is sealed");
    assert_eq!(
        err.to_string(),
        "the credentials provider failed: the vault is sealed"
    );
    assert!(err.is_retryable());

    // Connecting on first use: commands wait, attempts paced by the backoff.
    let config = vault
        .config(&server.url(), None)
        .lazy_connect(true)
        .response_timeout(Some(Duration::from_secs(1)))
        .backoff(Backoff::new(
            Duration::from_millis(100),
            Duration::from_millis(200),
        ));
    let client = Client::with_config(config).await.unwrap();
    let asked = vault.asked();
    let started = Instant::now();
    let err = client.query(b().get().key("k")).await.unwrap_err();
    let Error::Credentials(source) = &err else {
        panic!("not a credentials error: {err}");
    };
    assert_eq!(source.to_string(), "the vault is sealed");
    let attempts = vault.asked() - asked;
    assert!(started.elapsed() >= Duration::from_millis(900));
    // 1 s at 50-200 ms apart: a handful of attempts, not a busy loop.
    assert!((2..=15).contains(&attempts), "{attempts} attempts in 1 s");

    vault.seal(false);
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        match client.query(b().incr().key("k")).await {
            Ok(n) => {
                assert_eq!(n, 1);
                break;
            }
            Err(e) => assert!(Instant::now() < deadline && e.is_retryable(), "{e}"),
        }
    }
}

#[tokio::test]
async fn a_wrong_password_from_the_provider_is_the_servers_refusal() {
    let server = RedisServer::start();
    let admin = admin(&server).await;
    acl(&admin, &["SETUSER", "app", "on", ">right", "~*", "+@all"]).await;
    let vault = Vault::new("wrong");
    let err = Client::with_config(vault.config(&server.url(), None))
        .await
        .unwrap_err();
    assert_eq!(err.server_code(), Some("WRONGPASS"), "{err}");
}

#[tokio::test]
async fn dedicated_connections_and_subscribers_ask_the_provider() {
    let server = RedisServer::start();
    let admin = admin(&server).await;
    acl(
        &admin,
        &["SETUSER", "app", "on", ">pw", "~*", "&*", "+@all"],
    )
    .await;
    let vault = Vault::new("pw");
    let client = Client::with_config(vault.config(&server.url(), None))
        .await
        .unwrap();
    assert_eq!(vault.asked(), 1);

    // A blocking command takes a dedicated connection.
    let popped = client
        .query(b().blpop().key("queue").timeout(Duration::from_millis(50)))
        .await
        .unwrap();
    assert_eq!(popped, None);
    assert_eq!(vault.asked(), 2);

    let mut subscriber = client.subscriber().await.unwrap();
    subscriber.subscribe(&["news"]).await.unwrap();
    assert_eq!(vault.asked(), 3);
    admin
        .query(b().publish().channel("news").message("hi"))
        .await
        .unwrap();
    let message = subscriber.next_message().await.unwrap().unwrap();
    assert_eq!(&message.payload[..], b"hi");
    // Every connection of the client is `app`'s.
    let users = connected_users(&admin).await;
    assert_eq!(users.len(), 3, "{users:?}");
    assert!(users.iter().all(|u| u == "app"), "{users:?}");
}

#[tokio::test]
async fn every_node_of_a_cluster_asks_the_provider_and_renews_its_connection() {
    let cluster = RedisCluster::start();
    for i in cluster.primaries() {
        cluster.cli(
            i,
            &["ACL", "SETUSER", "app", "on", ">pw", "~*", "&*", "+@all"],
        );
    }
    let vault = Vault::new("pw");
    let node = vault.config("redis://127.0.0.1", Some(Duration::from_millis(1000)));
    let config = ClusterConfig::from_url(&cluster.url()).unwrap().node(node);
    let client = ClusterClient::with_config(config).await.unwrap();
    // Keys on every primary.
    for i in 0..30 {
        client
            .query(b().set().key(format!("user:{i}")).value("x"))
            .await
            .unwrap();
    }
    let asked = vault.asked();
    assert!(asked >= 3, "asked {asked} times for 3 primaries");
    tokio::time::sleep(Duration::from_millis(1500)).await;
    // Each node's connection was authenticated again (at 800 ms).
    for i in cluster.primaries() {
        let info = cluster.cli(i, &["INFO", "commandstats"]);
        assert!(
            info.lines().any(|l| l.starts_with("cmdstat_auth:calls=")),
            "node {i} saw no AUTH: {info}"
        );
    }
    assert!(vault.asked() >= asked + 3);
    for i in 0..30 {
        let got = client
            .query(b().get().key(format!("user:{i}")))
            .await
            .unwrap();
        assert_eq!(got.as_deref(), Some(&b"x"[..]));
    }
}
