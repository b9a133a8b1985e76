//! One subscriber for shard channels in many slots: one connection per primary serving
//! them, every message of every channel received in order, a channel whose slot moves
//! subscribed again on its new primary with one reported gap and no loss elsewhere, a
//! connection closed once its last channel is unsubscribed; on both protocols.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use typedis::cluster::{ClusterClient, ClusterConfig, ShardedSubscriber};
use typedis::cmd::key_slot;
use typedis::{b, Error, Protocol};
use typedis_tests::RedisCluster;

/// What the subscriber saw, in order.
#[derive(Debug, PartialEq)]
enum Seen {
    Message(String, u64),
    Gap,
}

async fn connect(cluster: &RedisCluster, protocol: Protocol) -> ClusterClient {
    let config = ClusterConfig::from_url(&cluster.url()).unwrap();
    let node = config.node_config().clone().protocol(protocol);
    ClusterClient::with_config(config.node(node)).await.unwrap()
}

/// Pub/Sub connections open on node `i`.
fn pubsub_connections(cluster: &RedisCluster, i: usize) -> usize {
    cluster
        .cli(i, &["CLIENT", "LIST", "TYPE", "pubsub"])
        .lines()
        .filter(|l| l.starts_with("id="))
        .count()
}

/// Two channels per primary, named `{prefix}:N`, and the node index serving each.
fn channels(cluster: &RedisCluster, prefix: &str) -> BTreeMap<String, usize> {
    let mut per_node: BTreeMap<usize, usize> = BTreeMap::new();
    let mut out = BTreeMap::new();
    for n in 0.. {
        let name = format!("{prefix}:{n}");
        let node = cluster.index_of(cluster.primary_of(key_slot(name.as_bytes()), 0));
        let count = per_node.entry(node).or_default();
        if *count < 2 {
            *count += 1;
            out.insert(name, node);
        }
        if per_node.len() == 3 && per_node.values().all(|&c| c == 2) {
            return out;
        }
    }
    unreachable!()
}

/// The numbers received on `channel`, in order.
fn received(seen: &[Seen], channel: &str) -> Vec<u64> {
    seen.iter()
        .filter_map(|s| match s {
            Seen::Message(c, n) if c == channel => Some(*n),
            _ => None,
        })
        .collect()
}

