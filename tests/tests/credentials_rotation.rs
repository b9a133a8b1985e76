//! Every long-lived connection renews its credentials before they expire, while an
//! operator rotates users: every 2 s a new ACL user is made and handed out by the
//! provider (credentials valid 2 s), and each old user's connections are killed once its
//! last credentials have expired. A subscriber (channel, pattern and shard channel), a
//! blocking loop on a dedicated connection, and reads through the client-side cache keep
//! running meanwhile: no message missed or repeated, no item lost, no reconnection. The
//! same holds through a `SentinelClient` (its primary's connections and a subscriber) and
//! on a cluster (a `ShardedSubscriber` over every primary, a blocking loop).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use typedis::cache::CacheConfig;
use typedis::cluster::{ClusterClient, ClusterConfig};
use typedis::reply::Bytes;
use typedis::sentinel::{SentinelClient, SentinelConfig};
use typedis::{b, cmd, Client, Message, Redis};
use typedis_tests::{RedisCluster, RedisServer, SentinelSetup, Vault};

const LIFETIME: Duration = Duration::from_secs(2);
const ROTATIONS: usize = 4;

fn acl_user(n: usize) -> [String; 8] {
    [
        "ACL",
        "SETUSER",
        &format!("app{n}"),
        "on",
        ">pw",
        "~*",
        "&*",
        "+@all",
    ]
    .map(str::to_owned)
}

