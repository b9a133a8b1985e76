//! Arguments with a type of their own, against a real server on RESP2 and RESP3: the ends
//! of score ranges (`Bound`, the infinities) and lex ranges (`Bound`, `Lex`) in every
//! command that takes them, float weights, and `bool` written and read back (as a value
//! and as a field of a derived struct). Ranges over keys that do not exist read as empty.

use typedis::cmd::{Bound, Lex};
use typedis::reply::List;
use typedis::{b, Client, Protocol, RespRead};
use typedis_tests::{connect_with_protocol, RedisServer, PROTOCOLS};

/// A client of `server` on each protocol.
async fn clients(server: &RedisServer) -> Vec<(Protocol, Client)> {
    let mut clients = Vec::new();
    for protocol in PROTOCOLS {
        clients.push((
            protocol,
            connect_with_protocol(&server.url(), protocol).await,
        ));
    }
    clients
}

fn names(list: &List) -> Vec<String> {
    list.to_strings().unwrap()
}

#[tokio::test]
async fn score_bounds_select_what_the_server_counts() {
    let server = RedisServer::start();
    for (protocol, client) in clients(&server).await {
        let key = format!("board:{protocol:?}");
        let add = b()
            .zadd()
            .key(key.as_str())
            .score_member(1, "a")
            .score_member(2, "b")
            .score_member(3, "c")
            .score_member(4.5, "d");
        client.query(add).await.unwrap();
        let count = |min: Bound<f64>, max: f64| b().zcount().key(key.as_str()).min(min).max(max);

        // ZCOUNT board (1 +inf
        let above = client
            .query(count(Bound::Exclusive(1.0), f64::INFINITY))
            .await;
        assert_eq!(above.unwrap(), 3, "{protocol:?}");
        // ZCOUNT board 1 +inf
        let from = client
            .query(count(Bound::Inclusive(1.0), f64::INFINITY))
            .await;
        assert_eq!(from.unwrap(), 4, "{protocol:?}");
        // ZCOUNT board -inf (3, with integer bounds
        let below = b()
            .zcount()
            .key(key.as_str())
            .min(f64::NEG_INFINITY)
            .max(Bound::Exclusive(3));
        assert_eq!(client.query(below).await.unwrap(), 2, "{protocol:?}");

        let between = b()
            .zrangebyscore()
            .key(key.as_str())
            .min(Bound::Exclusive(1))
            .max(Bound::Inclusive(4.5));
        let between = client.query(between).await.unwrap();
        assert_eq!(names(&between), ["b", "c", "d"], "{protocol:?}");

        let down = b()
            .zrevrangebyscore()
            .key(key.as_str())
            .max(Bound::Exclusive(4.5))
            .min(f64::NEG_INFINITY);
        let down = client.query(down).await.unwrap();
        assert_eq!(names(&down), ["c", "b", "a"], "{protocol:?}");

        // ZRANGE takes text that is a score with BYSCORE.
        let range = b()
            .zrange()
            .key(key.as_str())
            .start(Bound::Exclusive(2))
            .stop(f64::INFINITY)
            .byscore();
        let range = client.query(range).await.unwrap();
        assert_eq!(names(&range), ["c", "d"], "{protocol:?}");

        let removed = b()
            .zremrangebyscore()
            .key(key.as_str())
            .min(Bound::Exclusive(4))
            .max(f64::INFINITY);
        assert_eq!(client.query(removed).await.unwrap(), 1, "{protocol:?}");

        let missing = b()
            .zcount()
            .key("no-such-board")
            .min(Bound::Exclusive(0))
            .max(f64::INFINITY);
        assert_eq!(client.query(missing).await.unwrap(), 0, "{protocol:?}");
    }
}

