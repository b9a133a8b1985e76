//! RESP3 pushes on the shared connection (`Client::pushes`) are bounded per listener: a
//! listener that falls behind misses what does not fit and is told so in the stream,
//! while every caller's replies keep flowing; after the shared connection is lost and
//! opened again, each listener is told that pushes (and the tracking state) were lost.

use std::time::Duration;
use typedis::resp::Frame;
use typedis::{cmd, Client, Config, Error, Protocol};
use typedis_tests::RedisServer;

async fn next(pushes: &mut typedis::Pushes) -> Result<Frame, Error> {
    tokio::time::timeout(Duration::from_secs(5), pushes.next())
        .await
        .expect("no push arrived")
        .expect("the client is alive")
}

fn invalidated_key(frame: &Frame) -> String {
    let (kind, keys): (String, Option<Vec<String>>) = frame.decode().unwrap();
    assert_eq!(kind, "invalidate");
    keys.unwrap().remove(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_listener_that_falls_behind_is_told_what_it_missed_and_callers_are_not_held_up() {
    let server = RedisServer::start();
    let buffer = 4096;
    let config = Config::from_url(&server.url())
        .unwrap()
        .protocol(Protocol::Resp3)
        .push_buffer(buffer);
    let tracked = Client::with_config(config).await.unwrap();
    let writer = Client::connect(&server.url()).await.unwrap();
    let mut pushes = tracked.pushes();
    tracked
        .query_as::<()>(cmd("CLIENT").arg("TRACKING").arg("ON"))
        .await
        .unwrap();

    // 500 invalidations while the listener reads nothing: far more than 4 KiB of them.
    const KEYS: usize = 500;
    for i in 0..KEYS {
        let _: Option<String> = tracked
            .query_as(cmd("GET").arg(format!("k:{i}")))
            .await
            .unwrap();
    }
    for i in 0..KEYS {
        writer
            .query_as::<()>(cmd("SET").arg(format!("k:{i}")).arg("v"))
            .await
            .unwrap();
    }
    // The shared connection was never held up by the listener.
    let pong: String = tracked.query_as(cmd("PING")).await.unwrap();
    assert_eq!(pong, "PONG");

    let mut kept = Vec::new();
    let missed = loop {
        match next(&mut pushes).await {
            Ok(frame) => kept.push(invalidated_key(&frame)),
            Err(Error::MissedMessages(why)) => break why,
            Err(e) => panic!("unexpected error: {e}"),
        }
    };
    eprintln!("{} pushes kept, then: {missed}", kept.len());
    assert!(
        !kept.is_empty() && kept.len() < KEYS / 4,
        "{} kept",
        kept.len()
    );
    let expected: Vec<String> = (0..kept.len()).map(|i| format!("k:{i}")).collect();
    assert_eq!(
        kept, expected,
        "the kept pushes are the first ones, in order"
    );
    assert!(missed.dropped() > 0 && !missed.reconnected(), "{missed}");
    assert!(
        missed
            .message()
            .contains(&format!("{} dropped", missed.dropped())),
        "{missed}"
    );

    // Later pushes arrive again: after the gap, those of the last keys that found room
    // once the listener read (on a busy machine the reader may still be handing them
    // over), then the new one. None is lost without being counted.
    let _: Option<String> = tracked.query_as(cmd("GET").arg("later")).await.unwrap();
    writer
        .query_as::<()>(cmd("SET").arg("later").arg("v"))
        .await
        .unwrap();
    let mut after_gap = Vec::new();
    loop {
        let key = invalidated_key(&next(&mut pushes).await.unwrap());
        if key == "later" {
            break;
        }
        after_gap.push(key);
    }
    let first_after = KEYS - after_gap.len();
    let expected: Vec<String> = (first_after..KEYS).map(|i| format!("k:{i}")).collect();
    assert_eq!(
        after_gap, expected,
        "after the gap, the last keys, in order"
    );
    assert_eq!(
        kept.len() as u64 + missed.dropped() + after_gap.len() as u64,
        KEYS as u64,
        "{} kept, {missed}, {} after the gap",
        kept.len(),
        after_gap.len()
    );

    // The shared connection is killed and opened again: the listener is told.
    let killed: i64 = writer
        .query_as(cmd("CLIENT").arg("KILL").arg("SKIPME").arg("yes"))
        .await
        .unwrap();
    assert!(killed >= 1);
    tokio::time::sleep(Duration::from_millis(50)).await;
    let pong: String = tracked.query_as(cmd("PING")).await.unwrap();
    assert_eq!(pong, "PONG");
    match next(&mut pushes).await {
        Err(Error::MissedMessages(why)) => {
            assert!(why.reconnected() && why.message().contains("lost"), "{why}")
        }
        other => panic!("expected the reconnection's gap, got {other:?}"),
    }
    assert_eq!(tracked.stats().reconnects, 1);
}
