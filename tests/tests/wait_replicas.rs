//! `WAIT` and `WAITAOF` count the replicas that have the caller's writes: they run behind
//! the writes on the connection that made them (the shared connection, a pipeline, a
//! transaction's `EXEC`, each node's connection in a cluster), never on a connection that
//! made none. A replica frozen with SIGSTOP is counted as missing the writes made since,
//! on every server. A `WAIT` that could hold the shared connection forever (timeout 0),
//! and one queued inside `MULTI` (where it counts nothing), are refused.

use std::time::{Duration, Instant};

use typedis::cluster::ClusterClient;
use typedis::{b, Client, Error};
use typedis_tests::{server_family, server_version, RedisCluster, RedisServer};

/// A primary and one replica of it, replicating, both with an append-only file fsynced at
/// every write.
async fn replicated() -> (RedisServer, RedisServer, Client) {
    let aof = ["--appendonly", "yes", "--appendfsync", "always"];
    let primary = RedisServer::builder().args(aof).start();
    let port = primary.port().to_string();
    let replica = RedisServer::builder()
        .args(aof)
        .args(["--replicaof", "127.0.0.1", &port])
        .start();
    let client = Client::connect(&primary.url()).await.unwrap();
    // Replicating once a write reaches the replica.
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        client.query(b().set().key("ready").value(1)).await.unwrap();
        if client
            .query(b().wait().numreplicas(1).timeout(200))
            .await
            .unwrap()
            == 1
        {
            break;
        }
        assert!(Instant::now() < deadline, "the replica never caught up");
    }
    (primary, replica, client)
}

fn waitaof_known() -> bool {
    server_family() == "valkey" || server_version() >= "7.2"
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paused_replica_is_counted_as_missing_the_callers_writes_on_every_path() {
    let (_primary, replica, client) = replicated().await;
    client.query(b().set().key("k").value(1)).await.unwrap();
    let healthy = client.query(b().wait().numreplicas(1).timeout(2000)).await;
    assert_eq!(healthy.unwrap(), 1);

    replica.pause();
    // Alone, behind the caller's write on the shared connection.
    client.query(b().set().key("k").value(2)).await.unwrap();
    let started = Instant::now();
    let acked = client.query(b().wait().numreplicas(1).timeout(300)).await;
    assert_eq!(acked.unwrap(), 0, "a paused replica acknowledged a write");
    assert!(
        started.elapsed() >= Duration::from_millis(250),
        "{:?}",
        started.elapsed()
    );

    // In a pipeline, behind the pipeline's writes.
    let ((), acked) = client
        .pipeline()
        .add(b().set().key("k").value(3))
        .add(b().wait().numreplicas(1).timeout(300))
        .query()
        .await
        .unwrap();
    assert_eq!(acked, 0);

    // After a transaction's EXEC, on the shared connection and on a dedicated one.
    let ((n,), acked) = client
        .multi()
        .add(b().incr().key("n"))
        .exec_then_wait(b().wait().numreplicas(1).timeout(300))
        .await
        .unwrap();
    assert_eq!((n, acked), (1, 0));
    let mut tx = client.transaction().await.unwrap();
    tx.watch(&["n"]).await.unwrap();
    let ((n,), acked) = tx
        .add(b().incr().key("n"))
        .exec_then_wait(b().wait().numreplicas(1).timeout(300))
        .await
        .unwrap();
    assert_eq!((n, acked), (2, 0));

    // The cost to the others: the server answers nothing behind a WAIT until it ends.
    let waiting = {
        let client = client.clone();
        tokio::spawn(async move { client.query(b().wait().numreplicas(1).timeout(1000)).await })
    };
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert!(!waiting.is_finished(), "the WAIT ended within 50 ms");
    let started = Instant::now();
    client.query(b().get().key("k")).await.unwrap();
    let behind = started.elapsed();
    assert_eq!(waiting.await.unwrap().unwrap(), 0);
    assert!(
        behind >= Duration::from_millis(500),
        "a GET behind a WAIT took {behind:?}"
    );

    if waitaof_known() {
        // Fsynced locally, on no replica.
        client.query(b().set().key("k").value(4)).await.unwrap();
        let aof = client
            .query(b().waitaof().numlocal(1).numreplicas(1).timeout(300))
            .await;
        assert_eq!(aof.unwrap(), (1, 0));
    }

    replica.resume();
    let caught_up = client.query(b().wait().numreplicas(1).timeout(5000)).await;
    assert_eq!(caught_up.unwrap(), 1);
    if waitaof_known() {
        let aof = client
            .query(b().waitaof().numlocal(1).numreplicas(1).timeout(5000))
            .await;
        assert_eq!(aof.unwrap(), (1, 1));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wait_that_could_hold_the_shared_connection_forever_or_counts_nothing_is_refused() {
    let server = RedisServer::start();
    let client = Client::connect(&server.url()).await.unwrap();
    let forever = client.query(b().wait().numreplicas(1).timeout(0)).await;
    let Err(Error::InvalidUse(why)) = forever else {
        panic!("WAIT 1 0 was sent: {forever:?}")
    };
    assert!(why.message().contains("timeout"), "{why}");
    let pipeline = client
        .pipeline()
        .add(b().set().key("k").value(1))
        .add(b().wait().numreplicas(1).timeout(0))
        .query()
        .await;
    assert!(
        matches!(pipeline, Err(Error::InvalidUse(_))),
        "{pipeline:?}"
    );
    let inside = client
        .multi()
        .add(b().set().key("k").value(1))
        .add(b().wait().numreplicas(1).timeout(100))
        .exec()
        .await;
    let Err(Error::InvalidUse(why)) = inside else {
        panic!("WAIT was queued in MULTI: {inside:?}")
    };
    assert!(why.message().contains("exec_then_wait"), "{why}");
    let not_a_wait = client
        .multi()
        .add(b().set().key("k").value(1))
        .exec_then_wait(b().get().key("k"))
        .await;
    assert!(
        matches!(not_a_wait, Err(Error::InvalidUse(_))),
        "{not_a_wait:?}"
    );
    // Nothing was sent.
    let exists = client.query(b().exists().key("k")).await.unwrap();
    assert_eq!(exists, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cluster_counts_the_replicas_of_every_primary_behind_its_own_writes() {
    let cluster = RedisCluster::builder().primaries(3).replicas(1).start();
    let client = ClusterClient::connect(&cluster.url()).await.unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        for key in ["a", "b", "c", "d"] {
            client.query(b().set().key(key).value(1)).await.unwrap();
        }
        if client
            .query(b().wait().numreplicas(1).timeout(200))
            .await
            .unwrap()
            == 1
        {
            break;
        }
        assert!(Instant::now() < deadline, "the replicas never caught up");
    }
    let primary = cluster.primary_of(typedis::cmd::key_slot(b"a"), 0);
    let primary = cluster.index_of(primary);
    let replica = cluster.replicas_of(primary)[0];
    cluster.pause(replica);
    client.query(b().set().key("a").value(2)).await.unwrap();
    let acked = client.query(b().wait().numreplicas(1).timeout(300)).await;
    assert_eq!(acked.unwrap(), 0, "the least of the primaries' counts");
    cluster.resume(replica);
    let acked = client.query(b().wait().numreplicas(1).timeout(5000)).await;
    assert_eq!(acked.unwrap(), 1);
}
