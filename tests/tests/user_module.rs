//! A user's module spec through the generator, as a user's build script runs it
//! (`tests/build.rs`): builders for two vector set commands from a spec of the tests' own,
//! with reply types from the user's overlay (a schema per command, and `WITHSCORES` as an
//! option switch), a keyword's count written from the items (`VALUES dim v1 v2 ...`) and a
//! `FILTER` argument typed `expression`. Sent to Redis 8.2.3, which has the commands; a
//! server without them must refuse them with a typed server error.

// The generated API is wider than this test uses.
#[allow(dead_code)]
mod user {
    include!(concat!(env!("OUT_DIR"), "/user_vectors.rs"));
}

use typedis::reply::ScoredMember;
use typedis::{b, Client, Error};
use typedis_tests::RedisServer;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_users_module_spec_gives_typed_builders_and_replies() {
    let server = RedisServer::start();
    let client = Client::connect(&server.url()).await.unwrap();
    let count = client.query(user::b().vcard().key("points")).await;
    if !typedis_tests::has_vector_sets() {
        // Refused before it is sent where the user's spec says the server is too old
        // (its VCARD is since 8.0.0, family unsaid), by the server otherwise.
        assert!(
            matches!(&count, Err(Error::Server(e)) if e.to_string().to_ascii_lowercase().contains("unknown command"))
                || matches!(&count, Err(Error::InvalidUse(e)) if e.to_string().contains("needs Redis 8.0.0")),
            "{count:?}"
        );
        return;
    }
    // The user's reply schema: an integer.
    let count: i64 = count.unwrap();
    assert_eq!(count, 0);
    for (name, v) in [("a", [1.0, 0.0]), ("b", [0.0, 1.0]), ("c", [0.9, 0.1])] {
        client
            .query(
                b().vadd()
                    .key("points")
                    .fp32(&v[..])
                    .element(name)
                    .setattr(format!(r#"{{"name":"{name}"}}"#)),
            )
            .await
            .unwrap();
    }
    assert_eq!(
        client.query(user::b().vcard().key("points")).await.unwrap(),
        3
    );
    // `VALUES 2 1 0`: the count written from the items.
    let names = client
        .query(user::b().vsim().key("points").values([1.0, 0.0]).count(2))
        .await
        .unwrap();
    assert_eq!(names, ["a", "c"]);
    // The user's switch: WITHSCORES reads as scored members, nearest first.
    let scored: Vec<ScoredMember> = client
        .query(
            user::b()
                .vsim()
                .key("points")
                .ele("a")
                .withscores()
                .filter(r#".name != "c""#),
        )
        .await
        .unwrap();
    assert_eq!(scored.len(), 2, "{scored:?}");
    assert_eq!(scored[0].member, "a");
    assert!((scored[0].score - 1.0).abs() < 1e-6);
    assert_eq!(scored[1].member, "b");
}

/// Counts after a keyword are written from the items: `INKEYS count key ...` counts
/// items, `PARAMS nargs name value ...` counts words; a `function` argument is a string.
#[test]
fn counts_after_a_keyword_are_written_from_the_items() {
    let command = user::b()
        .mymod_query()
        .index("idx")
        .inkeys(["doc:1", "doc:2", "doc:3"])
        .params([("lang", "en"), ("limit", "10")])
        .reduce("COUNT")
        .build();
    let words: Vec<&[u8]> = command.args().collect();
    let expected: [&[u8]; 15] = [
        b"MYMOD.QUERY",
        b"idx",
        b"INKEYS",
        b"3",
        b"doc:1",
        b"doc:2",
        b"doc:3",
        b"PARAMS",
        b"4",
        b"lang",
        b"en",
        b"limit",
        b"10",
        b"REDUCE",
        b"COUNT",
    ];
    assert_eq!(words, expected);
}
