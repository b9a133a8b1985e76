//! `List`, `Values`, `Map` and `StreamEntries`, the default reply types of string lists
//! (with nulls, for `Values`), maps and stream entries, against a real server on RESP2 and
//! RESP3: what they hold, the views and owned forms they hand out, the lookups of sets and
//! hashes past the length where an index is built, and the same reply asked for as std
//! types with `query_as`.

use std::collections::{HashMap, HashSet};

use typedis::reply::{Bytes, List, Map, StreamEntries, StreamEntry, Values};
use typedis::{b, Client, Config, Protocol};
use typedis_tests::RedisServer;

async fn connect(server: &RedisServer, protocol: Protocol) -> Client {
    let config = Config::from_url(&server.url()).unwrap().protocol(protocol);
    Client::with_config(config).await.unwrap()
}

#[tokio::test]
async fn a_list_reply_is_a_list_of_views_in_order() {
    let server = RedisServer::start();
    for protocol in [Protocol::Resp2, Protocol::Resp3] {
        let client = connect(&server, protocol).await;
        client.query(b().del().key("jobs")).await.unwrap();
        let items: Vec<String> = (0..100).map(|i| format!("job-{i}")).collect();
        client
            .query(b().rpush().key("jobs").element_iter(&items))
            .await
            .unwrap();

        let jobs: List = client
            .query(b().lrange().key("jobs").start(0).stop(-1))
            .await
            .unwrap();
        assert_eq!(jobs, items, "{protocol:?}");
        assert_eq!(jobs.len(), 100);
        assert_eq!(jobs.get_str(42), Some("job-42"));
        assert_eq!(jobs.last(), Some(&b"job-99"[..]));
        assert_eq!(jobs.get(100), None);
        assert_eq!(jobs.position("job-77"), Some(77));
        assert_eq!(jobs.to_strings().unwrap(), items);
        let owned: Vec<Bytes> = jobs.clone().into_iter().collect();
        assert_eq!(owned, jobs.to_vec());

        let none = client
            .query(b().lrange().key("no-such-list").start(0).stop(-1))
            .await
            .unwrap();
        assert!(none.is_empty(), "{protocol:?}");

        let asked: Vec<String> = client
            .query_as(b().lrange().key("jobs").start(0).stop(-1))
            .await
            .unwrap();
        assert_eq!(asked, items);
    }
}

#[tokio::test]
async fn a_set_reply_answers_membership_in_any_order() {
    let server = RedisServer::start();
    for protocol in [Protocol::Resp2, Protocol::Resp3] {
        let client = connect(&server, protocol).await;
        client.query(b().del().key("tags")).await.unwrap();
        let tags: Vec<String> = (0..40).map(|i| format!("tag{i}")).collect();
        client
            .query(b().sadd().key("tags").member_iter(&tags))
            .await
            .unwrap();

        let mut members = client.query(b().smembers().key("tags")).await.unwrap();
        assert_eq!(members.len(), 40, "{protocol:?}");
        assert!(members.contains("tag0") && members.contains("tag39"));
        assert!(!members.contains("tag40"));
        // Asked for every member, the first lookups scan and the rest use the index.
        assert!(tags.iter().all(|t| members.contains(t)), "{protocol:?}");
        members.sort();
        let mut sorted = tags.clone();
        sorted.sort();
        assert_eq!(members, sorted, "{protocol:?}");
        assert!(members.contains("tag17"), "the index follows a sort");
        for (i, t) in sorted.iter().enumerate() {
            assert_eq!(members.position(t), Some(i), "after the sort: {t}");
        }
        assert!(!members.contains("tag40"));

        let asked: HashSet<String> = client.query_as(b().smembers().key("tags")).await.unwrap();
        assert_eq!(asked, tags.into_iter().collect());

        // A list's views are arguments of the next command as they are.
        let removed = client
            .query(b().srem().key("tags").member_iter(&members))
            .await
            .unwrap();
        assert_eq!(removed, 40, "{protocol:?}");
    }
}

