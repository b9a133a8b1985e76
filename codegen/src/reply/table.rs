//! The reviewed table of what the reply schemas say only in prose: which arguments pick
//! which alternative of a command's reply ([`SWITCHES`]), replies that typedis reads
//! with a type of its own ([`OVERRIDES`]), and the field names of fixed-length arrays
//! read into structs ([`POSITIONAL`]). Every entry is checked against real servers by
//! the conformance test, which decodes each invocation's reply into the type it declares.

use super::ty::Ty;

/// A command whose reply's alternatives (the schema's top `oneOf`/`anyOf`, by index) are
/// chosen by its arguments.
pub(crate) struct Switch {
    pub(crate) command: &'static str,
    /// In order: the first rule any of whose arguments is given picks the reply.
    pub(crate) rules: &'static [Rule],
    /// The alternatives when no rule applies.
    pub(crate) default: &'static [usize],
}

/// Arguments (by token, or by name when they have none) and the alternatives they pick;
/// `"A+B"` is one argument list entry that applies when both are given.
pub(crate) struct Rule {
    pub(crate) given: &'static [&'static str],
    pub(crate) alts: &'static [usize],
}

impl Switch {
    /// The switch as a spec gives one.
    pub(crate) fn owned(&self) -> crate::spec::ReplySwitches {
        crate::spec::ReplySwitches {
            rules: self
                .rules
                .iter()
                .map(|r| {
                    let given = r.given.iter().map(|g| (*g).to_owned()).collect();
                    (given, r.alts.to_vec())
                })
                .collect(),
            default: self.default.to_vec(),
        }
    }
}

const fn rule(given: &'static [&'static str], alts: &'static [usize]) -> Rule {
    Rule { given, alts }
}

/// `WITHSCORES` turns a sorted-set command's members (alternative 0) into member/score
/// pairs (alternative 1).
const WITHSCORES: &[Rule] = &[rule(&["WITHSCORES"], &[1])];

const fn withscores(command: &'static str) -> Switch {
    Switch {
        command,
        rules: WITHSCORES,
        default: &[0],
    }
}

