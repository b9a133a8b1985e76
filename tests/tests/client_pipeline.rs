//! Pipelines and transactions against a real redis-server: typed tuple results, per-command
//! errors kept per command, WATCH aborts, refused commands. RESP2 and RESP3.
//!
//! Over 500 lines: one test per pipeline behaviour.

use typedis::{b, cmd, Client, Config, Error, Protocol, ServerError};
use typedis_tests::{RawConnection, RedisServer};

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
async fn a_command_failing_in_exec_names_itself_and_the_others_ran() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let client = connect(&server, protocol).await;
        client.query_as::<()>(cmd("FLUSHALL")).await.unwrap();
        // On the shared connection (`multi`): the SET and the RPUSH ran, the INCR failed.
        let result = client
            .multi()
            .add(b().set().key("name").value("ada"))
            .add(b().incr().key("name"))
            .add(b().rpush().key("log").element("x"))
            .exec()
            .await;
        let Err(Error::FailedInTransaction(failed)) = result else {
            panic!("{protocol:?}: {result:?}");
        };
        assert_eq!(failed.commands(), 3);
        let [incr] = failed.failed() else {
            panic!("one command failed: {failed:?}");
        };
        assert_eq!((incr.index(), incr.command()), (1, "INCR"));
        assert_eq!(incr.error().code(), Some("ERR"));
        assert!(incr.error().message().contains("not an integer"));
        let text = failed.to_string();
        assert!(
            text.starts_with("command 2 of 3 (INCR) failed: ERR"),
            "{text}"
        );
        assert!(text.contains("the other 2 ran"), "{text}");
        let (set, n, len): ((), Result<i64, ServerError>, i64) = failed.replies().unwrap();
        assert_eq!((set, n.is_err(), len), ((), true, 1));
        let name = client.query(b().get().key("name")).await.unwrap();
        assert_eq!(name.as_deref(), Some(&b"ada"[..]));
        let as_error = Error::FailedInTransaction(failed);
        assert_eq!(as_error.server_code(), Some("ERR"));
        assert!(!as_error.is_retryable());

        // On a watched transaction's own connection, and in a loop of one type: two fail.
        let mut tx = client.transaction().await.unwrap();
        tx.watch(&["n"]).await.unwrap();
        let mut multi = tx.queue();
        multi.push(b().incr().key("n"));
        multi.push(b().incr().key("name"));
        multi.push(b().incr().key("n"));
        multi.push(b().lpush().key("name").element("x"));
        let Err(Error::FailedInTransaction(failed)) = multi.exec().await else {
            panic!("{protocol:?}: the loop should fail");
        };
        let failed_at: Vec<(usize, &str, Option<&str>)> = failed
            .failed()
            .iter()
            .map(|f| (f.index(), f.command(), f.error().code()))
            .collect();
        assert_eq!(
            failed_at,
            [(1, "INCR", Some("ERR")), (3, "LPUSH", Some("WRONGTYPE"))]
        );
        assert!(failed.to_string().contains("(and 1 more); the other 2 ran"));
        let replies: Vec<Result<typedis::Value, ServerError>> = failed.replies().unwrap();
        assert_eq!(replies.len(), 4);
        assert_eq!(
            client.query(b().get().key("n")).await.unwrap().as_deref(),
            Some(&b"2"[..])
        );
        // The connection is clean afterwards.
        let mut tx = client.transaction().await.unwrap();
        tx.watch(&["n"]).await.unwrap();
        assert_eq!(tx.add(b().incr().key("n")).exec().await.unwrap(), (3,));
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
        // It ran on the shared connection, which EXECABORT left out of MULTI.
        let info = client.query(b().client_info()).await.unwrap();
        assert!(!info.get("flags").unwrap().contains('x'), "{info:?}");
        assert_eq!(client.stats().idle_dedicated, 0);

        // A discarded transaction runs nothing; its connection (taken by its WATCH) goes
        // back to the pool.
        let mut tx = client.transaction().await.unwrap();
        tx.watch(&["never"]).await.unwrap();
        let tx = tx.add(b().set().key("never").value("1"));
        tx.discard().await.unwrap();
        let never: Option<String> = client.query_as(cmd("GET").arg("never")).await.unwrap();
        assert_eq!(never, None);
        assert_eq!(client.stats().idle_dedicated, 1);
    }
}

/// The server's count of connections it ever accepted.
fn connections_received(raw: &mut RawConnection) -> u64 {
    let info: String = raw.request(&[b"INFO", b"stats"]).decode().unwrap();
    info.lines()
        .find_map(|line| line.strip_prefix("total_connections_received:"))
        .expect("INFO stats has total_connections_received")
        .trim()
        .parse()
        .unwrap()
}

