//! Faults against a real redis-server: cancelled and timed-out callers never shift
//! replies, a killed server fails every in-flight command with a connection error and the
//! client reconnects, a stalled server makes timeouts fire, and nothing is resent unless
//! asked for (read-only commands only). RESP2 and RESP3.
//!
//! Over 500 lines: one test per fault, each with its fake server.

use std::time::Duration;
use typedis::{b, cmd, Backoff, Client, CommandFlags, Config, Error, Protocol};
use typedis_tests::RedisServer;

const PROTOCOLS: [Protocol; 2] = [Protocol::Resp2, Protocol::Resp3];

/// A server that accepts `DEBUG SLEEP`, to stall it on purpose.
fn stallable_server() -> RedisServer {
    RedisServer::builder()
        .args(["--enable-debug-command", "yes"])
        .start()
}

/// Small deterministic pseudo-random numbers (xorshift), so a failure can be replayed.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancellation_storm_never_gives_a_caller_another_callers_value() {
    const KEYS: usize = 3000;
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let config = Config::from_url(&server.url()).unwrap().protocol(protocol);
        let client = Client::with_config(config).await.unwrap();
        let mut setup = client.pipeline();
        for i in 0..KEYS {
            setup.push(cmd("SET").arg(format!("key:{i}")).arg(format!("value:{i}")));
        }
        setup.query_as::<Vec<()>>().await.unwrap();

        let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ protocol as u64);
        let mut tasks = Vec::with_capacity(KEYS);
        for i in 0..KEYS {
            let client = client.clone();
            let wait = Duration::from_micros(rng.next() % 4000);
            let task = tokio::spawn(async move {
                let get = client.query_as::<String>(cmd("GET").arg(format!("key:{i}")));
                match tokio::time::timeout(wait, get).await {
                    Ok(value) => {
                        assert_eq!(value.unwrap(), format!("value:{i}"));
                        1
                    }
                    Err(_) => 0,
                }
            });
            // Some tasks are aborted outright: their futures are dropped mid-flight.
            if rng.next().is_multiple_of(5) {
                task.abort();
            }
            tasks.push(task);
        }
        let (mut completed, mut cancelled) = (0, 0);
        for task in tasks {
            match task.await {
                Ok(1) => completed += 1,
                _ => cancelled += 1,
            }
        }
        assert!(
            completed > 0 && cancelled > 0,
            "completed {completed}, cancelled {cancelled}"
        );

        // Afterwards every key still reads back its own value, in order, concurrently.
        let mut check = Vec::new();
        for i in (0..KEYS).step_by(7) {
            let client = client.clone();
            check.push(tokio::spawn(async move {
                let v: String = client
                    .query_as(cmd("GET").arg(format!("key:{i}")))
                    .await
                    .unwrap();
                assert_eq!(v, format!("value:{i}"));
            }));
        }
        for c in check {
            c.await.unwrap();
        }
        assert_eq!(client.stats().in_flight, 0);
        client.query_as::<()>(cmd("FLUSHALL")).await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_server_fails_in_flight_commands_and_the_client_reconnects_after_restart() {
    for protocol in PROTOCOLS {
        let mut server = stallable_server();
        let port = server.port();
        let config = Config::from_url(&server.url()).unwrap().protocol(protocol);
        let client = Client::with_config(config).await.unwrap();
        client
            .query_as::<()>(cmd("SET").arg("before").arg("1"))
            .await
            .unwrap();

        // The server sleeps, so everything sent after it stays in flight until the kill.
        let sleeper = {
            let c = client.clone();
            tokio::spawn(async move { c.query_as::<()>(cmd("DEBUG").arg("SLEEP").arg("2")).await })
        };
        tokio::time::sleep(Duration::from_millis(50)).await;
        let pipeline = {
            let mut p = client.pipeline();
            for _ in 0..100 {
                p.push(cmd("INCR").arg("counter"));
            }
            tokio::spawn(p.query_as::<Vec<i64>>())
        };
        let get = {
            let c = client.clone();
            tokio::spawn(
                async move { c.query_as::<Option<String>>(cmd("GET").arg("before")).await },
            )
        };
        tokio::time::sleep(Duration::from_millis(100)).await;
        server.kill();

        for result in [
            sleeper.await.unwrap().map(|_| ()),
            pipeline.await.unwrap().map(|_| ()),
            get.await.unwrap().map(|_| ()),
        ] {
            match result {
                Err(Error::ConnectionClosed(reason)) => assert!(!reason.message().is_empty()),
                other => panic!("expected a connection error, got {other:?}"),
            }
        }

        let _restarted = RedisServer::builder().port(port).start();
        let pong: String = client.query_as(cmd("PING")).await.unwrap();
        assert_eq!(pong, "PONG");
        assert_eq!(client.protocol(), protocol);
        // The fresh server has no data, and the in-flight INCRs were not resent.
        let counter: Option<i64> = client.query_as(cmd("GET").arg("counter")).await.unwrap();
        assert_eq!(counter, None);
        assert_eq!(client.stats().reconnects, 1);
        assert_eq!(client.stats().in_flight, 0);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unreachable_server_gives_unreachable_errors_with_the_connect_error_until_it_is_back() {
    let mut server = RedisServer::start();
    let port = server.port();
    let config = Config::from_url(&server.url())
        .unwrap()
        .backoff(Backoff::new(
            Duration::from_millis(10),
            Duration::from_millis(40),
        ));
    let client = Client::with_config(config).await.unwrap();
    server.kill();
    // The client notices the lost connection.
    tokio::time::sleep(Duration::from_millis(50)).await;
    // Nothing is sent: the error says the server cannot be reached, and why.
    for _ in 0..3 {
        match client.query_as::<String>(cmd("PING")).await {
            Err(Error::Unreachable(reason)) => {
                assert!(reason.message().contains("refused"), "{reason}")
            }
            other => panic!("expected an unreachable server, got {other:?}"),
        }
    }
    // A MULTI (on the shared connection), a transaction's WATCH and blocking commands
    // (which open dedicated connections) say the same.
    match client
        .multi()
        .add(cmd("INCR").arg("n"))
        .exec_as::<(i64,)>()
        .await
    {
        Err(Error::Unreachable(reason)) => {
            assert!(reason.message().contains("refused"), "{reason}")
        }
        other => panic!("expected an unreachable server, got {other:?}"),
    }
    let mut tx = client.transaction().await.unwrap();
    match tx.watch(&["n"]).await {
        Err(Error::Unreachable(reason)) => {
            assert!(reason.message().contains("refused"), "{reason}")
        }
        other => panic!("expected an unreachable server, got {other:?}"),
    }
    match client
        .query_as::<Option<(String, String)>>(cmd("BLPOP").arg("list").arg(1))
        .await
    {
        Err(Error::Unreachable(reason)) => {
            assert!(reason.message().contains("refused"), "{reason}")
        }
        other => panic!("expected an unreachable server, got {other:?}"),
    }
    let _restarted = RedisServer::builder().port(port).start();
    // The next attempt waits out its backoff, then succeeds.
    let pong: String = client.query_as(cmd("PING")).await.unwrap();
    assert_eq!(pong, "PONG");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn read_only_commands_are_resent_only_when_opted_in_and_writes_never() {
    for retry in [false, true] {
        let mut server = stallable_server();
        let port = server.port();
        let config = Config::from_url(&server.url())
            .unwrap()
            .retry_read_only(retry)
            .backoff(Backoff::new(
                Duration::from_millis(20),
                Duration::from_millis(100),
            ));
        let client = Client::with_config(config).await.unwrap();
        client
            .query_as::<()>(cmd("SET").arg("k").arg("old"))
            .await
            .unwrap();
        let sleeper = {
            let c = client.clone();
            tokio::spawn(async move { c.query_as::<()>(cmd("DEBUG").arg("SLEEP").arg("2")).await })
        };
        tokio::time::sleep(Duration::from_millis(50)).await;
        // The spec marks GET read-only: the untyped command carries the flag as the typed
        // builder does, without being told.
        let untyped = cmd("GET").key("k");
        assert!(untyped
            .clone()
            .build()
            .flags()
            .contains(CommandFlags::READONLY));
        let read = {
            let c = client.clone();
            tokio::spawn(async move { c.query_as::<Option<String>>(untyped).await })
        };
        let typed_read = {
            let c = client.clone();
            let get = b().get().key("k").build();
            tokio::spawn(async move { c.query_as::<Option<String>>(get).await })
        };
        let write = {
            let c = client.clone();
            tokio::spawn(async move { c.query_as::<i64>(cmd("INCR").arg("n")).await })
        };
        tokio::time::sleep(Duration::from_millis(100)).await;
        server.kill();
        let restarted =
            tokio::task::spawn_blocking(move || RedisServer::builder().port(port).start());

        assert!(matches!(
            sleeper.await.unwrap(),
            Err(Error::ConnectionClosed(_))
        ));
        assert!(matches!(
            write.await.unwrap(),
            Err(Error::ConnectionClosed(_))
        ));
        for read in [read, typed_read] {
            match (retry, read.await.unwrap()) {
                // Resent to the restarted (empty) server.
                (true, Ok(None)) | (false, Err(Error::ConnectionClosed(_))) => {}
                (retry, other) => panic!("retry {retry}: unexpected {other:?}"),
            }
        }
        let _server = restarted.await.unwrap();
        let n: Option<i64> = client.query_as(cmd("GET").arg("n")).await.unwrap();
        assert_eq!(n, None, "the INCR was resent");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stalled_server_makes_response_timeouts_fire_and_late_replies_are_discarded() {
    let server = stallable_server();
    for protocol in PROTOCOLS {
        let config = Config::from_url(&server.url())
            .unwrap()
            .protocol(protocol)
            .response_timeout(Some(Duration::from_millis(200)));
        let client = Client::with_config(config).await.unwrap();
        client
            .query_as::<()>(cmd("SET").arg("a").arg("A"))
            .await
            .unwrap();
        client
            .query_as::<()>(cmd("SET").arg("b").arg("B"))
            .await
            .unwrap();
        let started = std::time::Instant::now();
        let sleep = client.query_as::<()>(cmd("DEBUG").arg("SLEEP").arg("0.6"));
        let behind = client.query_as::<String>(cmd("GET").arg("a"));
        let (sleep, behind) = tokio::join!(sleep, behind);
        assert!(matches!(sleep, Err(Error::Timeout(_))), "{sleep:?}");
        assert!(matches!(behind, Err(Error::Timeout(_))), "{behind:?}");
        assert!(started.elapsed() < Duration::from_millis(500));
        // Once the server wakes, the late replies go to nobody and new commands get theirs.
        tokio::time::sleep(Duration::from_millis(500)).await;
        let b: String = client.query_as(cmd("GET").arg("b")).await.unwrap();
        assert_eq!(b, "B");
        let a: String = client.query_as(cmd("GET").arg("a")).await.unwrap();
        assert_eq!(a, "A");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn timeouts_fire_after_the_response_timeout_not_before_and_cover_pipelines() {
    let server = stallable_server();
    let timeout = Duration::from_millis(300);
    for protocol in PROTOCOLS {
        let config = Config::from_url(&server.url())
            .unwrap()
            .protocol(protocol)
            .response_timeout(Some(timeout));
        let client = Client::with_config(config).await.unwrap();
        client
            .query_as::<()>(cmd("SET").arg("k").arg("v"))
            .await
            .unwrap();

        // A slow reply within the timeout is delivered.
        client
            .query_as::<()>(cmd("DEBUG").arg("SLEEP").arg("0.1"))
            .await
            .unwrap();

        // A pipeline stuck behind a stall times out as a whole, not before its time.
        let started = std::time::Instant::now();
        let stall = client.query_as::<()>(cmd("DEBUG").arg("SLEEP").arg("0.8"));
        let pipeline = client
            .pipeline()
            .add(cmd("GET").arg("k"))
            .add(cmd("GET").arg("k"))
            .query_as::<(String, String)>();
        let (stall, pipeline) = tokio::join!(stall, pipeline);
        let waited = started.elapsed();
        assert!(
            matches!(stall, Err(Error::Timeout(t)) if t == timeout),
            "{stall:?}"
        );
        assert!(
            matches!(pipeline, Err(Error::Timeout(t)) if t == timeout),
            "{pipeline:?}"
        );
        assert!(waited >= timeout, "timed out after {waited:?}");
        assert!(
            waited < Duration::from_millis(750),
            "timed out after {waited:?}"
        );

        // The late replies (one, then two) go to nobody: the next callers get their own.
        tokio::time::sleep(Duration::from_millis(700)).await;
        let (a, b): (String, i64) = client
            .pipeline()
            .add(cmd("GET").arg("k"))
            .add(cmd("STRLEN").arg("k"))
            .query_as()
            .await
            .unwrap();
        assert_eq!((a.as_str(), b), ("v", 1));
        assert_eq!(client.stats().in_flight, 0);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_check_pings_a_quiet_connection_and_replaces_one_that_stops_answering() {
    let server = stallable_server();
    let config = |health: Option<Duration>, name: &str| {
        Config::from_url(&server.url())
            .unwrap()
            .client_name(name)
            .response_timeout(Some(Duration::from_millis(300)))
            .health_check(health)
    };
    let watched = Client::with_config(config(Some(Duration::from_millis(100)), "watched"))
        .await
        .unwrap();
    let unwatched = Client::with_config(config(None, "unwatched"))
        .await
        .unwrap();
    let observer = Client::connect(&server.url()).await.unwrap();
    for c in [&watched, &unwatched] {
        c.query_as::<()>(cmd("SET").arg("k").arg("v"))
            .await
            .unwrap();
    }

    // Quiet and healthy: the watched connection has been pinged, and is kept.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let list: String = observer.query_as(cmd("CLIENT").arg("LIST")).await.unwrap();
    let line = |name: &str| {
        list.lines()
            .find(|l| l.contains(&format!(" name={name} ")))
            .unwrap_or_else(|| panic!("{name} not in {list}"))
            .to_owned()
    };
    assert!(line("watched").contains(" cmd=ping"), "{}", line("watched"));
    assert!(
        line("unwatched").contains(" cmd=set"),
        "{}",
        line("unwatched")
    );
    assert_eq!(watched.stats().reconnects, 0);

    // The server stops answering: the watched connection is closed by its health check
    // and replaced by the next command; the unwatched one never noticed.
    let stall = {
        let observer = observer.clone();
        tokio::spawn(async move {
            observer
                .query_as::<()>(cmd("DEBUG").arg("SLEEP").arg("1.2"))
                .await
        })
    };
    tokio::time::sleep(Duration::from_millis(1600)).await;
    stall.await.unwrap().unwrap();
    for c in [&watched, &unwatched] {
        let v: String = c.query_as(cmd("GET").arg("k")).await.unwrap();
        assert_eq!(v, "v");
    }
    assert_eq!(watched.stats().reconnects, 1);
    assert_eq!(unwatched.stats().reconnects, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconnecting_counts_against_the_response_timeout() {
    let server = stallable_server();
    let timeout = Duration::from_millis(200);
    let config = Config::from_url(&server.url())
        .unwrap()
        .client_name("victim")
        .response_timeout(Some(timeout));
    let client = Client::with_config(config).await.unwrap();
    client
        .query_as::<()>(cmd("SET").arg("k").arg("v"))
        .await
        .unwrap();
    let observer = Client::connect(&server.url()).await.unwrap();
    let killed: i64 = observer
        .query_as(cmd("CLIENT").arg("KILL").arg("SKIPME").arg("yes"))
        .await
        .unwrap();
    assert!(killed >= 1);
    tokio::time::sleep(Duration::from_millis(100)).await;
    // The server stalls: the reconnection's handshake gets no answer.
    let stall = tokio::spawn(async move {
        observer
            .query_as::<()>(cmd("DEBUG").arg("SLEEP").arg("1"))
            .await
    });
    tokio::time::sleep(Duration::from_millis(50)).await;
    for attempt in ["query", "pipeline"] {
        let started = std::time::Instant::now();
        let result = if attempt == "query" {
            client.query_as::<String>(cmd("GET").arg("k")).await
        } else {
            client
                .pipeline()
                .add(cmd("GET").arg("k"))
                .query_as::<(String,)>()
                .await
                .map(|(v,)| v)
        };
        let waited = started.elapsed();
        assert!(
            matches!(result, Err(Error::Timeout(t)) if t == timeout),
            "{attempt}: {result:?}"
        );
        assert!(
            waited < Duration::from_millis(450),
            "{attempt} waited {waited:?}"
        );
    }
    stall.await.unwrap().unwrap();
    let v: String = client.query_as(cmd("GET").arg("k")).await.unwrap();
    assert_eq!(v, "v");
}

#[tokio::test]
async fn server_that_never_answers_the_handshake_times_out() {
    // Accepts connections (the kernel does, through the backlog) but never replies.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!(
        "redis://127.0.0.1:{}",
        listener.local_addr().unwrap().port()
    );
    let config = Config::from_url(&url)
        .unwrap()
        .connect_timeout(Duration::from_millis(200));
    let started = std::time::Instant::now();
    match Client::with_config(config).await {
        Err(Error::Timeout(d)) => assert_eq!(d, Duration::from_millis(200)),
        other => panic!("expected a timeout, got {other:?}"),
    }
    assert!(started.elapsed() < Duration::from_secs(2));
}
