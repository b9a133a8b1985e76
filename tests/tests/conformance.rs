//! Conformance of the generated builders against a real server (the one the harness
//! starts: `redis-server`, or the binary `TYPEDIS_SERVER` names): every case of
//! `conformance/cases.rs` (a minimal and several maximal invocations of every command,
//! each with twins on a missing key and on a missing member or field where it names one,
//! generated from `client/spec/commands.json` by `typedis-tasks regenerate`) that the server's
//! family and version have (by the spec's own `since` and `only`, for the command and each
//! argument given) is sent on its own connection, over RESP2 and over RESP3, after data of
//! the command's group was written to the keys the cases use; cluster commands go to a
//! cluster-enabled server. No reply may be an arity or syntax error; the keys each builder
//! recorded must equal what `COMMAND GETKEYS` finds in the same arguments (where the
//! server can tell), with the arguments the server's key specs flagged `NOT_KEY` point at
//! (shard channels, which the server routes by); and every reply that is not an error must decode into the reply type
//! the builder declares. The others are counted as skipped by version.

#[rustfmt::skip]
#[path = "conformance/cases.rs"]
mod cases;

use std::collections::{BTreeMap, BTreeSet};

use typedis_tests::conformance::{check_keys, exchange, syntax_problem, KeysCheck};
use typedis_tests::{RawConnection, RedisServer};

/// Commands not sent, with the reason: only what would stop, block, reconfigure or flush
/// the server, or break the one-reply-per-request exchange of the test.
const SKIPS: &[(&str, &str)] = &[
    ("SHUTDOWN", "stops the server"),
    ("DEBUG", "can crash, stall or reconfigure the server"),
    ("FAILOVER", "reconfigures replication"),
    ("REPLICAOF", "reconfigures replication"),
    ("SLAVEOF", "reconfigures replication"),
    ("SYNC", "starts a replication stream that is not RESP"),
    ("PSYNC", "starts a replication stream that is not RESP"),
    ("CONFIG SET", "reconfigures the server"),
    ("CONFIG REWRITE", "rewrites the server's configuration"),
    ("FLUSHALL", "flushes the server"),
    ("FLUSHDB", "flushes the server"),
    ("SCRIPT FLUSH", "flushes the script cache"),
    ("FUNCTION FLUSH", "flushes the function libraries"),
    (
        "CLIENT REPLY",
        "OFF and SKIP suppress the reply the test waits for",
    ),
    (
        "MONITOR",
        "turns the connection into a feed of every command the server runs",
    ),
    (
        "CLUSTER SYNCSLOTS",
        "internal: sent by cluster nodes to each other during a slot migration",
    ),
];

/// Replies not decoded into their declared type, with the reason (they are still sent,
/// and checked for syntax and keys).
const NOT_DECODED: &[(&str, &str)] = &[
    (
        "SUBSCRIBE",
        "answered by one confirmation push per channel, read by Client::subscriber",
    ),
    (
        "PSUBSCRIBE",
        "answered by one confirmation push per pattern, read by Client::subscriber",
    ),
    (
        "SSUBSCRIBE",
        "answered by one confirmation push per channel, read by Client::subscriber",
    ),
    (
        "UNSUBSCRIBE",
        "answered by one confirmation push per channel, read by Client::subscriber",
    ),
    (
        "PUNSUBSCRIBE",
        "answered by one confirmation push per pattern, read by Client::subscriber",
    ),
    (
        "SUNSUBSCRIBE",
        "answered by one confirmation push per channel, read by Client::subscriber",
    ),
];

/// The keys the cases use (`sample` in `typedis_tasks::conformance`), filled with data
/// of the command's group before each case, so that replies have their full shape.
const KEYS: &[&str] = &["{t}k1", "{t}k2", "{t}k3", "{t}k4", "{t}k5"];

/// The commands that write the data a case of `group` reads (none for the cluster
/// commands: their node serves no slot).
fn seed(group: &str) -> Vec<Vec<Vec<u8>>> {
    if group == "cluster" {
        return Vec::new();
    }
    let mut out: Vec<Vec<Vec<u8>>> = vec![vec![b"FLUSHALL".to_vec()]];
    let words = |w: &[&str]| -> Vec<Vec<u8>> { w.iter().map(|s| s.as_bytes().to_vec()).collect() };
    for key in KEYS {
        let data: Vec<Vec<&str>> = match group {
            "hash" => vec![vec!["HSET", key, "1", "1", "f", "v"]],
            "list" => vec![vec!["RPUSH", key, "1", "1", "2"]],
            "set" => vec![vec!["SADD", key, "1", "a"]],
            "sorted-set" | "sorted_set" => vec![vec!["ZADD", key, "1", "1", "2", "a"]],
            "geo" => vec![vec!["GEOADD", key, "1.5", "1.5", "1", "1.6", "1.6", "a"]],
            "hyperloglog" => vec![vec!["PFADD", key, "1", "a"]],
            "stream" => vec![
                vec!["XADD", key, "1-1", "1", "1"],
                vec!["XADD", key, "1-2", "f", "v"],
                vec!["XGROUP", "CREATE", key, "1", "0"],
                vec!["XREADGROUP", "GROUP", "1", "1", "STREAMS", key, ">"],
            ],
            // One-dimensional vectors: the cases' `VALUES 1 1.5` has that dimension.
            "vector_set" => vec![
                vec![
                    "VADD",
                    key,
                    "VALUES",
                    "1",
                    "1",
                    "1",
                    "SETATTR",
                    r#"{"n":1}"#,
                ],
                vec!["VADD", key, "VALUES", "1", "0.5", "a"],
            ],
            _ => vec![vec!["SET", key, "1"]],
        };
        out.extend(data.iter().map(|c| words(c)));
    }
    out
}

