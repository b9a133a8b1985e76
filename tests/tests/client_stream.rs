//! Huge replies against a real redis-server: array elements decoded one by one as they
//! arrive, big strings copied to a writer chunk by chunk, on a dedicated connection that
//! leaves the shared one free. RESP2 and RESP3.

use typedis::{cmd, Client, Config, Error, Protocol};
use typedis_tests::RedisServer;

const PROTOCOLS: [Protocol; 2] = [Protocol::Resp2, Protocol::Resp3];

async fn connect(server: &RedisServer, protocol: Protocol) -> Client {
    Client::with_config(Config::from_url(&server.url()).unwrap().protocol(protocol))
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lrange_of_a_hundred_thousand_elements_streams_every_element_in_order() {
    const N: usize = 100_000;
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let client = connect(&server, protocol).await;
        for chunk in (0..N).collect::<Vec<_>>().chunks(10_000) {
            let values: Vec<String> = chunk.iter().map(|i| format!("item-{i}")).collect();
            client
                .query_as::<i64>(cmd("RPUSH").arg("big").args(values))
                .await
                .unwrap();
        }
        let mut items = client
            .stream::<String>(cmd("LRANGE").arg("big").arg(0).arg(-1))
            .await
            .unwrap();
        let mut seen = 0;
        while let Some(item) = items.next().await {
            assert_eq!(item.unwrap(), format!("item-{seen}"));
            seen += 1;
            if seen == 10 {
                // The shared connection answers while the big reply is being consumed.
                let pong: String = client.query_as(cmd("PING")).await.unwrap();
                assert_eq!(pong, "PONG");
            }
        }
        assert_eq!(seen, N);
        assert!(items.next().await.is_none());
        // Fully read: its connection went back to the pool.
        assert_eq!(client.stats().idle_dedicated, 1);
        client.query_as::<()>(cmd("FLUSHALL")).await.unwrap();
    }
}

#[tokio::test]
async fn xrange_entries_stream_into_typed_tuples_and_bad_elements_fail_alone() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let client = connect(&server, protocol).await;
        for i in 0..5 {
            client
                .query_as::<String>(
                    cmd("XADD")
                        .arg("s")
                        .arg(format!("{}-0", i + 1))
                        .arg("n")
                        .arg(i),
                )
                .await
                .unwrap();
        }
        let mut entries = client
            .stream::<(String, Vec<(String, i64)>)>(cmd("XRANGE").arg("s").arg("-").arg("+"))
            .await
            .unwrap();
        let mut i = 0;
        while let Some(entry) = entries.next().await {
            let (id, fields) = entry.unwrap();
            assert_eq!(id, format!("{}-0", i + 1));
            assert_eq!(fields, [("n".to_owned(), i)]);
            i += 1;
        }
        assert_eq!(i, 5);

        client
            .query_as::<i64>(cmd("RPUSH").arg("mixed").arg("a").arg(1).arg("b").arg(2))
            .await
            .unwrap();
        let items: Vec<Result<i64, Error>> = {
            let mut s = client
                .stream::<i64>(cmd("LRANGE").arg("mixed").arg(0).arg(-1))
                .await
                .unwrap();
            let mut v = Vec::new();
            while let Some(item) = s.next().await {
                v.push(item);
            }
            v
        };
        assert_eq!(items.len(), 4);
        assert!(matches!(items[0], Err(Error::Decode(_))));
        assert_eq!(items[1].as_ref().unwrap(), &1);
        assert!(matches!(items[2], Err(Error::Decode(_))));
        assert_eq!(items[3].as_ref().unwrap(), &2);
        client.query_as::<()>(cmd("FLUSHALL")).await.unwrap();
    }
}

