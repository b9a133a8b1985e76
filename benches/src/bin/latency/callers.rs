//! The contestants of the open-loop benchmark: the raw-socket floor, and each library's
//! client shared by every arrival.

use std::collections::VecDeque;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use bytes::{Bytes, BytesMut};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::tcp::OwnedWriteHalf;
use tokio::net::TcpStream;
use tokio::sync::Notify;
use typedis::FrameScanner;

use super::{Recorder, BIG_KEY, SMALL_KEY};

/// One client under test, as the arrivals and the big neighbour use it.
pub(super) trait Caller: Clone + Send + Sync + 'static {
    /// Sends a GET of the small value scheduled at `at`; its latency, from `at` to the
    /// reply, goes to `into`. Returns once the request is on its way (a library's request
    /// runs in a task of its own, as an arrival in a server would).
    fn arrive(&self, at: Instant, into: &Recorder) -> impl Future<Output = ()> + Send;
    /// GETs the big value; returns whether it came.
    fn get_big(&self) -> impl Future<Output = bool> + Send;
    /// SETs the big value; returns whether the server took it.
    fn set_big(&self, value: &'static [u8]) -> impl Future<Output = bool> + Send;
}

/// A GET of the small value as its RESP request.
const GET_SMALL: &[u8] = b"*2\r\n$3\r\nGET\r\n$5\r\nsmall\r\n";
const GET_BIG: &[u8] = b"*2\r\n$3\r\nGET\r\n$3\r\nbig\r\n";

/// What the raw socket's reader expects next, in the order the requests were written.
enum Pending {
    /// A small GET scheduled at this time.
    Small(Instant),
    /// A request of the big neighbour.
    Big,
}

/// The floor: one socket, whose requests are written by the caller that makes them (under
/// a lock, so a big write holds the small ones back as it would in any client) and whose
/// replies one reader task matches to the requests in order. No task per request.
#[derive(Clone)]
pub(super) struct Raw {
    writer: Arc<tokio::sync::Mutex<OwnedWriteHalf>>,
    pending: Arc<Mutex<VecDeque<Pending>>>,
    recorder: Arc<Mutex<Option<Recorder>>>,
    big_done: Arc<Notify>,
}

impl Raw {
    pub(super) async fn connect(port: u16) -> std::io::Result<Raw> {
        let (mut read, write) = TcpStream::connect(("127.0.0.1", port)).await?.into_split();
        let raw = Raw {
            writer: Arc::new(tokio::sync::Mutex::new(write)),
            pending: Arc::default(),
            recorder: Arc::default(),
            big_done: Arc::default(),
        };
        let reader = raw.clone();
        tokio::spawn(async move {
            let mut buf = BytesMut::with_capacity(1 << 16);
            let mut scanner = FrameScanner::new();
            loop {
                while let Some(n) = scanner.scan(&buf).expect("the server speaks RESP") {
                    let _ = buf.split_to(n);
                    let next = reader.pending.lock().unwrap().pop_front();
                    match next.expect("a reply to no request") {
                        Pending::Small(at) => {
                            let recorder = reader.recorder.lock().unwrap();
                            if let Some(r) = &*recorder {
                                r.record(at);
                            }
                        }
                        Pending::Big => reader.big_done.notify_one(),
                    }
                }
                buf.reserve(1 << 16);
                match read.read_buf(&mut buf).await {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {}
                }
            }
        });
        Ok(raw)
    }

    async fn write(&self, pending: Pending, request: &[u8]) {
        let mut writer = self.writer.lock().await;
        self.pending.lock().unwrap().push_back(pending);
        writer.write_all(request).await.unwrap();
    }

    /// Writes `request` and waits for its reply (the big neighbour's, or the setup's).
    pub(super) async fn round_trip(&self, request: &[u8]) {
        self.write(Pending::Big, request).await;
        self.big_done.notified().await;
    }
}

impl Caller for Raw {
    async fn arrive(&self, at: Instant, into: &Recorder) {
        {
            // The reader records into the run's recorder (a run starts with no request
            // pending, so none of an earlier run's lands in it).
            let mut recorder = self.recorder.lock().unwrap();
            if !recorder.as_ref().is_some_and(|r| r.same(into)) {
                *recorder = Some(into.clone());
            }
        }
        self.write(Pending::Small(at), GET_SMALL).await;
    }
    async fn get_big(&self) -> bool {
        self.round_trip(GET_BIG).await;
        true
    }
    async fn set_big(&self, value: &'static [u8]) -> bool {
        let mut request =
            format!("*3\r\n$3\r\nSET\r\n$3\r\nbig\r\n${}\r\n", value.len()).into_bytes();
        request.extend_from_slice(value);
        request.extend_from_slice(b"\r\n");
        self.round_trip(&request).await;
        true
    }
}

