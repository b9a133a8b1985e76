//! Big commands on a connection of their own (`Config::big_request_bytes`): a command at
//! least that long is sent on a dedicated connection, so the shared connection's other
//! commands are not written after it; shorter ones stay on the shared connection. Against
//! a real server, RESP2 and RESP3.

use bytes::Bytes;
use typedis::{b, Client, Config, Protocol, Request};
use typedis_tests::{RedisServer, PROTOCOLS};

async fn connect(server: &RedisServer, protocol: Protocol, big: Option<usize>) -> Client {
    let config = Config::from_url(&server.url())
        .unwrap()
        .protocol(protocol)
        .big_request_bytes(big);
    Client::with_config(config).await.unwrap()
}

/// `CLIENT LIST`: a line per connection the server has open.
async fn server_list(client: &Client) -> String {
    client.query_as(b().client_list().build()).await.unwrap()
}

/// The connections the server has open (this test's clients are its only ones).
async fn server_connections(client: &Client) -> usize {
    server_list(client).await.lines().count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_of_a_mebibyte_goes_on_a_dedicated_connection_by_default() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let client = connect(&server, protocol, Some(1 << 20)).await;
        let value = Bytes::from(vec![b'v'; 2 << 20]);
        client
            .query(b().set().key("big").value(value.clone()))
            .await
            .unwrap();
        // It ran on a dedicated connection, back in the pool now; the shared one is
        // still the only other connection.
        assert_eq!(client.stats().idle_dedicated, 1, "{protocol:?}");
        assert_eq!(server_connections(&client).await, 2, "{protocol:?}");
        // A small command (with a big reply) stays on the shared connection.
        let read: Option<Bytes> = client.query_as(b().get().key("big").build()).await.unwrap();
        assert_eq!(read, Some(value), "{protocol:?}");
        assert_eq!(client.stats().idle_dedicated, 1, "{protocol:?}");
        drop(client);
        let _: () = Client::connect(&server.url())
            .await
            .unwrap()
            .query_as(b().flushall().build())
            .await
            .unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_threshold_is_the_encoded_length_and_none_turns_it_off() {
    let server = RedisServer::start();
    let value = "x".repeat(1000);
    let set = || b().set().key("k").value(value.as_str()).build();
    let len = set().into_command().as_bytes().len();
    for protocol in PROTOCOLS {
        // One byte short of the threshold: shared.
        let client = connect(&server, protocol, Some(len + 1)).await;
        client.query(set()).await.unwrap();
        assert_eq!(client.stats().idle_dedicated, 0, "{protocol:?}");
        // At the threshold: dedicated, and still one connection for any number of them.
        let client = connect(&server, protocol, Some(len)).await;
        for _ in 0..3 {
            client.query(set()).await.unwrap();
        }
        assert_eq!(client.stats().idle_dedicated, 1, "{protocol:?}");
        // Off: everything on the shared connection.
        let client = connect(&server, protocol, None).await;
        let huge = "y".repeat(4 << 20);
        client
            .query(b().set().key("k").value(huge.as_str()))
            .await
            .unwrap();
        assert_eq!(client.stats().idle_dedicated, 0, "{protocol:?}");
        let read: String = client.query_as(b().get().key("k").build()).await.unwrap();
        assert_eq!(read.len(), huge.len(), "{protocol:?}");
    }
}

/// While the server is paused for writes (`CLIENT PAUSE WRITE`), so that the big write
/// `big` starts (a task given the client) cannot finish, small commands of other callers
/// on the same client are answered: on the shared connection they would wait behind it.
/// Returns `big`'s result once the server is unpaused.
async fn small_commands_answered_while<T, Big>(
    server: &RedisServer,
    protocol: Protocol,
    big: impl FnOnce(Client) -> Big,
) -> T
where
    Big: std::future::Future<Output = Result<T, typedis::Error>> + Send + 'static,
    T: Send + 'static,
{
    let client = connect(server, protocol, Some(1 << 20)).await;
    let admin = connect(server, protocol, None).await;
    client
        .query(b().set().key("small").value("v"))
        .await
        .unwrap();
    admin
        .query(b().client_pause().timeout(60_000).write())
        .await
        .unwrap();
    let big = tokio::spawn(big(client.clone()));
    // The big write has reached the server, which holds its connection back (blocked).
    let held = |list: String| {
        list.lines()
            .any(|l| l.contains("cmd=set") && l.contains("flags=b"))
    };
    while !held(server_list(&admin).await) {
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    // Reads go on meanwhile, on the shared connection.
    for _ in 0..20 {
        let v: Option<String> = client
            .query_as(b().get().key("small").build())
            .await
            .unwrap();
        assert_eq!(v.as_deref(), Some("v"), "{protocol:?}");
    }
    assert!(
        !big.is_finished(),
        "{protocol:?}: the big write ran during the pause"
    );
    admin.query(b().client_unpause()).await.unwrap();
    big.await.unwrap().unwrap()
}

/// A big `SET` does not hold the small commands back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn small_commands_are_answered_while_a_big_one_waits() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        small_commands_answered_while(&server, protocol, |client| async move {
            let value = Bytes::from(vec![b'v'; 4 << 20]);
            client.query(b().set().key("big").value(value)).await
        })
        .await;
        let client = connect(&server, protocol, None).await;
        let len: i64 = client.query_as(b().strlen().key("big")).await.unwrap();
        assert_eq!(len, 4 << 20, "{protocol:?}");
    }
}

