//! Time spans as builder arguments, on a real server: a `Duration` is written in the unit
//! the command takes (seconds, milliseconds, or seconds with a fraction), rounded up, and
//! the server applies it as that span; idle times are numbers of milliseconds everywhere.

use std::time::{Duration, Instant};
use typedis::{b, Client, Protocol};
use typedis_tests::RedisServer;

#[tokio::test]
async fn expiries_given_as_durations_last_at_least_that_long() {
    let server = RedisServer::start();
    let client = Client::connect(&server.url()).await.unwrap();

    // 1.5 s in whole seconds is 2 s, never 1 s.
    let set = b()
        .set()
        .key("ex")
        .value("v")
        .ex(Duration::from_millis(1500));
    client.query(set).await.unwrap();
    let ttl = client.query(b().ttl().key("ex")).await.unwrap();
    assert_eq!(ttl, 2, "EX 1.5 s is written as 2 s");

    let set = b().set().key("px").value("v").px(Duration::from_secs(90));
    client.query(set).await.unwrap();
    let pttl = client.query(b().pttl().key("px")).await.unwrap();
    assert!((89_000..=90_000).contains(&pttl), "PX 90 s: PTTL {pttl}");

    // A plain integer is written as it is.
    client.query(b().set().key("n").value("v")).await.unwrap();
    let set = client
        .query(b().expire().key("n").seconds(30))
        .await
        .unwrap();
    assert!(set);
    assert_eq!(client.query(b().ttl().key("n")).await.unwrap(), 30);

    // 2.5 s is written as 2500 ms (not 2500 s, nor 2 s).
    let pexpire = b()
        .pexpire()
        .key("n")
        .milliseconds(Duration::from_millis(2500));
    client.query(pexpire).await.unwrap();
    let pttl = client.query(b().pttl().key("n")).await.unwrap();
    assert!(
        (2_400..=2_500).contains(&pttl),
        "PEXPIRE 2.5 s: PTTL {pttl}"
    );
}

#[tokio::test]
async fn a_blocking_timeout_given_as_a_duration_waits_that_long() {
    let server = RedisServer::start();
    for protocol in [Protocol::Resp2, Protocol::Resp3] {
        let config = typedis::Config::from_url(&server.url())
            .unwrap()
            .protocol(protocol);
        let client = Client::with_config(config).await.unwrap();
        let started = Instant::now();
        let pop = b().blpop().key("empty").timeout(Duration::from_millis(300));
        let popped = client.query(pop).await.unwrap();
        let waited = started.elapsed();
        assert_eq!(popped, None, "{protocol:?}");
        // The server waits the timeout it was sent (0.3 s), not 0 (forever) or 1 s.
        assert!(
            waited >= Duration::from_millis(250),
            "{protocol:?}: {waited:?}"
        );
        assert!(
            waited < Duration::from_millis(990),
            "{protocol:?}: {waited:?}"
        );

        let read = b()
            .xread()
            .block(Duration::from_millis(300))
            .key("nothing")
            .id("$");
        let started = Instant::now();
        let entries = client.query(read).await.unwrap();
        assert!(entries.is_none(), "{protocol:?}");
        assert!(
            started.elapsed() >= Duration::from_millis(250),
            "{protocol:?}"
        );
    }
}

#[tokio::test]
async fn idle_times_are_milliseconds_in_every_stream_command() {
    let server = RedisServer::start();
    let client = Client::connect(&server.url()).await.unwrap();
    let group = b()
        .xgroup_create()
        .key("jobs")
        .group("workers")
        .id("$")
        .mkstream();
    client.query(group).await.unwrap();
    let id = client
        .query(b().xadd().key("jobs").auto_id().field_value("task", "1"))
        .await
        .unwrap()
        .expect("XADD without NOMKSTREAM answers the id");
    let read = b()
        .xreadgroup()
        .group("workers", "first")
        .key("jobs")
        .id(">");
    client.query(read).await.unwrap();

    // Idle for an hour: nothing yet, by XPENDING, XAUTOCLAIM and XCLAIM alike.
    let hour = Duration::from_secs(3600);
    let pending = b()
        .xpending()
        .key("jobs")
        .group("workers")
        .range("-", "+", 10)
        .idle(hour);
    assert!(client.query(pending).await.unwrap().is_empty());
    let claim = b()
        .xautoclaim()
        .key("jobs")
        .group("workers")
        .consumer("second")
        .min_idle_time(hour)
        .start("0");
    assert!(client.query(claim).await.unwrap().claimed.is_empty());
    let claim = b()
        .xclaim()
        .key("jobs")
        .group("workers")
        .consumer("second")
        .min_idle_time(hour)
        .id(&id[..])
        .justid();
    assert!(client.query(claim).await.unwrap().is_empty());

    // Idle for no time at all: the entry is there to take.
    let pending = b()
        .xpending()
        .key("jobs")
        .group("workers")
        .range("-", "+", 10)
        .idle(0);
    assert_eq!(client.query(pending).await.unwrap().len(), 1);
    let claim = b()
        .xautoclaim()
        .key("jobs")
        .group("workers")
        .consumer("second")
        .min_idle_time(Duration::ZERO)
        .start("0");
    let claimed = client.query(claim).await.unwrap().claimed;
    assert_eq!(claimed.len(), 1);
    assert_eq!(claimed.first().unwrap().id, id);
}
