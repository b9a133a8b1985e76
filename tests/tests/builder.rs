//! The generated builders write what Redis expects: tokens, spec order whatever the call
//! order, repetition, conditional twins, keys and their slot, flags and policies.

use typedis::cmd::{Bound, CommandFlags, Raw, RequestPolicy, Slot};
use typedis::{b, Command};

fn args(c: &Command) -> Vec<String> {
    c.args()
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .collect()
}

#[test]
fn required_arguments_come_in_order_and_tokens_are_written_for_the_user() {
    let c = b().xrange().key("s").start("-").end("+").count(100).build();
    assert_eq!(args(&c), ["XRANGE", "s", "-", "+", "COUNT", "100"]);
    assert_eq!(c.slot(), Slot::One(typedis::cmd::key_slot(b"s")));
    assert!(c.flags().contains(CommandFlags::READONLY));
}

#[test]
fn optional_arguments_are_sent_in_spec_order_whatever_the_call_order() {
    let c = b().set().key("k").value("v").keepttl().get().xx().build();
    assert_eq!(args(&c), ["SET", "k", "v", "XX", "GET", "KEEPTTL"]);
    let c = b()
        .zadd()
        .key("z")
        .incr()
        .ch()
        .gt()
        .nx()
        .score_member(1.5, "m")
        .build();
    assert_eq!(
        args(&c),
        ["ZADD", "z", "NX", "GT", "CH", "INCR", "1.5", "m"]
    );
}

#[test]
fn conditional_twins_write_only_what_is_given() {
    let ttl: Option<u32> = None;
    let c = b().set().key("k").value("v").ex_opt(ttl).build();
    assert_eq!(args(&c), ["SET", "k", "v"]);
    let c = b().set().key("k").value("v").ex_opt(Some(5)).build();
    assert_eq!(args(&c), ["SET", "k", "v", "EX", "5"]);
    let c = b().expire().key("k").seconds(10).nx_if(false).build();
    assert_eq!(args(&c), ["EXPIRE", "k", "10"]);
    let c = b().expire().key("k").seconds(10).nx_if(true).build();
    assert_eq!(args(&c), ["EXPIRE", "k", "10", "NX"]);
}

#[test]
fn repeated_arguments_take_one_item_per_call_or_an_iterator() {
    let c = b().del().key("a").key("b").key_iter(["c", "d"]).build();
    assert_eq!(args(&c), ["DEL", "a", "b", "c", "d"]);
    assert_eq!(c.keys().count(), 4);
    let c = b()
        .mset()
        .key_value("k1", "v1")
        .key_value_iter([("k2", "v2"), ("k3", "v3")])
        .build();
    assert_eq!(args(&c), ["MSET", "k1", "v1", "k2", "v2", "k3", "v3"]);
    assert_eq!(c.slot(), Slot::Cross);
    let c = b()
        .mget()
        .key("{user1000}.following")
        .key("{user1000}.followers")
        .build();
    assert_eq!(c.slot(), Slot::One(typedis::cmd::key_slot(b"user1000")));
}

#[test]
fn a_block_token_is_written_once_and_a_multiple_token_before_every_item() {
    // XREAD STREAMS key [key ...] id [id ...]: STREAMS once, keys then ids.
    let c = b()
        .xread()
        .count(2)
        .key("s1")
        .key("s2")
        .id("0")
        .id("0")
        .build();
    assert_eq!(
        args(&c),
        ["XREAD", "COUNT", "2", "STREAMS", "s1", "s2", "0", "0"]
    );
    // SORT ... GET pattern [GET pattern ...]: the token before every item.
    let c = b().sort().key("l").get("a").get("b").alpha().build();
    assert_eq!(args(&c), ["SORT", "l", "GET", "a", "GET", "b", "ALPHA"]);
    // MIGRATE ... KEYS key [key ...]: the token once, even across calls.
    let c = b()
        .migrate()
        .host("127.0.0.1")
        .port(6380)
        .empty_string()
        .destination_db(0)
        .timeout(100)
        .keys("a")
        .copy()
        .keys("b")
        .build();
    assert_eq!(
        args(&c),
        [
            "MIGRATE",
            "127.0.0.1",
            "6380",
            "",
            "0",
            "100",
            "COPY",
            "KEYS",
            "a",
            "b"
        ]
    );
    assert_eq!(c.keys().collect::<Vec<_>>(), [&b"a"[..], b"b"]);
}