/// Every switch, sorted by command.
pub(crate) const SWITCHES: &[Switch] = &[
    // [entries, OK]: `ACL LOG RESET` clears the log.
    Switch {
        command: "ACL LOG",
        rules: &[rule(&["RESET"], &[1])],
        default: &[0],
    },
    // [OK, integer]: the old `CLIENT KILL addr` form answers OK, the filters a count.
    Switch {
        command: "CLIENT KILL",
        rules: &[rule(&["new-format"], &[1])],
        default: &[0],
    },
    // [names, matches, stored count]: WITH* options add data; STORE(DIST) stores instead.
    Switch {
        command: "GEORADIUS",
        rules: &[
            rule(&["STORE", "STOREDIST"], &[2]),
            rule(&["WITHCOORD", "WITHDIST", "WITHHASH"], &[1]),
        ],
        default: &[0],
    },
    Switch {
        command: "GEORADIUSBYMEMBER",
        rules: &[
            rule(&["STORE", "STOREDIST"], &[2]),
            rule(&["WITHCOORD", "WITHDIST", "WITHHASH"], &[1]),
        ],
        default: &[0],
    },
    Switch {
        command: "GEORADIUSBYMEMBER_RO",
        rules: &[rule(&["WITHCOORD", "WITHDIST", "WITHHASH"], &[1])],
        default: &[0],
    },
    Switch {
        command: "GEORADIUS_RO",
        rules: &[rule(&["WITHCOORD", "WITHDIST", "WITHHASH"], &[1])],
        default: &[0],
    },
    Switch {
        command: "GEOSEARCH",
        rules: &[rule(&["WITHCOORD", "WITHDIST", "WITHHASH"], &[1])],
        default: &[0],
    },
    // [null, field, fields, field/value pairs]
    Switch {
        command: "HRANDFIELD",
        rules: &[rule(&["WITHVALUES"], &[3]), rule(&["count"], &[2])],
        default: &[0, 1],
    },
    // [field/value pairs, fields]
    Switch {
        command: "HSCAN",
        rules: &[rule(&["NOVALUES"], &[1])],
        default: &[0],
    },
    // [subsequence, length, matches]
    Switch {
        command: "LCS",
        rules: &[rule(&["LEN"], &[1]), rule(&["IDX"], &[2])],
        default: &[0],
    },
    // [null, element, elements]: a count returns a list (null when the key is missing).
    Switch {
        command: "LPOP",
        rules: &[rule(&["count"], &[0, 2])],
        default: &[0, 1],
    },
    // [null, index, indexes]: COUNT returns every match.
    Switch {
        command: "LPOS",
        rules: &[rule(&["COUNT"], &[2])],
        default: &[0, 1],
    },
    Switch {
        command: "RPOP",
        rules: &[rule(&["count"], &[0, 2])],
        default: &[0, 1],
    },
    // [aborted, OK, no old value, old value]: GET returns the old value; NX/XX may abort.
    Switch {
        command: "SET",
        rules: &[rule(&["GET"], &[2, 3]), rule(&["condition"], &[0, 1])],
        default: &[1],
    },
    // [stored count, elements]
    Switch {
        command: "SORT",
        rules: &[rule(&["STORE"], &[0])],
        default: &[1],
    },
    // [null, member, members]
    Switch {
        command: "SPOP",
        rules: &[rule(&["count"], &[2])],
        default: &[0, 1],
    },
    // [null, member, members, no members]
    Switch {
        command: "SRANDMEMBER",
        rules: &[rule(&["count"], &[2, 3])],
        default: &[0, 1],
    },
    // [vector, raw form]
    Switch {
        command: "VEMB",
        rules: &[rule(&["RAW"], &[1])],
        default: &[0],
    },
    // [layers of names, layers of name/score maps]
    Switch {
        command: "VLINKS",
        rules: &[rule(&["WITHSCORES"], &[1])],
        default: &[0],
    },
    // [null, element, elements]: a count returns a list.
    Switch {
        command: "VRANDMEMBER",
        rules: &[rule(&["count"], &[2])],
        default: &[0, 1],
    },
    // [array, WITHSCORES map, WITHATTRIBS map, both]: each option turns the elements into
    // a map; both make each value a (score, attributes) pair.
    Switch {
        command: "VSIM",
        rules: &[
            rule(&["WITHSCORES+WITHATTRIBS"], &[3]),
            rule(&["WITHSCORES"], &[1]),
            rule(&["WITHATTRIBS"], &[2]),
        ],
        default: &[0],
    },
    // [entries with data, ids]
    Switch {
        command: "XAUTOCLAIM",
        rules: &[rule(&["JUSTID"], &[1])],
        default: &[0],
    },
    // [ids, entries]
    Switch {
        command: "XCLAIM",
        rules: &[rule(&["JUSTID"], &[0])],
        default: &[1],
    },
    // [summary, full]
    Switch {
        command: "XINFO STREAM",
        rules: &[rule(&["FULL"], &[1])],
        default: &[0],
    },
    // [extended form, summary]: the range of the extended form picks it.
    Switch {
        command: "XPENDING",
        rules: &[rule(&["range"], &[0])],
        default: &[1],
    },
    // [aborted, added, changed, new score]: INCR returns the score (null when NX/XX/GT/LT
    // stopped it).
    Switch {
        command: "ZADD",
        rules: &[rule(&["INCR"], &[0, 3])],
        default: &[1],
    },
    withscores("ZDIFF"),
    withscores("ZINTER"),
    // [null, member, members, member/score pairs]
    Switch {
        command: "ZRANDMEMBER",
        rules: &[rule(&["WITHSCORES"], &[3]), rule(&["count"], &[2])],
        default: &[0, 1],
    },
    withscores("ZRANGE"),
    withscores("ZRANGEBYSCORE"),
    // [null, rank, rank and score]
    Switch {
        command: "ZRANK",
        rules: &[rule(&["WITHSCORE"], &[0, 2])],
        default: &[0, 1],
    },
    withscores("ZREVRANGE"),
    withscores("ZREVRANGEBYSCORE"),
    Switch {
        command: "ZREVRANK",
        rules: &[rule(&["WITHSCORE"], &[0, 2])],
        default: &[0, 1],
    },
    // [member/score pairs, members]
    Switch {
        command: "ZSCAN",
        rules: &[rule(&["NOSCORES"], &[1])],
        default: &[0],
    },
    withscores("ZUNION"),
];

/// Makes the type of an override (types with boxes cannot be constants).
type MakeTy = fn() -> Ty;

