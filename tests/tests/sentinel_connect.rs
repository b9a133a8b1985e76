//! Finding the primary through Sentinel: the Sentinels are asked in turn, the node they
//! name must say (`ROLE`) it is the primary, replicas serve reads, the Sentinels' own
//! password is separate from the data nodes'. Real Sentinels on the server binary the
//! tests use; a fake Sentinel only to lie about the primary.

use std::time::Duration;
use typedis::sentinel::{SentinelClient, SentinelConfig};
use typedis::ReadFrom;
use typedis::{b, Addr, Error};
use typedis_tests::{FakeServer, SentinelSetup, SERVICE};

fn tcp(port: u16) -> Addr {
    Addr::Tcp {
        host: "127.0.0.1".into(),
        port,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_client_finds_the_primary_through_the_sentinels_and_reads_from_replicas() {
    let setup = SentinelSetup::start();
    let primary = setup.node_ports()[0];

    // A dead Sentinel first, and one that lies (it names a replica as the primary): the
    // client asks the next one, and checks with ROLE what it is told.
    let replica = setup.node_ports()[1];
    let liar = FakeServer::start(move |_, mut conn| {
        while let Some(args) = conn.request() {
            let name = String::from_utf8_lossy(&args[0]).to_uppercase();
            let reply = match name.as_str() {
                "HELLO" => b"-ERR unknown command 'HELLO'\r\n".to_vec(),
                "SENTINEL" => {
                    let port = replica.to_string();
                    format!("*2\r\n$9\r\n127.0.0.1\r\n${}\r\n{port}\r\n", port.len()).into_bytes()
                }
                _ => b"+OK\r\n".to_vec(),
            };
            if !conn.send(&reply) {
                return;
            }
        }
    });
    let dead = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut sentinels = vec![tcp(dead), tcp(liar.port())];
    sentinels.extend(setup.sentinel_ports().into_iter().map(tcp));
    let config = SentinelConfig::new(sentinels, SERVICE, typedis::Config::default())
        .read_from(ReadFrom::PreferReplica);
    let client = SentinelClient::with_config(config).await.unwrap();
    assert_eq!(
        client.primary_addr().as_deref(),
        Some(format!("127.0.0.1:{primary}").as_str())
    );

    client
        .query(b().set().key("greeting").value("hello"))
        .await
        .unwrap();
    assert_eq!(
        client
            .primary()
            .query(b().get().key("greeting"))
            .await
            .unwrap()
            .as_deref(),
        Some(&b"hello"[..])
    );
    // The replica: its own connection, to a node that says it is a replica.
    let role: Vec<typedis::Value> = client.replica().query_as(b().role()).await.unwrap();
    assert_eq!(role[0], typedis::Value::Bulk("slave".into()));
    // A write sent to a replica is refused there; through the Sentinel client it goes to
    // the primary.
    assert!(client
        .replica()
        .query(b().set().key("x").value("1"))
        .await
        .is_err());
    client.query(b().set().key("x").value("1")).await.unwrap();
    // Reads go to the replica once it is connected (after the replica's own commands
    // above), and see what replication brought.
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    loop {
        let v = client.query(b().get().key("x")).await.unwrap();
        if v.as_deref() == Some(&b"1"[..]) {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the replica never caught up"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let stats = client.stats();
    assert_eq!(stats.failovers, 0);
    // The replica's first connection, opened on first use, is no reconnect.
    assert_eq!(stats.replica.reconnects, 0, "{stats:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_first_reads_open_the_replica_connection_once() {
    // Reads from many tasks at once, while the replica's connection opens on first use:
    // each task that finds it not open yet starts an attempt unless one is under way, and
    // one that saw it closed just before an attempt replaced it must not reopen it again
    // (that cut the fresh connection and counted a reconnect).
    let setup = SentinelSetup::start();
    let sentinels: Vec<Addr> = setup.sentinel_ports().into_iter().map(tcp).collect();
    let config = SentinelConfig::new(sentinels, SERVICE, typedis::Config::default())
        .read_from(ReadFrom::PreferReplica);
    let client = SentinelClient::with_config(config).await.unwrap();
    client.query(b().set().key("k").value("v")).await.unwrap();
    let tasks: Vec<_> = (0..64)
        .map(|_| {
            let client = client.clone();
            tokio::spawn(async move {
                for _ in 0..50 {
                    client.query(b().get().key("k")).await?;
                    tokio::task::yield_now().await;
                }
                Ok::<_, Error>(())
            })
        })
        .collect();
    for task in tasks {
        task.await.unwrap().unwrap();
    }
    let stats = client.stats();
    assert_eq!(stats.replica.reconnects, 0, "{stats:?}");
    assert_eq!(stats.primary.reconnects, 0, "{stats:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unknown_service_or_no_sentinel_is_a_clear_error_and_resp2_works() {
    let setup = SentinelSetup::builder().replicas(0).sentinels(1).start();
    let url = format!(
        "redis+sentinel://127.0.0.1:{}/no-such-service",
        setup.sentinel_ports()[0]
    );
    let e = SentinelClient::connect(&url).await.unwrap_err();
    assert!(matches!(e, Error::Unreachable(_)), "{e}");
    assert!(
        e.to_string()
            .contains("no Sentinel monitors a service named \"no-such-service\""),
        "{e}"
    );

    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let e = SentinelClient::connect(&format!("redis+sentinel://127.0.0.1:{port}/{SERVICE}"))
        .await
        .unwrap_err();
    assert!(matches!(e, Error::Unreachable(_)), "{e}");
    assert!(e.to_string().contains(&format!("127.0.0.1:{port}")), "{e}");

    // RESP2 to the data nodes works the same, Pub/Sub included.
    let resp2 = SentinelClient::connect(&format!("{}?protocol=resp2", setup.url()))
        .await
        .unwrap();
    assert_eq!(resp2.primary().protocol(), typedis::Protocol::Resp2);
    resp2.query(b().set().key("k2").value("v")).await.unwrap();
    let mut subscriber = resp2.subscriber().await.unwrap();
    subscriber.subscribe(&["c"]).await.unwrap();
    resp2
        .query(b().publish().channel("c").message("m"))
        .await
        .unwrap();
    let m = subscriber.next_message().await.unwrap().unwrap();
    assert_eq!(m.payload_str(), Ok("m"));

    // No replica: reads through the replica client say so.
    let client = SentinelClient::connect(&setup.url()).await.unwrap();
    let e = client
        .replica()
        .query(b().get().key("k"))
        .await
        .unwrap_err();
    assert!(matches!(e, Error::Unreachable(_)), "{e}");
    assert!(client.query(b().get().key("k")).await.unwrap().is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sentinels_and_data_nodes_have_passwords_of_their_own() {
    let setup = SentinelSetup::builder()
        .replicas(1)
        .sentinels(1)
        .password("node-pw")
        .sentinel_password("watch-pw")
        .start();
    let hosts = format!("127.0.0.1:{}", setup.sentinel_ports()[0]);
    let url = format!("redis+sentinel://:node-pw@{hosts}/{SERVICE}?sentinel_password=watch-pw");
    let client = SentinelClient::connect(&url).await.unwrap();
    client.query(b().set().key("k").value("v")).await.unwrap();
    let read = client.replica().query(b().get().key("k")).await;
    assert!(read.is_ok(), "{read:?}");

    // Without the Sentinels' password they do not answer; with the wrong node password,
    // the node refuses.
    let e = SentinelClient::connect(&format!("redis+sentinel://:node-pw@{hosts}/{SERVICE}"))
        .await
        .unwrap_err();
    assert!(e.to_string().contains("NOAUTH"), "{e}");
    let e = SentinelClient::connect(&format!(
        "redis+sentinel://:wrong@{hosts}/{SERVICE}?sentinel_password=watch-pw"
    ))
    .await
    .unwrap_err();
    assert!(matches!(e, Error::Server(_)), "{e}");
}

/// A Sentinel that names the node on `port` (read at each question), knows no other
/// Sentinel, and confirms subscriptions without ever publishing: for a fault the real
/// ones will not produce, a primary turned into a replica behind their back.
fn fake_sentinel(port: std::sync::Arc<std::sync::atomic::AtomicU16>) -> FakeServer {
    use std::sync::atomic::Ordering;
    FakeServer::start(move |_, mut conn| {
        while let Some(args) = conn.request() {
            let word = |i: usize| String::from_utf8_lossy(&args[i]).to_uppercase();
            let reply = match word(0).as_str() {
                "HELLO" => b"-ERR unknown command 'HELLO'\r\n".to_vec(),
                "SENTINEL" if word(1) == "GET-MASTER-ADDR-BY-NAME" => {
                    let port = port.load(Ordering::SeqCst).to_string();
                    format!("*2\r\n$9\r\n127.0.0.1\r\n${}\r\n{port}\r\n", port.len()).into_bytes()
                }
                "SENTINEL" => b"*0\r\n".to_vec(),
                "SUBSCRIBE" => {
                    let mut r = Vec::new();
                    for (n, channel) in args[1..].iter().enumerate() {
                        r.extend_from_slice(
                            format!("*3\r\n$9\r\nsubscribe\r\n${}\r\n", channel.len()).as_bytes(),
                        );
                        r.extend_from_slice(channel);
                        r.extend_from_slice(format!("\r\n:{}\r\n", n + 1).as_bytes());
                    }
                    r
                }
                _ => b"+OK\r\n".to_vec(),
            };
            if !conn.send(&reply) {
                return;
            }
        }
    })
}

/// How a write reaches the primary.
#[derive(Debug, Clone, Copy)]
enum Sent {
    Alone,
    InPipeline,
    /// `MULTI`/`EXEC` on the shared connection.
    InMulti,
    /// `WATCH`, then `MULTI`/`EXEC`, on a dedicated connection.
    InTransaction,
}

async fn set(client: &SentinelClient, sent: Sent, value: &str) -> Result<(), Error> {
    let set = b().set().key("k").value(value);
    match sent {
        Sent::Alone => client.query(set).await,
        Sent::InPipeline => client.pipeline().add(set).query().await.map(|((),)| ()),
        Sent::InMulti => {
            let ((),) = client.multi().add(set).exec().await?;
            Ok(())
        }
        Sent::InTransaction => {
            let mut tx = client.transaction().await?;
            tx.watch(&["k"]).await?;
            let ((),) = tx.add(set).exec().await?;
            Ok(())
        }
    }
}

async fn readonly_makes_the_client_ask_again_and_move(sent: Sent) {
    use std::sync::atomic::{AtomicU16, Ordering};
    let x = typedis_tests::RedisServer::start();
    let y = typedis_tests::RedisServer::start();
    let named = std::sync::Arc::new(AtomicU16::new(x.port()));
    let sentinel = fake_sentinel(named.clone());
    let config = SentinelConfig::new([tcp(sentinel.port())], "svc", typedis::Config::default());
    let client = SentinelClient::with_config(config).await.unwrap();
    set(&client, sent, "on x").await.unwrap();

    // Behind the Sentinels' back, x becomes a replica of y. The Sentinel names y only once
    // x has answered READONLY: named earlier, the client's own watch of the Sentinel could
    // move it before the write reaches x (as it should), and READONLY would not be tested.
    let mut raw = typedis_tests::RawConnection::connect(x.port());
    let port = y.port().to_string();
    raw.request(&[b"REPLICAOF", b"127.0.0.1", port.as_bytes()]);
    match set(&client, sent, "on y").await {
        Err(Error::Server(e)) => assert_eq!(e.code(), Some("READONLY"), "{sent:?}"),
        other => panic!("{sent:?}: expected READONLY from the demoted node, got {other:?}"),
    }
    named.store(y.port(), Ordering::SeqCst);
    // The next write goes to y, found by asking the Sentinel again.
    set(&client, sent, "on y").await.unwrap();
    let mut raw = typedis_tests::RawConnection::connect(y.port());
    let v: Option<String> = raw.request(&[b"GET", b"k"]).decode().unwrap();
    assert_eq!(v.as_deref(), Some("on y"), "{sent:?}");
    assert_eq!(
        client.primary_addr(),
        Some(format!("127.0.0.1:{}", y.port()))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_primary_that_answers_readonly_makes_the_client_ask_again_and_move() {
    readonly_makes_the_client_ask_again_and_move(Sent::Alone).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_readonly_in_a_pipeline_makes_the_client_ask_again_and_move() {
    readonly_makes_the_client_ask_again_and_move(Sent::InPipeline).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_readonly_in_a_multi_on_the_shared_connection_makes_the_client_ask_again_and_move() {
    readonly_makes_the_client_ask_again_and_move(Sent::InMulti).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_readonly_in_a_transaction_makes_the_client_ask_again_and_move() {
    readonly_makes_the_client_ask_again_and_move(Sent::InTransaction).await;
}
