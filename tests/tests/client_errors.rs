//! Errors say what happened: bytes that are not RESP reach the caller as
//! `Error::Protocol` (what and where), a reply past the configured `Limits` is stopped
//! at its header or at the limit (never buffered beyond it), a server that cannot be
//! reached is `Error::Unreachable` with the last connect error (not a bare timeout), and
//! no message repeats its prefix. Fake servers for what a real one will not send.

use std::time::{Duration, Instant};
use typedis::{cmd, Backoff, Client, Config, Error, Limits, Protocol, ProtocolErrorKind};
use typedis_tests::{answer_healthily, FakeConnection, FakeServer, RedisServer};

fn config(server: &FakeServer) -> Config {
    Config::from_url(&server.url())
        .unwrap()
        .protocol(Protocol::Resp2)
        .response_timeout(Some(Duration::from_secs(3)))
}

/// Answers the first command of the first connection with `reply` (then `then`, written
/// as fast as the client takes it, until it closes the connection); every later
/// connection answers healthily.
fn replies_once(reply: &'static [u8], then: Option<&'static [u8]>) -> FakeServer {
    FakeServer::start(move |n, mut conn: FakeConnection| {
        if n > 0 {
            return answer_healthily(conn);
        }
        if conn.request().is_none() || !conn.send(reply) {
            return;
        }
        if let Some(more) = then {
            let chunk = more.repeat(16 * 1024 / more.len());
            while conn.send(&chunk) {}
        }
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bytes_that_are_not_resp_reach_the_caller_as_a_protocol_error() {
    let server = replies_once(b"?garbage\r\n", None);
    let client = Client::with_config(config(&server)).await.unwrap();
    match client.query_as::<String>(cmd("PING")).await {
        Err(Error::Protocol(e)) => {
            assert_eq!(e.kind, ProtocolErrorKind::InvalidTypeByte(b'?'));
            assert_eq!(e.offset, 0);
        }
        other => panic!("expected a protocol error, got {other:?}"),
    }
    // The connection is replaced; the next command gets its own reply.
    let pong: String = client.query_as(cmd("PING")).await.unwrap();
    assert_eq!(pong, "PONG");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_billion_element_array_is_refused_at_its_header() {
    let server = replies_once(b"*1000000000\r\n", Some(b":1\r\n"));
    let client = Client::with_config(config(&server)).await.unwrap();
    let started = Instant::now();
    let got = tokio::time::timeout(
        Duration::from_secs(5),
        client.query_as::<Vec<i64>>(cmd("LRANGE").arg("l").arg(0).arg(-1)),
    )
    .await
    .expect("the client kept buffering the array");
    match got {
        Err(Error::Protocol(e)) => {
            assert_eq!(
                e.kind,
                ProtocolErrorKind::FrameTooLarge {
                    max: Limits::DEFAULT_MAX_FRAME_LEN
                }
            );
            assert_eq!(e.offset, 0, "refused at the header");
        }
        other => panic!("expected a protocol error, got {other:?}"),
    }
    assert!(started.elapsed() < Duration::from_secs(1));
    let pong: String = client.query_as(cmd("PING")).await.unwrap();
    assert_eq!(pong, "PONG");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_array_that_grows_past_the_configured_frame_limit_is_cut_off_there() {
    // 200,000 elements fit a 1 MiB frame as declared (3 bytes each at least); the server
    // then sends 12-byte elements until the client stops reading.
    let server = replies_once(b"*200000\r\n", Some(b"$5\r\nhello\r\n"));
    let limit = 1 << 20;
    let limits = Limits::DEFAULT.max_frame_len(limit);
    let client = Client::with_config(config(&server).limits(limits))
        .await
        .unwrap();
    let got = tokio::time::timeout(
        Duration::from_secs(5),
        client.query_as::<Vec<String>>(cmd("LRANGE").arg("l").arg(0).arg(-1)),
    )
    .await
    .expect("the client kept buffering the array");
    match got {
        Err(Error::Protocol(e)) => {
            assert_eq!(e.kind, ProtocolErrorKind::FrameTooLarge { max: limit });
            assert!(e.offset <= limit, "cut off at {}", e.offset);
        }
        other => panic!("expected a protocol error, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_handshake_cut_short_says_so_once() {
    // The first connection answers its handshake and one command, then closes; every later
    // one is closed during its handshake.
    let server = FakeServer::start(|n, mut conn: FakeConnection| {
        if n == 0 {
            for reply in [&b"+OK\r\n"[..], b"+PONG\r\n"] {
                if conn.request().is_none() || !conn.send(reply) {
                    return;
                }
            }
        } else {
            let _ = conn.request();
        }
    });
    // A client name makes the RESP2 handshake send CLIENT SETNAME.
    let client = Client::with_config(config(&server).client_name("victim"))
        .await
        .unwrap();
    let pong: String = client.query_as(cmd("PING")).await.unwrap();
    assert_eq!(pong, "PONG");
    tokio::time::sleep(Duration::from_millis(50)).await;
    match client.query_as::<String>(cmd("PING")).await {
        Err(e @ Error::Unreachable(_)) => {
            let text = e.to_string();
            assert!(text.contains("during the handshake"), "{text}");
            assert_eq!(text.matches("connection closed").count(), 1, "{text}");
            assert_eq!(text.matches("connection").count(), 1, "{text}");
        }
        other => panic!("expected an unreachable server, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_caller_waiting_out_the_backoff_learns_the_last_connect_error_not_a_bare_timeout() {
    let mut server = RedisServer::start();
    let timeout = Duration::from_millis(300);
    let config = Config::from_url(&server.url())
        .unwrap()
        .response_timeout(Some(timeout))
        .backoff(Backoff::new(Duration::from_secs(3), Duration::from_secs(3)));
    let client = Client::with_config(config).await.unwrap();
    // The connection lives long enough to count as established.
    tokio::time::sleep(Backoff::STABLE_AFTER).await;
    server.kill();
    tokio::time::sleep(Duration::from_millis(50)).await;
    for attempt in 0..2 {
        let started = Instant::now();
        match client.query_as::<String>(cmd("PING")).await {
            Err(Error::Unreachable(why)) => assert!(why.message().contains("refused"), "{why}"),
            other => panic!("attempt {attempt}: expected an unreachable server, got {other:?}"),
        }
        // The first attempt fails at once; the second waits for the next attempt, which
        // the backoff puts past its deadline.
        assert!(started.elapsed() < timeout + Duration::from_millis(200));
    }
}
