//! A server that keeps the socket open but stops answering: the connection is replaced
//! (the shared one, a transaction's dedicated one, a cluster node's), what is still on it
//! fails with a connection error, and the next commands work on a new connection; with
//! the response timeout, or without one through the health check. Fake servers, since a
//! real one answers eventually.

use std::time::{Duration, Instant};
use typedis::cluster::{ClusterClient, ClusterConfig};
use typedis::{cmd, Client, Config, Error, Protocol};
use typedis_tests::{answer_healthily, FakeConnection, FakeServer};

/// Answers `PING` once on the first connection, then stays silent on it; answers every
/// later connection healthily.
fn goes_silent() -> FakeServer {
    FakeServer::start(|n, mut conn: FakeConnection| {
        if n == 0 {
            if conn.request().is_some() {
                conn.send(b"+PONG\r\n");
            }
            conn.silence();
        } else {
            answer_healthily(conn);
        }
    })
}

fn config(server: &FakeServer) -> Config {
    Config::from_url(&server.url())
        .unwrap()
        .protocol(Protocol::Resp2)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_that_stops_answering_is_replaced_and_the_next_commands_work() {
    let server = goes_silent();
    let timeout = Duration::from_millis(100);
    let client = Client::with_config(config(&server).response_timeout(Some(timeout)))
        .await
        .unwrap();
    let pong: String = client.query_as(cmd("PING")).await.unwrap();
    assert_eq!(pong, "PONG");

    // The server is silent: a command times out, and once it is the response timeout
    // again (at least a second) past its deadline, the connection is replaced. A command
    // with a timeout of its own far longer, sent behind it, is still waiting then: it fails
    // with a connection error that says why (at once, not after its own 10 s); later
    // commands work on the new connection.
    let started = Instant::now();
    let short = client.query_as::<String>(cmd("ECHO").arg("a"));
    let long = async {
        tokio::time::sleep(Duration::from_millis(10)).await;
        client
            .with_timeout(Duration::from_secs(10))
            .query_as::<String>(cmd("ECHO").arg("b"))
            .await
    };
    let (short, long) = tokio::join!(short, long);
    let replaced_after = started.elapsed();
    match short {
        Err(Error::Timeout(t)) => assert_eq!(t, timeout),
        other => panic!("expected a timeout, got {other:?}"),
    }
    match long {
        Err(Error::ConnectionClosed(why)) => {
            assert!(why.message().contains("stopped answering"), "{why}")
        }
        other => panic!("expected a connection error, got {other:?}"),
    }
    assert!(
        replaced_after >= Duration::from_millis(1100) && replaced_after < Duration::from_secs(9),
        "{replaced_after:?}"
    );
    let answered = tokio::join!(
        client.query_as::<String>(cmd("ECHO").arg("a")),
        client.query_as::<String>(cmd("ECHO").arg("b")),
    );
    assert_eq!(
        (answered.0.unwrap(), answered.1.unwrap()),
        ("a".to_owned(), "b".to_owned())
    );
    assert_eq!(client.stats().reconnects, 1);
    assert_eq!(server.accepted(), 2);
    eprintln!("replaced after {replaced_after:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_response_timeout_the_health_check_replaces_a_silent_connection() {
    let server = goes_silent();
    let every = Duration::from_millis(100);
    let client = Client::with_config(
        config(&server)
            .response_timeout(None)
            .health_check(Some(every)),
    )
    .await
    .unwrap();
    let pong: String = client.query_as(cmd("PING")).await.unwrap();
    assert_eq!(pong, "PONG");

    // Replies are awaited and nothing arrives: a PING goes out, and is not answered.
    let started = Instant::now();
    let waiting = tokio::time::timeout(
        Duration::from_secs(3),
        client.query_as::<String>(cmd("ECHO").arg("lost")),
    )
    .await
    .expect("the command waited forever on a silent connection");
    match waiting {
        Err(Error::ConnectionClosed(why)) => assert!(why.message().contains("PING"), "{why}"),
        other => panic!("expected a connection error, got {other:?}"),
    }
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );
    let echo: String = client.query_as(cmd("ECHO").arg("back")).await.unwrap();
    assert_eq!(echo, "back");
    assert_eq!(client.stats().reconnects, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_transaction_on_a_silent_dedicated_connection_fails_fast_once_it_is_replaced() {
    let server = FakeServer::start(|n, conn: FakeConnection| {
        // The shared connection (the first) answers; the first dedicated one goes silent.
        if n == 1 {
            conn.silence();
        } else {
            answer_healthily(conn);
        }
    });
    let timeout = Duration::from_millis(100);
    let client = Client::with_config(config(&server).response_timeout(Some(timeout)))
        .await
        .unwrap();
    let mut tx = client.transaction().await.unwrap();
    match tx.query_as::<String>(cmd("ECHO").arg("x")).await {
        Err(Error::Timeout(t)) => assert_eq!(t, timeout),
        other => panic!("expected a timeout, got {other:?}"),
    }
    // Past the grace, the silent connection is closed: the transaction's next command
    // fails at once instead of waiting behind the first.
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let started = Instant::now();
    match tx.query_as::<String>(cmd("ECHO").arg("y")).await {
        Err(Error::ConnectionClosed(why)) => {
            assert!(why.message().contains("stopped answering"), "{why}")
        }
        other => panic!("expected a connection error, got {other:?}"),
    }
    assert!(started.elapsed() < timeout, "{:?}", started.elapsed());
    // A new transaction gets a new connection, which answers.
    let mut tx = client.transaction().await.unwrap();
    let echo: String = tx.query_as(cmd("ECHO").arg("z")).await.unwrap();
    assert_eq!(echo, "z");
}

/// A one-node cluster owning every slot, at `port`.
fn slots_reply(port: u16) -> Vec<u8> {
    format!("*1\r\n*3\r\n:0\r\n:16383\r\n*2\r\n$9\r\n127.0.0.1\r\n:{port}\r\n").into_bytes()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cluster_node_that_stops_answering_is_replaced() {
    let port = std::sync::Arc::new(std::sync::OnceLock::new());
    let server = {
        let port = port.clone();
        FakeServer::start(move |n, mut conn: FakeConnection| {
            let port: u16 = *port.wait();
            while let Some(args) = conn.request() {
                let words: Vec<String> = args
                    .iter()
                    .map(|a| String::from_utf8_lossy(a).to_uppercase())
                    .collect();
                let words: Vec<&str> = words.iter().map(String::as_str).collect();
                let reply = match words[..] {
                    // SHARDS is refused: the client falls back to SLOTS.
                    ["CLUSTER", "SHARDS"] => b"-ERR unknown subcommand\r\n".to_vec(),
                    ["CLUSTER", "SLOTS"] => slots_reply(port),
                    // The first connection goes silent at its first GET.
                    ["GET", ..] if n == 0 => return conn.silence(),
                    ["GET", ..] => b"$2\r\nok\r\n".to_vec(),
                    _ => b"+OK\r\n".to_vec(),
                };
                if !conn.send(&reply) {
                    return;
                }
            }
        })
    };
    port.set(server.port()).unwrap();
    let cluster_config = ClusterConfig::from_url(&server.url())
        .unwrap()
        .node(
            config(&server)
                .response_timeout(Some(Duration::from_millis(100)))
                .connect_timeout(Duration::from_millis(500)),
        )
        .refresh_interval(None);
    let cluster = ClusterClient::with_config(cluster_config).await.unwrap();
    let started = Instant::now();
    let value = loop {
        assert!(
            started.elapsed() < Duration::from_secs(4),
            "the node's connection was never replaced"
        );
        match cluster.query_as::<String>(cmd("GET").key("k")).await {
            Ok(v) => break v,
            Err(Error::Timeout(_) | Error::ConnectionClosed(_)) => {}
            Err(e) => panic!("unexpected error: {e:?}"),
        }
    };
    assert_eq!(value, "ok");
    assert!(server.accepted() >= 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reply_that_drips_in_does_not_keep_a_stuck_connection_alive() {
    // The first connection answers its second command one byte every 20 ms, forever.
    let server = FakeServer::start(|n, mut conn: FakeConnection| {
        if n > 0 {
            return answer_healthily(conn);
        }
        if conn.request().is_none() || !conn.send(b"+PONG\r\n") || conn.request().is_none() {
            return;
        }
        let reply = b"$100000\r\n";
        for byte in reply.iter().chain(std::iter::repeat(&b'x')) {
            if !conn.send(&[*byte]) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    });
    let timeout = Duration::from_millis(100);
    let client = Client::with_config(config(&server).response_timeout(Some(timeout)))
        .await
        .unwrap();
    let pong: String = client.query_as(cmd("PING")).await.unwrap();
    assert_eq!(pong, "PONG");
    match client.query_as::<String>(cmd("GET").arg("k")).await {
        Err(Error::Timeout(t)) => assert_eq!(t, timeout),
        other => panic!("expected a timeout, got {other:?}"),
    }
    let started = Instant::now();
    loop {
        assert!(
            started.elapsed() < Duration::from_secs(4),
            "a dripping reply kept the connection"
        );
        match client.query_as::<String>(cmd("ECHO").arg("fresh")).await {
            Ok(echo) => {
                assert_eq!(echo, "fresh");
                break;
            }
            Err(Error::Timeout(_) | Error::ConnectionClosed(_)) => {}
            Err(e) => panic!("unexpected error: {e:?}"),
        }
    }
    assert_eq!(client.stats().reconnects, 1);
}
