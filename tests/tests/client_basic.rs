//! The client against a real redis-server: connecting (URL, database, name, Unix socket),
//! authentication (passwords, ACL users, the RESP2 fallback), owned and borrowed replies,
//! and pushes that never reach a caller. Every test runs on RESP2 and RESP3.

use typedis::{cmd, Client, Config, Error, Protocol};
use typedis_tests::RedisServer;

const PROTOCOLS: [Protocol; 2] = [Protocol::Resp2, Protocol::Resp3];

async fn connect(url: &str, protocol: Protocol) -> Client {
    Client::with_config(Config::from_url(url).unwrap().protocol(protocol))
        .await
        .unwrap()
}

#[tokio::test]
async fn set_then_get_returns_the_value_as_owned_and_borrowed_replies() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let client = connect(&server.url(), protocol).await;
        assert_eq!(client.protocol(), protocol);
        client
            .query_as::<()>(cmd("SET").arg("greeting").arg("hello"))
            .await
            .unwrap();
        let owned: String = client.query_as(cmd("GET").arg("greeting")).await.unwrap();
        assert_eq!(owned, "hello");
        let frame = client.send(cmd("GET").arg("greeting")).await.unwrap();
        let borrowed: &str = frame.decode().unwrap();
        assert_eq!(borrowed, "hello");
        let missing: Option<String> = client.query_as(cmd("GET").arg("nope")).await.unwrap();
        assert_eq!(missing, None);
    }
}

#[tokio::test]
async fn url_database_and_client_name_apply_to_the_connection() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let config = Config::from_url(&format!("{}/3", server.url()))
            .unwrap()
            .protocol(protocol)
            .client_name("typedis-test");
        let client = Client::with_config(config).await.unwrap();
        let info: String = client.query_as(cmd("CLIENT").arg("INFO")).await.unwrap();
        assert!(info.contains(" db=3 "), "{info}");
        assert!(info.contains(" name=typedis-test "), "{info}");
        client
            .query_as::<()>(cmd("SET").arg("only-in-3").arg("x"))
            .await
            .unwrap();
        let db0 = connect(&server.url(), protocol).await;
        let n: i64 = db0.query_as(cmd("EXISTS").arg("only-in-3")).await.unwrap();
        assert_eq!(n, 0);
        db0.query_as::<()>(cmd("FLUSHALL")).await.unwrap();
    }
}

