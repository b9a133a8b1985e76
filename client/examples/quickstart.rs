//! The quickstart: connect, SET/GET, XADD/XRANGE read into your own type without copying,
//! and a pipeline.
//!
//! Run it with `cargo run -p typedis --example quickstart`. It connects to `REDIS_URL` when
//! that is set; otherwise it starts a throwaway `redis-server` on a free port (when one is
//! installed) and stops it at the end.

use std::process::{Child, Command as Process, Stdio};
use std::time::{Duration, Instant};
use typedis::{b, cmd, Client, RespRead, ServerError};

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

    // SET and GET.
    client
        .query_as::<()>(cmd("SET").key("quickstart:greeting").arg("hello, typedis"))
        .await?;
    let greeting: String = client
        .query_as(cmd("GET").key("quickstart:greeting"))
        .await?;
    println!("GET quickstart:greeting -> {greeting:?}");

    // XADD a few entries, then XRANGE them into `Reading`s that borrow from the reply.
    for (sensor, celsius) in [("kitchen", "21.5"), ("garden", "14.0"), ("attic", "26.25")] {
        let add = b()
            .xadd()
            .key("quickstart:readings")
            .auto_id()
            .field_value("sensor", sensor)
            .field_value("celsius", celsius);
        let _id: String = client.query_as(add.build()).await?;
    }
    let frame = client
        .send(
            b().xrange()
                .key("quickstart:readings")
                .start("-")
                .end("+")
                .build(),
        )
        .await?;
    let readings: Vec<Reading<'_>> = frame.decode()?;
    for reading in &readings {
        println!("XRANGE entry {} -> {:?}", reading.id, reading.fields);
    }

    // A pipeline: one write, one round trip, a typed tuple back. A command that fails
    // fails alone when its element is a `Result`.
    let (hits, len, not_a_number, _deleted): (i64, i64, Result<i64, ServerError>, i64) = client
        .pipeline()
        .add(cmd("INCR").key("quickstart:hits"))
        .add(cmd("XLEN").key("quickstart:readings"))
        .add(cmd("INCR").key("quickstart:greeting"))
        .add(
            cmd("DEL")
                .key("quickstart:readings")
                .key("quickstart:greeting")
                .key("quickstart:hits"),
        )
        .query_as()
        .await?;
    println!("pipeline -> hits {hits}, stream length {len}, INCR on text: {not_a_number:?}");
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
