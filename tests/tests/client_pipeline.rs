//! Pipelines and transactions against a real redis-server: typed tuple results, per-command
//! errors kept per command, WATCH aborts, refused commands. RESP2 and RESP3.

use typedis::{cmd, Client, Config, Error, Protocol, ServerError};
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
            .query()
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
            .query::<(i64, String)>()
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
        let counts: Vec<i64> = p.query().await.unwrap();
        assert_eq!(counts, (1..=50).collect::<Vec<_>>());
        assert!(client
            .pipeline()
            .query::<Vec<i64>>()
            .await
            .unwrap()
            .is_empty());
        client.query::<()>(cmd("FLUSHALL")).await.unwrap();
    }
}

#[tokio::test]
async fn pipeline_read_as_a_tuple_of_the_wrong_length_is_an_error_before_sending() {
    let server = RedisServer::start();
    let client = connect(&server, Protocol::Resp3).await;
    let result = client
        .pipeline()
        .add(cmd("INCR").arg("x"))
        .query::<(i64, i64)>()
        .await;
    match result {
        // "expected 2 elements, found 1": what the replies could not fit, and why.
        Err(Error::Decode(e)) => assert!(e.to_string().contains('2'), "{e}"),
        other => panic!("expected a decode error, got {other:?}"),
    }
    let x: Option<i64> = client.query(cmd("GET").arg("x")).await.unwrap();
    assert_eq!(x, None, "the mismatched pipeline was sent");
}

#[tokio::test]
async fn transaction_returns_typed_exec_results() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let client = connect(&server, protocol).await;
        let mut tx = client.transaction().await.unwrap();
        tx.add(cmd("SET").arg("a").arg("1"));
        tx.add(cmd("INCRBY").arg("a").arg(41));
        tx.add(cmd("LPUSH").arg("a").arg("x")); // WRONGTYPE at run time: only this one fails
        tx.add(cmd("GET").arg("a"));
        let (set, n, wrong, a): ((), i64, Result<i64, ServerError>, String) =
            tx.exec().await.unwrap();
        assert_eq!(set, ());
        assert_eq!(n, 42);
        assert!(wrong.unwrap_err().to_string().starts_with("WRONGTYPE"));
        assert_eq!(a, "42");
        client.query::<()>(cmd("FLUSHALL")).await.unwrap();
    }
}

#[tokio::test]
async fn watched_key_changed_by_another_client_aborts_exec() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let client = connect(&server, protocol).await;
        client
            .query::<()>(cmd("SET").arg("balance").arg(100))
            .await
            .unwrap();

        let mut tx = client.transaction().await.unwrap();
        tx.watch(&["balance"]).await.unwrap();
        let balance: i64 = tx.query(cmd("GET").arg("balance")).await.unwrap();
        // Someone else writes on the shared connection between the read and EXEC.
        client
            .query::<()>(cmd("SET").arg("balance").arg(0))
            .await
            .unwrap();
        tx.add(cmd("SET").arg("balance").arg(balance - 10));
        assert!(matches!(tx.exec::<((),)>().await, Err(Error::ExecAborted)));
        let balance: i64 = client.query(cmd("GET").arg("balance")).await.unwrap();
        assert_eq!(balance, 0);

        // Unchanged watched key: EXEC runs.
        let mut tx = client.transaction().await.unwrap();
        tx.watch(&["balance"]).await.unwrap();
        tx.add(cmd("INCRBY").arg("balance").arg(5));
        assert_eq!(tx.exec::<(i64,)>().await.unwrap(), (5,));
    }
}

#[tokio::test]
async fn command_refused_while_queueing_aborts_the_transaction_with_its_reason() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let client = connect(&server, protocol).await;
        let mut tx = client.transaction().await.unwrap();
        tx.add(cmd("SET").arg("never").arg("1"));
        tx.add(cmd("SET").arg("too-few-arguments"));
        match tx.exec::<((), ())>().await {
            Err(Error::Server(e)) => assert!(e.to_string().contains("wrong number"), "{e}"),
            other => panic!("expected the queueing error, got {other:?}"),
        }
        let never: Option<String> = client.query(cmd("GET").arg("never")).await.unwrap();
        assert_eq!(never, None);

        // A discarded transaction runs nothing; its connection goes back to the pool.
        let mut tx = client.transaction().await.unwrap();
        tx.add(cmd("SET").arg("never").arg("1"));
        tx.discard().await.unwrap();
        let never: Option<String> = client.query(cmd("GET").arg("never")).await.unwrap();
        assert_eq!(never, None);
        assert_eq!(client.stats().idle_dedicated, 1);
    }
}
