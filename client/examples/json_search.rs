//! A product catalogue in RedisJSON, searched with RediSearch: your own serde structs
//! stored as JSON documents (`Json<T>`), an index `ON JSON` with text, numeric, tag and
//! vector fields, then a filtered search and a KNN query read straight into a derived
//! struct, every reply typed by its command and options.
//!
//! Run it with `cargo run -p typedis --example json_search --features json,search,serde`.
//! It connects to `REDIS_URL` when that is set (a Redis 8 with the modules, or Redis
//! Stack); otherwise it starts a throwaway Redis 8.2.3 with the modules, which
//! `python3 .ci/fetch-server redis8` and `python3 .ci/fetch-server modules` download.

mod common;

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use typedis::search::{Distance, Field, Return, Vector, VectorType};
use typedis::{b, Client, Json, RespRead};

/// A product as the application keeps it, stored as one JSON document.
#[derive(Debug, Serialize, Deserialize)]
struct Product {
    name: String,
    description: String,
    price: f64,
    tags: Vec<String>,
    /// A toy 4-dimensional embedding; real ones come from a model.
    embedding: [f32; 4],
}

/// One search hit as the index returns it: the KNN distance (when asked for) and the
/// whole document (RediSearch sends it as JSON text under `$`).
#[derive(Debug, RespRead)]
#[resp(map)]
struct Hit {
    #[resp(default)]
    dist: Option<f64>,
    #[resp(rename = "$")]
    product: Json<Product>,
}

fn catalogue() -> Vec<(&'static str, Product)> {
    let product = |name: &str, description: &str, price, tags: &[&str], embedding| Product {
        name: name.to_owned(),
        description: description.to_owned(),
        price,
        tags: tags.iter().map(|t| (*t).to_owned()).collect(),
        embedding,
    };
    vec![
        (
            "product:1",
            product(
                "Cast iron pan",
                "A heavy pan that keeps its heat",
                39.0,
                &["kitchen", "cookware"],
                [0.9, 0.1, 0.0, 0.0],
            ),
        ),
        (
            "product:2",
            product(
                "Chef's knife",
                "A sharp knife for the kitchen",
                59.0,
                &["kitchen"],
                [0.8, 0.3, 0.0, 0.1],
            ),
        ),
        (
            "product:3",
            product(
                "Trail shoes",
                "Light shoes for long runs",
                120.0,
                &["outdoor", "running"],
                [0.0, 0.1, 0.9, 0.3],
            ),
        ),
        (
            "product:4",
            product(
                "Rain jacket",
                "A light jacket that packs small",
                89.0,
                &["outdoor"],
                [0.1, 0.0, 0.7, 0.7],
            ),
        ),
    ]
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let server = common::Server::with_modules_from_env()?;
    let client = Client::connect(server.url()).await?;

    // JSON.SET with the struct itself: `Json` serializes it with serde_json.
    for (key, product) in catalogue() {
        client
            .query(b().json_set().key(key).path("$").value(Json(&product)))
            .await?;
    }
    // JSON.GET with a JSONPath answers an array of the matches: read it as such.
    let Json(names): Json<Vec<String>> = client
        .query_as(b().json_get().key("product:1").path("$.name"))
        .await?;
    println!("product:1 is {names:?}");

    // FT.CREATE: one typed Field per attribute; the vector's attribute count, and
    // PREFIX's count, are written from what is given.
    client
        .query(b().ft_dropindex().index("products"))
        .await
        .ok();
    client
        .query(
            b().ft_create()
                .index("products")
                .on_json()
                .prefix(["product:"])
                .schema()
                .field(Field::text("$.name").alias("name").weight(2.0))
                .field(Field::text("$.description").alias("description"))
                .field(Field::numeric("$.price").alias("price").sortable())
                .field(Field::tag("$.tags[*]").alias("tags"))
                .field(
                    Field::vector(
                        "$.embedding",
                        Vector::hnsw(VectorType::Float32, 4, Distance::Cosine),
                    )
                    .alias("embedding"),
                ),
        )
        .await?;
    // The index is built in the background: wait until FT.INFO says it is done.
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let info = client.query(b().ft_info().index("products")).await?;
        if info.indexing == 0 && info.num_docs > 0 {
            break;
        }
        if Instant::now() > deadline {
            return Err("the index was not built within 10 s".into());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    // FT.SEARCH: kitchen products under 50, cheapest first. The reply is a
    // `SearchResults` (its type follows the options given); each document's fields read
    // into `Hit`, borrowing from the reply.
    let results = client
        .query(
            b().ft_search()
                .index("products")
                .query("@tags:{kitchen} @price:[0 50]")
                .sortby("price"),
        )
        .await?;
    println!("{} kitchen product(s) under 50:", results.total);
    for doc in &results {
        let hit: Hit = doc.fields.decode()?;
        let id = String::from_utf8_lossy(doc.id.as_deref().unwrap_or_default());
        println!("  {id}: {} at {}", hit.product.name, hit.product.price);
    }

    // A KNN query over the vector field: the query vector goes as an FP32 blob in
    // PARAMS, the nearest come first by their distance.
    let query = [0.05f32, 0.05, 0.8, 0.5];
    let nearest = client
        .query(
            b().ft_search()
                .index("products")
                .query("*=>[KNN 2 @embedding $vec AS dist]")
                .r#return(Return::fields(["dist", "$"]))
                .sortby("dist")
                .params([("vec", &query[..])])
                .dialect(2),
        )
        .await?;
    println!("nearest to an outdoor query:");
    for doc in &nearest {
        let hit: Hit = doc.fields.decode()?;
        println!(
            "  {} (distance {:.4})",
            hit.product.name,
            hit.dist.unwrap_or(f64::NAN)
        );
    }

    client.query(b().ft_dropindex().index("products")).await?;
    Ok(())
}
