//! The clients under test behind one [`Peer`] trait: typedis, redis-rs, fred, rustis and
//! the raw-socket floor.

use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use bytes::{Bytes, BytesMut};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::Mutex;
use typedis::FrameScanner;
use typedis_benches::derived::MapEntry;

/// One client library under test.
pub(super) trait Peer: Clone + Send + Sync + 'static {
    const NAME: &'static str;
    /// GET a 16-byte value; returns its length (the raw floor: 1).
    fn get(&self, key: &'static str) -> impl Future<Output = usize> + Send;
    /// One pipeline of GETs of `keys`; returns the number of replies.
    fn pipeline(&self, keys: &'static [String]) -> impl Future<Output = usize> + Send;
    /// XRANGE of the 1000-entry stream into the library's typed entries; returns the count.
    fn xrange(&self) -> impl Future<Output = usize> + Send;
    /// XRANGE into the type the library's typed command returns with no annotation, when
    /// that is not what [`xrange`](Self::xrange) reads; returns the count.
    fn xrange_default(&self) -> impl Future<Output = Option<usize>> + Send {
        async { None }
    }
}

/// typedis: one client, or several (`E2E_CONNECTIONS`) that the GETs of the tasks
/// workload take in turn, one request each, to measure spreading requests over
/// connections. The other workloads use the first.
#[derive(Clone)]
pub(super) struct Typedis {
    clients: Arc<[typedis::Client]>,
    next: Arc<AtomicUsize>,
}

impl Typedis {
    /// Over `clients`, which must not be empty.
    pub(super) fn new(clients: Vec<typedis::Client>) -> Self {
        assert!(!clients.is_empty(), "typedis needs a client");
        Self {
            clients: clients.into(),
            next: Arc::default(),
        }
    }
}

impl Peer for Typedis {
    const NAME: &'static str = "typedis";
    async fn get(&self, key: &'static str) -> usize {
        let turn = self.next.fetch_add(1, Ordering::Relaxed) % self.clients.len();
        let v: Option<Bytes> = self.clients[turn]
            .query_as(typedis::b().get().key(key).build())
            .await
            .unwrap();
        v.map_or(0, |v| v.len())
    }
    async fn pipeline(&self, keys: &'static [String]) -> usize {
        let mut p = self.clients[0].pipeline();
        for k in keys {
            p.push(typedis::b().get().key(k.as_str()).build());
        }
        let frames = p.send().await.unwrap();
        frames
            .iter()
            .map(|f| f.decode::<&[u8]>().unwrap().len().min(1))
            .sum()
    }
    async fn xrange(&self) -> usize {
        let frame = self.clients[0]
            .send(
                typedis::b()
                    .xrange()
                    .key("stream")
                    .start("-")
                    .end("+")
                    .build(),
            )
            .await
            .unwrap();
        frame.decode::<Vec<MapEntry<'_>>>().unwrap().len()
    }
    async fn xrange_default(&self) -> Option<usize> {
        let range = typedis::b().xrange().key("stream").start("-").end("+");
        let entries: typedis::reply::StreamEntries = self.clients[0].query(range).await.unwrap();
        Some(entries.len())
    }
}

#[derive(Clone)]
pub(super) struct RedisRs(pub(super) redis::aio::MultiplexedConnection);

impl Peer for RedisRs {
    const NAME: &'static str = "redis-rs";
    async fn get(&self, key: &'static str) -> usize {
        let mut c = self.0.clone();
        let v: Vec<u8> = redis::cmd("GET")
            .arg(key)
            .query_async(&mut c)
            .await
            .unwrap();
        v.len()
    }
    async fn pipeline(&self, keys: &'static [String]) -> usize {
        let mut c = self.0.clone();
        let mut p = redis::pipe();
        for k in keys {
            p.cmd("GET").arg(k);
        }
        let v: Vec<Vec<u8>> = p.query_async(&mut c).await.unwrap();
        v.len()
    }
    async fn xrange(&self) -> usize {
        let mut c = self.0.clone();
        let v: redis::streams::StreamRangeReply = redis::cmd("XRANGE")
            .arg("stream")
            .arg("-")
            .arg("+")
            .query_async(&mut c)
            .await
            .unwrap();
        v.ids.len()
    }
}

#[derive(Clone)]
pub(super) struct Fred(pub(super) fred::clients::Client);

impl Peer for Fred {
    const NAME: &'static str = "fred";
    async fn get(&self, key: &'static str) -> usize {
        use fred::interfaces::KeysInterface;
        let v: Bytes = self.0.get(key).await.unwrap();
        v.len()
    }
    async fn pipeline(&self, keys: &'static [String]) -> usize {
        use fred::interfaces::KeysInterface;
        let p = self.0.pipeline();
        for k in keys {
            let () = p.get(k.as_str()).await.unwrap();
        }
        let v: Vec<Bytes> = p.all().await.unwrap();
        v.len()
    }
    async fn xrange(&self) -> usize {
        use fred::interfaces::StreamsInterface;
        let v: Vec<(String, std::collections::HashMap<String, String>)> =
            self.0.xrange("stream", "-", "+", None).await.unwrap();
        v.len()
    }
}

#[derive(Clone)]
pub(super) struct Rustis(pub(super) rustis::client::Client);

impl Peer for Rustis {
    const NAME: &'static str = "rustis";
    async fn get(&self, key: &'static str) -> usize {
        use rustis::commands::StringCommands;
        let v: String = self.0.get(key).await.unwrap();
        v.len()
    }
    async fn pipeline(&self, keys: &'static [String]) -> usize {
        let mut p = self.0.create_pipeline();
        for k in keys {
            p.queue_command(rustis::resp::cmd("GET").arg(k.as_str()));
        }
        let v: Vec<String> = p.execute().await.unwrap();
        v.len()
    }
    async fn xrange(&self) -> usize {
        use rustis::commands::{StreamCommands, StreamEntry};
        let v: Vec<StreamEntry<String>> = self.0.xrange("stream", "-", "+", None).await.unwrap();
        v.len()
    }
}

/// The floor: one socket; write the commands, read until the scanner has found every
/// reply, nothing else.
#[derive(Clone)]
#[allow(clippy::type_complexity)] // reason: a private tuple of the floor's whole state
pub(super) struct Raw(
    pub(super) Arc<Mutex<(TcpStream, BytesMut, FrameScanner)>>,
    pub(super) Arc<std::sync::Mutex<std::collections::HashMap<usize, Vec<u8>>>>,
);

impl Raw {
    pub(super) async fn round_trip(&self, request: &[u8], replies: usize) -> usize {
        let mut guard = self.0.lock().await;
        let (sock, buf, scanner) = &mut *guard;
        sock.write_all(request).await.unwrap();
        let mut seen = 0;
        while seen < replies {
            match scanner.scan(buf).unwrap() {
                Some(n) => {
                    let _ = buf.split_to(n);
                    seen += 1;
                }
                None => {
                    if sock.read_buf(buf).await.unwrap() == 0 {
                        panic!("server closed the connection");
                    }
                }
            }
        }
        seen
    }
}

pub(super) fn encode(args: &[&str]) -> Vec<u8> {
    let mut out = format!("*{}\r\n", args.len()).into_bytes();
    for a in args {
        out.extend_from_slice(format!("${}\r\n{a}\r\n", a.len()).as_bytes());
    }
    out
}

impl Peer for Raw {
    const NAME: &'static str = "raw socket";
    async fn get(&self, key: &'static str) -> usize {
        const GET: &[u8] = b"*2\r\n$3\r\nGET\r\n$5\r\nkey:0\r\n";
        debug_assert_eq!(key, "key:0");
        self.round_trip(GET, 1).await
    }
    async fn pipeline(&self, keys: &'static [String]) -> usize {
        // Requests are encoded once: the floor does nothing but I/O and framing.
        let request = {
            let mut cache = self.1.lock().unwrap();
            let r = cache
                .entry(keys.len())
                .or_insert_with(|| keys.iter().flat_map(|k| encode(&["GET", k])).collect());
            r.clone()
        };
        self.round_trip(&request, keys.len()).await
    }
    async fn xrange(&self) -> usize {
        self.round_trip(&encode(&["XRANGE", "stream", "-", "+"]), 1)
            .await
    }
}
