//! A shard subscriber follows its slot: the slot of its channel moves to another primary
//! while a publisher keeps publishing numbered messages, and the subscriber goes on
//! receiving them from the new owner, with one reported gap where the move was and no
//! loss outside it. A channel unsubscribed by the user is not followed.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use typedis::cluster::ClusterClient;
use typedis::cmd::key_slot;
use typedis::{b, Error};
use typedis_tests::RedisCluster;

/// What the subscriber saw, in order.
#[derive(Debug, PartialEq)]
enum Seen {
    Message(u64),
    Gap,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shard_subscriber_follows_its_slot_when_it_moves() {
    let cluster = RedisCluster::builder().replicas(0).start();
    let client = ClusterClient::connect(&cluster.url()).await.unwrap();
    let channel = "{feed}:prices";
    let slot = key_slot(channel.as_bytes());
    let source = cluster.index_of(cluster.primary_of(slot, 0));
    let target = cluster
        .primaries()
        .into_iter()
        .find(|&i| i != source)
        .unwrap();

    let mut subscriber = client.shard_subscriber(channel).await.unwrap();
    subscriber.ssubscribe(&[channel]).await.unwrap();

    // The publisher: numbered messages, remembering how many subscribers each reached.
    let stop = Arc::new(AtomicBool::new(false));
    let publisher = tokio::spawn({
        let (client, stop) = (client.clone(), stop.clone());
        async move {
            let mut reached = Vec::new();
            let mut n = 0u64;
            while !stop.load(Ordering::Relaxed) {
                let publish = b().spublish().shardchannel(channel).message(n);
                reached.push(client.query(publish).await.unwrap());
                n += 1;
                tokio::time::sleep(Duration::from_millis(3)).await;
            }
            reached
        }
    });
    let reader = tokio::spawn(async move {
        let mut seen = Vec::new();
        loop {
            match tokio::time::timeout(Duration::from_secs(3), subscriber.next_message()).await {
                Ok(Some(Ok(m))) => {
                    seen.push(Seen::Message(m.payload_str().unwrap().parse().unwrap()))
                }
                Ok(Some(Err(Error::MissedMessages(_)))) => seen.push(Seen::Gap),
                Ok(Some(Err(e))) => panic!("subscriber error: {e}"),
                // Nothing for 3 s: the publisher stopped.
                Ok(None) | Err(_) => return (seen, subscriber),
            }
        }
    });

    tokio::time::sleep(Duration::from_millis(400)).await;
    cluster.move_slot(slot, source, target);
    let moved_at = Instant::now();
    // Publish until messages reach the new owner's subscriber for a while.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    stop.store(true, Ordering::Relaxed);
    let reached = publisher.await.unwrap();
    let (seen, subscriber) = reader.await.unwrap();
    eprintln!(
        "{} published, {} reached a subscriber, {} seen, moved {:?} ago",
        reached.len(),
        reached.iter().filter(|&&r| r > 0).count(),
        seen.len(),
        moved_at.elapsed()
    );

    // One gap, where the move was.
    let gaps: Vec<usize> = (0..seen.len()).filter(|&i| seen[i] == Seen::Gap).collect();
    assert_eq!(gaps.len(), 1, "{seen:?}");
    let numbers: Vec<u64> = seen
        .iter()
        .filter_map(|s| match s {
            Seen::Message(n) => Some(*n),
            Seen::Gap => None,
        })
        .collect();
    let before = gaps[0];
    assert!(before > 0, "no message before the move");
    assert!(
        before < seen.len() - 1,
        "no message after the move: {seen:?}"
    );
    // In order, each at most once.
    assert!(numbers.windows(2).all(|w| w[0] < w[1]), "{numbers:?}");
    // Every message that reached a subscriber was received; the others (published while
    // the channel had no subscriber, around the move) are all that is missing.
    for (n, &r) in reached.iter().enumerate() {
        let received = numbers.binary_search(&(n as u64)).is_ok();
        assert_eq!(received, r > 0, "message {n} reached {r} subscribers");
    }
    // The last ones came from the new owner.
    let owner = client.primary_for_slot(slot).unwrap();
    assert_eq!(owner, cluster.nodes()[target].addr());
    assert!(*reached.last().unwrap() > 0);
    drop(subscriber);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_channel_the_user_unsubscribed_is_not_followed() {
    let cluster = RedisCluster::builder().replicas(0).start();
    let client = ClusterClient::connect(&cluster.url()).await.unwrap();
    let channel = "{quiet}:news";
    let mut subscriber = client.shard_subscriber(channel).await.unwrap();
    subscriber.ssubscribe(&[channel]).await.unwrap();
    let publish = || b().spublish().shardchannel(channel).message("hello");
    assert_eq!(client.query(publish()).await.unwrap(), 1);
    let m = subscriber.next_message().await.unwrap().unwrap();
    assert_eq!(m.payload_str().unwrap(), "hello");

    subscriber.sunsubscribe(&[channel]).await.unwrap();
    assert_eq!(client.query(publish()).await.unwrap(), 0);
    // Nothing comes: no message, no gap, no new subscription.
    let next = tokio::time::timeout(Duration::from_millis(500), subscriber.next_message()).await;
    assert!(next.is_err(), "{next:?}");
    assert_eq!(client.query(publish()).await.unwrap(), 0);
}