#[test]
fn blocks_are_entered_by_their_first_step() {
    let c = b()
        .geosearch()
        .key("g")
        .fromlonlat(13.4, 52.5)
        .byradius_km(10)
        .count(5)
        .any()
        .asc()
        .build();
    assert_eq!(
        args(&c),
        [
            "GEOSEARCH",
            "g",
            "FROMLONLAT",
            "13.4",
            "52.5",
            "BYRADIUS",
            "10",
            "KM",
            "ASC",
            "COUNT",
            "5",
            "ANY"
        ]
    );
    let c = b()
        .xadd()
        .key("s")
        .maxlen()
        .limit(10)
        .threshold(1000)
        .approximately()
        .auto_id()
        .field_value("f", "v")
        .build();
    assert_eq!(
        args(&c),
        ["XADD", "s", "MAXLEN", "~", "1000", "LIMIT", "10", "*", "f", "v"]
    );
    // LOLWUT's version takes numbers of its own after it (version 5: columns, squares
    // per row and per column).
    let c = b().lolwut().version(5).parameter_iter([4, 2, 1]).build();
    assert_eq!(args(&c), ["LOLWUT", "VERSION", "5", "4", "2", "1"]);
    // XTRIM spells the same trimming as XADD does; XADD's old names still write it.
    let c = b()
        .xtrim()
        .key("s")
        .minid()
        .approximately()
        .threshold("5-0")
        .build();
    assert_eq!(args(&c), ["XTRIM", "s", "MINID", "~", "5-0"]);
    #[allow(deprecated)]
    let c = b()
        .xadd()
        .key("s")
        .trim_minid()
        .approximately()
        .threshold("5-0")
        .auto_id()
        .field_value("f", "v")
        .build();
    assert_eq!(args(&c), ["XADD", "s", "MINID", "~", "5-0", "*", "f", "v"]);
    let c = b()
        .xadd()
        .key("s")
        .minid()
        .approximately()
        .threshold("5-0")
        .auto_id()
        .field_value("f", "v")
        .build();
    assert_eq!(args(&c), ["XADD", "s", "MINID", "~", "5-0", "*", "f", "v"]);
}

#[test]
fn numbers_accept_any_integer_or_float_bounds_and_raw_text_for_special_forms() {
    let c = b()
        .zcount()
        .key("z")
        .min(Bound::Exclusive(1))
        .max(f64::INFINITY)
        .build();
    assert_eq!(args(&c), ["ZCOUNT", "z", "(1", "+inf"]);
    let c = b()
        .zcount()
        .key("z")
        .min(Raw("(1"))
        .max(Raw("+inf"))
        .build();
    assert_eq!(args(&c), ["ZCOUNT", "z", "(1", "+inf"]);
    let c = b()
        .zunionstore()
        .destination("out")
        .key("a")
        .key("b")
        .weights(0.5)
        .weights(2)
        .build();
    assert_eq!(
        args(&c),
        ["ZUNIONSTORE", "out", "2", "a", "b", "WEIGHTS", "0.5", "2"]
    );
    let c = b().expire().key("k").seconds(10u8).build();
    assert_eq!(args(&c), ["EXPIRE", "k", "10"]);
}

#[test]
fn subcommands_flags_and_policies_come_from_the_spec() {
    let c = b().client_kill().id(7).type_normal().skipme_yes().build();
    assert_eq!(
        args(&c),
        ["CLIENT", "KILL", "ID", "7", "TYPE", "NORMAL", "SKIPME", "YES"]
    );
    assert_eq!(c.name(), "CLIENT KILL");
    assert_eq!(c.slot(), Slot::None);
    let c = b().keys().pattern("*").build();
    assert_eq!(c.policy().request, Some(RequestPolicy::AllShards));
    let c = b().blpop().key("q").timeout(0.5).build();
    assert!(c.flags().contains(CommandFlags::BLOCKING));
    assert_eq!(args(&c), ["BLPOP", "q", "0.5"]);
}

