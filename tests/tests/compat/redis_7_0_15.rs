// Frozen: the conformance cases generated from the Redis 7.0.15 spec
// (client/spec/sources/redis-7.0.15.json) before the spec moved to Redis 7.0.15 + Valkey 9.1.2.
// Code written against those builders, which must keep compiling (deprecation warnings
// allowed) and sending what the servers accept. Not regenerated.
//
// Over 500 lines: frozen generated cases (above).
//
// Two kinds of call are taken out, where the newer spec made options a choice (what
// `typedis-tasks compat` reports as breaking): GEORADIUS and GEORADIUSBYMEMBER with
// both STOREDIST and STORE (the server keeps the last), and SHUTDOWN with ABORT and
// other options (which the servers refuse).
// One kind of call is changed: XAUTOCLAIM's and XCLAIM's min-idle-time was any argument
// (`"1"`) and is a number of milliseconds now, as XPENDING's IDLE is (`1`, or a `Duration`).
// Coverage: 351 commands, 1437 cases, 922 of 922 builder methods called.
#![allow(deprecated)]

/// Reads a reply as the type a request declares.
pub type Decode = fn(
    &::typedis::resp::Frame,
) -> ::core::result::Result<(), ::typedis::Error>;
/// One invocation of one command's builder.
pub struct Case {
    /// The command, as the spec names it.
    pub command: &'static str,
    /// The spec's group of the command (`string`, `stream`, ...).
    pub group: &'static str,
    /// `minimal` or `maximal N`.
    pub variant: &'static str,
    /// Builds the command, and the reader of its declared reply type.
    pub build: fn() -> (::typedis::Command, Decode),
}
/// A complete builder as its command and its reply's reader.
fn typed<R: ::typedis::Request>(request: R) -> (::typedis::Command, Decode) {
    (request.into_command(), |frame| frame.decode::<R::Reply>().map(drop))
}
/// Every case, commands in spec order.
pub static CASES: &[Case] = &[
    Case {
        command: "ACL CAT",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().acl_cat()),
    },
    Case {
        command: "ACL CAT",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().acl_cat().categoryname("1")),
    },
    Case {
        command: "ACL CAT",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().acl_cat().categoryname("1")),
    },
    Case {
        command: "ACL CAT",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().acl_cat().categoryname_opt(Some("1"))),
    },
    Case {
        command: "ACL DELUSER",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().acl_deluser().username("1")),
    },
    Case {
        command: "ACL DELUSER",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().acl_deluser().username("1").username("1")),
    },
    Case {
        command: "ACL DELUSER",
        group: "server",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().acl_deluser().username_iter(["1"]).username_iter(["1"]),
        ),
    },
    Case {
        command: "ACL DELUSER",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().acl_deluser().username("1").username("1")),
    },
    Case {
        command: "ACL DRYRUN",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().acl_dryrun().username("1").command("1")),
    },
    Case {
        command: "ACL DRYRUN",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().acl_dryrun().username("1").command("1").arg("1")),
    },
    Case {
        command: "ACL DRYRUN",
        group: "server",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().acl_dryrun().username("1").command("1").arg_iter(["1"]),
        ),
    },
    Case {
        command: "ACL DRYRUN",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().acl_dryrun().username("1").command("1").arg("1")),
    },
    Case {
        command: "ACL GENPASS",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().acl_genpass()),
    },
    Case {
        command: "ACL GENPASS",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().acl_genpass().bits(1)),
    },
    Case {
        command: "ACL GENPASS",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().acl_genpass().bits(1)),
    },
    Case {
        command: "ACL GENPASS",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().acl_genpass().bits_opt(Some(1))),
    },
    Case {
        command: "ACL GETUSER",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().acl_getuser().username("1")),
    },
    Case {
        command: "ACL GETUSER",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().acl_getuser().username("1")),
    },
    Case {
        command: "ACL GETUSER",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().acl_getuser().username("1")),
    },
    Case {
        command: "ACL GETUSER",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().acl_getuser().username("1")),
    },
    Case {
        command: "ACL HELP",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().acl_help()),
    },
    Case {
        command: "ACL HELP",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().acl_help()),
    },
    Case {
        command: "ACL HELP",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().acl_help()),
    },
    Case {
        command: "ACL HELP",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().acl_help()),
    },
    Case {
        command: "ACL LIST",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().acl_list()),
    },
    Case {
        command: "ACL LIST",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().acl_list()),
    },
    Case {
        command: "ACL LIST",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().acl_list()),
    },
    Case {
        command: "ACL LIST",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().acl_list()),
    },
    Case {
        command: "ACL LOAD",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().acl_load()),
    },
    Case {
        command: "ACL LOAD",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().acl_load()),
    },
    Case {
        command: "ACL LOAD",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().acl_load()),
    },
    Case {
        command: "ACL LOAD",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().acl_load()),
    },
    Case {
        command: "ACL LOG",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().acl_log()),
    },
    Case {
        command: "ACL LOG",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().acl_log().count(1)),
    },
    Case {
        command: "ACL LOG",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().acl_log().reset()),
    },
    Case {
        command: "ACL LOG",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().acl_log().count(1)),
    },
    Case {
        command: "ACL SAVE",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().acl_save()),
    },
    Case {
        command: "ACL SAVE",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().acl_save()),
    },
    Case {
        command: "ACL SAVE",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().acl_save()),
    },
    Case {
        command: "ACL SAVE",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().acl_save()),
    },
    Case {
        command: "ACL SETUSER",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().acl_setuser().username("1")),
    },
    Case {
        command: "ACL SETUSER",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().acl_setuser().username("1").rule("on")),
    },
    Case {
        command: "ACL SETUSER",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().acl_setuser().username("1").rule_iter(["on"])),
    },
    Case {
        command: "ACL SETUSER",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().acl_setuser().username("1").rule("on")),
    },
    Case {
        command: "ACL USERS",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().acl_users()),
    },
    Case {
        command: "ACL USERS",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().acl_users()),
    },
    Case {
        command: "ACL USERS",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().acl_users()),
    },
    Case {
        command: "ACL USERS",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().acl_users()),
    },
    Case {
        command: "ACL WHOAMI",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().acl_whoami()),
    },
    Case {
        command: "ACL WHOAMI",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().acl_whoami()),
    },
    Case {
        command: "ACL WHOAMI",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().acl_whoami()),
    },
    Case {
        command: "ACL WHOAMI",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().acl_whoami()),
    },
    Case {
        command: "APPEND",
        group: "string",
        variant: "minimal",
        build: || typed(::typedis::b().append().key("{t}k1").value("1")),
    },
    Case {
        command: "APPEND",
        group: "string",
        variant: "maximal 1",
        build: || typed(::typedis::b().append().key("{t}k1").value("1")),
    },
    Case {
        command: "APPEND",
        group: "string",
        variant: "maximal 2",
        build: || typed(::typedis::b().append().key("{t}k1").value("1")),
    },
    Case {
        command: "APPEND",
        group: "string",
        variant: "maximal 3",
        build: || typed(::typedis::b().append().key("{t}k1").value("1")),
    },
    Case {
        command: "ASKING",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().asking()),
    },
    Case {
        command: "ASKING",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(::typedis::b().asking()),
    },
    Case {
        command: "ASKING",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(::typedis::b().asking()),
    },
    Case {
        command: "ASKING",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(::typedis::b().asking()),
    },
    Case {
        command: "AUTH",
        group: "connection",
        variant: "minimal",
        build: || typed(::typedis::b().auth().password("1")),
    },
    Case {
        command: "AUTH",
        group: "connection",
        variant: "maximal 1",
        build: || typed(::typedis::b().auth().username("1").password("1")),
    },
    Case {
        command: "AUTH",
        group: "connection",
        variant: "maximal 2",
        build: || typed(::typedis::b().auth().password("1").username("1")),
    },
    Case {
        command: "AUTH",
        group: "connection",
        variant: "maximal 3",
        build: || typed(::typedis::b().auth().username_opt(Some("1")).password("1")),
    },
    Case {
        command: "BGREWRITEAOF",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().bgrewriteaof()),
    },
    Case {
        command: "BGREWRITEAOF",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().bgrewriteaof()),
    },
    Case {
        command: "BGREWRITEAOF",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().bgrewriteaof()),
    },
    Case {
        command: "BGREWRITEAOF",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().bgrewriteaof()),
    },
    Case {
        command: "BGSAVE",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().bgsave()),
    },
    Case {
        command: "BGSAVE",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().bgsave().schedule()),
    },
    Case {
        command: "BGSAVE",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().bgsave().schedule()),
    },
    Case {
        command: "BGSAVE",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().bgsave().schedule_if(true)),
    },
    Case {
        command: "BITCOUNT",
        group: "bitmap",
        variant: "minimal",
        build: || typed(::typedis::b().bitcount().key("{t}k1")),
    },
    Case {
        command: "BITCOUNT",
        group: "bitmap",
        variant: "maximal 1",
        build: || typed(::typedis::b().bitcount().key("{t}k1").index(1, 1).byte()),
    },
    Case {
        command: "BITCOUNT",
        group: "bitmap",
        variant: "maximal 2",
        build: || typed(::typedis::b().bitcount().key("{t}k1").index(1, 1).bit()),
    },
    Case {
        command: "BITCOUNT",
        group: "bitmap",
        variant: "maximal 3",
        build: || typed(::typedis::b().bitcount().key("{t}k1").index(1, 1).byte_if(true)),
    },
    Case {
        command: "BITFIELD",
        group: "bitmap",
        variant: "minimal",
        build: || typed(::typedis::b().bitfield().key("{t}k1")),
    },
    Case {
        command: "BITFIELD",
        group: "bitmap",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .bitfield()
                .key("{t}k1")
                .get("u8", 1)
                .overflow_wrap()
                .overflow_sat()
                .overflow_fail()
                .set("u8", 1, 1)
                .incrby("u8", 1, 1),
        ),
    },
    Case {
        command: "BITFIELD",
        group: "bitmap",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .bitfield()
                .key("{t}k1")
                .get("u8", 1)
                .overflow_wrap()
                .overflow_sat()
                .overflow_fail()
                .set("u8", 1, 1)
                .incrby("u8", 1, 1),
        ),
    },
    Case {
        command: "BITFIELD",
        group: "bitmap",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .bitfield()
                .key("{t}k1")
                .get("u8", 1)
                .overflow_wrap()
                .overflow_sat()
                .overflow_fail()
                .set("u8", 1, 1)
                .incrby("u8", 1, 1),
        ),
    },
    Case {
        command: "BITFIELD_RO",
        group: "bitmap",
        variant: "minimal",
        build: || typed(::typedis::b().bitfield_ro().key("{t}k1")),
    },
    Case {
        command: "BITFIELD_RO",
        group: "bitmap",
        variant: "maximal 1",
        build: || typed(::typedis::b().bitfield_ro().key("{t}k1").get("u8", 1)),
    },
    Case {
        command: "BITFIELD_RO",
        group: "bitmap",
        variant: "maximal 2",
        build: || typed(::typedis::b().bitfield_ro().key("{t}k1").get_iter([("u8", 1)])),
    },
    Case {
        command: "BITFIELD_RO",
        group: "bitmap",
        variant: "maximal 3",
        build: || typed(::typedis::b().bitfield_ro().key("{t}k1").get("u8", 1)),
    },
    Case {
        command: "BITOP",
        group: "bitmap",
        variant: "minimal",
        build: || typed(
            ::typedis::b().bitop().operation("AND").destkey("{t}k1").key("{t}k2"),
        ),
    },
    Case {
        command: "BITOP",
        group: "bitmap",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .bitop()
                .operation("AND")
                .destkey("{t}k1")
                .key("{t}k2")
                .key("{t}k3"),
        ),
    },
    Case {
        command: "BITOP",
        group: "bitmap",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .bitop()
                .operation("AND")
                .destkey("{t}k1")
                .key_iter(["{t}k2"])
                .key_iter(["{t}k3"]),
        ),
    },
    Case {
        command: "BITOP",
        group: "bitmap",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .bitop()
                .operation("AND")
                .destkey("{t}k1")
                .key("{t}k2")
                .key("{t}k3"),
        ),
    },
    Case {
        command: "BITPOS",
        group: "bitmap",
        variant: "minimal",
        build: || typed(::typedis::b().bitpos().key("{t}k1").bit(1)),
    },
    Case {
        command: "BITPOS",
        group: "bitmap",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().bitpos().key("{t}k1").bit(1).index(1).end_index(1).byte(),
        ),
    },
    Case {
        command: "BITPOS",
        group: "bitmap",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().bitpos().key("{t}k1").bit(1).index(1).end_index(1).bit(),
        ),
    },
    Case {
        command: "BITPOS",
        group: "bitmap",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .bitpos()
                .key("{t}k1")
                .bit(1)
                .index(1)
                .end_index(1)
                .byte_if(true),
        ),
    },
    Case {
        command: "BLMOVE",
        group: "list",
        variant: "minimal",
        build: || typed(
            ::typedis::b()
                .blmove()
                .source("{t}k1")
                .destination("{t}k2")
                .left()
                .left()
                .timeout(0.01),
        ),
    },
    Case {
        command: "BLMOVE",
        group: "list",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .blmove()
                .source("{t}k1")
                .destination("{t}k2")
                .left()
                .left()
                .timeout(0.01),
        ),
    },
    Case {
        command: "BLMOVE",
        group: "list",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .blmove()
                .source("{t}k1")
                .destination("{t}k2")
                .right()
                .right()
                .timeout(0.01),
        ),
    },
    Case {
        command: "BLMOVE",
        group: "list",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .blmove()
                .source("{t}k1")
                .destination("{t}k2")
                .left()
                .left()
                .timeout(0.01),
        ),
    },
    Case {
        command: "BLMPOP",
        group: "list",
        variant: "minimal",
        build: || typed(::typedis::b().blmpop().timeout(0.01).key("{t}k1").left()),
    },
    Case {
        command: "BLMPOP",
        group: "list",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .blmpop()
                .timeout(0.01)
                .key("{t}k1")
                .key("{t}k2")
                .left()
                .count(1),
        ),
    },
    Case {
        command: "BLMPOP",
        group: "list",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().blmpop().timeout(0.01).key_iter(["{t}k1"]).right().count(1),
        ),
    },
    Case {
        command: "BLMPOP",
        group: "list",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .blmpop()
                .timeout(0.01)
                .key("{t}k1")
                .key("{t}k2")
                .left()
                .count_opt(Some(1)),
        ),
    },
    Case {
        command: "BLPOP",
        group: "list",
        variant: "minimal",
        build: || typed(::typedis::b().blpop().key("{t}k1").timeout(0.01)),
    },
    Case {
        command: "BLPOP",
        group: "list",
        variant: "maximal 1",
        build: || typed(::typedis::b().blpop().key("{t}k1").key("{t}k2").timeout(0.01)),
    },
    Case {
        command: "BLPOP",
        group: "list",
        variant: "maximal 2",
        build: || typed(::typedis::b().blpop().key_iter(["{t}k1"]).timeout(0.01)),
    },
    Case {
        command: "BLPOP",
        group: "list",
        variant: "maximal 3",
        build: || typed(::typedis::b().blpop().key("{t}k1").key("{t}k2").timeout(0.01)),
    },
    Case {
        command: "BRPOP",
        group: "list",
        variant: "minimal",
        build: || typed(::typedis::b().brpop().key("{t}k1").timeout(0.01)),
    },
    Case {
        command: "BRPOP",
        group: "list",
        variant: "maximal 1",
        build: || typed(::typedis::b().brpop().key("{t}k1").key("{t}k2").timeout(0.01)),
    },
    Case {
        command: "BRPOP",
        group: "list",
        variant: "maximal 2",
        build: || typed(::typedis::b().brpop().key_iter(["{t}k1"]).timeout(0.01)),
    },
    Case {
        command: "BRPOP",
        group: "list",
        variant: "maximal 3",
        build: || typed(::typedis::b().brpop().key("{t}k1").key("{t}k2").timeout(0.01)),
    },
    Case {
        command: "BRPOPLPUSH",
        group: "list",
        variant: "minimal",
        build: || typed(
            ::typedis::b()
                .brpoplpush()
                .source("{t}k1")
                .destination("{t}k2")
                .timeout(0.01),
        ),
    },
    Case {
        command: "BRPOPLPUSH",
        group: "list",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .brpoplpush()
                .source("{t}k1")
                .destination("{t}k2")
                .timeout(0.01),
        ),
    },
    Case {
        command: "BRPOPLPUSH",
        group: "list",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .brpoplpush()
                .source("{t}k1")
                .destination("{t}k2")
                .timeout(0.01),
        ),
    },
    Case {
        command: "BRPOPLPUSH",
        group: "list",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .brpoplpush()
                .source("{t}k1")
                .destination("{t}k2")
                .timeout(0.01),
        ),
    },
    Case {
        command: "BZMPOP",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().bzmpop().timeout(0.01).key("{t}k1").min()),
    },
    Case {
        command: "BZMPOP",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .bzmpop()
                .timeout(0.01)
                .key("{t}k1")
                .key("{t}k2")
                .min()
                .count(1),
        ),
    },
    Case {
        command: "BZMPOP",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().bzmpop().timeout(0.01).key_iter(["{t}k1"]).max().count(1),
        ),
    },
    Case {
        command: "BZMPOP",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .bzmpop()
                .timeout(0.01)
                .key("{t}k1")
                .key("{t}k2")
                .min()
                .count_opt(Some(1)),
        ),
    },
    Case {
        command: "BZPOPMAX",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().bzpopmax().key("{t}k1").timeout(0.01)),
    },
    Case {
        command: "BZPOPMAX",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().bzpopmax().key("{t}k1").key("{t}k2").timeout(0.01),
        ),
    },
    Case {
        command: "BZPOPMAX",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(::typedis::b().bzpopmax().key_iter(["{t}k1"]).timeout(0.01)),
    },
    Case {
        command: "BZPOPMAX",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().bzpopmax().key("{t}k1").key("{t}k2").timeout(0.01),
        ),
    },
    Case {
        command: "BZPOPMIN",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().bzpopmin().key("{t}k1").timeout(0.01)),
    },
    Case {
        command: "BZPOPMIN",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().bzpopmin().key("{t}k1").key("{t}k2").timeout(0.01),
        ),
    },
    Case {
        command: "BZPOPMIN",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(::typedis::b().bzpopmin().key_iter(["{t}k1"]).timeout(0.01)),
    },
    Case {
        command: "BZPOPMIN",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().bzpopmin().key("{t}k1").key("{t}k2").timeout(0.01),
        ),
    },
    Case {
        command: "CLIENT CACHING",
        group: "connection",
        variant: "minimal",
        build: || typed(::typedis::b().client_caching().yes()),
    },
    Case {
        command: "CLIENT CACHING",
        group: "connection",
        variant: "maximal 1",
        build: || typed(::typedis::b().client_caching().yes()),
    },
    Case {
        command: "CLIENT CACHING",
        group: "connection",
        variant: "maximal 2",
        build: || typed(::typedis::b().client_caching().no()),
    },
    Case {
        command: "CLIENT CACHING",
        group: "connection",
        variant: "maximal 3",
        build: || typed(::typedis::b().client_caching().yes()),
    },
    Case {
        command: "CLIENT GETNAME",
        group: "connection",
        variant: "minimal",
        build: || typed(::typedis::b().client_getname()),
    },
    Case {
        command: "CLIENT GETNAME",
        group: "connection",
        variant: "maximal 1",
        build: || typed(::typedis::b().client_getname()),
    },
    Case {
        command: "CLIENT GETNAME",
        group: "connection",
        variant: "maximal 2",
        build: || typed(::typedis::b().client_getname()),
    },
    Case {
        command: "CLIENT GETNAME",
        group: "connection",
        variant: "maximal 3",
        build: || typed(::typedis::b().client_getname()),
    },
    Case {
        command: "CLIENT GETREDIR",
        group: "connection",
        variant: "minimal",
        build: || typed(::typedis::b().client_getredir()),
    },
    Case {
        command: "CLIENT GETREDIR",
        group: "connection",
        variant: "maximal 1",
        build: || typed(::typedis::b().client_getredir()),
    },
    Case {
        command: "CLIENT GETREDIR",
        group: "connection",
        variant: "maximal 2",
        build: || typed(::typedis::b().client_getredir()),
    },
    Case {
        command: "CLIENT GETREDIR",
        group: "connection",
        variant: "maximal 3",
        build: || typed(::typedis::b().client_getredir()),
    },
    Case {
        command: "CLIENT HELP",
        group: "connection",
        variant: "minimal",
        build: || typed(::typedis::b().client_help()),
    },
    Case {
        command: "CLIENT HELP",
        group: "connection",
        variant: "maximal 1",
        build: || typed(::typedis::b().client_help()),
    },
    Case {
        command: "CLIENT HELP",
        group: "connection",
        variant: "maximal 2",
        build: || typed(::typedis::b().client_help()),
    },
    Case {
        command: "CLIENT HELP",
        group: "connection",
        variant: "maximal 3",
        build: || typed(::typedis::b().client_help()),
    },
    Case {
        command: "CLIENT ID",
        group: "connection",
        variant: "minimal",
        build: || typed(::typedis::b().client_id()),
    },
    Case {
        command: "CLIENT ID",
        group: "connection",
        variant: "maximal 1",
        build: || typed(::typedis::b().client_id()),
    },
    Case {
        command: "CLIENT ID",
        group: "connection",
        variant: "maximal 2",
        build: || typed(::typedis::b().client_id()),
    },
    Case {
        command: "CLIENT ID",
        group: "connection",
        variant: "maximal 3",
        build: || typed(::typedis::b().client_id()),
    },
    Case {
        command: "CLIENT INFO",
        group: "connection",
        variant: "minimal",
        build: || typed(::typedis::b().client_info()),
    },
    Case {
        command: "CLIENT INFO",
        group: "connection",
        variant: "maximal 1",
        build: || typed(::typedis::b().client_info()),
    },
    Case {
        command: "CLIENT INFO",
        group: "connection",
        variant: "maximal 2",
        build: || typed(::typedis::b().client_info()),
    },
    Case {
        command: "CLIENT INFO",
        group: "connection",
        variant: "maximal 3",
        build: || typed(::typedis::b().client_info()),
    },
    Case {
        command: "CLIENT KILL",
        group: "connection",
        variant: "minimal",
        build: || typed(::typedis::b().client_kill().ip_port("127.0.0.1:1")),
    },
    Case {
        command: "CLIENT KILL",
        group: "connection",
        variant: "maximal 1",
        build: || typed(::typedis::b().client_kill().ip_port("127.0.0.1:1")),
    },
    Case {
        command: "CLIENT KILL",
        group: "connection",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .client_kill()
                .id(1)
                .id(1)
                .type_normal()
                .type_master()
                .type_slave()
                .type_replica()
                .type_pubsub()
                .user("1")
                .addr("127.0.0.1:1")
                .laddr("127.0.0.1:1")
                .skipme("yes"),
        ),
    },
    Case {
        command: "CLIENT KILL",
        group: "connection",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .client_kill()
                .type_normal()
                .id(1)
                .type_normal()
                .type_master()
                .type_slave()
                .type_replica()
                .type_pubsub()
                .user("1")
                .addr("127.0.0.1:1")
                .laddr("127.0.0.1:1")
                .skipme("yes"),
        ),
    },
    Case {
        command: "CLIENT KILL",
        group: "connection",
        variant: "maximal 4",
        build: || typed(
            ::typedis::b()
                .client_kill()
                .type_master()
                .id(1)
                .type_normal()
                .type_master()
                .type_slave()
                .type_replica()
                .type_pubsub()
                .user("1")
                .addr("127.0.0.1:1")
                .laddr("127.0.0.1:1")
                .skipme("yes"),
        ),
    },
    Case {
        command: "CLIENT KILL",
        group: "connection",
        variant: "maximal 5",
        build: || typed(
            ::typedis::b()
                .client_kill()
                .type_slave()
                .id(1)
                .type_normal()
                .type_master()
                .type_slave()
                .type_replica()
                .type_pubsub()
                .user("1")
                .addr("127.0.0.1:1")
                .laddr("127.0.0.1:1")
                .skipme("yes"),
        ),
    },
    Case {
        command: "CLIENT KILL",
        group: "connection",
        variant: "maximal 6",
        build: || typed(
            ::typedis::b()
                .client_kill()
                .type_replica()
                .id(1)
                .type_normal()
                .type_master()
                .type_slave()
                .type_replica()
                .type_pubsub()
                .user("1")
                .addr("127.0.0.1:1")
                .laddr("127.0.0.1:1")
                .skipme("yes"),
        ),
    },
    Case {
        command: "CLIENT KILL",
        group: "connection",
        variant: "maximal 7",
        build: || typed(
            ::typedis::b()
                .client_kill()
                .type_pubsub()
                .id(1)
                .type_normal()
                .type_master()
                .type_slave()
                .type_replica()
                .type_pubsub()
                .user("1")
                .addr("127.0.0.1:1")
                .laddr("127.0.0.1:1")
                .skipme("yes"),
        ),
    },
    Case {
        command: "CLIENT KILL",
        group: "connection",
        variant: "maximal 8",
        build: || typed(
            ::typedis::b()
                .client_kill()
                .user("1")
                .id(1)
                .type_normal()
                .type_master()
                .type_slave()
                .type_replica()
                .type_pubsub()
                .user("1")
                .addr("127.0.0.1:1")
                .laddr("127.0.0.1:1")
                .skipme("yes"),
        ),
    },
    Case {
        command: "CLIENT KILL",
        group: "connection",
        variant: "maximal 9",
        build: || typed(
            ::typedis::b()
                .client_kill()
                .addr("127.0.0.1:1")
                .id(1)
                .type_normal()
                .type_master()
                .type_slave()
                .type_replica()
                .type_pubsub()
                .user("1")
                .addr("127.0.0.1:1")
                .laddr("127.0.0.1:1")
                .skipme("yes"),
        ),
    },
    Case {
        command: "CLIENT KILL",
        group: "connection",
        variant: "maximal 10",
        build: || typed(
            ::typedis::b()
                .client_kill()
                .laddr("127.0.0.1:1")
                .id(1)
                .type_normal()
                .type_master()
                .type_slave()
                .type_replica()
                .type_pubsub()
                .user("1")
                .addr("127.0.0.1:1")
                .laddr("127.0.0.1:1")
                .skipme("yes"),
        ),
    },
    Case {
        command: "CLIENT KILL",
        group: "connection",
        variant: "maximal 11",
        build: || typed(
            ::typedis::b()
                .client_kill()
                .skipme("yes")
                .id(1)
                .type_normal()
                .type_master()
                .type_slave()
                .type_replica()
                .type_pubsub()
                .user("1")
                .addr("127.0.0.1:1")
                .laddr("127.0.0.1:1")
                .skipme("yes"),
        ),
    },
    Case {
        command: "CLIENT LIST",
        group: "connection",
        variant: "minimal",
        build: || typed(::typedis::b().client_list()),
    },
    Case {
        command: "CLIENT LIST",
        group: "connection",
        variant: "maximal 1",
        build: || typed(::typedis::b().client_list().type_normal()),
    },
    Case {
        command: "CLIENT LIST",
        group: "connection",
        variant: "maximal 2",
        build: || typed(::typedis::b().client_list().id_iter([1])),
    },
    Case {
        command: "CLIENT LIST",
        group: "connection",
        variant: "maximal 3",
        build: || typed(::typedis::b().client_list().type_replica_if(true)),
    },
    Case {
        command: "CLIENT LIST",
        group: "connection",
        variant: "maximal 4",
        build: || typed(::typedis::b().client_list().id(1)),
    },
    Case {
        command: "CLIENT NO-EVICT",
        group: "connection",
        variant: "minimal",
        build: || typed(::typedis::b().client_no_evict().on()),
    },
    Case {
        command: "CLIENT NO-EVICT",
        group: "connection",
        variant: "maximal 1",
        build: || typed(::typedis::b().client_no_evict().on()),
    },
    Case {
        command: "CLIENT NO-EVICT",
        group: "connection",
        variant: "maximal 2",
        build: || typed(::typedis::b().client_no_evict().off()),
    },
    Case {
        command: "CLIENT NO-EVICT",
        group: "connection",
        variant: "maximal 3",
        build: || typed(::typedis::b().client_no_evict().on()),
    },
    Case {
        command: "CLIENT PAUSE",
        group: "connection",
        variant: "minimal",
        build: || typed(::typedis::b().client_pause().timeout(1)),
    },
    Case {
        command: "CLIENT PAUSE",
        group: "connection",
        variant: "maximal 1",
        build: || typed(::typedis::b().client_pause().timeout(1).write()),
    },
    Case {
        command: "CLIENT PAUSE",
        group: "connection",
        variant: "maximal 2",
        build: || typed(::typedis::b().client_pause().timeout(1).all()),
    },
    Case {
        command: "CLIENT PAUSE",
        group: "connection",
        variant: "maximal 3",
        build: || typed(::typedis::b().client_pause().timeout(1).write_if(true)),
    },
    Case {
        command: "CLIENT REPLY",
        group: "connection",
        variant: "minimal",
        build: || typed(::typedis::b().client_reply().on()),
    },
    Case {
        command: "CLIENT REPLY",
        group: "connection",
        variant: "maximal 1",
        build: || typed(::typedis::b().client_reply().on()),
    },
    Case {
        command: "CLIENT REPLY",
        group: "connection",
        variant: "maximal 2",
        build: || typed(::typedis::b().client_reply().off()),
    },
    Case {
        command: "CLIENT REPLY",
        group: "connection",
        variant: "maximal 3",
        build: || typed(::typedis::b().client_reply().skip()),
    },
    Case {
        command: "CLIENT SETNAME",
        group: "connection",
        variant: "minimal",
        build: || typed(::typedis::b().client_setname().connection_name("1")),
    },
    Case {
        command: "CLIENT SETNAME",
        group: "connection",
        variant: "maximal 1",
        build: || typed(::typedis::b().client_setname().connection_name("1")),
    },
    Case {
        command: "CLIENT SETNAME",
        group: "connection",
        variant: "maximal 2",
        build: || typed(::typedis::b().client_setname().connection_name("1")),
    },
    Case {
        command: "CLIENT SETNAME",
        group: "connection",
        variant: "maximal 3",
        build: || typed(::typedis::b().client_setname().connection_name("1")),
    },
    Case {
        command: "CLIENT TRACKING",
        group: "connection",
        variant: "minimal",
        build: || typed(::typedis::b().client_tracking().on()),
    },
    Case {
        command: "CLIENT TRACKING",
        group: "connection",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .client_tracking()
                .on()
                .noloop()
                .optout()
                .optin()
                .bcast()
                .prefix("1")
                .redirect(1),
        ),
    },
    Case {
        command: "CLIENT TRACKING",
        group: "connection",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .client_tracking()
                .off()
                .noloop()
                .optout()
                .optin()
                .bcast()
                .prefix_iter(["1"])
                .redirect(1),
        ),
    },
    Case {
        command: "CLIENT TRACKING",
        group: "connection",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .client_tracking()
                .on()
                .noloop_if(true)
                .optout_if(true)
                .optin_if(true)
                .bcast_if(true)
                .prefix("1")
                .redirect_opt(Some(1)),
        ),
    },
    Case {
        command: "CLIENT TRACKINGINFO",
        group: "connection",
        variant: "minimal",
        build: || typed(::typedis::b().client_trackinginfo()),
    },
    Case {
        command: "CLIENT TRACKINGINFO",
        group: "connection",
        variant: "maximal 1",
        build: || typed(::typedis::b().client_trackinginfo()),
    },
    Case {
        command: "CLIENT TRACKINGINFO",
        group: "connection",
        variant: "maximal 2",
        build: || typed(::typedis::b().client_trackinginfo()),
    },
    Case {
        command: "CLIENT TRACKINGINFO",
        group: "connection",
        variant: "maximal 3",
        build: || typed(::typedis::b().client_trackinginfo()),
    },
    Case {
        command: "CLIENT UNBLOCK",
        group: "connection",
        variant: "minimal",
        build: || typed(::typedis::b().client_unblock().client_id(1)),
    },
    Case {
        command: "CLIENT UNBLOCK",
        group: "connection",
        variant: "maximal 1",
        build: || typed(::typedis::b().client_unblock().client_id(1).timeout()),
    },
    Case {
        command: "CLIENT UNBLOCK",
        group: "connection",
        variant: "maximal 2",
        build: || typed(::typedis::b().client_unblock().client_id(1).error()),
    },
    Case {
        command: "CLIENT UNBLOCK",
        group: "connection",
        variant: "maximal 3",
        build: || typed(::typedis::b().client_unblock().client_id(1).timeout_if(true)),
    },
    Case {
        command: "CLIENT UNPAUSE",
        group: "connection",
        variant: "minimal",
        build: || typed(::typedis::b().client_unpause()),
    },
    Case {
        command: "CLIENT UNPAUSE",
        group: "connection",
        variant: "maximal 1",
        build: || typed(::typedis::b().client_unpause()),
    },
    Case {
        command: "CLIENT UNPAUSE",
        group: "connection",
        variant: "maximal 2",
        build: || typed(::typedis::b().client_unpause()),
    },
    Case {
        command: "CLIENT UNPAUSE",
        group: "connection",
        variant: "maximal 3",
        build: || typed(::typedis::b().client_unpause()),
    },
    Case {
        command: "CLUSTER ADDSLOTS",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().cluster_addslots().slot(1)),
    },
    Case {
        command: "CLUSTER ADDSLOTS",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(::typedis::b().cluster_addslots().slot(1).slot(1)),
    },
    Case {
        command: "CLUSTER ADDSLOTS",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(::typedis::b().cluster_addslots().slot_iter([1]).slot_iter([1])),
    },
    Case {
        command: "CLUSTER ADDSLOTS",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(::typedis::b().cluster_addslots().slot(1).slot(1)),
    },
    Case {
        command: "CLUSTER ADDSLOTSRANGE",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().cluster_addslotsrange().start_slot_end_slot(1, 1)),
    },
    Case {
        command: "CLUSTER ADDSLOTSRANGE",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .cluster_addslotsrange()
                .start_slot_end_slot(1, 1)
                .start_slot_end_slot(1, 1),
        ),
    },
    Case {
        command: "CLUSTER ADDSLOTSRANGE",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .cluster_addslotsrange()
                .start_slot_end_slot_iter([(1, 1)])
                .start_slot_end_slot_iter([(1, 1)]),
        ),
    },
    Case {
        command: "CLUSTER ADDSLOTSRANGE",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .cluster_addslotsrange()
                .start_slot_end_slot(1, 1)
                .start_slot_end_slot(1, 1),
        ),
    },
    Case {
        command: "CLUSTER BUMPEPOCH",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().cluster_bumpepoch()),
    },
    Case {
        command: "CLUSTER BUMPEPOCH",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(::typedis::b().cluster_bumpepoch()),
    },
    Case {
        command: "CLUSTER BUMPEPOCH",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(::typedis::b().cluster_bumpepoch()),
    },
    Case {
        command: "CLUSTER BUMPEPOCH",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(::typedis::b().cluster_bumpepoch()),
    },
    Case {
        command: "CLUSTER COUNT-FAILURE-REPORTS",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().cluster_count_failure_reports().node_id("1")),
    },
    Case {
        command: "CLUSTER COUNT-FAILURE-REPORTS",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(::typedis::b().cluster_count_failure_reports().node_id("1")),
    },
    Case {
        command: "CLUSTER COUNT-FAILURE-REPORTS",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(::typedis::b().cluster_count_failure_reports().node_id("1")),
    },
    Case {
        command: "CLUSTER COUNT-FAILURE-REPORTS",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(::typedis::b().cluster_count_failure_reports().node_id("1")),
    },
    Case {
        command: "CLUSTER COUNTKEYSINSLOT",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().cluster_countkeysinslot().slot(1)),
    },
    Case {
        command: "CLUSTER COUNTKEYSINSLOT",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(::typedis::b().cluster_countkeysinslot().slot(1)),
    },
    Case {
        command: "CLUSTER COUNTKEYSINSLOT",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(::typedis::b().cluster_countkeysinslot().slot(1)),
    },
    Case {
        command: "CLUSTER COUNTKEYSINSLOT",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(::typedis::b().cluster_countkeysinslot().slot(1)),
    },
    Case {
        command: "CLUSTER DELSLOTS",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().cluster_delslots().slot(1)),
    },
    Case {
        command: "CLUSTER DELSLOTS",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(::typedis::b().cluster_delslots().slot(1).slot(1)),
    },
    Case {
        command: "CLUSTER DELSLOTS",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(::typedis::b().cluster_delslots().slot_iter([1]).slot_iter([1])),
    },
    Case {
        command: "CLUSTER DELSLOTS",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(::typedis::b().cluster_delslots().slot(1).slot(1)),
    },
    Case {
        command: "CLUSTER DELSLOTSRANGE",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().cluster_delslotsrange().start_slot_end_slot(1, 1)),
    },
    Case {
        command: "CLUSTER DELSLOTSRANGE",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .cluster_delslotsrange()
                .start_slot_end_slot(1, 1)
                .start_slot_end_slot(1, 1),
        ),
    },
    Case {
        command: "CLUSTER DELSLOTSRANGE",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .cluster_delslotsrange()
                .start_slot_end_slot_iter([(1, 1)])
                .start_slot_end_slot_iter([(1, 1)]),
        ),
    },
    Case {
        command: "CLUSTER DELSLOTSRANGE",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .cluster_delslotsrange()
                .start_slot_end_slot(1, 1)
                .start_slot_end_slot(1, 1),
        ),
    },
    Case {
        command: "CLUSTER FAILOVER",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().cluster_failover()),
    },
    Case {
        command: "CLUSTER FAILOVER",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(::typedis::b().cluster_failover().force()),
    },
    Case {
        command: "CLUSTER FAILOVER",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(::typedis::b().cluster_failover().takeover()),
    },
    Case {
        command: "CLUSTER FAILOVER",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(::typedis::b().cluster_failover().force_if(true)),
    },
    Case {
        command: "CLUSTER FLUSHSLOTS",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().cluster_flushslots()),
    },
    Case {
        command: "CLUSTER FLUSHSLOTS",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(::typedis::b().cluster_flushslots()),
    },
    Case {
        command: "CLUSTER FLUSHSLOTS",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(::typedis::b().cluster_flushslots()),
    },
    Case {
        command: "CLUSTER FLUSHSLOTS",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(::typedis::b().cluster_flushslots()),
    },
    Case {
        command: "CLUSTER FORGET",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().cluster_forget().node_id("1")),
    },
    Case {
        command: "CLUSTER FORGET",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(::typedis::b().cluster_forget().node_id("1")),
    },
    Case {
        command: "CLUSTER FORGET",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(::typedis::b().cluster_forget().node_id("1")),
    },
    Case {
        command: "CLUSTER FORGET",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(::typedis::b().cluster_forget().node_id("1")),
    },
    Case {
        command: "CLUSTER GETKEYSINSLOT",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().cluster_getkeysinslot().slot(1).count(1)),
    },
    Case {
        command: "CLUSTER GETKEYSINSLOT",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(::typedis::b().cluster_getkeysinslot().slot(1).count(1)),
    },
    Case {
        command: "CLUSTER GETKEYSINSLOT",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(::typedis::b().cluster_getkeysinslot().slot(1).count(1)),
    },
    Case {
        command: "CLUSTER GETKEYSINSLOT",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(::typedis::b().cluster_getkeysinslot().slot(1).count(1)),
    },
    Case {
        command: "CLUSTER HELP",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().cluster_help()),
    },
    Case {
        command: "CLUSTER HELP",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(::typedis::b().cluster_help()),
    },
    Case {
        command: "CLUSTER HELP",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(::typedis::b().cluster_help()),
    },
    Case {
        command: "CLUSTER HELP",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(::typedis::b().cluster_help()),
    },
    Case {
        command: "CLUSTER INFO",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().cluster_info()),
    },
    Case {
        command: "CLUSTER INFO",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(::typedis::b().cluster_info()),
    },
    Case {
        command: "CLUSTER INFO",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(::typedis::b().cluster_info()),
    },
    Case {
        command: "CLUSTER INFO",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(::typedis::b().cluster_info()),
    },
    Case {
        command: "CLUSTER KEYSLOT",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().cluster_keyslot().key("1")),
    },
    Case {
        command: "CLUSTER KEYSLOT",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(::typedis::b().cluster_keyslot().key("1")),
    },
    Case {
        command: "CLUSTER KEYSLOT",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(::typedis::b().cluster_keyslot().key("1")),
    },
    Case {
        command: "CLUSTER KEYSLOT",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(::typedis::b().cluster_keyslot().key("1")),
    },
    Case {
        command: "CLUSTER LINKS",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().cluster_links()),
    },
    Case {
        command: "CLUSTER LINKS",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(::typedis::b().cluster_links()),
    },
    Case {
        command: "CLUSTER LINKS",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(::typedis::b().cluster_links()),
    },
    Case {
        command: "CLUSTER LINKS",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(::typedis::b().cluster_links()),
    },
    Case {
        command: "CLUSTER MEET",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().cluster_meet().ip("1").port(1)),
    },
    Case {
        command: "CLUSTER MEET",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().cluster_meet().ip("1").port(1).cluster_bus_port(1),
        ),
    },
    Case {
        command: "CLUSTER MEET",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().cluster_meet().ip("1").port(1).cluster_bus_port(1),
        ),
    },
    Case {
        command: "CLUSTER MEET",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().cluster_meet().ip("1").port(1).cluster_bus_port_opt(Some(1)),
        ),
    },
    Case {
        command: "CLUSTER MYID",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().cluster_myid()),
    },
    Case {
        command: "CLUSTER MYID",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(::typedis::b().cluster_myid()),
    },
    Case {
        command: "CLUSTER MYID",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(::typedis::b().cluster_myid()),
    },
    Case {
        command: "CLUSTER MYID",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(::typedis::b().cluster_myid()),
    },
    Case {
        command: "CLUSTER NODES",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().cluster_nodes()),
    },
    Case {
        command: "CLUSTER NODES",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(::typedis::b().cluster_nodes()),
    },
    Case {
        command: "CLUSTER NODES",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(::typedis::b().cluster_nodes()),
    },
    Case {
        command: "CLUSTER NODES",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(::typedis::b().cluster_nodes()),
    },
    Case {
        command: "CLUSTER REPLICAS",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().cluster_replicas().node_id("1")),
    },
    Case {
        command: "CLUSTER REPLICAS",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(::typedis::b().cluster_replicas().node_id("1")),
    },
    Case {
        command: "CLUSTER REPLICAS",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(::typedis::b().cluster_replicas().node_id("1")),
    },
    Case {
        command: "CLUSTER REPLICAS",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(::typedis::b().cluster_replicas().node_id("1")),
    },
    Case {
        command: "CLUSTER REPLICATE",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().cluster_replicate().node_id("1")),
    },
    Case {
        command: "CLUSTER REPLICATE",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(::typedis::b().cluster_replicate().node_id("1")),
    },
    Case {
        command: "CLUSTER REPLICATE",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(::typedis::b().cluster_replicate().node_id("1")),
    },
    Case {
        command: "CLUSTER REPLICATE",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(::typedis::b().cluster_replicate().node_id("1")),
    },
    Case {
        command: "CLUSTER RESET",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().cluster_reset()),
    },
    Case {
        command: "CLUSTER RESET",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(::typedis::b().cluster_reset().hard()),
    },
    Case {
        command: "CLUSTER RESET",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(::typedis::b().cluster_reset().soft()),
    },
    Case {
        command: "CLUSTER RESET",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(::typedis::b().cluster_reset().hard_if(true)),
    },
    Case {
        command: "CLUSTER SAVECONFIG",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().cluster_saveconfig()),
    },
    Case {
        command: "CLUSTER SAVECONFIG",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(::typedis::b().cluster_saveconfig()),
    },
    Case {
        command: "CLUSTER SAVECONFIG",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(::typedis::b().cluster_saveconfig()),
    },
    Case {
        command: "CLUSTER SAVECONFIG",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(::typedis::b().cluster_saveconfig()),
    },
    Case {
        command: "CLUSTER SET-CONFIG-EPOCH",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().cluster_set_config_epoch().config_epoch(1)),
    },
    Case {
        command: "CLUSTER SET-CONFIG-EPOCH",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(::typedis::b().cluster_set_config_epoch().config_epoch(1)),
    },
    Case {
        command: "CLUSTER SET-CONFIG-EPOCH",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(::typedis::b().cluster_set_config_epoch().config_epoch(1)),
    },
    Case {
        command: "CLUSTER SET-CONFIG-EPOCH",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(::typedis::b().cluster_set_config_epoch().config_epoch(1)),
    },
    Case {
        command: "CLUSTER SETSLOT",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().cluster_setslot().slot(1).importing("1")),
    },
    Case {
        command: "CLUSTER SETSLOT",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(::typedis::b().cluster_setslot().slot(1).importing("1")),
    },
    Case {
        command: "CLUSTER SETSLOT",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(::typedis::b().cluster_setslot().slot(1).migrating("1")),
    },
    Case {
        command: "CLUSTER SETSLOT",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(::typedis::b().cluster_setslot().slot(1).node("1")),
    },
    Case {
        command: "CLUSTER SETSLOT",
        group: "cluster",
        variant: "maximal 4",
        build: || typed(::typedis::b().cluster_setslot().slot(1).stable()),
    },
    Case {
        command: "CLUSTER SHARDS",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().cluster_shards()),
    },
    Case {
        command: "CLUSTER SHARDS",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(::typedis::b().cluster_shards()),
    },
    Case {
        command: "CLUSTER SHARDS",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(::typedis::b().cluster_shards()),
    },
    Case {
        command: "CLUSTER SHARDS",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(::typedis::b().cluster_shards()),
    },
    Case {
        command: "CLUSTER SLAVES",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().cluster_slaves().node_id("1")),
    },
    Case {
        command: "CLUSTER SLAVES",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(::typedis::b().cluster_slaves().node_id("1")),
    },
    Case {
        command: "CLUSTER SLAVES",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(::typedis::b().cluster_slaves().node_id("1")),
    },
    Case {
        command: "CLUSTER SLAVES",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(::typedis::b().cluster_slaves().node_id("1")),
    },
    Case {
        command: "CLUSTER SLOTS",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().cluster_slots()),
    },
    Case {
        command: "CLUSTER SLOTS",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(::typedis::b().cluster_slots()),
    },
    Case {
        command: "CLUSTER SLOTS",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(::typedis::b().cluster_slots()),
    },
    Case {
        command: "CLUSTER SLOTS",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(::typedis::b().cluster_slots()),
    },
    Case {
        command: "COMMAND COUNT",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().command_count()),
    },
    Case {
        command: "COMMAND COUNT",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().command_count()),
    },
    Case {
        command: "COMMAND COUNT",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().command_count()),
    },
    Case {
        command: "COMMAND COUNT",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().command_count()),
    },
    Case {
        command: "COMMAND DOCS",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().command_docs()),
    },
    Case {
        command: "COMMAND DOCS",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().command_docs().command_name("1")),
    },
    Case {
        command: "COMMAND DOCS",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().command_docs().command_name_iter(["1"])),
    },
    Case {
        command: "COMMAND DOCS",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().command_docs().command_name("1")),
    },
    Case {
        command: "COMMAND GETKEYS",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().command_getkeys().arg1("1").arg2("1")),
    },
    Case {
        command: "COMMAND GETKEYS",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().command_getkeys().arg1("1").arg2("1").arg2("1")),
    },
    Case {
        command: "COMMAND GETKEYS",
        group: "server",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().command_getkeys().arg1("1").arg2_iter(["1"]).arg2_iter(["1"]),
        ),
    },
    Case {
        command: "COMMAND GETKEYS",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().command_getkeys().arg1("1").arg2("1").arg2("1")),
    },
    Case {
        command: "COMMAND GETKEYSANDFLAGS",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().command_getkeysandflags().arg1("1").arg2("1")),
    },
    Case {
        command: "COMMAND GETKEYSANDFLAGS",
        group: "server",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().command_getkeysandflags().arg1("1").arg2("1").arg2("1"),
        ),
    },
    Case {
        command: "COMMAND GETKEYSANDFLAGS",
        group: "server",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .command_getkeysandflags()
                .arg1("1")
                .arg2_iter(["1"])
                .arg2_iter(["1"]),
        ),
    },
    Case {
        command: "COMMAND GETKEYSANDFLAGS",
        group: "server",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().command_getkeysandflags().arg1("1").arg2("1").arg2("1"),
        ),
    },
    Case {
        command: "COMMAND HELP",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().command_help()),
    },
    Case {
        command: "COMMAND HELP",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().command_help()),
    },
    Case {
        command: "COMMAND HELP",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().command_help()),
    },
    Case {
        command: "COMMAND HELP",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().command_help()),
    },
    Case {
        command: "COMMAND INFO",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().command_info()),
    },
    Case {
        command: "COMMAND INFO",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().command_info().command_name("1")),
    },
    Case {
        command: "COMMAND INFO",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().command_info().command_name_iter(["1"])),
    },
    Case {
        command: "COMMAND INFO",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().command_info().command_name("1")),
    },
    Case {
        command: "COMMAND LIST",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().command_list()),
    },
    Case {
        command: "COMMAND LIST",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().command_list().filterby_module("1")),
    },
    Case {
        command: "COMMAND LIST",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().command_list().filterby_aclcat("1")),
    },
    Case {
        command: "COMMAND LIST",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().command_list().filterby_pattern_opt(Some("*"))),
    },
    Case {
        command: "CONFIG GET",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().config_get().parameter("1")),
    },
    Case {
        command: "CONFIG GET",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().config_get().parameter("1").parameter("1")),
    },
    Case {
        command: "CONFIG GET",
        group: "server",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().config_get().parameter_iter(["1"]).parameter_iter(["1"]),
        ),
    },
    Case {
        command: "CONFIG GET",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().config_get().parameter("1").parameter("1")),
    },
    Case {
        command: "CONFIG HELP",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().config_help()),
    },
    Case {
        command: "CONFIG HELP",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().config_help()),
    },
    Case {
        command: "CONFIG HELP",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().config_help()),
    },
    Case {
        command: "CONFIG HELP",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().config_help()),
    },
    Case {
        command: "CONFIG RESETSTAT",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().config_resetstat()),
    },
    Case {
        command: "CONFIG RESETSTAT",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().config_resetstat()),
    },
    Case {
        command: "CONFIG RESETSTAT",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().config_resetstat()),
    },
    Case {
        command: "CONFIG RESETSTAT",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().config_resetstat()),
    },
    Case {
        command: "CONFIG REWRITE",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().config_rewrite()),
    },
    Case {
        command: "CONFIG REWRITE",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().config_rewrite()),
    },
    Case {
        command: "CONFIG REWRITE",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().config_rewrite()),
    },
    Case {
        command: "CONFIG REWRITE",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().config_rewrite()),
    },
    Case {
        command: "CONFIG SET",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().config_set().parameter_value("1", "1")),
    },
    Case {
        command: "CONFIG SET",
        group: "server",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .config_set()
                .parameter_value("1", "1")
                .parameter_value("1", "1"),
        ),
    },
    Case {
        command: "CONFIG SET",
        group: "server",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .config_set()
                .parameter_value_iter([("1", "1")])
                .parameter_value_iter([("1", "1")]),
        ),
    },
    Case {
        command: "CONFIG SET",
        group: "server",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .config_set()
                .parameter_value("1", "1")
                .parameter_value("1", "1"),
        ),
    },
    Case {
        command: "COPY",
        group: "generic",
        variant: "minimal",
        build: || typed(::typedis::b().copy().source("{t}k1").destination("{t}k2")),
    },
    Case {
        command: "COPY",
        group: "generic",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().copy().source("{t}k1").destination("{t}k2").replace().db(1),
        ),
    },
    Case {
        command: "COPY",
        group: "generic",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().copy().source("{t}k1").destination("{t}k2").replace().db(1),
        ),
    },
    Case {
        command: "COPY",
        group: "generic",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .copy()
                .source("{t}k1")
                .destination("{t}k2")
                .replace_if(true)
                .db_opt(Some(1)),
        ),
    },
    Case {
        command: "DBSIZE",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().dbsize()),
    },
    Case {
        command: "DBSIZE",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().dbsize()),
    },
    Case {
        command: "DBSIZE",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().dbsize()),
    },
    Case {
        command: "DBSIZE",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().dbsize()),
    },
    Case {
        command: "DEBUG",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().debug().arg1("1")),
    },
    Case {
        command: "DEBUG",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().debug().arg1("1").arg1("1")),
    },
    Case {
        command: "DEBUG",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().debug().arg1_iter(["1"]).arg1_iter(["1"])),
    },
    Case {
        command: "DEBUG",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().debug().arg1("1").arg1("1")),
    },
    Case {
        command: "DECR",
        group: "string",
        variant: "minimal",
        build: || typed(::typedis::b().decr().key("{t}k1")),
    },
    Case {
        command: "DECR",
        group: "string",
        variant: "maximal 1",
        build: || typed(::typedis::b().decr().key("{t}k1")),
    },
    Case {
        command: "DECR",
        group: "string",
        variant: "maximal 2",
        build: || typed(::typedis::b().decr().key("{t}k1")),
    },
    Case {
        command: "DECR",
        group: "string",
        variant: "maximal 3",
        build: || typed(::typedis::b().decr().key("{t}k1")),
    },
    Case {
        command: "DECRBY",
        group: "string",
        variant: "minimal",
        build: || typed(::typedis::b().decrby().key("{t}k1").decrement(1)),
    },
    Case {
        command: "DECRBY",
        group: "string",
        variant: "maximal 1",
        build: || typed(::typedis::b().decrby().key("{t}k1").decrement(1)),
    },
    Case {
        command: "DECRBY",
        group: "string",
        variant: "maximal 2",
        build: || typed(::typedis::b().decrby().key("{t}k1").decrement(1)),
    },
    Case {
        command: "DECRBY",
        group: "string",
        variant: "maximal 3",
        build: || typed(::typedis::b().decrby().key("{t}k1").decrement(1)),
    },
    Case {
        command: "DEL",
        group: "generic",
        variant: "minimal",
        build: || typed(::typedis::b().del().key("{t}k1")),
    },
    Case {
        command: "DEL",
        group: "generic",
        variant: "maximal 1",
        build: || typed(::typedis::b().del().key("{t}k1").key("{t}k2")),
    },
    Case {
        command: "DEL",
        group: "generic",
        variant: "maximal 2",
        build: || typed(::typedis::b().del().key_iter(["{t}k1"]).key_iter(["{t}k2"])),
    },
    Case {
        command: "DEL",
        group: "generic",
        variant: "maximal 3",
        build: || typed(::typedis::b().del().key("{t}k1").key("{t}k2")),
    },
    Case {
        command: "DISCARD",
        group: "transactions",
        variant: "minimal",
        build: || typed(::typedis::b().discard()),
    },
    Case {
        command: "DISCARD",
        group: "transactions",
        variant: "maximal 1",
        build: || typed(::typedis::b().discard()),
    },
    Case {
        command: "DISCARD",
        group: "transactions",
        variant: "maximal 2",
        build: || typed(::typedis::b().discard()),
    },
    Case {
        command: "DISCARD",
        group: "transactions",
        variant: "maximal 3",
        build: || typed(::typedis::b().discard()),
    },
    Case {
        command: "DUMP",
        group: "generic",
        variant: "minimal",
        build: || typed(::typedis::b().dump().key("{t}k1")),
    },
    Case {
        command: "DUMP",
        group: "generic",
        variant: "maximal 1",
        build: || typed(::typedis::b().dump().key("{t}k1")),
    },
    Case {
        command: "DUMP",
        group: "generic",
        variant: "maximal 2",
        build: || typed(::typedis::b().dump().key("{t}k1")),
    },
    Case {
        command: "DUMP",
        group: "generic",
        variant: "maximal 3",
        build: || typed(::typedis::b().dump().key("{t}k1")),
    },
    Case {
        command: "ECHO",
        group: "connection",
        variant: "minimal",
        build: || typed(::typedis::b().echo().message("1")),
    },
    Case {
        command: "ECHO",
        group: "connection",
        variant: "maximal 1",
        build: || typed(::typedis::b().echo().message("1")),
    },
    Case {
        command: "ECHO",
        group: "connection",
        variant: "maximal 2",
        build: || typed(::typedis::b().echo().message("1")),
    },
    Case {
        command: "ECHO",
        group: "connection",
        variant: "maximal 3",
        build: || typed(::typedis::b().echo().message("1")),
    },
    Case {
        command: "EVAL",
        group: "scripting",
        variant: "minimal",
        build: || typed(::typedis::b().eval().script("return 1")),
    },
    Case {
        command: "EVAL",
        group: "scripting",
        variant: "maximal 1",
        build: || typed(::typedis::b().eval().script("return 1").arg("1").key("{t}k1")),
    },
    Case {
        command: "EVAL",
        group: "scripting",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().eval().script("return 1").arg_iter(["1"]).key_iter(["{t}k1"]),
        ),
    },
    Case {
        command: "EVAL",
        group: "scripting",
        variant: "maximal 3",
        build: || typed(::typedis::b().eval().script("return 1").arg("1").key("{t}k1")),
    },
    Case {
        command: "EVALSHA",
        group: "scripting",
        variant: "minimal",
        build: || typed(::typedis::b().evalsha().sha1("1")),
    },
    Case {
        command: "EVALSHA",
        group: "scripting",
        variant: "maximal 1",
        build: || typed(::typedis::b().evalsha().sha1("1").arg("1").key("{t}k1")),
    },
    Case {
        command: "EVALSHA",
        group: "scripting",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().evalsha().sha1("1").arg_iter(["1"]).key_iter(["{t}k1"]),
        ),
    },
    Case {
        command: "EVALSHA",
        group: "scripting",
        variant: "maximal 3",
        build: || typed(::typedis::b().evalsha().sha1("1").arg("1").key("{t}k1")),
    },
    Case {
        command: "EVALSHA_RO",
        group: "scripting",
        variant: "minimal",
        build: || typed(::typedis::b().evalsha_ro().sha1("1")),
    },
    Case {
        command: "EVALSHA_RO",
        group: "scripting",
        variant: "maximal 1",
        build: || typed(::typedis::b().evalsha_ro().sha1("1").arg("1").key("{t}k1")),
    },
    Case {
        command: "EVALSHA_RO",
        group: "scripting",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().evalsha_ro().sha1("1").arg_iter(["1"]).key_iter(["{t}k1"]),
        ),
    },
    Case {
        command: "EVALSHA_RO",
        group: "scripting",
        variant: "maximal 3",
        build: || typed(::typedis::b().evalsha_ro().sha1("1").arg("1").key("{t}k1")),
    },
    Case {
        command: "EVAL_RO",
        group: "scripting",
        variant: "minimal",
        build: || typed(::typedis::b().eval_ro().script("return 1")),
    },
    Case {
        command: "EVAL_RO",
        group: "scripting",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().eval_ro().script("return 1").arg("1").key("{t}k1"),
        ),
    },
    Case {
        command: "EVAL_RO",
        group: "scripting",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .eval_ro()
                .script("return 1")
                .arg_iter(["1"])
                .key_iter(["{t}k1"]),
        ),
    },
    Case {
        command: "EVAL_RO",
        group: "scripting",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().eval_ro().script("return 1").arg("1").key("{t}k1"),
        ),
    },
    Case {
        command: "EXEC",
        group: "transactions",
        variant: "minimal",
        build: || typed(::typedis::b().exec()),
    },
    Case {
        command: "EXEC",
        group: "transactions",
        variant: "maximal 1",
        build: || typed(::typedis::b().exec()),
    },
    Case {
        command: "EXEC",
        group: "transactions",
        variant: "maximal 2",
        build: || typed(::typedis::b().exec()),
    },
    Case {
        command: "EXEC",
        group: "transactions",
        variant: "maximal 3",
        build: || typed(::typedis::b().exec()),
    },
    Case {
        command: "EXISTS",
        group: "generic",
        variant: "minimal",
        build: || typed(::typedis::b().exists().key("{t}k1")),
    },
    Case {
        command: "EXISTS",
        group: "generic",
        variant: "maximal 1",
        build: || typed(::typedis::b().exists().key("{t}k1").key("{t}k2")),
    },
    Case {
        command: "EXISTS",
        group: "generic",
        variant: "maximal 2",
        build: || typed(::typedis::b().exists().key_iter(["{t}k1"]).key_iter(["{t}k2"])),
    },
    Case {
        command: "EXISTS",
        group: "generic",
        variant: "maximal 3",
        build: || typed(::typedis::b().exists().key("{t}k1").key("{t}k2")),
    },
    Case {
        command: "EXPIRE",
        group: "generic",
        variant: "minimal",
        build: || typed(::typedis::b().expire().key("{t}k1").seconds(1)),
    },
    Case {
        command: "EXPIRE",
        group: "generic",
        variant: "maximal 1",
        build: || typed(::typedis::b().expire().key("{t}k1").seconds(1).nx()),
    },
    Case {
        command: "EXPIRE",
        group: "generic",
        variant: "maximal 2",
        build: || typed(::typedis::b().expire().key("{t}k1").seconds(1).xx()),
    },
    Case {
        command: "EXPIRE",
        group: "generic",
        variant: "maximal 3",
        build: || typed(::typedis::b().expire().key("{t}k1").seconds(1).gt_if(true)),
    },
    Case {
        command: "EXPIRE",
        group: "generic",
        variant: "maximal 4",
        build: || typed(::typedis::b().expire().key("{t}k1").seconds(1).lt()),
    },
    Case {
        command: "EXPIREAT",
        group: "generic",
        variant: "minimal",
        build: || typed(
            ::typedis::b().expireat().key("{t}k1").unix_time_seconds(4_000_000_000_i64),
        ),
    },
    Case {
        command: "EXPIREAT",
        group: "generic",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .expireat()
                .key("{t}k1")
                .unix_time_seconds(4_000_000_000_i64)
                .nx(),
        ),
    },
    Case {
        command: "EXPIREAT",
        group: "generic",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .expireat()
                .key("{t}k1")
                .unix_time_seconds(4_000_000_000_i64)
                .xx(),
        ),
    },
    Case {
        command: "EXPIREAT",
        group: "generic",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .expireat()
                .key("{t}k1")
                .unix_time_seconds(4_000_000_000_i64)
                .gt_if(true),
        ),
    },
    Case {
        command: "EXPIREAT",
        group: "generic",
        variant: "maximal 4",
        build: || typed(
            ::typedis::b()
                .expireat()
                .key("{t}k1")
                .unix_time_seconds(4_000_000_000_i64)
                .lt(),
        ),
    },
    Case {
        command: "EXPIRETIME",
        group: "generic",
        variant: "minimal",
        build: || typed(::typedis::b().expiretime().key("{t}k1")),
    },
    Case {
        command: "EXPIRETIME",
        group: "generic",
        variant: "maximal 1",
        build: || typed(::typedis::b().expiretime().key("{t}k1")),
    },
    Case {
        command: "EXPIRETIME",
        group: "generic",
        variant: "maximal 2",
        build: || typed(::typedis::b().expiretime().key("{t}k1")),
    },
    Case {
        command: "EXPIRETIME",
        group: "generic",
        variant: "maximal 3",
        build: || typed(::typedis::b().expiretime().key("{t}k1")),
    },
    Case {
        command: "FAILOVER",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().failover()),
    },
    Case {
        command: "FAILOVER",
        group: "server",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().failover().timeout(1).abort().to("127.0.0.1", 1).force(),
        ),
    },
    Case {
        command: "FAILOVER",
        group: "server",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().failover().timeout(1).abort().to("127.0.0.1", 1).force(),
        ),
    },
    Case {
        command: "FAILOVER",
        group: "server",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .failover()
                .timeout_opt(Some(1))
                .abort_if(true)
                .to("127.0.0.1", 1)
                .force_if(true),
        ),
    },
    Case {
        command: "FCALL",
        group: "scripting",
        variant: "minimal",
        build: || typed(::typedis::b().fcall().function("1")),
    },
    Case {
        command: "FCALL",
        group: "scripting",
        variant: "maximal 1",
        build: || typed(::typedis::b().fcall().function("1").arg("1").key("{t}k1")),
    },
    Case {
        command: "FCALL",
        group: "scripting",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().fcall().function("1").arg_iter(["1"]).key_iter(["{t}k1"]),
        ),
    },
    Case {
        command: "FCALL",
        group: "scripting",
        variant: "maximal 3",
        build: || typed(::typedis::b().fcall().function("1").arg("1").key("{t}k1")),
    },
    Case {
        command: "FCALL_RO",
        group: "scripting",
        variant: "minimal",
        build: || typed(::typedis::b().fcall_ro().function("1")),
    },
    Case {
        command: "FCALL_RO",
        group: "scripting",
        variant: "maximal 1",
        build: || typed(::typedis::b().fcall_ro().function("1").arg("1").key("{t}k1")),
    },
    Case {
        command: "FCALL_RO",
        group: "scripting",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().fcall_ro().function("1").arg_iter(["1"]).key_iter(["{t}k1"]),
        ),
    },
    Case {
        command: "FCALL_RO",
        group: "scripting",
        variant: "maximal 3",
        build: || typed(::typedis::b().fcall_ro().function("1").arg("1").key("{t}k1")),
    },
    Case {
        command: "FLUSHALL",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().flushall()),
    },
    Case {
        command: "FLUSHALL",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().flushall().r#async()),
    },
    Case {
        command: "FLUSHALL",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().flushall().sync()),
    },
    Case {
        command: "FLUSHALL",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().flushall().async_if(true)),
    },
    Case {
        command: "FLUSHDB",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().flushdb()),
    },
    Case {
        command: "FLUSHDB",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().flushdb().r#async()),
    },
    Case {
        command: "FLUSHDB",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().flushdb().sync()),
    },
    Case {
        command: "FLUSHDB",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().flushdb().async_if(true)),
    },
    Case {
        command: "FUNCTION DELETE",
        group: "scripting",
        variant: "minimal",
        build: || typed(::typedis::b().function_delete().library_name("1")),
    },
    Case {
        command: "FUNCTION DELETE",
        group: "scripting",
        variant: "maximal 1",
        build: || typed(::typedis::b().function_delete().library_name("1")),
    },
    Case {
        command: "FUNCTION DELETE",
        group: "scripting",
        variant: "maximal 2",
        build: || typed(::typedis::b().function_delete().library_name("1")),
    },
    Case {
        command: "FUNCTION DELETE",
        group: "scripting",
        variant: "maximal 3",
        build: || typed(::typedis::b().function_delete().library_name("1")),
    },
    Case {
        command: "FUNCTION DUMP",
        group: "scripting",
        variant: "minimal",
        build: || typed(::typedis::b().function_dump()),
    },
    Case {
        command: "FUNCTION DUMP",
        group: "scripting",
        variant: "maximal 1",
        build: || typed(::typedis::b().function_dump()),
    },
    Case {
        command: "FUNCTION DUMP",
        group: "scripting",
        variant: "maximal 2",
        build: || typed(::typedis::b().function_dump()),
    },
    Case {
        command: "FUNCTION DUMP",
        group: "scripting",
        variant: "maximal 3",
        build: || typed(::typedis::b().function_dump()),
    },
    Case {
        command: "FUNCTION FLUSH",
        group: "scripting",
        variant: "minimal",
        build: || typed(::typedis::b().function_flush()),
    },
    Case {
        command: "FUNCTION FLUSH",
        group: "scripting",
        variant: "maximal 1",
        build: || typed(::typedis::b().function_flush().r#async()),
    },
    Case {
        command: "FUNCTION FLUSH",
        group: "scripting",
        variant: "maximal 2",
        build: || typed(::typedis::b().function_flush().sync()),
    },
    Case {
        command: "FUNCTION FLUSH",
        group: "scripting",
        variant: "maximal 3",
        build: || typed(::typedis::b().function_flush().async_if(true)),
    },
    Case {
        command: "FUNCTION HELP",
        group: "scripting",
        variant: "minimal",
        build: || typed(::typedis::b().function_help()),
    },
    Case {
        command: "FUNCTION HELP",
        group: "scripting",
        variant: "maximal 1",
        build: || typed(::typedis::b().function_help()),
    },
    Case {
        command: "FUNCTION HELP",
        group: "scripting",
        variant: "maximal 2",
        build: || typed(::typedis::b().function_help()),
    },
    Case {
        command: "FUNCTION HELP",
        group: "scripting",
        variant: "maximal 3",
        build: || typed(::typedis::b().function_help()),
    },
    Case {
        command: "FUNCTION KILL",
        group: "scripting",
        variant: "minimal",
        build: || typed(::typedis::b().function_kill()),
    },
    Case {
        command: "FUNCTION KILL",
        group: "scripting",
        variant: "maximal 1",
        build: || typed(::typedis::b().function_kill()),
    },
    Case {
        command: "FUNCTION KILL",
        group: "scripting",
        variant: "maximal 2",
        build: || typed(::typedis::b().function_kill()),
    },
    Case {
        command: "FUNCTION KILL",
        group: "scripting",
        variant: "maximal 3",
        build: || typed(::typedis::b().function_kill()),
    },
    Case {
        command: "FUNCTION LIST",
        group: "scripting",
        variant: "minimal",
        build: || typed(::typedis::b().function_list()),
    },
    Case {
        command: "FUNCTION LIST",
        group: "scripting",
        variant: "maximal 1",
        build: || typed(::typedis::b().function_list().withcode().libraryname("1")),
    },
    Case {
        command: "FUNCTION LIST",
        group: "scripting",
        variant: "maximal 2",
        build: || typed(::typedis::b().function_list().withcode().libraryname("1")),
    },
    Case {
        command: "FUNCTION LIST",
        group: "scripting",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().function_list().withcode_if(true).libraryname_opt(Some("1")),
        ),
    },
    Case {
        command: "FUNCTION LOAD",
        group: "scripting",
        variant: "minimal",
        build: || typed(::typedis::b().function_load().function_code("1")),
    },
    Case {
        command: "FUNCTION LOAD",
        group: "scripting",
        variant: "maximal 1",
        build: || typed(::typedis::b().function_load().replace().function_code("1")),
    },
    Case {
        command: "FUNCTION LOAD",
        group: "scripting",
        variant: "maximal 2",
        build: || typed(::typedis::b().function_load().function_code("1").replace()),
    },
    Case {
        command: "FUNCTION LOAD",
        group: "scripting",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().function_load().replace_if(true).function_code("1"),
        ),
    },
    Case {
        command: "FUNCTION RESTORE",
        group: "scripting",
        variant: "minimal",
        build: || typed(::typedis::b().function_restore().serialized_value("1")),
    },
    Case {
        command: "FUNCTION RESTORE",
        group: "scripting",
        variant: "maximal 1",
        build: || typed(::typedis::b().function_restore().serialized_value("1").flush()),
    },
    Case {
        command: "FUNCTION RESTORE",
        group: "scripting",
        variant: "maximal 2",
        build: || typed(::typedis::b().function_restore().serialized_value("1").append()),
    },
    Case {
        command: "FUNCTION RESTORE",
        group: "scripting",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().function_restore().serialized_value("1").replace_if(true),
        ),
    },
    Case {
        command: "FUNCTION STATS",
        group: "scripting",
        variant: "minimal",
        build: || typed(::typedis::b().function_stats()),
    },
    Case {
        command: "FUNCTION STATS",
        group: "scripting",
        variant: "maximal 1",
        build: || typed(::typedis::b().function_stats()),
    },
    Case {
        command: "FUNCTION STATS",
        group: "scripting",
        variant: "maximal 2",
        build: || typed(::typedis::b().function_stats()),
    },
    Case {
        command: "FUNCTION STATS",
        group: "scripting",
        variant: "maximal 3",
        build: || typed(::typedis::b().function_stats()),
    },
    Case {
        command: "GEOADD",
        group: "geo",
        variant: "minimal",
        build: || typed(
            ::typedis::b().geoadd().key("{t}k1").longitude_latitude_member(1.5, 1.5, "1"),
        ),
    },
    Case {
        command: "GEOADD",
        group: "geo",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .geoadd()
                .key("{t}k1")
                .ch()
                .nx()
                .longitude_latitude_member(1.5, 1.5, "1")
                .longitude_latitude_member(1.5, 1.5, "1"),
        ),
    },
    Case {
        command: "GEOADD",
        group: "geo",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .geoadd()
                .key("{t}k1")
                .longitude_latitude_member_iter([(1.5, 1.5, "1")])
                .longitude_latitude_member_iter([(1.5, 1.5, "1")])
                .ch()
                .xx(),
        ),
    },
    Case {
        command: "GEOADD",
        group: "geo",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .geoadd()
                .key("{t}k1")
                .ch_if(true)
                .nx_if(true)
                .longitude_latitude_member(1.5, 1.5, "1")
                .longitude_latitude_member(1.5, 1.5, "1"),
        ),
    },
    Case {
        command: "GEODIST",
        group: "geo",
        variant: "minimal",
        build: || typed(::typedis::b().geodist().key("{t}k1").member1("1").member2("1")),
    },
    Case {
        command: "GEODIST",
        group: "geo",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().geodist().key("{t}k1").member1("1").member2("1").m(),
        ),
    },
    Case {
        command: "GEODIST",
        group: "geo",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().geodist().key("{t}k1").member1("1").member2("1").km(),
        ),
    },
    Case {
        command: "GEODIST",
        group: "geo",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().geodist().key("{t}k1").member1("1").member2("1").ft_if(true),
        ),
    },
    Case {
        command: "GEODIST",
        group: "geo",
        variant: "maximal 4",
        build: || typed(
            ::typedis::b().geodist().key("{t}k1").member1("1").member2("1").mi(),
        ),
    },
    Case {
        command: "GEOHASH",
        group: "geo",
        variant: "minimal",
        build: || typed(::typedis::b().geohash().key("{t}k1").member("1")),
    },
    Case {
        command: "GEOHASH",
        group: "geo",
        variant: "maximal 1",
        build: || typed(::typedis::b().geohash().key("{t}k1").member("1").member("1")),
    },
    Case {
        command: "GEOHASH",
        group: "geo",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().geohash().key("{t}k1").member_iter(["1"]).member_iter(["1"]),
        ),
    },
    Case {
        command: "GEOHASH",
        group: "geo",
        variant: "maximal 3",
        build: || typed(::typedis::b().geohash().key("{t}k1").member("1").member("1")),
    },
    Case {
        command: "GEOPOS",
        group: "geo",
        variant: "minimal",
        build: || typed(::typedis::b().geopos().key("{t}k1").member("1")),
    },
    Case {
        command: "GEOPOS",
        group: "geo",
        variant: "maximal 1",
        build: || typed(::typedis::b().geopos().key("{t}k1").member("1").member("1")),
    },
    Case {
        command: "GEOPOS",
        group: "geo",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().geopos().key("{t}k1").member_iter(["1"]).member_iter(["1"]),
        ),
    },
    Case {
        command: "GEOPOS",
        group: "geo",
        variant: "maximal 3",
        build: || typed(::typedis::b().geopos().key("{t}k1").member("1").member("1")),
    },
    Case {
        command: "GEORADIUS",
        group: "geo",
        variant: "minimal",
        build: || typed(
            ::typedis::b()
                .georadius()
                .key("{t}k1")
                .longitude(1.5)
                .latitude(1.5)
                .radius(1.5)
                .m(),
        ),
    },
    Case {
        command: "GEORADIUS",
        group: "geo",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .georadius()
                .key("{t}k1")
                .longitude(1.5)
                .latitude(1.5)
                .radius(1.5)
                .m()
                .storedist("{t}k2")
                .asc()
                .count(1)
                .any()
                .withhash()
                .withdist()
                .withcoord(),
        ),
    },
    Case {
        command: "GEORADIUS",
        group: "geo",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .georadius()
                .key("{t}k1")
                .longitude(1.5)
                .latitude(1.5)
                .radius(1.5)
                .km()
                .storedist("{t}k2")
                .desc()
                .count(1)
                .any()
                .withhash()
                .withdist()
                .withcoord(),
        ),
    },
    Case {
        command: "GEORADIUS",
        group: "geo",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .georadius()
                .key("{t}k1")
                .longitude(1.5)
                .latitude(1.5)
                .radius(1.5)
                .ft()
                .storedist("{t}k2")
                .asc_if(true)
                .count(1)
                .any_if(true)
                .withhash()
                .withdist()
                .withcoord(),
        ),
    },
    Case {
        command: "GEORADIUS",
        group: "geo",
        variant: "maximal 4",
        build: || typed(
            ::typedis::b()
                .georadius()
                .key("{t}k1")
                .longitude(1.5)
                .latitude(1.5)
                .radius(1.5)
                .mi()
                .storedist("{t}k2")
                .desc()
                .count(1)
                .any()
                .withhash()
                .withdist()
                .withcoord(),
        ),
    },
    Case {
        command: "GEORADIUSBYMEMBER",
        group: "geo",
        variant: "minimal",
        build: || typed(
            ::typedis::b().georadiusbymember().key("{t}k1").member("1").radius(1.5).m(),
        ),
    },
    Case {
        command: "GEORADIUSBYMEMBER",
        group: "geo",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .georadiusbymember()
                .key("{t}k1")
                .member("1")
                .radius(1.5)
                .m()
                .storedist("{t}k2")
                .asc()
                .count(1)
                .any()
                .withhash()
                .withdist()
                .withcoord(),
        ),
    },
    Case {
        command: "GEORADIUSBYMEMBER",
        group: "geo",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .georadiusbymember()
                .key("{t}k1")
                .member("1")
                .radius(1.5)
                .km()
                .storedist("{t}k2")
                .desc()
                .count(1)
                .any()
                .withhash()
                .withdist()
                .withcoord(),
        ),
    },
    Case {
        command: "GEORADIUSBYMEMBER",
        group: "geo",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .georadiusbymember()
                .key("{t}k1")
                .member("1")
                .radius(1.5)
                .ft()
                .storedist("{t}k2")
                .asc_if(true)
                .count(1)
                .any_if(true)
                .withhash()
                .withdist()
                .withcoord(),
        ),
    },
    Case {
        command: "GEORADIUSBYMEMBER",
        group: "geo",
        variant: "maximal 4",
        build: || typed(
            ::typedis::b()
                .georadiusbymember()
                .key("{t}k1")
                .member("1")
                .radius(1.5)
                .mi()
                .storedist("{t}k2")
                .desc()
                .count(1)
                .any()
                .withhash()
                .withdist()
                .withcoord(),
        ),
    },
    Case {
        command: "GEORADIUSBYMEMBER_RO",
        group: "geo",
        variant: "minimal",
        build: || typed(
            ::typedis::b()
                .georadiusbymember_ro()
                .key("{t}k1")
                .member("1")
                .radius(1.5)
                .m(),
        ),
    },
    Case {
        command: "GEORADIUSBYMEMBER_RO",
        group: "geo",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .georadiusbymember_ro()
                .key("{t}k1")
                .member("1")
                .radius(1.5)
                .m()
                .asc()
                .count(1)
                .any()
                .withhash()
                .withdist()
                .withcoord(),
        ),
    },
    Case {
        command: "GEORADIUSBYMEMBER_RO",
        group: "geo",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .georadiusbymember_ro()
                .key("{t}k1")
                .member("1")
                .radius(1.5)
                .km()
                .desc()
                .count(1)
                .any()
                .withhash()
                .withdist()
                .withcoord(),
        ),
    },
    Case {
        command: "GEORADIUSBYMEMBER_RO",
        group: "geo",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .georadiusbymember_ro()
                .key("{t}k1")
                .member("1")
                .radius(1.5)
                .ft()
                .asc_if(true)
                .count(1)
                .any_if(true)
                .withhash()
                .withdist()
                .withcoord(),
        ),
    },
    Case {
        command: "GEORADIUSBYMEMBER_RO",
        group: "geo",
        variant: "maximal 4",
        build: || typed(
            ::typedis::b()
                .georadiusbymember_ro()
                .key("{t}k1")
                .member("1")
                .radius(1.5)
                .mi()
                .desc()
                .count(1)
                .any()
                .withhash()
                .withdist()
                .withcoord(),
        ),
    },
    Case {
        command: "GEORADIUS_RO",
        group: "geo",
        variant: "minimal",
        build: || typed(
            ::typedis::b()
                .georadius_ro()
                .key("{t}k1")
                .longitude(1.5)
                .latitude(1.5)
                .radius(1.5)
                .m(),
        ),
    },
    Case {
        command: "GEORADIUS_RO",
        group: "geo",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .georadius_ro()
                .key("{t}k1")
                .longitude(1.5)
                .latitude(1.5)
                .radius(1.5)
                .m()
                .asc()
                .count(1)
                .any()
                .withhash()
                .withdist()
                .withcoord(),
        ),
    },
    Case {
        command: "GEORADIUS_RO",
        group: "geo",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .georadius_ro()
                .key("{t}k1")
                .longitude(1.5)
                .latitude(1.5)
                .radius(1.5)
                .km()
                .desc()
                .count(1)
                .any()
                .withhash()
                .withdist()
                .withcoord(),
        ),
    },
    Case {
        command: "GEORADIUS_RO",
        group: "geo",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .georadius_ro()
                .key("{t}k1")
                .longitude(1.5)
                .latitude(1.5)
                .radius(1.5)
                .ft()
                .asc_if(true)
                .count(1)
                .any_if(true)
                .withhash()
                .withdist()
                .withcoord(),
        ),
    },
    Case {
        command: "GEORADIUS_RO",
        group: "geo",
        variant: "maximal 4",
        build: || typed(
            ::typedis::b()
                .georadius_ro()
                .key("{t}k1")
                .longitude(1.5)
                .latitude(1.5)
                .radius(1.5)
                .mi()
                .desc()
                .count(1)
                .any()
                .withhash()
                .withdist()
                .withcoord(),
        ),
    },
    Case {
        command: "GEOSEARCH",
        group: "geo",
        variant: "minimal",
        build: || typed(
            ::typedis::b().geosearch().key("{t}k1").frommember("1").byradius_m(1.5),
        ),
    },
    Case {
        command: "GEOSEARCH",
        group: "geo",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .geosearch()
                .key("{t}k1")
                .frommember("1")
                .byradius_m(1.5)
                .withhash()
                .withdist()
                .withcoord()
                .count(1)
                .any()
                .asc(),
        ),
    },
    Case {
        command: "GEOSEARCH",
        group: "geo",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .geosearch()
                .key("{t}k1")
                .fromlonlat(1.5, 1.5)
                .byradius_km(1.5)
                .withhash()
                .withdist()
                .withcoord()
                .count(1)
                .any()
                .desc(),
        ),
    },
    Case {
        command: "GEOSEARCH",
        group: "geo",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .geosearch()
                .key("{t}k1")
                .frommember("1")
                .byradius_ft(1.5)
                .withhash()
                .withdist()
                .withcoord()
                .count(1)
                .any_if(true)
                .asc_if(true),
        ),
    },
    Case {
        command: "GEOSEARCH",
        group: "geo",
        variant: "maximal 4",
        build: || typed(
            ::typedis::b()
                .geosearch()
                .key("{t}k1")
                .fromlonlat(1.5, 1.5)
                .byradius_mi(1.5)
                .withhash()
                .withdist()
                .withcoord()
                .count(1)
                .any()
                .desc(),
        ),
    },
    Case {
        command: "GEOSEARCH",
        group: "geo",
        variant: "maximal 5",
        build: || typed(
            ::typedis::b()
                .geosearch()
                .key("{t}k1")
                .frommember("1")
                .bybox_m(1.5, 1.5)
                .withhash()
                .withdist()
                .withcoord()
                .count(1)
                .any()
                .asc(),
        ),
    },
    Case {
        command: "GEOSEARCH",
        group: "geo",
        variant: "maximal 6",
        build: || typed(
            ::typedis::b()
                .geosearch()
                .key("{t}k1")
                .fromlonlat(1.5, 1.5)
                .bybox_km(1.5, 1.5)
                .withhash()
                .withdist()
                .withcoord()
                .count(1)
                .any_if(true)
                .desc_if(true),
        ),
    },
    Case {
        command: "GEOSEARCH",
        group: "geo",
        variant: "maximal 7",
        build: || typed(
            ::typedis::b()
                .geosearch()
                .key("{t}k1")
                .frommember("1")
                .bybox_ft(1.5, 1.5)
                .withhash()
                .withdist()
                .withcoord()
                .count(1)
                .any()
                .asc(),
        ),
    },
    Case {
        command: "GEOSEARCH",
        group: "geo",
        variant: "maximal 8",
        build: || typed(
            ::typedis::b()
                .geosearch()
                .key("{t}k1")
                .fromlonlat(1.5, 1.5)
                .bybox_mi(1.5, 1.5)
                .withhash()
                .withdist()
                .withcoord()
                .count(1)
                .any()
                .desc(),
        ),
    },
    Case {
        command: "GEOSEARCHSTORE",
        group: "geo",
        variant: "minimal",
        build: || typed(
            ::typedis::b()
                .geosearchstore()
                .destination("{t}k1")
                .source("{t}k2")
                .frommember("1")
                .byradius_m(1.5),
        ),
    },
    Case {
        command: "GEOSEARCHSTORE",
        group: "geo",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .geosearchstore()
                .destination("{t}k1")
                .source("{t}k2")
                .frommember("1")
                .byradius_m(1.5)
                .storedist()
                .count(1)
                .any()
                .asc(),
        ),
    },
    Case {
        command: "GEOSEARCHSTORE",
        group: "geo",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .geosearchstore()
                .destination("{t}k1")
                .source("{t}k2")
                .fromlonlat(1.5, 1.5)
                .byradius_km(1.5)
                .storedist()
                .count(1)
                .any()
                .desc(),
        ),
    },
    Case {
        command: "GEOSEARCHSTORE",
        group: "geo",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .geosearchstore()
                .destination("{t}k1")
                .source("{t}k2")
                .frommember("1")
                .byradius_ft(1.5)
                .storedist_if(true)
                .count(1)
                .any_if(true)
                .asc_if(true),
        ),
    },
    Case {
        command: "GEOSEARCHSTORE",
        group: "geo",
        variant: "maximal 4",
        build: || typed(
            ::typedis::b()
                .geosearchstore()
                .destination("{t}k1")
                .source("{t}k2")
                .fromlonlat(1.5, 1.5)
                .byradius_mi(1.5)
                .storedist()
                .count(1)
                .any()
                .desc(),
        ),
    },
    Case {
        command: "GEOSEARCHSTORE",
        group: "geo",
        variant: "maximal 5",
        build: || typed(
            ::typedis::b()
                .geosearchstore()
                .destination("{t}k1")
                .source("{t}k2")
                .frommember("1")
                .bybox_m(1.5, 1.5)
                .storedist()
                .count(1)
                .any()
                .asc(),
        ),
    },
    Case {
        command: "GEOSEARCHSTORE",
        group: "geo",
        variant: "maximal 6",
        build: || typed(
            ::typedis::b()
                .geosearchstore()
                .destination("{t}k1")
                .source("{t}k2")
                .fromlonlat(1.5, 1.5)
                .bybox_km(1.5, 1.5)
                .storedist_if(true)
                .count(1)
                .any_if(true)
                .desc_if(true),
        ),
    },
    Case {
        command: "GEOSEARCHSTORE",
        group: "geo",
        variant: "maximal 7",
        build: || typed(
            ::typedis::b()
                .geosearchstore()
                .destination("{t}k1")
                .source("{t}k2")
                .frommember("1")
                .bybox_ft(1.5, 1.5)
                .storedist()
                .count(1)
                .any()
                .asc(),
        ),
    },
    Case {
        command: "GEOSEARCHSTORE",
        group: "geo",
        variant: "maximal 8",
        build: || typed(
            ::typedis::b()
                .geosearchstore()
                .destination("{t}k1")
                .source("{t}k2")
                .fromlonlat(1.5, 1.5)
                .bybox_mi(1.5, 1.5)
                .storedist()
                .count(1)
                .any()
                .desc(),
        ),
    },
    Case {
        command: "GET",
        group: "string",
        variant: "minimal",
        build: || typed(::typedis::b().get().key("{t}k1")),
    },
    Case {
        command: "GET",
        group: "string",
        variant: "maximal 1",
        build: || typed(::typedis::b().get().key("{t}k1")),
    },
    Case {
        command: "GET",
        group: "string",
        variant: "maximal 2",
        build: || typed(::typedis::b().get().key("{t}k1")),
    },
    Case {
        command: "GET",
        group: "string",
        variant: "maximal 3",
        build: || typed(::typedis::b().get().key("{t}k1")),
    },
    Case {
        command: "GETBIT",
        group: "bitmap",
        variant: "minimal",
        build: || typed(::typedis::b().getbit().key("{t}k1").offset(1)),
    },
    Case {
        command: "GETBIT",
        group: "bitmap",
        variant: "maximal 1",
        build: || typed(::typedis::b().getbit().key("{t}k1").offset(1)),
    },
    Case {
        command: "GETBIT",
        group: "bitmap",
        variant: "maximal 2",
        build: || typed(::typedis::b().getbit().key("{t}k1").offset(1)),
    },
    Case {
        command: "GETBIT",
        group: "bitmap",
        variant: "maximal 3",
        build: || typed(::typedis::b().getbit().key("{t}k1").offset(1)),
    },
    Case {
        command: "GETDEL",
        group: "string",
        variant: "minimal",
        build: || typed(::typedis::b().getdel().key("{t}k1")),
    },
    Case {
        command: "GETDEL",
        group: "string",
        variant: "maximal 1",
        build: || typed(::typedis::b().getdel().key("{t}k1")),
    },
    Case {
        command: "GETDEL",
        group: "string",
        variant: "maximal 2",
        build: || typed(::typedis::b().getdel().key("{t}k1")),
    },
    Case {
        command: "GETDEL",
        group: "string",
        variant: "maximal 3",
        build: || typed(::typedis::b().getdel().key("{t}k1")),
    },
    Case {
        command: "GETEX",
        group: "string",
        variant: "minimal",
        build: || typed(::typedis::b().getex().key("{t}k1")),
    },
    Case {
        command: "GETEX",
        group: "string",
        variant: "maximal 1",
        build: || typed(::typedis::b().getex().key("{t}k1").ex(1)),
    },
    Case {
        command: "GETEX",
        group: "string",
        variant: "maximal 2",
        build: || typed(::typedis::b().getex().key("{t}k1").px(1)),
    },
    Case {
        command: "GETEX",
        group: "string",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().getex().key("{t}k1").exat_opt(Some(4_000_000_000_i64)),
        ),
    },
    Case {
        command: "GETEX",
        group: "string",
        variant: "maximal 4",
        build: || typed(::typedis::b().getex().key("{t}k1").pxat(4_000_000_000_i64)),
    },
    Case {
        command: "GETEX",
        group: "string",
        variant: "maximal 5",
        build: || typed(::typedis::b().getex().key("{t}k1").persist()),
    },
    Case {
        command: "GETRANGE",
        group: "string",
        variant: "minimal",
        build: || typed(::typedis::b().getrange().key("{t}k1").start(1).end(1)),
    },
    Case {
        command: "GETRANGE",
        group: "string",
        variant: "maximal 1",
        build: || typed(::typedis::b().getrange().key("{t}k1").start(1).end(1)),
    },
    Case {
        command: "GETRANGE",
        group: "string",
        variant: "maximal 2",
        build: || typed(::typedis::b().getrange().key("{t}k1").start(1).end(1)),
    },
    Case {
        command: "GETRANGE",
        group: "string",
        variant: "maximal 3",
        build: || typed(::typedis::b().getrange().key("{t}k1").start(1).end(1)),
    },
    Case {
        command: "GETSET",
        group: "string",
        variant: "minimal",
        build: || typed(::typedis::b().getset().key("{t}k1").value("1")),
    },
    Case {
        command: "GETSET",
        group: "string",
        variant: "maximal 1",
        build: || typed(::typedis::b().getset().key("{t}k1").value("1")),
    },
    Case {
        command: "GETSET",
        group: "string",
        variant: "maximal 2",
        build: || typed(::typedis::b().getset().key("{t}k1").value("1")),
    },
    Case {
        command: "GETSET",
        group: "string",
        variant: "maximal 3",
        build: || typed(::typedis::b().getset().key("{t}k1").value("1")),
    },
    Case {
        command: "HDEL",
        group: "hash",
        variant: "minimal",
        build: || typed(::typedis::b().hdel().key("{t}k1").field("1")),
    },
    Case {
        command: "HDEL",
        group: "hash",
        variant: "maximal 1",
        build: || typed(::typedis::b().hdel().key("{t}k1").field("1").field("1")),
    },
    Case {
        command: "HDEL",
        group: "hash",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().hdel().key("{t}k1").field_iter(["1"]).field_iter(["1"]),
        ),
    },
    Case {
        command: "HDEL",
        group: "hash",
        variant: "maximal 3",
        build: || typed(::typedis::b().hdel().key("{t}k1").field("1").field("1")),
    },
    Case {
        command: "HELLO",
        group: "connection",
        variant: "minimal",
        build: || typed(::typedis::b().hello()),
    },
    Case {
        command: "HELLO",
        group: "connection",
        variant: "maximal 1",
        build: || typed(::typedis::b().hello().protover(1).setname("1").auth("1", "1")),
    },
    Case {
        command: "HELLO",
        group: "connection",
        variant: "maximal 2",
        build: || typed(::typedis::b().hello().protover(1).setname("1").auth("1", "1")),
    },
    Case {
        command: "HELLO",
        group: "connection",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .hello()
                .protover(1)
                .setname_opt(Some("1"))
                .auth_opt(Some(("1", "1"))),
        ),
    },
    Case {
        command: "HEXISTS",
        group: "hash",
        variant: "minimal",
        build: || typed(::typedis::b().hexists().key("{t}k1").field("1")),
    },
    Case {
        command: "HEXISTS",
        group: "hash",
        variant: "maximal 1",
        build: || typed(::typedis::b().hexists().key("{t}k1").field("1")),
    },
    Case {
        command: "HEXISTS",
        group: "hash",
        variant: "maximal 2",
        build: || typed(::typedis::b().hexists().key("{t}k1").field("1")),
    },
    Case {
        command: "HEXISTS",
        group: "hash",
        variant: "maximal 3",
        build: || typed(::typedis::b().hexists().key("{t}k1").field("1")),
    },
    Case {
        command: "HGET",
        group: "hash",
        variant: "minimal",
        build: || typed(::typedis::b().hget().key("{t}k1").field("1")),
    },
    Case {
        command: "HGET",
        group: "hash",
        variant: "maximal 1",
        build: || typed(::typedis::b().hget().key("{t}k1").field("1")),
    },
    Case {
        command: "HGET",
        group: "hash",
        variant: "maximal 2",
        build: || typed(::typedis::b().hget().key("{t}k1").field("1")),
    },
    Case {
        command: "HGET",
        group: "hash",
        variant: "maximal 3",
        build: || typed(::typedis::b().hget().key("{t}k1").field("1")),
    },
    Case {
        command: "HGETALL",
        group: "hash",
        variant: "minimal",
        build: || typed(::typedis::b().hgetall().key("{t}k1")),
    },
    Case {
        command: "HGETALL",
        group: "hash",
        variant: "maximal 1",
        build: || typed(::typedis::b().hgetall().key("{t}k1")),
    },
    Case {
        command: "HGETALL",
        group: "hash",
        variant: "maximal 2",
        build: || typed(::typedis::b().hgetall().key("{t}k1")),
    },
    Case {
        command: "HGETALL",
        group: "hash",
        variant: "maximal 3",
        build: || typed(::typedis::b().hgetall().key("{t}k1")),
    },
    Case {
        command: "HINCRBY",
        group: "hash",
        variant: "minimal",
        build: || typed(::typedis::b().hincrby().key("{t}k1").field("1").increment(1)),
    },
    Case {
        command: "HINCRBY",
        group: "hash",
        variant: "maximal 1",
        build: || typed(::typedis::b().hincrby().key("{t}k1").field("1").increment(1)),
    },
    Case {
        command: "HINCRBY",
        group: "hash",
        variant: "maximal 2",
        build: || typed(::typedis::b().hincrby().key("{t}k1").field("1").increment(1)),
    },
    Case {
        command: "HINCRBY",
        group: "hash",
        variant: "maximal 3",
        build: || typed(::typedis::b().hincrby().key("{t}k1").field("1").increment(1)),
    },
    Case {
        command: "HINCRBYFLOAT",
        group: "hash",
        variant: "minimal",
        build: || typed(
            ::typedis::b().hincrbyfloat().key("{t}k1").field("1").increment(1.5),
        ),
    },
    Case {
        command: "HINCRBYFLOAT",
        group: "hash",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().hincrbyfloat().key("{t}k1").field("1").increment(1.5),
        ),
    },
    Case {
        command: "HINCRBYFLOAT",
        group: "hash",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().hincrbyfloat().key("{t}k1").field("1").increment(1.5),
        ),
    },
    Case {
        command: "HINCRBYFLOAT",
        group: "hash",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().hincrbyfloat().key("{t}k1").field("1").increment(1.5),
        ),
    },
    Case {
        command: "HKEYS",
        group: "hash",
        variant: "minimal",
        build: || typed(::typedis::b().hkeys().key("{t}k1")),
    },
    Case {
        command: "HKEYS",
        group: "hash",
        variant: "maximal 1",
        build: || typed(::typedis::b().hkeys().key("{t}k1")),
    },
    Case {
        command: "HKEYS",
        group: "hash",
        variant: "maximal 2",
        build: || typed(::typedis::b().hkeys().key("{t}k1")),
    },
    Case {
        command: "HKEYS",
        group: "hash",
        variant: "maximal 3",
        build: || typed(::typedis::b().hkeys().key("{t}k1")),
    },
    Case {
        command: "HLEN",
        group: "hash",
        variant: "minimal",
        build: || typed(::typedis::b().hlen().key("{t}k1")),
    },
    Case {
        command: "HLEN",
        group: "hash",
        variant: "maximal 1",
        build: || typed(::typedis::b().hlen().key("{t}k1")),
    },
    Case {
        command: "HLEN",
        group: "hash",
        variant: "maximal 2",
        build: || typed(::typedis::b().hlen().key("{t}k1")),
    },
    Case {
        command: "HLEN",
        group: "hash",
        variant: "maximal 3",
        build: || typed(::typedis::b().hlen().key("{t}k1")),
    },
    Case {
        command: "HMGET",
        group: "hash",
        variant: "minimal",
        build: || typed(::typedis::b().hmget().key("{t}k1").field("1")),
    },
    Case {
        command: "HMGET",
        group: "hash",
        variant: "maximal 1",
        build: || typed(::typedis::b().hmget().key("{t}k1").field("1").field("1")),
    },
    Case {
        command: "HMGET",
        group: "hash",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().hmget().key("{t}k1").field_iter(["1"]).field_iter(["1"]),
        ),
    },
    Case {
        command: "HMGET",
        group: "hash",
        variant: "maximal 3",
        build: || typed(::typedis::b().hmget().key("{t}k1").field("1").field("1")),
    },
    Case {
        command: "HMSET",
        group: "hash",
        variant: "minimal",
        build: || typed(::typedis::b().hmset().key("{t}k1").field_value("1", "1")),
    },
    Case {
        command: "HMSET",
        group: "hash",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .hmset()
                .key("{t}k1")
                .field_value("1", "1")
                .field_value("1", "1"),
        ),
    },
    Case {
        command: "HMSET",
        group: "hash",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .hmset()
                .key("{t}k1")
                .field_value_iter([("1", "1")])
                .field_value_iter([("1", "1")]),
        ),
    },
    Case {
        command: "HMSET",
        group: "hash",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .hmset()
                .key("{t}k1")
                .field_value("1", "1")
                .field_value("1", "1"),
        ),
    },
    Case {
        command: "HRANDFIELD",
        group: "hash",
        variant: "minimal",
        build: || typed(::typedis::b().hrandfield().key("{t}k1")),
    },
    Case {
        command: "HRANDFIELD",
        group: "hash",
        variant: "maximal 1",
        build: || typed(::typedis::b().hrandfield().key("{t}k1").options(1).withvalues()),
    },
    Case {
        command: "HRANDFIELD",
        group: "hash",
        variant: "maximal 2",
        build: || typed(::typedis::b().hrandfield().key("{t}k1").options(1).withvalues()),
    },
    Case {
        command: "HRANDFIELD",
        group: "hash",
        variant: "maximal 3",
        build: || typed(::typedis::b().hrandfield().key("{t}k1").options(1).withvalues()),
    },
    Case {
        command: "HSCAN",
        group: "hash",
        variant: "minimal",
        build: || typed(::typedis::b().hscan().key("{t}k1").cursor(1)),
    },
    Case {
        command: "HSCAN",
        group: "hash",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().hscan().key("{t}k1").cursor(1).count(1).r#match("*"),
        ),
    },
    Case {
        command: "HSCAN",
        group: "hash",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().hscan().key("{t}k1").cursor(1).count(1).r#match("*"),
        ),
    },
    Case {
        command: "HSCAN",
        group: "hash",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .hscan()
                .key("{t}k1")
                .cursor(1)
                .count_opt(Some(1))
                .match_opt(Some("*")),
        ),
    },
    Case {
        command: "HSET",
        group: "hash",
        variant: "minimal",
        build: || typed(::typedis::b().hset().key("{t}k1").field_value("1", "1")),
    },
    Case {
        command: "HSET",
        group: "hash",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .hset()
                .key("{t}k1")
                .field_value("1", "1")
                .field_value("1", "1"),
        ),
    },
    Case {
        command: "HSET",
        group: "hash",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .hset()
                .key("{t}k1")
                .field_value_iter([("1", "1")])
                .field_value_iter([("1", "1")]),
        ),
    },
    Case {
        command: "HSET",
        group: "hash",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .hset()
                .key("{t}k1")
                .field_value("1", "1")
                .field_value("1", "1"),
        ),
    },
    Case {
        command: "HSETNX",
        group: "hash",
        variant: "minimal",
        build: || typed(::typedis::b().hsetnx().key("{t}k1").field("1").value("1")),
    },
    Case {
        command: "HSETNX",
        group: "hash",
        variant: "maximal 1",
        build: || typed(::typedis::b().hsetnx().key("{t}k1").field("1").value("1")),
    },
    Case {
        command: "HSETNX",
        group: "hash",
        variant: "maximal 2",
        build: || typed(::typedis::b().hsetnx().key("{t}k1").field("1").value("1")),
    },
    Case {
        command: "HSETNX",
        group: "hash",
        variant: "maximal 3",
        build: || typed(::typedis::b().hsetnx().key("{t}k1").field("1").value("1")),
    },
    Case {
        command: "HSTRLEN",
        group: "hash",
        variant: "minimal",
        build: || typed(::typedis::b().hstrlen().key("{t}k1").field("1")),
    },
    Case {
        command: "HSTRLEN",
        group: "hash",
        variant: "maximal 1",
        build: || typed(::typedis::b().hstrlen().key("{t}k1").field("1")),
    },
    Case {
        command: "HSTRLEN",
        group: "hash",
        variant: "maximal 2",
        build: || typed(::typedis::b().hstrlen().key("{t}k1").field("1")),
    },
    Case {
        command: "HSTRLEN",
        group: "hash",
        variant: "maximal 3",
        build: || typed(::typedis::b().hstrlen().key("{t}k1").field("1")),
    },
    Case {
        command: "HVALS",
        group: "hash",
        variant: "minimal",
        build: || typed(::typedis::b().hvals().key("{t}k1")),
    },
    Case {
        command: "HVALS",
        group: "hash",
        variant: "maximal 1",
        build: || typed(::typedis::b().hvals().key("{t}k1")),
    },
    Case {
        command: "HVALS",
        group: "hash",
        variant: "maximal 2",
        build: || typed(::typedis::b().hvals().key("{t}k1")),
    },
    Case {
        command: "HVALS",
        group: "hash",
        variant: "maximal 3",
        build: || typed(::typedis::b().hvals().key("{t}k1")),
    },
    Case {
        command: "INCR",
        group: "string",
        variant: "minimal",
        build: || typed(::typedis::b().incr().key("{t}k1")),
    },
    Case {
        command: "INCR",
        group: "string",
        variant: "maximal 1",
        build: || typed(::typedis::b().incr().key("{t}k1")),
    },
    Case {
        command: "INCR",
        group: "string",
        variant: "maximal 2",
        build: || typed(::typedis::b().incr().key("{t}k1")),
    },
    Case {
        command: "INCR",
        group: "string",
        variant: "maximal 3",
        build: || typed(::typedis::b().incr().key("{t}k1")),
    },
    Case {
        command: "INCRBY",
        group: "string",
        variant: "minimal",
        build: || typed(::typedis::b().incrby().key("{t}k1").increment(1)),
    },
    Case {
        command: "INCRBY",
        group: "string",
        variant: "maximal 1",
        build: || typed(::typedis::b().incrby().key("{t}k1").increment(1)),
    },
    Case {
        command: "INCRBY",
        group: "string",
        variant: "maximal 2",
        build: || typed(::typedis::b().incrby().key("{t}k1").increment(1)),
    },
    Case {
        command: "INCRBY",
        group: "string",
        variant: "maximal 3",
        build: || typed(::typedis::b().incrby().key("{t}k1").increment(1)),
    },
    Case {
        command: "INCRBYFLOAT",
        group: "string",
        variant: "minimal",
        build: || typed(::typedis::b().incrbyfloat().key("{t}k1").increment(1.5)),
    },
    Case {
        command: "INCRBYFLOAT",
        group: "string",
        variant: "maximal 1",
        build: || typed(::typedis::b().incrbyfloat().key("{t}k1").increment(1.5)),
    },
    Case {
        command: "INCRBYFLOAT",
        group: "string",
        variant: "maximal 2",
        build: || typed(::typedis::b().incrbyfloat().key("{t}k1").increment(1.5)),
    },
    Case {
        command: "INCRBYFLOAT",
        group: "string",
        variant: "maximal 3",
        build: || typed(::typedis::b().incrbyfloat().key("{t}k1").increment(1.5)),
    },
    Case {
        command: "INFO",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().info()),
    },
    Case {
        command: "INFO",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().info().section("1")),
    },
    Case {
        command: "INFO",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().info().section_iter(["1"])),
    },
    Case {
        command: "INFO",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().info().section("1")),
    },
    Case {
        command: "KEYS",
        group: "generic",
        variant: "minimal",
        build: || typed(::typedis::b().keys().pattern("*")),
    },
    Case {
        command: "KEYS",
        group: "generic",
        variant: "maximal 1",
        build: || typed(::typedis::b().keys().pattern("*")),
    },
    Case {
        command: "KEYS",
        group: "generic",
        variant: "maximal 2",
        build: || typed(::typedis::b().keys().pattern("*")),
    },
    Case {
        command: "KEYS",
        group: "generic",
        variant: "maximal 3",
        build: || typed(::typedis::b().keys().pattern("*")),
    },
    Case {
        command: "LASTSAVE",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().lastsave()),
    },
    Case {
        command: "LASTSAVE",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().lastsave()),
    },
    Case {
        command: "LASTSAVE",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().lastsave()),
    },
    Case {
        command: "LASTSAVE",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().lastsave()),
    },
    Case {
        command: "LATENCY DOCTOR",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().latency_doctor()),
    },
    Case {
        command: "LATENCY DOCTOR",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().latency_doctor()),
    },
    Case {
        command: "LATENCY DOCTOR",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().latency_doctor()),
    },
    Case {
        command: "LATENCY DOCTOR",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().latency_doctor()),
    },
    Case {
        command: "LATENCY GRAPH",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().latency_graph().event("1")),
    },
    Case {
        command: "LATENCY GRAPH",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().latency_graph().event("1")),
    },
    Case {
        command: "LATENCY GRAPH",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().latency_graph().event("1")),
    },
    Case {
        command: "LATENCY GRAPH",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().latency_graph().event("1")),
    },
    Case {
        command: "LATENCY HELP",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().latency_help()),
    },
    Case {
        command: "LATENCY HELP",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().latency_help()),
    },
    Case {
        command: "LATENCY HELP",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().latency_help()),
    },
    Case {
        command: "LATENCY HELP",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().latency_help()),
    },
    Case {
        command: "LATENCY HISTOGRAM",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().latency_histogram()),
    },
    Case {
        command: "LATENCY HISTOGRAM",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().latency_histogram().command("1")),
    },
    Case {
        command: "LATENCY HISTOGRAM",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().latency_histogram().command_iter(["1"])),
    },
    Case {
        command: "LATENCY HISTOGRAM",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().latency_histogram().command("1")),
    },
    Case {
        command: "LATENCY HISTORY",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().latency_history().event("1")),
    },
    Case {
        command: "LATENCY HISTORY",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().latency_history().event("1")),
    },
    Case {
        command: "LATENCY HISTORY",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().latency_history().event("1")),
    },
    Case {
        command: "LATENCY HISTORY",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().latency_history().event("1")),
    },
    Case {
        command: "LATENCY LATEST",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().latency_latest()),
    },
    Case {
        command: "LATENCY LATEST",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().latency_latest()),
    },
    Case {
        command: "LATENCY LATEST",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().latency_latest()),
    },
    Case {
        command: "LATENCY LATEST",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().latency_latest()),
    },
    Case {
        command: "LATENCY RESET",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().latency_reset()),
    },
    Case {
        command: "LATENCY RESET",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().latency_reset().event("1")),
    },
    Case {
        command: "LATENCY RESET",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().latency_reset().event_iter(["1"])),
    },
    Case {
        command: "LATENCY RESET",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().latency_reset().event("1")),
    },
    Case {
        command: "LCS",
        group: "string",
        variant: "minimal",
        build: || typed(::typedis::b().lcs().key1("{t}k1").key2("{t}k2")),
    },
    Case {
        command: "LCS",
        group: "string",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .lcs()
                .key1("{t}k1")
                .key2("{t}k2")
                .withmatchlen()
                .minmatchlen(1)
                .idx()
                .len(),
        ),
    },
    Case {
        command: "LCS",
        group: "string",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .lcs()
                .key1("{t}k1")
                .key2("{t}k2")
                .withmatchlen()
                .minmatchlen(1)
                .idx()
                .len(),
        ),
    },
    Case {
        command: "LCS",
        group: "string",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .lcs()
                .key1("{t}k1")
                .key2("{t}k2")
                .withmatchlen_if(true)
                .minmatchlen_opt(Some(1))
                .idx()
                .len(),
        ),
    },
    Case {
        command: "LINDEX",
        group: "list",
        variant: "minimal",
        build: || typed(::typedis::b().lindex().key("{t}k1").index(1)),
    },
    Case {
        command: "LINDEX",
        group: "list",
        variant: "maximal 1",
        build: || typed(::typedis::b().lindex().key("{t}k1").index(1)),
    },
    Case {
        command: "LINDEX",
        group: "list",
        variant: "maximal 2",
        build: || typed(::typedis::b().lindex().key("{t}k1").index(1)),
    },
    Case {
        command: "LINDEX",
        group: "list",
        variant: "maximal 3",
        build: || typed(::typedis::b().lindex().key("{t}k1").index(1)),
    },
    Case {
        command: "LINSERT",
        group: "list",
        variant: "minimal",
        build: || typed(
            ::typedis::b().linsert().key("{t}k1").before().pivot("1").element("1"),
        ),
    },
    Case {
        command: "LINSERT",
        group: "list",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().linsert().key("{t}k1").before().pivot("1").element("1"),
        ),
    },
    Case {
        command: "LINSERT",
        group: "list",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().linsert().key("{t}k1").after().pivot("1").element("1"),
        ),
    },
    Case {
        command: "LINSERT",
        group: "list",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().linsert().key("{t}k1").before().pivot("1").element("1"),
        ),
    },
    Case {
        command: "LLEN",
        group: "list",
        variant: "minimal",
        build: || typed(::typedis::b().llen().key("{t}k1")),
    },
    Case {
        command: "LLEN",
        group: "list",
        variant: "maximal 1",
        build: || typed(::typedis::b().llen().key("{t}k1")),
    },
    Case {
        command: "LLEN",
        group: "list",
        variant: "maximal 2",
        build: || typed(::typedis::b().llen().key("{t}k1")),
    },
    Case {
        command: "LLEN",
        group: "list",
        variant: "maximal 3",
        build: || typed(::typedis::b().llen().key("{t}k1")),
    },
    Case {
        command: "LMOVE",
        group: "list",
        variant: "minimal",
        build: || typed(
            ::typedis::b().lmove().source("{t}k1").destination("{t}k2").left().left(),
        ),
    },
    Case {
        command: "LMOVE",
        group: "list",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().lmove().source("{t}k1").destination("{t}k2").left().left(),
        ),
    },
    Case {
        command: "LMOVE",
        group: "list",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().lmove().source("{t}k1").destination("{t}k2").right().right(),
        ),
    },
    Case {
        command: "LMOVE",
        group: "list",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().lmove().source("{t}k1").destination("{t}k2").left().left(),
        ),
    },
    Case {
        command: "LMPOP",
        group: "list",
        variant: "minimal",
        build: || typed(::typedis::b().lmpop().key("{t}k1").left()),
    },
    Case {
        command: "LMPOP",
        group: "list",
        variant: "maximal 1",
        build: || typed(::typedis::b().lmpop().key("{t}k1").key("{t}k2").left().count(1)),
    },
    Case {
        command: "LMPOP",
        group: "list",
        variant: "maximal 2",
        build: || typed(::typedis::b().lmpop().key_iter(["{t}k1"]).right().count(1)),
    },
    Case {
        command: "LMPOP",
        group: "list",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().lmpop().key("{t}k1").key("{t}k2").left().count_opt(Some(1)),
        ),
    },
    Case {
        command: "LOLWUT",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().lolwut()),
    },
    Case {
        command: "LOLWUT",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().lolwut().version(1)),
    },
    Case {
        command: "LOLWUT",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().lolwut().version(1)),
    },
    Case {
        command: "LOLWUT",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().lolwut().version_opt(Some(1))),
    },
    Case {
        command: "LPOP",
        group: "list",
        variant: "minimal",
        build: || typed(::typedis::b().lpop().key("{t}k1")),
    },
    Case {
        command: "LPOP",
        group: "list",
        variant: "maximal 1",
        build: || typed(::typedis::b().lpop().key("{t}k1").count(1)),
    },
    Case {
        command: "LPOP",
        group: "list",
        variant: "maximal 2",
        build: || typed(::typedis::b().lpop().key("{t}k1").count(1)),
    },
    Case {
        command: "LPOP",
        group: "list",
        variant: "maximal 3",
        build: || typed(::typedis::b().lpop().key("{t}k1").count(1)),
    },
    Case {
        command: "LPOS",
        group: "list",
        variant: "minimal",
        build: || typed(::typedis::b().lpos().key("{t}k1").element("1")),
    },
    Case {
        command: "LPOS",
        group: "list",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().lpos().key("{t}k1").element("1").maxlen(1).count(1).rank(1),
        ),
    },
    Case {
        command: "LPOS",
        group: "list",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().lpos().key("{t}k1").element("1").maxlen(1).count(1).rank(1),
        ),
    },
    Case {
        command: "LPOS",
        group: "list",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .lpos()
                .key("{t}k1")
                .element("1")
                .maxlen_opt(Some(1))
                .count(1)
                .rank_opt(Some(1)),
        ),
    },
    Case {
        command: "LPUSH",
        group: "list",
        variant: "minimal",
        build: || typed(::typedis::b().lpush().key("{t}k1").element("1")),
    },
    Case {
        command: "LPUSH",
        group: "list",
        variant: "maximal 1",
        build: || typed(::typedis::b().lpush().key("{t}k1").element("1").element("1")),
    },
    Case {
        command: "LPUSH",
        group: "list",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().lpush().key("{t}k1").element_iter(["1"]).element_iter(["1"]),
        ),
    },
    Case {
        command: "LPUSH",
        group: "list",
        variant: "maximal 3",
        build: || typed(::typedis::b().lpush().key("{t}k1").element("1").element("1")),
    },
    Case {
        command: "LPUSHX",
        group: "list",
        variant: "minimal",
        build: || typed(::typedis::b().lpushx().key("{t}k1").element("1")),
    },
    Case {
        command: "LPUSHX",
        group: "list",
        variant: "maximal 1",
        build: || typed(::typedis::b().lpushx().key("{t}k1").element("1").element("1")),
    },
    Case {
        command: "LPUSHX",
        group: "list",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().lpushx().key("{t}k1").element_iter(["1"]).element_iter(["1"]),
        ),
    },
    Case {
        command: "LPUSHX",
        group: "list",
        variant: "maximal 3",
        build: || typed(::typedis::b().lpushx().key("{t}k1").element("1").element("1")),
    },
    Case {
        command: "LRANGE",
        group: "list",
        variant: "minimal",
        build: || typed(::typedis::b().lrange().key("{t}k1").start(1).stop(1)),
    },
    Case {
        command: "LRANGE",
        group: "list",
        variant: "maximal 1",
        build: || typed(::typedis::b().lrange().key("{t}k1").start(1).stop(1)),
    },
    Case {
        command: "LRANGE",
        group: "list",
        variant: "maximal 2",
        build: || typed(::typedis::b().lrange().key("{t}k1").start(1).stop(1)),
    },
    Case {
        command: "LRANGE",
        group: "list",
        variant: "maximal 3",
        build: || typed(::typedis::b().lrange().key("{t}k1").start(1).stop(1)),
    },
    Case {
        command: "LREM",
        group: "list",
        variant: "minimal",
        build: || typed(::typedis::b().lrem().key("{t}k1").count(1).element("1")),
    },
    Case {
        command: "LREM",
        group: "list",
        variant: "maximal 1",
        build: || typed(::typedis::b().lrem().key("{t}k1").count(1).element("1")),
    },
    Case {
        command: "LREM",
        group: "list",
        variant: "maximal 2",
        build: || typed(::typedis::b().lrem().key("{t}k1").count(1).element("1")),
    },
    Case {
        command: "LREM",
        group: "list",
        variant: "maximal 3",
        build: || typed(::typedis::b().lrem().key("{t}k1").count(1).element("1")),
    },
    Case {
        command: "LSET",
        group: "list",
        variant: "minimal",
        build: || typed(::typedis::b().lset().key("{t}k1").index(1).element("1")),
    },
    Case {
        command: "LSET",
        group: "list",
        variant: "maximal 1",
        build: || typed(::typedis::b().lset().key("{t}k1").index(1).element("1")),
    },
    Case {
        command: "LSET",
        group: "list",
        variant: "maximal 2",
        build: || typed(::typedis::b().lset().key("{t}k1").index(1).element("1")),
    },
    Case {
        command: "LSET",
        group: "list",
        variant: "maximal 3",
        build: || typed(::typedis::b().lset().key("{t}k1").index(1).element("1")),
    },
    Case {
        command: "LTRIM",
        group: "list",
        variant: "minimal",
        build: || typed(::typedis::b().ltrim().key("{t}k1").start(1).stop(1)),
    },
    Case {
        command: "LTRIM",
        group: "list",
        variant: "maximal 1",
        build: || typed(::typedis::b().ltrim().key("{t}k1").start(1).stop(1)),
    },
    Case {
        command: "LTRIM",
        group: "list",
        variant: "maximal 2",
        build: || typed(::typedis::b().ltrim().key("{t}k1").start(1).stop(1)),
    },
    Case {
        command: "LTRIM",
        group: "list",
        variant: "maximal 3",
        build: || typed(::typedis::b().ltrim().key("{t}k1").start(1).stop(1)),
    },
    Case {
        command: "MEMORY DOCTOR",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().memory_doctor()),
    },
    Case {
        command: "MEMORY DOCTOR",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().memory_doctor()),
    },
    Case {
        command: "MEMORY DOCTOR",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().memory_doctor()),
    },
    Case {
        command: "MEMORY DOCTOR",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().memory_doctor()),
    },
    Case {
        command: "MEMORY HELP",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().memory_help()),
    },
    Case {
        command: "MEMORY HELP",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().memory_help()),
    },
    Case {
        command: "MEMORY HELP",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().memory_help()),
    },
    Case {
        command: "MEMORY HELP",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().memory_help()),
    },
    Case {
        command: "MEMORY MALLOC-STATS",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().memory_malloc_stats()),
    },
    Case {
        command: "MEMORY MALLOC-STATS",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().memory_malloc_stats()),
    },
    Case {
        command: "MEMORY MALLOC-STATS",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().memory_malloc_stats()),
    },
    Case {
        command: "MEMORY MALLOC-STATS",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().memory_malloc_stats()),
    },
    Case {
        command: "MEMORY PURGE",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().memory_purge()),
    },
    Case {
        command: "MEMORY PURGE",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().memory_purge()),
    },
    Case {
        command: "MEMORY PURGE",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().memory_purge()),
    },
    Case {
        command: "MEMORY PURGE",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().memory_purge()),
    },
    Case {
        command: "MEMORY STATS",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().memory_stats()),
    },
    Case {
        command: "MEMORY STATS",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().memory_stats()),
    },
    Case {
        command: "MEMORY STATS",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().memory_stats()),
    },
    Case {
        command: "MEMORY STATS",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().memory_stats()),
    },
    Case {
        command: "MEMORY USAGE",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().memory_usage().key("{t}k1")),
    },
    Case {
        command: "MEMORY USAGE",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().memory_usage().key("{t}k1").samples(1)),
    },
    Case {
        command: "MEMORY USAGE",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().memory_usage().key("{t}k1").samples(1)),
    },
    Case {
        command: "MEMORY USAGE",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().memory_usage().key("{t}k1").samples_opt(Some(1))),
    },
    Case {
        command: "MGET",
        group: "string",
        variant: "minimal",
        build: || typed(::typedis::b().mget().key("{t}k1")),
    },
    Case {
        command: "MGET",
        group: "string",
        variant: "maximal 1",
        build: || typed(::typedis::b().mget().key("{t}k1").key("{t}k2")),
    },
    Case {
        command: "MGET",
        group: "string",
        variant: "maximal 2",
        build: || typed(::typedis::b().mget().key_iter(["{t}k1"]).key_iter(["{t}k2"])),
    },
    Case {
        command: "MGET",
        group: "string",
        variant: "maximal 3",
        build: || typed(::typedis::b().mget().key("{t}k1").key("{t}k2")),
    },
    Case {
        command: "MIGRATE",
        group: "generic",
        variant: "minimal",
        build: || typed(
            ::typedis::b()
                .migrate()
                .host("127.0.0.1")
                .port(1)
                .key("{t}k1")
                .destination_db(1)
                .timeout(1),
        ),
    },
    Case {
        command: "MIGRATE",
        group: "generic",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .migrate()
                .host("127.0.0.1")
                .port(1)
                .key("{t}k1")
                .destination_db(1)
                .timeout(1)
                .auth("1")
                .replace()
                .copy(),
        ),
    },
    Case {
        command: "MIGRATE",
        group: "generic",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .migrate()
                .host("127.0.0.1")
                .port(1)
                .empty_string()
                .destination_db(1)
                .timeout(1)
                .keys_iter(["{t}k1"])
                .auth2("1", "1")
                .replace()
                .copy(),
        ),
    },
    Case {
        command: "MIGRATE",
        group: "generic",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .migrate()
                .host("127.0.0.1")
                .port(1)
                .key("{t}k1")
                .destination_db(1)
                .timeout(1)
                .auth_opt(Some("1"))
                .replace_if(true)
                .copy_if(true),
        ),
    },
    Case {
        command: "MODULE HELP",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().module_help()),
    },
    Case {
        command: "MODULE HELP",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().module_help()),
    },
    Case {
        command: "MODULE HELP",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().module_help()),
    },
    Case {
        command: "MODULE HELP",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().module_help()),
    },
    Case {
        command: "MODULE LIST",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().module_list()),
    },
    Case {
        command: "MODULE LIST",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().module_list()),
    },
    Case {
        command: "MODULE LIST",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().module_list()),
    },
    Case {
        command: "MODULE LIST",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().module_list()),
    },
    Case {
        command: "MODULE LOAD",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().module_load().path("1")),
    },
    Case {
        command: "MODULE LOAD",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().module_load().path("1").arg("1")),
    },
    Case {
        command: "MODULE LOAD",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().module_load().path("1").arg_iter(["1"])),
    },
    Case {
        command: "MODULE LOAD",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().module_load().path("1").arg("1")),
    },
    Case {
        command: "MODULE LOADEX",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().module_loadex().path("1")),
    },
    Case {
        command: "MODULE LOADEX",
        group: "server",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().module_loadex().path("1").args("1").config("1", "1"),
        ),
    },
    Case {
        command: "MODULE LOADEX",
        group: "server",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .module_loadex()
                .path("1")
                .args_iter(["1"])
                .config_iter([("1", "1")]),
        ),
    },
    Case {
        command: "MODULE LOADEX",
        group: "server",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().module_loadex().path("1").args("1").config("1", "1"),
        ),
    },
    Case {
        command: "MODULE UNLOAD",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().module_unload().name("1")),
    },
    Case {
        command: "MODULE UNLOAD",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().module_unload().name("1")),
    },
    Case {
        command: "MODULE UNLOAD",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().module_unload().name("1")),
    },
    Case {
        command: "MODULE UNLOAD",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().module_unload().name("1")),
    },
    Case {
        command: "MONITOR",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().monitor()),
    },
    Case {
        command: "MONITOR",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().monitor()),
    },
    Case {
        command: "MONITOR",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().monitor()),
    },
    Case {
        command: "MONITOR",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().monitor()),
    },
    Case {
        command: "MOVE",
        group: "generic",
        variant: "minimal",
        build: || typed(::typedis::b().r#move().key("{t}k1").db(1)),
    },
    Case {
        command: "MOVE",
        group: "generic",
        variant: "maximal 1",
        build: || typed(::typedis::b().r#move().key("{t}k1").db(1)),
    },
    Case {
        command: "MOVE",
        group: "generic",
        variant: "maximal 2",
        build: || typed(::typedis::b().r#move().key("{t}k1").db(1)),
    },
    Case {
        command: "MOVE",
        group: "generic",
        variant: "maximal 3",
        build: || typed(::typedis::b().r#move().key("{t}k1").db(1)),
    },
    Case {
        command: "MSET",
        group: "string",
        variant: "minimal",
        build: || typed(::typedis::b().mset().key_value("{t}k1", "1")),
    },
    Case {
        command: "MSET",
        group: "string",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().mset().key_value("{t}k1", "1").key_value("{t}k2", "1"),
        ),
    },
    Case {
        command: "MSET",
        group: "string",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .mset()
                .key_value_iter([("{t}k1", "1")])
                .key_value_iter([("{t}k2", "1")]),
        ),
    },
    Case {
        command: "MSET",
        group: "string",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().mset().key_value("{t}k1", "1").key_value("{t}k2", "1"),
        ),
    },
    Case {
        command: "MSETNX",
        group: "string",
        variant: "minimal",
        build: || typed(::typedis::b().msetnx().key_value("{t}k1", "1")),
    },
    Case {
        command: "MSETNX",
        group: "string",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().msetnx().key_value("{t}k1", "1").key_value("{t}k2", "1"),
        ),
    },
    Case {
        command: "MSETNX",
        group: "string",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .msetnx()
                .key_value_iter([("{t}k1", "1")])
                .key_value_iter([("{t}k2", "1")]),
        ),
    },
    Case {
        command: "MSETNX",
        group: "string",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().msetnx().key_value("{t}k1", "1").key_value("{t}k2", "1"),
        ),
    },
    Case {
        command: "MULTI",
        group: "transactions",
        variant: "minimal",
        build: || typed(::typedis::b().multi()),
    },
    Case {
        command: "MULTI",
        group: "transactions",
        variant: "maximal 1",
        build: || typed(::typedis::b().multi()),
    },
    Case {
        command: "MULTI",
        group: "transactions",
        variant: "maximal 2",
        build: || typed(::typedis::b().multi()),
    },
    Case {
        command: "MULTI",
        group: "transactions",
        variant: "maximal 3",
        build: || typed(::typedis::b().multi()),
    },
    Case {
        command: "OBJECT ENCODING",
        group: "generic",
        variant: "minimal",
        build: || typed(::typedis::b().object_encoding().key("{t}k1")),
    },
    Case {
        command: "OBJECT ENCODING",
        group: "generic",
        variant: "maximal 1",
        build: || typed(::typedis::b().object_encoding().key("{t}k1")),
    },
    Case {
        command: "OBJECT ENCODING",
        group: "generic",
        variant: "maximal 2",
        build: || typed(::typedis::b().object_encoding().key("{t}k1")),
    },
    Case {
        command: "OBJECT ENCODING",
        group: "generic",
        variant: "maximal 3",
        build: || typed(::typedis::b().object_encoding().key("{t}k1")),
    },
    Case {
        command: "OBJECT FREQ",
        group: "generic",
        variant: "minimal",
        build: || typed(::typedis::b().object_freq().key("{t}k1")),
    },
    Case {
        command: "OBJECT FREQ",
        group: "generic",
        variant: "maximal 1",
        build: || typed(::typedis::b().object_freq().key("{t}k1")),
    },
    Case {
        command: "OBJECT FREQ",
        group: "generic",
        variant: "maximal 2",
        build: || typed(::typedis::b().object_freq().key("{t}k1")),
    },
    Case {
        command: "OBJECT FREQ",
        group: "generic",
        variant: "maximal 3",
        build: || typed(::typedis::b().object_freq().key("{t}k1")),
    },
    Case {
        command: "OBJECT HELP",
        group: "generic",
        variant: "minimal",
        build: || typed(::typedis::b().object_help()),
    },
    Case {
        command: "OBJECT HELP",
        group: "generic",
        variant: "maximal 1",
        build: || typed(::typedis::b().object_help()),
    },
    Case {
        command: "OBJECT HELP",
        group: "generic",
        variant: "maximal 2",
        build: || typed(::typedis::b().object_help()),
    },
    Case {
        command: "OBJECT HELP",
        group: "generic",
        variant: "maximal 3",
        build: || typed(::typedis::b().object_help()),
    },
    Case {
        command: "OBJECT IDLETIME",
        group: "generic",
        variant: "minimal",
        build: || typed(::typedis::b().object_idletime().key("{t}k1")),
    },
    Case {
        command: "OBJECT IDLETIME",
        group: "generic",
        variant: "maximal 1",
        build: || typed(::typedis::b().object_idletime().key("{t}k1")),
    },
    Case {
        command: "OBJECT IDLETIME",
        group: "generic",
        variant: "maximal 2",
        build: || typed(::typedis::b().object_idletime().key("{t}k1")),
    },
    Case {
        command: "OBJECT IDLETIME",
        group: "generic",
        variant: "maximal 3",
        build: || typed(::typedis::b().object_idletime().key("{t}k1")),
    },
    Case {
        command: "OBJECT REFCOUNT",
        group: "generic",
        variant: "minimal",
        build: || typed(::typedis::b().object_refcount().key("{t}k1")),
    },
    Case {
        command: "OBJECT REFCOUNT",
        group: "generic",
        variant: "maximal 1",
        build: || typed(::typedis::b().object_refcount().key("{t}k1")),
    },
    Case {
        command: "OBJECT REFCOUNT",
        group: "generic",
        variant: "maximal 2",
        build: || typed(::typedis::b().object_refcount().key("{t}k1")),
    },
    Case {
        command: "OBJECT REFCOUNT",
        group: "generic",
        variant: "maximal 3",
        build: || typed(::typedis::b().object_refcount().key("{t}k1")),
    },
    Case {
        command: "PERSIST",
        group: "generic",
        variant: "minimal",
        build: || typed(::typedis::b().persist().key("{t}k1")),
    },
    Case {
        command: "PERSIST",
        group: "generic",
        variant: "maximal 1",
        build: || typed(::typedis::b().persist().key("{t}k1")),
    },
    Case {
        command: "PERSIST",
        group: "generic",
        variant: "maximal 2",
        build: || typed(::typedis::b().persist().key("{t}k1")),
    },
    Case {
        command: "PERSIST",
        group: "generic",
        variant: "maximal 3",
        build: || typed(::typedis::b().persist().key("{t}k1")),
    },
    Case {
        command: "PEXPIRE",
        group: "generic",
        variant: "minimal",
        build: || typed(::typedis::b().pexpire().key("{t}k1").milliseconds(1)),
    },
    Case {
        command: "PEXPIRE",
        group: "generic",
        variant: "maximal 1",
        build: || typed(::typedis::b().pexpire().key("{t}k1").milliseconds(1).nx()),
    },
    Case {
        command: "PEXPIRE",
        group: "generic",
        variant: "maximal 2",
        build: || typed(::typedis::b().pexpire().key("{t}k1").milliseconds(1).xx()),
    },
    Case {
        command: "PEXPIRE",
        group: "generic",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().pexpire().key("{t}k1").milliseconds(1).gt_if(true),
        ),
    },
    Case {
        command: "PEXPIRE",
        group: "generic",
        variant: "maximal 4",
        build: || typed(::typedis::b().pexpire().key("{t}k1").milliseconds(1).lt()),
    },
    Case {
        command: "PEXPIREAT",
        group: "generic",
        variant: "minimal",
        build: || typed(
            ::typedis::b()
                .pexpireat()
                .key("{t}k1")
                .unix_time_milliseconds(4_000_000_000_i64),
        ),
    },
    Case {
        command: "PEXPIREAT",
        group: "generic",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .pexpireat()
                .key("{t}k1")
                .unix_time_milliseconds(4_000_000_000_i64)
                .nx(),
        ),
    },
    Case {
        command: "PEXPIREAT",
        group: "generic",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .pexpireat()
                .key("{t}k1")
                .unix_time_milliseconds(4_000_000_000_i64)
                .xx(),
        ),
    },
    Case {
        command: "PEXPIREAT",
        group: "generic",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .pexpireat()
                .key("{t}k1")
                .unix_time_milliseconds(4_000_000_000_i64)
                .gt_if(true),
        ),
    },
    Case {
        command: "PEXPIREAT",
        group: "generic",
        variant: "maximal 4",
        build: || typed(
            ::typedis::b()
                .pexpireat()
                .key("{t}k1")
                .unix_time_milliseconds(4_000_000_000_i64)
                .lt(),
        ),
    },
    Case {
        command: "PEXPIRETIME",
        group: "generic",
        variant: "minimal",
        build: || typed(::typedis::b().pexpiretime().key("{t}k1")),
    },
    Case {
        command: "PEXPIRETIME",
        group: "generic",
        variant: "maximal 1",
        build: || typed(::typedis::b().pexpiretime().key("{t}k1")),
    },
    Case {
        command: "PEXPIRETIME",
        group: "generic",
        variant: "maximal 2",
        build: || typed(::typedis::b().pexpiretime().key("{t}k1")),
    },
    Case {
        command: "PEXPIRETIME",
        group: "generic",
        variant: "maximal 3",
        build: || typed(::typedis::b().pexpiretime().key("{t}k1")),
    },
    Case {
        command: "PFADD",
        group: "hyperloglog",
        variant: "minimal",
        build: || typed(::typedis::b().pfadd().key("{t}k1")),
    },
    Case {
        command: "PFADD",
        group: "hyperloglog",
        variant: "maximal 1",
        build: || typed(::typedis::b().pfadd().key("{t}k1").element("1")),
    },
    Case {
        command: "PFADD",
        group: "hyperloglog",
        variant: "maximal 2",
        build: || typed(::typedis::b().pfadd().key("{t}k1").element_iter(["1"])),
    },
    Case {
        command: "PFADD",
        group: "hyperloglog",
        variant: "maximal 3",
        build: || typed(::typedis::b().pfadd().key("{t}k1").element("1")),
    },
    Case {
        command: "PFCOUNT",
        group: "hyperloglog",
        variant: "minimal",
        build: || typed(::typedis::b().pfcount().key("{t}k1")),
    },
    Case {
        command: "PFCOUNT",
        group: "hyperloglog",
        variant: "maximal 1",
        build: || typed(::typedis::b().pfcount().key("{t}k1").key("{t}k2")),
    },
    Case {
        command: "PFCOUNT",
        group: "hyperloglog",
        variant: "maximal 2",
        build: || typed(::typedis::b().pfcount().key_iter(["{t}k1"]).key_iter(["{t}k2"])),
    },
    Case {
        command: "PFCOUNT",
        group: "hyperloglog",
        variant: "maximal 3",
        build: || typed(::typedis::b().pfcount().key("{t}k1").key("{t}k2")),
    },
    Case {
        command: "PFDEBUG",
        group: "hyperloglog",
        variant: "minimal",
        build: || typed(::typedis::b().pfdebug().subcommand("1").key("{t}k1")),
    },
    Case {
        command: "PFDEBUG",
        group: "hyperloglog",
        variant: "maximal 1",
        build: || typed(::typedis::b().pfdebug().subcommand("1").key("{t}k1")),
    },
    Case {
        command: "PFDEBUG",
        group: "hyperloglog",
        variant: "maximal 2",
        build: || typed(::typedis::b().pfdebug().subcommand("1").key("{t}k1")),
    },
    Case {
        command: "PFDEBUG",
        group: "hyperloglog",
        variant: "maximal 3",
        build: || typed(::typedis::b().pfdebug().subcommand("1").key("{t}k1")),
    },
    Case {
        command: "PFMERGE",
        group: "hyperloglog",
        variant: "minimal",
        build: || typed(::typedis::b().pfmerge().destkey("{t}k1").sourcekey("{t}k2")),
    },
    Case {
        command: "PFMERGE",
        group: "hyperloglog",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .pfmerge()
                .destkey("{t}k1")
                .sourcekey("{t}k2")
                .sourcekey("{t}k3"),
        ),
    },
    Case {
        command: "PFMERGE",
        group: "hyperloglog",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .pfmerge()
                .destkey("{t}k1")
                .sourcekey_iter(["{t}k2"])
                .sourcekey_iter(["{t}k3"]),
        ),
    },
    Case {
        command: "PFMERGE",
        group: "hyperloglog",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .pfmerge()
                .destkey("{t}k1")
                .sourcekey("{t}k2")
                .sourcekey("{t}k3"),
        ),
    },
    Case {
        command: "PFSELFTEST",
        group: "hyperloglog",
        variant: "minimal",
        build: || typed(::typedis::b().pfselftest()),
    },
    Case {
        command: "PFSELFTEST",
        group: "hyperloglog",
        variant: "maximal 1",
        build: || typed(::typedis::b().pfselftest()),
    },
    Case {
        command: "PFSELFTEST",
        group: "hyperloglog",
        variant: "maximal 2",
        build: || typed(::typedis::b().pfselftest()),
    },
    Case {
        command: "PFSELFTEST",
        group: "hyperloglog",
        variant: "maximal 3",
        build: || typed(::typedis::b().pfselftest()),
    },
    Case {
        command: "PING",
        group: "connection",
        variant: "minimal",
        build: || typed(::typedis::b().ping()),
    },
    Case {
        command: "PING",
        group: "connection",
        variant: "maximal 1",
        build: || typed(::typedis::b().ping().message("1")),
    },
    Case {
        command: "PING",
        group: "connection",
        variant: "maximal 2",
        build: || typed(::typedis::b().ping().message("1")),
    },
    Case {
        command: "PING",
        group: "connection",
        variant: "maximal 3",
        build: || typed(::typedis::b().ping().message_opt(Some("1"))),
    },
    Case {
        command: "PSETEX",
        group: "string",
        variant: "minimal",
        build: || typed(::typedis::b().psetex().key("{t}k1").milliseconds(1).value("1")),
    },
    Case {
        command: "PSETEX",
        group: "string",
        variant: "maximal 1",
        build: || typed(::typedis::b().psetex().key("{t}k1").milliseconds(1).value("1")),
    },
    Case {
        command: "PSETEX",
        group: "string",
        variant: "maximal 2",
        build: || typed(::typedis::b().psetex().key("{t}k1").milliseconds(1).value("1")),
    },
    Case {
        command: "PSETEX",
        group: "string",
        variant: "maximal 3",
        build: || typed(::typedis::b().psetex().key("{t}k1").milliseconds(1).value("1")),
    },
    Case {
        command: "PSUBSCRIBE",
        group: "pubsub",
        variant: "minimal",
        build: || typed(::typedis::b().psubscribe().pattern("*")),
    },
    Case {
        command: "PSUBSCRIBE",
        group: "pubsub",
        variant: "maximal 1",
        build: || typed(::typedis::b().psubscribe().pattern("*").pattern("*")),
    },
    Case {
        command: "PSUBSCRIBE",
        group: "pubsub",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().psubscribe().pattern_iter(["*"]).pattern_iter(["*"]),
        ),
    },
    Case {
        command: "PSUBSCRIBE",
        group: "pubsub",
        variant: "maximal 3",
        build: || typed(::typedis::b().psubscribe().pattern("*").pattern("*")),
    },
    Case {
        command: "PSYNC",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().psync().replicationid("1").offset(1)),
    },
    Case {
        command: "PSYNC",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().psync().replicationid("1").offset(1)),
    },
    Case {
        command: "PSYNC",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().psync().replicationid("1").offset(1)),
    },
    Case {
        command: "PSYNC",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().psync().replicationid("1").offset(1)),
    },
    Case {
        command: "PTTL",
        group: "generic",
        variant: "minimal",
        build: || typed(::typedis::b().pttl().key("{t}k1")),
    },
    Case {
        command: "PTTL",
        group: "generic",
        variant: "maximal 1",
        build: || typed(::typedis::b().pttl().key("{t}k1")),
    },
    Case {
        command: "PTTL",
        group: "generic",
        variant: "maximal 2",
        build: || typed(::typedis::b().pttl().key("{t}k1")),
    },
    Case {
        command: "PTTL",
        group: "generic",
        variant: "maximal 3",
        build: || typed(::typedis::b().pttl().key("{t}k1")),
    },
    Case {
        command: "PUBLISH",
        group: "pubsub",
        variant: "minimal",
        build: || typed(::typedis::b().publish().channel("1").message("1")),
    },
    Case {
        command: "PUBLISH",
        group: "pubsub",
        variant: "maximal 1",
        build: || typed(::typedis::b().publish().channel("1").message("1")),
    },
    Case {
        command: "PUBLISH",
        group: "pubsub",
        variant: "maximal 2",
        build: || typed(::typedis::b().publish().channel("1").message("1")),
    },
    Case {
        command: "PUBLISH",
        group: "pubsub",
        variant: "maximal 3",
        build: || typed(::typedis::b().publish().channel("1").message("1")),
    },
    Case {
        command: "PUBSUB CHANNELS",
        group: "pubsub",
        variant: "minimal",
        build: || typed(::typedis::b().pubsub_channels()),
    },
    Case {
        command: "PUBSUB CHANNELS",
        group: "pubsub",
        variant: "maximal 1",
        build: || typed(::typedis::b().pubsub_channels().pattern("*")),
    },
    Case {
        command: "PUBSUB CHANNELS",
        group: "pubsub",
        variant: "maximal 2",
        build: || typed(::typedis::b().pubsub_channels().pattern("*")),
    },
    Case {
        command: "PUBSUB CHANNELS",
        group: "pubsub",
        variant: "maximal 3",
        build: || typed(::typedis::b().pubsub_channels().pattern_opt(Some("*"))),
    },
    Case {
        command: "PUBSUB HELP",
        group: "pubsub",
        variant: "minimal",
        build: || typed(::typedis::b().pubsub_help()),
    },
    Case {
        command: "PUBSUB HELP",
        group: "pubsub",
        variant: "maximal 1",
        build: || typed(::typedis::b().pubsub_help()),
    },
    Case {
        command: "PUBSUB HELP",
        group: "pubsub",
        variant: "maximal 2",
        build: || typed(::typedis::b().pubsub_help()),
    },
    Case {
        command: "PUBSUB HELP",
        group: "pubsub",
        variant: "maximal 3",
        build: || typed(::typedis::b().pubsub_help()),
    },
    Case {
        command: "PUBSUB NUMPAT",
        group: "pubsub",
        variant: "minimal",
        build: || typed(::typedis::b().pubsub_numpat()),
    },
    Case {
        command: "PUBSUB NUMPAT",
        group: "pubsub",
        variant: "maximal 1",
        build: || typed(::typedis::b().pubsub_numpat()),
    },
    Case {
        command: "PUBSUB NUMPAT",
        group: "pubsub",
        variant: "maximal 2",
        build: || typed(::typedis::b().pubsub_numpat()),
    },
    Case {
        command: "PUBSUB NUMPAT",
        group: "pubsub",
        variant: "maximal 3",
        build: || typed(::typedis::b().pubsub_numpat()),
    },
    Case {
        command: "PUBSUB NUMSUB",
        group: "pubsub",
        variant: "minimal",
        build: || typed(::typedis::b().pubsub_numsub()),
    },
    Case {
        command: "PUBSUB NUMSUB",
        group: "pubsub",
        variant: "maximal 1",
        build: || typed(::typedis::b().pubsub_numsub().channel("1")),
    },
    Case {
        command: "PUBSUB NUMSUB",
        group: "pubsub",
        variant: "maximal 2",
        build: || typed(::typedis::b().pubsub_numsub().channel_iter(["1"])),
    },
    Case {
        command: "PUBSUB NUMSUB",
        group: "pubsub",
        variant: "maximal 3",
        build: || typed(::typedis::b().pubsub_numsub().channel("1")),
    },
    Case {
        command: "PUBSUB SHARDCHANNELS",
        group: "pubsub",
        variant: "minimal",
        build: || typed(::typedis::b().pubsub_shardchannels()),
    },
    Case {
        command: "PUBSUB SHARDCHANNELS",
        group: "pubsub",
        variant: "maximal 1",
        build: || typed(::typedis::b().pubsub_shardchannels().pattern("*")),
    },
    Case {
        command: "PUBSUB SHARDCHANNELS",
        group: "pubsub",
        variant: "maximal 2",
        build: || typed(::typedis::b().pubsub_shardchannels().pattern("*")),
    },
    Case {
        command: "PUBSUB SHARDCHANNELS",
        group: "pubsub",
        variant: "maximal 3",
        build: || typed(::typedis::b().pubsub_shardchannels().pattern_opt(Some("*"))),
    },
    Case {
        command: "PUBSUB SHARDNUMSUB",
        group: "pubsub",
        variant: "minimal",
        build: || typed(::typedis::b().pubsub_shardnumsub()),
    },
    Case {
        command: "PUBSUB SHARDNUMSUB",
        group: "pubsub",
        variant: "maximal 1",
        build: || typed(::typedis::b().pubsub_shardnumsub().shardchannel("1")),
    },
    Case {
        command: "PUBSUB SHARDNUMSUB",
        group: "pubsub",
        variant: "maximal 2",
        build: || typed(::typedis::b().pubsub_shardnumsub().shardchannel_iter(["1"])),
    },
    Case {
        command: "PUBSUB SHARDNUMSUB",
        group: "pubsub",
        variant: "maximal 3",
        build: || typed(::typedis::b().pubsub_shardnumsub().shardchannel("1")),
    },
    Case {
        command: "PUNSUBSCRIBE",
        group: "pubsub",
        variant: "minimal",
        build: || typed(::typedis::b().punsubscribe()),
    },
    Case {
        command: "PUNSUBSCRIBE",
        group: "pubsub",
        variant: "maximal 1",
        build: || typed(::typedis::b().punsubscribe().pattern("*")),
    },
    Case {
        command: "PUNSUBSCRIBE",
        group: "pubsub",
        variant: "maximal 2",
        build: || typed(::typedis::b().punsubscribe().pattern_iter(["*"])),
    },
    Case {
        command: "PUNSUBSCRIBE",
        group: "pubsub",
        variant: "maximal 3",
        build: || typed(::typedis::b().punsubscribe().pattern("*")),
    },
    Case {
        command: "QUIT",
        group: "connection",
        variant: "minimal",
        build: || typed(::typedis::b().quit()),
    },
    Case {
        command: "QUIT",
        group: "connection",
        variant: "maximal 1",
        build: || typed(::typedis::b().quit()),
    },
    Case {
        command: "QUIT",
        group: "connection",
        variant: "maximal 2",
        build: || typed(::typedis::b().quit()),
    },
    Case {
        command: "QUIT",
        group: "connection",
        variant: "maximal 3",
        build: || typed(::typedis::b().quit()),
    },
    Case {
        command: "RANDOMKEY",
        group: "generic",
        variant: "minimal",
        build: || typed(::typedis::b().randomkey()),
    },
    Case {
        command: "RANDOMKEY",
        group: "generic",
        variant: "maximal 1",
        build: || typed(::typedis::b().randomkey()),
    },
    Case {
        command: "RANDOMKEY",
        group: "generic",
        variant: "maximal 2",
        build: || typed(::typedis::b().randomkey()),
    },
    Case {
        command: "RANDOMKEY",
        group: "generic",
        variant: "maximal 3",
        build: || typed(::typedis::b().randomkey()),
    },
    Case {
        command: "READONLY",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().readonly()),
    },
    Case {
        command: "READONLY",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(::typedis::b().readonly()),
    },
    Case {
        command: "READONLY",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(::typedis::b().readonly()),
    },
    Case {
        command: "READONLY",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(::typedis::b().readonly()),
    },
    Case {
        command: "READWRITE",
        group: "cluster",
        variant: "minimal",
        build: || typed(::typedis::b().readwrite()),
    },
    Case {
        command: "READWRITE",
        group: "cluster",
        variant: "maximal 1",
        build: || typed(::typedis::b().readwrite()),
    },
    Case {
        command: "READWRITE",
        group: "cluster",
        variant: "maximal 2",
        build: || typed(::typedis::b().readwrite()),
    },
    Case {
        command: "READWRITE",
        group: "cluster",
        variant: "maximal 3",
        build: || typed(::typedis::b().readwrite()),
    },
    Case {
        command: "RENAME",
        group: "generic",
        variant: "minimal",
        build: || typed(::typedis::b().rename().key("{t}k1").newkey("{t}k2")),
    },
    Case {
        command: "RENAME",
        group: "generic",
        variant: "maximal 1",
        build: || typed(::typedis::b().rename().key("{t}k1").newkey("{t}k2")),
    },
    Case {
        command: "RENAME",
        group: "generic",
        variant: "maximal 2",
        build: || typed(::typedis::b().rename().key("{t}k1").newkey("{t}k2")),
    },
    Case {
        command: "RENAME",
        group: "generic",
        variant: "maximal 3",
        build: || typed(::typedis::b().rename().key("{t}k1").newkey("{t}k2")),
    },
    Case {
        command: "RENAMENX",
        group: "generic",
        variant: "minimal",
        build: || typed(::typedis::b().renamenx().key("{t}k1").newkey("{t}k2")),
    },
    Case {
        command: "RENAMENX",
        group: "generic",
        variant: "maximal 1",
        build: || typed(::typedis::b().renamenx().key("{t}k1").newkey("{t}k2")),
    },
    Case {
        command: "RENAMENX",
        group: "generic",
        variant: "maximal 2",
        build: || typed(::typedis::b().renamenx().key("{t}k1").newkey("{t}k2")),
    },
    Case {
        command: "RENAMENX",
        group: "generic",
        variant: "maximal 3",
        build: || typed(::typedis::b().renamenx().key("{t}k1").newkey("{t}k2")),
    },
    Case {
        command: "REPLCONF",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().replconf()),
    },
    Case {
        command: "REPLCONF",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().replconf()),
    },
    Case {
        command: "REPLCONF",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().replconf()),
    },
    Case {
        command: "REPLCONF",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().replconf()),
    },
    Case {
        command: "REPLICAOF",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().replicaof().host_port("127.0.0.1", 1)),
    },
    Case {
        command: "REPLICAOF",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().replicaof().host_port("127.0.0.1", 1)),
    },
    Case {
        command: "REPLICAOF",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().replicaof().no_one()),
    },
    Case {
        command: "REPLICAOF",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().replicaof().host_port("127.0.0.1", 1)),
    },
    Case {
        command: "RESET",
        group: "connection",
        variant: "minimal",
        build: || typed(::typedis::b().reset()),
    },
    Case {
        command: "RESET",
        group: "connection",
        variant: "maximal 1",
        build: || typed(::typedis::b().reset()),
    },
    Case {
        command: "RESET",
        group: "connection",
        variant: "maximal 2",
        build: || typed(::typedis::b().reset()),
    },
    Case {
        command: "RESET",
        group: "connection",
        variant: "maximal 3",
        build: || typed(::typedis::b().reset()),
    },
    Case {
        command: "RESTORE",
        group: "generic",
        variant: "minimal",
        build: || typed(
            ::typedis::b().restore().key("{t}k1").ttl(1).serialized_value("1"),
        ),
    },
    Case {
        command: "RESTORE",
        group: "generic",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .restore()
                .key("{t}k1")
                .ttl(1)
                .serialized_value("1")
                .idletime(1)
                .absttl()
                .replace(),
        ),
    },
    Case {
        command: "RESTORE",
        group: "generic",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .restore()
                .key("{t}k1")
                .ttl(1)
                .serialized_value("1")
                .freq(1)
                .absttl()
                .replace(),
        ),
    },
    Case {
        command: "RESTORE",
        group: "generic",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .restore()
                .key("{t}k1")
                .ttl(1)
                .serialized_value("1")
                .idletime_opt(Some(1))
                .absttl_if(true)
                .replace_if(true),
        ),
    },
    Case {
        command: "RESTORE-ASKING",
        group: "server",
        variant: "minimal",
        build: || typed(
            ::typedis::b().restore_asking().key("{t}k1").ttl(1).serialized_value("1"),
        ),
    },
    Case {
        command: "RESTORE-ASKING",
        group: "server",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .restore_asking()
                .key("{t}k1")
                .ttl(1)
                .serialized_value("1")
                .idletime(1)
                .absttl()
                .replace(),
        ),
    },
    Case {
        command: "RESTORE-ASKING",
        group: "server",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .restore_asking()
                .key("{t}k1")
                .ttl(1)
                .serialized_value("1")
                .freq(1)
                .absttl()
                .replace(),
        ),
    },
    Case {
        command: "RESTORE-ASKING",
        group: "server",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .restore_asking()
                .key("{t}k1")
                .ttl(1)
                .serialized_value("1")
                .idletime_opt(Some(1))
                .absttl_if(true)
                .replace_if(true),
        ),
    },
    Case {
        command: "ROLE",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().role()),
    },
    Case {
        command: "ROLE",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().role()),
    },
    Case {
        command: "ROLE",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().role()),
    },
    Case {
        command: "ROLE",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().role()),
    },
    Case {
        command: "RPOP",
        group: "list",
        variant: "minimal",
        build: || typed(::typedis::b().rpop().key("{t}k1")),
    },
    Case {
        command: "RPOP",
        group: "list",
        variant: "maximal 1",
        build: || typed(::typedis::b().rpop().key("{t}k1").count(1)),
    },
    Case {
        command: "RPOP",
        group: "list",
        variant: "maximal 2",
        build: || typed(::typedis::b().rpop().key("{t}k1").count(1)),
    },
    Case {
        command: "RPOP",
        group: "list",
        variant: "maximal 3",
        build: || typed(::typedis::b().rpop().key("{t}k1").count(1)),
    },
    Case {
        command: "RPOPLPUSH",
        group: "list",
        variant: "minimal",
        build: || typed(::typedis::b().rpoplpush().source("{t}k1").destination("{t}k2")),
    },
    Case {
        command: "RPOPLPUSH",
        group: "list",
        variant: "maximal 1",
        build: || typed(::typedis::b().rpoplpush().source("{t}k1").destination("{t}k2")),
    },
    Case {
        command: "RPOPLPUSH",
        group: "list",
        variant: "maximal 2",
        build: || typed(::typedis::b().rpoplpush().source("{t}k1").destination("{t}k2")),
    },
    Case {
        command: "RPOPLPUSH",
        group: "list",
        variant: "maximal 3",
        build: || typed(::typedis::b().rpoplpush().source("{t}k1").destination("{t}k2")),
    },
    Case {
        command: "RPUSH",
        group: "list",
        variant: "minimal",
        build: || typed(::typedis::b().rpush().key("{t}k1").element("1")),
    },
    Case {
        command: "RPUSH",
        group: "list",
        variant: "maximal 1",
        build: || typed(::typedis::b().rpush().key("{t}k1").element("1").element("1")),
    },
    Case {
        command: "RPUSH",
        group: "list",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().rpush().key("{t}k1").element_iter(["1"]).element_iter(["1"]),
        ),
    },
    Case {
        command: "RPUSH",
        group: "list",
        variant: "maximal 3",
        build: || typed(::typedis::b().rpush().key("{t}k1").element("1").element("1")),
    },
    Case {
        command: "RPUSHX",
        group: "list",
        variant: "minimal",
        build: || typed(::typedis::b().rpushx().key("{t}k1").element("1")),
    },
    Case {
        command: "RPUSHX",
        group: "list",
        variant: "maximal 1",
        build: || typed(::typedis::b().rpushx().key("{t}k1").element("1").element("1")),
    },
    Case {
        command: "RPUSHX",
        group: "list",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().rpushx().key("{t}k1").element_iter(["1"]).element_iter(["1"]),
        ),
    },
    Case {
        command: "RPUSHX",
        group: "list",
        variant: "maximal 3",
        build: || typed(::typedis::b().rpushx().key("{t}k1").element("1").element("1")),
    },
    Case {
        command: "SADD",
        group: "set",
        variant: "minimal",
        build: || typed(::typedis::b().sadd().key("{t}k1").member("1")),
    },
    Case {
        command: "SADD",
        group: "set",
        variant: "maximal 1",
        build: || typed(::typedis::b().sadd().key("{t}k1").member("1").member("1")),
    },
    Case {
        command: "SADD",
        group: "set",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().sadd().key("{t}k1").member_iter(["1"]).member_iter(["1"]),
        ),
    },
    Case {
        command: "SADD",
        group: "set",
        variant: "maximal 3",
        build: || typed(::typedis::b().sadd().key("{t}k1").member("1").member("1")),
    },
    Case {
        command: "SAVE",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().save()),
    },
    Case {
        command: "SAVE",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().save()),
    },
    Case {
        command: "SAVE",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().save()),
    },
    Case {
        command: "SAVE",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().save()),
    },
    Case {
        command: "SCAN",
        group: "generic",
        variant: "minimal",
        build: || typed(::typedis::b().scan().cursor(1)),
    },
    Case {
        command: "SCAN",
        group: "generic",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().scan().cursor(1).r#type("1").count(1).r#match("*"),
        ),
    },
    Case {
        command: "SCAN",
        group: "generic",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().scan().cursor(1).r#type("1").count(1).r#match("*"),
        ),
    },
    Case {
        command: "SCAN",
        group: "generic",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .scan()
                .cursor(1)
                .type_opt(Some("1"))
                .count_opt(Some(1))
                .match_opt(Some("*")),
        ),
    },
    Case {
        command: "SCARD",
        group: "set",
        variant: "minimal",
        build: || typed(::typedis::b().scard().key("{t}k1")),
    },
    Case {
        command: "SCARD",
        group: "set",
        variant: "maximal 1",
        build: || typed(::typedis::b().scard().key("{t}k1")),
    },
    Case {
        command: "SCARD",
        group: "set",
        variant: "maximal 2",
        build: || typed(::typedis::b().scard().key("{t}k1")),
    },
    Case {
        command: "SCARD",
        group: "set",
        variant: "maximal 3",
        build: || typed(::typedis::b().scard().key("{t}k1")),
    },
    Case {
        command: "SCRIPT DEBUG",
        group: "scripting",
        variant: "minimal",
        build: || typed(::typedis::b().script_debug().yes()),
    },
    Case {
        command: "SCRIPT DEBUG",
        group: "scripting",
        variant: "maximal 1",
        build: || typed(::typedis::b().script_debug().yes()),
    },
    Case {
        command: "SCRIPT DEBUG",
        group: "scripting",
        variant: "maximal 2",
        build: || typed(::typedis::b().script_debug().sync()),
    },
    Case {
        command: "SCRIPT DEBUG",
        group: "scripting",
        variant: "maximal 3",
        build: || typed(::typedis::b().script_debug().no()),
    },
    Case {
        command: "SCRIPT EXISTS",
        group: "scripting",
        variant: "minimal",
        build: || typed(::typedis::b().script_exists().sha1("1")),
    },
    Case {
        command: "SCRIPT EXISTS",
        group: "scripting",
        variant: "maximal 1",
        build: || typed(::typedis::b().script_exists().sha1("1").sha1("1")),
    },
    Case {
        command: "SCRIPT EXISTS",
        group: "scripting",
        variant: "maximal 2",
        build: || typed(::typedis::b().script_exists().sha1_iter(["1"]).sha1_iter(["1"])),
    },
    Case {
        command: "SCRIPT EXISTS",
        group: "scripting",
        variant: "maximal 3",
        build: || typed(::typedis::b().script_exists().sha1("1").sha1("1")),
    },
    Case {
        command: "SCRIPT FLUSH",
        group: "scripting",
        variant: "minimal",
        build: || typed(::typedis::b().script_flush()),
    },
    Case {
        command: "SCRIPT FLUSH",
        group: "scripting",
        variant: "maximal 1",
        build: || typed(::typedis::b().script_flush().r#async()),
    },
    Case {
        command: "SCRIPT FLUSH",
        group: "scripting",
        variant: "maximal 2",
        build: || typed(::typedis::b().script_flush().sync()),
    },
    Case {
        command: "SCRIPT FLUSH",
        group: "scripting",
        variant: "maximal 3",
        build: || typed(::typedis::b().script_flush().async_if(true)),
    },
    Case {
        command: "SCRIPT HELP",
        group: "scripting",
        variant: "minimal",
        build: || typed(::typedis::b().script_help()),
    },
    Case {
        command: "SCRIPT HELP",
        group: "scripting",
        variant: "maximal 1",
        build: || typed(::typedis::b().script_help()),
    },
    Case {
        command: "SCRIPT HELP",
        group: "scripting",
        variant: "maximal 2",
        build: || typed(::typedis::b().script_help()),
    },
    Case {
        command: "SCRIPT HELP",
        group: "scripting",
        variant: "maximal 3",
        build: || typed(::typedis::b().script_help()),
    },
    Case {
        command: "SCRIPT KILL",
        group: "scripting",
        variant: "minimal",
        build: || typed(::typedis::b().script_kill()),
    },
    Case {
        command: "SCRIPT KILL",
        group: "scripting",
        variant: "maximal 1",
        build: || typed(::typedis::b().script_kill()),
    },
    Case {
        command: "SCRIPT KILL",
        group: "scripting",
        variant: "maximal 2",
        build: || typed(::typedis::b().script_kill()),
    },
    Case {
        command: "SCRIPT KILL",
        group: "scripting",
        variant: "maximal 3",
        build: || typed(::typedis::b().script_kill()),
    },
    Case {
        command: "SCRIPT LOAD",
        group: "scripting",
        variant: "minimal",
        build: || typed(::typedis::b().script_load().script("return 1")),
    },
    Case {
        command: "SCRIPT LOAD",
        group: "scripting",
        variant: "maximal 1",
        build: || typed(::typedis::b().script_load().script("return 1")),
    },
    Case {
        command: "SCRIPT LOAD",
        group: "scripting",
        variant: "maximal 2",
        build: || typed(::typedis::b().script_load().script("return 1")),
    },
    Case {
        command: "SCRIPT LOAD",
        group: "scripting",
        variant: "maximal 3",
        build: || typed(::typedis::b().script_load().script("return 1")),
    },
    Case {
        command: "SDIFF",
        group: "set",
        variant: "minimal",
        build: || typed(::typedis::b().sdiff().key("{t}k1")),
    },
    Case {
        command: "SDIFF",
        group: "set",
        variant: "maximal 1",
        build: || typed(::typedis::b().sdiff().key("{t}k1").key("{t}k2")),
    },
    Case {
        command: "SDIFF",
        group: "set",
        variant: "maximal 2",
        build: || typed(::typedis::b().sdiff().key_iter(["{t}k1"]).key_iter(["{t}k2"])),
    },
    Case {
        command: "SDIFF",
        group: "set",
        variant: "maximal 3",
        build: || typed(::typedis::b().sdiff().key("{t}k1").key("{t}k2")),
    },
    Case {
        command: "SDIFFSTORE",
        group: "set",
        variant: "minimal",
        build: || typed(::typedis::b().sdiffstore().destination("{t}k1").key("{t}k2")),
    },
    Case {
        command: "SDIFFSTORE",
        group: "set",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().sdiffstore().destination("{t}k1").key("{t}k2").key("{t}k3"),
        ),
    },
    Case {
        command: "SDIFFSTORE",
        group: "set",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .sdiffstore()
                .destination("{t}k1")
                .key_iter(["{t}k2"])
                .key_iter(["{t}k3"]),
        ),
    },
    Case {
        command: "SDIFFSTORE",
        group: "set",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().sdiffstore().destination("{t}k1").key("{t}k2").key("{t}k3"),
        ),
    },
    Case {
        command: "SELECT",
        group: "connection",
        variant: "minimal",
        build: || typed(::typedis::b().select().index(1)),
    },
    Case {
        command: "SELECT",
        group: "connection",
        variant: "maximal 1",
        build: || typed(::typedis::b().select().index(1)),
    },
    Case {
        command: "SELECT",
        group: "connection",
        variant: "maximal 2",
        build: || typed(::typedis::b().select().index(1)),
    },
    Case {
        command: "SELECT",
        group: "connection",
        variant: "maximal 3",
        build: || typed(::typedis::b().select().index(1)),
    },
    Case {
        command: "SET",
        group: "string",
        variant: "minimal",
        build: || typed(::typedis::b().set().key("{t}k1").value("1")),
    },
    Case {
        command: "SET",
        group: "string",
        variant: "maximal 1",
        build: || typed(::typedis::b().set().key("{t}k1").value("1").ex(1).get().nx()),
    },
    Case {
        command: "SET",
        group: "string",
        variant: "maximal 2",
        build: || typed(::typedis::b().set().key("{t}k1").value("1").px(1).get().xx()),
    },
    Case {
        command: "SET",
        group: "string",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .set()
                .key("{t}k1")
                .value("1")
                .exat_opt(Some(4_000_000_000_i64))
                .get()
                .nx(),
        ),
    },
    Case {
        command: "SET",
        group: "string",
        variant: "maximal 4",
        build: || typed(
            ::typedis::b()
                .set()
                .key("{t}k1")
                .value("1")
                .pxat(4_000_000_000_i64)
                .get()
                .xx(),
        ),
    },
    Case {
        command: "SET",
        group: "string",
        variant: "maximal 5",
        build: || typed(
            ::typedis::b().set().key("{t}k1").value("1").keepttl().get().nx(),
        ),
    },
    Case {
        command: "SETBIT",
        group: "bitmap",
        variant: "minimal",
        build: || typed(::typedis::b().setbit().key("{t}k1").offset(1).value(1)),
    },
    Case {
        command: "SETBIT",
        group: "bitmap",
        variant: "maximal 1",
        build: || typed(::typedis::b().setbit().key("{t}k1").offset(1).value(1)),
    },
    Case {
        command: "SETBIT",
        group: "bitmap",
        variant: "maximal 2",
        build: || typed(::typedis::b().setbit().key("{t}k1").offset(1).value(1)),
    },
    Case {
        command: "SETBIT",
        group: "bitmap",
        variant: "maximal 3",
        build: || typed(::typedis::b().setbit().key("{t}k1").offset(1).value(1)),
    },
    Case {
        command: "SETEX",
        group: "string",
        variant: "minimal",
        build: || typed(::typedis::b().setex().key("{t}k1").seconds(1).value("1")),
    },
    Case {
        command: "SETEX",
        group: "string",
        variant: "maximal 1",
        build: || typed(::typedis::b().setex().key("{t}k1").seconds(1).value("1")),
    },
    Case {
        command: "SETEX",
        group: "string",
        variant: "maximal 2",
        build: || typed(::typedis::b().setex().key("{t}k1").seconds(1).value("1")),
    },
    Case {
        command: "SETEX",
        group: "string",
        variant: "maximal 3",
        build: || typed(::typedis::b().setex().key("{t}k1").seconds(1).value("1")),
    },
    Case {
        command: "SETNX",
        group: "string",
        variant: "minimal",
        build: || typed(::typedis::b().setnx().key("{t}k1").value("1")),
    },
    Case {
        command: "SETNX",
        group: "string",
        variant: "maximal 1",
        build: || typed(::typedis::b().setnx().key("{t}k1").value("1")),
    },
    Case {
        command: "SETNX",
        group: "string",
        variant: "maximal 2",
        build: || typed(::typedis::b().setnx().key("{t}k1").value("1")),
    },
    Case {
        command: "SETNX",
        group: "string",
        variant: "maximal 3",
        build: || typed(::typedis::b().setnx().key("{t}k1").value("1")),
    },
    Case {
        command: "SETRANGE",
        group: "string",
        variant: "minimal",
        build: || typed(::typedis::b().setrange().key("{t}k1").offset(1).value("1")),
    },
    Case {
        command: "SETRANGE",
        group: "string",
        variant: "maximal 1",
        build: || typed(::typedis::b().setrange().key("{t}k1").offset(1).value("1")),
    },
    Case {
        command: "SETRANGE",
        group: "string",
        variant: "maximal 2",
        build: || typed(::typedis::b().setrange().key("{t}k1").offset(1).value("1")),
    },
    Case {
        command: "SETRANGE",
        group: "string",
        variant: "maximal 3",
        build: || typed(::typedis::b().setrange().key("{t}k1").offset(1).value("1")),
    },
    Case {
        command: "SHUTDOWN",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().shutdown()),
    },
    Case {
        command: "SHUTDOWN",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().shutdown().force().now().nosave()),
    },
    Case {
        command: "SHUTDOWN",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().shutdown().force().now().save()),
    },
    Case {
        command: "SHUTDOWN",
        group: "server",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .shutdown()
                .force_if(true)
                .now_if(true)
                .nosave_if(true),
        ),
    },
    Case {
        command: "SINTER",
        group: "set",
        variant: "minimal",
        build: || typed(::typedis::b().sinter().key("{t}k1")),
    },
    Case {
        command: "SINTER",
        group: "set",
        variant: "maximal 1",
        build: || typed(::typedis::b().sinter().key("{t}k1").key("{t}k2")),
    },
    Case {
        command: "SINTER",
        group: "set",
        variant: "maximal 2",
        build: || typed(::typedis::b().sinter().key_iter(["{t}k1"]).key_iter(["{t}k2"])),
    },
    Case {
        command: "SINTER",
        group: "set",
        variant: "maximal 3",
        build: || typed(::typedis::b().sinter().key("{t}k1").key("{t}k2")),
    },
    Case {
        command: "SINTERCARD",
        group: "set",
        variant: "minimal",
        build: || typed(::typedis::b().sintercard().key("{t}k1")),
    },
    Case {
        command: "SINTERCARD",
        group: "set",
        variant: "maximal 1",
        build: || typed(::typedis::b().sintercard().key("{t}k1").limit(1).key("{t}k2")),
    },
    Case {
        command: "SINTERCARD",
        group: "set",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().sintercard().key_iter(["{t}k1"]).limit(1).key_iter(["{t}k2"]),
        ),
    },
    Case {
        command: "SINTERCARD",
        group: "set",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().sintercard().key("{t}k1").limit_opt(Some(1)).key("{t}k2"),
        ),
    },
    Case {
        command: "SINTERSTORE",
        group: "set",
        variant: "minimal",
        build: || typed(::typedis::b().sinterstore().destination("{t}k1").key("{t}k2")),
    },
    Case {
        command: "SINTERSTORE",
        group: "set",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().sinterstore().destination("{t}k1").key("{t}k2").key("{t}k3"),
        ),
    },
    Case {
        command: "SINTERSTORE",
        group: "set",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .sinterstore()
                .destination("{t}k1")
                .key_iter(["{t}k2"])
                .key_iter(["{t}k3"]),
        ),
    },
    Case {
        command: "SINTERSTORE",
        group: "set",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().sinterstore().destination("{t}k1").key("{t}k2").key("{t}k3"),
        ),
    },
    Case {
        command: "SISMEMBER",
        group: "set",
        variant: "minimal",
        build: || typed(::typedis::b().sismember().key("{t}k1").member("1")),
    },
    Case {
        command: "SISMEMBER",
        group: "set",
        variant: "maximal 1",
        build: || typed(::typedis::b().sismember().key("{t}k1").member("1")),
    },
    Case {
        command: "SISMEMBER",
        group: "set",
        variant: "maximal 2",
        build: || typed(::typedis::b().sismember().key("{t}k1").member("1")),
    },
    Case {
        command: "SISMEMBER",
        group: "set",
        variant: "maximal 3",
        build: || typed(::typedis::b().sismember().key("{t}k1").member("1")),
    },
    Case {
        command: "SLAVEOF",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().slaveof().host_port("127.0.0.1", 1)),
    },
    Case {
        command: "SLAVEOF",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().slaveof().host_port("127.0.0.1", 1)),
    },
    Case {
        command: "SLAVEOF",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().slaveof().no_one()),
    },
    Case {
        command: "SLAVEOF",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().slaveof().host_port("127.0.0.1", 1)),
    },
    Case {
        command: "SLOWLOG GET",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().slowlog_get()),
    },
    Case {
        command: "SLOWLOG GET",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().slowlog_get().count(1)),
    },
    Case {
        command: "SLOWLOG GET",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().slowlog_get().count(1)),
    },
    Case {
        command: "SLOWLOG GET",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().slowlog_get().count_opt(Some(1))),
    },
    Case {
        command: "SLOWLOG HELP",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().slowlog_help()),
    },
    Case {
        command: "SLOWLOG HELP",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().slowlog_help()),
    },
    Case {
        command: "SLOWLOG HELP",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().slowlog_help()),
    },
    Case {
        command: "SLOWLOG HELP",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().slowlog_help()),
    },
    Case {
        command: "SLOWLOG LEN",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().slowlog_len()),
    },
    Case {
        command: "SLOWLOG LEN",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().slowlog_len()),
    },
    Case {
        command: "SLOWLOG LEN",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().slowlog_len()),
    },
    Case {
        command: "SLOWLOG LEN",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().slowlog_len()),
    },
    Case {
        command: "SLOWLOG RESET",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().slowlog_reset()),
    },
    Case {
        command: "SLOWLOG RESET",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().slowlog_reset()),
    },
    Case {
        command: "SLOWLOG RESET",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().slowlog_reset()),
    },
    Case {
        command: "SLOWLOG RESET",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().slowlog_reset()),
    },
    Case {
        command: "SMEMBERS",
        group: "set",
        variant: "minimal",
        build: || typed(::typedis::b().smembers().key("{t}k1")),
    },
    Case {
        command: "SMEMBERS",
        group: "set",
        variant: "maximal 1",
        build: || typed(::typedis::b().smembers().key("{t}k1")),
    },
    Case {
        command: "SMEMBERS",
        group: "set",
        variant: "maximal 2",
        build: || typed(::typedis::b().smembers().key("{t}k1")),
    },
    Case {
        command: "SMEMBERS",
        group: "set",
        variant: "maximal 3",
        build: || typed(::typedis::b().smembers().key("{t}k1")),
    },
    Case {
        command: "SMISMEMBER",
        group: "set",
        variant: "minimal",
        build: || typed(::typedis::b().smismember().key("{t}k1").member("1")),
    },
    Case {
        command: "SMISMEMBER",
        group: "set",
        variant: "maximal 1",
        build: || typed(::typedis::b().smismember().key("{t}k1").member("1").member("1")),
    },
    Case {
        command: "SMISMEMBER",
        group: "set",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .smismember()
                .key("{t}k1")
                .member_iter(["1"])
                .member_iter(["1"]),
        ),
    },
    Case {
        command: "SMISMEMBER",
        group: "set",
        variant: "maximal 3",
        build: || typed(::typedis::b().smismember().key("{t}k1").member("1").member("1")),
    },
    Case {
        command: "SMOVE",
        group: "set",
        variant: "minimal",
        build: || typed(
            ::typedis::b().smove().source("{t}k1").destination("{t}k2").member("1"),
        ),
    },
    Case {
        command: "SMOVE",
        group: "set",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().smove().source("{t}k1").destination("{t}k2").member("1"),
        ),
    },
    Case {
        command: "SMOVE",
        group: "set",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().smove().source("{t}k1").destination("{t}k2").member("1"),
        ),
    },
    Case {
        command: "SMOVE",
        group: "set",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().smove().source("{t}k1").destination("{t}k2").member("1"),
        ),
    },
    Case {
        command: "SORT",
        group: "generic",
        variant: "minimal",
        build: || typed(::typedis::b().sort().key("{t}k1")),
    },
    Case {
        command: "SORT",
        group: "generic",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .sort()
                .key("{t}k1")
                .store("{t}k2")
                .alpha()
                .asc()
                .get("*")
                .limit(1, 1)
                .by("*"),
        ),
    },
    Case {
        command: "SORT",
        group: "generic",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .sort()
                .key("{t}k1")
                .store("{t}k2")
                .alpha()
                .desc()
                .get_iter(["*"])
                .limit(1, 1)
                .by("*"),
        ),
    },
    Case {
        command: "SORT",
        group: "generic",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .sort()
                .key("{t}k1")
                .store("{t}k2")
                .alpha_if(true)
                .asc_if(true)
                .get("*")
                .limit_opt(Some((1, 1)))
                .by_opt(Some("*")),
        ),
    },
    Case {
        command: "SORT_RO",
        group: "generic",
        variant: "minimal",
        build: || typed(::typedis::b().sort_ro().key("{t}k1")),
    },
    Case {
        command: "SORT_RO",
        group: "generic",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .sort_ro()
                .key("{t}k1")
                .alpha()
                .asc()
                .get("*")
                .limit(1, 1)
                .by("*"),
        ),
    },
    Case {
        command: "SORT_RO",
        group: "generic",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .sort_ro()
                .key("{t}k1")
                .alpha()
                .desc()
                .get_iter(["*"])
                .limit(1, 1)
                .by("*"),
        ),
    },
    Case {
        command: "SORT_RO",
        group: "generic",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .sort_ro()
                .key("{t}k1")
                .alpha_if(true)
                .asc_if(true)
                .get("*")
                .limit_opt(Some((1, 1)))
                .by_opt(Some("*")),
        ),
    },
    Case {
        command: "SPOP",
        group: "set",
        variant: "minimal",
        build: || typed(::typedis::b().spop().key("{t}k1")),
    },
    Case {
        command: "SPOP",
        group: "set",
        variant: "maximal 1",
        build: || typed(::typedis::b().spop().key("{t}k1").count(1)),
    },
    Case {
        command: "SPOP",
        group: "set",
        variant: "maximal 2",
        build: || typed(::typedis::b().spop().key("{t}k1").count(1)),
    },
    Case {
        command: "SPOP",
        group: "set",
        variant: "maximal 3",
        build: || typed(::typedis::b().spop().key("{t}k1").count(1)),
    },
    Case {
        command: "SPUBLISH",
        group: "pubsub",
        variant: "minimal",
        build: || typed(::typedis::b().spublish().shardchannel("1").message("1")),
    },
    Case {
        command: "SPUBLISH",
        group: "pubsub",
        variant: "maximal 1",
        build: || typed(::typedis::b().spublish().shardchannel("1").message("1")),
    },
    Case {
        command: "SPUBLISH",
        group: "pubsub",
        variant: "maximal 2",
        build: || typed(::typedis::b().spublish().shardchannel("1").message("1")),
    },
    Case {
        command: "SPUBLISH",
        group: "pubsub",
        variant: "maximal 3",
        build: || typed(::typedis::b().spublish().shardchannel("1").message("1")),
    },
    Case {
        command: "SRANDMEMBER",
        group: "set",
        variant: "minimal",
        build: || typed(::typedis::b().srandmember().key("{t}k1")),
    },
    Case {
        command: "SRANDMEMBER",
        group: "set",
        variant: "maximal 1",
        build: || typed(::typedis::b().srandmember().key("{t}k1").count(1)),
    },
    Case {
        command: "SRANDMEMBER",
        group: "set",
        variant: "maximal 2",
        build: || typed(::typedis::b().srandmember().key("{t}k1").count(1)),
    },
    Case {
        command: "SRANDMEMBER",
        group: "set",
        variant: "maximal 3",
        build: || typed(::typedis::b().srandmember().key("{t}k1").count(1)),
    },
    Case {
        command: "SREM",
        group: "set",
        variant: "minimal",
        build: || typed(::typedis::b().srem().key("{t}k1").member("1")),
    },
    Case {
        command: "SREM",
        group: "set",
        variant: "maximal 1",
        build: || typed(::typedis::b().srem().key("{t}k1").member("1").member("1")),
    },
    Case {
        command: "SREM",
        group: "set",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().srem().key("{t}k1").member_iter(["1"]).member_iter(["1"]),
        ),
    },
    Case {
        command: "SREM",
        group: "set",
        variant: "maximal 3",
        build: || typed(::typedis::b().srem().key("{t}k1").member("1").member("1")),
    },
    Case {
        command: "SSCAN",
        group: "set",
        variant: "minimal",
        build: || typed(::typedis::b().sscan().key("{t}k1").cursor(1)),
    },
    Case {
        command: "SSCAN",
        group: "set",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().sscan().key("{t}k1").cursor(1).count(1).r#match("*"),
        ),
    },
    Case {
        command: "SSCAN",
        group: "set",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().sscan().key("{t}k1").cursor(1).count(1).r#match("*"),
        ),
    },
    Case {
        command: "SSCAN",
        group: "set",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .sscan()
                .key("{t}k1")
                .cursor(1)
                .count_opt(Some(1))
                .match_opt(Some("*")),
        ),
    },
    Case {
        command: "SSUBSCRIBE",
        group: "pubsub",
        variant: "minimal",
        build: || typed(::typedis::b().ssubscribe().shardchannel("1")),
    },
    Case {
        command: "SSUBSCRIBE",
        group: "pubsub",
        variant: "maximal 1",
        build: || typed(::typedis::b().ssubscribe().shardchannel("1").shardchannel("1")),
    },
    Case {
        command: "SSUBSCRIBE",
        group: "pubsub",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().ssubscribe().shardchannel_iter(["1"]).shardchannel_iter(["1"]),
        ),
    },
    Case {
        command: "SSUBSCRIBE",
        group: "pubsub",
        variant: "maximal 3",
        build: || typed(::typedis::b().ssubscribe().shardchannel("1").shardchannel("1")),
    },
    Case {
        command: "STRLEN",
        group: "string",
        variant: "minimal",
        build: || typed(::typedis::b().strlen().key("{t}k1")),
    },
    Case {
        command: "STRLEN",
        group: "string",
        variant: "maximal 1",
        build: || typed(::typedis::b().strlen().key("{t}k1")),
    },
    Case {
        command: "STRLEN",
        group: "string",
        variant: "maximal 2",
        build: || typed(::typedis::b().strlen().key("{t}k1")),
    },
    Case {
        command: "STRLEN",
        group: "string",
        variant: "maximal 3",
        build: || typed(::typedis::b().strlen().key("{t}k1")),
    },
    Case {
        command: "SUBSCRIBE",
        group: "pubsub",
        variant: "minimal",
        build: || typed(::typedis::b().subscribe().channel("1")),
    },
    Case {
        command: "SUBSCRIBE",
        group: "pubsub",
        variant: "maximal 1",
        build: || typed(::typedis::b().subscribe().channel("1").channel("1")),
    },
    Case {
        command: "SUBSCRIBE",
        group: "pubsub",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().subscribe().channel_iter(["1"]).channel_iter(["1"]),
        ),
    },
    Case {
        command: "SUBSCRIBE",
        group: "pubsub",
        variant: "maximal 3",
        build: || typed(::typedis::b().subscribe().channel("1").channel("1")),
    },
    Case {
        command: "SUBSTR",
        group: "string",
        variant: "minimal",
        build: || typed(::typedis::b().substr().key("{t}k1").start(1).end(1)),
    },
    Case {
        command: "SUBSTR",
        group: "string",
        variant: "maximal 1",
        build: || typed(::typedis::b().substr().key("{t}k1").start(1).end(1)),
    },
    Case {
        command: "SUBSTR",
        group: "string",
        variant: "maximal 2",
        build: || typed(::typedis::b().substr().key("{t}k1").start(1).end(1)),
    },
    Case {
        command: "SUBSTR",
        group: "string",
        variant: "maximal 3",
        build: || typed(::typedis::b().substr().key("{t}k1").start(1).end(1)),
    },
    Case {
        command: "SUNION",
        group: "set",
        variant: "minimal",
        build: || typed(::typedis::b().sunion().key("{t}k1")),
    },
    Case {
        command: "SUNION",
        group: "set",
        variant: "maximal 1",
        build: || typed(::typedis::b().sunion().key("{t}k1").key("{t}k2")),
    },
    Case {
        command: "SUNION",
        group: "set",
        variant: "maximal 2",
        build: || typed(::typedis::b().sunion().key_iter(["{t}k1"]).key_iter(["{t}k2"])),
    },
    Case {
        command: "SUNION",
        group: "set",
        variant: "maximal 3",
        build: || typed(::typedis::b().sunion().key("{t}k1").key("{t}k2")),
    },
    Case {
        command: "SUNIONSTORE",
        group: "set",
        variant: "minimal",
        build: || typed(::typedis::b().sunionstore().destination("{t}k1").key("{t}k2")),
    },
    Case {
        command: "SUNIONSTORE",
        group: "set",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().sunionstore().destination("{t}k1").key("{t}k2").key("{t}k3"),
        ),
    },
    Case {
        command: "SUNIONSTORE",
        group: "set",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .sunionstore()
                .destination("{t}k1")
                .key_iter(["{t}k2"])
                .key_iter(["{t}k3"]),
        ),
    },
    Case {
        command: "SUNIONSTORE",
        group: "set",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().sunionstore().destination("{t}k1").key("{t}k2").key("{t}k3"),
        ),
    },
    Case {
        command: "SUNSUBSCRIBE",
        group: "pubsub",
        variant: "minimal",
        build: || typed(::typedis::b().sunsubscribe()),
    },
    Case {
        command: "SUNSUBSCRIBE",
        group: "pubsub",
        variant: "maximal 1",
        build: || typed(::typedis::b().sunsubscribe().shardchannel("1")),
    },
    Case {
        command: "SUNSUBSCRIBE",
        group: "pubsub",
        variant: "maximal 2",
        build: || typed(::typedis::b().sunsubscribe().shardchannel_iter(["1"])),
    },
    Case {
        command: "SUNSUBSCRIBE",
        group: "pubsub",
        variant: "maximal 3",
        build: || typed(::typedis::b().sunsubscribe().shardchannel("1")),
    },
    Case {
        command: "SWAPDB",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().swapdb().index1(1).index2(1)),
    },
    Case {
        command: "SWAPDB",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().swapdb().index1(1).index2(1)),
    },
    Case {
        command: "SWAPDB",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().swapdb().index1(1).index2(1)),
    },
    Case {
        command: "SWAPDB",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().swapdb().index1(1).index2(1)),
    },
    Case {
        command: "SYNC",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().sync()),
    },
    Case {
        command: "SYNC",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().sync()),
    },
    Case {
        command: "SYNC",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().sync()),
    },
    Case {
        command: "SYNC",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().sync()),
    },
    Case {
        command: "TIME",
        group: "server",
        variant: "minimal",
        build: || typed(::typedis::b().time()),
    },
    Case {
        command: "TIME",
        group: "server",
        variant: "maximal 1",
        build: || typed(::typedis::b().time()),
    },
    Case {
        command: "TIME",
        group: "server",
        variant: "maximal 2",
        build: || typed(::typedis::b().time()),
    },
    Case {
        command: "TIME",
        group: "server",
        variant: "maximal 3",
        build: || typed(::typedis::b().time()),
    },
    Case {
        command: "TOUCH",
        group: "generic",
        variant: "minimal",
        build: || typed(::typedis::b().touch().key("{t}k1")),
    },
    Case {
        command: "TOUCH",
        group: "generic",
        variant: "maximal 1",
        build: || typed(::typedis::b().touch().key("{t}k1").key("{t}k2")),
    },
    Case {
        command: "TOUCH",
        group: "generic",
        variant: "maximal 2",
        build: || typed(::typedis::b().touch().key_iter(["{t}k1"]).key_iter(["{t}k2"])),
    },
    Case {
        command: "TOUCH",
        group: "generic",
        variant: "maximal 3",
        build: || typed(::typedis::b().touch().key("{t}k1").key("{t}k2")),
    },
    Case {
        command: "TTL",
        group: "generic",
        variant: "minimal",
        build: || typed(::typedis::b().ttl().key("{t}k1")),
    },
    Case {
        command: "TTL",
        group: "generic",
        variant: "maximal 1",
        build: || typed(::typedis::b().ttl().key("{t}k1")),
    },
    Case {
        command: "TTL",
        group: "generic",
        variant: "maximal 2",
        build: || typed(::typedis::b().ttl().key("{t}k1")),
    },
    Case {
        command: "TTL",
        group: "generic",
        variant: "maximal 3",
        build: || typed(::typedis::b().ttl().key("{t}k1")),
    },
    Case {
        command: "TYPE",
        group: "generic",
        variant: "minimal",
        build: || typed(::typedis::b().r#type().key("{t}k1")),
    },
    Case {
        command: "TYPE",
        group: "generic",
        variant: "maximal 1",
        build: || typed(::typedis::b().r#type().key("{t}k1")),
    },
    Case {
        command: "TYPE",
        group: "generic",
        variant: "maximal 2",
        build: || typed(::typedis::b().r#type().key("{t}k1")),
    },
    Case {
        command: "TYPE",
        group: "generic",
        variant: "maximal 3",
        build: || typed(::typedis::b().r#type().key("{t}k1")),
    },
    Case {
        command: "UNLINK",
        group: "generic",
        variant: "minimal",
        build: || typed(::typedis::b().unlink().key("{t}k1")),
    },
    Case {
        command: "UNLINK",
        group: "generic",
        variant: "maximal 1",
        build: || typed(::typedis::b().unlink().key("{t}k1").key("{t}k2")),
    },
    Case {
        command: "UNLINK",
        group: "generic",
        variant: "maximal 2",
        build: || typed(::typedis::b().unlink().key_iter(["{t}k1"]).key_iter(["{t}k2"])),
    },
    Case {
        command: "UNLINK",
        group: "generic",
        variant: "maximal 3",
        build: || typed(::typedis::b().unlink().key("{t}k1").key("{t}k2")),
    },
    Case {
        command: "UNSUBSCRIBE",
        group: "pubsub",
        variant: "minimal",
        build: || typed(::typedis::b().unsubscribe()),
    },
    Case {
        command: "UNSUBSCRIBE",
        group: "pubsub",
        variant: "maximal 1",
        build: || typed(::typedis::b().unsubscribe().channel("1")),
    },
    Case {
        command: "UNSUBSCRIBE",
        group: "pubsub",
        variant: "maximal 2",
        build: || typed(::typedis::b().unsubscribe().channel_iter(["1"])),
    },
    Case {
        command: "UNSUBSCRIBE",
        group: "pubsub",
        variant: "maximal 3",
        build: || typed(::typedis::b().unsubscribe().channel("1")),
    },
    Case {
        command: "UNWATCH",
        group: "transactions",
        variant: "minimal",
        build: || typed(::typedis::b().unwatch()),
    },
    Case {
        command: "UNWATCH",
        group: "transactions",
        variant: "maximal 1",
        build: || typed(::typedis::b().unwatch()),
    },
    Case {
        command: "UNWATCH",
        group: "transactions",
        variant: "maximal 2",
        build: || typed(::typedis::b().unwatch()),
    },
    Case {
        command: "UNWATCH",
        group: "transactions",
        variant: "maximal 3",
        build: || typed(::typedis::b().unwatch()),
    },
    Case {
        command: "WAIT",
        group: "generic",
        variant: "minimal",
        build: || typed(::typedis::b().wait().numreplicas(1).timeout(1)),
    },
    Case {
        command: "WAIT",
        group: "generic",
        variant: "maximal 1",
        build: || typed(::typedis::b().wait().numreplicas(1).timeout(1)),
    },
    Case {
        command: "WAIT",
        group: "generic",
        variant: "maximal 2",
        build: || typed(::typedis::b().wait().numreplicas(1).timeout(1)),
    },
    Case {
        command: "WAIT",
        group: "generic",
        variant: "maximal 3",
        build: || typed(::typedis::b().wait().numreplicas(1).timeout(1)),
    },
    Case {
        command: "WATCH",
        group: "transactions",
        variant: "minimal",
        build: || typed(::typedis::b().watch().key("{t}k1")),
    },
    Case {
        command: "WATCH",
        group: "transactions",
        variant: "maximal 1",
        build: || typed(::typedis::b().watch().key("{t}k1").key("{t}k2")),
    },
    Case {
        command: "WATCH",
        group: "transactions",
        variant: "maximal 2",
        build: || typed(::typedis::b().watch().key_iter(["{t}k1"]).key_iter(["{t}k2"])),
    },
    Case {
        command: "WATCH",
        group: "transactions",
        variant: "maximal 3",
        build: || typed(::typedis::b().watch().key("{t}k1").key("{t}k2")),
    },
    Case {
        command: "XACK",
        group: "stream",
        variant: "minimal",
        build: || typed(::typedis::b().xack().key("{t}k1").group("1").id("1")),
    },
    Case {
        command: "XACK",
        group: "stream",
        variant: "maximal 1",
        build: || typed(::typedis::b().xack().key("{t}k1").group("1").id("1").id("1")),
    },
    Case {
        command: "XACK",
        group: "stream",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().xack().key("{t}k1").group("1").id_iter(["1"]).id_iter(["1"]),
        ),
    },
    Case {
        command: "XACK",
        group: "stream",
        variant: "maximal 3",
        build: || typed(::typedis::b().xack().key("{t}k1").group("1").id("1").id("1")),
    },
    Case {
        command: "XADD",
        group: "stream",
        variant: "minimal",
        build: || typed(
            ::typedis::b().xadd().key("{t}k1").auto_id().field_value("1", "1"),
        ),
    },
    Case {
        command: "XADD",
        group: "stream",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .xadd()
                .key("{t}k1")
                .trim_maxlen()
                .threshold("1")
                .equal()
                .nomkstream()
                .auto_id()
                .field_value("1", "1")
                .field_value("1", "1"),
        ),
    },
    Case {
        command: "XADD",
        group: "stream",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .xadd()
                .key("{t}k1")
                .id("1")
                .field_value_iter([("1", "1")])
                .field_value_iter([("1", "1")])
                .trim_minid()
                .threshold("1")
                .limit(1)
                .approximately()
                .nomkstream(),
        ),
    },
    Case {
        command: "XADD",
        group: "stream",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .xadd()
                .key("{t}k1")
                .trim_maxlen()
                .threshold("1")
                .equal_if(true)
                .nomkstream_if(true)
                .auto_id()
                .field_value("1", "1")
                .field_value("1", "1"),
        ),
    },
    Case {
        command: "XAUTOCLAIM",
        group: "stream",
        variant: "minimal",
        build: || typed(
            ::typedis::b()
                .xautoclaim()
                .key("{t}k1")
                .group("1")
                .consumer("1")
                .min_idle_time(1)
                .start("1"),
        ),
    },
    Case {
        command: "XAUTOCLAIM",
        group: "stream",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .xautoclaim()
                .key("{t}k1")
                .group("1")
                .consumer("1")
                .min_idle_time(1)
                .start("1")
                .justid()
                .count(1),
        ),
    },
    Case {
        command: "XAUTOCLAIM",
        group: "stream",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .xautoclaim()
                .key("{t}k1")
                .group("1")
                .consumer("1")
                .min_idle_time(1)
                .start("1")
                .justid()
                .count(1),
        ),
    },
    Case {
        command: "XAUTOCLAIM",
        group: "stream",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .xautoclaim()
                .key("{t}k1")
                .group("1")
                .consumer("1")
                .min_idle_time(1)
                .start("1")
                .justid()
                .count_opt(Some(1)),
        ),
    },
    Case {
        command: "XCLAIM",
        group: "stream",
        variant: "minimal",
        build: || typed(
            ::typedis::b()
                .xclaim()
                .key("{t}k1")
                .group("1")
                .consumer("1")
                .min_idle_time(1)
                .id("1"),
        ),
    },
    Case {
        command: "XCLAIM",
        group: "stream",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .xclaim()
                .key("{t}k1")
                .group("1")
                .consumer("1")
                .min_idle_time(1)
                .id("1")
                .lastid("1")
                .justid()
                .force()
                .retrycount(1)
                .time(4_000_000_000_i64)
                .idle(1)
                .id("1"),
        ),
    },
    Case {
        command: "XCLAIM",
        group: "stream",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .xclaim()
                .key("{t}k1")
                .group("1")
                .consumer("1")
                .min_idle_time(1)
                .id_iter(["1"])
                .lastid("1")
                .justid()
                .force()
                .retrycount(1)
                .time(4_000_000_000_i64)
                .idle(1)
                .id_iter(["1"]),
        ),
    },
    Case {
        command: "XCLAIM",
        group: "stream",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .xclaim()
                .key("{t}k1")
                .group("1")
                .consumer("1")
                .min_idle_time(1)
                .id("1")
                .lastid_opt(Some("1"))
                .justid()
                .force_if(true)
                .retrycount_opt(Some(1))
                .time_opt(Some(4_000_000_000_i64))
                .idle_opt(Some(1))
                .id("1"),
        ),
    },
    Case {
        command: "XDEL",
        group: "stream",
        variant: "minimal",
        build: || typed(::typedis::b().xdel().key("{t}k1").id("1")),
    },
    Case {
        command: "XDEL",
        group: "stream",
        variant: "maximal 1",
        build: || typed(::typedis::b().xdel().key("{t}k1").id("1").id("1")),
    },
    Case {
        command: "XDEL",
        group: "stream",
        variant: "maximal 2",
        build: || typed(::typedis::b().xdel().key("{t}k1").id_iter(["1"]).id_iter(["1"])),
    },
    Case {
        command: "XDEL",
        group: "stream",
        variant: "maximal 3",
        build: || typed(::typedis::b().xdel().key("{t}k1").id("1").id("1")),
    },
    Case {
        command: "XGROUP CREATE",
        group: "stream",
        variant: "minimal",
        build: || typed(
            ::typedis::b().xgroup_create().key("{t}k1").groupname("1").id("1"),
        ),
    },
    Case {
        command: "XGROUP CREATE",
        group: "stream",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .xgroup_create()
                .key("{t}k1")
                .groupname("1")
                .id("1")
                .entriesread(1)
                .mkstream(),
        ),
    },
    Case {
        command: "XGROUP CREATE",
        group: "stream",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .xgroup_create()
                .key("{t}k1")
                .groupname("1")
                .new_id()
                .entriesread(1)
                .mkstream(),
        ),
    },
    Case {
        command: "XGROUP CREATE",
        group: "stream",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .xgroup_create()
                .key("{t}k1")
                .groupname("1")
                .id("1")
                .entriesread_opt(Some(1))
                .mkstream_if(true),
        ),
    },
    Case {
        command: "XGROUP CREATECONSUMER",
        group: "stream",
        variant: "minimal",
        build: || typed(
            ::typedis::b()
                .xgroup_createconsumer()
                .key("{t}k1")
                .groupname("1")
                .consumername("1"),
        ),
    },
    Case {
        command: "XGROUP CREATECONSUMER",
        group: "stream",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .xgroup_createconsumer()
                .key("{t}k1")
                .groupname("1")
                .consumername("1"),
        ),
    },
    Case {
        command: "XGROUP CREATECONSUMER",
        group: "stream",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .xgroup_createconsumer()
                .key("{t}k1")
                .groupname("1")
                .consumername("1"),
        ),
    },
    Case {
        command: "XGROUP CREATECONSUMER",
        group: "stream",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .xgroup_createconsumer()
                .key("{t}k1")
                .groupname("1")
                .consumername("1"),
        ),
    },
    Case {
        command: "XGROUP DELCONSUMER",
        group: "stream",
        variant: "minimal",
        build: || typed(
            ::typedis::b()
                .xgroup_delconsumer()
                .key("{t}k1")
                .groupname("1")
                .consumername("1"),
        ),
    },
    Case {
        command: "XGROUP DELCONSUMER",
        group: "stream",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .xgroup_delconsumer()
                .key("{t}k1")
                .groupname("1")
                .consumername("1"),
        ),
    },
    Case {
        command: "XGROUP DELCONSUMER",
        group: "stream",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .xgroup_delconsumer()
                .key("{t}k1")
                .groupname("1")
                .consumername("1"),
        ),
    },
    Case {
        command: "XGROUP DELCONSUMER",
        group: "stream",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .xgroup_delconsumer()
                .key("{t}k1")
                .groupname("1")
                .consumername("1"),
        ),
    },
    Case {
        command: "XGROUP DESTROY",
        group: "stream",
        variant: "minimal",
        build: || typed(::typedis::b().xgroup_destroy().key("{t}k1").groupname("1")),
    },
    Case {
        command: "XGROUP DESTROY",
        group: "stream",
        variant: "maximal 1",
        build: || typed(::typedis::b().xgroup_destroy().key("{t}k1").groupname("1")),
    },
    Case {
        command: "XGROUP DESTROY",
        group: "stream",
        variant: "maximal 2",
        build: || typed(::typedis::b().xgroup_destroy().key("{t}k1").groupname("1")),
    },
    Case {
        command: "XGROUP DESTROY",
        group: "stream",
        variant: "maximal 3",
        build: || typed(::typedis::b().xgroup_destroy().key("{t}k1").groupname("1")),
    },
    Case {
        command: "XGROUP HELP",
        group: "stream",
        variant: "minimal",
        build: || typed(::typedis::b().xgroup_help()),
    },
    Case {
        command: "XGROUP HELP",
        group: "stream",
        variant: "maximal 1",
        build: || typed(::typedis::b().xgroup_help()),
    },
    Case {
        command: "XGROUP HELP",
        group: "stream",
        variant: "maximal 2",
        build: || typed(::typedis::b().xgroup_help()),
    },
    Case {
        command: "XGROUP HELP",
        group: "stream",
        variant: "maximal 3",
        build: || typed(::typedis::b().xgroup_help()),
    },
    Case {
        command: "XGROUP SETID",
        group: "stream",
        variant: "minimal",
        build: || typed(
            ::typedis::b().xgroup_setid().key("{t}k1").groupname("1").id("1"),
        ),
    },
    Case {
        command: "XGROUP SETID",
        group: "stream",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .xgroup_setid()
                .key("{t}k1")
                .groupname("1")
                .id("1")
                .entriesread(1),
        ),
    },
    Case {
        command: "XGROUP SETID",
        group: "stream",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .xgroup_setid()
                .key("{t}k1")
                .groupname("1")
                .new_id()
                .entriesread(1),
        ),
    },
    Case {
        command: "XGROUP SETID",
        group: "stream",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .xgroup_setid()
                .key("{t}k1")
                .groupname("1")
                .id("1")
                .entriesread_opt(Some(1)),
        ),
    },
    Case {
        command: "XINFO CONSUMERS",
        group: "stream",
        variant: "minimal",
        build: || typed(::typedis::b().xinfo_consumers().key("{t}k1").groupname("1")),
    },
    Case {
        command: "XINFO CONSUMERS",
        group: "stream",
        variant: "maximal 1",
        build: || typed(::typedis::b().xinfo_consumers().key("{t}k1").groupname("1")),
    },
    Case {
        command: "XINFO CONSUMERS",
        group: "stream",
        variant: "maximal 2",
        build: || typed(::typedis::b().xinfo_consumers().key("{t}k1").groupname("1")),
    },
    Case {
        command: "XINFO CONSUMERS",
        group: "stream",
        variant: "maximal 3",
        build: || typed(::typedis::b().xinfo_consumers().key("{t}k1").groupname("1")),
    },
    Case {
        command: "XINFO GROUPS",
        group: "stream",
        variant: "minimal",
        build: || typed(::typedis::b().xinfo_groups().key("{t}k1")),
    },
    Case {
        command: "XINFO GROUPS",
        group: "stream",
        variant: "maximal 1",
        build: || typed(::typedis::b().xinfo_groups().key("{t}k1")),
    },
    Case {
        command: "XINFO GROUPS",
        group: "stream",
        variant: "maximal 2",
        build: || typed(::typedis::b().xinfo_groups().key("{t}k1")),
    },
    Case {
        command: "XINFO GROUPS",
        group: "stream",
        variant: "maximal 3",
        build: || typed(::typedis::b().xinfo_groups().key("{t}k1")),
    },
    Case {
        command: "XINFO HELP",
        group: "stream",
        variant: "minimal",
        build: || typed(::typedis::b().xinfo_help()),
    },
    Case {
        command: "XINFO HELP",
        group: "stream",
        variant: "maximal 1",
        build: || typed(::typedis::b().xinfo_help()),
    },
    Case {
        command: "XINFO HELP",
        group: "stream",
        variant: "maximal 2",
        build: || typed(::typedis::b().xinfo_help()),
    },
    Case {
        command: "XINFO HELP",
        group: "stream",
        variant: "maximal 3",
        build: || typed(::typedis::b().xinfo_help()),
    },
    Case {
        command: "XINFO STREAM",
        group: "stream",
        variant: "minimal",
        build: || typed(::typedis::b().xinfo_stream().key("{t}k1")),
    },
    Case {
        command: "XINFO STREAM",
        group: "stream",
        variant: "maximal 1",
        build: || typed(::typedis::b().xinfo_stream().key("{t}k1").full().count(1)),
    },
    Case {
        command: "XINFO STREAM",
        group: "stream",
        variant: "maximal 2",
        build: || typed(::typedis::b().xinfo_stream().key("{t}k1").full().count(1)),
    },
    Case {
        command: "XINFO STREAM",
        group: "stream",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().xinfo_stream().key("{t}k1").full().count_opt(Some(1)),
        ),
    },
    Case {
        command: "XLEN",
        group: "stream",
        variant: "minimal",
        build: || typed(::typedis::b().xlen().key("{t}k1")),
    },
    Case {
        command: "XLEN",
        group: "stream",
        variant: "maximal 1",
        build: || typed(::typedis::b().xlen().key("{t}k1")),
    },
    Case {
        command: "XLEN",
        group: "stream",
        variant: "maximal 2",
        build: || typed(::typedis::b().xlen().key("{t}k1")),
    },
    Case {
        command: "XLEN",
        group: "stream",
        variant: "maximal 3",
        build: || typed(::typedis::b().xlen().key("{t}k1")),
    },
    Case {
        command: "XPENDING",
        group: "stream",
        variant: "minimal",
        build: || typed(::typedis::b().xpending().key("{t}k1").group("1")),
    },
    Case {
        command: "XPENDING",
        group: "stream",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .xpending()
                .key("{t}k1")
                .group("1")
                .range("1", "1", 1)
                .consumer("1")
                .idle(1),
        ),
    },
    Case {
        command: "XPENDING",
        group: "stream",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .xpending()
                .key("{t}k1")
                .group("1")
                .range("1", "1", 1)
                .consumer("1")
                .idle(1),
        ),
    },
    Case {
        command: "XPENDING",
        group: "stream",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .xpending()
                .key("{t}k1")
                .group("1")
                .range("1", "1", 1)
                .consumer_opt(Some("1"))
                .idle_opt(Some(1)),
        ),
    },
    Case {
        command: "XRANGE",
        group: "stream",
        variant: "minimal",
        build: || typed(::typedis::b().xrange().key("{t}k1").start("1").end("1")),
    },
    Case {
        command: "XRANGE",
        group: "stream",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().xrange().key("{t}k1").start("1").end("1").count(1),
        ),
    },
    Case {
        command: "XRANGE",
        group: "stream",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().xrange().key("{t}k1").start("1").end("1").count(1),
        ),
    },
    Case {
        command: "XRANGE",
        group: "stream",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().xrange().key("{t}k1").start("1").end("1").count_opt(Some(1)),
        ),
    },
    Case {
        command: "XREAD",
        group: "stream",
        variant: "minimal",
        build: || typed(::typedis::b().xread().key("{t}k1").id("1")),
    },
    Case {
        command: "XREAD",
        group: "stream",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .xread()
                .block(1)
                .count(1)
                .key("{t}k1")
                .key("{t}k2")
                .id("1")
                .id("1"),
        ),
    },
    Case {
        command: "XREAD",
        group: "stream",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .xread()
                .key_iter(["{t}k1"])
                .id_iter(["1"])
                .id_iter(["1"])
                .block(1)
                .count(1),
        ),
    },
    Case {
        command: "XREAD",
        group: "stream",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .xread()
                .block_opt(Some(1))
                .count_opt(Some(1))
                .key("{t}k1")
                .key("{t}k2")
                .id("1")
                .id("1"),
        ),
    },
    Case {
        command: "XREADGROUP",
        group: "stream",
        variant: "minimal",
        build: || typed(::typedis::b().xreadgroup().group("1", "1").key("{t}k1").id("1")),
    },
    Case {
        command: "XREADGROUP",
        group: "stream",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .xreadgroup()
                .group("1", "1")
                .noack()
                .block(1)
                .count(1)
                .key("{t}k1")
                .key("{t}k2")
                .id("1")
                .id("1"),
        ),
    },
    Case {
        command: "XREADGROUP",
        group: "stream",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .xreadgroup()
                .group("1", "1")
                .key_iter(["{t}k1"])
                .id_iter(["1"])
                .id_iter(["1"])
                .noack()
                .block(1)
                .count(1),
        ),
    },
    Case {
        command: "XREADGROUP",
        group: "stream",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .xreadgroup()
                .group("1", "1")
                .noack_if(true)
                .block_opt(Some(1))
                .count_opt(Some(1))
                .key("{t}k1")
                .key("{t}k2")
                .id("1")
                .id("1"),
        ),
    },
    Case {
        command: "XREVRANGE",
        group: "stream",
        variant: "minimal",
        build: || typed(::typedis::b().xrevrange().key("{t}k1").end("1").start("1")),
    },
    Case {
        command: "XREVRANGE",
        group: "stream",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().xrevrange().key("{t}k1").end("1").start("1").count(1),
        ),
    },
    Case {
        command: "XREVRANGE",
        group: "stream",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().xrevrange().key("{t}k1").end("1").start("1").count(1),
        ),
    },
    Case {
        command: "XREVRANGE",
        group: "stream",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .xrevrange()
                .key("{t}k1")
                .end("1")
                .start("1")
                .count_opt(Some(1)),
        ),
    },
    Case {
        command: "XSETID",
        group: "stream",
        variant: "minimal",
        build: || typed(::typedis::b().xsetid().key("{t}k1").last_id("1")),
    },
    Case {
        command: "XSETID",
        group: "stream",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .xsetid()
                .key("{t}k1")
                .last_id("1")
                .maxdeletedid("1")
                .entriesadded(1),
        ),
    },
    Case {
        command: "XSETID",
        group: "stream",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .xsetid()
                .key("{t}k1")
                .last_id("1")
                .maxdeletedid("1")
                .entriesadded(1),
        ),
    },
    Case {
        command: "XSETID",
        group: "stream",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .xsetid()
                .key("{t}k1")
                .last_id("1")
                .maxdeletedid_opt(Some("1"))
                .entriesadded_opt(Some(1)),
        ),
    },
    Case {
        command: "XTRIM",
        group: "stream",
        variant: "minimal",
        build: || typed(::typedis::b().xtrim().key("{t}k1").maxlen().threshold("1")),
    },
    Case {
        command: "XTRIM",
        group: "stream",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().xtrim().key("{t}k1").maxlen().equal().threshold("1"),
        ),
    },
    Case {
        command: "XTRIM",
        group: "stream",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .xtrim()
                .key("{t}k1")
                .minid()
                .threshold("1")
                .limit(1)
                .approximately(),
        ),
    },
    Case {
        command: "XTRIM",
        group: "stream",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().xtrim().key("{t}k1").maxlen().equal_if(true).threshold("1"),
        ),
    },
    Case {
        command: "ZADD",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zadd().key("{t}k1").score_member(1.5, "1")),
    },
    Case {
        command: "ZADD",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .zadd()
                .key("{t}k1")
                .incr()
                .ch()
                .gt()
                .nx()
                .score_member(1.5, "1")
                .score_member(1.5, "1"),
        ),
    },
    Case {
        command: "ZADD",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .zadd()
                .key("{t}k1")
                .score_member_iter([(1.5, "1")])
                .score_member_iter([(1.5, "1")])
                .incr()
                .ch()
                .lt()
                .xx(),
        ),
    },
    Case {
        command: "ZADD",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .zadd()
                .key("{t}k1")
                .incr()
                .ch_if(true)
                .gt_if(true)
                .nx_if(true)
                .score_member(1.5, "1")
                .score_member(1.5, "1"),
        ),
    },
    Case {
        command: "ZCARD",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zcard().key("{t}k1")),
    },
    Case {
        command: "ZCARD",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(::typedis::b().zcard().key("{t}k1")),
    },
    Case {
        command: "ZCARD",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(::typedis::b().zcard().key("{t}k1")),
    },
    Case {
        command: "ZCARD",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(::typedis::b().zcard().key("{t}k1")),
    },
    Case {
        command: "ZCOUNT",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zcount().key("{t}k1").min(1.5).max(1.5)),
    },
    Case {
        command: "ZCOUNT",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(::typedis::b().zcount().key("{t}k1").min(1.5).max(1.5)),
    },
    Case {
        command: "ZCOUNT",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(::typedis::b().zcount().key("{t}k1").min(1.5).max(1.5)),
    },
    Case {
        command: "ZCOUNT",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(::typedis::b().zcount().key("{t}k1").min(1.5).max(1.5)),
    },
    Case {
        command: "ZDIFF",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zdiff().key("{t}k1")),
    },
    Case {
        command: "ZDIFF",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(::typedis::b().zdiff().key("{t}k1").withscores().key("{t}k2")),
    },
    Case {
        command: "ZDIFF",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().zdiff().key_iter(["{t}k1"]).withscores().key_iter(["{t}k2"]),
        ),
    },
    Case {
        command: "ZDIFF",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(::typedis::b().zdiff().key("{t}k1").withscores().key("{t}k2")),
    },
    Case {
        command: "ZDIFFSTORE",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zdiffstore().destination("{t}k1").key("{t}k2")),
    },
    Case {
        command: "ZDIFFSTORE",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().zdiffstore().destination("{t}k1").key("{t}k2").key("{t}k3"),
        ),
    },
    Case {
        command: "ZDIFFSTORE",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .zdiffstore()
                .destination("{t}k1")
                .key_iter(["{t}k2"])
                .key_iter(["{t}k3"]),
        ),
    },
    Case {
        command: "ZDIFFSTORE",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().zdiffstore().destination("{t}k1").key("{t}k2").key("{t}k3"),
        ),
    },
    Case {
        command: "ZINCRBY",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zincrby().key("{t}k1").increment(1.5).member("1")),
    },
    Case {
        command: "ZINCRBY",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(::typedis::b().zincrby().key("{t}k1").increment(1.5).member("1")),
    },
    Case {
        command: "ZINCRBY",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(::typedis::b().zincrby().key("{t}k1").increment(1.5).member("1")),
    },
    Case {
        command: "ZINCRBY",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(::typedis::b().zincrby().key("{t}k1").increment(1.5).member("1")),
    },
    Case {
        command: "ZINTER",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zinter().key("{t}k1")),
    },
    Case {
        command: "ZINTER",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .zinter()
                .key("{t}k1")
                .withscores()
                .aggregate_sum()
                .weights(1)
                .key("{t}k2"),
        ),
    },
    Case {
        command: "ZINTER",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .zinter()
                .key_iter(["{t}k1"])
                .withscores()
                .aggregate_min()
                .weights_iter([1])
                .key_iter(["{t}k2"]),
        ),
    },
    Case {
        command: "ZINTER",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .zinter()
                .key("{t}k1")
                .withscores()
                .aggregate_max_if(true)
                .weights(1)
                .key("{t}k2"),
        ),
    },
    Case {
        command: "ZINTERCARD",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zintercard().key("{t}k1")),
    },
    Case {
        command: "ZINTERCARD",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(::typedis::b().zintercard().key("{t}k1").limit(1).key("{t}k2")),
    },
    Case {
        command: "ZINTERCARD",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().zintercard().key_iter(["{t}k1"]).limit(1).key_iter(["{t}k2"]),
        ),
    },
    Case {
        command: "ZINTERCARD",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().zintercard().key("{t}k1").limit_opt(Some(1)).key("{t}k2"),
        ),
    },
    Case {
        command: "ZINTERSTORE",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zinterstore().destination("{t}k1").key("{t}k2")),
    },
    Case {
        command: "ZINTERSTORE",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .zinterstore()
                .destination("{t}k1")
                .key("{t}k2")
                .aggregate_sum()
                .weights(1)
                .key("{t}k3"),
        ),
    },
    Case {
        command: "ZINTERSTORE",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .zinterstore()
                .destination("{t}k1")
                .key_iter(["{t}k2"])
                .aggregate_min()
                .weights_iter([1])
                .key_iter(["{t}k3"]),
        ),
    },
    Case {
        command: "ZINTERSTORE",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .zinterstore()
                .destination("{t}k1")
                .key("{t}k2")
                .aggregate_max_if(true)
                .weights(1)
                .key("{t}k3"),
        ),
    },
    Case {
        command: "ZLEXCOUNT",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zlexcount().key("{t}k1").min("-").max("+")),
    },
    Case {
        command: "ZLEXCOUNT",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(::typedis::b().zlexcount().key("{t}k1").min("-").max("+")),
    },
    Case {
        command: "ZLEXCOUNT",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(::typedis::b().zlexcount().key("{t}k1").min("-").max("+")),
    },
    Case {
        command: "ZLEXCOUNT",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(::typedis::b().zlexcount().key("{t}k1").min("-").max("+")),
    },
    Case {
        command: "ZMPOP",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zmpop().key("{t}k1").min()),
    },
    Case {
        command: "ZMPOP",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(::typedis::b().zmpop().key("{t}k1").key("{t}k2").min().count(1)),
    },
    Case {
        command: "ZMPOP",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(::typedis::b().zmpop().key_iter(["{t}k1"]).max().count(1)),
    },
    Case {
        command: "ZMPOP",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().zmpop().key("{t}k1").key("{t}k2").min().count_opt(Some(1)),
        ),
    },
    Case {
        command: "ZMSCORE",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zmscore().key("{t}k1").member("1")),
    },
    Case {
        command: "ZMSCORE",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(::typedis::b().zmscore().key("{t}k1").member("1").member("1")),
    },
    Case {
        command: "ZMSCORE",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().zmscore().key("{t}k1").member_iter(["1"]).member_iter(["1"]),
        ),
    },
    Case {
        command: "ZMSCORE",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(::typedis::b().zmscore().key("{t}k1").member("1").member("1")),
    },
    Case {
        command: "ZPOPMAX",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zpopmax().key("{t}k1")),
    },
    Case {
        command: "ZPOPMAX",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(::typedis::b().zpopmax().key("{t}k1").count(1)),
    },
    Case {
        command: "ZPOPMAX",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(::typedis::b().zpopmax().key("{t}k1").count(1)),
    },
    Case {
        command: "ZPOPMAX",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(::typedis::b().zpopmax().key("{t}k1").count_opt(Some(1))),
    },
    Case {
        command: "ZPOPMIN",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zpopmin().key("{t}k1")),
    },
    Case {
        command: "ZPOPMIN",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(::typedis::b().zpopmin().key("{t}k1").count(1)),
    },
    Case {
        command: "ZPOPMIN",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(::typedis::b().zpopmin().key("{t}k1").count(1)),
    },
    Case {
        command: "ZPOPMIN",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(::typedis::b().zpopmin().key("{t}k1").count_opt(Some(1))),
    },
    Case {
        command: "ZRANDMEMBER",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zrandmember().key("{t}k1")),
    },
    Case {
        command: "ZRANDMEMBER",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().zrandmember().key("{t}k1").options(1).withscores(),
        ),
    },
    Case {
        command: "ZRANDMEMBER",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().zrandmember().key("{t}k1").options(1).withscores(),
        ),
    },
    Case {
        command: "ZRANDMEMBER",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().zrandmember().key("{t}k1").options(1).withscores(),
        ),
    },
    Case {
        command: "ZRANGE",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zrange().key("{t}k1").start("1").stop("1")),
    },
    Case {
        command: "ZRANGE",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .zrange()
                .key("{t}k1")
                .start("1")
                .stop("1")
                .withscores()
                .limit(1, 1)
                .rev()
                .byscore(),
        ),
    },
    Case {
        command: "ZRANGE",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .zrange()
                .key("{t}k1")
                .start("1")
                .stop("1")
                .limit(1, 1)
                .rev()
                .bylex(),
        ),
    },
    Case {
        command: "ZRANGE",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .zrange()
                .key("{t}k1")
                .start("1")
                .stop("1")
                .withscores()
                .limit_opt(Some((1, 1)))
                .rev_if(true)
                .byscore_if(true),
        ),
    },
    Case {
        command: "ZRANGEBYLEX",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zrangebylex().key("{t}k1").min("-").max("+")),
    },
    Case {
        command: "ZRANGEBYLEX",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().zrangebylex().key("{t}k1").min("-").max("+").limit(1, 1),
        ),
    },
    Case {
        command: "ZRANGEBYLEX",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().zrangebylex().key("{t}k1").min("-").max("+").limit(1, 1),
        ),
    },
    Case {
        command: "ZRANGEBYLEX",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .zrangebylex()
                .key("{t}k1")
                .min("-")
                .max("+")
                .limit_opt(Some((1, 1))),
        ),
    },
    Case {
        command: "ZRANGEBYSCORE",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zrangebyscore().key("{t}k1").min(1.5).max(1.5)),
    },
    Case {
        command: "ZRANGEBYSCORE",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .zrangebyscore()
                .key("{t}k1")
                .min(1.5)
                .max(1.5)
                .limit(1, 1)
                .withscores(),
        ),
    },
    Case {
        command: "ZRANGEBYSCORE",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .zrangebyscore()
                .key("{t}k1")
                .min(1.5)
                .max(1.5)
                .limit(1, 1)
                .withscores(),
        ),
    },
    Case {
        command: "ZRANGEBYSCORE",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .zrangebyscore()
                .key("{t}k1")
                .min(1.5)
                .max(1.5)
                .limit_opt(Some((1, 1)))
                .withscores(),
        ),
    },
    Case {
        command: "ZRANGESTORE",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(
            ::typedis::b().zrangestore().dst("{t}k1").src("{t}k2").min("-").max("+"),
        ),
    },
    Case {
        command: "ZRANGESTORE",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .zrangestore()
                .dst("{t}k1")
                .src("{t}k2")
                .min("-")
                .max("+")
                .limit(1, 1)
                .rev()
                .byscore(),
        ),
    },
    Case {
        command: "ZRANGESTORE",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .zrangestore()
                .dst("{t}k1")
                .src("{t}k2")
                .min("-")
                .max("+")
                .limit(1, 1)
                .rev()
                .bylex(),
        ),
    },
    Case {
        command: "ZRANGESTORE",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .zrangestore()
                .dst("{t}k1")
                .src("{t}k2")
                .min("-")
                .max("+")
                .limit_opt(Some((1, 1)))
                .rev_if(true)
                .byscore_if(true),
        ),
    },
    Case {
        command: "ZRANK",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zrank().key("{t}k1").member("1")),
    },
    Case {
        command: "ZRANK",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(::typedis::b().zrank().key("{t}k1").member("1")),
    },
    Case {
        command: "ZRANK",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(::typedis::b().zrank().key("{t}k1").member("1")),
    },
    Case {
        command: "ZRANK",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(::typedis::b().zrank().key("{t}k1").member("1")),
    },
    Case {
        command: "ZREM",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zrem().key("{t}k1").member("1")),
    },
    Case {
        command: "ZREM",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(::typedis::b().zrem().key("{t}k1").member("1").member("1")),
    },
    Case {
        command: "ZREM",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().zrem().key("{t}k1").member_iter(["1"]).member_iter(["1"]),
        ),
    },
    Case {
        command: "ZREM",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(::typedis::b().zrem().key("{t}k1").member("1").member("1")),
    },
    Case {
        command: "ZREMRANGEBYLEX",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zremrangebylex().key("{t}k1").min("-").max("+")),
    },
    Case {
        command: "ZREMRANGEBYLEX",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(::typedis::b().zremrangebylex().key("{t}k1").min("-").max("+")),
    },
    Case {
        command: "ZREMRANGEBYLEX",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(::typedis::b().zremrangebylex().key("{t}k1").min("-").max("+")),
    },
    Case {
        command: "ZREMRANGEBYLEX",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(::typedis::b().zremrangebylex().key("{t}k1").min("-").max("+")),
    },
    Case {
        command: "ZREMRANGEBYRANK",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zremrangebyrank().key("{t}k1").start(1).stop(1)),
    },
    Case {
        command: "ZREMRANGEBYRANK",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(::typedis::b().zremrangebyrank().key("{t}k1").start(1).stop(1)),
    },
    Case {
        command: "ZREMRANGEBYRANK",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(::typedis::b().zremrangebyrank().key("{t}k1").start(1).stop(1)),
    },
    Case {
        command: "ZREMRANGEBYRANK",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(::typedis::b().zremrangebyrank().key("{t}k1").start(1).stop(1)),
    },
    Case {
        command: "ZREMRANGEBYSCORE",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zremrangebyscore().key("{t}k1").min(1.5).max(1.5)),
    },
    Case {
        command: "ZREMRANGEBYSCORE",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(::typedis::b().zremrangebyscore().key("{t}k1").min(1.5).max(1.5)),
    },
    Case {
        command: "ZREMRANGEBYSCORE",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(::typedis::b().zremrangebyscore().key("{t}k1").min(1.5).max(1.5)),
    },
    Case {
        command: "ZREMRANGEBYSCORE",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(::typedis::b().zremrangebyscore().key("{t}k1").min(1.5).max(1.5)),
    },
    Case {
        command: "ZREVRANGE",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zrevrange().key("{t}k1").start(1).stop(1)),
    },
    Case {
        command: "ZREVRANGE",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().zrevrange().key("{t}k1").start(1).stop(1).withscores(),
        ),
    },
    Case {
        command: "ZREVRANGE",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().zrevrange().key("{t}k1").start(1).stop(1).withscores(),
        ),
    },
    Case {
        command: "ZREVRANGE",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b().zrevrange().key("{t}k1").start(1).stop(1).withscores(),
        ),
    },
    Case {
        command: "ZREVRANGEBYLEX",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zrevrangebylex().key("{t}k1").max("+").min("-")),
    },
    Case {
        command: "ZREVRANGEBYLEX",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().zrevrangebylex().key("{t}k1").max("+").min("-").limit(1, 1),
        ),
    },
    Case {
        command: "ZREVRANGEBYLEX",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().zrevrangebylex().key("{t}k1").max("+").min("-").limit(1, 1),
        ),
    },
    Case {
        command: "ZREVRANGEBYLEX",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .zrevrangebylex()
                .key("{t}k1")
                .max("+")
                .min("-")
                .limit_opt(Some((1, 1))),
        ),
    },
    Case {
        command: "ZREVRANGEBYSCORE",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zrevrangebyscore().key("{t}k1").max(1.5).min(1.5)),
    },
    Case {
        command: "ZREVRANGEBYSCORE",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .zrevrangebyscore()
                .key("{t}k1")
                .max(1.5)
                .min(1.5)
                .limit(1, 1)
                .withscores(),
        ),
    },
    Case {
        command: "ZREVRANGEBYSCORE",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .zrevrangebyscore()
                .key("{t}k1")
                .max(1.5)
                .min(1.5)
                .limit(1, 1)
                .withscores(),
        ),
    },
    Case {
        command: "ZREVRANGEBYSCORE",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .zrevrangebyscore()
                .key("{t}k1")
                .max(1.5)
                .min(1.5)
                .limit_opt(Some((1, 1)))
                .withscores(),
        ),
    },
    Case {
        command: "ZREVRANK",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zrevrank().key("{t}k1").member("1")),
    },
    Case {
        command: "ZREVRANK",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(::typedis::b().zrevrank().key("{t}k1").member("1")),
    },
    Case {
        command: "ZREVRANK",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(::typedis::b().zrevrank().key("{t}k1").member("1")),
    },
    Case {
        command: "ZREVRANK",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(::typedis::b().zrevrank().key("{t}k1").member("1")),
    },
    Case {
        command: "ZSCAN",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zscan().key("{t}k1").cursor(1)),
    },
    Case {
        command: "ZSCAN",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b().zscan().key("{t}k1").cursor(1).count(1).r#match("*"),
        ),
    },
    Case {
        command: "ZSCAN",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b().zscan().key("{t}k1").cursor(1).count(1).r#match("*"),
        ),
    },
    Case {
        command: "ZSCAN",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .zscan()
                .key("{t}k1")
                .cursor(1)
                .count_opt(Some(1))
                .match_opt(Some("*")),
        ),
    },
    Case {
        command: "ZSCORE",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zscore().key("{t}k1").member("1")),
    },
    Case {
        command: "ZSCORE",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(::typedis::b().zscore().key("{t}k1").member("1")),
    },
    Case {
        command: "ZSCORE",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(::typedis::b().zscore().key("{t}k1").member("1")),
    },
    Case {
        command: "ZSCORE",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(::typedis::b().zscore().key("{t}k1").member("1")),
    },
    Case {
        command: "ZUNION",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zunion().key("{t}k1")),
    },
    Case {
        command: "ZUNION",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .zunion()
                .key("{t}k1")
                .withscores()
                .aggregate_sum()
                .weights(1)
                .key("{t}k2"),
        ),
    },
    Case {
        command: "ZUNION",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .zunion()
                .key_iter(["{t}k1"])
                .withscores()
                .aggregate_min()
                .weights_iter([1])
                .key_iter(["{t}k2"]),
        ),
    },
    Case {
        command: "ZUNION",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .zunion()
                .key("{t}k1")
                .withscores()
                .aggregate_max_if(true)
                .weights(1)
                .key("{t}k2"),
        ),
    },
    Case {
        command: "ZUNIONSTORE",
        group: "sorted-set",
        variant: "minimal",
        build: || typed(::typedis::b().zunionstore().destination("{t}k1").key("{t}k2")),
    },
    Case {
        command: "ZUNIONSTORE",
        group: "sorted-set",
        variant: "maximal 1",
        build: || typed(
            ::typedis::b()
                .zunionstore()
                .destination("{t}k1")
                .key("{t}k2")
                .aggregate_sum()
                .weights(1)
                .key("{t}k3"),
        ),
    },
    Case {
        command: "ZUNIONSTORE",
        group: "sorted-set",
        variant: "maximal 2",
        build: || typed(
            ::typedis::b()
                .zunionstore()
                .destination("{t}k1")
                .key_iter(["{t}k2"])
                .aggregate_min()
                .weights_iter([1])
                .key_iter(["{t}k3"]),
        ),
    },
    Case {
        command: "ZUNIONSTORE",
        group: "sorted-set",
        variant: "maximal 3",
        build: || typed(
            ::typedis::b()
                .zunionstore()
                .destination("{t}k1")
                .key("{t}k2")
                .aggregate_max_if(true)
                .weights(1)
                .key("{t}k3"),
        ),
    },
];