#[tokio::test]
async fn a_hash_reply_is_a_map_of_views() {
    let server = RedisServer::start();
    for protocol in [Protocol::Resp2, Protocol::Resp3] {
        let client = connect(&server, protocol).await;
        client.query(b().del().key("user:1")).await.unwrap();
        let fields: HashMap<String, String> = (0..30)
            .map(|i| (format!("f{i}"), format!("v{i}")))
            .collect();
        let mut hset = b().hset().key("user:1").field_value("name", "Ada");
        for (f, v) in &fields {
            hset = hset.field_value(f, v);
        }
        client.query(hset).await.unwrap();

        let user: Map = client.query(b().hgetall().key("user:1")).await.unwrap();
        assert_eq!(user.len(), 31, "{protocol:?}");
        assert_eq!(user.get_str("name"), Some("Ada"));
        assert_eq!(&user["f29"], b"v29");
        assert!(!user.contains_key("email"));
        // Every field by key: the first lookups scan, the rest use the index.
        for (f, v) in &fields {
            assert_eq!(user.get(f), Some(v.as_bytes()), "{f} {protocol:?}");
        }
        assert!(!user.contains_key("email"));
        let mut expected = fields.clone();
        expected.insert("name".into(), "Ada".into());
        assert_eq!(user, expected, "{protocol:?}");
        assert_eq!(user.to_strings().unwrap(), expected);
        assert_eq!(user.keys().count(), 31);
        let owned: HashMap<Bytes, Bytes> = user.clone().into_iter().collect();
        assert_eq!(owned, user.to_hash_map());

        let missing = client.query(b().hgetall().key("user:2")).await.unwrap();
        assert!(
            missing.is_empty(),
            "a key that does not exist: {protocol:?}"
        );

        let asked: HashMap<String, String> =
            client.query_as(b().hgetall().key("user:1")).await.unwrap();
        assert_eq!(asked, expected);
    }
}

#[tokio::test]
async fn lists_and_maps_inside_other_replies() {
    let server = RedisServer::start();
    for protocol in [Protocol::Resp2, Protocol::Resp3] {
        let client = connect(&server, protocol).await;
        client.query(b().del().key("q1")).await.unwrap();
        client
            .query(b().rpush().key("q1").element_iter(["a", "b", "c"]))
            .await
            .unwrap();
        // LMPOP: `Option<(Bytes, List)>`, the key and the popped elements.
        let popped = client
            .query(b().lmpop().key_iter(["q0", "q1"]).left().count(2))
            .await
            .unwrap();
        let (key, elements) = popped.expect("q1 has elements");
        assert_eq!(key, "q1", "{protocol:?}");
        assert_eq!(elements, ["a", "b"], "{protocol:?}");

        // CONFIG GET: a map of parameter names to values.
        let config = client
            .query(
                b().config_get()
                    .parameter_iter(["maxmemory-policy", "appendonly"]),
            )
            .await
            .unwrap();
        assert_eq!(config.get_str("appendonly"), Some("no"), "{protocol:?}");
        assert!(config.contains_key("maxmemory-policy"), "{config:?}");
    }
}

#[tokio::test]
async fn values_hold_a_null_where_a_key_or_field_has_none() {
    let server = RedisServer::start();
    for protocol in [Protocol::Resp2, Protocol::Resp3] {
        let client = connect(&server, protocol).await;
        client
            .query(b().set().key("k1").value("one"))
            .await
            .unwrap();
        client.query(b().set().key("k3").value("")).await.unwrap();
        let values: Values = client
            .query(b().mget().key_iter(["k1", "k2", "k3"]))
            .await
            .unwrap();
        assert_eq!(values, [Some("one"), None, Some("")], "{protocol:?}");
        assert!(values.is_null(1) && !values.is_null(2));
        assert_eq!(values.get_str(0), Some("one"));
        let owned: Vec<Option<Bytes>> = values.clone().into();
        assert_eq!(owned, [Some(Bytes::from("one")), None, Some(Bytes::new())]);

        client.query(b().del().key("h")).await.unwrap();
        client
            .query(b().hset().key("h").field_value("a", "1"))
            .await
            .unwrap();
        let fields = client
            .query(b().hmget().key("h").field_iter(["a", "b"]))
            .await
            .unwrap();
        assert_eq!(fields.iter().collect::<Vec<_>>(), [Some(&b"1"[..]), None]);

        let asked: Vec<Option<String>> = client
            .query_as(b().mget().key_iter(["k1", "k2"]))
            .await
            .unwrap();
        assert_eq!(asked, [Some("one".to_owned()), None]);
    }
}