#[tokio::test]
async fn unix_socket_url_connects() {
    let dir = std::env::temp_dir().join(format!("typedis-sock-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("redis.sock");
    let server = RedisServer::builder()
        .arg("--unixsocket")
        .arg(path.to_str().unwrap())
        .arg("--unixsocketperm")
        .arg("700")
        .start();
    for protocol in PROTOCOLS {
        let url = format!("unix://{}?db=1", path.display());
        let client = connect(&url, protocol).await;
        let pong: String = client.query_as(cmd("PING")).await.unwrap();
        assert_eq!(pong, "PONG");
        let info: String = client.query_as(cmd("CLIENT").arg("INFO")).await.unwrap();
        assert!(info.contains(" db=1 "), "{info}");
    }
    drop(server);
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn password_in_the_url_authenticates_and_a_wrong_one_is_refused() {
    let server = RedisServer::builder()
        .arg("--requirepass")
        .arg("s3cret")
        .start();
    let port = server.port();
    for protocol in PROTOCOLS {
        let good = connect(&format!("redis://:s3cret@127.0.0.1:{port}"), protocol).await;
        let pong: String = good.query_as(cmd("PING")).await.unwrap();
        assert_eq!(pong, "PONG");

        let url = format!("redis://:wrong@127.0.0.1:{port}");
        let config = Config::from_url(&url).unwrap().protocol(protocol);
        match Client::with_config(config).await {
            Err(Error::Server(e)) => assert!(e.to_string().contains("WRONGPASS"), "{e}"),
            other => panic!("expected WRONGPASS, got {other:?}"),
        }
        let error = Client::with_config(Config::from_url(&url).unwrap().protocol(protocol))
            .await
            .unwrap_err();
        assert!(
            !error.to_string().contains("wrong"),
            "error echoes the password: {error}"
        );
    }
}

#[tokio::test]
async fn acl_user_can_run_what_it_is_allowed_and_gets_noperm_for_the_rest() {
    let server = RedisServer::builder()
        .args([
            "--user", "alice", "on", ">alicepw", "~app:*", "+get", "+set", "+ping",
        ])
        .start();
    let port = server.port();
    for protocol in PROTOCOLS {
        let alice = connect(&format!("redis://alice:alicepw@127.0.0.1:{port}"), protocol).await;
        alice
            .query_as::<()>(cmd("SET").arg("app:1").arg("v"))
            .await
            .unwrap();
        let v: String = alice.query_as(cmd("GET").arg("app:1")).await.unwrap();
        assert_eq!(v, "v");
        for denied in [cmd("GET").arg("other:1"), cmd("DEL").arg("app:1")] {
            match alice.query_as::<Option<String>>(denied).await {
                Err(Error::Server(e)) => assert!(e.to_string().starts_with("NOPERM"), "{e}"),
                other => panic!("expected NOPERM, got {other:?}"),
            }
        }
        // A refused command leaves the connection in step.
        let v: String = alice.query_as(cmd("GET").arg("app:1")).await.unwrap();
        assert_eq!(v, "v");

        let bad = Config::from_url(&format!("redis://alice:nope@127.0.0.1:{port}"))
            .unwrap()
            .protocol(protocol);
        assert!(matches!(
            Client::with_config(bad).await,
            Err(Error::Server(_))
        ));
    }
}

#[tokio::test]
async fn server_without_hello_gets_the_resp2_handshake_with_auth_name_and_database() {
    let server = RedisServer::builder()
        .args(["--rename-command", "HELLO", ""])
        .args(["--requirepass", "pw"])
        .start();
    let config = Config::from_url(&format!("redis://:pw@127.0.0.1:{}/2", server.port()))
        .unwrap()
        .client_name("fallback");
    let client = Client::with_config(config).await.unwrap();
    assert_eq!(client.protocol(), Protocol::Resp2);
    let info: String = client.query_as(cmd("CLIENT").arg("INFO")).await.unwrap();
    assert!(
        info.contains(" db=2 ") && info.contains(" name=fallback "),
        "{info}"
    );
    assert!(info.contains(" resp=2"), "{info}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn decode_failures_and_error_replies_interleaved_with_good_commands_harm_nobody() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let client = connect(&server.url(), protocol).await;
        for i in 0..100 {
            client
                .query_as::<()>(cmd("SET").arg(format!("k{i}")).arg(format!("v{i}")))
                .await
                .unwrap();
        }
        client
            .query_as::<i64>(cmd("LPUSH").arg("list").arg("x"))
            .await
            .unwrap();
        let mut tasks = Vec::new();
        for i in 0..300usize {
            let client = client.clone();
            tasks.push(tokio::spawn(async move {
                let key = format!("k{}", i % 100);
                match i % 3 {
                    // A string read as an integer: a decode error for this caller only.
                    0 => assert!(matches!(
                        client.query_as::<i64>(cmd("GET").arg(&key)).await,
                        Err(Error::Decode(_))
                    )),
                    // WRONGTYPE: a server error for this caller only.
                    1 => assert!(matches!(
                        client.query_as::<String>(cmd("GET").arg("list")).await,
                        Err(Error::Server(_))
                    )),
                    _ => {
                        let v: String = client.query_as(cmd("GET").arg(&key)).await.unwrap();
                        assert_eq!(v, format!("v{}", i % 100));
                    }
                }
            }));
        }
        for t in tasks {
            t.await.unwrap();
        }
        client.query_as::<()>(cmd("FLUSHALL")).await.unwrap();
    }
}

#[tokio::test]
async fn resp3_invalidation_pushes_never_reach_a_caller() {
    let server = RedisServer::start();
    let tracked = connect(&server.url(), Protocol::Resp3).await;
    let writer = connect(&server.url(), Protocol::Resp3).await;
    tracked
        .query_as::<()>(cmd("CLIENT").arg("TRACKING").arg("ON"))
        .await
        .unwrap();
    for round in 0..20 {
        let value = format!("v{round}");
        writer
            .query_as::<()>(cmd("SET").arg("watched").arg(&value))
            .await
            .unwrap();
        // Reading tracks the key; the next SET sends this connection an invalidation push
        // that arrives among the replies.
        let got: String = tracked.query_as(cmd("GET").arg("watched")).await.unwrap();
        assert_eq!(got, value);
        let pong: String = tracked.query_as(cmd("PING")).await.unwrap();
        assert_eq!(pong, "PONG");
    }
}

#[tokio::test]
async fn commands_that_would_break_the_shared_connection_are_refused_before_sending() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let client = connect(&server.url(), protocol).await;
        for refused in [
            cmd("SUBSCRIBE").arg("news"),
            cmd("MULTI"),
            cmd("CLIENT").arg("REPLY").arg("OFF"),
            cmd("MONITOR"),
            cmd("SELECT").arg(1),
            cmd("AUTH").arg("default").arg("nopass"),
        ] {
            match client.send(refused).await {
                Err(Error::InvalidUse(why)) => {
                    assert!(
                        !why.message().is_empty() && !why.command().is_empty(),
                        "{why}"
                    )
                }
                other => panic!("expected InvalidUse, got {other:?}"),
            }
        }
        let in_pipeline = client
            .pipeline()
            .add(cmd("PING"))
            .add(cmd("SUBSCRIBE").arg("x"))
            .send()
            .await;
        assert!(matches!(in_pipeline, Err(Error::InvalidUse(_))));
        // A database switch inside a transaction would outlive it in the pool.
        let mut tx = client.transaction().await.unwrap();
        assert!(matches!(
            tx.query_as::<()>(cmd("SELECT").arg(1)).await,
            Err(Error::InvalidUse(_))
        ));
        drop(tx);
        let tx = client
            .transaction()
            .await
            .unwrap()
            .add(cmd("WATCH").arg("k"));
        assert!(matches!(tx.exec().await, Err(Error::InvalidUse(_))));
        // Nothing reached the server: the connection is in step and in normal mode.
        let pong: String = client.query_as(cmd("PING")).await.unwrap();
        assert_eq!(pong, "PONG");
        let info: String = client.query_as(cmd("CLIENT").arg("INFO")).await.unwrap();
        assert!(
            info.contains(" sub=0 ") && info.contains(" multi=-1 "),
            "{info}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn large_values_arrive_whole_while_small_commands_share_the_connection() {
    // A value far larger than a socket buffer: the caller that finds the connection idle
    // writes what the socket takes at once and the writer task writes the rest, while
    // other callers' requests queue behind it in order.
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let client = connect(&server.url(), protocol).await;
        let big: Vec<u8> = (0..24 << 20).map(|i: u32| (i % 251) as u8).collect();
        let set_big = client.query_as::<()>(cmd("SET").arg("big").arg(&big[..]));
        let small = async {
            let mut seen = Vec::new();
            for i in 0..200u32 {
                let c = client.clone();
                seen.push(tokio::spawn(async move {
                    c.query_as::<()>(cmd("SET").arg(format!("small:{i}")).arg(i))
                        .await
                        .unwrap();
                    c.query_as::<u32>(cmd("GET").arg(format!("small:{i}")))
                        .await
                        .unwrap()
                }));
            }
            let mut values = Vec::new();
            for task in seen {
                values.push(task.await.unwrap());
            }
            values
        };
        let (set, values) = tokio::join!(set_big, small);
        set.unwrap();
        assert_eq!(values, (0..200).collect::<Vec<u32>>());
        let back: bytes::Bytes = client.query_as(cmd("GET").arg("big")).await.unwrap();
        assert!(back[..] == big[..], "the large value came back changed");
    }
}

#[tokio::test]
async fn push_listeners_receive_invalidations_and_callers_still_get_only_replies() {
    let server = RedisServer::start();
    let tracked = connect(&server.url(), Protocol::Resp3).await;
    let writer = connect(&server.url(), Protocol::Resp3).await;
    let mut first = tracked.pushes();
    let mut second = tracked.pushes();
    let dropped = tracked.pushes();
    drop(dropped);
    tracked
        .query_as::<()>(cmd("CLIENT").arg("TRACKING").arg("ON"))
        .await
        .unwrap();
    for round in 0..5 {
        let key = format!("cached:{round}");
        writer
            .query_as::<()>(cmd("SET").arg(&key).arg("a"))
            .await
            .unwrap();
        let got: String = tracked.query_as(cmd("GET").arg(&key)).await.unwrap();
        assert_eq!(got, "a");
        writer
            .query_as::<()>(cmd("SET").arg(&key).arg("b"))
            .await
            .unwrap();
        for listener in [&mut first, &mut second] {
            let frame = tokio::time::timeout(std::time::Duration::from_secs(5), listener.next())
                .await
                .expect("no invalidation arrived")
                .expect("the client is alive")
                .expect("no push was missed");
            let (kind, keys): (&str, Option<Vec<String>>) = frame.decode().unwrap();
            assert_eq!((kind, keys), ("invalidate", Some(vec![key.clone()])));
        }
        let pong: String = tracked.query_as(cmd("PING")).await.unwrap();
        assert_eq!(pong, "PONG");
    }
    drop(tracked);
    assert!(
        first.next().await.is_none(),
        "the stream ends with the client"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_tasks_get_their_own_replies_whatever_the_write_gathering_policy() {
    let server = RedisServer::start();
    // `None`: the default, which measures both ways while busy and switches between them
    // with requests in flight (300 tasks x 30 x 2 requests go through a whole trial).
    for early in [None, Some(None), Some(Some(1)), Some(Some(16))] {
        let mut config = Config::from_url(&server.url()).unwrap();
        if let Some(early) = early {
            config = config.write_early_after(early);
        }
        let client = Client::with_config(config).await.unwrap();
        let tasks: Vec<_> = (0..300u32)
            .map(|t| {
                let c = client.clone();
                tokio::spawn(async move {
                    for i in 0..30u32 {
                        let key = format!("gather:{early:?}:{t}");
                        let n: u32 = c.query_as(cmd("INCR").arg(&key)).await.unwrap();
                        assert_eq!(n, i + 1, "task {t} got another task's counter");
                        let echoed: String = c
                            .query_as(cmd("ECHO").arg(format!("{t}:{i}")))
                            .await
                            .unwrap();
                        assert_eq!(echoed, format!("{t}:{i}"));
                    }
                })
            })
            .collect();
        for task in tasks {
            task.await.unwrap();
        }
    }
}

/// The operators' replies are typed: INFO by section and field, CLIENT INFO and CLIENT
/// LIST by field; and the client knows what the server said of itself in the handshake,
/// on both protocols.
#[tokio::test]
async fn info_client_info_and_the_server_are_typed() {
    use typedis::b;
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let config = Config::from_url(&server.url())
            .unwrap()
            .protocol(protocol)
            .client_name("typed-ops");
        let client = Client::with_config(config).await.unwrap();
        // The handshake's HELLO says what the server is; RESP2 sends none.
        let hello = client.server();
        if protocol == Protocol::Resp3 {
            let hello = hello.as_deref().expect("the handshake's HELLO");
            assert_eq!(hello.name, typedis_tests::server_family());
            assert_eq!(hello.version, typedis_tests::server_version());
            assert_eq!(
                (hello.mode.as_str(), hello.role.as_str()),
                ("standalone", "master")
            );
        } else {
            assert_eq!(hello, None);
        }

        client.query(b().set().key("k").value("v")).await.unwrap();
        let info = client.query(b().info()).await.unwrap();
        assert_eq!(info.server_name(), typedis_tests::server_family());
        assert_eq!(info.server_version(), Some(typedis_tests::server_version()));
        assert!(info.parse::<u64>("connected_clients").unwrap() >= 1);
        let keys = info.get_fields("db0").unwrap().find(|(k, _)| *k == "keys");
        assert_eq!(keys, Some(("keys", "1")), "{protocol:?}: {info:?}");
        let memory = info.section("memory").expect("a Memory section");
        assert!(memory.get("used_memory").is_some());
        // One section asked for: only it.
        let only = client
            .query(b().info().section_iter(["clients"]))
            .await
            .unwrap();
        let names: Vec<&str> = only.sections().map(|s| s.name()).collect();
        assert_eq!(names, ["Clients"], "{protocol:?}");

        let me = client.query(b().client_info()).await.unwrap();
        assert_eq!(me.name(), Some("typed-ops"));
        let id: i64 = client.query(b().client_id()).await.unwrap();
        assert_eq!(me.id(), Some(id as u64));
        if let Some(hello) = &hello {
            assert_eq!(hello.connection_id, id);
        }
        let list = client.query(b().client_list()).await.unwrap();
        assert!(
            list.iter()
                .any(|c| c.id() == me.id() && c.name() == Some("typed-ops")),
            "{protocol:?}: {list:?}"
        );
        client.query(b().flushall()).await.unwrap();
    }
}
