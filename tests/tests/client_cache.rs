//! Client-side caching on a real server: hits that send nothing, invalidations from
//! writes on other connections (no value older than the last write whose invalidation
//! arrived, checked with version counters under concurrent writers), bounds, time to
//! live, flushes on reconnect and FLUSHALL, broadcast and opt-in tracking, MGET parts,
//! and a clear error on RESP2.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use typedis::cache::{CacheConfig, CacheStats, Cached, Tracking};
use typedis::{b, Client, Config, Error, Protocol};
use typedis_tests::{RawConnection, RedisServer};

async fn cached_client(server: &RedisServer, cache: CacheConfig) -> Client {
    let config = Config::from_url(&server.url()).unwrap().cache(cache);
    Client::with_config(config).await.unwrap()
}

fn stats(client: &Client) -> CacheStats {
    client.stats().cache.expect("the client has a cache")
}

/// How many times the server ran `command` (from `INFO commandstats`).
fn calls(server: &RedisServer, command: &str) -> u64 {
    let info: String = RawConnection::connect(server.port())
        .request(&[b"INFO", b"commandstats"])
        .decode()
        .unwrap();
    let prefix = format!("cmdstat_{command}:calls=");
    info.lines()
        .find_map(|l| l.strip_prefix(&prefix))
        .and_then(|rest| rest.split(',').next())
        .map_or(0, |n| n.parse().unwrap())
}