/// The server's family (`redis`, `valkey`) and version, as `HELLO` says.
fn server_identity(port: u16) -> (String, String) {
    let mut conn = RawConnection::connect(port);
    let hello = conn.request(&[b"HELLO", b"3"]);
    let fields: std::collections::HashMap<String, typedis::Value> =
        hello.decode().expect("HELLO replies with a map");
    let text = |k: &str| match fields.get(k) {
        Some(typedis::Value::Bulk(b) | typedis::Value::SimpleString(b)) => {
            String::from_utf8_lossy(b).into_owned()
        }
        other => panic!("HELLO {k}: {other:?}"),
    };
    (text("server"), text("version"))
}

/// True when a server of `family` and `version` has what a case needs, whose command has
/// `argc` words.
fn has(case: &cases::Case, argc: usize, family: &str, version: &str) -> bool {
    // Servers of this family no newer than `server`.
    let up_to = |server: &str| {
        server
            .split_once(' ')
            .is_some_and(|(f, v)| f == family && !newer(version, v))
    };
    let missing = case.missing_from.iter().any(|s| up_to(s));
    let miscounted = case.arity_in.iter().any(|(s, arity)| {
        let n = arity.unsigned_abs() as usize;
        up_to(s) && if *arity < 0 { argc < n } else { argc != n }
    });
    // The family's own `since`; a family the spec does not know goes by the oldest.
    let since = case
        .since
        .iter()
        .find(|(f, _)| *f == family)
        .or_else(|| case.since.iter().min_by(|a, b| cmp_versions(a.1, b.1)))
        .map_or("0.0.0", |(_, v)| *v);
    case.only.is_none_or(|only| only == family) && !newer(since, version) && !missing && !miscounted
}

/// True when version `a` is newer than `b` (dotted numbers).
fn newer(a: &str, b: &str) -> bool {
    cmp_versions(a, b).is_gt()
}

/// Compares dotted version numbers.
fn cmp_versions(a: &str, b: &str) -> std::cmp::Ordering {
    let parts = |v: &str| -> Vec<u64> { v.split('.').map(|p| p.parse().unwrap_or(0)).collect() };
    parts(a).cmp(&parts(b))
}

#[derive(Default)]
struct Tally {
    sent: usize,
    decoded: usize,
    errors: usize,
    not_decoded: usize,
}

/// What the keys check found.
#[derive(Default)]
struct Keys {
    checked: usize,
    /// `COMMAND GETKEYS` refused the arguments: the server cannot tell.
    not_checkable: usize,
}