/// A pipeline or a `MULTI` whose commands are each small but together at least the
/// threshold long goes on a dedicated connection, whole; a short one stays shared.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_big_pipeline_or_transaction_goes_on_a_dedicated_connection_whole() {
    let server = RedisServer::start();
    let part = Bytes::from(vec![b'p'; 400 << 10]);
    for protocol in PROTOCOLS {
        let client = connect(&server, protocol, Some(1 << 20)).await;
        // Three SETs of 400 KiB, each under the threshold, together over it.
        let ((), (), (), len) = client
            .pipeline()
            .add(b().set().key("p1").value(part.clone()))
            .add(b().set().key("p2").value(part.clone()))
            .add(b().set().key("p3").value(part.clone()))
            .add(b().strlen().key("p3"))
            .query()
            .await
            .unwrap();
        assert_eq!(len, 400 << 10, "{protocol:?}");
        assert_eq!(client.stats().idle_dedicated, 1, "{protocol:?}");
        // A MULTI likewise, on a client of its own that has no dedicated connection yet.
        let tx = connect(&server, protocol, Some(1 << 20)).await;
        assert_eq!(tx.stats().idle_dedicated, 0, "{protocol:?}");
        let ((), (), appended) = tx
            .multi()
            .add(b().set().key("m").value(part.clone()))
            .add(b().set().key("n").value(part.clone()))
            .add(b().append().key("m").value(part.clone()))
            .exec()
            .await
            .unwrap();
        assert_eq!(appended, 800 << 10, "{protocol:?}");
        assert_eq!(tx.stats().idle_dedicated, 1, "{protocol:?}");
        // Two clients, each with its shared connection and one dedicated one.
        assert_eq!(server_connections(&client).await, 4, "{protocol:?}");
        // Short ones stay on the shared connection: it answers them in order with the
        // writes before.
        let (a, b_len) = client
            .pipeline()
            .add(b().strlen().key("p1"))
            .add(b().strlen().key("m"))
            .query()
            .await
            .unwrap();
        assert_eq!((a, b_len), (400 << 10, 800 << 10), "{protocol:?}");
        let (one,) = tx.multi().add(b().incr().key("c")).exec().await.unwrap();
        assert!(one >= 1, "{protocol:?}");
        assert_eq!(client.stats().idle_dedicated, 1, "{protocol:?}");
        assert_eq!(tx.stats().idle_dedicated, 1, "{protocol:?}");
        assert_eq!(server_connections(&client).await, 4, "{protocol:?}");
    }
}

