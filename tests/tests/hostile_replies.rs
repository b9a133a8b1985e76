//! Hostile replies, read into every reply type: a reply that declares millions of elements
//! gets a typed error (or its value, when the elements fit the type) and never makes the
//! client reserve memory for elements it has not read. Capacity is never taken on trust:
//! a reader reserves at most what the rest of the frame could hold, and at most 1 MiB up
//! front; past that a collection grows as its elements are read.
//!
//! Memory is counted by a global allocator (`stats_alloc`) while each decode runs.

use std::alloc::System;
use std::sync::Mutex;

use bytes::Bytes;
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use typedis::reply::{MultiSeries, SearchResults, SpellCheck};
use typedis::resp::Frame;
use typedis::Error;

#[path = "hostile_replies/decoders.rs"]
mod decoders;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// The allocator counts every thread's allocations: the tests of this file run one at a
/// time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Runs `decode` and returns its result and the bytes it allocated (dropping the result
/// is not counted). The caller holds [`ONE_AT_A_TIME`].
fn counted<T>(decode: impl FnOnce() -> T) -> (T, usize) {
    let region = Region::new(GLOBAL);
    let out = decode();
    // `bytes_allocated` counts what reallocations added too.
    (out, region.change().bytes_allocated)
}

fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

/// What a decode that fails at its first element may allocate, whatever the reply
/// declares: the 1 MiB a collection may reserve up front, at a few levels of nesting, and
/// the error's message.
const FAILED_DECODE_LIMIT: usize = 4 << 20;

/// What any decode may allocate per byte of its frame: the collections of a decode hold at
/// most 48 bytes per byte received, and a `Vec` grows by doubling.
const PER_BYTE: usize = 100;

/// What any decode may allocate whatever its frame: what large elements may hold however
/// short the frame (64 KiB, doubled), and an error's path and message.
const CONSTANT: usize = 256 << 10;

fn frame(bytes: Vec<u8>) -> Frame {
    Frame::new(Bytes::from(bytes)).expect("a well-formed frame")
}

/// `n` times `item`, after `head`.
fn repeated(head: &str, item: &str, n: usize) -> Vec<u8> {
    let mut out = head.as_bytes().to_vec();
    out.reserve(item.len() * n);
    for _ in 0..n {
        out.extend_from_slice(item.as_bytes());
    }
    out
}

/// The reply: FT.SEARCH's RESP3 map whose `results` declares 2,000,000 documents,
/// each a null (6 MB). It asked for 368 MB at once (a 516 MB one, for 31 GB, and the
/// process aborted).
#[test]
fn search_results_of_two_million_nulls_fail_typed_without_reserving_for_them() {
    let _serial = one_at_a_time();
    let n = 2_000_000;
    let reply = frame(repeated(&format!("%1\r\n+results\r\n*{n}\r\n"), "_\r\n", n));
    let (result, allocated) = counted(|| reply.decode::<SearchResults>().map(drop));
    let Err(Error::Decode(e)) = result else {
        panic!("not a decode error: {result:?}");
    };
    assert!(e.to_string().contains("results"), "{e}");
    assert!(
        allocated <= FAILED_DECODE_LIMIT,
        "{allocated} bytes allocated"
    );
}

/// TS.MRANGE's RESP3 map declaring 1,000,000 series, and RESP2's array of as many: each
/// `Vec<Series>` reserved for all of them.
#[test]
fn multi_series_of_a_million_nulls_fail_typed_without_reserving_for_them() {
    let _serial = one_at_a_time();
    let n = 1_000_000;
    let resp3 = frame(repeated(&format!("%{n}\r\n"), "+k\r\n_\r\n", n));
    let resp2 = frame(repeated(&format!("*{n}\r\n"), "_\r\n", n));
    for reply in [resp3, resp2] {
        let (result, allocated) = counted(|| reply.decode::<MultiSeries>().map(drop));
        assert!(matches!(result, Err(Error::Decode(_))), "{result:?}");
        assert!(
            allocated <= FAILED_DECODE_LIMIT,
            "{allocated} bytes allocated"
        );
    }
}

