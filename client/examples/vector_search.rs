//! Similarity search with Redis 8's vector sets: documents' embeddings (`Vec<f32>`) added
//! with `VADD` and JSON attributes, then the nearest ones to a query found with `VSIM`,
//! filtered on those attributes, every reply typed by its command and options.
//!
//! Run it with `cargo run -p typedis --example vector_search`. It connects to `REDIS_URL`
//! when that is set; otherwise it starts a throwaway Redis 8 (`TYPEDIS_SERVER`, the one
//! `python3 .ci/fetch-server redis8` downloads, or a `redis-server` on `PATH` that is Redis
//! 8 or newer) and says what to install when it finds none.

mod common;

use typedis::{b, Client};

/// A toy embedding: 8 dimensions, one per topic word a text mentions, so the example
/// needs no model. Real embeddings come from a model, as `Vec<f32>` all the same.
fn embed(text: &str) -> Vec<f32> {
    const TOPICS: [&str; 8] = [
        "rust", "redis", "vector", "search", "cache", "stream", "cluster", "python",
    ];
    let text = text.to_ascii_lowercase();
    TOPICS
        .iter()
        .map(|t| text.matches(t).count() as f32)
        .collect()
}

const DOCUMENTS: &[(&str, &str, u32)] = &[
    ("doc:1", "Rust client for Redis with typed replies", 2026),
    (
        "doc:2",
        "Vector search in Redis: vector sets and similarity search",
        2025,
    ),
    (
        "doc:3",
        "Caching with Redis: a cache in front of your database",
        2019,
    ),
    (
        "doc:4",
        "Redis streams and consumer groups: a stream per queue",
        2021,
    ),
    ("doc:5", "Python and Redis: vector search from Python", 2024),
    (
        "doc:6",
        "Running a Redis cluster: slots, failover, cluster resharding",
        2022,
    ),
    (
        "doc:7",
        "Rust and vector search: embeddings, search, and a Redis vector set",
        2026,
    ),
];

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let server = common::Server::redis8_from_env()?;
    let client = Client::connect(server.url()).await?;
    let key = "example:docs";
    client.query(b().del().key(key)).await?;

    // VADD: the embedding goes as an FP32 blob (`&[f32]`, little-endian, no text
    // formatting); SETATTR attaches JSON the filters below read. The reply is a `bool`:
    // true when the element is new.
    for (id, text, year) in DOCUMENTS {
        let attributes = format!(r#"{{"year":{year},"title":{text:?}}}"#);
        let added = client
            .query(
                b().vadd()
                    .key(key)
                    .fp32(&embed(text)[..])
                    .element(*id)
                    .setattr(attributes),
            )
            .await?;
        assert!(added, "{id} was already there");
    }
    let info = client
        .query(b().vinfo().key(key))
        .await?
        .expect("the set exists");
    println!(
        "{} documents, {} dimensions, stored as {}",
        info.size.unwrap_or_default(),
        info.vector_dim.unwrap_or_default(),
        String::from_utf8_lossy(info.quant_type.as_deref().unwrap_or_default()),
    );

    // VSIM: the nearest documents to a query, nearest first. WITHSCORES makes the reply a
    // `Vec<ScoredMember>` (a map on RESP3, a flat array on RESP2: one type reads both);
    // FILTER keeps those whose attributes match.
    let query = embed("vector search in rust");
    let recent = client
        .query(
            b().vsim()
                .key(key)
                .fp32(&query[..])
                .withscores()
                .count(3)
                .filter(".year >= 2024"),
        )
        .await?;
    println!("nearest to \"vector search in rust\", from 2024 on:");
    for m in &recent {
        println!(
            "  {} (similarity {:.3})",
            String::from_utf8_lossy(&m.member),
            m.score
        );
    }

    // WITHSCORES and WITHATTRIBS together: a `Vec<VectorMatch>` with each document's
    // attributes, so no second round trip is needed to show them. The query can also be
    // an element of the set.
    let similar = client
        .query(
            b().vsim()
                .key(key)
                .ele("doc:2")
                .withscores()
                .withattribs()
                .count(3),
        )
        .await?;
    println!("most like doc:2:");
    for m in &similar {
        let attributes = m.attributes.as_deref().unwrap_or_default();
        println!(
            "  {} {:.3} {}",
            String::from_utf8_lossy(&m.element),
            m.score,
            String::from_utf8_lossy(attributes)
        );
    }

    client.query(b().del().key(key)).await?;
    Ok(())
}
