//! Numbered databases on a cluster: a Valkey 9 cluster with `cluster-databases` above 1
//! serves `redis+cluster://.../2` on every node (keys of database 2 apart from database
//! 0's, in every slot); a server without them (Redis, Valkey before 9) refuses the
//! database with its own error when a node is connected to.

use typedis::cluster::ClusterClient;
use typedis::{b, Error};
use typedis_tests::{server_family, server_version, RedisCluster};

fn numbered_databases() -> bool {
    let major: u32 = server_version().split('.').next().unwrap().parse().unwrap();
    server_family() == "valkey" && major >= 9
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clusters_numbered_database_is_selected_on_every_node_where_the_server_has_them() {
    let mut builder = RedisCluster::builder().replicas(0);
    if numbered_databases() {
        builder = builder.arg("--cluster-databases").arg("4");
    }
    let cluster = builder.start();
    let db2 = format!("{}/2", cluster.url());
    if !numbered_databases() {
        let err = ClusterClient::connect(&db2).await.map(drop).unwrap_err();
        let Error::Server(refused) = &err else {
            panic!("not the server's refusal: {err:?}")
        };
        assert!(refused.message().contains("SELECT"), "{refused}");
        return;
    }
    let two = ClusterClient::connect(&db2).await.unwrap();
    let zero = ClusterClient::connect(&cluster.url()).await.unwrap();
    // Keys in every primary's slots.
    let keys: Vec<String> = (0..30).map(|i| format!("user:{i}")).collect();
    for key in &keys {
        two.query(b().set().key(key).value("two")).await.unwrap();
    }
    for key in &keys {
        let in_two = two.query(b().get().key(key)).await.unwrap();
        assert_eq!(in_two.as_deref(), Some(&b"two"[..]), "{key}");
        assert_eq!(
            zero.query(b().get().key(key)).await.unwrap(),
            None,
            "{key} in db 0"
        );
    }
    assert_eq!(two.query(b().dbsize()).await.unwrap(), 30);
    assert_eq!(zero.query(b().dbsize()).await.unwrap(), 0);
}
