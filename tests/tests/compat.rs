//! Code written against the builders of the Redis 7.0.15 spec still compiles with today's
//! (deprecated aliases keep the methods a newer spec renamed, writing the same bytes),
//! and what it builds is still what the server accepts: no arity or syntax error.

#[rustfmt::skip]
#[path = "compat/redis_7_0_15.rs"]
mod old;

use typedis_tests::{RawConnection, RedisServer};

/// Cases of the old spec that this test does not send, with the reason (as in the
/// conformance test).
const SKIPS: &[&str] = &[
    "SHUTDOWN",
    "DEBUG",
    "FAILOVER",
    "REPLICAOF",
    "SLAVEOF",
    "SYNC",
    "PSYNC",
    "CONFIG SET",
    "CONFIG REWRITE",
    "FLUSHALL",
    "FLUSHDB",
    "SCRIPT FLUSH",
    "FUNCTION FLUSH",
    "CLIENT REPLY",
    "MONITOR",
];

#[test]
fn code_written_for_the_redis_7_0_15_builders_still_builds_what_servers_accept() {
    let server = RedisServer::start();
    let mut problems = Vec::new();
    let mut sent = 0;
    for case in old::CASES {
        if SKIPS.contains(&case.command) {
            continue;
        }
        let (command, _) = (case.build)();
        let mut conn = RawConnection::connect(server.port());
        conn.write(command.as_bytes());
        let reply = loop {
            let frame = conn.read_frame();
            if !frame.is_push() || case.command.contains("SUBSCRIBE") {
                break frame;
            }
        };
        sent += 1;
        let text = String::from_utf8_lossy(reply.as_bytes()).to_ascii_lowercase();
        if reply.is_error()
            && [
                "wrong number of arguments",
                "syntax error",
                "unknown subcommand",
                "unknown command",
            ]
            .iter()
            .any(|p| text.contains(p))
        {
            let args: Vec<String> = command
                .args()
                .map(|a| String::from_utf8_lossy(a).into_owned())
                .collect();
            problems.push(format!(
                "{} ({}, {}): `{}` -> {}",
                case.command,
                case.group,
                case.variant,
                args.join(" "),
                text.trim_end()
            ));
        }
    }
    println!("compat: {sent} invocations of the Redis 7.0.15 builders sent");
    assert!(sent > 1000, "only {sent} invocations");
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
