//! The quickstart: connect, SET/GET, XADD/XRANGE, and a pipeline, each reply typed by its
//! command with no annotation; then the same XRANGE read into your own type without copying.
//!
//! Run it with `cargo run -p typedis --example quickstart`. It connects to `REDIS_URL` when
//! that is set; otherwise it starts a throwaway `redis-server` on a free port (when one is
//! installed) and stops it at the end.

use std::process::{Child, Command as Process, Stdio};
use std::time::{Duration, Instant};
use typedis::{b, Client, RespRead};

/// One stream entry, borrowing its strings from the reply: no copy, no allocation per
/// field. The derive reads it positionally from the entry's two-element array.
#[derive(Debug, RespRead)]
struct Reading<'a> {
    id: &'a str,
    fields: Vec<(&'a str, &'a str)>,
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (url, _server) = match std::env::var("REDIS_URL") {
        Ok(url) => (url, None),
        Err(_) => {
            let server = LocalServer::start()?;
            (server.url(), Some(server))
        }
    };
    let client = Client::connect(&url).await?;
    println!("connected to {url} ({:?})", client.protocol());

    // SET replies OK, read as `()`; GET replies `Option<Bytes>`.
    client
        .query(b().set().key("quickstart:greeting").value("hello, typedis"))
        .await?;
    let greeting = client.query(b().get().key("quickstart:greeting")).await?;
    println!("GET quickstart:greeting -> {greeting:?}");

    // XADD a few entries; XRANGE reads `StreamEntries`, whose entries are views of the
    // reply: IDs and fields are looked up without being copied out of it.
    for (sensor, celsius) in [("kitchen", "21.5"), ("garden", "14.0"), ("attic", "26.25")] {
        client
            .query(
                b().xadd()
                    .key("quickstart:readings")
                    .auto_id()
                    .field_value("sensor", sensor)
                    .field_value("celsius", celsius),
            )
            .await?;
    }
    let range = b().xrange().key("quickstart:readings").start("-").end("+");
    let entries = client.query(range).await?;
    for entry in &entries {
        let sensor = entry.fields.get("sensor").unwrap_or_default();
        let celsius = entry.fields.get("celsius").unwrap_or_default();
        println!(
            "XRANGE entry {}: {} at {} C",
            String::from_utf8_lossy(entry.id),
            String::from_utf8_lossy(sensor),
            String::from_utf8_lossy(celsius)
        );
    }

    // Your own type, borrowing from the reply frame: `send` keeps the frame, `decode`
    // checks its shape, lengths and types.
    let frame = client
        .send(
            b().xrange()
                .key("quickstart:readings")
                .start("-")
                .end("+")
                .count(2),
        )
        .await?;
    let readings: Vec<Reading<'_>> = frame.decode()?;
    for Reading { id, fields } in &readings {
        println!("as a `Reading`: {id} -> {fields:?}");
    }

    // A pipeline: one write, one round trip, a tuple of the commands' reply types.
    let (hits, len, deleted) = client
        .pipeline()
        .add(b().incr().key("quickstart:hits"))
        .add(b().xlen().key("quickstart:readings"))
        .add(b().del().key_iter([
            "quickstart:readings",
            "quickstart:greeting",
            "quickstart:hits",
        ]))
        .query()
        .await?;
    println!("pipeline -> hits {hits}, stream length {len}, {deleted} keys deleted");
    Ok(())
}

/// A `redis-server` started for the example and stopped when dropped.
struct LocalServer {
    child: Child,
    port: u16,
}

impl LocalServer {
    fn start() -> Result<LocalServer, Box<dyn std::error::Error>> {
        let port = std::net::TcpListener::bind("127.0.0.1:0")?
            .local_addr()?
            .port();
        let child = Process::new("redis-server")
            .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
            .args(["--save", "", "--appendonly", "no"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| {
                format!("REDIS_URL is not set and redis-server could not be started: {e}")
            })?;
        let server = LocalServer { child, port };
        let deadline = Instant::now() + Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            if Instant::now() > deadline {
                return Err("redis-server did not start listening within 10 s".into());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        println!("started a local redis-server on port {port} (set REDIS_URL to use yours)");
        Ok(server)
    }

    fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }
}

impl Drop for LocalServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
