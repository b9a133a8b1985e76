//! A value that cannot be written as an argument is never replaced by another: a NaN
//! float, or a `ToArg` that fails, makes the command fail with `Error::InvalidArgument`
//! before anything is sent, alone, in a pipeline, in a transaction, in a script and on a
//! cluster, and the connection serves the next command.

use typedis::cmd::{ArgWriter, ToArg};
use typedis::{b, Client, ClusterClient, Error, Redis, Script};
use typedis_tests::{RedisCluster, RedisServer};

/// A value whose `ToArg` refuses it, as a user's type would.
struct Percent(u8);

impl ToArg for Percent {
    fn write_arg(&self, out: ArgWriter<'_>) {
        if self.0 > 100 {
            return out.fail(format!("{}% is more than 100%", self.0));
        }
        self.0.write_arg(out);
    }
}

fn invalid(result: Result<impl std::fmt::Debug, Error>) -> typedis::InvalidArgument {
    match result {
        Err(Error::InvalidArgument(e)) => e,
        other => panic!("not an invalid argument: {other:?}"),
    }
}

async fn exists(client: &impl Redis, keys: &[&str]) -> i64 {
    client.query(b().exists().key_iter(keys)).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_nan_or_a_refused_value_is_never_sent_alone_in_a_pipeline_or_a_transaction() {
    let server = RedisServer::start();
    let client = Client::connect(&server.url()).await.unwrap();

    let e = invalid(client.query(b().set().key("ratio").value(f64::NAN)).await);
    assert_eq!((e.command(), e.index()), ("SET", 2));
    assert!(e.to_string().contains("NaN"), "{e}");
    let e = invalid(
        client
            .query(b().zadd().key("z").score_member(f64::NAN, "m"))
            .await,
    );
    assert_eq!(e.command(), "ZADD");
    let e = invalid(
        client
            .send(typedis::cmd("SET").key("p").arg(Percent(140)))
            .await,
    );
    assert_eq!(e.to_string(), "argument 2 of SET: 140% is more than 100%");

    // A pipeline or a transaction holding one is sent not at all.
    let pipeline = client
        .pipeline()
        .add(b().set().key("a").value(1))
        .add(b().incrbyfloat().key("b").increment(f64::NAN))
        .query()
        .await;
    assert_eq!(invalid(pipeline).command(), "INCRBYFLOAT");
    let multi = client
        .multi()
        .add(b().set().key("c").value(1))
        .add(typedis::cmd("SET").key("d").arg(Percent(101)))
        .exec()
        .await;
    invalid(multi);
    let mut tx = client.transaction().await.unwrap();
    tx.watch(&["e"]).await.unwrap();
    let watched = tx
        .add(b().set().key("e").value(1))
        .add(b().set().key("f").value(f32::NAN))
        .exec()
        .await;
    invalid(watched);

    // A script's key or argument, counted where it is in EVALSHA.
    let script = Script::new("return redis.call('SET', KEYS[1], ARGV[1])");
    let e = invalid(script.key("g").arg(f64::NAN).invoke_as::<()>(&client).await);
    assert_eq!((e.command(), e.index()), ("EVALSHA", 4));

    assert_eq!(
        exists(
            &client,
            &["ratio", "z", "p", "a", "b", "c", "d", "e", "f", "g"]
        )
        .await,
        0
    );
    // Infinities are numbers Redis takes, and the connection serves the next command.
    client
        .query(b().set().key("inf").value(f64::INFINITY))
        .await
        .unwrap();
    let score = client
        .query(b().zadd().key("z").score_member(f64::NEG_INFINITY, "m"))
        .await;
    assert_eq!(score.unwrap(), 1);
    let text: String = client.query_as(b().get().key("inf")).await.unwrap();
    assert_eq!(text, "+inf");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cluster_refuses_a_nan_before_routing_it() {
    let cluster = RedisCluster::start();
    let client = ClusterClient::connect(&cluster.url()).await.unwrap();
    let e = invalid(client.query(b().set().key("{k}a").value(f64::NAN)).await);
    assert_eq!(e.command(), "SET");
    let pipeline = client
        .pipeline()
        .add(b().set().key("{k}b").value(1))
        .add(b().set().key("{k}c").value(f64::NAN))
        .query()
        .await;
    invalid(pipeline);
    assert_eq!(exists(&client, &["{k}a", "{k}b", "{k}c"]).await, 0);
}
