//! Scripts on a real redis-server and a real cluster: an invocation returns a typed value,
//! is sent by SHA1 once the server has the script, and loads it again wherever the server
//! lost it (`SCRIPT FLUSH`, a restart, each node of a cluster); script errors are server
//! errors; read-only invocations are sent as `EVALSHA_RO`.

use std::collections::HashMap;
use std::time::Duration;
use typedis::cluster::ClusterClient;
use typedis::cmd::key_slot;
use typedis::{b, cmd, Backoff, Client, Config, Error, Protocol, Script};
use typedis_tests::{RedisCluster, RedisServer};

const PROTOCOLS: [Protocol; 2] = [Protocol::Resp2, Protocol::Resp3];

const INCRBY: &str = "return redis.call('INCRBY', KEYS[1], ARGV[1])";

async fn connect(url: &str, protocol: Protocol) -> Client {
    let config = Config::from_url(url)
        .unwrap()
        .protocol(protocol)
        .backoff(Backoff::new(
            Duration::from_millis(10),
            Duration::from_millis(40),
        ));
    Client::with_config(config).await.unwrap()
}

/// How many times the server ran `command` (from `INFO commandstats`).
async fn calls(client: &Client, command: &str) -> u64 {
    let info: String = client
        .query_as(cmd("INFO").arg("commandstats"))
        .await
        .unwrap();
    let prefix = format!("cmdstat_{command}:calls=");
    info.lines()
        .find_map(|line| line.strip_prefix(&prefix))
        .map_or(0, |rest| rest.split(',').next().unwrap().parse().unwrap())
}

async fn loaded<T>(client: &Client, script: &Script<T>) -> bool {
    let exists = client
        .query(b().script_exists().sha1(script.sha1()))
        .await
        .unwrap();
    exists == [true]
}

#[tokio::test]
async fn a_script_returns_a_typed_value_and_is_sent_by_sha1_once_loaded() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let client = connect(&server.url(), protocol).await;
        client.query(b().script_flush()).await.unwrap();
        // The reply type declared once, on the script.
        let script = Script::new(INCRBY).returning::<i64>();
        let evals = calls(&client, "eval").await;
        assert!(!loaded(&client, &script).await);

        // The server computes the same SHA1.
        let sha1: String = client
            .query_as(cmd("SCRIPT").arg("LOAD").arg(INCRBY))
            .await
            .unwrap();
        assert_eq!(sha1, script.sha1());
        client.query(b().script_flush()).await.unwrap();

        // First call: NOSCRIPT, then EVAL, which loads the script.
        let n = script.key("counter").arg(5).invoke(&client).await.unwrap();
        assert_eq!(n, 5, "{protocol:?}");
        assert!(loaded(&client, &script).await);
        assert_eq!(calls(&client, "eval").await, evals + 1);
        // Then by SHA1 alone.
        let call = script.key("counter").arg(-2);
        for expected in [3, 1] {
            let n = call.invoke(&client).await.unwrap();
            assert_eq!(n, expected);
        }
        assert_eq!(
            calls(&client, "eval").await,
            evals + 1,
            "no EVAL once loaded"
        );

        // Undeclared, a script replies `Value`.
        let any = Script::new("return {1, 'two'}")
            .invoke(&client)
            .await
            .unwrap();
        assert_eq!(
            any,
            typedis::Value::Array(vec![
                typedis::Value::Int(1),
                typedis::Value::Bulk(bytes::Bytes::from_static(b"two"))
            ])
        );
        // A typed script whose reply is not its type: a decode error, nothing lost.
        let wrong = Script::new("return 'text'").returning::<i64>();
        let err = wrong.invoke(&client).await.unwrap_err();
        assert!(matches!(err, Error::Decode(_)), "{err:?}");

        // Other reply shapes, read as the type asked for.
        let pair = Script::new("return {KEYS[1], ARGV[1], tonumber(ARGV[2]) * 2}");
        let (key, arg, twice): (String, String, i64) = pair
            .keys(["k"])
            .args(["a", "21"])
            .invoke_as(&client)
            .await
            .unwrap();
        assert_eq!((key.as_str(), arg.as_str(), twice), ("k", "a", 42));
        let nothing: Option<String> = Script::new("return redis.call('GET', KEYS[1])")
            .key("missing")
            .invoke_as(&client)
            .await
            .unwrap();
        assert_eq!(nothing, None);
        let ok: () = Script::new("return redis.status_reply('OK')")
            .invoke_as(&client)
            .await
            .unwrap();
        assert_eq!(ok, ());
        client.query(b().del().key("counter")).await.unwrap();
    }
}

