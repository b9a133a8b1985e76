//! Observability against a real redis-server: one tracing span per command, pipeline and
//! transaction with the OpenTelemetry database conventions' attributes (the command's
//! name, never an argument, a value or a password; the server; the error's code), and
//! counters a user can read.

use std::fmt::Debug;
use std::sync::{Arc, Mutex};
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Metadata, Subscriber};
use typedis::{cmd, Client, Config};
use typedis_tests::{server_family, RedisServer};

/// Records every span's name and fields (those recorded later appended to the span's
/// line), and every event's fields, as text.
#[derive(Default, Clone)]
struct Recorder {
    seen: Arc<Mutex<Vec<String>>>,
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
        let mut seen = self.seen.lock().unwrap();
        seen.push(text);
        // The span's id is its line's index, plus one.
        Id::from_u64(seen.len() as u64)
    }
    fn record(&self, id: &Id, values: &Record<'_>) {
        let mut seen = self.seen.lock().unwrap();
        let line = &mut seen[id.into_u64() as usize - 1];
        values.record(&mut Fields(line));
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
async fn each_command_gets_a_span_in_the_opentelemetry_conventions_without_arguments_or_password() {
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

    let _ = client
        .query_as::<i64>(cmd("INCR").arg("user:1:token"))
        .await
        .unwrap_err();

    let seen = recorder.seen.lock().unwrap().clone();
    let span = |op: &str| {
        seen.iter()
            .find(|s| s.starts_with("span") && s.contains(&format!("db.operation.name=\"{op}\"")))
            .unwrap_or_else(|| panic!("no span of {op} in {seen:#?}"))
            .clone()
    };
    // The OpenTelemetry database conventions' attributes.
    let port = server.port();
    let system = if server_family() == "valkey" {
        "valkey"
    } else {
        "redis"
    };
    for op in ["SET", "GET", "PIPELINE", "INCR"] {
        let line = span(op);
        for field in [
            format!("otel.name=\"{op}\""),
            "otel.kind=\"client\"".to_owned(),
            format!("db.system.name=\"{system}\""),
            "db.namespace=\"0\"".to_owned(),
            "server.address=\"127.0.0.1\"".to_owned(),
            format!("server.port={port}"),
        ] {
            assert!(line.contains(&field), "{field} missing from {line}");
        }
    }
    assert!(span("PIPELINE").contains("db.operation.batch.size=1"));
    assert!(!span("GET").contains("error.type"), "{}", span("GET"));
    // A server's error reply: its code.
    let failed = span("INCR");
    for field in [
        "error.type=\"ERR\"",
        "db.response.status_code=\"ERR\"",
        "otel.status_code=\"ERROR\"",
    ] {
        assert!(failed.contains(field), "{field} missing from {failed}");
    }
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