/// Waits until `f` holds (invalidations travel asynchronously from other connections).
async fn eventually(what: &str, mut f: impl AsyncFnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(5);
    while !f().await {
        assert!(Instant::now() < deadline, "{what}: not within 5 s");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

#[tokio::test]
async fn a_hit_sends_nothing_and_returns_the_same_typed_value_as_a_miss() {
    let server = RedisServer::start();
    let client = cached_client(&server, CacheConfig::new()).await;
    let writer = Client::connect(&server.url()).await.unwrap();
    writer
        .query(b().hset().key("user:1").field_value("name", "ada"))
        .await
        .unwrap();
    writer.query(b().set().key("k").value("v1")).await.unwrap();

    let miss = client.query(b().get().key("k")).await.unwrap();
    let before = calls(&server, "get");
    for _ in 0..100 {
        let hit = client.query(b().get().key("k")).await.unwrap();
        assert_eq!(hit, miss);
    }
    let owned: Option<String> = client.query_as(b().get().key("k")).await.unwrap();
    assert_eq!(owned.as_deref(), Some("v1"));
    let frame = client.send(b().get().key("k")).await.unwrap();
    let borrowed: &str = frame.decode().unwrap();
    assert_eq!(borrowed, "v1");
    assert_eq!(calls(&server, "get"), before, "a hit reached the server");
    let all = client.query(b().hgetall().key("user:1")).await.unwrap();
    assert_eq!(
        client.query(b().hgetall().key("user:1")).await.unwrap(),
        all
    );
    let s = stats(&client);
    assert_eq!((s.hits, s.misses, s.entries), (103, 2, 2), "{s:?}");

    // A write on another connection invalidates; the next read is a miss with the new value.
    writer.query(b().set().key("k").value("v2")).await.unwrap();
    eventually("the invalidation", async || {
        client.query(b().get().key("k")).await.unwrap().as_deref() == Some(&b"v2"[..])
    })
    .await;
    assert!(stats(&client).invalidations >= 1);
    // Our own writes invalidate too (tracking without NOLOOP).
    client.query(b().set().key("k").value("v3")).await.unwrap();
    assert_eq!(
        client.query(b().get().key("k")).await.unwrap().as_deref(),
        Some(&b"v3"[..])
    );
    // Writes and errors are not cached.
    client.query(b().set().key("n").value("x")).await.unwrap();
    for _ in 0..2 {
        assert!(client.query(b().incr().key("n")).await.is_err());
        assert!(client.query(b().hget().key("k").field("f")).await.is_err());
    }
}

/// Writers on other connections bump a version in each key's value; readers through the
/// cache, after a round trip on their own connection (every invalidation sent before it
/// has then arrived), must never see a version older than the last one acknowledged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn under_concurrent_writers_no_read_is_older_than_the_last_invalidation_received() {
    const KEYS: usize = 20;
    let server = RedisServer::start();
    let client = cached_client(&server, CacheConfig::new()).await;
    let acked: Arc<Vec<AtomicU64>> = Arc::new((0..KEYS).map(|_| AtomicU64::new(0)).collect());
    let stop = Arc::new(AtomicBool::new(false));
    let key = |i: usize| format!("versioned:{i}");

    let mut writers = Vec::new();
    for w in 0..4 {
        let writer = Client::connect(&server.url()).await.unwrap();
        let (acked, stop) = (acked.clone(), stop.clone());
        writers.push(tokio::spawn(async move {
            let mut version = 0u64;
            while !stop.load(Ordering::Relaxed) {
                version += 1;
                for i in (w..KEYS).step_by(4) {
                    let value = format!("{}={version}", key(i));
                    writer
                        .query(b().set().key(key(i)).value(value))
                        .await
                        .unwrap();
                    acked[i].store(version, Ordering::SeqCst);
                }
                // Slow enough that most reads are hits.
                tokio::time::sleep(Duration::from_millis(2)).await;
            }
        }));
    }
    let mut readers = Vec::new();
    for r in 0..8 {
        let (client, acked, stop) = (client.clone(), acked.clone(), stop.clone());
        readers.push(tokio::spawn(async move {
            let mut stale = Vec::new();
            let mut reads = 0u64;
            let mut n = r;
            while !stop.load(Ordering::Relaxed) {
                n = (n * 7 + 3) % KEYS;
                let floor = acked[n].load(Ordering::SeqCst);
                let _pong = client.query(b().ping()).await.unwrap();
                let got: Option<String> = client.query_as(b().get().key(key(n))).await.unwrap();
                reads += 1;
                let version = match got.as_deref().and_then(|v| v.split_once('=')) {
                    Some((k, v)) if k == key(n) => v.parse::<u64>().unwrap(),
                    None if floor == 0 => 0,
                    _ => {
                        stale.push(format!("{}: {got:?}, another key's value?", key(n)));
                        continue;
                    }
                };
                if version < floor {
                    stale.push(format!(
                        "{}: version {version} after {floor} was acknowledged",
                        key(n)
                    ));
                }
            }
            (reads, stale)
        }));
    }
    tokio::time::sleep(Duration::from_secs(3)).await;
    stop.store(true, Ordering::Relaxed);
    for w in writers {
        w.await.unwrap();
    }
    let mut reads = 0;
    for r in readers {
        let (n, stale) = r.await.unwrap();
        assert!(stale.is_empty(), "{stale:?}");
        reads += n;
    }
    let s = stats(&client);
    eprintln!("{reads} reads, {s:?}");
    assert!(s.hits > 0 && s.misses > 0 && s.invalidations > 0, "{s:?}");
}

#[tokio::test]
async fn entries_and_bytes_stay_within_their_bounds() {
    let server = RedisServer::start();
    let writer = Client::connect(&server.url()).await.unwrap();
    let mut fill = writer.pipeline();
    for i in 0..500 {
        fill.push(b().set().key(format!("k{i}")).value("x".repeat(100)));
    }
    let _: Vec<()> = fill.query().await.unwrap();
    writer
        .query(b().set().key("huge").value("y".repeat(64 << 10)))
        .await
        .unwrap();

    let client = cached_client(
        &server,
        CacheConfig::new().max_entries(50).max_bytes(20_000),
    )
    .await;
    for i in 0..500 {
        client.query(b().get().key(format!("k{i}"))).await.unwrap();
        let s = stats(&client);
        assert!(s.entries <= 50 && s.bytes <= 20_000, "{s:?}");
    }
    // The most recent are there, the oldest went.
    let before = stats(&client);
    client.query(b().get().key("k499")).await.unwrap();
    client.query(b().get().key("k0")).await.unwrap();
    let after = stats(&client);
    assert_eq!(after.hits, before.hits + 1);
    assert!(after.evictions >= 450, "{after:?}");
    // A reply larger than the cache is not kept.
    client.query(b().get().key("huge")).await.unwrap();
    client.query(b().get().key("huge")).await.unwrap();
    assert!(stats(&client).bytes <= 20_000);
    assert_eq!(stats(&client).hits, after.hits);
}

#[tokio::test]
async fn entries_older_than_the_time_to_live_are_read_again() {
    let server = RedisServer::start();
    let cache = CacheConfig::new().ttl(Some(Duration::from_millis(100)));
    let client = cached_client(&server, cache).await;
    client.query(b().get().key("k")).await.unwrap();
    client.query(b().get().key("k")).await.unwrap();
    assert_eq!(stats(&client).hits, 1);
    tokio::time::sleep(Duration::from_millis(150)).await;
    client.query(b().get().key("k")).await.unwrap();
    let s = stats(&client);
    assert_eq!((s.hits, s.misses), (1, 2), "{s:?}");
}

#[tokio::test]
async fn a_reconnect_or_flushall_flushes_and_tracking_is_turned_on_again() {
    let server = RedisServer::start();
    let client = cached_client(&server, CacheConfig::new()).await;
    let writer = Client::connect(&server.url()).await.unwrap();
    writer.query(b().set().key("k").value("1")).await.unwrap();
    client.query(b().get().key("k")).await.unwrap();
    assert_eq!(stats(&client).entries, 1);

    // The cached client's connection is killed; a write meanwhile cannot be announced.
    let id: i64 = client.query(b().client_id()).await.unwrap();
    let mut raw = RawConnection::connect(server.port());
    raw.request(&[b"CLIENT", b"KILL", b"ID", id.to_string().as_bytes()]);
    writer.query(b().set().key("k").value("2")).await.unwrap();
    eventually("the lost connection noticed", async || {
        stats(&client).entries == 0
    })
    .await;
    assert_eq!(
        client.query(b().get().key("k")).await.unwrap().as_deref(),
        Some(&b"2"[..])
    );
    assert!(client.stats().reconnects >= 1);
    assert!(stats(&client).flushes >= 1);
    // Tracking is on again on the new connection: a write is announced.
    client.query(b().get().key("k")).await.unwrap();
    assert_eq!(stats(&client).entries, 1);
    writer.query(b().set().key("k").value("3")).await.unwrap();
    eventually("the invalidation after reconnecting", async || {
        stats(&client).entries == 0
    })
    .await;

    client.query(b().get().key("k")).await.unwrap();
    let flushes = stats(&client).flushes;
    writer.query(b().flushall()).await.unwrap();
    eventually("FLUSHALL flushing the cache", async || {
        stats(&client).flushes > flushes
    })
    .await;
    assert_eq!(stats(&client).entries, 0);
}

#[tokio::test]
async fn broadcast_tracking_caches_its_prefixes_only_and_hears_every_change() {
    let server = RedisServer::start();
    let cache = CacheConfig::new().tracking(Tracking::broadcast(["user:"]));
    let client = cached_client(&server, cache).await;
    let writer = Client::connect(&server.url()).await.unwrap();
    writer
        .query(b().set().key("user:1").value("a"))
        .await
        .unwrap();
    client.query(b().get().key("user:1")).await.unwrap();
    client.query(b().get().key("other")).await.unwrap();
    client.query(b().get().key("other")).await.unwrap();
    let s = stats(&client);
    assert_eq!(
        (s.entries, s.misses),
        (1, 1),
        "only user:1 is cached: {s:?}"
    );
    writer
        .query(b().set().key("user:1").value("b"))
        .await
        .unwrap();
    eventually("the broadcast invalidation", async || {
        client
            .query(b().get().key("user:1"))
            .await
            .unwrap()
            .as_deref()
            == Some(&b"b"[..])
    })
    .await;
}

#[tokio::test]
async fn opt_in_tracking_caches_the_reads_that_ask_for_it() {
    let server = RedisServer::start();
    let cache = CacheConfig::new().tracking(Tracking::OptIn);
    let client = cached_client(&server, cache).await;
    let writer = Client::connect(&server.url()).await.unwrap();
    writer.query(b().set().key("hot").value("1")).await.unwrap();
    client.query(b().get().key("cold")).await.unwrap();
    client.query(Cached(b().get().key("hot"))).await.unwrap();
    let v = client.query(Cached(b().get().key("hot"))).await.unwrap();
    assert_eq!(v.as_deref(), Some(&b"1"[..]));
    let s = stats(&client);
    assert_eq!((s.hits, s.misses, s.entries), (1, 1, 1), "{s:?}");
    // The server tracks the opted-in key: a write is announced.
    writer.query(b().set().key("hot").value("2")).await.unwrap();
    eventually("the opt-in invalidation", async || {
        client
            .query(Cached(b().get().key("hot")))
            .await
            .unwrap()
            .as_deref()
            == Some(&b"2"[..])
    })
    .await;
}

#[tokio::test]
async fn mget_parts_are_cached_and_invalidated_one_by_one() {
    let server = RedisServer::start();
    let client = cached_client(&server, CacheConfig::new()).await;
    let writer = Client::connect(&server.url()).await.unwrap();
    writer.query(b().set().key("a").value("1")).await.unwrap();
    let both = client.query(b().mget().key("a").key("b")).await.unwrap();
    assert_eq!(both, [Some("1"), None]);
    let before = calls(&server, "get") + calls(&server, "mget");
    assert_eq!(
        client.query(b().get().key("a")).await.unwrap().as_deref(),
        Some(&b"1"[..])
    );
    assert_eq!(calls(&server, "get") + calls(&server, "mget"), before);
    // `b`'s nil was not kept (an MGET's nil also stands for a key of another type, where
    // GET answers WRONGTYPE): the MGET goes to the server; once `b` has a value, both
    // parts are hits.
    assert_eq!(
        client.query(b().mget().key("a").key("b")).await.unwrap(),
        both
    );
    assert_eq!(calls(&server, "mget"), 2);
    writer.query(b().set().key("b").value("2")).await.unwrap();
    eventually("the part invalidated", async || {
        client.query(b().mget().key("a").key("b")).await.unwrap() == [Some("1"), Some("2")]
    })
    .await;
    // The read that saw `2` may have been in flight when `b`'s invalidation arrived (then
    // it was not cached, rightly): once more, with nothing left to arrive, and both parts
    // are cached.
    client.query(b().mget().key("a").key("b")).await.unwrap();
    let before = calls(&server, "get") + calls(&server, "mget");
    assert_eq!(
        client.query(b().mget().key("a").key("b")).await.unwrap(),
        [Some("1"), Some("2")]
    );
    assert_eq!(calls(&server, "get") + calls(&server, "mget"), before);

    // A list read by MGET is a nil part; GET of it is still the server's WRONGTYPE.
    writer
        .query(b().rpush().key("list").element("x"))
        .await
        .unwrap();
    assert_eq!(
        client.query(b().mget().key("list")).await.unwrap(),
        [None::<bytes::Bytes>]
    );
    let e = client.query(b().get().key("list")).await.unwrap_err();
    assert_eq!(e.server_code(), Some("WRONGTYPE"), "{e}");
}

/// A write of the client's own, on the shared connection, in a pipeline, in a `MULTI`
/// (shared connection) or in a transaction (on a dedicated connection), is never followed by a read of the value it
/// replaced: the cache drops the key once the write's reply is in, before the caller sees
/// it, without waiting for the server's invalidation.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_write_of_its_own_is_never_followed_by_the_value_it_replaced() {
    let server = RedisServer::start();
    let client = cached_client(&server, CacheConfig::new()).await;
    let get = || async {
        client
            .query_as::<Option<u64>>(b().get().key("k"))
            .await
            .unwrap()
    };
    for i in 0..300u64 {
        assert_eq!(get().await, if i == 0 { None } else { Some(i * 4 - 1) });
        client.query(b().set().key("k").value(i * 4)).await.unwrap();
        assert_eq!(get().await, Some(i * 4), "after SET");
        let ((),) = client
            .pipeline()
            .add(b().set().key("k").value(i * 4 + 1))
            .query()
            .await
            .unwrap();
        assert_eq!(get().await, Some(i * 4 + 1), "after a pipeline");
        let ((),) = client
            .multi()
            .add(b().set().key("k").value(i * 4 + 2))
            .exec()
            .await
            .unwrap();
        assert_eq!(get().await, Some(i * 4 + 2), "after a MULTI");
        let mut tx = client.transaction().await.unwrap();
        tx.watch(&["k"]).await.unwrap();
        let ((),) = tx
            .add(b().set().key("k").value(i * 4 + 3))
            .exec()
            .await
            .unwrap();
        assert_eq!(get().await, Some(i * 4 + 3), "after a transaction");
    }
    assert!(stats(&client).hits > 0, "{:?}", stats(&client));
}

