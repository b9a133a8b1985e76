//! Untyped commands (`cmd("BLPOP")`) carry the spec's flags like the typed builders, so a
//! real redis-server sees them routed the same way: blocking commands on a dedicated
//! connection while the shared one keeps answering, `WAIT` on the shared one, behind the
//! writes it counts (Redis 7.0's spec does not flag it, yet it holds the connection), and
//! commands the spec does not know on the shared one.

use std::time::{Duration, Instant};
use typedis::{cmd, Client};
use typedis_tests::RedisServer;

/// The `id=` and `cmd=` fields of every line of a `CLIENT LIST` reply.
fn clients(list: &str) -> Vec<(u64, String)> {
    list.lines()
        .map(|line| {
            let field = |name: &str| {
                line.split(' ')
                    .find_map(|f| f.strip_prefix(name))
                    .unwrap_or_default()
                    .to_owned()
            };
            (field("id=").parse().unwrap(), field("cmd="))
        })
        .collect()
}

/// Runs `blocker` in a task and, while it blocks, checks that the shared connection keeps
/// answering and that the server runs `blocker` (named `server_name` in `CLIENT LIST`) on
/// another connection. Returns how long `blocker` took.
async fn blocks_elsewhere(client: &Client, blocker: typedis::Cmd, server_name: &str) -> Duration {
    let shared_id: u64 = client.query_as(cmd("CLIENT").arg("ID")).await.unwrap();
    let started = Instant::now();
    let waiter = {
        let c = client.clone();
        tokio::spawn(async move { c.query_as::<typedis::Value>(blocker).await })
    };
    tokio::time::sleep(Duration::from_millis(100)).await;
    let during = Instant::now();
    for _ in 0..20 {
        let pong: String = client.query_as(cmd("PING")).await.unwrap();
        assert_eq!(pong, "PONG");
    }
    assert!(
        during.elapsed() < Duration::from_millis(400),
        "the shared connection waited behind {server_name}: {:?}",
        during.elapsed()
    );
    let list: String = client.query_as(cmd("CLIENT").arg("LIST")).await.unwrap();
    let blocked: Vec<u64> = clients(&list)
        .into_iter()
        .filter(|(_, c)| c == server_name)
        .map(|(id, _)| id)
        .collect();
    assert_eq!(blocked.len(), 1, "{list}");
    assert_ne!(
        blocked[0], shared_id,
        "{server_name} ran on the shared connection"
    );
    waiter.await.unwrap().unwrap();
    started.elapsed()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn untyped_blpop_with_a_timeout_runs_on_a_dedicated_connection() {
    let server = RedisServer::start();
    let client = Client::connect(&server.url()).await.unwrap();
    let took = blocks_elsewhere(&client, cmd("blpop").key("nothing").arg(1), "blpop").await;
    // The server's own 1 s timeout answered (nil), not a client-side one.
    assert!(took >= Duration::from_secs(1), "{took:?}");
    assert_eq!(client.stats().idle_dedicated, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn untyped_wait_runs_behind_the_writes_on_the_shared_connection_though_unflagged() {
    let server = RedisServer::start();
    let client = Client::connect(&server.url()).await.unwrap();
    let observer = Client::connect(&server.url()).await.unwrap();
    let shared_id: u64 = client.query_as(cmd("CLIENT").arg("ID")).await.unwrap();
    let started = Instant::now();
    // No replica will ever acknowledge: WAIT holds its connection for the whole 600 ms.
    let waiter = {
        let c = client.clone();
        tokio::spawn(async move { c.query_as::<i64>(cmd("WAIT").arg(1).arg(600)).await })
    };
    tokio::time::sleep(Duration::from_millis(100)).await;
    let list: String = observer.query_as(cmd("CLIENT").arg("LIST")).await.unwrap();
    let waiting: Vec<u64> = clients(&list)
        .into_iter()
        .filter(|(_, c)| c == "wait")
        .map(|(id, _)| id)
        .collect();
    assert_eq!(waiting, [shared_id], "{list}");
    assert_eq!(waiter.await.unwrap().unwrap(), 0);
    assert!(started.elapsed() >= Duration::from_millis(600));
    assert_eq!(client.stats().idle_dedicated, 0);
}

#[tokio::test]
async fn commands_the_spec_does_not_know_stay_on_the_shared_connection() {
    let server = RedisServer::start();
    let client = Client::connect(&server.url()).await.unwrap();
    let err = client
        .query_as::<String>(cmd("NO.SUCH.COMMAND").arg("x"))
        .await
        .unwrap_err();
    assert!(err.to_string().contains("unknown command"), "{err}");
    // No dedicated connection was opened for it.
    assert_eq!(client.stats().idle_dedicated, 0);
    let pong: String = client.query_as(cmd("ping")).await.unwrap();
    assert_eq!(pong, "PONG");
}
