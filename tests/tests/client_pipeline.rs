//! Pipelines and transactions against a real redis-server: typed tuple results, per-command
//! errors kept per command, WATCH aborts, refused commands. RESP2 and RESP3.

use typedis::{b, cmd, Client, Config, Error, Protocol, ServerError};
use typedis_tests::RedisServer;

const PROTOCOLS: [Protocol; 2] = [Protocol::Resp2, Protocol::Resp3];

async fn connect(server: &RedisServer, protocol: Protocol) -> Client {
    Client::with_config(Config::from_url(&server.url()).unwrap().protocol(protocol))
        .await
        .unwrap()
}

#[tokio::test]
async fn pipeline_reads_a_typed_tuple_and_keeps_each_commands_error_to_itself() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let client = connect(&server, protocol).await;
        let (set, incr, bad, get): ((), i64, Result<i64, ServerError>, Option<String>) = client
            .pipeline()
            .add(cmd("SET").arg("name").arg("typedis"))
            .add(cmd("INCR").arg("hits"))
            .add(cmd("INCR").arg("name"))
            .add(cmd("GET").arg("name"))
            .query_as()
            .await
            .unwrap();
        assert_eq!(set, ());
        assert_eq!(incr, 1);
        assert!(bad.unwrap_err().to_string().contains("not an integer"));
        assert_eq!(get.as_deref(), Some("typedis"));

        // The same failure in an element that is not a Result fails the whole read.
        let whole = client
            .pipeline()
            .add(cmd("INCR").arg("name"))
            .add(cmd("GET").arg("name"))
            .query_as::<(i64, String)>()
            .await;
        assert!(matches!(whole, Err(Error::Server(_))), "{whole:?}");

        // Raw frames, one per command; a pipeline of one type reads into a Vec.
        let frames = client
            .pipeline()
            .add(cmd("PING"))
            .add(cmd("INCR").arg("name"))
            .send()
            .await;
        let frames = frames.unwrap();
        assert_eq!(frames.len(), 2);
        assert!(!frames[0].is_error() && frames[1].is_error());
        let mut p = client.pipeline();
        for i in 0..50 {
            p.push(cmd("INCR").arg("many"));
            let _ = i;
        }
        let counts: Vec<i64> = p.query_as().await.unwrap();
        assert_eq!(counts, (1..=50).collect::<Vec<_>>());
        assert!(client
            .pipeline::<i64>()
            .query_as::<Vec<i64>>()
            .await
            .unwrap()
            .is_empty());
        client.query_as::<()>(cmd("FLUSHALL")).await.unwrap();
    }
}

#[tokio::test]
async fn pipeline_of_builders_reads_the_tuple_of_their_reply_types() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let client = connect(&server, protocol).await;
        // No annotation: each element's type is its command's reply type.
        let (set, incr, get, range, scores) = client
            .pipeline()
            .add(b().set().key("p:name").value("typedis"))
            .add(b().incr().key("p:hits"))
            .add(b().get().key("p:name"))
            .add(b().lrange().key("p:none").start(0).stop(-1))
            .add(
                b().zadd()
                    .key("p:z")
                    .score_member_iter([(1.5, "a"), (2.5, "b")]),
            )
            .query()
            .await
            .unwrap();
        assert_eq!(set, ());
        assert_eq!(incr, 1i64);
        assert_eq!(get.as_deref(), Some(&b"typedis"[..]));
        assert!(range.is_empty());
        assert_eq!(scores, 2);
        // An option that changes the reply changes the element's type.
        let (members, with_scores) = client
            .pipeline()
            .add(b().zrange().key("p:z").start("0").stop("-1"))
            .add(b().zrange().key("p:z").start("0").stop("-1").withscores())
            .query()
            .await
            .unwrap();
        assert_eq!(members, [&b"a"[..], &b"b"[..]]);
        let pairs: Vec<(&[u8], f64)> = with_scores
            .iter()
            .map(|m| (&m.member[..], m.score))
            .collect();
        assert_eq!(pairs, [(&b"a"[..], 1.5), (&b"b"[..], 2.5)]);
        // A loop of one command reads a Vec of its reply type.
        let mut p = client.pipeline();
        for i in 0..20 {
            p.push(b().incrby().key("p:count").increment(i));
        }
        let totals = p.query().await.unwrap();
        assert_eq!(totals.last(), Some(&190));
        assert_eq!(totals.len(), 20);
        client.query(b().flushall()).await.unwrap();
    }
}