/// A big pipeline does not hold the small commands back either.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn small_commands_are_answered_while_a_big_pipeline_waits() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let replies = small_commands_answered_while(&server, protocol, |client| async move {
            let part = Bytes::from(vec![b'v'; 1 << 20]);
            let mut sets = client.pipeline();
            for i in 0..4 {
                sets.push(b().set().key(format!("big{i}")).value(part.clone()));
            }
            sets.query().await
        })
        .await;
        assert_eq!(replies.len(), 4, "{protocol:?}");
        let client = connect(&server, protocol, None).await;
        let len: i64 = client.query_as(b().strlen().key("big3")).await.unwrap();
        assert_eq!(len, 1 << 20, "{protocol:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_whose_reply_was_big_goes_on_a_dedicated_connection_the_next_time() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let config = Config::from_url(&server.url())
            .unwrap()
            .protocol(protocol)
            .big_reply_bytes(Some(1 << 20));
        let client = Client::with_config(config).await.unwrap();
        let value = Bytes::from(vec![b'v'; 2 << 20]);
        client
            .query(b().set().key("big").value(value.clone()))
            .await
            .unwrap();
        client
            .query(b().set().key("small").value("v"))
            .await
            .unwrap();
        let idle = client.stats().idle_dedicated;
        // The first big reply is read on the shared connection: nothing told it was big.
        let get = || b().get().key("big").build();
        let read: Option<Bytes> = client.query_as(get()).await.unwrap();
        assert_eq!(read.as_ref(), Some(&value), "{protocol:?}");
        assert_eq!(client.stats().idle_dedicated, idle, "{protocol:?}");
        // The next one (and an untyped spelling of it) goes on a dedicated connection.
        for _ in 0..2 {
            let read: Option<Bytes> = client.query_as(get()).await.unwrap();
            assert_eq!(read.as_ref(), Some(&value), "{protocol:?}");
            let read: Option<Bytes> = client
                .query_as(typedis::cmd("get").arg("big"))
                .await
                .unwrap();
            assert_eq!(read.as_ref(), Some(&value), "{protocol:?}");
        }
        assert_eq!(client.stats().idle_dedicated, idle.max(1), "{protocol:?}");
        // Another key's GET stays on the shared connection.
        let dedicated_before = server_connections(&client).await;
        let read: Option<String> = client
            .query_as(b().get().key("small").build())
            .await
            .unwrap();
        assert_eq!(read.as_deref(), Some("v"), "{protocol:?}");
        assert_eq!(
            server_connections(&client).await,
            dedicated_before,
            "{protocol:?}"
        );
        // Off: a big reply changes nothing.
        let config = Config::from_url(&server.url())
            .unwrap()
            .protocol(protocol)
            .big_reply_bytes(None);
        let client = Client::with_config(config).await.unwrap();
        for _ in 0..3 {
            let read: Option<Bytes> = client.query_as(get()).await.unwrap();
            assert_eq!(read.as_ref(), Some(&value), "{protocol:?}");
        }
        assert_eq!(client.stats().idle_dedicated, 0, "{protocol:?}");
    }
}