/// A series whose labels (a RESP3 map) and whose samples declare a million each: the
/// labels' and the samples' vectors reserved for all of them.
#[test]
fn series_labels_and_samples_of_a_million_nulls_fail_typed_without_reserving_for_them() {
    let _serial = one_at_a_time();
    let n = 1_000_000;
    let mut labels = repeated(&format!("%1\r\n+k\r\n*3\r\n%{n}\r\n"), "_\r\n_\r\n", n);
    labels.extend_from_slice(b"%0\r\n*0\r\n");
    let mut samples = b"%1\r\n+k\r\n*3\r\n%0\r\n%0\r\n".to_vec();
    samples.extend(repeated(&format!("*{n}\r\n"), "_\r\n", n));
    for reply in [frame(labels), frame(samples)] {
        let (result, allocated) = counted(|| reply.decode::<MultiSeries>().map(drop));
        assert!(matches!(result, Err(Error::Decode(_))), "{result:?}");
        assert!(
            allocated <= FAILED_DECODE_LIMIT,
            "{allocated} bytes allocated"
        );
    }
}

/// FT.SPELLCHECK, RESP3 and RESP2, with a term declaring a million suggestions.
#[test]
fn spellcheck_suggestions_of_a_million_nulls_fail_typed_without_reserving_for_them() {
    let _serial = one_at_a_time();
    let n = 1_000_000;
    let resp3 = repeated(
        &format!("%1\r\n+results\r\n%1\r\n+term\r\n*{n}\r\n"),
        "_\r\n",
        n,
    );
    let resp2 = repeated(
        &format!("*1\r\n*3\r\n+TERM\r\n+term\r\n*{n}\r\n"),
        "_\r\n",
        n,
    );
    for reply in [frame(resp3), frame(resp2)] {
        let (result, allocated) = counted(|| reply.decode::<SpellCheck>().map(drop));
        assert!(matches!(result, Err(Error::Decode(_))), "{result:?}");
        assert!(
            allocated <= FAILED_DECODE_LIMIT,
            "{allocated} bytes allocated"
        );
    }
}

/// Shapes a hostile server could send in place of any reply, each declaring `n` elements.
fn hostile_shapes(n: usize) -> Vec<(&'static str, Frame)> {
    let deep = {
        let mut out = "*1\r\n".repeat(100).into_bytes();
        out.extend(repeated(&format!("*{n}\r\n"), "_\r\n", n));
        out
    };
    vec![
        (
            "an array of RESP3 nulls",
            frame(repeated(&format!("*{n}\r\n"), "_\r\n", n)),
        ),
        (
            "an array of RESP2 nulls",
            frame(repeated(&format!("*{n}\r\n"), "$-1\r\n", n)),
        ),
        (
            "a map of nulls",
            frame(repeated(&format!("%{n}\r\n"), "_\r\n", 2 * n)),
        ),
        (
            "a set of empty arrays",
            frame(repeated(&format!("~{n}\r\n"), "*0\r\n", n)),
        ),
        (
            "an array of empty maps",
            frame(repeated(&format!("*{n}\r\n"), "%0\r\n", n)),
        ),
        (
            "an array of zeros",
            frame(repeated(&format!("*{n}\r\n"), ":0\r\n", n)),
        ),
        (
            "a map with a field of nulls",
            frame(repeated(
                &format!("%2\r\n+total_results\r\n:1\r\n+results\r\n*{n}\r\n"),
                "_\r\n",
                n,
            )),
        ),
        ("nulls 100 arrays deep", frame(deep)),
    ]
}