/// Reads until nothing comes for `quiet`.
async fn read_until_quiet(subscriber: &mut ShardedSubscriber, quiet: Duration) -> Vec<Seen> {
    let mut seen = Vec::new();
    loop {
        match tokio::time::timeout(quiet, subscriber.next_message()).await {
            Ok(Some(Ok(m))) => seen.push(Seen::Message(
                String::from_utf8(m.channel.to_vec()).unwrap(),
                m.payload_str().unwrap().parse().unwrap(),
            )),
            Ok(Some(Err(Error::MissedMessages(_)))) => seen.push(Seen::Gap),
            Ok(Some(Err(e))) => panic!("subscriber error: {e}"),
            Ok(None) | Err(_) => return seen,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_subscriber_takes_shard_channels_of_every_slot_with_a_connection_per_primary() {
    let cluster = RedisCluster::builder().primaries(3).replicas(0).start();
    for protocol in [Protocol::Resp2, Protocol::Resp3] {
        let client = connect(&cluster, protocol).await;
        let channels = channels(&cluster, &format!("{protocol:?}"));
        let names: Vec<&str> = channels.keys().map(String::as_str).collect();
        let mut subscriber = client.sharded_subscriber();
        subscriber.ssubscribe(&names).await.unwrap();
        // Subscribing again to what it has changes nothing.
        subscriber.ssubscribe(&names[..2]).await.unwrap();
        for i in cluster.primaries() {
            assert_eq!(pubsub_connections(&cluster, i), 1, "node {i}");
        }
        for round in 0..20u64 {
            for name in &names {
                let publish = b().spublish().shardchannel(*name).message(round);
                assert_eq!(client.query(publish).await.unwrap(), 1);
            }
        }
        let seen = read_until_quiet(&mut subscriber, Duration::from_millis(500)).await;
        for name in &names {
            assert_eq!(received(&seen, name), (0..20).collect::<Vec<_>>(), "{name}");
        }
        assert_eq!(seen.len(), 20 * names.len());

        // The last channels of one primary unsubscribed: its connection is closed, the
        // others' channels go on.
        let node = channels[names[0]];
        let on_node: Vec<&str> = names
            .iter()
            .copied()
            .filter(|n| channels[*n] == node)
            .collect();
        subscriber.sunsubscribe(&on_node).await.unwrap();
        for _ in 0..100 {
            if pubsub_connections(&cluster, node) == 0 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert_eq!(pubsub_connections(&cluster, node), 0);
        for name in &names {
            let reached = client
                .query(b().spublish().shardchannel(*name).message(99))
                .await
                .unwrap();
            assert_eq!(reached, i64::from(channels[*name] != node), "{name}");
        }
        let seen = read_until_quiet(&mut subscriber, Duration::from_millis(300)).await;
        assert_eq!(seen.len(), names.len() - on_node.len(), "{seen:?}");
        subscriber.close();
        for _ in 0..100 {
            if cluster
                .primaries()
                .iter()
                .all(|&i| pubsub_connections(&cluster, i) == 0)
            {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        for i in cluster.primaries() {
            assert_eq!(pubsub_connections(&cluster, i), 0, "node {i} after close");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_channel_whose_slot_moves_is_subscribed_again_on_its_new_primary() {
    let cluster = RedisCluster::builder().primaries(3).replicas(0).start();
    for protocol in [Protocol::Resp2, Protocol::Resp3] {
        let client = connect(&cluster, protocol).await;
        let channels = channels(&cluster, &format!("moving-{protocol:?}"));
        let names: Vec<String> = channels.keys().cloned().collect();
        let mut subscriber = client.sharded_subscriber();
        subscriber.ssubscribe(&names).await.unwrap();

        // The publisher: numbered messages on every channel in turn, remembering how many
        // subscribers each reached.
        let stop = Arc::new(AtomicBool::new(false));
        let publisher = tokio::spawn({
            let (client, stop, names) = (client.clone(), stop.clone(), names.clone());
            async move {
                let mut reached: BTreeMap<String, Vec<i64>> = BTreeMap::new();
                while !stop.load(Ordering::Relaxed) {
                    for name in &names {
                        let sent = reached.entry(name.clone()).or_default();
                        let publish = b().spublish().shardchannel(name).message(sent.len());
                        sent.push(client.query(publish).await.unwrap());
                    }
                    tokio::time::sleep(Duration::from_millis(3)).await;
                }
                reached
            }
        });
        let reader = tokio::spawn(async move {
            let seen = read_until_quiet(&mut subscriber, Duration::from_secs(3)).await;
            (seen, subscriber)
        });

        tokio::time::sleep(Duration::from_millis(300)).await;
        let moving = &names[0];
        let slot = key_slot(moving.as_bytes());
        let source = channels[moving];
        let target = cluster
            .primaries()
            .into_iter()
            .find(|&i| i != source)
            .unwrap();
        tokio::task::block_in_place(|| cluster.move_slot(slot, source, target));
        tokio::time::sleep(Duration::from_millis(1500)).await;
        stop.store(true, Ordering::Relaxed);
        let reached = publisher.await.unwrap();
        let (seen, subscriber) = reader.await.unwrap();

        // One gap, where the move was.
        let gaps = seen.iter().filter(|s| **s == Seen::Gap).count();
        assert_eq!(gaps, 1, "{protocol:?}");
        for name in &names {
            let got = received(&seen, name);
            // In order, each at most once; every message that reached a subscriber was
            // received: only the moving channel's, around the move, did not.
            assert!(got.windows(2).all(|w| w[0] < w[1]), "{name}: {got:?}");
            for (n, &r) in reached[name].iter().enumerate() {
                let received = got.binary_search(&(n as u64)).is_ok();
                assert_eq!(received, r > 0, "{name}: message {n} reached {r}");
            }
            if name != moving {
                assert!(reached[name].iter().all(|&r| r == 1), "{name}");
            }
            // The last ones reached the subscriber, wherever the channel is now.
            assert_eq!(*reached[name].last().unwrap(), 1, "{name}");
        }
        // Still one connection per primary: the moved channel joined the target's.
        for i in cluster.primaries() {
            assert_eq!(pubsub_connections(&cluster, i), 1, "node {i}");
        }
        subscriber.close();
        // Back where it was, for the next round.
        tokio::task::block_in_place(|| cluster.move_slot(slot, target, source));
    }
}