#[tokio::test]
async fn client_tracking_is_refused_on_a_client_with_a_cache() {
    let server = RedisServer::start();
    let client = cached_client(&server, CacheConfig::new()).await;
    let off = || typedis::cmd("CLIENT").arg("TRACKING").arg("OFF");
    let e = client.send(off()).await.unwrap_err();
    assert!(matches!(e, Error::InvalidUse(_)), "{e}");
    let mut pipeline = client.pipeline();
    pipeline.push(off());
    let e = pipeline.send().await.unwrap_err();
    assert!(matches!(e, Error::InvalidUse(_)), "{e}");
    // Tracking is still on: a write elsewhere still invalidates.
    client.query(b().set().key("k").value("1")).await.unwrap();
    assert!(client.query(b().get().key("k")).await.unwrap().is_some());
    let writer = Client::connect(&server.url()).await.unwrap();
    writer.query(b().set().key("k").value("2")).await.unwrap();
    eventually("the invalidation", async || {
        client.query(b().get().key("k")).await.unwrap().as_deref() == Some(&b"2"[..])
    })
    .await;
}

#[tokio::test]
async fn caching_on_resp2_is_a_clear_configuration_error() {
    let server = RedisServer::start();
    let config = Config::from_url(&server.url())
        .unwrap()
        .protocol(Protocol::Resp2)
        .cache(CacheConfig::new());
    let e = Client::with_config(config).await.unwrap_err();
    assert!(matches!(e, Error::Config(_)), "{e}");
    assert!(e.to_string().contains("needs RESP3"), "{e}");
}
