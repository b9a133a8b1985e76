//! RedisJSON through the typed builders of the `json` feature and `typedis::Json<T>` (feature
//! `serde`), against a Redis 8.2.3 with the modules (`typedis_tests::module_server`): a
//! small document store of serde structs written with `JSON.SET` and `JSON.MSET`, read back
//! with `JSON.GET` and `JSON.MGET` (a JSONPath reply read as `Json<Vec<T>>`), changed with
//! `JSON.MERGE`, `JSON.NUMINCRBY` (`JsonNumbers`), `JSON.ARRAPPEND`, `JSON.ARRPOP`,
//! inspected with `JSON.ARRLEN`, `JSON.OBJKEYS` and `JSON.TYPE` (`JsonTypes`), and
//! removed with `JSON.DEL`; then missing keys and paths (`None`, empty matches) and a
//! reply of the wrong shape, which must be a `DecodeError` that leaves the connection
//! usable. Every test runs on RESP2 and on RESP3, with exact values.
//!
//! Over 500 lines: one test binary per module feature, so each starts its module server
//! once; its scenarios share the document types below.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use typedis::reply::{Bytes, JsonNumbers, JsonTypes};
use typedis::{b, Client, Error, Json};
use typedis_tests::{connect_with_protocol as connect, protocol_key as key, PROTOCOLS};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Address {
    city: String,
    zip: String,
}

/// A user document. `email` is left out of the JSON when `None` (and read as `None` when
/// the document has no `email` member).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct User {
    name: String,
    age: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    email: Option<String>,
    tags: Vec<String>,
    address: Address,
    score: f64,
}

/// What `JSON.GET key $.name $.age` answers: an object from each path to its matches.
#[derive(Debug, PartialEq, Deserialize)]
struct NameAndAge {
    #[serde(rename = "$.name")]
    name: Vec<String>,
    #[serde(rename = "$.age")]
    age: Vec<u32>,
}

/// A user's name borrowed from the reply frame (serde borrows `&str` from JSON text
/// without escapes).
#[derive(Debug, PartialEq, Deserialize)]
struct Named<'a> {
    name: &'a str,
}

fn alice() -> User {
    User {
        name: "Alice".into(),
        age: 30,
        email: Some("alice@example.com".into()),
        tags: vec!["admin".into(), "ops".into()],
        address: Address {
            city: "Paris".into(),
            zip: "75001".into(),
        },
        score: 1.5,
    }
}

fn bob() -> User {
    User {
        name: "Bob".into(),
        age: 41,
        email: None,
        tags: vec![],
        address: Address {
            city: "Lyon".into(),
            zip: "69001".into(),
        },
        score: -2.25,
    }
}

fn carol() -> User {
    User {
        name: "Carol \"C\" Ünal".into(), // escapes and non-ASCII survive the round trip
        age: 27,
        email: Some("carol@example.com".into()),
        tags: vec!["dev".into()],
        address: Address {
            city: "Nantes".into(),
            zip: "44000".into(),
        },
        score: 0.0,
    }
}

/// The JSON text of a reply as a serde value, for comparisons that ignore formatting.
fn parsed(text: &[u8]) -> serde_json::Value {
    serde_json::from_slice(text)
        .unwrap_or_else(|e| panic!("{:?} is not JSON: {e}", String::from_utf8_lossy(text)))
}

