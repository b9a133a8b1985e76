//! Failovers under load, on a real primary, two replicas and three Sentinels: `SENTINEL
//! FAILOVER` (the old primary stays up and is demoted) and a killed primary. 64 tasks
//! write and read keys of their own throughout. Afterwards: no reply went to the wrong
//! caller (each value names its key and round), every acknowledged write is on the new
//! primary (read there directly), the client reached the new primary within
//! [`REACH_BOUND`] of the first Sentinel naming it, a subscriber subscribed again there,
//! and blocking commands run there.

mod sentinel_support;

use sentinel_support::{wrong_values, Workload};
use std::time::{Duration, Instant};
use typedis::sentinel::SentinelClient;
use typedis::{b, cmd, Error};
use typedis_tests::SentinelSetup;

/// How soon after the first Sentinel names the new primary the client writes there again.
const REACH_BOUND: Duration = Duration::from_secs(1);

/// Waits (polling every Sentinel) until one names a primary other than `old`; returns
/// when, and then waits until all agree and the node says it is the primary.
async fn new_primary(setup: &SentinelSetup, old: u16) -> (Instant, u16) {
    let deadline = Instant::now() + Duration::from_secs(30);
    let named = loop {
        let now = Instant::now();
        let any = (0..3).any(|i| setup.primary_port(i).is_some_and(|p| p != old));
        if any {
            break now;
        }
        assert!(Instant::now() < deadline, "no Sentinel named a new primary");
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    let port = tokio::task::block_in_place(|| setup.wait_new_primary(old, Duration::from_secs(30)));
    (named, port)
}

async fn failover_under_load(kill: bool) {
    let mut setup = SentinelSetup::start();
    let old = setup.node_ports()[0];
    let client = SentinelClient::connect(&setup.url()).await.unwrap();
    let mut subscriber = client.subscriber().await.unwrap();
    subscriber.subscribe(&["news"]).await.unwrap();
    client
        .query(b().publish().channel("news").message("before"))
        .await
        .unwrap();
    let m = subscriber.next_message().await.unwrap().unwrap();
    assert_eq!(m.payload_str(), Ok("before"));

    let prefix = if kill { "kill" } else { "failover" };
    let workload = Workload::start(&client, prefix, 64, 16);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let started = Instant::now();
    if kill {
        setup.kill_node(0);
    } else {
        let ok: () = setup
            .sentinel(1, &["SENTINEL", "FAILOVER", typedis_tests::SERVICE])
            .decode()
            .unwrap();
        let () = ok;
    }
    let (named, new) = new_primary(&setup, old).await;
    // Load goes on for a while on the new primary.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let report = workload.stop().await;

    assert!(report.other_errors.is_empty(), "{:?}", report.other_errors);
    assert!(report.wrong_reads.is_empty(), "{:?}", report.wrong_reads);
    assert_eq!(report.acked.len(), 64 * 16);
    let wrong = wrong_values(&report, new);
    assert!(
        wrong.is_empty(),
        "{} wrong, first: {:?}",
        wrong.len(),
        &wrong[..wrong.len().min(5)]
    );
    // The outage: the longest time without a write acknowledged, after the failover
    // started; the write that ends it went to the new primary.
    let after: Vec<Instant> = report
        .successes
        .iter()
        .copied()
        .filter(|&t| t > started)
        .collect();
    let (outage, resumed) = after
        .windows(2)
        .map(|w| (w[1] - w[0], w[1]))
        .max()
        .expect("writes went on after the failover");
    let reach = resumed.saturating_duration_since(named);
    assert!(
        resumed <= named + REACH_BOUND,
        "the client wrote to the new primary {reach:?} after a Sentinel named it"
    );
    let stats = client.stats();
    assert_eq!(stats.primary_addr, Some(format!("127.0.0.1:{new}")));
    assert!(stats.failovers >= 1, "{stats:?}");

    // The subscriber subscribed again on the new primary: it says messages may have been
    // missed, then gets what is published there (published until it arrives: what is
    // published before the subscriber is back is lost, as Pub/Sub goes).
    let mut saw_gap = false;
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        assert!(
            Instant::now() < deadline,
            "the subscriber got nothing from the new primary"
        );
        client
            .query(b().publish().channel("news").message("after"))
            .await
            .unwrap();
        match tokio::time::timeout(Duration::from_millis(200), subscriber.next_message()).await {
            Ok(Some(Ok(m))) if m.payload_str() == Ok("after") => break,
            Ok(Some(Err(Error::MissedMessages(_)))) => saw_gap = true,
            Ok(Some(Err(e))) => panic!("subscriber: {e}"),
            _ => {}
        }
    }
    assert!(saw_gap, "the subscriber did not say it reconnected");

    // Blocking commands run on the new primary.
    client
        .query(b().rpush().key("queue").element("job"))
        .await
        .unwrap();
    let popped: Option<(String, String)> = client
        .query_as(cmd("BLPOP").key("queue").arg(1))
        .await
        .unwrap();
    assert_eq!(popped, Some(("queue".into(), "job".into())));

    for (_, e) in report.failover_errors.iter().take(3) {
        eprintln!("  {e}");
    }
    eprintln!(
        "{}: {} ops, {} failover errors, outage {:?}, reached the new primary {:?} after a \
         Sentinel named it ({:?} after the failover started), {:?}",
        if kill {
            "killed primary"
        } else {
            "SENTINEL FAILOVER"
        },
        report.ops,
        report.failover_errors.len(),
        outage,
        reach,
        resumed - started,
        stats
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sentinel_failover_under_load_loses_no_acknowledged_write() {
    failover_under_load(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_primary_is_replaced_and_the_client_follows_under_load() {
    failover_under_load(true).await;
}