#[tokio::test]
async fn an_invocation_future_is_about_the_size_of_a_command_future() {
    let server = RedisServer::start();
    let client = connect(&server.url(), Protocol::Resp3).await;
    let call = Script::new(INCRBY).key("c").arg(1);
    let invocation = call.invoke_as::<i64>(&client);
    let command = client.query(b().incrby().key("c").increment(1));
    let (a, b_size) = (size_of_val(&invocation), size_of_val(&command));
    // The fallback to EVAL is boxed, out of the common path's future.
    assert!(
        a <= b_size + 64,
        "invocation {a} bytes, command {b_size} bytes"
    );
    assert_eq!(invocation.await.unwrap(), 1);
    assert_eq!(command.await.unwrap(), 2);
}

#[tokio::test]
async fn after_script_flush_the_next_invocation_loads_the_script_again() {
    let server = RedisServer::start();
    let client = connect(&server.url(), Protocol::Resp3).await;
    let script = Script::new(INCRBY);
    let n: i64 = script.key("c").arg(1).invoke_as(&client).await.unwrap();
    assert_eq!(n, 1);
    for round in 2..5 {
        client.query(b().script_flush()).await.unwrap();
        assert!(!loaded(&client, &script).await, "flushed");
        let n: i64 = script.key("c").arg(1).invoke_as(&client).await.unwrap();
        assert_eq!(n, round);
        assert!(
            loaded(&client, &script).await,
            "loaded again by round {round}"
        );
    }
    assert_eq!(calls(&client, "eval").await, 4, "one EVAL per empty cache");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_restart_the_next_invocation_loads_the_script_on_the_new_server() {
    let mut server = RedisServer::start();
    let port = server.port();
    let client = connect(&server.url(), Protocol::Resp3).await;
    let script = Script::new(INCRBY);
    let n: i64 = script.key("c").arg(7).invoke_as(&client).await.unwrap();
    assert_eq!(n, 7);
    server.kill();
    // The client notices the lost connection before the restart.
    tokio::time::sleep(Duration::from_millis(50)).await;
    let _restarted = RedisServer::builder().port(port).start();
    // A new, empty server: the script is loaded there, and the counter starts again.
    let n: i64 = script.key("c").arg(7).invoke_as(&client).await.unwrap();
    assert_eq!(n, 7);
    assert!(loaded(&client, &script).await);
    assert_eq!(client.stats().reconnects, 1);
}

#[tokio::test]
async fn a_failing_script_is_a_server_error_with_its_message() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let client = connect(&server.url(), protocol).await;
        let refuse = Script::new("return redis.error_reply('MYCODE no such user')");
        match refuse.invoke_as::<()>(&client).await {
            Err(Error::Server(e)) => {
                assert_eq!(e.code(), Some("MYCODE"), "{e}");
                assert_eq!(e.message(), "no such user");
            }
            other => panic!("expected a server error, got {other:?}"),
        }
        client
            .query(b().set().key("text").value("x"))
            .await
            .unwrap();
        let incr = Script::new("return redis.call('INCR', KEYS[1])");
        match incr.key("text").invoke_as::<i64>(&client).await {
            Err(Error::Server(e)) => assert!(e.message().contains("not an integer"), "{e}"),
            other => panic!("expected a server error, got {other:?}"),
        }
        // A script that does not compile fails once, as EVAL reports it.
        let broken = Script::new("return (");
        match broken.invoke_as::<i64>(&client).await {
            Err(Error::Server(e)) => assert!(e.message().contains("compiling"), "{e}"),
            other => panic!("expected a compile error, got {other:?}"),
        }
        // The connection is unharmed.
        let n: i64 = Script::new("return 1").invoke_as(&client).await.unwrap();
        assert_eq!(n, 1);
    }
}