#[test]
fn every_builder_sends_what_the_server_accepts_and_its_reply_reads_as_its_type() {
    let server = RedisServer::start();
    let port = server.port();
    // CLUSTER subcommands: a standalone server refuses some before it parses them.
    let cluster_node = RedisServer::builder()
        .args(["--cluster-enabled", "yes"])
        .start();
    let (family, version) = server_identity(port);
    let mut by_version = BTreeSet::new();
    let mut skipped_cases = 0;
    let mut keys = Keys::default();
    let skips: BTreeMap<&str, &str> = SKIPS.iter().copied().collect();
    let not_decoded: BTreeMap<&str, &str> = NOT_DECODED.iter().copied().collect();
    let mut problems = Vec::new();
    let mut tallies: BTreeMap<u8, Tally> = BTreeMap::new();
    let mut exercised = BTreeSet::new();
    let mut skipped = BTreeSet::new();
    let mut typed_ok = BTreeSet::new();
    let mut keyed = 0;
    let mut seeds: BTreeMap<&str, Vec<Vec<Vec<u8>>>> = BTreeMap::new();
    for case in cases::CASES {
        if skips.contains_key(case.command) {
            skipped.insert(case.command);
            continue;
        }
        let (command, decode) = (case.build)();
        if !has(case, command.arg_count(), &family, &version) {
            by_version.insert(case.command);
            skipped_cases += 1;
            continue;
        }
        let port = if case.group == "cluster" {
            cluster_node.port()
        } else {
            port
        };
        exercised.insert(case.command);
        let args: Vec<&[u8]> = command.args().collect();
        let shown = || {
            args.iter()
                .map(|a| String::from_utf8_lossy(a).into_owned())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let seed = seeds.entry(case.group).or_insert_with(|| seed(case.group));
        for protocol in [2u8, 3] {
            let pushed = not_decoded.contains_key(case.command);
            let reply = exchange(port, protocol, seed, command.as_bytes(), pushed);
            let tally = tallies.entry(protocol).or_default();
            tally.sent += 1;
            if let Some(err) = syntax_problem(&reply) {
                problems.push(format!(
                    "{} ({}, RESP{protocol}): `{}` -> {err}",
                    case.command,
                    case.variant,
                    shown()
                ));
                continue;
            }
            if reply.is_error() {
                tally.errors += 1;
                continue;
            }
            if not_decoded.contains_key(case.command) {
                tally.not_decoded += 1;
                continue;
            }
            match decode(&reply) {
                Ok(()) => {
                    tally.decoded += 1;
                    typed_ok.insert(case.command);
                }
                Err(e) => {
                    let text = String::from_utf8_lossy(reply.as_bytes());
                    let start: String = text.chars().take(200).collect();
                    problems.push(format!(
                        "{} ({}, RESP{protocol}): `{}` -> reply {start:?}... does not read as \
                         its type: {e}",
                        case.command,
                        case.variant,
                        shown(),
                    ));
                }
            }
        }
        if command.keys().next().is_some() {
            keyed += 1;
        }
        match check_keys(port, &args, command.keys()) {
            KeysCheck::Agree => keys.checked += 1,
            KeysCheck::NotCheckable => keys.not_checkable += 1,
            KeysCheck::Differ(why) => {
                keys.checked += 1;
                problems.push(format!(
                    "{} ({}): `{}` {why}",
                    case.command,
                    case.variant,
                    shown()
                ));
            }
        }
    }
    let total: BTreeSet<&str> = cases::CASES.iter().map(|c| c.command).collect();
    println!(
        "conformance on {family} {version}: {} of {} commands exercised ({keyed} invocations \
         with keys; {} checked by GETKEYS and the server's NOT_KEY key specs, {} not \
         checkable: GETKEYS refused them); {} invocations of {} commands skipped by version or family ({}); {} skipped:",
        exercised.len(),
        total.len(),
        keys.checked,
        keys.not_checkable,
        skipped_cases,
        by_version.len(),
        by_version.iter().copied().collect::<Vec<_>>().join(", "),
        skipped.len()
    );
    for s in &skipped {
        println!("  skipped {s}: {}", skips[s]);
    }
    for (protocol, t) in &tallies {
        println!(
            "  RESP{protocol}: {} invocations sent, {} replies read as their declared type, \
             {} error replies (not a syntax error: the data did not fit), {} not decoded",
            t.sent, t.decoded, t.errors, t.not_decoded
        );
    }
    let unchecked: Vec<&str> = exercised
        .iter()
        .filter(|c| !typed_ok.contains(*c) && !not_decoded.contains_key(*c))
        .copied()
        .collect();
    println!(
        "  {} commands had at least one reply read as their declared type; {} only error \
         replies here: {}",
        typed_ok.len(),
        unchecked.len(),
        unchecked.join(", ")
    );
    for (c, why) in NOT_DECODED {
        println!("  not decoded {c}: {why}");
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
    let available = total.len()
        - by_version
            .iter()
            .filter(|c| !exercised.contains(*c))
            .count();
    assert!(
        exercised.len() * 10 >= available * 9,
        "fewer than 90% of the commands this server has were exercised"
    );
}

/// The keys check can fail: a key left out, or a shard channel (which `COMMAND GETKEYS`
/// does not report, though the server routes by it) not recorded as a key.
#[test]
fn the_keys_check_finds_a_key_or_a_shard_channel_left_out() {
    let server = RedisServer::start();
    let port = server.port();
    let none = std::iter::empty::<&[u8]>;
    let get: [&[u8]; 2] = [b"GET", b"k"];
    assert_eq!(
        check_keys(port, &get, [&b"k"[..]].into_iter()),
        KeysCheck::Agree
    );
    assert!(matches!(
        check_keys(port, &get, none()),
        KeysCheck::Differ(_)
    ));
    let spublish: [&[u8]; 3] = [b"SPUBLISH", b"ch", b"hello"];
    assert_eq!(
        check_keys(port, &spublish, [&b"ch"[..]].into_iter()),
        KeysCheck::Agree
    );
    assert!(matches!(
        check_keys(port, &spublish, none()),
        KeysCheck::Differ(_)
    ));
    let ssubscribe: [&[u8]; 3] = [b"SSUBSCRIBE", b"a", b"b"];
    assert_eq!(
        check_keys(port, &ssubscribe, [&b"a"[..], b"b"].into_iter()),
        KeysCheck::Agree
    );
    // A keyless command: nothing to find, nothing recorded.
    assert_eq!(check_keys(port, &[b"PING"], none()), KeysCheck::Agree);
}
