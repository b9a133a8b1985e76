//! Blocking commands against a real redis-server: they run on dedicated connections, so
//! the shared one keeps serving other callers, and they time out after their own block
//! time plus a margin, never after the default response timeout. RESP2 and RESP3.

use std::time::{Duration, Instant};
use typedis::{cmd, Client, Config, Error, Protocol};
use typedis_tests::RedisServer;

const PROTOCOLS: [Protocol; 2] = [Protocol::Resp2, Protocol::Resp3];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn blpop_waits_on_its_own_connection_while_other_commands_go_through() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let config = Config::from_url(&server.url()).unwrap().protocol(protocol);
        let client = Client::with_config(config).await.unwrap();
        let waiter = {
            let c = client.clone();
            tokio::spawn(async move {
                c.query_as::<Option<(String, String)>>(cmd("BLPOP").arg("jobs").arg(5))
                    .await
            })
        };
        tokio::time::sleep(Duration::from_millis(50)).await;
        // The shared connection is not stuck behind BLPOP.
        let started = Instant::now();
        for _ in 0..10 {
            let pong: String = client.query_as(cmd("PING")).await.unwrap();
            assert_eq!(pong, "PONG");
        }
        assert!(started.elapsed() < Duration::from_secs(1));
        let n: i64 = client
            .query_as(cmd("RPUSH").arg("jobs").arg("job-1"))
            .await
            .unwrap();
        assert_eq!(n, 1);
        let popped = waiter.await.unwrap().unwrap();
        assert_eq!(popped, Some(("jobs".to_owned(), "job-1".to_owned())));
        // The dedicated connection went back to the pool for the next blocking command.
        assert_eq!(client.stats().idle_dedicated, 1);
    }
}

#[tokio::test]
async fn blocking_command_times_out_after_its_block_time_not_the_response_timeout() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let config = Config::from_url(&server.url())
            .unwrap()
            .protocol(protocol)
            .response_timeout(Some(Duration::from_millis(100)))
            .blocking_margin(Duration::from_millis(500));
        let client = Client::with_config(config).await.unwrap();
        // Blocks 0.4 s, beyond the 100 ms response timeout: the server's own timeout
        // answers nil.
        let started = Instant::now();
        let popped: Option<(String, String)> = client
            .query_as(cmd("BLPOP").arg("empty").arg("0.4"))
            .await
            .unwrap();
        assert_eq!(popped, None);
        assert!(started.elapsed() >= Duration::from_millis(400));

        // XREAD BLOCK counts milliseconds.
        let read: Option<typedis::Value> = client
            .query_as(
                cmd("XREAD")
                    .arg("BLOCK")
                    .arg(200)
                    .arg("STREAMS")
                    .arg("s")
                    .arg("$"),
            )
            .await
            .unwrap();
        assert_eq!(read, None);
    }
}

#[tokio::test]
async fn stalled_server_times_out_a_blocking_command_after_block_time_plus_margin() {
    let server = RedisServer::builder()
        .args(["--enable-debug-command", "yes"])
        .start();
    let config = Config::from_url(&server.url())
        .unwrap()
        .blocking_margin(Duration::from_millis(200));
    let client = Client::with_config(config).await.unwrap();
    let sleeper = {
        let c = client.clone();
        tokio::spawn(async move { c.query_as::<()>(cmd("DEBUG").arg("SLEEP").arg("1")).await })
    };
    tokio::time::sleep(Duration::from_millis(50)).await;
    let started = Instant::now();
    let result = client
        .query_as::<Option<(String, String)>>(cmd("BLPOP").arg("k").arg("0.1"))
        .await;
    assert!(
        matches!(result, Err(Error::Timeout(d)) if d == Duration::from_millis(300)),
        "{result:?}"
    );
    assert!(started.elapsed() < Duration::from_millis(900));
    sleeper.await.unwrap().unwrap();
    // The abandoned dedicated connection was closed, not pooled.
    assert_eq!(client.stats().idle_dedicated, 0);
    let popped: Option<(String, String)> = client
        .query_as(cmd("BLPOP").arg("k").arg("0.05"))
        .await
        .unwrap();
    assert_eq!(popped, None);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn capped_dedicated_connections_make_blocking_callers_wait_their_turn() {
    let server = RedisServer::start();
    let config = Config::from_url(&server.url())
        .unwrap()
        .max_dedicated(Some(2));
    let client = Client::with_config(config).await.unwrap();
    let clients_before: String = client.query_as(cmd("CLIENT").arg("LIST")).await.unwrap();
    let before = clients_before.lines().count();
    // Four BLPOPs, two connections: two block, two wait for a connection.
    let waiters: Vec<_> = (0..4)
        .map(|i| {
            let c = client.clone();
            tokio::spawn(async move {
                c.query_as::<Option<(String, String)>>(cmd("BLPOP").arg(format!("q{i}")).arg(5))
                    .await
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let during: String = client.query_as(cmd("CLIENT").arg("LIST")).await.unwrap();
    assert_eq!(during.lines().count(), before + 2, "{during}");
    for i in 0..4 {
        client
            .query_as::<i64>(cmd("RPUSH").arg(format!("q{i}")).arg(format!("job{i}")))
            .await
            .unwrap();
    }
    for (i, w) in waiters.into_iter().enumerate() {
        let got = w.await.unwrap().unwrap();
        assert_eq!(got, Some((format!("q{i}"), format!("job{i}"))));
    }
}
