//! Keyspace notifications through `Client::notifications` against a real server, on RESP2
//! and RESP3: the events of keys matching a pattern (`__keyspace@db__`), events by name in
//! every database (`__keyevent@*__`), an expiry seen as `expired`, keys outside the
//! pattern left out; and the subscription refused, with what to set, when the server's
//! `notify-keyspace-events` cannot send what is asked for.

use std::time::Duration;
use typedis::{b, Client, Config, Error, KeyEvent, KeyNotifications, Notifications, Protocol};
use typedis_tests::RedisServer;

async fn client(server: &RedisServer, protocol: Protocol, db: u32) -> Client {
    let config = Config::from_url(&server.url())
        .unwrap()
        .protocol(protocol)
        .database(db);
    Client::with_config(config).await.unwrap()
}

/// The next notification, within a bound that only a lost notification reaches.
async fn next(events: &mut KeyNotifications) -> (u32, String, KeyEvent) {
    let event = tokio::time::timeout(Duration::from_secs(20), events.next_event())
        .await
        .expect("a notification within 20 s")
        .expect("the subscription is open")
        .expect("a notification");
    (
        event.db,
        String::from_utf8(event.key.to_vec()).unwrap(),
        event.event,
    )
}

#[tokio::test]
async fn the_events_of_matching_keys_arrive_in_order() {
    let server = RedisServer::builder()
        .args(["--notify-keyspace-events", "KEA"])
        .start();
    for protocol in [Protocol::Resp2, Protocol::Resp3] {
        let client = client(&server, protocol, 0).await;
        let mut events = client
            .notifications(Notifications::keys("session:*"))
            .await
            .unwrap();
        client
            .query(b().set().key("other").value("x"))
            .await
            .unwrap();
        client
            .query(b().set().key("session:1").value("ann"))
            .await
            .unwrap();
        client
            .query(b().hset().key("session:2").field_value("user", "bob"))
            .await
            .unwrap();
        client.query(b().del().key("session:2")).await.unwrap();
        // The expiry last: however slow the machine, nothing else can come after it.
        client
            .query(b().pexpire().key("session:1").milliseconds(50))
            .await
            .unwrap();
        let expected = [
            ("session:1", KeyEvent::Set),
            ("session:2", KeyEvent::HSet),
            ("session:2", KeyEvent::Del),
            ("session:1", KeyEvent::Expire),
        ];
        for (key, event) in expected {
            assert_eq!(
                next(&mut events).await,
                (0, key.to_owned(), event),
                "{protocol:?}"
            );
        }
        // Found by the server's expiry cycle, or by a read after the expiry.
        tokio::time::sleep(Duration::from_millis(60)).await;
        let _ = client.query(b().get().key("session:1")).await.unwrap();
        assert_eq!(
            next(&mut events).await,
            (0, "session:1".to_owned(), KeyEvent::Expired),
            "{protocol:?}"
        );
        events.close();
    }
}

#[tokio::test]
async fn events_by_name_arrive_from_every_database() {
    let server = RedisServer::builder()
        .args(["--notify-keyspace-events", "Eg$"])
        .start();
    for protocol in [Protocol::Resp2, Protocol::Resp3] {
        let watcher = client(&server, protocol, 0).await;
        let mut events = watcher
            .notifications(Notifications::events([KeyEvent::Del]).every_database())
            .await
            .unwrap();
        let in_two = client(&server, protocol, 2).await;
        in_two
            .query(b().set().key("cart:9").value("1"))
            .await
            .unwrap();
        in_two.query(b().del().key("cart:9")).await.unwrap();
        // A DEL of a key that does not exist deletes nothing and notifies nothing.
        in_two.query(b().del().key("cart:none")).await.unwrap();
        watcher
            .query(b().set().key("cart:1").value("1"))
            .await
            .unwrap();
        watcher.query(b().del().key("cart:1")).await.unwrap();
        assert_eq!(
            next(&mut events).await,
            (2, "cart:9".to_owned(), KeyEvent::Del),
            "{protocol:?}"
        );
        assert_eq!(
            next(&mut events).await,
            (0, "cart:1".to_owned(), KeyEvent::Del),
            "{protocol:?}"
        );
    }
}

#[tokio::test]
async fn a_subscription_the_server_cannot_serve_is_refused_with_what_to_set() {
    // Off, as a server starts.
    let server = RedisServer::start();
    let client = client(&server, Protocol::Resp3, 0).await;
    let refused = client
        .notifications(Notifications::keys("*"))
        .await
        .unwrap_err();
    let Error::InvalidUse(why) = &refused else {
        panic!("{refused:?}");
    };
    assert!(
        why.message().contains("notify-keyspace-events is \"\""),
        "{why}"
    );
    assert!(
        why.message()
            .contains("CONFIG SET notify-keyspace-events KA"),
        "{why}"
    );

    // Keyspace notifications of expiries only: no keyevent channel.
    client
        .query(
            b().config_set()
                .parameter_value("notify-keyspace-events", "Kx"),
        )
        .await
        .unwrap();
    let refused = client
        .notifications(Notifications::keys("*").and_event(KeyEvent::Expired))
        .await
        .unwrap_err();
    assert!(
        matches!(&refused, Error::InvalidUse(why) if why.message().contains("no keyevent")),
        "{refused:?}"
    );
    // What it can send is allowed.
    let mut events = client
        .notifications(Notifications::keys("k"))
        .await
        .unwrap();
    client
        .query(b().set().key("k").value("v").px(10))
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(20)).await;
    let _ = client.query(b().get().key("k")).await.unwrap();
    assert_eq!(
        next(&mut events).await,
        (0, "k".to_owned(), KeyEvent::Expired)
    );

    let nothing = client
        .notifications(Notifications::events([]))
        .await
        .unwrap_err();
    assert!(matches!(nothing, Error::InvalidUse(_)), "{nothing:?}");
}