/// 64 tasks run MULTI/EXECs on one client at once: none opens a connection, and each is
/// atomic. Each adds 2 to a counter in two INCRs, which two readers (one on the same
/// shared connection, one on a connection of its own) never see odd.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn multi_runs_on_the_shared_connection_atomically_and_opens_no_connection() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let client = connect(&server, protocol).await;
        let other = connect(&server, protocol).await;
        client.query_as::<()>(cmd("FLUSHALL")).await.unwrap();
        let mut raw = RawConnection::connect(server.port());
        let before = connections_received(&mut raw);
        let done = Arc::new(AtomicBool::new(false));
        let reader = |client: Client| {
            let done = done.clone();
            tokio::spawn(async move {
                let mut reads = 0u64;
                while !done.load(Ordering::Relaxed) {
                    let n: Option<i64> = client
                        .query(b().get().key("counter"))
                        .await
                        .unwrap()
                        .map(|v| std::str::from_utf8(&v).unwrap().parse().unwrap());
                    let n = n.unwrap_or(0);
                    assert_eq!(n % 2, 0, "a reader saw half a transaction: {n}");
                    reads += 1;
                }
                reads
            })
        };
        let readers = [reader(client.clone()), reader(other.clone())];
        let writers: Vec<_> = (0..64)
            .map(|task| {
                let client = client.clone();
                tokio::spawn(async move {
                    for round in 0..20 {
                        let (first, second, ()) = client
                            .multi()
                            .add(b().incr().key("counter"))
                            .add(b().incr().key("counter"))
                            .add(b().set().key(format!("last:{task}")).value(round))
                            .exec()
                            .await
                            .unwrap();
                        // Nothing ran between the two INCRs.
                        assert_eq!(second, first + 1);
                        assert_eq!(second % 2, 0);
                    }
                })
            })
            .collect();
        for writer in writers {
            writer.await.unwrap();
        }
        done.store(true, Ordering::Relaxed);
        for reader in readers {
            assert!(reader.await.unwrap() > 0, "a reader never read");
        }
        let counter: i64 = client.query_as(b().get().key("counter")).await.unwrap();
        assert_eq!(counter, 64 * 20 * 2);
        assert_eq!(
            connections_received(&mut raw),
            before,
            "{protocol:?}: a MULTI opened a connection"
        );
        assert_eq!(client.stats().idle_dedicated, 0);
    }
}

/// MULTI/EXECs cancelled at every point of their life (before they are written, while
/// written, while their replies come in) leave the shared connection in step: every other
/// caller reads its own replies, each transaction ran whole or not at all, and the
/// connection is not left inside a MULTI.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_multi_harms_no_other_caller() {
    use std::time::Duration;

    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let client = connect(&server, protocol).await;
        client.query_as::<()>(cmd("FLUSHALL")).await.unwrap();
        let cancelling: Vec<_> = (0..32u64)
            .map(|task| {
                let client = client.clone();
                tokio::spawn(async move {
                    let mut cancelled = 0;
                    for round in 0..50u64 {
                        // A spread of budgets, from none to several round trips.
                        let budget = Duration::from_micros((task * 37 + round * 101) % 400);
                        let multi = client
                            .multi()
                            .add(b().incr().key("pairs"))
                            .add(b().incr().key("pairs"))
                            .exec();
                        match tokio::time::timeout(budget, multi).await {
                            Ok(Ok((a, b))) => assert_eq!(b, a + 1),
                            Ok(Err(e)) => panic!("a MULTI failed: {e}"),
                            Err(_) => cancelled += 1,
                        }
                    }
                    cancelled
                })
            })
            .collect();
        let others: Vec<_> = (0..32u64)
            .map(|task| {
                let client = client.clone();
                tokio::spawn(async move {
                    for round in 0..50u64 {
                        let key = format!("own:{task}");
                        let value = format!("{task}:{round}");
                        let (previous, ()) = client
                            .pipeline()
                            .add(b().get().key(&key))
                            .add(b().set().key(&key).value(&value))
                            .query()
                            .await
                            .unwrap();
                        let expected = round.checked_sub(1).map(|r| format!("{task}:{r}"));
                        assert_eq!(
                            previous.map(|v| String::from_utf8(v.to_vec()).unwrap()),
                            expected,
                            "a caller read another's reply"
                        );
                        let echo: String = client.query_as(cmd("ECHO").arg(&value)).await.unwrap();
                        assert_eq!(echo, value);
                    }
                })
            })
            .collect();
        let mut cancelled = 0;
        for task in cancelling {
            cancelled += task.await.unwrap();
        }
        for task in others {
            task.await.unwrap();
        }
        assert!(
            cancelled > 0,
            "{protocol:?}: no MULTI was cancelled; the test tests nothing"
        );
        let pairs: Option<i64> = client.query_as(b().get().key("pairs")).await.unwrap();
        assert_eq!(pairs.unwrap_or(0) % 2, 0, "half a transaction ran");
        // The `x` flag marks a client inside a MULTI (Valkey's `multi=` reads 0 outside
        // one, Redis's -1).
        let info = client.query(b().client_info()).await.unwrap();
        assert!(
            !info.get("flags").unwrap().contains('x'),
            "left inside a MULTI: {info:?}"
        );
    }
}

/// Dedicated connections are capped by default: 100 transactions that WATCH at once open
/// at most 64, and every one of them runs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watching_transactions_share_a_default_cap_of_dedicated_connections() {
    let server = RedisServer::start();
    let client = connect(&server, Protocol::Resp3).await;
    let mut raw = RawConnection::connect(server.port());
    let before = connections_received(&mut raw);
    let tasks: Vec<_> = (0..100)
        .map(|task| {
            let client = client.clone();
            tokio::spawn(async move {
                let key = format!("balance:{task}");
                let mut tx = client.transaction().await.unwrap();
                tx.watch(&[&key]).await.unwrap();
                let balance: Option<i64> = tx.query_as(b().get().key(&key)).await.unwrap();
                // Hold the connection a while, so that many are wanted at once.
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                let (n,) = tx
                    .add(b().incrby().key(&key).increment(balance.unwrap_or(0) + 5))
                    .exec()
                    .await
                    .unwrap();
                n
            })
        })
        .collect();
    for task in tasks {
        assert_eq!(task.await.unwrap(), 5);
    }
    let opened = connections_received(&mut raw) - before;
    assert!(
        (2..=64).contains(&opened),
        "100 watching transactions opened {opened} connections"
    );
}