/// Reads `count` messages in order, `0..count` as their payloads, failing on a gap.
async fn read_in_order(subscriber: &mut typedis::Subscriber, count: usize) -> Vec<Message> {
    let mut seen = Vec::new();
    while seen.len() < count {
        match subscriber.next_message().await {
            Some(Ok(m)) => seen.push(m),
            Some(Err(e)) => panic!("after {} messages: {e}", seen.len()),
            None => panic!("the subscriber ended after {} messages", seen.len()),
        }
    }
    seen
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn subscribers_blocking_loops_and_cached_reads_keep_running_while_users_rotate() {
    let server = RedisServer::start();
    let admin = Client::connect(&server.url()).await.unwrap();
    admin
        .send(cmd("ACL").args(&acl_user(0)[1..]))
        .await
        .unwrap();
    let vault = Vault::new("pw");
    vault.set_user("app0", "pw");
    let config = vault
        .config(&server.url(), Some(LIFETIME))
        .cache(CacheConfig::new());
    let client = Client::with_config(config).await.unwrap();

    let mut plain = client.subscriber().await.unwrap();
    plain.subscribe(&["seq"]).await.unwrap();
    plain.psubscribe(&["pseq*"]).await.unwrap();
    plain.ssubscribe(&["shard-seq"]).await.unwrap();
    admin.query(b().set().key("hot").value(0)).await.unwrap();

    let stop = Arc::new(AtomicBool::new(false));
    let published = 200;
    // The subscriber is read as messages come, as an application reads it.
    let listener = tokio::spawn(async move { read_in_order(&mut plain, 3 * published).await });
    // The publisher: one message a channel every 40 ms, for about 8 s.
    let publisher = {
        let admin = admin.clone();
        tokio::spawn(async move {
            for i in 0..published {
                let payload = i.to_string();
                admin
                    .query(b().publish().channel("seq").message(&payload))
                    .await
                    .unwrap();
                admin
                    .query(b().publish().channel("pseq1").message(&payload))
                    .await
                    .unwrap();
                admin
                    .query(b().spublish().shardchannel("shard-seq").message(&payload))
                    .await
                    .unwrap();
                admin.query(b().set().key("hot").value(i)).await.unwrap();
                tokio::time::sleep(Duration::from_millis(40)).await;
            }
        })
    };
    // A blocking loop on a dedicated connection, fed by a producer.
    let consumer = tokio::spawn(pop_jobs(client.clone(), stop.clone()));
    let producer = {
        let admin = admin.clone();
        tokio::spawn(async move {
            for i in 0..150 {
                admin
                    .query(b().rpush().key("jobs").element(i))
                    .await
                    .unwrap();
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        })
    };
    // Reads through the cache see every new value (tracking survives AUTH).
    let reader = {
        let client = client.clone();
        let stop = stop.clone();
        tokio::spawn(async move {
            let mut last = 0i64;
            while !stop.load(Ordering::Relaxed) {
                let value: i64 = client.query_as(b().get().key("hot")).await.unwrap();
                assert!(value >= last, "the cache went back from {last} to {value}");
                last = value;
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            last
        })
    };
    // The operator.
    for n in 1..=ROTATIONS {
        tokio::time::sleep(LIFETIME).await;
        admin
            .send(cmd("ACL").args(&acl_user(n)[1..]))
            .await
            .unwrap();
        vault.set_user(&format!("app{n}"), "pw");
        if n >= 2 {
            // app{n-2}'s last credentials were handed out a rotation ago: expired.
            let old = format!("app{}", n - 2);
            admin
                .send(cmd("CLIENT").arg("KILL").arg("USER").arg(old))
                .await
                .unwrap();
        }
    }

    let channel = listener.await.unwrap();
    for kind in ["seq", "pseq1", "shard-seq"] {
        let payloads: Vec<usize> = channel
            .iter()
            .filter(|m| m.channel == kind.as_bytes())
            .map(|m| std::str::from_utf8(&m.payload).unwrap().parse().unwrap())
            .collect();
        assert_eq!(payloads, (0..published).collect::<Vec<_>>(), "{kind}");
    }
    publisher.await.unwrap();
    producer.await.unwrap();
    tokio::time::sleep(Duration::from_millis(500)).await;
    stop.store(true, Ordering::Relaxed);
    let items = consumer.await.unwrap();
    let items: Vec<i64> = items
        .iter()
        .map(|i| std::str::from_utf8(i).unwrap().parse().unwrap())
        .collect();
    assert_eq!(
        items,
        (0..150).collect::<Vec<_>>(),
        "every item once, in order"
    );
    assert_eq!(reader.await.unwrap(), published as i64 - 1);
    let stats = client.stats();
    assert_eq!(
        stats.reconnects, 0,
        "a connection outlived its credentials: {stats:?}"
    );
    let users: String = admin.query_as(cmd("CLIENT").arg("LIST")).await.unwrap();
    assert!(
        !users.contains("user=app0 ") && !users.contains("user=app1 "),
        "connections of expired users remain: {users}"
    );
}

/// The operator: every `LIFETIME` a new user on every node, handed out by the vault, and
/// the connections of the user before the previous one (its credentials expired) killed.
async fn rotate_users(vault: &Vault, on_every_node: impl Fn(&[String])) {
    for n in 1..=ROTATIONS {
        tokio::time::sleep(LIFETIME).await;
        on_every_node(&acl_user(n));
        vault.set_user(&format!("app{n}"), "pw");
        if n >= 2 {
            let kill = ["CLIENT", "KILL", "USER", &format!("app{}", n - 2)].map(str::to_owned);
            on_every_node(&kill);
        }
    }
}

/// A blocking loop: `BLPOP jobs` until `stop`, every item popped, in order.
async fn pop_jobs(client: impl Redis, stop: Arc<AtomicBool>) -> Vec<Bytes> {
    let mut items = Vec::new();
    while !stop.load(Ordering::Relaxed) {
        let popped = client
            .query(b().blpop().key("jobs").timeout(Duration::from_millis(300)))
            .await;
        let popped = popped.unwrap_or_else(|e| panic!("after {} items: {e}", items.len()));
        items.extend(popped.map(|p| p.1));
    }
    items
}

/// Calls `publish` with `0..count` as text, one every 40 ms.
async fn publish_rounds<F, Fut>(count: usize, mut publish: F)
where
    F: FnMut(String) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    for i in 0..count {
        publish(i.to_string()).await;
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

/// The payloads received on `channel`, as numbers.
fn numbers(messages: &[Message], channel: &str) -> Vec<usize> {
    messages
        .iter()
        .filter(|m| m.channel == channel.as_bytes())
        .map(|m| std::str::from_utf8(&m.payload).unwrap().parse().unwrap())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sentinel_client_keeps_running_while_users_rotate() {
    let setup = SentinelSetup::start();
    let nodes = setup.node_ports().len();
    let on_every_node = |args: &[String]| {
        for i in 0..nodes {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            setup.node(i, &args);
        }
    };
    on_every_node(&acl_user(0));
    let vault = Vault::new("pw");
    vault.set_user("app0", "pw");
    let node = vault.config("redis://127.0.0.1", Some(LIFETIME));
    let config = SentinelConfig::from_url(&setup.url()).unwrap().node(node);
    let client = SentinelClient::with_config(config).await.unwrap();
    let mut subscriber = client.subscriber().await.unwrap();
    subscriber.subscribe(&["seq"]).await.unwrap();

    let published = 200;
    let listener = tokio::spawn(async move { read_in_order(&mut subscriber, published).await });
    let writer = {
        let client = client.clone();
        tokio::spawn(async move {
            publish_rounds(published, |payload| {
                let client = client.clone();
                async move {
                    client
                        .query(b().publish().channel("seq").message(&payload))
                        .await
                        .unwrap();
                    let n = client.query(b().incr().key("writes")).await;
                    n.unwrap_or_else(|e| panic!("write {payload}: {e}"));
                }
            })
            .await
        })
    };
    rotate_users(&vault, on_every_node).await;
    writer.await.unwrap();
    let messages = listener.await.unwrap();
    assert_eq!(
        numbers(&messages, "seq"),
        (0..published).collect::<Vec<_>>()
    );
    let writes: i64 = client.query_as(b().get().key("writes")).await.unwrap();
    assert_eq!(writes, published as i64);
    let stats = client.stats();
    assert_eq!(
        stats.primary.reconnects, 0,
        "a connection outlived its credentials: {stats:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cluster_sharded_subscriber_and_blocking_loop_keep_running_while_users_rotate() {
    let cluster = RedisCluster::builder().primaries(3).replicas(0).start();
    let on_every_node = |args: &[String]| {
        for i in 0..cluster.nodes().len() {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            cluster.cli(i, &args);
        }
    };
    on_every_node(&acl_user(0));
    let vault = Vault::new("pw");
    vault.set_user("app0", "pw");
    let seed = format!("redis://{}", cluster.nodes()[0].addr());
    let config = ClusterConfig::from_url(&cluster.url())
        .unwrap()
        .node(vault.config(&seed, Some(LIFETIME)));
    let client = ClusterClient::with_config(config).await.unwrap();
    // Channels on every primary (a slot each in 12 spread over the three).
    let channels: Vec<String> = (0..12).map(|i| format!("feed:{i}")).collect();
    let mut subscriber = client.sharded_subscriber();
    subscriber.ssubscribe(&channels).await.unwrap();

    let published = 150;
    let listener = tokio::spawn(async move {
        let mut seen = Vec::new();
        while seen.len() < published * 12 {
            match subscriber.next_message().await {
                Some(Ok(m)) => seen.push(m),
                Some(Err(e)) => panic!("after {} messages: {e}", seen.len()),
                None => panic!("the subscriber ended after {} messages", seen.len()),
            }
        }
        seen
    });
    let publisher = {
        let client = client.clone();
        let channels = channels.clone();
        tokio::spawn(async move {
            publish_rounds(published, |payload| {
                let (client, channels) = (client.clone(), channels.clone());
                async move {
                    for channel in &channels {
                        let publish = b().spublish().shardchannel(channel).message(&payload);
                        client.query(publish).await.unwrap();
                    }
                    client
                        .query(b().rpush().key("jobs").element(&payload))
                        .await
                        .unwrap();
                }
            })
            .await
        })
    };
    let stop = Arc::new(AtomicBool::new(false));
    let consumer = tokio::spawn(pop_jobs(client.clone(), stop.clone()));
    rotate_users(&vault, on_every_node).await;
    publisher.await.unwrap();
    let messages = listener.await.unwrap();
    for channel in &channels {
        assert_eq!(
            numbers(&messages, channel),
            (0..published).collect::<Vec<_>>(),
            "{channel}"
        );
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    stop.store(true, Ordering::Relaxed);
    let items = consumer.await.unwrap();
    assert_eq!(items.len(), published, "every item once");
    let stats = client.stats();
    assert_eq!(
        stats.reconnects, 0,
        "a connection outlived its credentials: {stats:?}"
    );
}
