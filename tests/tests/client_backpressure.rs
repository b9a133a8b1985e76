//! Callers that give up quickly (tiny response timeouts) cannot make the client queue
//! requests faster than the socket takes them: past a bound, new requests wait for room
//! (within their own timeout) instead of piling up in memory. Alone in its test binary,
//! because it reads the process's resident memory.

use std::time::{Duration, Instant};
use typedis::{cmd, Client, Config, Error};
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_of_callers_that_time_out_at_once_do_not_pile_up() {
    let server = RedisServer::builder()
        .args(["--enable-debug-command", "yes"])
        .start();
    let config = Config::from_url(&server.url())
        .unwrap()
        .response_timeout(Some(Duration::from_millis(2)));
    let client = Client::with_config(config).await.unwrap();
    let value = vec![b'x'; 100 * 1024];
    // The server stalls, so nothing is read from the socket: whatever the callers send
    // stays on the client's side.
    let observer = Client::connect(&server.url()).await.unwrap();
    let stall = tokio::spawn(async move {
        observer
            .query_as::<()>(cmd("DEBUG").arg("SLEEP").arg("1.5"))
            .await
    });
    tokio::time::sleep(Duration::from_millis(50)).await;
    let before = rss();
    let until = Instant::now() + Duration::from_millis(1200);
    let tasks: Vec<_> = (0..100)
        .map(|_| {
            let (client, value) = (client.clone(), value.clone());
            tokio::spawn(async move {
                let (mut answered, mut timed_out) = (0u32, 0u32);
                while Instant::now() < until {
                    match client
                        .query_as::<bytes::Bytes>(cmd("ECHO").arg(&value[..]))
                        .await
                    {
                        Ok(echo) => {
                            assert_eq!(echo.len(), value.len());
                            answered += 1;
                        }
                        Err(Error::Timeout(_)) => timed_out += 1,
                        // The stalled connection is replaced after a second; what was
                        // still on it fails.
                        Err(Error::ConnectionClosed(_)) => {}
                        Err(e) => panic!("unexpected error: {e}"),
                    }
                }
                (answered, timed_out)
            })
        })
        .collect();
    let mut timed_out = 0;
    for task in tasks {
        timed_out += task.await.unwrap().1;
    }
    let grown = rss().saturating_sub(before);
    assert!(timed_out > 0, "the load never made a caller time out");
    // Unbounded, this queues gigabytes; bounded, the outbox holds 32 MiB at most.
    assert!(
        grown < 256 << 20,
        "resident memory grew by {} MiB",
        grown >> 20
    );
    stall.await.unwrap().unwrap();

    // The connection is not buried under a backlog: a patient caller is answered soon.
    let patient = Client::with_config(Config::from_url(&server.url()).unwrap())
        .await
        .unwrap();
    patient
        .query_as::<()>(cmd("SET").arg("k").arg("v"))
        .await
        .unwrap();
    let started = Instant::now();
    loop {
        match client.query_as::<String>(cmd("GET").arg("k")).await {
            Ok(v) => {
                assert_eq!(v, "v");
                break;
            }
            Err(Error::Timeout(_) | Error::ConnectionClosed(_)) => {
                assert!(
                    started.elapsed() < Duration::from_secs(2),
                    "backlog never drained"
                );
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            Err(e) => panic!("unexpected error: {e}"),
        }
    }
}