/// `JSON.GET key $` read as the single document the root path matches.
async fn get_user(client: &Client, key: &str) -> User {
    let Json(mut matches): Json<Vec<User>> = client
        .query_as(b().json_get().key(key).path("$"))
        .await
        .unwrap_or_else(|e| panic!("JSON.GET {key} $: {e}"));
    assert_eq!(matches.len(), 1, "the root path matches once: {matches:?}");
    matches.remove(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn documents_round_trip_through_set_get_mset_and_mget() {
    let server = typedis_tests::module_server();
    for protocol in PROTOCOLS {
        let client = connect(&server.url(), protocol).await;
        let (k1, k2, k3) = (
            key(protocol, "user:1"),
            key(protocol, "user:2"),
            key(protocol, "user:3"),
        );

        // JSON.SET of a struct: `Some(())` is OK.
        let set = client
            .query(b().json_set().key(&k1).path("$").value(Json(&alice())))
            .await
            .unwrap();
        assert_eq!(set, Some(()));

        // JSON.GET with the root JSONPath: a JSON array of the one match.
        assert_eq!(get_user(&client, &k1).await, alice());
        // Without a path: the document itself.
        let Json(whole): Json<User> = client.query_as(b().json_get().key(&k1)).await.unwrap();
        assert_eq!(whole, alice());
        // The builder's own reply type: the JSON text, the same on both protocols.
        let text = client
            .query(b().json_get().key(&k1).path("$.address"))
            .await
            .unwrap()
            .expect("the key exists");
        assert_eq!(
            parsed(&text),
            serde_json::json!([{"city": "Paris", "zip": "75001"}])
        );
        // Several paths: an object from each path to its matches.
        let Json(both): Json<NameAndAge> = client
            .query_as(b().json_get().key(&k1).path("$.name").path("$.age"))
            .await
            .unwrap();
        assert_eq!(
            both,
            NameAndAge {
                name: vec!["Alice".into()],
                age: vec![30],
            }
        );
        // A recursive path matches every nested value of that name.
        let Json(cities): Json<Vec<String>> = client
            .query_as(b().json_get().key(&k1).path("$..city"))
            .await
            .unwrap();
        assert_eq!(cities, ["Paris"]);

        // JSON.MSET: two new documents and a change to the first, in one step.
        client
            .query(
                b().json_mset()
                    .triplet(&k2, "$", Json(&bob()))
                    .triplet(&k3, "$", Json(&carol()))
                    .triplet(&k1, "$.age", Json(&31)),
            )
            .await
            .unwrap();
        let older = User { age: 31, ..alice() };
        assert_eq!(get_user(&client, &k1).await, older);
        assert_eq!(get_user(&client, &k2).await, bob());
        assert_eq!(get_user(&client, &k3).await, carol());

        // `Json<T>` borrowing from the frame: fine without escapes, a decode error (not a
        // panic) with them, as documented.
        let frame = client
            .send(b().json_get().key(&k1).path("$"))
            .await
            .unwrap();
        let Json(named) = frame.decode::<Json<Vec<Named<'_>>>>().unwrap();
        assert_eq!(named, [Named { name: "Alice" }]);
        let frame = client
            .send(b().json_get().key(&k3).path("$"))
            .await
            .unwrap();
        let escaped = frame.decode::<Json<Vec<Named<'_>>>>();
        assert!(escaped.is_err(), "{escaped:?}");

        // JSON.MGET: one entry per key, in order, null for a key that does not exist.
        let missing = key(protocol, "user:none");
        let all: Vec<Option<Json<Vec<User>>>> = client
            .query_as(
                b().json_mget()
                    .key(&k1)
                    .key(&k2)
                    .key(&missing)
                    .key(&k3)
                    .path("$"),
            )
            .await
            .unwrap();
        let all: Vec<Option<Vec<User>>> =
            all.into_iter().map(|d| d.map(Json::into_inner)).collect();
        assert_eq!(
            all,
            [
                Some(vec![older.clone()]),
                Some(vec![bob()]),
                None,
                Some(vec![carol()])
            ]
        );
        // The builder's own reply: JSON text per key.
        let names = client
            .query(
                b().json_mget()
                    .key_iter([&k1, &k2, &k3, &missing])
                    .path("$.name"),
            )
            .await
            .unwrap();
        let names: Vec<Option<serde_json::Value>> = names.iter().map(|t| t.map(parsed)).collect();
        assert_eq!(
            names,
            [
                Some(serde_json::json!(["Alice"])),
                Some(serde_json::json!(["Bob"])),
                Some(serde_json::json!(["Carol \"C\" Ünal"])),
                None,
            ]
        );
        // A path that only some documents have: an empty match list for the others.
        let emails: Vec<Option<Json<Vec<String>>>> = client
            .query_as(b().json_mget().key(&k1).key(&k2).path("$.email"))
            .await
            .unwrap();
        let emails: Vec<Option<Vec<String>>> = emails
            .into_iter()
            .map(|d| d.map(Json::into_inner))
            .collect();
        assert_eq!(
            emails,
            [Some(vec!["alice@example.com".to_owned()]), Some(vec![])]
        );

        // NX on an existing path and XX on a missing one are not met: `None`.
        let nx = client
            .query(
                b().json_set()
                    .key(&k1)
                    .path("$.name")
                    .value(Json(&"X"))
                    .nx(),
            )
            .await
            .unwrap();
        assert_eq!(nx, None, "NX on an existing path");
        let xx = client
            .query(
                b().json_set()
                    .key(&k1)
                    .path("$.nickname")
                    .value(Json(&"Al"))
                    .xx(),
            )
            .await
            .unwrap();
        assert_eq!(xx, None, "XX on a missing path");
        let nx = client
            .query(
                b().json_set()
                    .key(&k1)
                    .path("$.nickname")
                    .value(Json(&"Al"))
                    .nx(),
            )
            .await
            .unwrap();
        assert_eq!(nx, Some(()), "NX on a missing path");
        let Json(nick): Json<Vec<String>> = client
            .query_as(b().json_get().key(&k1).path("$.nickname"))
            .await
            .unwrap();
        assert_eq!(nick, ["Al"]);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn merge_numbers_arrays_keys_types_and_delete() {
    let server = typedis_tests::module_server();
    for protocol in PROTOCOLS {
        let client = connect(&server.url(), protocol).await;
        let k = key(protocol, "doc");
        client
            .query(b().json_set().key(&k).path("$").value(Json(&alice())))
            .await
            .unwrap()
            .expect("set");

        // JSON.NUMINCRBY: the new value per match, `None` where the match is no number.
        let age = client
            .query(b().json_numincrby().key(&k).path("$.age").value(2))
            .await
            .unwrap();
        assert_eq!(age, JsonNumbers(vec![Some(32.0)]));
        // Over every member, in document order: name, age, email, tags, address, score.
        let every = client
            .query(b().json_numincrby().key(&k).path("$.*").value(1))
            .await
            .unwrap();
        assert_eq!(*every, [None, Some(33.0), None, None, None, Some(2.5)]);
        // A legacy path answers the one new value (JSON text on RESP2, an array on RESP3).
        let legacy = client
            .query(b().json_numincrby().key(&k).path(".score").value(-1))
            .await
            .unwrap();
        assert_eq!(*legacy, [Some(1.5)]);

        // JSON.ARRAPPEND: the new length per match, `None` where the match is no array.
        let appended = client
            .query(
                b().json_arrappend()
                    .key(&k)
                    .path("$.tags")
                    .value_iter([Json("dev"), Json("qa")]),
            )
            .await
            .unwrap();
        assert_eq!(appended, [Some(4)]);
        let not_array = client
            .query(b().json_arrappend().key(&k).path("$.name").value(Json("x")))
            .await
            .unwrap();
        assert_eq!(not_array, [None]);

        // JSON.ARRLEN with a JSONPath and without one.
        let lens = client
            .query(b().json_arrlen().key(&k).path("$.tags"))
            .await
            .unwrap();
        assert_eq!(lens, [Some(4)]);
        let lens = client
            .query(b().json_arrlen().key(&k).path("$.*"))
            .await
            .unwrap();
        assert_eq!(lens, [None, None, None, Some(4), None, None]);
        let tags = key(protocol, "tags");
        client
            .query(
                b().json_set()
                    .key(&tags)
                    .path("$")
                    .value(Json(["a", "b", "c"])),
            )
            .await
            .unwrap()
            .expect("set");
        let root_len = client.query(b().json_arrlen().key(&tags)).await.unwrap();
        assert_eq!(root_len, Some(3));

        // JSON.ARRPOP: the removed element as JSON text; the last one by default.
        let popped = client
            .query(b().json_arrpop().key(&k).path("$.tags"))
            .await
            .unwrap();
        assert_eq!(popped, [Some(Bytes::from_static(b"\"qa\""))]);
        let popped = client
            .query(b().json_arrpop().key(&k).path("$.tags").index(0))
            .await
            .unwrap();
        assert_eq!(popped, [Some(Bytes::from_static(b"\"admin\""))]);
        let popped: Vec<Option<Json<String>>> = client
            .query_as(b().json_arrpop().key(&k).path("$.tags"))
            .await
            .unwrap();
        assert_eq!(popped, [Some(Json("dev".to_owned()))]);
        // What is left; popping a string is `None`.
        assert_eq!(get_user(&client, &k).await.tags, ["ops"]);
        let popped = client
            .query(b().json_arrpop().key(&k).path("$.name"))
            .await
            .unwrap();
        assert_eq!(popped, [None::<&str>]);
        // Without a path, from the root array; an emptied array pops `None`.
        for want in ["\"c\"", "\"b\"", "\"a\""] {
            let popped = client.query(b().json_arrpop().key(&tags)).await.unwrap();
            assert_eq!(popped.as_deref(), Some(want.as_bytes()));
        }
        let popped = client.query(b().json_arrpop().key(&tags)).await.unwrap();
        assert_eq!(popped, None, "an empty array");

        // JSON.OBJKEYS: member names in document order, `None` where no object matched.
        let keys = client
            .query(b().json_objkeys().key(&k).path("$"))
            .await
            .unwrap();
        assert_eq!(keys.len(), 1);
        assert_eq!(
            *keys[0].as_ref().expect("the root is an object"),
            ["name", "age", "email", "tags", "address", "score"]
        );
        let keys = client
            .query(b().json_objkeys().key(&k).path("$.*"))
            .await
            .unwrap();
        let objects: Vec<Option<Vec<Bytes>>> = keys.into();
        assert_eq!(
            objects,
            [
                None,
                None,
                None,
                None,
                Some(vec![
                    Bytes::from_static(b"city"),
                    Bytes::from_static(b"zip")
                ]),
                None,
            ]
        );
        let root_keys = client.query(b().json_objkeys().key(&k)).await.unwrap();
        assert_eq!(root_keys.map(|k| k.len()), Some(6));

        // JSON.TYPE: RESP3 nests the list once more; both read as one list.
        let types = client
            .query(b().json_type().key(&k).path("$.*"))
            .await
            .unwrap();
        assert_eq!(
            *types,
            ["string", "integer", "string", "array", "object", "number"]
        );
        let root = client.query(b().json_type().key(&k)).await.unwrap();
        assert_eq!(root, JsonTypes(vec![Bytes::from_static(b"object")]));
        let nested = client
            .query(b().json_type().key(&k).path("$.address.zip"))
            .await
            .unwrap();
        assert_eq!(*nested, ["string"]);

        // JSON.MERGE (RFC 7396): a member set to null is removed, nested members are
        // replaced, new members are added.
        let merged = client
            .query(
                b().json_merge()
                    .key(&k)
                    .path("$")
                    .value(Json(&serde_json::json!({
                        "email": null,
                        "address": {"zip": "75002"},
                        "score": 4.5,
                    }))),
            )
            .await
            .unwrap();
        assert_eq!(merged, Some(()));
        let after_merge = User {
            age: 33,
            email: None,
            tags: vec!["ops".into()],
            address: Address {
                city: "Paris".into(),
                zip: "75002".into(),
            },
            score: 4.5,
            ..alice()
        };
        assert_eq!(get_user(&client, &k).await, after_merge);
        // The removed member is gone from the keys (the server does not keep the order
        // of the others across a removal, so they are compared as a set).
        let mut keys = client
            .query(b().json_objkeys().key(&k))
            .await
            .unwrap()
            .expect("the key exists");
        keys.sort();
        assert_eq!(keys, ["address", "age", "name", "score", "tags"]);
        // A merge below a path whose parent does not exist is not done: `None`.
        let nowhere = client
            .query(b().json_merge().key(&k).path("$.no.such").value(Json(&1)))
            .await
            .unwrap();
        assert_eq!(nowhere, None);

        // JSON.DEL: how many values were deleted.
        let deleted = client
            .query(b().json_del().key(&k).path("$.address.zip"))
            .await
            .unwrap();
        assert_eq!(deleted, 1);
        let deleted = client
            .query(b().json_del().key(&k).path("$.no.such"))
            .await
            .unwrap();
        assert_eq!(deleted, 0);
        let Json(address): Json<Vec<BTreeMap<String, String>>> = client
            .query_as(b().json_get().key(&k).path("$.address"))
            .await
            .unwrap();
        assert_eq!(
            address,
            [BTreeMap::from([("city".to_owned(), "Paris".to_owned())])]
        );
        assert_eq!(client.query(b().json_del().key(&k)).await.unwrap(), 1);
        assert_eq!(client.query(b().json_del().key(&k)).await.unwrap(), 0);
        assert_eq!(client.query(b().json_get().key(&k)).await.unwrap(), None);
        assert_eq!(client.query(b().exists().key(&k)).await.unwrap(), 0);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn missing_keys_missing_paths_and_wrong_shapes() {
    let server = typedis_tests::module_server();
    for protocol in PROTOCOLS {
        let client = connect(&server.url(), protocol).await;
        let k = key(protocol, "doc");
        let none = key(protocol, "no-such-key");
        client
            .query(b().json_set().key(&k).path("$").value(Json(&bob())))
            .await
            .unwrap()
            .expect("set");

        // A key that does not exist: null, read as `None` by the builder's type and by
        // `Option<Json<T>>`.
        assert_eq!(client.query(b().json_get().key(&none)).await.unwrap(), None);
        let doc: Option<Json<Vec<User>>> = client
            .query_as(b().json_get().key(&none).path("$"))
            .await
            .unwrap();
        assert_eq!(doc, None);
        assert_eq!(
            client.query(b().json_arrlen().key(&none)).await.unwrap(),
            None
        );
        assert_eq!(
            client.query(b().json_objkeys().key(&none)).await.unwrap(),
            None
        );
        let types = client
            .query(b().json_type().key(&none).path("$"))
            .await
            .unwrap();
        assert!(types.is_empty(), "{types:?}");
        // `Json<T>` alone cannot read a null: a decode error, not a panic.
        let err = client
            .query_as::<Json<Vec<User>>>(b().json_get().key(&none).path("$"))
            .await
            .unwrap_err();
        assert!(matches!(err, Error::Decode(_)), "{err:?}");
        // A JSONPath over a missing key is a server error for ARRLEN (documented).
        let err = client
            .query(b().json_arrlen().key(&none).path("$"))
            .await
            .unwrap_err();
        assert!(
            matches!(&err, Error::Server(e) if e.message().contains("doesn't exist")),
            "{err:?}"
        );

        // A path that matches nothing: an empty list of matches.
        let Json(nothing): Json<Vec<User>> = client
            .query_as(b().json_get().key(&k).path("$.no.such"))
            .await
            .unwrap();
        assert!(nothing.is_empty(), "{nothing:?}");
        let text = client
            .query(b().json_get().key(&k).path("$.email"))
            .await
            .unwrap();
        assert_eq!(text.as_deref(), Some(&b"[]"[..]), "bob has no email");
        // Setting below a path whose parent does not exist: `None`, and nothing written.
        let set = client
            .query(b().json_set().key(&k).path("$.no.such").value(Json(&1)))
            .await
            .unwrap();
        assert_eq!(set, None);
        assert_eq!(get_user(&client, &k).await, bob());
        // Bob has no email: the struct reads it as `None`.
        assert_eq!(get_user(&client, &k).await.email, None);

        // A reply of the wrong shape: a decode error that quotes serde, not a panic.
        let err = client
            .query_as::<Json<Vec<User>>>(b().json_get().key(&k).path("$.name"))
            .await
            .unwrap_err();
        match &err {
            Error::Decode(e) => assert!(
                e.to_string().contains("JSON text of the wanted shape"),
                "{e}"
            ),
            other => panic!("expected a decode error, got {other:?}"),
        }
        let err = client
            .query_as::<Json<User>>(b().json_get().key(&k).path("$"))
            .await
            .unwrap_err();
        assert!(
            matches!(err, Error::Decode(_)),
            "an array is not a User: {err:?}"
        );
        // The same from a borrowed frame.
        let frame = client
            .send(b().json_get().key(&k).path("$.age"))
            .await
            .unwrap();
        assert_eq!(
            frame
                .decode::<Json<Vec<u32>>>()
                .map(Json::into_inner)
                .unwrap(),
            [41]
        );
        assert!(frame.decode::<Json<Vec<Address>>>().is_err());
        // JSON text where numbers are wanted, and numbers where JSON text is wanted.
        let err = client
            .query_as::<JsonNumbers>(b().json_get().key(&k).path("$"))
            .await
            .unwrap_err();
        assert!(matches!(err, Error::Decode(_)), "{err:?}");
        let err = client
            .query_as::<Json<Vec<u32>>>(b().json_arrlen().key(&k).path("$.tags"))
            .await
            .unwrap_err();
        assert!(matches!(err, Error::Decode(_)), "{err:?}");

        // The connection is unaffected.
        assert_eq!(get_user(&client, &k).await, bob());
    }
}

/// A value JSON cannot hold is never stored as another: a map with non-string keys (which
/// serde refuses) and a NaN score (which `serde_json` would write as `null`) fail with
/// `Error::InvalidArgument` before anything is sent, and the document is untouched.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_value_json_cannot_hold_is_refused_and_the_document_kept() {
    let server = typedis_tests::module_server();
    for protocol in PROTOCOLS {
        let client = connect(&server.url(), protocol).await;
        let k = key(protocol, "user:kept");
        client
            .query(b().json_set().key(&k).path("$").value(Json(&alice())))
            .await
            .unwrap();

        let by_pair = BTreeMap::from([((1, 2), "a")]);
        let err = client
            .query(b().json_set().key(&k).path("$").value(Json(&by_pair)))
            .await
            .unwrap_err();
        let Error::InvalidArgument(invalid) = &err else {
            panic!("not refused: {err:?}")
        };
        assert_eq!((invalid.command(), invalid.index()), ("JSON.SET", 3));
        assert!(
            invalid.to_string().contains("key must be a string"),
            "{err}"
        );

        let nan = User {
            score: f64::NAN,
            ..alice()
        };
        let err = client
            .query(b().json_set().key(&k).path("$").value(Json(&nan)))
            .await
            .unwrap_err();
        assert!(matches!(err, Error::InvalidArgument(_)), "{err:?}");
        let err = client
            .query(
                b().json_merge()
                    .key(&k)
                    .path("$.score")
                    .value(Json(f64::INFINITY)),
            )
            .await
            .unwrap_err();
        assert!(matches!(err, Error::InvalidArgument(_)), "{err:?}");

        assert_eq!(get_user(&client, &k).await, alice());
    }
}

/// A legacy path (`.tags`, not starting with `$`) is answered with the first match's value
/// alone, where a JSONPath gets an array: the default reply types read both, the legacy
/// answer as one match, on both protocols.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn legacy_paths_read_as_one_match_with_the_default_types() {
    let server = typedis_tests::module_server();
    for protocol in PROTOCOLS {
        let client = connect(&server.url(), protocol).await;
        let k = key(protocol, "legacy");
        client
            .query(b().json_set().key(&k).path("$").value(Json(&alice())))
            .await
            .unwrap()
            .expect("set");
        client
            .query(b().json_set().key(&k).path("$.on").value(Json(true)))
            .await
            .unwrap()
            .expect("set");

        let appended = client
            .query(
                b().json_arrappend()
                    .key(&k)
                    .path(".tags")
                    .value(Json("dev")),
            )
            .await
            .unwrap();
        assert_eq!(appended, [Some(3)], "{protocol:?}");
        let inserted = client
            .query(
                b().json_arrinsert()
                    .key(&k)
                    .path(".tags")
                    .index(0)
                    .value(Json("first")),
            )
            .await
            .unwrap();
        assert_eq!(inserted, [Some(4)]);
        let at = client
            .query(b().json_arrindex().key(&k).path(".tags").value(Json("ops")))
            .await
            .unwrap();
        assert_eq!(at, [Some(2)]);
        let len = client
            .query(b().json_arrlen().key(&k).path(".tags"))
            .await
            .unwrap();
        assert_eq!(len, [Some(4)]);
        let popped = client
            .query(b().json_arrpop().key(&k).path(".tags"))
            .await
            .unwrap();
        assert_eq!(popped, [Some("\"dev\"")]);
        let trimmed = client
            .query(b().json_arrtrim().key(&k).path(".tags").start(0).stop(1))
            .await
            .unwrap();
        assert_eq!(trimmed, [Some(2)]);
        let strlen = client
            .query(b().json_strlen().key(&k).path(".name"))
            .await
            .unwrap();
        assert_eq!(strlen, [Some(5)]);
        let appended = client
            .query(b().json_strappend().key(&k).path(".name").value(Json("!")))
            .await
            .unwrap();
        assert_eq!(appended, [Some(6)]);
        let members = client
            .query(b().json_objlen().key(&k).path(".address"))
            .await
            .unwrap();
        assert_eq!(members, [Some(2)]);
        let keys = client
            .query(b().json_objkeys().key(&k).path(".address"))
            .await
            .unwrap();
        assert_eq!(*keys, [Some(vec![Bytes::from("city"), Bytes::from("zip")])]);
        let toggled = client
            .query(b().json_toggle().key(&k).path(".on"))
            .await
            .unwrap();
        assert_eq!(toggled, [Some(false)]);
        // The same calls with a JSONPath still read one entry per match.
        let toggled = client
            .query(b().json_toggle().key(&k).path("$.on"))
            .await
            .unwrap();
        assert_eq!(toggled, [Some(true)]);
        let keys = client
            .query(b().json_objkeys().key(&k).path("$.address"))
            .await
            .unwrap();
        assert_eq!(*keys, [Some(vec![Bytes::from("city"), Bytes::from("zip")])]);
    }
}

/// `JSON.RESP` reads into `JsonResp` values: without a path, with a JSONPath (one per
/// match) and with a legacy path (the first match alone, read as one match), on both
/// protocols; a number that is not an integer is text on RESP2. (`JSON.RESP` is deprecated
/// since RedisJSON 2.6, and still served.)
#[allow(deprecated)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_resp_reads_documents_as_typed_values() {
    use typedis::reply::JsonResp;
    let server = typedis_tests::module_server();
    for protocol in PROTOCOLS {
        let client = connect(&server.url(), protocol).await;
        let k = key(protocol, "resp");
        let doc = serde_json::json!({"o": {"k": 1, "s": "x"}, "t": true, "z": null, "a": [1, "2"], "f": 1.5});
        client
            .query(b().json_set().key(&k).path("$").value(Json(&doc)))
            .await
            .unwrap()
            .expect("set");
        let object = JsonResp::Object(vec![
            ("k".into(), JsonResp::Int(1)),
            ("s".into(), JsonResp::String("x".into())),
        ]);
        let whole = client
            .query(b().json_resp().key(&k))
            .await
            .unwrap()
            .expect("the key exists");
        let JsonResp::Object(members) = &whole else {
            panic!("{whole:?}")
        };
        let names: Vec<&[u8]> = members.iter().map(|(n, _)| &n[..]).collect();
        assert_eq!(names, [&b"o"[..], b"t", b"z", b"a", b"f"], "{protocol:?}");
        assert_eq!(members[0].1, object);
        assert_eq!(members[1].1, JsonResp::Bool(true));
        assert_eq!(members[2].1, JsonResp::Null);
        assert_eq!(
            members[3].1,
            JsonResp::Array(vec![JsonResp::Int(1), JsonResp::String("2".into())])
        );
        let f = match protocol {
            typedis::Protocol::Resp2 => JsonResp::String("1.5".into()),
            _ => JsonResp::Number(1.5),
        };
        assert_eq!(members[4].1, f);

        let jsonpath = client
            .query(b().json_resp().key(&k).path("$.o"))
            .await
            .unwrap()
            .expect("the key exists");
        let legacy = client
            .query(b().json_resp().key(&k).path(".o"))
            .await
            .unwrap()
            .expect("the key exists");
        assert_eq!(*jsonpath, [Some(object.clone())]);
        assert_eq!(jsonpath, legacy);
        let missing = client
            .query(b().json_resp().key(key(protocol, "nothing")).path("$"))
            .await
            .unwrap();
        assert_eq!(missing, None);
    }
}
