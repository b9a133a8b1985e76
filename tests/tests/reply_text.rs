//! `reply::Text` read from a real server on RESP2 and RESP3: lists, hashes, sets and
//! strings whose members are short (held inline), exactly at the inline limit, just past
//! it and long (slices of the reply), empty or not ASCII; missing keys; and a value that
//! is not UTF-8, which fails for its caller alone.

use std::collections::{BTreeSet, HashMap};

use typedis::reply::Text;
use typedis::{cmd, Client, Config, Error, Protocol};
use typedis_tests::RedisServer;

const PROTOCOLS: [Protocol; 2] = [Protocol::Resp2, Protocol::Resp3];

async fn connect(url: &str, protocol: Protocol) -> Client {
    Client::with_config(Config::from_url(url).unwrap().protocol(protocol))
        .await
        .unwrap()
}

/// Members of every length that matters to `Text`: empty, short, 20 bytes (the longest
/// held inline), 21, long, and text that is not ASCII across the limit.
fn members() -> Vec<String> {
    vec![
        String::new(),
        "a".to_owned(),
        "item:42".to_owned(),
        "x".repeat(20),
        "y".repeat(21),
        "z".repeat(300),
        "héllo wörld".to_owned(),
        // 19 bytes of ASCII then a two-byte character: 21 bytes.
        format!("{}é", "b".repeat(19)),
        "日本語のテキスト".to_owned(),
    ]
}

#[tokio::test]
async fn lists_hashes_sets_and_strings_read_as_text_on_both_protocols() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let client = connect(&server.url(), protocol).await;
        client.query_as::<()>(cmd("FLUSHALL")).await.unwrap();
        let members = members();

        let mut rpush = cmd("RPUSH").arg("list");
        for m in &members {
            rpush = rpush.arg(m);
        }
        let pushed: usize = client.query_as(rpush).await.unwrap();
        assert_eq!(pushed, members.len());
        let list: Vec<Text> = client
            .query_as(cmd("LRANGE").arg("list").arg(0).arg(-1))
            .await
            .unwrap();
        assert_eq!(list, members, "{protocol:?}");

        let mut hset = cmd("HSET").arg("hash");
        for (i, m) in members.iter().enumerate() {
            hset = hset.arg(format!("field:{i}:{m}")).arg(m);
        }
        client.query_as::<usize>(hset).await.unwrap();
        let hash: HashMap<Text, Text> = client.query_as(cmd("HGETALL").arg("hash")).await.unwrap();
        assert_eq!(hash.len(), members.len(), "{protocol:?}");
        for (i, m) in members.iter().enumerate() {
            // `Text` borrows as `str`: a map of texts is looked up by `&str`.
            assert_eq!(hash[format!("field:{i}:{m}").as_str()], m.as_str());
        }

        let mut sadd = cmd("SADD").arg("set");
        for m in &members {
            sadd = sadd.arg(m);
        }
        client.query_as::<usize>(sadd).await.unwrap();
        let set: BTreeSet<Text> = client.query_as(cmd("SMEMBERS").arg("set")).await.unwrap();
        let expected: BTreeSet<Text> = members.iter().map(|m| Text::from(m.as_str())).collect();
        assert_eq!(set, expected, "{protocol:?}");

        for m in &members {
            client
                .query_as::<()>(cmd("SET").arg("one").arg(m))
                .await
                .unwrap();
            let one: Text = client.query_as(cmd("GET").arg("one")).await.unwrap();
            assert_eq!(one, m.as_str(), "{protocol:?}");
            assert_eq!(one.to_string(), *m);
        }
    }
}

#[tokio::test]
async fn missing_keys_are_none_or_empty() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let client = connect(&server.url(), protocol).await;
        client
            .query_as::<()>(cmd("SET").arg("present").arg("here"))
            .await
            .unwrap();
        let missing: Option<Text> = client.query_as(cmd("GET").arg("absent")).await.unwrap();
        assert_eq!(missing, None, "{protocol:?}");
        let values: Vec<Option<Text>> = client
            .query_as(cmd("MGET").arg("absent").arg("present").arg("absent2"))
            .await
            .unwrap();
        assert_eq!(values, [None, Some(Text::from("here")), None]);
        let list: Vec<Text> = client
            .query_as(cmd("LRANGE").arg("absent").arg(0).arg(-1))
            .await
            .unwrap();
        assert!(list.is_empty());
        let hash: HashMap<Text, Text> =
            client.query_as(cmd("HGETALL").arg("absent")).await.unwrap();
        assert!(hash.is_empty());
        // A missing key read as a `Text` that must be there is a decode error that says so.
        let err = client
            .query_as::<Text>(cmd("GET").arg("absent"))
            .await
            .unwrap_err();
        assert!(matches!(err, Error::Decode(_)), "{err}");
    }
}

#[tokio::test]
async fn a_member_that_is_not_utf8_fails_its_caller_alone_and_says_where() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let client = connect(&server.url(), protocol).await;
        client
            .query_as::<usize>(cmd("DEL").arg("mixed"))
            .await
            .unwrap();
        client
            .query_as::<usize>(
                cmd("RPUSH")
                    .arg("mixed")
                    .arg("fine")
                    .arg("x".repeat(40))
                    .arg(&b"bad \xff byte"[..]),
            )
            .await
            .unwrap();
        let err = client
            .query_as::<Vec<Text>>(cmd("LRANGE").arg("mixed").arg(0).arg(-1))
            .await
            .unwrap_err();
        assert!(matches!(err, Error::Decode(_)), "{err}");
        let said = err.to_string();
        assert!(said.contains("utf-8") && said.contains("[2]"), "{said}");
        // The same reply read as bytes is whole, and the connection goes on.
        let raw: Vec<Vec<u8>> = client
            .query_as(cmd("LRANGE").arg("mixed").arg(0).arg(-1))
            .await
            .unwrap();
        assert_eq!(raw[2], b"bad \xff byte");
        let first: Text = client
            .query_as(cmd("LINDEX").arg("mixed").arg(0))
            .await
            .unwrap();
        assert_eq!(first, "fine");
    }
}