#[tokio::test]
async fn lex_bounds_select_what_the_server_counts() {
    let server = RedisServer::start();
    for (protocol, client) in clients(&server).await {
        let key = format!("names:{protocol:?}");
        let add = b()
            .zadd()
            .key(key.as_str())
            .score_member(0, "ann")
            .score_member(0, "bob")
            .score_member(0, "cat")
            .score_member(0, "dan");
        client.query(add).await.unwrap();

        let all = b()
            .zlexcount()
            .key(key.as_str())
            .min(Lex::Min)
            .max(Lex::Max);
        assert_eq!(client.query(all).await.unwrap(), 4, "{protocol:?}");

        let some = b()
            .zrangebylex()
            .key(key.as_str())
            .min(Bound::Inclusive("b"))
            .max(Bound::Exclusive("dan"));
        let some = client.query(some).await.unwrap();
        assert_eq!(names(&some), ["bob", "cat"], "{protocol:?}");

        let down = b()
            .zrevrangebylex()
            .key(key.as_str())
            .max(Lex::Max)
            .min(Bound::Inclusive(String::from("cat")));
        let down = client.query(down).await.unwrap();
        assert_eq!(names(&down), ["dan", "cat"], "{protocol:?}");

        // ZRANGE takes text that is a lex end with BYLEX.
        let rest = b()
            .zrange()
            .key(key.as_str())
            .start(Bound::Exclusive(&b"ann"[..]))
            .stop(Lex::Max)
            .bylex();
        let rest = client.query(rest).await.unwrap();
        assert_eq!(names(&rest), ["bob", "cat", "dan"], "{protocol:?}");

        let removed = b()
            .zremrangebylex()
            .key(key.as_str())
            .min(Lex::Min)
            .max(Bound::Exclusive("bob"));
        assert_eq!(client.query(removed).await.unwrap(), 1, "{protocol:?}");

        let missing = b()
            .zrangebylex()
            .key("no-such-names")
            .min(Lex::Min)
            .max(Lex::Max);
        let missing = client.query(missing).await.unwrap();
        assert!(missing.is_empty(), "{protocol:?}");
    }
}

#[tokio::test]
async fn weights_are_floats() {
    let server = RedisServer::start();
    for (protocol, client) in clients(&server).await {
        let (one, two, out) = (
            format!("{{w}}one:{protocol:?}"),
            format!("{{w}}two:{protocol:?}"),
            format!("{{w}}out:{protocol:?}"),
        );
        client
            .query(b().zadd().key(one.as_str()).score_member(3, "m"))
            .await
            .unwrap();
        client
            .query(b().zadd().key(two.as_str()).score_member(0.25, "m"))
            .await
            .unwrap();
        let union = b()
            .zunionstore()
            .destination(out.as_str())
            .key(one.as_str())
            .key(two.as_str())
            .weights(0.5)
            .weights(2.0);
        assert_eq!(client.query(union).await.unwrap(), 1, "{protocol:?}");
        let score = client
            .query(b().zscore().key(out.as_str()).member("m"))
            .await
            .unwrap();
        // 3 * 0.5 + 0.25 * 2
        assert_eq!(score, Some(2.0), "{protocol:?}");

        let inter = b()
            .zinterstore()
            .destination(out.as_str())
            .key(one.as_str())
            .key(two.as_str())
            .weights_iter([1.5, 4.0]);
        assert_eq!(client.query(inter).await.unwrap(), 1, "{protocol:?}");
        let score = client
            .query(b().zscore().key(out.as_str()).member("m"))
            .await
            .unwrap();
        // 3 * 1.5 + 0.25 * 4
        assert_eq!(score, Some(5.5), "{protocol:?}");
    }
}

#[derive(RespRead, Debug, PartialEq)]
#[resp(map)]
struct Flags {
    active: bool,
    admin: bool,
}

#[tokio::test]
async fn a_bool_is_written_as_one_or_zero_and_read_back() {
    let server = RedisServer::start();
    for (protocol, client) in clients(&server).await {
        let key = format!("flag:{protocol:?}");
        client
            .query(b().set().key(key.as_str()).value(true))
            .await
            .unwrap();
        let raw: Option<String> = client.query_as(b().get().key(key.as_str())).await.unwrap();
        assert_eq!(raw.as_deref(), Some("1"), "{protocol:?}");
        let flag: bool = client.query_as(b().get().key(key.as_str())).await.unwrap();
        assert!(flag, "{protocol:?}");
        let missing: Option<bool> = client
            .query_as(b().get().key("no-such-flag"))
            .await
            .unwrap();
        assert_eq!(missing, None, "{protocol:?}");

        let hash = format!("flags:{protocol:?}");
        let set = b()
            .hset()
            .key(hash.as_str())
            .field_value("active", true)
            .field_value("admin", false);
        client.query(set).await.unwrap();
        let flags: Flags = client
            .query_as(b().hgetall().key(hash.as_str()))
            .await
            .unwrap();
        assert_eq!(
            flags,
            Flags {
                active: true,
                admin: false
            },
            "{protocol:?}"
        );

        // Text that is not 1 or 0 is not a bool, and the error says what it expected.
        client
            .query(b().set().key(key.as_str()).value("yes"))
            .await
            .unwrap();
        let wrong = client
            .query_as::<bool>(b().get().key(key.as_str()))
            .await
            .unwrap_err();
        assert!(wrong.to_string().contains("boolean"), "{wrong}");
    }
}
