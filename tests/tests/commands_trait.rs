//! One function written against `Commands` runs unchanged on a single node, a cluster, a
//! Sentinel-watched primary, and a test double: queries, borrowed replies, pipelines,
//! scripts and SCAN streams; and the same through `Arc<dyn DynRedis>`, the client chosen
//! at run time.

use futures_util::TryStreamExt;
use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::Mutex;
use typedis::reply::Bytes;
use typedis::resp::Frame;
use typedis::{
    b, Client, ClusterClient, Command, Commands, DynRedis, Error, Script, SentinelClient,
};
use typedis_tests::{RedisCluster, RedisServer, SentinelSetup};

/// Everything a caller does without knowing which client it has.
async fn exercise<C: Commands + Clone + 'static>(redis: &C) -> Result<(), Error> {
    let () = redis.query(b().set().key("{t}:name").value("ada")).await?;
    let name = redis.query(b().get().key("{t}:name")).await?;
    assert_eq!(name.as_deref(), Some(&b"ada"[..]));
    let owned: Option<String> = redis.query_as(b().get().key("{t}:name")).await?;
    assert_eq!(owned.as_deref(), Some("ada"));
    let frame = redis.send(b().get().key("{t}:name")).await?;
    let borrowed: &str = frame.decode()?;
    assert_eq!(borrowed, "ada");

    let (hits, ()) = redis
        .pipeline()
        .add(b().incr().key("{t}:hits"))
        .add(b().set().key("{t}:other").value("x"))
        .query()
        .await?;
    assert_eq!(hits, 1);
    let mut gets = redis.pipeline();
    for key in ["{t}:name", "{t}:other", "{t}:missing"] {
        gets.push(b().get().key(key));
    }
    let values = gets.query().await?;
    assert_eq!(values[1].as_deref(), Some(&b"x"[..]));
    assert!(values[2].is_none());

    let add = Script::new("return redis.call('INCRBY', KEYS[1], ARGV[1])");
    let n: i64 = add.key("{t}:hits").arg(41).invoke_as(redis).await?;
    assert_eq!(n, 42);

    let keys: BTreeSet<Bytes> = redis
        .scan(b().scan().cursor(0).r#match("{t}:*"))
        .try_collect()
        .await?;
    let expected: BTreeSet<Bytes> = ["{t}:name", "{t}:hits", "{t}:other"]
        .into_iter()
        .map(|k| Bytes::from_static(k.as_bytes()))
        .collect();
    assert_eq!(keys, expected);
    Ok(())
}

#[tokio::test]
async fn the_same_code_runs_on_a_single_node() {
    let server = RedisServer::start();
    let client = Client::connect(&server.url()).await.unwrap();
    exercise(&client).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_code_runs_on_a_cluster() {
    let cluster = RedisCluster::builder().replicas(0).start();
    let client = ClusterClient::connect(&cluster.url()).await.unwrap();
    exercise(&client).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_code_runs_on_a_primary_found_through_sentinel() {
    let setup = SentinelSetup::builder().replicas(1).sentinels(1).start();
    let client = SentinelClient::connect(&setup.url()).await.unwrap();
    exercise(&client).await.unwrap();
}

/// A test double: a tiny in-memory store that understands what `exercise` sends.
#[derive(Clone, Default)]
struct Double(Arc<Mutex<Store>>);

/// Keys and values, in the order the keys were first set.
type Store = Vec<(Vec<u8>, Vec<u8>)>;

impl Double {
    fn answer(&self, command: &Command) -> Vec<u8> {
        let args: Vec<&[u8]> = command.args().collect();
        let mut store = self.0.lock().unwrap();
        let bulk = |v: &[u8]| {
            let mut out = format!("${}\r\n", v.len()).into_bytes();
            out.extend_from_slice(v);
            out.extend_from_slice(b"\r\n");
            out
        };
        let find =
            |store: &Vec<(Vec<u8>, Vec<u8>)>, k: &[u8]| store.iter().position(|(key, _)| key == k);
        match command.name() {
            "SET" => {
                let (k, v) = (args[1].to_vec(), args[2].to_vec());
                match find(&store, &k) {
                    Some(i) => store[i].1 = v,
                    None => store.push((k, v)),
                }
                b"+OK\r\n".to_vec()
            }
            "GET" => match find(&store, args[1]) {
                Some(i) => bulk(&store[i].1.clone()),
                None => b"$-1\r\n".to_vec(),
            },
            "INCR" | "EVALSHA" => {
                let (key, by) = match command.name() {
                    "INCR" => (args[1], 1),
                    _ => (
                        args[3],
                        std::str::from_utf8(args[4]).unwrap().parse().unwrap(),
                    ),
                };
                let i = find(&store, key).unwrap_or_else(|| {
                    store.push((key.to_vec(), b"0".to_vec()));
                    store.len() - 1
                });
                let n: i64 = std::str::from_utf8(&store[i].1)
                    .unwrap()
                    .parse::<i64>()
                    .unwrap()
                    + by;
                store[i].1 = n.to_string().into_bytes();
                format!(":{n}\r\n").into_bytes()
            }
            "SCAN" => {
                let mut out = b"*2\r\n$1\r\n0\r\n".to_vec();
                out.extend_from_slice(format!("*{}\r\n", store.len()).as_bytes());
                for (k, _) in store.iter() {
                    out.extend_from_slice(&bulk(k));
                }
                out
            }
            other => format!("-ERR the double does not know {other}\r\n").into_bytes(),
        }
    }
}

impl Commands for Double {
    async fn send_command(&self, command: Command) -> Result<Frame, Error> {
        Ok(Frame::from_slice(&self.answer(&command))?)
    }

    async fn send_pipeline(&self, commands: Vec<Command>) -> Result<Vec<Frame>, Error> {
        commands
            .iter()
            .map(|c| Ok(Frame::from_slice(&self.answer(c))?))
            .collect()
    }
}

#[tokio::test]
async fn the_same_code_runs_on_a_test_double() {
    let double = Double::default();
    exercise(&double).await.unwrap();
    let keys: Vec<Vec<u8>> = double
        .0
        .lock()
        .unwrap()
        .iter()
        .map(|(k, _)| k.clone())
        .collect();
    assert_eq!(keys.len(), 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_code_runs_on_any_client_held_as_a_trait_object() {
    let server = RedisServer::start();
    let cluster = RedisCluster::builder().replicas(0).start();
    let clients: Vec<(&str, Arc<dyn DynRedis>)> = vec![
        (
            "single",
            Arc::new(Client::connect(&server.url()).await.unwrap()),
        ),
        (
            "cluster",
            Arc::new(ClusterClient::connect(&cluster.url()).await.unwrap()),
        ),
        ("double", Arc::new(Double::default())),
    ];
    for (what, client) in clients {
        exercise(&client)
            .await
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        // A plain reference to the trait object is a client too.
        let by_ref: &dyn DynRedis = &*client;
        let name: Option<String> = by_ref.query_as(b().get().key("{t}:name")).await.unwrap();
        assert_eq!(name.as_deref(), Some("ada"), "{what}");
    }
}