#[tokio::test]
async fn null_and_error_replies_end_a_stream_cleanly() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let client = connect(&server, protocol).await;
        let mut none = client
            .stream::<String>(cmd("XREAD").arg("STREAMS").arg("missing").arg("0"))
            .await
            .unwrap();
        assert!(none.next().await.is_none());

        client
            .query_as::<()>(cmd("SET").arg("text").arg("x"))
            .await
            .unwrap();
        let mut wrong = client
            .stream::<String>(cmd("LRANGE").arg("text").arg(0).arg(-1))
            .await
            .unwrap();
        assert!(matches!(wrong.next().await, Some(Err(Error::Server(_)))));
        assert!(wrong.next().await.is_none());

        let mut empty = client
            .stream::<String>(cmd("LRANGE").arg("nolist").arg(0).arg(-1))
            .await
            .unwrap();
        assert!(empty.next().await.is_none());

        // A stream dropped half-way closes its connection; the next one works.
        client
            .query_as::<i64>(cmd("RPUSH").arg("l").args(["1", "2", "3"]))
            .await
            .unwrap();
        let mut half = client
            .stream::<String>(cmd("LRANGE").arg("l").arg(0).arg(-1))
            .await
            .unwrap();
        assert_eq!(half.next().await.unwrap().unwrap(), "1");
        drop(half);
        let all: Vec<String> = client
            .query_as(cmd("LRANGE").arg("l").arg(0).arg(-1))
            .await
            .unwrap();
        assert_eq!(all, ["1", "2", "3"]);
        client.query_as::<()>(cmd("FLUSHALL")).await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn big_value_is_copied_to_a_writer_in_chunks() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let client = connect(&server, protocol).await;
        let value: Vec<u8> = (0..8 * 1024 * 1024u32).map(|i| (i % 251) as u8).collect();
        client
            .query_as::<()>(cmd("SET").arg("blob").arg(value.clone()))
            .await
            .unwrap();
        let mut out: Vec<u8> = Vec::new();
        let n = client
            .copy_to(cmd("GET").arg("blob"), &mut out)
            .await
            .unwrap();
        assert_eq!(n, Some(value.len() as u64));
        assert!(out == value, "copied bytes differ");

        let mut out: Vec<u8> = Vec::new();
        assert_eq!(
            client
                .copy_to(cmd("GET").arg("missing"), &mut out)
                .await
                .unwrap(),
            None
        );
        let mut out: Vec<u8> = Vec::new();
        assert_eq!(
            client
                .copy_to(cmd("GET").arg("empty-not-set"), &mut out)
                .await
                .unwrap(),
            None
        );
        client
            .query_as::<()>(cmd("SET").arg("short").arg(""))
            .await
            .unwrap();
        assert_eq!(
            client
                .copy_to(cmd("GET").arg("short"), &mut out)
                .await
                .unwrap(),
            Some(0)
        );
        client
            .query_as::<i64>(cmd("RPUSH").arg("list").arg("x"))
            .await
            .unwrap();
        assert!(matches!(
            client.copy_to(cmd("GET").arg("list"), &mut out).await,
            Err(Error::Server(_))
        ));
        // The shared connection is in step.
        let short: String = client.query_as(cmd("GET").arg("short")).await.unwrap();
        assert_eq!(short, "");
        client.query_as::<()>(cmd("FLUSHALL")).await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn big_value_is_sent_from_a_reader_of_known_length() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let client = connect(&server, protocol).await;
        let value: Vec<u8> = (0..5 * 1024 * 1024u32).map(|i| (i % 241) as u8).collect();
        client
            .query_from_reader::<()>(cmd("SET").arg("upload"), &value[..], value.len() as u64)
            .await
            .unwrap();
        let len: i64 = client.query_as(cmd("STRLEN").arg("upload")).await.unwrap();
        assert_eq!(len, value.len() as i64);
        let mut back = Vec::new();
        client
            .copy_to(cmd("GET").arg("upload"), &mut back)
            .await
            .unwrap();
        assert!(back == value, "uploaded bytes differ");

        // A source shorter than announced is an I/O error; nothing half-written is stored.
        let short = client
            .query_from_reader::<()>(cmd("SET").arg("short"), &b"abc"[..], 10)
            .await;
        assert!(matches!(short, Err(Error::Io(_))), "{short:?}");
        let stored: Option<String> = client.query_as(cmd("GET").arg("short")).await.unwrap();
        assert_eq!(stored, None);
        // A reply that is an error is the caller's, as usual.
        let n = client
            .query_from_reader::<i64>(cmd("RPUSH").arg("upload"), &b"x"[..], 1)
            .await;
        assert!(matches!(n, Err(Error::Server(_))), "{n:?}");
        client.query_as::<()>(cmd("FLUSHALL")).await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_that_would_change_the_pooled_connection_are_refused() {
    let server = RedisServer::start();
    let client = connect(&server, Protocol::Resp3).await;
    for command in [
        cmd("SELECT").arg(1),
        cmd("WATCH").arg("watched"),
        cmd("MULTI"),
    ] {
        let name = command.clone().build().name().to_owned();
        let streamed = client.stream::<String>(command.clone()).await;
        assert!(
            matches!(streamed, Err(Error::InvalidUse(_))),
            "stream({name}): {streamed:?}"
        );
        let mut sink = Vec::new();
        let copied = client.copy_to(command.clone(), &mut sink).await;
        assert!(
            matches!(copied, Err(Error::InvalidUse(_))),
            "copy_to({name}): {copied:?}"
        );
        let uploaded = client.query_from_reader::<()>(command, &b"x"[..], 1).await;
        assert!(
            matches!(uploaded, Err(Error::InvalidUse(_))),
            "query_from_reader({name}): {uploaded:?}"
        );
    }
    // Nothing reached a pooled connection: a transaction on one still writes to database 0
    // and is not aborted by a stray WATCH.
    client
        .query_as::<()>(cmd("SET").arg("watched").arg("changed"))
        .await
        .unwrap();
    // (The read takes the transaction's dedicated connection, from the pool.)
    let mut tx = client.transaction().await.unwrap();
    let before: Option<String> = tx.query_as(cmd("GET").arg("where")).await.unwrap();
    assert_eq!(before, None);
    let tx = tx.add(cmd("SET").arg("where").arg("db0"));
    let ((),): ((),) = tx.exec_as().await.unwrap();
    let here: Option<String> = client.query_as(cmd("GET").arg("where")).await.unwrap();
    assert_eq!(here.as_deref(), Some("db0"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_upload_is_timed_by_its_progress_not_its_length() {
    use std::time::{Duration, Instant};
    use tokio::io::AsyncWriteExt;

    let server = RedisServer::start();
    let timeout = Duration::from_millis(300);
    let client = Client::with_config(
        Config::from_url(&server.url())
            .unwrap()
            .response_timeout(Some(timeout)),
    )
    .await
    .unwrap();

    // A source that stops yielding: the call ends with a timeout, and nothing is stored.
    let (_quiet_writer, quiet) = tokio::io::duplex(64);
    let started = Instant::now();
    let stalled = tokio::time::timeout(
        Duration::from_secs(10),
        client.query_from_reader::<()>(cmd("SET").arg("stalled"), quiet, 10),
    )
    .await
    .expect("the upload hung");
    assert!(matches!(stalled, Err(Error::Timeout(_))), "{stalled:?}");
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    let stored: Option<String> = client.query_as(cmd("GET").arg("stalled")).await.unwrap();
    assert_eq!(stored, None);

    // A source that keeps yielding, for three times the timeout in all: it goes through.
    let (mut writer, reader) = tokio::io::duplex(1024);
    let chunks = 9;
    let feeder = tokio::spawn(async move {
        for _ in 0..chunks {
            tokio::time::sleep(timeout / 3).await;
            writer.write_all(&[b'v'; 100]).await.unwrap();
        }
    });
    let started = Instant::now();
    client
        .query_from_reader::<()>(cmd("SET").arg("slow"), reader, 100 * chunks)
        .await
        .unwrap();
    assert!(started.elapsed() > timeout * 2, "{:?}", started.elapsed());
    feeder.await.unwrap();
    let stored: Option<Vec<u8>> = client.query_as(cmd("GET").arg("slow")).await.unwrap();
    assert_eq!(stored.map(|v| v.len()), Some(100 * chunks as usize));
}

#[tokio::test]
async fn a_reply_that_is_not_an_aggregate_fails_the_stream_saying_so() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let client = connect(&server, protocol).await;
        client
            .query_as::<()>(cmd("SET").arg("text").arg("x"))
            .await
            .unwrap();
        let mut stream = client
            .stream::<String>(cmd("GET").arg("text"))
            .await
            .unwrap();
        match stream.next().await {
            Some(Err(Error::Decode(e))) => {
                assert!(e.to_string().contains("expected array"), "{e}")
            }
            other => panic!("expected a decode error, got {other:?}"),
        }
    }
}