#[test]
fn optional_arguments_come_in_any_order_and_are_written_in_spec_order() {
    // COUNT and BLOCK after the streams, as a user writes them; before STREAMS on the wire.
    let c = b()
        .xreadgroup()
        .group("g", "c")
        .key("s")
        .id(">")
        .count(4)
        .block(500)
        .build();
    assert_eq!(
        args(&c),
        [
            "XREADGROUP",
            "GROUP",
            "g",
            "c",
            "COUNT",
            "4",
            "BLOCK",
            "500",
            "STREAMS",
            "s",
            ">"
        ]
    );
    // NOMKSTREAM after the fields.
    let c = b()
        .xadd()
        .key("s")
        .auto_id()
        .field_value("f", "v")
        .nomkstream()
        .build();
    assert_eq!(args(&c), ["XADD", "s", "NOMKSTREAM", "*", "f", "v"]);
    // EVAL's numkeys is written from the keys given.
    let c = b()
        .eval()
        .script("return 1")
        .key_iter(["a", "b"])
        .arg("x")
        .build();
    assert_eq!(args(&c), ["EVAL", "return 1", "2", "a", "b", "x"]);
}

#[test]
fn options_and_commands_named_after_rust_keywords_have_a_trailing_underscore_twin() {
    let raw = b()
        .scan()
        .cursor(0)
        .r#match("user:*")
        .r#type("hash")
        .build();
    let plain = b().scan().cursor(0).match_("user:*").type_("hash").build();
    assert_eq!(
        args(&plain),
        ["SCAN", "0", "MATCH", "user:*", "TYPE", "hash"]
    );
    assert_eq!(plain.as_bytes(), raw.as_bytes());
    let moved = b().move_().key("k").db(1).build();
    assert_eq!(args(&moved), ["MOVE", "k", "1"]);
    assert_eq!(moved.slot(), Slot::One(typedis::cmd::key_slot(b"k")));
}

/// The generator holds at most `MAX_HELD` options in a state's `TOnce`: typedis's `Nth`
/// reads and gives each position of a tuple that long, so no generated builder names an
/// impl the runtime lacks.
#[test]
fn the_runtime_reads_every_option_the_generator_holds() {
    use typedis::cmd::state::{Given, Nth, Set, Unset, Unset25};
    const LAST: usize = typedis_codegen::plan::MAX_HELD - 1;
    fn is<T: Nth<LAST, Is = M>, M>() {}
    is::<Unset25, Unset>();
    is::<Given<Unset25, LAST>, Set>();
    assert_eq!(
        typedis_codegen::plan::MAX_HELD,
        25,
        "the runtime's tuple impls (client/src/cmd/state.rs) cover 25 markers"
    );
}

/// A held option given through its conditional twin is written only when asked, and the
/// twin returns the same state type as the method it calls.
#[test]
fn held_options_and_their_twins_write_what_is_given() {
    let given = b()
        .xpending()
        .key("s")
        .group("g")
        .range("-", "+", 10)
        .consumer_opt(Some("c"));
    let none = b()
        .xpending()
        .key("s")
        .group("g")
        .range("-", "+", 10)
        .consumer_opt(None::<&str>);
    let same: [typedis::cmd::builders::xpending::Ready<
        typedis::cmd::state::Set,
        (typedis::cmd::state::Unset, typedis::cmd::state::Set),
    >; 2] = [given, none];
    let [given, none] = same;
    assert_eq!(
        args(&given.build()),
        ["XPENDING", "s", "g", "-", "+", "10", "c"]
    );
    assert_eq!(args(&none.build()), ["XPENDING", "s", "g", "-", "+", "10"]);
}