#[derive(Clone)]
pub(super) struct Typedis(pub(super) typedis::Client);

impl Caller for Typedis {
    async fn arrive(&self, at: Instant, into: &Recorder) {
        let (client, into) = (self.0.clone(), into.clone());
        tokio::spawn(async move {
            let get = typedis::b().get().key(SMALL_KEY).build();
            let v = client.query_as::<Option<Bytes>>(get).await;
            into.settle(at, matches!(v, Ok(Some(_))));
        });
    }
    async fn get_big(&self) -> bool {
        let get = typedis::b().get().key(BIG_KEY).build();
        let v = self.0.query_as::<Option<Bytes>>(get).await;
        v.is_ok_and(|v| v.is_some_and(|v| !v.is_empty()))
    }
    async fn set_big(&self, value: &'static [u8]) -> bool {
        let set = typedis::b().set().key(BIG_KEY).value(value);
        self.0.query(set).await.is_ok()
    }
}

#[derive(Clone)]
pub(super) struct RedisRs(pub(super) redis::aio::MultiplexedConnection);

impl Caller for RedisRs {
    async fn arrive(&self, at: Instant, into: &Recorder) {
        let (mut c, into) = (self.0.clone(), into.clone());
        tokio::spawn(async move {
            let v: Result<Vec<u8>, _> = redis::cmd("GET").arg(SMALL_KEY).query_async(&mut c).await;
            into.settle(at, v.is_ok_and(|v| !v.is_empty()));
        });
    }
    async fn get_big(&self) -> bool {
        let mut c = self.0.clone();
        let v: Result<Vec<u8>, _> = redis::cmd("GET").arg(BIG_KEY).query_async(&mut c).await;
        v.is_ok_and(|v| !v.is_empty())
    }
    async fn set_big(&self, value: &'static [u8]) -> bool {
        let mut c = self.0.clone();
        let set = redis::cmd("SET").arg(BIG_KEY).arg(value).to_owned();
        set.query_async::<()>(&mut c).await.is_ok()
    }
}

#[derive(Clone)]
pub(super) struct Fred(pub(super) fred::clients::Client);

impl Caller for Fred {
    async fn arrive(&self, at: Instant, into: &Recorder) {
        use fred::interfaces::KeysInterface;
        let (c, into) = (self.0.clone(), into.clone());
        tokio::spawn(async move {
            let v: Result<Bytes, _> = c.get(SMALL_KEY).await;
            into.settle(at, v.is_ok_and(|v| !v.is_empty()));
        });
    }
    async fn get_big(&self) -> bool {
        use fred::interfaces::KeysInterface;
        let v: Result<Bytes, _> = self.0.get(BIG_KEY).await;
        v.is_ok_and(|v| !v.is_empty())
    }
    async fn set_big(&self, value: &'static [u8]) -> bool {
        use fred::interfaces::KeysInterface;
        let value = Bytes::from_static(value);
        let set = self.0.set::<(), _, _>(BIG_KEY, value, None, None, false);
        set.await.is_ok()
    }
}

#[derive(Clone)]
pub(super) struct Rustis(pub(super) rustis::client::Client);

impl Caller for Rustis {
    async fn arrive(&self, at: Instant, into: &Recorder) {
        use rustis::commands::StringCommands;
        let (c, into) = (self.0.clone(), into.clone());
        tokio::spawn(async move {
            let v: Result<String, _> = c.get(SMALL_KEY).await;
            into.settle(at, v.is_ok_and(|v| !v.is_empty()));
        });
    }
    async fn get_big(&self) -> bool {
        use rustis::commands::StringCommands;
        let v: Result<String, _> = self.0.get(BIG_KEY).await;
        v.is_ok_and(|v| !v.is_empty())
    }
    async fn set_big(&self, value: &'static [u8]) -> bool {
        use rustis::commands::StringCommands;
        // The big value is ASCII: rustis takes serde values, and a `str` is written as is.
        let value = std::str::from_utf8(value).expect("the big value is ASCII");
        self.0.set(BIG_KEY, value).await.is_ok()
    }
}
