//! The module commands' keys route a `ClusterClient` from the project's own spec, not
//! from the modules' key specs (which name only the first key of `JSON.MGET`, only the
//! destination of `CMS.MERGE`): on a 3-primary cluster of Redis 8.2.3 nodes with
//! RedisJSON and RedisBloom loaded, multi-key module commands whose keys share a slot go
//! straight to the slot's owner (no redirect), and keys in different slots are refused
//! before anything is sent, as for the core's commands.

use typedis::{b, ClusterClient, Error, Json};
use typedis_tests::module_cluster_builder;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn multi_key_module_commands_route_by_every_key_and_refuse_cross_slot_keys() {
    let cluster = module_cluster_builder(&["rejson.so", "redisbloom.so"])
        .replicas(0)
        .start();
    let client = ClusterClient::connect(&cluster.url()).await.unwrap();

    // JSON.MGET: every argument but the path is a key, and the builder knows it.
    let keys = ["{user}:1", "{user}:2", "{user}:3"];
    for (i, key) in keys.iter().enumerate() {
        client
            .query(
                b().json_set()
                    .key(*key)
                    .path("$")
                    .value(Json(serde_json::json!({ "n": i }))),
            )
            .await
            .unwrap();
    }
    let before = client.stats().redirects;
    let got = client
        .query(b().json_mget().key_iter(keys).path("$.n"))
        .await
        .unwrap();
    let numbers: Vec<Option<String>> = got
        .iter()
        .map(|v| v.map(|b| String::from_utf8_lossy(b).into_owned()))
        .collect();
    assert_eq!(
        numbers,
        [Some("[0]".into()), Some("[1]".into()), Some("[2]".into())]
    );
    let command = b().json_mget().key_iter(keys).path("$").build();
    assert_eq!(command.keys().count(), 3, "every key is recorded");

    // CMS.MERGE: the destination and every source.
    for key in ["{cms}:a", "{cms}:b", "{cms}:dst"] {
        client
            .query(b().cms_initbydim().key(key).width(100).depth(5))
            .await
            .unwrap();
    }
    client
        .query(b().cms_incrby().key("{cms}:a").items("x", 3))
        .await
        .unwrap();
    client
        .query(b().cms_incrby().key("{cms}:b").items("x", 4))
        .await
        .unwrap();
    client
        .query(
            b().cms_merge()
                .destination("{cms}:dst")
                .source_iter(["{cms}:a", "{cms}:b"]),
        )
        .await
        .unwrap();
    let counts = client
        .query(b().cms_query().key("{cms}:dst").item("x"))
        .await
        .unwrap();
    assert_eq!(counts, [7]);
    assert_eq!(
        client.stats().redirects,
        before,
        "commands whose keys share a slot go to its owner at once"
    );

    // Keys in different slots: refused by the client, before anything is sent.
    let cross = client
        .query(b().json_mget().key_iter(["a", "b", "c"]).path("$"))
        .await;
    assert!(
        matches!(&cross, Err(Error::Cluster(why)) if why.message().contains("different hash slots")),
        "{cross:?}"
    );
    let cross = client
        .query(
            b().cms_merge()
                .destination("{cms}:dst")
                .source_iter(["x", "y"]),
        )
        .await;
    assert!(
        matches!(&cross, Err(Error::Cluster(why)) if why.message().contains("different hash slots")),
        "{cross:?}"
    );
}