/// A cluster's nodes place big commands as a single server's client does: a big `SET`, or
/// a pipeline's big group for one node, on a dedicated connection of its node, a `GET`
/// whose last reply was big too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clusters_big_commands_go_on_dedicated_connections_of_their_nodes() {
    use typedis::cluster::{ClusterClient, ClusterConfig};
    let cluster = typedis_tests::RedisCluster::builder().replicas(0).start();
    for protocol in PROTOCOLS {
        let config = ClusterConfig::from_url(&cluster.url()).unwrap();
        let node = config.node_config().clone().protocol(protocol);
        let client = ClusterClient::with_config(config.node(node)).await.unwrap();
        client
            .query(b().set().key("small").value("v"))
            .await
            .unwrap();
        assert_eq!(client.stats().idle_dedicated, 0, "{protocol:?}");
        // A pipeline whose group for one node is big together: on that node's dedicated
        // connection, replies in order.
        let part = Bytes::from(vec![b'p'; 400 << 10]);
        let mut sets = client.pipeline();
        for i in 0..3 {
            sets.push(b().set().key(format!("{{big}}{i}")).value(part.clone()));
        }
        assert_eq!(sets.query().await.unwrap().len(), 3, "{protocol:?}");
        let (small, len) = client
            .pipeline()
            .add(b().get().key("small"))
            .add(b().strlen().key("{big}2"))
            .query()
            .await
            .unwrap();
        assert_eq!(
            (small.as_deref(), len),
            (Some(&b"v"[..]), 400 << 10),
            "{protocol:?}"
        );
        assert_eq!(client.stats().idle_dedicated, 1, "{protocol:?}");
        // A big SET of a key of the same node: the same dedicated connection.
        let value = Bytes::from(vec![b'v'; 2 << 20]);
        client
            .query(b().set().key("big").value(value.clone()))
            .await
            .unwrap();
        assert_eq!(client.stats().idle_dedicated, 1, "{protocol:?}");
        // Big reads, with big writes left on the shared connection: the first GET reads
        // its big reply on the shared connection, the next ones on a dedicated one.
        let config = ClusterConfig::from_url(&cluster.url()).unwrap();
        let node = config
            .node_config()
            .clone()
            .protocol(protocol)
            .big_request_bytes(None);
        let reads = ClusterClient::with_config(config.node(node)).await.unwrap();
        reads
            .query(b().set().key("other").value(value.clone()))
            .await
            .unwrap();
        let get = || b().get().key("other").build();
        let read: Option<Bytes> = reads.query_as(get()).await.unwrap();
        assert_eq!(read.as_ref(), Some(&value), "{protocol:?}");
        assert_eq!(reads.stats().idle_dedicated, 0, "{protocol:?}");
        for _ in 0..2 {
            let read: Option<Bytes> = reads.query_as(get()).await.unwrap();
            assert_eq!(read.as_ref(), Some(&value), "{protocol:?}");
        }
        assert_eq!(reads.stats().idle_dedicated, 1, "{protocol:?}");
        let read: Option<String> = client
            .query_as(b().get().key("small").build())
            .await
            .unwrap();
        assert_eq!(read.as_deref(), Some("v"), "{protocol:?}");
    }
}

/// A big command's (or pipeline's, or `MULTI`'s) dedicated connection that stops
/// answering fails it with a typed timeout (the lease and the reply within the response
/// timeout), and the shared connection goes on serving the small ones. A fake server: the shared connection (the
/// first) answers, every later one is silent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_big_command_on_a_silent_dedicated_connection_times_out_typed() {
    use std::time::{Duration, Instant};
    use typedis_tests::{answer_healthily, FakeConnection, FakeServer};
    let server = FakeServer::start(|n, conn: FakeConnection| {
        if n == 0 {
            answer_healthily(conn);
        } else {
            conn.silence();
        }
    });
    let timeout = Duration::from_millis(200);
    let config = Config::from_url(&server.url())
        .unwrap()
        .protocol(Protocol::Resp2)
        .response_timeout(Some(timeout))
        .big_request_bytes(Some(1024));
    let client = Client::with_config(config).await.unwrap();
    let started = Instant::now();
    let big = client
        .query(b().set().key("big").value("x".repeat(4096).as_str()))
        .await;
    match big {
        Err(typedis::Error::Timeout(t)) => assert_eq!(t, timeout),
        other => panic!(
            "expected a timeout, got {other:?} after {:?}, {} accepted",
            started.elapsed(),
            server.accepted()
        ),
    }
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    assert!(server.accepted() >= 2, "no dedicated connection was opened");
    // A big pipeline likewise, and a big MULTI.
    let started = Instant::now();
    let mut sets = client.pipeline();
    for i in 0..4 {
        sets.push(
            b().set()
                .key(format!("p{i}"))
                .value("x".repeat(400).as_str()),
        );
    }
    match sets.query().await {
        Err(typedis::Error::Timeout(t)) => assert_eq!(t, timeout),
        other => panic!("expected a timeout, got {other:?}"),
    }
    let multi = client
        .multi()
        .add(b().set().key("m").value("x".repeat(2048).as_str()))
        .exec()
        .await;
    match multi {
        Err(typedis::Error::Timeout(t)) => assert_eq!(t, timeout),
        other => panic!("expected a timeout, got {other:?}"),
    }
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    // The shared connection was not involved.
    client
        .query(b().set().key("small").value("v"))
        .await
        .unwrap();
    let pong: String = client.query_as(typedis::cmd("PING")).await.unwrap();
    assert_eq!(pong, "PONG");
}