#[tokio::test]
async fn a_read_only_invocation_is_sent_as_evalsha_ro_and_may_not_write() {
    let server = RedisServer::start();
    let client = connect(&server.url(), Protocol::Resp3).await;
    client.query(b().set().key("k").value("v")).await.unwrap();
    let get = Script::new("return redis.call('GET', KEYS[1])");
    for _ in 0..3 {
        let value: Option<String> = get.key("k").read_only().invoke_as(&client).await.unwrap();
        assert_eq!(value.as_deref(), Some("v"));
    }
    assert_eq!(calls(&client, "evalsha_ro").await, 3);
    assert_eq!(calls(&client, "eval_ro").await, 1, "loaded once");
    assert_eq!(calls(&client, "evalsha").await, 0);
    assert_eq!(calls(&client, "eval").await, 0);

    let write = Script::new(INCRBY);
    match write
        .read_only()
        .key("n")
        .arg(1)
        .invoke_as::<i64>(&client)
        .await
    {
        Err(Error::Server(e)) => assert!(e.message().contains("read-only"), "{e}"),
        other => panic!("expected a refused write, got {other:?}"),
    }
    let n = client.query(b().get().key("n")).await.unwrap();
    assert_eq!(n, None, "nothing was written");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_cluster_each_node_loads_the_script_for_its_keys() {
    let cluster = RedisCluster::builder().replicas(0).start();
    let client = ClusterClient::connect(&cluster.url()).await.unwrap();
    // One key per primary.
    let mut keys: HashMap<String, String> = HashMap::new();
    for i in 0.. {
        let key = format!("counter:{i}");
        let primary = client.primary_for_slot(key_slot(key.as_bytes())).unwrap();
        keys.entry(primary).or_insert(key);
        if keys.len() == 3 {
            break;
        }
    }
    let script = Script::new(INCRBY);
    // The fallback to EVAL is boxed: an invocation costs about what a command costs.
    let call = script.key("x");
    let invocation = size_of_val(&call.invoke_as::<i64>(&client));
    let command = size_of_val(&client.query(b().get().key("x")));
    assert!(
        invocation <= command + 64,
        "{invocation} vs {command} bytes"
    );
    let nodes = client.primaries().await.unwrap();
    assert_eq!(nodes.len(), 3);
    for round in 1..=2 {
        for node in &nodes {
            assert!(
                !loaded(node, &script).await,
                "round {round}: not loaded yet"
            );
        }
        // Each invocation goes to its key's node, which answers NOSCRIPT, then loads it.
        for key in keys.values() {
            let n: i64 = script.key(key).arg(10).invoke_as(&client).await.unwrap();
            assert_eq!(n, 10 * round);
        }
        for node in &nodes {
            assert!(
                loaded(node, &script).await,
                "round {round}: loaded on every node"
            );
        }
        // SCRIPT FLUSH goes to every node.
        client.query(b().script_flush()).await.unwrap();
    }

    // A keyless script runs on any node; keys of different slots cannot be routed.
    let n: i64 = Script::new("return 42").invoke_as(&client).await.unwrap();
    assert_eq!(n, 42);
    let mut spread = keys.values();
    let (a, b_key) = (spread.next().unwrap(), spread.next().unwrap());
    match script
        .key(a)
        .key(b_key)
        .arg(1)
        .invoke_as::<i64>(&client)
        .await
    {
        Err(Error::Cluster(why)) => {
            assert!(why.message().contains("different hash slots"), "{why}")
        }
        other => panic!("expected a routing error, got {other:?}"),
    }
    // A hashtag keeps related keys together.
    let both = Script::new("return redis.call('INCR', KEYS[1]) + redis.call('INCR', KEYS[2])");
    let n: i64 = both
        .keys(["{u}a", "{u}b"])
        .invoke_as(&client)
        .await
        .unwrap();
    assert_eq!(n, 2);
}

#[tokio::test]
async fn script_builders_read_the_reply_type_they_declare() {
    let server = RedisServer::start();
    let library = "#!lua name=typedis_returning\n\
                   redis.register_function('pair', function(keys, args) \
                   return {keys[1], tonumber(args[1]) * 2} end)";
    for protocol in PROTOCOLS {
        let client = connect(&server.url(), protocol).await;
        client
            .query(b().function_load().replace().function_code(library))
            .await
            .unwrap();
        // No annotation: each builder's reply is the type it names.
        let n = client
            .query(
                b().eval()
                    .script(INCRBY)
                    .key("b:n")
                    .arg(3)
                    .returning::<i64>(),
            )
            .await
            .unwrap();
        assert_eq!(n + 1, 4, "{protocol:?}");
        let (key, twice) = client
            .query(
                b().fcall()
                    .function("pair")
                    .key("b:k")
                    .arg(21)
                    .returning::<(String, i64)>(),
            )
            .await
            .unwrap();
        assert_eq!((key.as_str(), twice), ("b:k", 42));
        // In a pipeline, each with its own type.
        let sha1: String = client
            .query_as(cmd("SCRIPT").arg("LOAD").arg(INCRBY))
            .await
            .unwrap();
        let (got, added) = client
            .pipeline()
            .add(
                b().eval_ro()
                    .script("return redis.call('GET', KEYS[1])")
                    .key("b:missing")
                    .returning::<Option<String>>(),
            )
            .add(
                b().evalsha()
                    .sha1(&sha1)
                    .key("b:n")
                    .arg(2)
                    .returning::<i64>(),
            )
            .query()
            .await
            .unwrap();
        assert_eq!((got, added), (None, 5));
        // Undeclared, the reply is a `Value`; declared wrong, a decode error.
        let any = client
            .query(b().fcall_ro().function("pair").key("b:k").arg(1))
            .await;
        assert!(any.is_err(), "pair is no read-only function: {any:?}");
        let wrong = client
            .query(b().eval().script("return 'text'").returning::<i64>())
            .await
            .unwrap_err();
        assert!(matches!(wrong, Error::Decode(_)), "{wrong:?}");
        client.query(b().del().key("b:n")).await.unwrap();
    }
}
