//! Observability against a real redis-server: one tracing span per command naming the
//! command and nothing else (never an argument, a value or a password), and counters a
//! user can read.

use std::fmt::Debug;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Metadata, Subscriber};
use typedis::{cmd, Client, Config};
use typedis_tests::RedisServer;

/// Records every span's name and fields, and every event's fields, as text.
#[derive(Default, Clone)]
struct Recorder {
    seen: Arc<Mutex<Vec<String>>>,
    next: Arc<AtomicU64>,
}

struct Fields<'a>(&'a mut String);
impl Visit for Fields<'_> {
    fn record_debug(&mut self, field: &Field, value: &dyn Debug) {
        self.0.push_str(&format!(" {}={:?}", field.name(), value));
    }
}

impl Subscriber for Recorder {
    fn enabled(&self, _: &Metadata<'_>) -> bool {
        true
    }
    fn new_span(&self, span: &Attributes<'_>) -> Id {
        let mut text = format!("span {}", span.metadata().name());
        span.record(&mut Fields(&mut text));
        self.seen.lock().unwrap().push(text);
        Id::from_u64(self.next.fetch_add(1, Ordering::Relaxed) + 1)
    }
    fn record(&self, _: &Id, values: &Record<'_>) {
        let mut text = "record".to_owned();
        values.record(&mut Fields(&mut text));
        self.seen.lock().unwrap().push(text);
    }
    fn record_follows_from(&self, _: &Id, _: &Id) {}
    fn event(&self, event: &Event<'_>) {
        let mut text = "event".to_owned();
        event.record(&mut Fields(&mut text));
        self.seen.lock().unwrap().push(text);
    }
    fn enter(&self, _: &Id) {}
    fn exit(&self, _: &Id) {}
}

#[tokio::test]
async fn each_command_gets_a_span_with_its_name_and_no_argument_or_password() {
    let server = RedisServer::builder()
        .args(["--requirepass", "hunter2-password"])
        .start();
    let recorder = Recorder::default();
    // Global, not per thread: the other test of this binary runs on another thread at
    // the same time, and a callsite it registers first must still see this subscriber.
    tracing::subscriber::set_global_default(recorder.clone()).unwrap();

    let url = format!("redis://:hunter2-password@127.0.0.1:{}", server.port());
    let client = Client::with_config(Config::from_url(&url).unwrap())
        .await
        .unwrap();
    client
        .query_as::<()>(cmd("SET").arg("user:1:token").arg("secret-value-42"))
        .await
        .unwrap();
    let _: String = client
        .query_as(cmd("GET").arg("user:1:token"))
        .await
        .unwrap();
    let _: Vec<i64> = client
        .pipeline()
        .add(cmd("INCR").arg("n"))
        .query_as()
        .await
        .unwrap();

    let seen = recorder.seen.lock().unwrap().clone();
    let spans: Vec<&String> = seen.iter().filter(|s| s.starts_with("span")).collect();
    assert!(
        spans.iter().any(|s| s.contains("command=\"SET\"")),
        "{seen:#?}"
    );
    assert!(
        spans.iter().any(|s| s.contains("command=\"GET\"")),
        "{seen:#?}"
    );
    assert!(
        spans.iter().any(|s| s.contains("command=\"pipeline\"")),
        "{seen:#?}"
    );
    for line in &seen {
        for secret in ["secret-value-42", "user:1:token", "hunter2-password"] {
            assert!(!line.contains(secret), "{secret} leaked into: {line}");
        }
    }
}

#[tokio::test]
async fn counters_report_commands_in_flight_and_reconnects() {
    let mut server = RedisServer::builder()
        .args(["--enable-debug-command", "yes"])
        .start();
    let port = server.port();
    let client = Client::connect(&server.url()).await.unwrap();
    let stats = client.stats();
    assert_eq!((stats.in_flight, stats.reconnects), (0, 0));

    let sleeper = {
        let c = client.clone();
        tokio::spawn(async move { c.query_as::<()>(cmd("DEBUG").arg("SLEEP").arg("0.3")).await })
    };
    let waiting = {
        let c = client.clone();
        tokio::spawn(async move { c.query_as::<String>(cmd("PING")).await })
    };
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    assert_eq!(client.stats().in_flight, 2);
    sleeper.await.unwrap().unwrap();
    waiting.await.unwrap().unwrap();
    assert_eq!(client.stats().in_flight, 0);

    server.kill();
    let _restarted = RedisServer::builder().port(port).start();
    // The first command may go out on the dead connection before its death is noticed
    // (then it fails); the next one reconnects.
    let _ = client.query_as::<String>(cmd("PING")).await;
    let pong: String = client.query_as(cmd("PING")).await.unwrap();
    assert_eq!(pong, "PONG");
    assert_eq!(client.stats().reconnects, 1);
}
