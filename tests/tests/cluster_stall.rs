//! A primary that stops answering (SIGSTOP): commands for its slots time out instead of
//! hanging, the other shards keep serving at full speed, the connection to it is replaced
//! once its oldest command is a response timeout (at least a second) overdue, and once the
//! node resumes its slots work again.

use std::time::{Duration, Instant};
use typedis::cluster::{ClusterClient, ClusterConfig};
use typedis::cmd::key_slot;
use typedis::{cmd, Error};
use typedis_tests::RedisCluster;

/// A key whose slot is served by the node on `port`.
fn key_on(cluster: &RedisCluster, port: u16, prefix: &str) -> String {
    (0..)
        .map(|i| format!("{prefix}:{i}"))
        .find(|k| cluster.primary_of(key_slot(k.as_bytes()), 0) == port)
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn frozen_primary_times_out_without_hanging_anyone() {
    let cluster = RedisCluster::start();
    let timeout = Duration::from_millis(500);
    let config = ClusterConfig::from_url(&cluster.url())
        .unwrap()
        .response_timeout(Some(timeout))
        .connect_timeout(timeout);
    let client = ClusterClient::with_config(config).await.unwrap();
    let primaries = cluster.primaries();
    let (frozen, healthy) = (primaries[0], primaries[1]);
    let frozen_key = key_on(&cluster, cluster.nodes()[frozen].port(), "stall");
    let healthy_key = key_on(&cluster, cluster.nodes()[healthy].port(), "ok");
    let () = client
        .query_as(cmd("SET").key(&frozen_key).arg("f"))
        .await
        .unwrap();
    let () = client
        .query_as(cmd("SET").key(&healthy_key).arg("h"))
        .await
        .unwrap();

    cluster.pause(frozen);
    let limit = Duration::from_secs(5);
    let t = Instant::now();
    let got = tokio::time::timeout(
        limit,
        client.query_as::<String>(cmd("GET").key(&frozen_key)),
    )
    .await
    .expect("a command for the frozen node hung");
    assert!(matches!(got, Err(Error::Timeout(_))), "{got:?}");
    assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());

    // The other shards are not held up by the frozen one.
    for _ in 0..20 {
        let t = Instant::now();
        let v: String = client.query_as(cmd("GET").key(&healthy_key)).await.unwrap();
        assert_eq!(v, "h");
        assert!(t.elapsed() < timeout, "{:?}", t.elapsed());
    }
    // Fan-out and pipelines that touch the frozen node time out too, and do not hang.
    let dbsize = tokio::time::timeout(limit, client.query_as::<i64>(cmd("DBSIZE")))
        .await
        .expect("DBSIZE hung");
    // By now the frozen node's connection may have been replaced (what was on it failed
    // with a connection error) and the new one not opened yet.
    let failed = |r: Option<&Error>| {
        matches!(
            r,
            Some(Error::Timeout(_) | Error::ConnectionClosed(_) | Error::Unreachable(_))
        )
    };
    assert!(failed(dbsize.as_ref().err()), "{dbsize:?}");
    let piped = tokio::time::timeout(
        limit,
        client
            .pipeline()
            .add(cmd("GET").key(&healthy_key))
            .add(cmd("GET").key(&frozen_key))
            .send(),
    )
    .await
    .expect("pipeline hung");
    assert!(failed(piped.as_ref().err()), "{piped:?}");
    // Its oldest command was long overdue: the connection to the frozen node was replaced.
    tokio::time::sleep(Duration::from_millis(1200)).await;

    cluster.resume(frozen);
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        match client.query_as::<String>(cmd("GET").key(&frozen_key)).await {
            Ok(v) => {
                assert_eq!(v, "f");
                break;
            }
            Err(e) => assert!(Instant::now() < deadline, "still failing: {e}"),
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let n: i64 = client.query_as(cmd("DBSIZE")).await.unwrap();
    assert_eq!(n, 2);
    let node = client.primary_for_key(&frozen_key).await.unwrap();
    assert!(node.stats().reconnects >= 1, "{:?}", node.stats());
}
