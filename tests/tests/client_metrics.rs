//! Metrics (the `metrics` feature) captured by a recorder of the test's own, on a real
//! server: the operation-duration histogram with the OpenTelemetry conventions' names and
//! labels (the command's name, never an argument; `error.type` on failure), and the
//! connection, reconnect and cache counters.

use metrics::{Counter, CounterFn, Gauge, Histogram, HistogramFn, Key, KeyName, Metadata};
use metrics::{Recorder, SharedString, Unit};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use typedis::cache::CacheConfig;
use typedis::{b, cmd, Client, Config};
use typedis_tests::RedisServer;

/// Every metric recorded, by name and sorted labels: counters' totals, histograms'
/// values.
#[derive(Default, Clone)]
struct Captured(Arc<Mutex<BTreeMap<String, Vec<f64>>>>);

impl Captured {
    fn values(&self, key: &str) -> Vec<f64> {
        self.0.lock().unwrap().get(key).cloned().unwrap_or_default()
    }

    fn counter(&self, key: &str) -> f64 {
        self.values(key).iter().sum()
    }

    fn keys(&self) -> Vec<String> {
        self.0.lock().unwrap().keys().cloned().collect()
    }
}

struct Handle {
    key: String,
    captured: Captured,
}

impl Handle {
    fn push(&self, value: f64) {
        let mut all = self.captured.0.lock().unwrap();
        all.entry(self.key.clone()).or_default().push(value);
    }
}

impl CounterFn for Handle {
    fn increment(&self, value: u64) {
        self.push(value as f64);
    }
    fn absolute(&self, value: u64) {
        self.push(value as f64);
    }
}

impl HistogramFn for Handle {
    fn record(&self, value: f64) {
        self.push(value);
    }
}

/// `name{label=value,...}`, labels sorted.
fn render(key: &Key) -> String {
    let mut labels: Vec<String> = key
        .labels()
        .map(|l| format!("{}={}", l.key(), l.value()))
        .collect();
    labels.sort();
    format!("{}{{{}}}", key.name(), labels.join(","))
}

impl Recorder for Captured {
    fn describe_counter(&self, _: KeyName, _: Option<Unit>, _: SharedString) {}
    fn describe_gauge(&self, _: KeyName, _: Option<Unit>, _: SharedString) {}
    fn describe_histogram(&self, _: KeyName, _: Option<Unit>, _: SharedString) {}
    fn register_counter(&self, key: &Key, _: &Metadata<'_>) -> Counter {
        Counter::from_arc(Arc::new(Handle {
            key: render(key),
            captured: self.clone(),
        }))
    }
    fn register_gauge(&self, _: &Key, _: &Metadata<'_>) -> Gauge {
        Gauge::noop()
    }
    fn register_histogram(&self, key: &Key, _: &Metadata<'_>) -> Histogram {
        Histogram::from_arc(Arc::new(Handle {
            key: render(key),
            captured: self.clone(),
        }))
    }
}

/// The labels' `db.system.name`: the server's own (`valkey` for Valkey).
fn system() -> &'static str {
    if typedis_tests::server_family() == "valkey" {
        "valkey"
    } else {
        "redis"
    }
}

const DURATION: &str = "db.client.operation.duration";

/// `name{labels}` as the recorder renders it, `{system}` in `labels` (none: the system
/// alone) standing for the server's.
fn key(name: &str, labels: &str) -> String {
    let system = system();
    match labels {
        "" => format!("{name}{{db.system.name={system}}}"),
        _ => format!("{name}{{{}}}", labels.replace("{system}", system)),
    }
}

// One test in this binary: the recorder is the process's.
#[tokio::test]
async fn operations_connections_and_cache_lookups_are_measured_in_the_conventions_names() {
    let captured = Captured::default();
    metrics::set_global_recorder(captured.clone()).unwrap();
    let mut server = RedisServer::start();
    let port = server.port();

    let client = Client::connect(&server.url()).await.unwrap();
    assert_eq!(
        captured.counter(&key("typedis.connections.opened", "")),
        1.0
    );
    client
        .query(b().set().key("secret-key").value("secret-value"))
        .await
        .unwrap();
    for _ in 0..3 {
        client.query(b().get().key("secret-key")).await.unwrap();
    }
    client
        .query_as::<i64>(cmd("INCR").arg("secret-key"))
        .await
        .unwrap_err();
    let (_,) = client
        .pipeline()
        .add(b().get().key("secret-key"))
        .query()
        .await
        .unwrap();

    let gets = captured.values(&key(
        DURATION,
        "db.operation.name=GET,db.system.name={system}",
    ));
    assert_eq!(gets.len(), 3, "{:#?}", captured.keys());
    // Seconds: a GET on this machine takes well under one.
    assert!(gets.iter().all(|&s| s > 0.0 && s < 1.0), "{gets:?}");
    assert_eq!(
        captured
            .values(&key(
                DURATION,
                "db.operation.name=INCR,db.system.name={system},error.type=ERR"
            ))
            .len(),
        1,
        "{:#?}",
        captured.keys()
    );
    assert_eq!(
        captured
            .values(&key(
                DURATION,
                "db.operation.name=PIPELINE,db.system.name={system}"
            ))
            .len(),
        1,
        "{:#?}",
        captured.keys()
    );
    for key in captured.keys() {
        assert!(!key.contains("secret"), "an argument leaked into {key}");
    }

    // A reconnection.
    server.kill();
    let _restarted = RedisServer::builder().port(port).start();
    let mut reconnected = false;
    for _ in 0..50 {
        if client.query(b().ping()).await.is_ok() {
            reconnected = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(reconnected);
    assert_eq!(captured.counter(&key("typedis.reconnects", "")), 1.0);
    assert_eq!(
        captured.counter(&key("typedis.connections.opened", "")),
        2.0
    );

    // The client-side cache: one miss, then hits.
    let config = Config::from_url(&format!("redis://127.0.0.1:{port}"))
        .unwrap()
        .cache(CacheConfig::new());
    let cached = Client::with_config(config).await.unwrap();
    for _ in 0..3 {
        cached.query(b().get().key("user:1")).await.unwrap();
    }
    assert_eq!(captured.counter(&key("typedis.cache.misses", "")), 1.0);
    assert_eq!(captured.counter(&key("typedis.cache.hits", "")), 2.0);
}
