//! Pub/Sub against a real redis-server: channel, pattern and shard subscriptions deliver
//! typed messages as a stream, and subscriptions come back after the server restarts.
//! RESP2 and RESP3.

use futures_util::StreamExt;
use std::time::Duration;
use typedis::{cmd, Backoff, Client, Config, MessageKind, Protocol};
use typedis_tests::RedisServer;

const PROTOCOLS: [Protocol; 2] = [Protocol::Resp2, Protocol::Resp3];

#[tokio::test]
async fn subscriber_receives_channel_pattern_and_shard_messages_in_order() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let config = Config::from_url(&server.url()).unwrap().protocol(protocol);
        let client = Client::with_config(config).await.unwrap();
        let mut sub = client.subscriber().await.unwrap();
        sub.subscribe(&["news", "sport"]).await.unwrap();
        sub.psubscribe(&["alerts:*"]).await.unwrap();
        sub.ssubscribe(&["shard-news"]).await.unwrap();

        let n: i64 = client
            .query_as(cmd("PUBLISH").arg("news").arg("hello"))
            .await
            .unwrap();
        assert_eq!(n, 1);
        client
            .query_as::<i64>(cmd("PUBLISH").arg("alerts:fire").arg("hot"))
            .await
            .unwrap();
        client
            .query_as::<i64>(cmd("SPUBLISH").arg("shard-news").arg("sharded"))
            .await
            .unwrap();
        client
            .query_as::<i64>(cmd("PUBLISH").arg("sport").arg("goal"))
            .await
            .unwrap();
        // The shared connection still answers commands while messages flow.
        let pong: String = client.query_as(cmd("PING")).await.unwrap();
        assert_eq!(pong, "PONG");

        let m = sub.next_message().await.unwrap().unwrap();
        assert_eq!(
            (m.kind, &m.channel[..], m.payload_str().unwrap()),
            (MessageKind::Channel, &b"news"[..], "hello")
        );
        let m = sub.next_message().await.unwrap().unwrap();
        assert_eq!(m.kind, MessageKind::Pattern);
        assert_eq!(m.pattern.as_deref(), Some(&b"alerts:*"[..]));
        assert_eq!(
            (&m.channel[..], &m.payload[..]),
            (&b"alerts:fire"[..], &b"hot"[..])
        );
        let m = sub.next_message().await.unwrap().unwrap();
        assert_eq!(
            (m.kind, &m.payload[..]),
            (MessageKind::Shard, &b"sharded"[..])
        );
        let m = sub.next_message().await.unwrap().unwrap();
        assert_eq!(&m.payload[..], b"goal");

        // After UNSUBSCRIBE, that channel's messages no longer arrive.
        sub.unsubscribe(&["news"]).await.unwrap();
        let n: i64 = client
            .query_as(cmd("PUBLISH").arg("news").arg("unheard"))
            .await
            .unwrap();
        assert_eq!(n, 0);

        // As a Stream.
        let mut stream = Box::pin(sub.into_stream());
        client
            .query_as::<i64>(cmd("PUBLISH").arg("sport").arg("final whistle"))
            .await
            .unwrap();
        let m = stream.next().await.unwrap().unwrap();
        assert_eq!(&m.payload[..], b"final whistle");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn subscriptions_are_restored_after_the_server_restarts_and_the_gap_is_signalled() {
    for protocol in PROTOCOLS {
        let mut server = RedisServer::start();
        let port = server.port();
        let config = Config::from_url(&server.url())
            .unwrap()
            .protocol(protocol)
            .backoff(Backoff::new(
                Duration::from_millis(20),
                Duration::from_millis(100),
            ));
        let client = Client::with_config(config).await.unwrap();
        let mut sub = client.subscriber().await.unwrap();
        sub.subscribe(&["events"]).await.unwrap();
        sub.psubscribe(&["logs:*"]).await.unwrap();
        server.kill();
        let _restarted = RedisServer::builder().port(port).start();

        let receiver = tokio::spawn(async move {
            // Before the messages that follow: what was published meanwhile is lost.
            match sub.next_message().await {
                Some(Err(typedis::Error::MissedMessages(why))) => {
                    assert!(why.reconnected() && why.message().contains("lost"), "{why}")
                }
                other => panic!("expected the gap first, got {other:?}"),
            }
            let first = sub.next_message().await.unwrap().unwrap();
            let second = sub.next_message().await.unwrap().unwrap();
            (first, second)
        });
        // Publish until the restored subscriptions are in place.
        let deadline = std::time::Instant::now() + Duration::from_secs(5);
        loop {
            let n: i64 = client
                .query_as(cmd("PUBSUB").arg("NUMPAT"))
                .await
                .unwrap_or_default();
            let m: Vec<typedis::Value> = client
                .query_as(cmd("PUBSUB").arg("NUMSUB").arg("events"))
                .await
                .unwrap_or_default();
            if n == 1 && m.len() == 2 && m[1] == typedis::Value::Int(1) {
                break;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "subscriptions were not restored"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        client
            .query_as::<i64>(cmd("PUBLISH").arg("events").arg("back"))
            .await
            .unwrap();
        client
            .query_as::<i64>(cmd("PUBLISH").arg("logs:web").arg("line"))
            .await
            .unwrap();
        let (first, second) = receiver.await.unwrap();
        assert_eq!(&first.payload[..], b"back");
        assert_eq!(
            (&second.channel[..], &second.payload[..]),
            (&b"logs:web"[..], &b"line"[..])
        );
        assert!(client.stats().reconnects >= 1);
    }
}

#[tokio::test]
async fn a_refused_subscription_is_an_error_and_the_subscriber_goes_on() {
    let server = RedisServer::start();
    let admin = Client::connect(&server.url()).await.unwrap();
    admin
        .query_as::<()>(
            cmd("ACL")
                .arg("SETUSER")
                .arg("limited")
                .arg("on")
                .arg(">secret")
                .arg("~*")
                .arg("+@all")
                .arg("resetchannels")
                .arg("&allowed"),
        )
        .await
        .unwrap();
    let url = format!("redis://limited:secret@127.0.0.1:{}", server.port());
    for protocol in PROTOCOLS {
        let config = Config::from_url(&url).unwrap().protocol(protocol);
        let client = Client::with_config(config).await.unwrap();
        let mut sub = client.subscriber().await.unwrap();
        match sub.subscribe(&["forbidden"]).await {
            Err(typedis::Error::Server(e)) => assert_eq!(e.code(), Some("NOPERM"), "{e}"),
            other => panic!("{protocol:?}: expected NOPERM, got {other:?}"),
        }
        // The same subscriber and connection go on with what is allowed.
        sub.subscribe(&["allowed"]).await.unwrap();
        admin
            .query_as::<i64>(cmd("PUBLISH").arg("allowed").arg("hi"))
            .await
            .unwrap();
        let m = tokio::time::timeout(Duration::from_secs(5), sub.next_message())
            .await
            .expect("no message")
            .expect("subscriber ended")
            .unwrap();
        assert_eq!(&m.channel[..], b"allowed");
        assert_eq!(&m.payload[..], b"hi");
        assert_eq!(client.stats().reconnects, 0, "{protocol:?}");
    }
}