#[tokio::test]
async fn stream_replies_are_entries_of_views() {
    let server = RedisServer::start();
    for protocol in [Protocol::Resp2, Protocol::Resp3] {
        let client = connect(&server, protocol).await;
        client.query(b().del().key("jobs")).await.unwrap();
        let group = b()
            .xgroup_create()
            .key("jobs")
            .group("workers")
            .id("$")
            .mkstream();
        client.query(group).await.unwrap();
        let mut ids = Vec::new();
        for i in 0..30 {
            let add = b()
                .xadd()
                .key("jobs")
                .auto_id()
                .field_value("task", format!("t{i}"));
            let add = add.field_value("try", "1");
            ids.push(client.query(add).await.unwrap().unwrap());
        }

        let all: StreamEntries = client
            .query(b().xrange().key("jobs").start("-").end("+"))
            .await
            .unwrap();
        assert_eq!(all.len(), 30, "{protocol:?}");
        for (i, entry) in all.iter().enumerate() {
            assert_eq!(entry.id, ids[i], "{protocol:?}");
            assert_eq!(entry.fields.get_str("task"), Some(&*format!("t{i}")));
            assert_eq!(entry.fields.len(), 2);
        }
        let back = client
            .query(b().xrevrange().key("jobs").end("+").start("-").count(2))
            .await
            .unwrap();
        assert_eq!(back.first().unwrap().id, ids[29]);
        assert_eq!(
            back.last().unwrap().id_str(),
            std::str::from_utf8(&ids[28]).ok()
        );

        // The group reads them all; one is deleted while pending, and reads back as such.
        let read = b()
            .xreadgroup()
            .group("workers", "first")
            .key("jobs")
            .id(">");
        let batch = client.query(read).await.unwrap().unwrap();
        assert_eq!(batch[&b"jobs"[..]], all, "{protocol:?}");
        client
            .query(b().xdel().key("jobs").id(&ids[3][..]))
            .await
            .unwrap();
        let pending = b()
            .xreadgroup()
            .group("workers", "first")
            .key("jobs")
            .id("0");
        let pending = client.query(pending).await.unwrap().unwrap();
        let pending = &pending[&b"jobs"[..]];
        assert_eq!(pending.len(), 30, "{protocol:?}");
        let gone = pending.get(3).unwrap();
        assert!(
            gone.fields.is_deleted() && gone.fields.is_empty(),
            "{gone:?}"
        );
        assert!(!pending.get(4).unwrap().fields.is_deleted());

        let claim = b()
            .xclaim()
            .key("jobs")
            .group("workers")
            .consumer("second")
            .min_idle_time(std::time::Duration::ZERO)
            .id_iter([&ids[5][..], &ids[6][..]]);
        let claimed = client.query(claim).await.unwrap();
        let claimed_ids: Vec<&[u8]> = claimed.iter().map(|e| e.id).collect();
        assert_eq!(claimed_ids, [&ids[5][..], &ids[6][..]], "{protocol:?}");
        let auto = b()
            .xautoclaim()
            .key("jobs")
            .group("workers")
            .consumer("third")
            .min_idle_time(std::time::Duration::ZERO)
            .start("0")
            .count(10);
        let auto = client.query(auto).await.unwrap();
        assert!(!auto.claimed.is_empty(), "{protocol:?}");
        assert!(auto.claimed.iter().all(|e| e.fields.get("task").is_some()));

        let info = client
            .query(b().xinfo_stream().key("jobs").full())
            .await
            .unwrap();
        assert_eq!(
            info.entries.len(),
            10,
            "FULL reads 10 by default: {protocol:?}"
        );
        assert_eq!(info.entries.first().unwrap().id, ids[0]);

        // Owned entries, zero-copy, and the same reply read as a std type.
        let owned: Vec<StreamEntry> = all.clone().into_iter().collect();
        assert_eq!(owned, all.to_vec());
        assert_eq!(owned[7].fields.get("task"), Some(&b"t7"[..]));
        type Pairs = Vec<(String, Vec<(String, String)>)>;
        let asked: Pairs = client
            .query_as(b().xrange().key("jobs").start("-").end("+").count(1))
            .await
            .unwrap();
        let first = all.first().unwrap();
        assert_eq!(asked[0].0.as_bytes(), first.id);
        assert_eq!(asked[0].1[0], ("task".to_owned(), "t0".to_owned()));
    }
}