/// Every reply type the crate declares (every builder's, core and modules, every
/// hand-written one in each form) reads each hostile shape as a value or as a typed
/// error, allocating at most `PER_BYTE` bytes per byte of the reply: never memory for
/// elements it did not read, and never hundreds of bytes for a 3-byte null.
#[test]
fn every_reply_type_reads_hostile_shapes_within_bounded_memory() {
    let _serial = one_at_a_time();
    let decoders = decoders::all();
    assert!(decoders.len() > 500, "only {} reply types", decoders.len());
    let mut breaches = Vec::new();
    for (shape, reply) in hostile_shapes(100_000) {
        let len = reply.as_bytes().len();
        for (name, decode) in &decoders {
            let (result, allocated) = counted(|| decode(&reply));
            if allocated > PER_BYTE * len + CONSTANT {
                breaches.push(format!(
                    "{name}, {shape} ({len} bytes): {allocated} bytes allocated ({})",
                    if result.is_ok() { "read" } else { "failed" }
                ));
            }
            if let Err(e) = &result {
                assert!(
                    matches!(e, Error::Decode(_) | Error::Server(_)),
                    "{name}, {shape}: not a typed decode error: {e:?}"
                );
            }
        }
    }
    assert!(breaches.is_empty(), "{}", breaches.join("\n"));
}

/// Hostile module replies from a server, each followed by a command on the same
/// connection: every one is the caller's typed error, with bounded memory, and the
/// connection serves the next command (no reconnect).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[allow(
    clippy::await_holding_lock,
    reason = "held for the whole test, so that no other test's decodes are counted"
)]
async fn hostile_module_replies_are_typed_errors_and_the_connection_serves_the_next_command() {
    use std::time::Duration;
    use typedis::{b, Client, Config, Protocol};
    use typedis_tests::FakeServer;

    let _serial = one_at_a_time();
    let n = 1_000_000;
    let nulls = |head: String| repeated(&head, "_\r\n", n);
    // FT.SEARCH: 1,000,000 null documents; TS.MRANGE: as many null series; FT.INFO: a
    // map of as many null pairs; VSIM WITHSCORES: as many null matches; and nulls 100
    // arrays deep.
    let search = nulls(format!(
        "%2\r\n+total_results\r\n:1\r\n+results\r\n*{n}\r\n"
    ));
    let mrange = repeated(&format!("%{n}\r\n"), "+k\r\n_\r\n", n);
    let info = repeated(&format!("%{n}\r\n"), "_\r\n_\r\n", n);
    let vsim = repeated(&format!("%{n}\r\n"), "+e\r\n_\r\n", n);
    let mut deep = "*1\r\n".repeat(100).into_bytes();
    deep.extend(nulls(format!("*{n}\r\n")));
    let server = FakeServer::start(move |_, mut conn| {
        while let Some(name) = conn.command() {
            let reply: &[u8] = match name.as_str() {
                "FT.SEARCH" => &search,
                "TS.MRANGE" => &mrange,
                "FT.INFO" => &info,
                "VSIM" => &vsim,
                "FT.SPELLCHECK" => &deep,
                "PING" => b"+PONG\r\n",
                _ => b"+OK\r\n",
            };
            if !conn.send(reply) {
                return;
            }
        }
    });
    let config = Config::from_url(&server.url())
        .unwrap()
        .protocol(Protocol::Resp2)
        .response_timeout(Some(Duration::from_secs(10)));
    let client = Client::with_config(config).await.unwrap();
    macro_rules! hostile {
        ($request:expr) => {{
            let ((result, pong), allocated) = {
                let region = Region::new(GLOBAL);
                let result = client.query($request).await.map(drop);
                let pong = client.query(b().ping()).await;
                ((result, pong), region.change().bytes_allocated)
            };
            assert!(
                matches!(result, Err(Error::Decode(_))),
                "{}: {result:?}",
                stringify!($request)
            );
            assert_eq!(pong.unwrap(), "PONG");
            // The reply's own bytes are read into a buffer (a few times their 3-6 MB as
            // it grows), nothing is reserved for the million elements declared.
            assert!(
                allocated < 64 << 20,
                "{}: {allocated} bytes",
                stringify!($request)
            );
        }};
    }
    hostile!(b().ft_search().index("idx").query("*"));
    hostile!(b()
        .ts_mrange()
        .from_timestamp("-")
        .to_timestamp("+")
        .filter("a=b"));
    hostile!(b().ft_info().index("idx"));
    hostile!(b().vsim().key("k").ele("e").withscores());
    hostile!(b().ft_spellcheck().index("idx").query("q"));
    assert_eq!(client.stats().reconnects, 0, "the connection was replaced");
    assert_eq!(server.accepted(), 1);
}
