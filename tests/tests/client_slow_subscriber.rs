//! A subscriber that falls behind holds the flood up at the server, not in the client's
//! memory: past its buffer the client stops reading the socket, so the server's
//! `client-output-buffer-limit pubsub` drops the subscriber; the subscriber then
//! reconnects, says messages were missed, and receives what is published afterwards.
//! Alone in its test binary, because it reads the process's resident memory.

use std::time::{Duration, Instant};
use typedis::{cmd, Client, Error, Value};
use typedis_tests::RedisServer;

/// Resident memory of this process, in bytes.
fn rss() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap();
    kb * 1024
}

const MIB: u64 = 1 << 20;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_subscriber_is_bounded_in_memory_and_told_what_it_missed() {
    let server = RedisServer::builder()
        .args(["--client-output-buffer-limit", "pubsub 4mb 2mb 60"])
        .start();
    let client = Client::connect(&server.url()).await.unwrap();
    let mut sub = client.subscriber().await.unwrap();
    sub.subscribe(&["flood"]).await.unwrap();
    let baseline = rss();

    // 128 MB published while the subscriber reads nothing, in messages of 8 KiB: Valkey 9
    // keeps a message of 16 KiB or more in a subscriber's output buffer as a reference to
    // the published value, which its output buffer limit does not count, so only smaller
    // ones make both servers drop the subscriber.
    const MESSAGES: i64 = 16_000;
    let payload = vec![b'm'; 8 * 1024];
    let mut delivered = 0;
    for _ in 0..MESSAGES / 100 {
        let mut p = client.pipeline();
        for _ in 0..100 {
            p.push(cmd("PUBLISH").arg("flood").arg(&payload[..]));
        }
        let receivers: Vec<i64> = p.query_as().await.unwrap();
        delivered += receivers.iter().sum::<i64>();
    }
    let grown = rss().saturating_sub(baseline);
    eprintln!(
        "published {MESSAGES} messages of 8 KiB, {delivered} delivered to the subscriber before \
         the server dropped it; resident memory grew by {} MiB",
        grown / MIB
    );
    assert!(
        delivered < MESSAGES,
        "the server never had to drop the subscriber"
    );
    assert!(
        grown < 40 * MIB,
        "resident memory grew by {} MiB",
        grown / MIB
    );

    // The subscriber reads what it got, then learns that the rest was missed.
    let mut received = 0;
    loop {
        let next = tokio::time::timeout(Duration::from_secs(5), sub.next_message())
            .await
            .expect("the subscriber never noticed it was dropped")
            .expect("the subscriber ended");
        match next {
            Ok(m) => {
                assert_eq!(m.payload.len(), payload.len());
                received += 1;
            }
            Err(Error::MissedMessages(why)) => {
                eprintln!("after {received} messages: {why}");
                assert!(why.dropped() > 0 || why.reconnected(), "{why}");
                break;
            }
            Err(e) => panic!("unexpected error: {e}"),
        }
    }
    assert!(received <= delivered, "{received} of {delivered}");

    // Subscribed again: what is published now arrives.
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let subs: Vec<Value> = client
            .query_as(cmd("PUBSUB").arg("NUMSUB").arg("flood"))
            .await
            .unwrap();
        if subs.get(1) == Some(&Value::Int(1)) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the subscription was not restored"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    client
        .query_as::<i64>(cmd("PUBLISH").arg("flood").arg("after"))
        .await
        .unwrap();
    let m = tokio::time::timeout(Duration::from_secs(5), sub.next_message())
        .await
        .expect("no message after the reconnect")
        .expect("the subscriber ended")
        .unwrap();
    assert_eq!(&m.payload[..], b"after");
}
