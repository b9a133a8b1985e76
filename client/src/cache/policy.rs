//! Which replies the client-side cache may keep: those of read-only commands (the spec's
//! `readonly` flag) about one key whose reply depends on nothing but that key's value,
//! from a reviewed list; and `MGET`, whose parts are cached as the `GET`s they stand for.

use crate::cmd::{Command, CommandFlags};
use crate::wire::write;

/// Commands whose reply is a function of one key's value alone, sorted. Left out on
/// purpose: replies that change with time (`TTL`, `PTTL`, `OBJECT IDLETIME`) or at random
/// (`SRANDMEMBER`, `HRANDFIELD`, `ZRANDMEMBER`), describe the server's representation
/// (`OBJECT`, `MEMORY USAGE`, `DUMP`), read other keys (`SORT_RO ... BY`/`GET`), follow a
/// cursor (`SCAN` and its kin), or change without the key changing (`XPENDING`,
/// `XINFO`).
const CACHEABLE: &[&str] = &[
    "BITCOUNT",
    "BITFIELD_RO",
    "BITPOS",
    "EXISTS",
    "GEODIST",
    "GEOHASH",
    "GEOPOS",
    "GET",
    "GETBIT",
    "GETRANGE",
    "HEXISTS",
    "HGET",
    "HGETALL",
    "HKEYS",
    "HLEN",
    "HMGET",
    "HSTRLEN",
    "HVALS",
    "LINDEX",
    "LLEN",
    "LPOS",
    "LRANGE",
    "SCARD",
    "SISMEMBER",
    "SMEMBERS",
    "SMISMEMBER",
    "STRLEN",
    "SUBSTR",
    "TYPE",
    "XLEN",
    "XRANGE",
    "XREVRANGE",
    "ZCARD",
    "ZCOUNT",
    "ZLEXCOUNT",
    "ZMSCORE",
    "ZRANGE",
    "ZRANGEBYLEX",
    "ZRANGEBYSCORE",
    "ZRANK",
    "ZREVRANGE",
    "ZREVRANGEBYLEX",
    "ZREVRANGEBYSCORE",
    "ZREVRANK",
    "ZSCORE",
];

/// What the cache can do with a command.
pub(crate) enum Shape<'c> {
    /// Its reply may be cached, under its own bytes; it reads this key.
    One(&'c [u8]),
    /// An `MGET`: each key's part may be cached as that key's `GET`.
    Parts,
    /// Not cacheable.
    No,
}

/// The shape of `command` as far as caching goes.
pub(crate) fn shape(command: &Command) -> Shape<'_> {
    if !command.flags().contains(CommandFlags::READONLY) {
        return Shape::No;
    }
    let name = command.name();
    if name == "MGET" {
        return Shape::Parts;
    }
    if CACHEABLE.binary_search(&name).is_err() {
        return Shape::No;
    }
    let mut keys = command.keys();
    match (keys.next(), keys.next()) {
        (Some(key), None) => Shape::One(key),
        _ => Shape::No,
    }
}

/// Whether `command` is `CLIENT TRACKING`, which would change or end the tracking that a
/// client's cache relies on (its connection's tracking is the client's to set).
pub(crate) fn changes_tracking(command: &Command) -> bool {
    let mut args = command.args();
    matches!(
        (args.next(), args.next()),
        (Some(a), Some(b)) if a.eq_ignore_ascii_case(b"CLIENT") && b.eq_ignore_ascii_case(b"TRACKING")
    )
}

/// The bytes of `GET key`: what an `MGET` part is cached under.
pub(crate) fn get_of(key: &[u8]) -> Vec<u8> {
    write::encode(&[b"GET", key])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::b;
    use crate::cmd::Request;

    #[test]
    fn the_reviewed_list_is_sorted_and_read_only() {
        assert!(CACHEABLE.windows(2).all(|w| w[0] < w[1]));
        for name in CACHEABLE {
            let c = crate::cmd(name).key("k").build();
            assert!(
                c.flags().contains(CommandFlags::READONLY),
                "{name} is not read-only in the spec"
            );
        }
    }

    #[test]
    fn one_key_reads_are_cacheable_and_the_rest_is_not() {
        let one = |c: Command| matches!(shape(&c), Shape::One(b"k"));
        assert!(one(b().get().key("k").into_command()));
        assert!(one(b().hgetall().key("k").into_command()));
        assert!(one(crate::cmd("get").key("k").build()));
        assert!(matches!(
            shape(&b().mget().key("a").key("b").into_command()),
            Shape::Parts
        ));
        for c in [
            b().set().key("k").value("v").into_command(),
            b().ttl().key("k").into_command(),
            b().srandmember().key("k").into_command(),
            b().exists().key("a").key("b").into_command(),
            b().sinter().key("a").key("b").into_command(),
            crate::cmd("MODULE.GET").key("k").build(),
        ] {
            assert!(matches!(shape(&c), Shape::No), "{c:?}");
        }
    }

    #[test]
    fn an_mget_part_is_cached_as_its_get() {
        assert_eq!(
            get_of(b"key"),
            b().get().key("key").into_command().as_bytes()
        );
    }
}
