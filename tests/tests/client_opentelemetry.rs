//! Spans an OpenTelemetry exporter sees, set up as an application sets it up: a `tracing`
//! subscriber with the usual `info` filter and `tracing-opentelemetry` exporting to the
//! SDK's in-memory exporter. Each command, pipeline and transaction is one client span
//! named after the operation, with the database conventions' attributes; a client whose
//! spans are at `SpanLevel::Debug` exports none under that filter.

use opentelemetry::trace::{SpanKind, Status, TracerProvider as _};
use opentelemetry::Value;
use opentelemetry_sdk::trace::{InMemorySpanExporter, SdkTracerProvider, SpanData};
use tracing_subscriber::filter::LevelFilter;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::Layer;
use typedis::{b, Client, Config, SpanLevel};
use typedis_tests::{server_family, RedisServer};

fn attribute(span: &SpanData, key: &str) -> Option<Value> {
    span.attributes
        .iter()
        .find(|kv| kv.key.as_str() == key)
        .map(|kv| kv.value.clone())
}

#[tokio::test]
async fn an_exporter_behind_an_info_filter_sees_every_operation_with_its_attributes() {
    let exporter = InMemorySpanExporter::default();
    let provider = SdkTracerProvider::builder()
        .with_simple_exporter(exporter.clone())
        .build();
    let otel = tracing_opentelemetry::layer().with_tracer(provider.tracer("app"));
    let subscriber = tracing_subscriber::registry().with(otel.with_filter(LevelFilter::INFO));
    tracing::subscriber::set_global_default(subscriber).unwrap();

    let server = RedisServer::start();
    let client = Client::connect(&server.url()).await.unwrap();
    client.query(b().set().key("k").value(1)).await.unwrap();
    client.query(b().get().key("k")).await.unwrap();
    client
        .pipeline()
        .add(b().incr().key("n"))
        .add(b().incr().key("n"))
        .query()
        .await
        .unwrap();
    client
        .multi()
        .add(b().incr().key("n"))
        .exec()
        .await
        .unwrap();
    client
        .query(b().lpush().key("k").element("x"))
        .await
        .unwrap_err();
    let quiet = Config::from_url(&server.url())
        .unwrap()
        .span_level(SpanLevel::Debug);
    let quiet = Client::with_config(quiet).await.unwrap();
    quiet.query(b().get().key("quiet")).await.unwrap();
    provider.force_flush().unwrap();

    let spans = exporter.get_finished_spans().unwrap();
    let names: Vec<&str> = spans.iter().map(|s| s.name.as_ref()).collect();
    assert_eq!(
        names,
        ["SET", "GET", "PIPELINE", "MULTI", "LPUSH"],
        "{spans:#?}"
    );
    let system = if server_family() == "valkey" {
        "valkey"
    } else {
        "redis"
    };
    for span in &spans {
        assert_eq!(span.span_kind, SpanKind::Client, "{}", span.name);
        let op = span.name.to_string();
        for (key, value) in [
            ("db.system.name", Value::from(system)),
            ("db.operation.name", Value::from(op.clone())),
            ("db.namespace", Value::from("0")),
            ("server.address", Value::from("127.0.0.1")),
            ("server.port", Value::I64(i64::from(server.port()))),
        ] {
            assert_eq!(attribute(span, key), Some(value), "{key} of {op}");
        }
    }
    assert_eq!(
        attribute(&spans[2], "db.operation.batch.size"),
        Some(Value::I64(2))
    );
    assert_eq!(attribute(&spans[1], "error.type"), None);
    assert_eq!(spans[1].status, Status::Unset);
    // The failed command: its error's code, and the span's status.
    let wrongtype = Some(Value::from("WRONGTYPE"));
    assert_eq!(attribute(&spans[4], "error.type"), wrongtype);
    assert_eq!(attribute(&spans[4], "db.response.status_code"), wrongtype);
    assert!(
        matches!(spans[4].status, Status::Error { .. }),
        "{:?}",
        spans[4].status
    );
}