/// Replies read with a type of typedis's own, whatever the schema says: shapes the rules
/// cannot type but a hand-written reader can.
pub(crate) const OVERRIDES: &[(&str, MakeTy)] = &[
    // [slot start, slot end, primary, replicas...]: a tuple with a variable tail.
    ("CLUSTER SLOTS", || {
        Ty::Vec(Box::new(Ty::Shared("SlotRange", vec![])))
    }),
    // Three shapes told apart by their first element (master, slave, sentinel).
    ("ROLE", || Ty::Shared("Role", vec![])),
    // Text of `field:value` lines in `# Section`s, and of `field=value` words.
    ("INFO", || Ty::Shared("Info", vec![])),
    ("CLIENT INFO", || Ty::Shared("ClientInfo", vec![])),
    ("CLIENT LIST", || Ty::Shared("ClientList", vec![])),
    // One pair without COUNT, a list of pairs with it: a list reads both.
    ("ZPOPMAX", || {
        Ty::Vec(Box::new(Ty::Shared("ScoredMember", vec![])))
    }),
    ("ZPOPMIN", || {
        Ty::Vec(Box::new(Ty::Shared("ScoredMember", vec![])))
    }),
    // A Sentinel's `field`/`value` maps of the nodes it watches, read with accessors.
    ("SENTINEL MASTER", || Ty::Shared("SentinelNode", vec![])),
    ("SENTINEL PRIMARY", || Ty::Shared("SentinelNode", vec![])),
    ("SENTINEL MASTERS", sentinel_nodes),
    ("SENTINEL PRIMARIES", sentinel_nodes),
    ("SENTINEL REPLICAS", sentinel_nodes),
    ("SENTINEL SLAVES", sentinel_nodes),
    ("SENTINEL SENTINELS", sentinel_nodes),
    // [host, port], or null for a service the Sentinel does not watch (the schema
    // forgets the null).
    ("SENTINEL GET-MASTER-ADDR-BY-NAME", primary_addr),
    ("SENTINEL GET-PRIMARY-ADDR-BY-NAME", primary_addr),
    // [name, [[age in ms, INFO text or null], ...], name, ...]: per primary, its INFO
    // and its replicas' as the Sentinel last read them (the schema misses the pairing).
    ("SENTINEL INFO-CACHE", || {
        let info = Ty::Option(Box::new(Ty::Shared("Info", vec![])));
        let cached = Ty::Vec(Box::new(Ty::Tuple(vec![Ty::Int, info])));
        Ty::Vec(Box::new(Ty::Tuple(vec![Ty::Bytes, cached])))
    }),
];

fn sentinel_nodes() -> Ty {
    Ty::Vec(Box::new(Ty::Shared("SentinelNode", vec![])))
}

fn primary_addr() -> Ty {
    Ty::Option(Box::new(Ty::Shared("PrimaryAddr", vec![])))
}

/// Fixed-length arrays read into structs, by (command, place in the schema: "" for the
/// reply, `[]` for its elements), with their fields' names.
pub(crate) const POSITIONAL: &[(&str, &str, &[&str])] = &[
    ("BZPOPMAX", "", &["key", "member", "score"]),
    ("BZPOPMIN", "", &["key", "member", "score"]),
    ("CLUSTERSCAN", "", &["cursor", "keys"]),
    (
        "COMMAND INFO",
        "[]",
        &[
            "name",
            "arity",
            "flags",
            "first_key",
            "last_key",
            "step",
            "acl_categories",
            "tips",
            "key_specs",
            "subcommands",
        ],
    ),
    (
        "LATENCY LATEST",
        "[]",
        &["event", "timestamp", "latest_ms", "max_ms"],
    ),
    (
        "SLOWLOG GET",
        "[]",
        &[
            "id",
            "timestamp",
            "duration_us",
            "args",
            "client_addr",
            "client_name",
        ],
    ),
    ("XAUTOCLAIM", "", &["next_start", "claimed", "deleted"]),
    ("XPENDING", "", &["count", "min_id", "max_id", "consumers"]),
    (
        "XPENDING",
        "[]",
        &["id", "consumer", "idle_ms", "deliveries"],
    ),
];

/// The switch of `command`, if it has one.
pub(crate) fn switch(command: &str) -> Option<&'static Switch> {
    SWITCHES.iter().find(|s| s.command == command)
}

/// The types of `typedis::reply` a schema may name with
/// [`SHARED_KEY`](super::schema::SHARED_KEY).
const SHARED: &[&str] = &[
    "VectorMatch",
    "RawVector",
    // Feature `bloom`.
    "Added",
    "BloomInfoValue",
    // Feature `json`.
    "JsonNumbers",
    "JsonTypes",
    "JsonMatches",
    "JsonKeys",
    "JsonResp",
    // Feature `search`.
    "SearchResults",
    "SearchPage",
    "SpellCheck",
    "ConfigHelp",
    "SearchProfile",
    "Suggestions",
    "SearchAttribute",
    // Feature `timeseries`.
    "MultiSeries",
    "LastSample",
    "CompactionRules",
];

/// The name of a type a schema names, if typedis has it.
pub(crate) fn shared(name: &str) -> Option<&'static str> {
    SHARED.iter().copied().find(|s| *s == name)
}

/// The type `command`'s reply is always read with, if the table says.
pub(crate) fn override_of(command: &str) -> Option<Ty> {
    OVERRIDES
        .iter()
        .find(|(c, _)| *c == command)
        .map(|(_, ty)| ty())
}

/// The field names of the fixed-length array at `at` of `command`'s reply, if the table
/// names them.
pub(crate) fn positional(command: &str, at: &str) -> Option<&'static [&'static str]> {
    POSITIONAL
        .iter()
        .find(|(c, a, _)| *c == command && *a == at)
        .map(|(_, _, names)| *names)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_sorted_and_each_command_is_listed_once() {
        let names: Vec<&str> = SWITCHES.iter().map(|s| s.command).collect();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(names, sorted);
        for s in SWITCHES {
            assert!(!s.rules.is_empty(), "{}", s.command);
        }
    }
}
