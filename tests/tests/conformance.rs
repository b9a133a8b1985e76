//! Conformance of the generated builders against a real redis-server: every case of
//! `conformance/cases.rs` (a minimal and several maximal invocations of every command,
//! generated from `commands.json` by `typedis-codegen regenerate`) is sent on its own
//! connection; no reply may be an arity or syntax error, and the keys each builder
//! recorded must equal what `COMMAND GETKEYS` finds in the same arguments.

#[rustfmt::skip]
#[path = "conformance/cases.rs"]
mod cases;

use std::collections::BTreeMap;

use typedis::resp::Frame;
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
];

/// What a reply says about the request's syntax.
fn syntax_problem(reply: &Frame) -> Option<String> {
    let bytes = reply.as_bytes();
    if !reply.is_error() {
        return None;
    }
    let text = String::from_utf8_lossy(bytes).to_ascii_lowercase();
    [
        "wrong number of arguments",
        "syntax error",
        "unknown subcommand",
        "unknown command",
    ]
    .iter()
    .any(|p| text.contains(p))
    .then(|| String::from_utf8_lossy(bytes).trim_end().to_owned())
}

/// The keys `COMMAND GETKEYS` finds, or `None` when it refuses (no key arguments).
fn server_keys(port: u16, args: &[&[u8]]) -> Option<Vec<Vec<u8>>> {
    let mut conn = RawConnection::connect(port);
    let mut request: Vec<&[u8]> = vec![b"COMMAND", b"GETKEYS"];
    request.extend_from_slice(args);
    let reply = conn.request(&request);
    if reply.is_error() {
        return None;
    }
    Some(
        reply
            .decode::<Vec<Vec<u8>>>()
            .expect("GETKEYS replies with an array of keys"),
    )
}

#[test]
fn every_builder_sends_what_the_server_accepts_and_the_keys_it_finds() {
    let server = RedisServer::start();
    let port = server.port();
    let skips: BTreeMap<&str, &str> = SKIPS.iter().copied().collect();
    let mut problems = Vec::new();
    let mut sent = 0;
    let mut exercised = std::collections::BTreeSet::new();
    let mut skipped = std::collections::BTreeSet::new();
    let mut keyed = 0;
    for case in cases::CASES {
        if skips.contains_key(case.command) {
            skipped.insert(case.command);
            continue;
        }
        let command = (case.build)();
        let mut conn = RawConnection::connect(port);
        let reply = conn.send(command.as_bytes());
        sent += 1;
        exercised.insert(case.command);
        let args: Vec<&[u8]> = command.args().collect();
        let shown = || {
            args.iter()
                .map(|a| String::from_utf8_lossy(a).into_owned())
                .collect::<Vec<_>>()
                .join(" ")
        };
        if let Some(err) = syntax_problem(&reply) {
            problems.push(format!(
                "{} ({}): `{}` -> {err}",
                case.command,
                case.variant,
                shown()
            ));
        }
        let mut ours: Vec<Vec<u8>> = command.keys().map(<[u8]>::to_vec).collect();
        let mut theirs = server_keys(port, &args).unwrap_or_default();
        ours.sort();
        theirs.sort();
        if !ours.is_empty() {
            keyed += 1;
        }
        if ours != theirs {
            problems.push(format!(
                "{} ({}): `{}` builder keys {:?} but GETKEYS {:?}",
                case.command,
                case.variant,
                shown(),
                ours.iter()
                    .map(|k| String::from_utf8_lossy(k).into_owned())
                    .collect::<Vec<_>>(),
                theirs
                    .iter()
                    .map(|k| String::from_utf8_lossy(k).into_owned())
                    .collect::<Vec<_>>(),
            ));
        }
    }
    let total: std::collections::BTreeSet<&str> = cases::CASES.iter().map(|c| c.command).collect();
    println!(
        "conformance: {sent} invocations of {} of {} commands sent ({keyed} with keys checked by GETKEYS); {} skipped:",
        exercised.len(),
        total.len(),
        skipped.len()
    );
    for s in &skipped {
        println!("  skipped {s}: {}", skips[s]);
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
    assert!(
        exercised.len() * 10 >= total.len() * 9,
        "fewer than 90% of the commands were exercised"
    );
}
