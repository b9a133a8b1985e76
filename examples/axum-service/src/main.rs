//! Runs the service on 127.0.0.1:3000 against `REDIS_URL` (default
//! `redis://127.0.0.1:6379`).
//!
//! `cargo run -p typedis-example-axum`, then:
//!
//! ```text
//! curl -s -XPOST localhost:3000/sessions -H 'content-type: application/json' -d '{"user":"ann"}'
//! curl -s localhost:3000/me -H 'authorization: Bearer <session>'
//! curl -si localhost:3000/quotes/ACME
//! ```

use typedis::Client;
use typedis_example_axum::{app, Limits};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let url = std::env::var("REDIS_URL").unwrap_or_else(|_| "redis://127.0.0.1:6379".into());
    // One client for the whole service: every request's commands share its connection.
    let redis = Client::connect(&url).await?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:3000").await?;
    println!("listening on http://127.0.0.1:3000, Redis at {url}");
    axum::serve(listener, app(redis, Limits::default())).await?;
    Ok(())
}