#[tokio::test]
async fn pipeline_read_as_a_tuple_of_the_wrong_length_is_an_error_before_sending() {
    let server = RedisServer::start();
    let client = connect(&server, Protocol::Resp3).await;
    let result = client
        .pipeline()
        .add(cmd("INCR").arg("x"))
        .query_as::<(i64, i64)>()
        .await;
    match result {
        // "expected 2 elements, found 1": what the replies could not fit, and why.
        Err(Error::Decode(e)) => assert!(e.to_string().contains('2'), "{e}"),
        other => panic!("expected a decode error, got {other:?}"),
    }
    let x: Option<i64> = client.query_as(cmd("GET").arg("x")).await.unwrap();
    assert_eq!(x, None, "the mismatched pipeline was sent");
}

#[tokio::test]
async fn transaction_returns_typed_exec_results() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let client = connect(&server, protocol).await;
        // The types come from the commands queued.
        let ((), n, a) = client
            .transaction()
            .await
            .unwrap()
            .add(b().set().key("a").value("1"))
            .add(b().incrby().key("a").increment(41))
            .add(b().get().key("a"))
            .exec()
            .await
            .unwrap();
        assert_eq!(n, 42);
        assert_eq!(a.as_deref(), Some(&b"42"[..]));
        // A loop of commands of one type reads a Vec.
        let mut multi = client.transaction().await.unwrap().queue();
        for _ in 0..3 {
            multi.push(b().incr().key("a"));
        }
        assert_eq!(multi.exec().await.unwrap(), [43, 44, 45]);
        let tx = client
            .transaction()
            .await
            .unwrap()
            .add(b().set().key("a").value("1"))
            .add(b().incrby().key("a").increment(41))
            .add(b().lpush().key("a").element("x")) // WRONGTYPE at run time: only this one fails
            .add(b().get().key("a"));
        let (set, n, wrong, a): ((), i64, Result<i64, ServerError>, String) =
            tx.exec_as().await.unwrap();
        assert_eq!(set, ());
        assert_eq!(n, 42);
        assert!(wrong.unwrap_err().to_string().starts_with("WRONGTYPE"));
        assert_eq!(a, "42");
        client.query_as::<()>(cmd("FLUSHALL")).await.unwrap();
    }
}

#[tokio::test]
async fn watched_key_changed_by_another_client_aborts_exec() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let client = connect(&server, protocol).await;
        client
            .query_as::<()>(cmd("SET").arg("balance").arg(100))
            .await
            .unwrap();

        let mut tx = client.transaction().await.unwrap();
        tx.watch(&["balance"]).await.unwrap();
        let balance: i64 = tx.query_as(cmd("GET").arg("balance")).await.unwrap();
        // Someone else writes on the shared connection between the read and EXEC.
        client
            .query_as::<()>(cmd("SET").arg("balance").arg(0))
            .await
            .unwrap();
        let tx = tx.add(b().set().key("balance").value(balance - 10));
        assert!(matches!(tx.exec().await, Err(Error::ExecAborted)));
        let balance: i64 = client.query_as(cmd("GET").arg("balance")).await.unwrap();
        assert_eq!(balance, 0);

        // Unchanged watched key: EXEC runs.
        let mut tx = client.transaction().await.unwrap();
        tx.watch(&["balance"]).await.unwrap();
        let tx = tx.add(b().incrby().key("balance").increment(5));
        assert_eq!(tx.exec().await.unwrap(), (5,));
    }
}

#[tokio::test]
async fn command_refused_while_queueing_aborts_the_transaction_with_its_reason() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let client = connect(&server, protocol).await;
        let mut tx = client.transaction().await.unwrap().queue();
        tx.push(cmd("SET").arg("never").arg("1"));
        tx.push(cmd("SET").arg("too-few-arguments"));
        match tx.exec().await {
            Err(Error::Server(e)) => assert!(e.to_string().contains("wrong number"), "{e}"),
            other => panic!("expected the queueing error, got {other:?}"),
        }
        let never: Option<String> = client.query_as(cmd("GET").arg("never")).await.unwrap();
        assert_eq!(never, None);

        // A discarded transaction runs nothing; its connection goes back to the pool.
        let tx = client
            .transaction()
            .await
            .unwrap()
            .add(b().set().key("never").value("1"));
        tx.discard().await.unwrap();
        let never: Option<String> = client.query_as(cmd("GET").arg("never")).await.unwrap();
        assert_eq!(never, None);
        assert_eq!(client.stats().idle_dedicated, 1);
    }
}
