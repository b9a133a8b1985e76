//! Every combination of the options of the most used commands, sent to a real server (the
//! one the harness starts: `redis-server`, or the binary `TYPEDIS_SERVER` names): each
//! combination the server refuses as a syntax error must be one the builders' types
//! refuse (a rule of the overlay: `requires`, `at_most_one`, `exactly_one`) or one of
//! [`NOT_IN_THE_TYPES`], and each combination the types refuse must be one the server
//! refuses, so the rules are the servers' own.
//!
//! The options are the spec's (`client/spec/commands.json` with typedis's overlay): every
//! top-level optional argument absent or given (each choice of a `oneof`), with values
//! the server parses; the required arguments are the samples of [`COMMANDS`]. An option
//! the server lacks (the spec's `missing_from`, `only`) is left out.

use std::collections::BTreeSet;
use std::path::Path;

use typedis::resp::Frame;
use typedis_codegen::{Arg, ArgKind, CommandSpec};
use typedis_tests::conformance::syntax_problem;
use typedis_tests::{server_family, server_version, RawConnection, RedisServer};

/// A required argument's spec name and the words sent for it.
type Sample = (&'static str, &'static [&'static str]);

/// The commands checked, with the words of their required arguments, by spec name.
const COMMANDS: &[(&str, &[Sample])] = &[
    ("SET", &[("key", &["k:str"]), ("value", &["v"])]),
    ("GETEX", &[("key", &["k:str"])]),
    ("EXPIRE", &[("key", &["k:str"]), ("seconds", &["100"])]),
    ("ZADD", &[("key", &["k:z"]), ("data", &["1", "m"])]),
    (
        "ZRANGE",
        &[("key", &["k:z"]), ("start", &["0"]), ("stop", &["10"])],
    ),
    (
        "ZRANGESTORE",
        &[
            ("dst", &["k:z2"]),
            ("src", &["k:z"]),
            ("min", &["0"]),
            ("max", &["10"]),
        ],
    ),
    ("ZRANK", &[("key", &["k:z"]), ("member", &["m"])]),
    (
        "XADD",
        &[
            ("key", &["k:s"]),
            ("id-selector", &["*"]),
            ("data", &["f", "v"]),
        ],
    ),
    ("XTRIM", &[("key", &["k:s"])]),
    (
        "RESTORE",
        &[
            ("key", &["k:restored"]),
            ("ttl", &["0"]),
            ("serialized-value", &["not-a-dump"]),
        ],
    ),
    ("LPOS", &[("key", &["k:l"]), ("element", &["a"])]),
    ("SCAN", &[("cursor", &["0"])]),
    (
        "COPY",
        &[("source", &["k:str"]), ("destination", &["k:copy"])],
    ),
    ("HSCAN", &[("key", &["k:h"]), ("cursor", &["0"])]),
];

/// Combinations the servers refuse that the types still take, by command and the set of
/// options given (spec names, a `oneof`'s choice as `oneof=choice`): each is a choice of
/// one `oneof` against another option, which the type states do not follow.
const NOT_IN_THE_TYPES: &[(&str, &[&str])] = &[
    // GT and LT are refused with NX (not with XX).
    ("ZADD", &["condition=nx", "comparison"]),
    // WITHSCORES is refused with BYLEX (not with BYSCORE, nor on an index range).
    ("ZRANGE", &["sortby=bylex", "withscores"]),
    // LIMIT needs the approximate trim (`~`): the types refuse it without an operator,
    // not with `=`.
    ("XADD", &["trim.operator=equal", "trim.count"]),
    ("XTRIM", &["trim.operator=equal", "trim.count"]),
];

/// One way of giving an optional argument: its name (as the rules and the table say it)
/// and its words.
#[derive(Clone)]
struct Way {
    names: Vec<String>,
    words: Vec<String>,
}

/// A value the server parses where the spec says `kind`.
fn sample(kind: ArgKind) -> &'static str {
    match kind {
        ArgKind::Integer | ArgKind::UnixTime => "10",
        ArgKind::Double => "1.5",
        ArgKind::Pattern => "*",
        // A string read as a number somewhere (a trim threshold) reads here too.
        _ => "10",
    }
}

/// True when the server under test has the argument.
fn offered(a: &Arg, server: &str, family: &str) -> bool {
    !a.missing_from.iter().any(|m| m == server) && a.only.as_deref().is_none_or(|f| f == family)
}

/// The words of `a` given once, with its required parts (and none of its options).
fn words(a: &Arg, server: &str, family: &str) -> Vec<String> {
    let mut out: Vec<String> = a.token.iter().cloned().collect();
    match a.kind {
        ArgKind::PureToken => {}
        ArgKind::Block => {
            for c in a.children.iter().filter(|c| !c.optional) {
                out.extend(words(c, server, family));
            }
        }
        ArgKind::Oneof => {
            if let Some(c) = a.children.iter().find(|c| offered(c, server, family)) {
                out.extend(words(c, server, family));
            }
        }
        kind => out.push(sample(kind).to_owned()),
    }
    out
}

/// Every way of giving the optional `a` (`None`: absent).
fn ways(a: &Arg, server: &str, family: &str) -> Vec<Option<Way>> {
    let mut out = vec![None];
    if !offered(a, server, family) {
        return out;
    }
    match a.kind {
        ArgKind::Oneof => {
            for c in a.children.iter().filter(|c| offered(c, server, family)) {
                out.push(Some(Way {
                    names: vec![a.name.clone(), format!("{}={}", a.name, c.name)],
                    words: words(c, server, family),
                }));
            }
        }
        ArgKind::Block => out.extend(block_ways(a, server, family).into_iter().map(Some)),
        _ => out.push(Some(Way {
            names: vec![a.name.clone()],
            words: words(a, server, family),
        })),
    }
    out
}

/// Every way of giving the block `a`: its token and required parts, with each
/// combination of its optional parts, named `block.part` (`trim.limit`).
fn block_ways(a: &Arg, server: &str, family: &str) -> Vec<Way> {
    let mut out = vec![Way {
        names: vec![a.name.clone()],
        words: a.token.iter().cloned().collect(),
    }];
    for c in &a.children {
        let choices = if c.optional {
            ways(c, server, family)
        } else {
            vec![Some(Way {
                names: Vec::new(),
                words: words(c, server, family),
            })]
        };
        out = out
            .iter()
            .flat_map(|base| {
                choices.iter().map(move |way| {
                    let mut w = base.clone();
                    if let Some(way) = way {
                        w.names
                            .extend(way.names.iter().map(|n| format!("{}.{n}", a.name)));
                        w.words.extend(way.words.iter().cloned());
                    }
                    w
                })
            })
            .collect();
    }
    out
}

/// The combinations of `cmd`'s optional arguments, each with its words in spec order; a
/// required block without a sample (`XTRIM`'s `trim`) is given with each combination of
/// its own options.
fn combinations(
    cmd: &CommandSpec,
    required: &[Sample],
    server: &str,
    family: &str,
) -> Vec<(BTreeSet<String>, Vec<String>)> {
    let mut out: Vec<(BTreeSet<String>, Vec<String>)> = vec![(BTreeSet::new(), Vec::new())];
    for a in &cmd.arguments {
        let choices: Vec<Option<Way>> = match required.iter().find(|(n, _)| *n == a.name) {
            Some((_, given)) => vec![Some(Way {
                names: Vec::new(),
                words: given.iter().map(|w| w.to_string()).collect(),
            })],
            None if a.optional => ways(a, server, family),
            None if a.kind == ArgKind::Block => block_ways(a, server, family)
                .into_iter()
                .map(Some)
                .collect(),
            None => panic!("{}: no sample for the required `{}`", cmd.name, a.name),
        };
        out = out
            .iter()
            .flat_map(|(names, words)| {
                choices.iter().map(move |way| {
                    let mut names = names.clone();
                    let mut words = words.clone();
                    if let Some(w) = way {
                        names.extend(w.names.iter().cloned());
                        words.extend(w.words.iter().cloned());
                    }
                    (names, words)
                })
            })
            .collect();
    }
    out
}

/// What a reply says when the server refuses the options together: a syntax error, or
/// one of the messages that say options conflict (`ZADD`'s "GT, LT, and/or NX options at
/// the same time are not compatible"). Errors about values (a range item, a dump) are not.
fn refusal(reply: &Frame) -> Option<String> {
    let text = String::from_utf8_lossy(reply.as_bytes())
        .trim_end()
        .to_owned();
    let conflict = ["not compatible", "only supported", "not supported"]
        .iter()
        .any(|p| text.to_ascii_lowercase().contains(p));
    syntax_problem(reply).or((reply.is_error() && conflict).then_some(text))
}

/// Why the types refuse a combination (the overlay's rules on `cmd`, which name an
/// option inside a block without the block: `count`, not `trim.count`), if they do.
fn refused_by_types(cmd: &CommandSpec, given: &BTreeSet<String>) -> Option<String> {
    let given: BTreeSet<&str> = given
        .iter()
        .map(|n| n.rsplit_once('.').map_or(n.as_str(), |(_, bare)| bare))
        .collect();
    for r in &cmd.requires {
        if given.contains(r.arg.as_str()) && !given.contains(r.needs.as_str()) {
            return Some(format!("`{}` needs `{}`", r.arg, r.needs));
        }
    }
    for g in &cmd.at_most_one {
        if g.iter().filter(|n| given.contains(n.as_str())).count() > 1 {
            return Some(format!("at most one of {g:?}"));
        }
    }
    for g in &cmd.exactly_one {
        if g.iter().filter(|n| given.contains(n.as_str())).count() != 1 {
            return Some(format!("exactly one of {g:?}"));
        }
    }
    None
}

/// The options of a combination that the servers' refusal is about: the set without the
/// bare names of `oneof`s whose choice is also listed.
fn shown(given: &BTreeSet<String>) -> Vec<String> {
    given
        .iter()
        .filter(|n| !given.iter().any(|m| m.starts_with(&format!("{n}="))))
        .cloned()
        .collect()
}

#[test]
fn the_option_combinations_the_server_refuses_are_the_ones_the_types_refuse() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let spec = std::fs::read_to_string(root.join("client/spec/commands.json"))
        .expect("read commands.json");
    let overlay =
        std::fs::read_to_string(root.join("client/spec/overlay.json")).expect("read overlay.json");
    let spec = typedis_codegen::with_overlay(&spec, &overlay).expect("commands.json reads");
    let (family, version) = (server_family(), server_version());
    let server = format!("{family} {version}");
    let redis = RedisServer::start();
    let mut conn = RawConnection::connect(redis.port());
    for seed in [
        &["SET", "k:str", "v"][..],
        &["ZADD", "k:z", "1", "m"],
        &["XADD", "k:s", "*", "f", "v"],
        &["RPUSH", "k:l", "a", "b"],
        &["HSET", "k:h", "f", "v"],
    ] {
        let args: Vec<&[u8]> = seed.iter().map(|s| s.as_bytes()).collect();
        assert!(!conn.request(&args).is_error(), "seed {seed:?}");
    }
    let mut problems = Vec::new();
    let mut sent = 0;
    let mut refused = 0;
    let mut known = 0;
    for (name, required) in COMMANDS {
        let cmd = &spec.commands[*name];
        for (given, words) in combinations(cmd, required, &server, family) {
            let mut args: Vec<&[u8]> = name.split(' ').map(str::as_bytes).collect();
            args.extend(words.iter().map(|w| w.as_bytes()));
            let reply = conn.request(&args);
            sent += 1;
            let server_refuses = refusal(&reply);
            let types_refuse = refused_by_types(cmd, &given);
            let listed = NOT_IN_THE_TYPES
                .iter()
                .any(|(c, set)| c == name && set.iter().all(|n| given.contains(*n)));
            match (&server_refuses, &types_refuse) {
                (Some(_), Some(_)) => refused += 1,
                (Some(_), None) if listed => known += 1,
                (Some(why), None) => problems.push(format!(
                    "{name} {:?}: the server refuses it ({why}), the types take it",
                    shown(&given)
                )),
                (None, Some(rule)) => problems.push(format!(
                    "{name} {:?}: the types refuse it ({rule}), the server takes it",
                    shown(&given)
                )),
                (None, None) => {}
            }
        }
    }
    eprintln!(
        "{server}: {sent} combinations of {} commands sent; {refused} refused by the \
         server and the types alike, {known} by the server only as NOT_IN_THE_TYPES says",
        COMMANDS.len()
    );
    assert!(sent > 150, "only {sent} combinations");
    assert!(refused > 0, "no combination was refused by both");
    assert!(
        problems.is_empty(),
        "{} of {sent} combinations disagree:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
