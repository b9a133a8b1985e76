//! RediSearch through the typed builders of the `search` feature, against Redis 8.2.3 with
//! RediSearch 2.10.5 and RedisJSON 2.8.3 loaded (`typedis_tests::module_server`), over RESP2
//! and RESP3:
//!
//! - an index `ON HASH` of 36 products searched with every combination of `NOCONTENT`,
//!   `WITHSCORES`, `WITHPAYLOADS` (the index's `PAYLOAD_FIELD`) and `WITHSORTKEYS`, with
//!   `SORTBY`, `RETURN`, `LIMIT` and `FILTER`: each reply read as the builder's own
//!   `SearchResults<..>` (`query`) and from the frame (`send` + `decode`), its documents read
//!   into derived map structs that borrow their strings;
//! - an index `ON JSON` of serde structs (`JSON.SET` with `Json(&value)`) with `VECTOR`
//!   fields, searched by text, tag and numeric filters (the `$` field read as `Json<T>`,
//!   owned and borrowed) and by KNN, whose order is checked against a brute-force cosine
//!   search;
//! - `FT.AGGREGATE` pipelines (load, group with reducers, apply, filter, sort, limit) checked
//!   row by row, a cursor (`WITHCURSOR COUNT`, `FT.CURSOR READ`) read to its end, and one
//!   deleted (`FT.CURSOR DEL`);
//! - `FT.INFO`, `FT._LIST`, `FT.SPELLCHECK`, `FT.TAGVALS`, `FT.EXPLAIN`, `FT.EXPLAINCLI`,
//!   `FT.ALIASADD`, `FT.DROPINDEX` (with and without `DD`) and
//!   `FT.SUGADD`/`FT.SUGGET`/`FT.SUGLEN`/`FT.SUGDEL`.
//!
//! An index fills in the background after `FT.CREATE`: the tests wait for `FT.INFO` to say
//! it is done (with a deadline), never for a fixed time.
//!
//! Over 500 lines: one test binary per module feature, so its module server starts once
//! for every scenario (text, tags, numbers, vectors, aggregations, cursors, both
//! protocols), which share the index helpers below.

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use typedis::cmd::{Bound, ToArg};
use typedis::reply::{FtInfoReply, SearchResults};
use typedis::search::{Distance, Field, Order, Reducer, Return, Step, Vector, VectorType};
use typedis::{b, Client, Error, Json, Protocol, Request, RespRead};
use typedis_tests::{connect_with_protocol as connect, PROTOCOLS};

/// How long an index may take to fill, on a loaded machine.
const INDEX_DEADLINE: Duration = Duration::from_secs(60);

const PRODUCTS: usize = 36;
const COLOURS: [&str; 3] = ["red", "green", "blue"];
const NOUNS: [&str; 4] = ["lamp", "chair", "table", "mug"];

/// One product of the hash index, as written.
#[derive(Debug, Clone)]
struct Product {
    key: String,
    title: String,
    colour: &'static str,
    noun: &'static str,
    price: f64,
    tags: String,
    stock: i64,
    /// The document's payload (`PAYLOAD_FIELD note`), for some products.
    note: Option<String>,
}

/// 36 products: every colour with every noun three times, distinct prices (`x.25`), a
/// `sale` tag on every sixth, a payload on about a third.
fn products() -> Vec<Product> {
    (0..PRODUCTS)
        .map(|i| {
            let colour = COLOURS[i % 3];
            let noun = NOUNS[i % 4];
            let mut tags = format!("{colour},{noun}");
            if i % 6 == 0 {
                tags.push_str(",sale");
            }
            Product {
                key: format!("product:{i:02}"),
                title: format!("{colour} {noun}"),
                colour,
                noun,
                price: 10.25 + ((i * 7) % PRODUCTS) as f64,
                tags,
                stock: (i % 5) as i64,
                note: matches!(i % 7, 3 | 4).then(|| format!("note-{i}")),
            }
        })
        .collect()
}

/// A product as `FT.SEARCH` returns it, every string borrowed from the reply.
#[derive(Debug, RespRead)]
#[resp(map)]
struct ProductView<'a> {
    title: &'a str,
    price: f64,
    tags: &'a str,
    stock: i64,
    colour: &'a str,
}

/// What `RETURN 2 title price` leaves of a product.
#[derive(Debug, RespRead)]
#[resp(map)]
struct TitlePrice<'a> {
    title: &'a str,
    price: f64,
}

/// What `RETURN 4 title price AS cost` leaves of a product.
#[derive(Debug, RespRead)]
#[resp(map)]
struct TitleCost<'a> {
    title: &'a str,
    cost: f64,
}

/// A RESP3 `FT.SEARCH` reply read straight from the frame by derived structs, without
/// `SearchResults`.
#[derive(Debug, RespRead)]
#[resp(map)]
struct Resp3Results<'a> {
    total_results: i64,
    results: Vec<Resp3Doc<'a>>,
}

#[derive(Debug, RespRead)]
#[resp(map)]
struct Resp3Doc<'a> {
    id: &'a str,
    extra_attributes: ProductView<'a>,
}

/// Waits until `index` has indexed what exists (`FT.INFO`: not `indexing`, 100 %
/// indexed) and holds `docs` documents; returns its last `FT.INFO`.
async fn wait_indexed(client: &Client, index: &str, docs: usize) -> FtInfoReply {
    let deadline = Instant::now() + INDEX_DEADLINE;
    loop {
        let info = client.query(b().ft_info().index(index)).await.unwrap();
        if info.indexing == 0 && info.percent_indexed >= 1.0 && info.num_docs == docs as i64 {
            return info;
        }
        assert!(
            Instant::now() < deadline,
            "{index} not indexed after {INDEX_DEADLINE:?}: indexing {}, {} %, {} docs of {docs}",
            info.indexing,
            info.percent_indexed * 100.0,
            info.num_docs
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn text(bytes: &[u8]) -> &str {
    std::str::from_utf8(bytes).unwrap()
}

/// The ids of `results`, in order.
fn ids<const S: bool, const P: bool, const K: bool>(results: &SearchResults<S, P, K>) -> Vec<&str> {
    results
        .iter()
        .map(|d| text(d.id.as_deref().expect("a search document has an id")))
        .collect()
}

fn keys<'a>(products: impl IntoIterator<Item = &'a Product>) -> Vec<&'a str> {
    products.into_iter().map(|p| p.key.as_str()).collect()
}

/// Writes the products, then creates the `products` index over them (so that it fills in
/// the background, as an index over existing data does) and waits for it.
async fn create_products(client: &Client) -> Vec<Product> {
    let products = products();
    let mut pipe = client.pipeline();
    for p in &products {
        let mut fields = vec![
            ("title", p.title.clone()),
            ("price", p.price.to_string()),
            ("tags", p.tags.clone()),
            ("stock", p.stock.to_string()),
            ("colour", p.colour.to_owned()),
        ];
        if let Some(note) = &p.note {
            fields.push(("note", note.clone()));
        }
        pipe.push(b().hset().key(p.key.as_str()).field_value_iter(fields));
    }
    let written = pipe.query().await.unwrap();
    assert_eq!(written.len(), PRODUCTS);
    client
        .query(
            b().ft_create()
                .index("products")
                .on_hash()
                .prefix(["product:"])
                .payload_field("note")
                .schema()
                .field(Field::text("title"))
                .field(Field::numeric("price").sortable())
                .field(Field::tag("tags"))
                .field(Field::numeric("stock")),
        )
        .await
        .unwrap();
    wait_indexed(client, "products", PRODUCTS).await;
    products
}

/// `@title:lamp` by price, all of them, with the options given (in any order).
macro_rules! lamps {
    ($nocontent:expr $(, $flag:ident)*) => {
        b().ft_search()
            .index("products")
            .query("@title:lamp")
            .nocontent_if($nocontent)
            $(.$flag())*
            .sortby("price")
            .asc()
            .limit(0, 100)
    };
}

/// Sends the search `search` builds twice: read as the builder's reply type (`query`) and
/// from its frame (`send` + `decode`), and checks both against `lamps`, in order: scores
/// only with `WITHSCORES`, payloads only with `WITHPAYLOADS`, sort keys only with
/// `WITHSORTKEYS`, fields (read into a borrowing struct) only without `NOCONTENT`.
async fn check_lamps<const S: bool, const P: bool, const K: bool, R>(
    client: &Client,
    lamps: &[&Product],
    nocontent: bool,
    search: impl Fn() -> R,
) where
    R: Request<Reply = SearchResults<S, P, K>>,
{
    let what = format!(
        "{:?}: nocontent {nocontent}, scores {S}, payloads {P}, sort keys {K}",
        client.protocol()
    );
    let owned = client.query(search()).await.unwrap();
    let frame = client.send(search()).await.unwrap();
    let results: SearchResults<S, P, K> = frame.decode().unwrap();
    assert_eq!(owned, results, "{what}");
    assert_eq!(results.total, lamps.len() as i64, "{what}");
    assert_eq!(ids(&results), keys(lamps.iter().copied()), "{what}");
    for (doc, p) in results.iter().zip(lamps) {
        assert_eq!(doc.score.is_some(), S, "{what}: {doc:?}");
        assert!(doc.explanation.is_none(), "{what}: {doc:?}");
        let payload = doc.payload.as_deref().map(text);
        assert_eq!(payload, p.note.as_deref().filter(|_| P), "{what}: {doc:?}");
        let sort_key = format!("#{}", p.price);
        assert_eq!(
            doc.sort_key.as_deref().map(text),
            K.then_some(sort_key.as_str()),
            "{what}: {doc:?}"
        );
        if nocontent {
            assert!(doc.fields.is_empty(), "{what}: {doc:?}");
            continue;
        }
        let view: ProductView<'_> = doc.fields.decode().unwrap();
        assert_eq!(
            (view.title, view.price, view.tags, view.stock, view.colour),
            (
                p.title.as_str(),
                p.price,
                p.tags.as_str(),
                p.stock,
                p.colour
            ),
            "{what}"
        );
        // The payload field is the document's payload, not one of its fields.
        assert_eq!(doc.fields.get("note"), None, "{what}: {doc:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hash_index_is_searched_with_every_reply_option_on_both_protocols() {
    let server = typedis_tests::module_server();
    let url = server.url();
    let products = create_products(&connect(&url, Protocol::Resp3).await).await;
    let mut lamps: Vec<&Product> = products.iter().filter(|p| p.noun == "lamp").collect();
    lamps.sort_by(|a, b| a.price.total_cmp(&b.price));
    assert_eq!(lamps.len(), 9);
    assert!(lamps.iter().any(|p| p.note.is_some()) && lamps.iter().any(|p| p.note.is_none()));
    let mut by_price_desc: Vec<&Product> = products.iter().collect();
    by_price_desc.sort_by(|a, b| b.price.total_cmp(&a.price));

    for protocol in PROTOCOLS {
        let client = connect(&url, protocol).await;
        let client = &client;
        let lamps = &lamps[..];

        // Every combination of the four options that change the reply's layout.
        for nc in [false, true] {
            check_lamps::<false, false, false, _>(client, lamps, nc, || lamps!(nc)).await;
            check_lamps::<true, false, false, _>(client, lamps, nc, || lamps!(nc, withscores))
                .await;
            check_lamps::<false, true, false, _>(client, lamps, nc, || lamps!(nc, withpayloads))
                .await;
            check_lamps::<false, false, true, _>(client, lamps, nc, || lamps!(nc, withsortkeys))
                .await;
            check_lamps::<true, true, false, _>(client, lamps, nc, || {
                lamps!(nc, withscores, withpayloads)
            })
            .await;
            check_lamps::<true, false, true, _>(client, lamps, nc, || {
                lamps!(nc, withsortkeys, withscores)
            })
            .await;
            check_lamps::<false, true, true, _>(client, lamps, nc, || {
                lamps!(nc, withpayloads, withsortkeys)
            })
            .await;
            check_lamps::<true, true, true, _>(client, lamps, nc, || {
                lamps!(nc, withsortkeys, withpayloads, withscores)
            })
            .await;
        }

        // No option at all: the default page of ten, the total of all matches.
        let all = client
            .query(b().ft_search().index("products").query("*"))
            .await
            .unwrap();
        assert_eq!(
            (all.total, all.len()),
            (PRODUCTS as i64, 10),
            "{protocol:?}"
        );
        assert!(all.iter().all(|d| d.score.is_none() && d.fields.len() == 5));

        // Scores without SORTBY come best first.
        let scored = client
            .query(
                b().ft_search()
                    .index("products")
                    .query("lamp|red")
                    .withscores()
                    .nocontent()
                    .limit(0, 100),
            )
            .await
            .unwrap();
        let expected: BTreeSet<&str> = keys(
            products
                .iter()
                .filter(|p| p.noun == "lamp" || p.colour == "red"),
        )
        .into_iter()
        .collect();
        assert_eq!(ids(&scored).into_iter().collect::<BTreeSet<_>>(), expected);
        let scores: Vec<f64> = scored.iter().map(|d| d.score.unwrap()).collect();
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
        // Documents matching both terms score above those matching one.
        let red_lamp = scored.get("product:00").unwrap().score.unwrap();
        let red_mug = scored.get("product:03").unwrap().score.unwrap();
        assert!(red_lamp > red_mug, "{scored:?}");

        // LIMIT pages through the order; LIMIT 0 0 counts only.
        let page = client
            .query(
                b().ft_search()
                    .index("products")
                    .query("*")
                    .sortby("price")
                    .desc()
                    .limit(2, 3)
                    .nocontent(),
            )
            .await
            .unwrap();
        assert_eq!(page.total, PRODUCTS as i64);
        assert_eq!(ids(&page), keys(by_price_desc[2..5].iter().copied()));
        let count = client
            .query(
                b().ft_search()
                    .index("products")
                    .query("@tags:{sale}")
                    .limit(0, 0),
            )
            .await
            .unwrap();
        assert_eq!((count.total, count.len()), (6, 0), "{count:?}");

        // RETURN: named fields, none, and a field under another name.
        let frame = client
            .send(
                b().ft_search()
                    .index("products")
                    .query("@title:lamp")
                    .r#return(Return::fields(["title", "price"]))
                    .sortby("price")
                    .limit(0, 100),
            )
            .await
            .unwrap();
        let returned: SearchResults = frame.decode().unwrap();
        assert_eq!(ids(&returned), keys(lamps.iter().copied()));
        for (doc, p) in returned.iter().zip(lamps) {
            assert_eq!(doc.fields.len(), 2, "{doc:?}");
            let tp: TitlePrice<'_> = doc.fields.decode().unwrap();
            assert_eq!((tp.title, tp.price), (p.title.as_str(), p.price));
        }
        let bare = client
            .query(
                b().ft_search()
                    .index("products")
                    .query("@title:lamp")
                    .r#return(Return::none())
                    .withpayloads()
                    .sortby("price")
                    .limit(0, 100),
            )
            .await
            .unwrap();
        assert_eq!(ids(&bare), keys(lamps.iter().copied()));
        for (doc, p) in bare.iter().zip(lamps) {
            assert!(doc.fields.is_empty(), "{doc:?}");
            assert_eq!(doc.payload.as_deref().map(text), p.note.as_deref());
        }
        let renamed = client
            .query(
                b().ft_search()
                    .index("products")
                    .query("@title:lamp")
                    .r#return(Return::fields(["title"]).field_as("price", "cost"))
                    .withscores()
                    .sortby("price")
                    .limit(0, 100),
            )
            .await
            .unwrap();
        assert_eq!(ids(&renamed), keys(lamps.iter().copied()));
        for (doc, p) in renamed.iter().zip(lamps) {
            assert!(doc.score.is_some());
            assert_eq!(doc.fields.get("price"), None, "{doc:?}");
            let tc: TitleCost<'_> = doc.fields.decode().unwrap();
            assert_eq!((tc.title, tc.cost), (p.title.as_str(), p.price));
        }

        // Numeric and tag filters, in the query and as FILTER (with an open bound).
        let filtered = client
            .query(
                b().ft_search()
                    .index("products")
                    .query("@tags:{blue}")
                    .filter("price", Bound::Exclusive(20), 40)
                    .filter("stock", 1, f64::INFINITY)
                    .nocontent()
                    .sortby("price")
                    .limit(0, 100),
            )
            .await
            .unwrap();
        let mut expected: Vec<&Product> = products
            .iter()
            .filter(|p| p.colour == "blue" && p.price > 20.0 && p.price <= 40.0 && p.stock >= 1)
            .collect();
        expected.sort_by(|a, b| a.price.total_cmp(&b.price));
        assert!(expected.len() >= 3, "{expected:?}");
        assert_eq!(ids(&filtered), keys(expected.iter().copied()));
        assert_eq!(filtered.total, expected.len() as i64);

        // RESP3's map read by derived structs alone, borrowed from the frame.
        if protocol == Protocol::Resp3 {
            let frame = client.send(lamps!(false)).await.unwrap();
            let raw: Resp3Results<'_> = frame.decode().unwrap();
            assert_eq!(raw.total_results, 9);
            let got: Vec<(&str, &str)> = raw
                .results
                .iter()
                .map(|d| (d.id, d.extra_attributes.title))
                .collect();
            let want: Vec<(&str, &str)> = lamps
                .iter()
                .map(|p| (p.key.as_str(), p.title.as_str()))
                .collect();
            assert_eq!(got, want);
        }
    }
}

const ARTICLES: usize = 24;
const DIM: usize = 8;
const TOPICS: [&str; 4] = ["rust", "redis", "search", "vectors"];
const STYLES: [&str; 3] = ["practical", "quick", "deep"];

/// A document of the JSON index, stored with `JSON.SET` and read back whole.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Article {
    title: String,
    category: String,
    year: i64,
    rating: f64,
    embedding: Vec<f32>,
}

/// The same document read with its strings borrowed from the reply (no escapes in them).
#[derive(Debug, Deserialize)]
struct ArticleRef<'a> {
    title: &'a str,
    category: &'a str,
    year: i64,
}

/// A document of an index `ON JSON` without `RETURN`: its JSON text under `$`.
#[derive(Debug, RespRead)]
#[resp(map, bound = "T: Deserialize<'de>")]
struct JsonDoc<T> {
    #[resp(rename = "$")]
    doc: Json<T>,
}

/// A KNN hit: its distance (`AS dist`) and the document.
#[derive(Debug, RespRead)]
#[resp(map)]
struct Hit {
    dist: f64,
    #[resp(rename = "$")]
    doc: Json<Article>,
}

/// What `RETURN 4 year $.title AS title` leaves of an article.
#[derive(Debug, RespRead)]
#[resp(map)]
struct TitleYear<'a> {
    title: &'a str,
    year: i64,
}

/// Deterministic pseudo-random vectors (a 64-bit LCG), components in [-1, 1).
fn vectors(n: usize, seed: u64) -> Vec<Vec<f32>> {
    let mut state = seed;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
    };
    (0..n).map(|_| (0..DIM).map(|_| next()).collect()).collect()
}

/// 24 articles: four topics, three styles, distinct years; the first title has quotes
/// (escaped in the JSON text).
fn articles() -> Vec<(String, Article)> {
    vectors(ARTICLES, 0x9e37_79b9_7f4a_7c15)
        .into_iter()
        .enumerate()
        .map(|(i, embedding)| {
            let mut title = format!("{} {} guide", STYLES[i % 3], TOPICS[i % 4]);
            if i == 0 {
                title.push_str(r#", "annotated""#);
            }
            let article = Article {
                title,
                category: TOPICS[i % 4].to_owned(),
                year: 2000 + i as i64,
                rating: 1.0 + (i % 9) as f64 * 0.5,
                embedding,
            };
            (format!("article:{i:02}"), article)
        })
        .collect()
}

/// The cosine distance RediSearch's `COSINE` metric gives: 1 - cos.
fn cosine_distance(a: &[f32], b: &[f32]) -> f64 {
    let dot: f64 = a
        .iter()
        .zip(b)
        .map(|(x, y)| f64::from(*x) * f64::from(*y))
        .sum();
    let norm = |v: &[f32]| v.iter().map(|x| f64::from(*x).powi(2)).sum::<f64>().sqrt();
    1.0 - dot / (norm(a) * norm(b))
}

/// The `k` articles nearest `query` among those `keep` keeps, nearest first, with their
/// distances; checks that the k-th and the next are far enough apart to be ordered.
fn nearest<'a>(
    articles: &'a [(String, Article)],
    query: &[f32],
    k: usize,
    keep: impl Fn(&Article) -> bool,
) -> Vec<(&'a str, f64)> {
    let mut all: Vec<(&str, f64)> = articles
        .iter()
        .filter(|(_, a)| keep(a))
        .map(|(key, a)| (key.as_str(), cosine_distance(&a.embedding, query)))
        .collect();
    all.sort_by(|a, b| a.1.total_cmp(&b.1));
    for w in all.windows(2).take(k) {
        assert!(w[1].1 - w[0].1 > 1e-4, "near tie in the data: {all:?}");
    }
    all.truncate(k);
    all
}

/// Checks KNN hits against the brute-force answer: same keys in the same order, distances
/// within float error, documents as stored.
fn check_hits(
    what: &str,
    results: &SearchResults,
    want: &[(&str, f64)],
    stored: &BTreeMap<&str, &Article>,
) {
    assert_eq!(
        ids(results),
        want.iter().map(|(k, _)| *k).collect::<Vec<_>>(),
        "{what}"
    );
    for (doc, (key, distance)) in results.iter().zip(want) {
        let hit: Hit = doc.fields.decode().unwrap();
        assert!(
            (hit.dist - distance).abs() < 1e-4,
            "{what}: {key} at {} instead of {distance}",
            hit.dist
        );
        assert_eq!(&hit.doc.0, stored[key], "{what}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_json_index_with_vectors_is_searched_by_filters_and_by_knn() {
    let server = typedis_tests::module_server();
    let url = server.url();
    let setup = connect(&url, Protocol::Resp3).await;
    setup
        .query(
            b().ft_create()
                .index("articles")
                .on_json()
                .prefix(["article:"])
                .schema()
                .field(Field::text("$.title").alias("title"))
                .field(Field::tag("$.category").alias("category"))
                .field(Field::numeric("$.year").alias("year").sortable())
                .field(Field::numeric("$.rating").alias("rating"))
                .field(
                    Field::vector(
                        "$.embedding",
                        Vector::flat(VectorType::Float32, DIM as u32, Distance::Cosine),
                    )
                    .alias("v"),
                )
                .field(
                    Field::vector(
                        "$.embedding",
                        Vector::hnsw(VectorType::Float32, DIM as u32, Distance::Cosine)
                            .m(16)
                            .ef_construction(200),
                    )
                    .alias("vh"),
                ),
        )
        .await
        .unwrap();
    let articles = articles();
    let mut pipe = setup.pipeline();
    for (key, article) in &articles {
        pipe.push(
            b().json_set()
                .key(key.as_str())
                .path("$")
                .value(Json(article)),
        );
    }
    let set = pipe.query().await.unwrap();
    assert!(set.iter().all(Option::is_some), "{set:?}");
    let info = wait_indexed(&setup, "articles", ARTICLES).await;
    assert_eq!(info.index_definition.key_type, "JSON");
    assert_eq!(info.hash_indexing_failures, 0, "{info:?}");
    let stored: BTreeMap<&str, &Article> = articles.iter().map(|(k, a)| (k.as_str(), a)).collect();
    let query = vectors(1, 42).remove(0);

    for protocol in PROTOCOLS {
        let client = connect(&url, protocol).await;

        // Text: every redis article, by year, each read back whole as the struct stored.
        let redis = client
            .query(
                b().ft_search()
                    .index("articles")
                    .query("@title:redis")
                    .sortby("year")
                    .asc()
                    .limit(0, 100),
            )
            .await
            .unwrap();
        let want: Vec<&str> = articles
            .iter()
            .filter(|(_, a)| a.category == "redis")
            .map(|(k, _)| k.as_str())
            .collect();
        assert_eq!(want.len(), 6);
        assert_eq!(ids(&redis), want, "{protocol:?}");
        assert_eq!(redis.total, 6);
        for doc in &redis {
            // The JSON text, and the value sorted by (RediSearch adds it to the fields).
            let names: Vec<&str> = doc.fields.iter().map(|(f, _)| text(f)).collect();
            assert_eq!(names, ["year", "$"], "{protocol:?}: {doc:?}");
            let JsonDoc { doc: Json(article) } = doc.fields.decode::<JsonDoc<Article>>().unwrap();
            assert_eq!(&article, stored[text(doc.id.as_deref().unwrap())]);
        }

        // Tag and numeric together, newest first, read borrowed (`&str` in the text).
        let frame = client
            .send(
                b().ft_search()
                    .index("articles")
                    .query("@category:{search|rust} @year:[2004 2019]")
                    .sortby("year")
                    .desc()
                    .limit(0, 100),
            )
            .await
            .unwrap();
        let found: SearchResults = frame.decode().unwrap();
        let mut want: Vec<&(String, Article)> = articles
            .iter()
            .filter(|(_, a)| {
                ["search", "rust"].contains(&a.category.as_str()) && (2004..=2019).contains(&a.year)
            })
            .collect();
        want.sort_by_key(|(_, a)| std::cmp::Reverse(a.year));
        assert_eq!(
            ids(&found),
            want.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>()
        );
        for (doc, (_, article)) in found.iter().zip(&want) {
            let JsonDoc { doc: Json(view) } =
                doc.fields.decode::<JsonDoc<ArticleRef<'_>>>().unwrap();
            assert_eq!(
                (view.title, view.category, view.year),
                (
                    article.title.as_str(),
                    article.category.as_str(),
                    article.year
                )
            );
        }

        // A title with escapes cannot be borrowed: an error that says so; owned, it reads.
        let quoted = client
            .query(b().ft_search().index("articles").query("@title:annotated"))
            .await
            .unwrap();
        assert_eq!(ids(&quoted), ["article:00"]);
        let doc = &quoted.docs[0];
        let err = doc.fields.decode::<JsonDoc<ArticleRef<'_>>>().unwrap_err();
        assert!(matches!(err, Error::Decode(_)), "{err:?}");
        assert!(err.to_string().contains("JSON text"), "{err}");
        let owned: JsonDoc<Article> = doc.fields.decode().unwrap();
        assert_eq!(&owned.doc.0, stored["article:00"]);

        // FILTER on a numeric attribute, and RETURN with a JSONPath renamed.
        let rated = client
            .query(
                b().ft_search()
                    .index("articles")
                    .query("*")
                    .filter("rating", 2.0, 3.0)
                    .r#return(Return::fields(["year"]).field_as("$.title", "title"))
                    .sortby("year")
                    .limit(0, 100),
            )
            .await
            .unwrap();
        let want: Vec<&(String, Article)> = articles
            .iter()
            .filter(|(_, a)| (2.0..=3.0).contains(&a.rating))
            .collect();
        assert_eq!(
            ids(&rated),
            want.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>()
        );
        for (doc, (_, article)) in rated.iter().zip(&want) {
            assert_eq!(doc.fields.len(), 2, "{doc:?}");
            let ty: TitleYear<'_> = doc.fields.decode().unwrap();
            assert_eq!((ty.title, ty.year), (article.title.as_str(), article.year));
        }

        // KNN on the FLAT field: the brute-force order, the server's distances.
        let knn = client
            .query(
                b().ft_search()
                    .index("articles")
                    .query("*=>[KNN 3 @v $blob AS dist]")
                    .params([("blob", &query[..])])
                    .sortby("dist")
                    .dialect(2),
            )
            .await
            .unwrap();
        let want = nearest(&articles, &query, 3, |_| true);
        check_hits(&format!("{protocol:?} KNN 3"), &knn, &want, &stored);

        // A hybrid query: KNN among the articles a filter keeps.
        let hybrid = client
            .query(
                b().ft_search()
                    .index("articles")
                    .query("(@category:{vectors})=>[KNN 3 @v $blob AS dist]")
                    .params([("blob", &query[..])])
                    .sortby("dist")
                    .dialect(2),
            )
            .await
            .unwrap();
        let want = nearest(&articles, &query, 3, |a| a.category == "vectors");
        check_hits(&format!("{protocol:?} hybrid KNN"), &hybrid, &want, &stored);

        // The HNSW field, searched wide enough to be exact on 24 vectors; the count and
        // the runtime candidates as parameters too (the pairs have one value type, so
        // the vector and the numbers go as `&dyn ToArg`).
        let hnsw = client
            .query(
                b().ft_search()
                    .index("articles")
                    .query("*=>[KNN $k @vh $blob EF_RUNTIME $ef AS dist]")
                    .params([("blob", &query as &dyn ToArg), ("k", &5), ("ef", &100)])
                    .sortby("dist")
                    .dialect(2),
            )
            .await
            .unwrap();
        let want = nearest(&articles, &query, 5, |_| true);
        check_hits(&format!("{protocol:?} HNSW KNN 5"), &hnsw, &want, &stored);

        // Only the distance returned.
        let dists = client
            .query(
                b().ft_search()
                    .index("articles")
                    .query("*=>[KNN 3 @v $blob AS dist]")
                    .params([("blob", &query[..])])
                    .r#return(["dist"])
                    .sortby("dist")
                    .dialect(2),
            )
            .await
            .unwrap();
        let want = nearest(&articles, &query, 3, |_| true);
        assert_eq!(
            ids(&dists),
            want.iter().map(|(k, _)| *k).collect::<Vec<_>>()
        );
        for (doc, (_, distance)) in dists.iter().zip(&want) {
            assert_eq!(doc.fields.len(), 1, "{doc:?}");
            let got: f64 = text(doc.fields.get("dist").unwrap()).parse().unwrap();
            assert!((got - distance).abs() < 1e-4);
        }
    }
}

/// A row of the aggregation by colour.
#[derive(Debug, PartialEq, RespRead)]
#[resp(map)]
struct ColourRow<'a> {
    colour: &'a str,
    n: i64,
    units: i64,
    top: f64,
}

/// A row with a computed value.
#[derive(Debug, PartialEq, RespRead)]
#[resp(map)]
struct ValueRow<'a> {
    #[resp(rename = "__key")]
    key: &'a str,
    value: f64,
}

/// The one row of a `GROUPBY 0`.
#[derive(Debug, PartialEq, RespRead)]
#[resp(map)]
struct Totals {
    n: i64,
    units: i64,
    colours: i64,
    cheapest: f64,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn aggregations_group_apply_filter_sort_and_page_through_a_cursor() {
    let server = typedis_tests::module_server();
    let url = server.url();
    let products = create_products(&connect(&url, Protocol::Resp2).await).await;

    // What the pipelines must compute, from the data.
    let mut by_colour: BTreeMap<&str, (i64, i64, f64)> = BTreeMap::new();
    for p in &products {
        let e = by_colour.entry(p.colour).or_insert((0, 0, f64::MIN));
        e.0 += 1;
        e.1 += p.stock;
        e.2 = e.2.max(p.price);
    }
    let mut values: Vec<(&str, f64)> = products
        .iter()
        .map(|p| (p.key.as_str(), p.price * p.stock as f64))
        .filter(|(_, v)| *v >= 60.0)
        .collect();
    values.sort_by(|a, b| b.1.total_cmp(&a.1));
    assert!(values.len() > 6, "{values:?}");
    let all_keys: BTreeSet<&str> = keys(&products).into_iter().collect();

    for protocol in PROTOCOLS {
        let client = connect(&url, protocol).await;

        // LOAD, GROUPBY with COUNT, SUM and MAX, SORTBY.
        let grouped = client
            .query(
                b().ft_aggregate()
                    .index("products")
                    .query("*")
                    .step(Step::load(["@colour", "@stock"]))
                    .step(
                        Step::group_by(["@colour"])
                            .reduce(Reducer::count().alias("n"))
                            .reduce(Reducer::sum("@stock").alias("units"))
                            .reduce(Reducer::max("@price").alias("top")),
                    )
                    .step(Step::sort_by([("@colour", Order::Asc)])),
            )
            .await
            .unwrap();
        let rows: Vec<ColourRow<'_>> = grouped
            .iter()
            .map(|row| {
                assert_eq!(row.id, None, "{row:?}");
                row.fields.decode().unwrap()
            })
            .collect();
        let want: Vec<ColourRow<'_>> = by_colour
            .iter()
            .map(|(colour, (n, units, top))| ColourRow {
                colour,
                n: *n,
                units: *units,
                top: *top,
            })
            .collect();
        assert_eq!(rows, want, "{protocol:?}");

        // APPLY, FILTER, SORTBY two keys, LIMIT.
        let computed = client
            .query(
                b().ft_aggregate()
                    .index("products")
                    .query("*")
                    .step(Step::load(["@__key", "@stock"]))
                    .step(Step::apply("@price * @stock", "value"))
                    .step(Step::filter("@value >= 60"))
                    .step(Step::sort_by([
                        ("@value", Order::Desc),
                        ("@__key", Order::Asc),
                    ]))
                    .step(Step::limit(1, 4)),
            )
            .await
            .unwrap();
        let rows: Vec<ValueRow<'_>> = computed
            .iter()
            .map(|row| row.fields.decode().unwrap())
            .collect();
        let want: Vec<ValueRow<'_>> = values[1..5]
            .iter()
            .map(|(key, value)| ValueRow { key, value: *value })
            .collect();
        assert_eq!(rows, want, "{protocol:?}");

        // One group of everything (`GROUPBY 0`), the query narrowing what is grouped.
        let totals = client
            .query(
                b().ft_aggregate()
                    .index("products")
                    .query("@tags:{sale}")
                    .step(Step::load(["@colour", "@stock"]))
                    .step(
                        Step::group_all()
                            .reduce(Reducer::count().alias("n"))
                            .reduce(Reducer::sum("@stock").alias("units"))
                            .reduce(Reducer::count_distinct("@colour").alias("colours"))
                            .reduce(Reducer::min("@price").alias("cheapest")),
                    ),
            )
            .await
            .unwrap();
        assert_eq!(totals.len(), 1, "{totals:?}");
        let sale: Vec<&Product> = products
            .iter()
            .filter(|p| p.tags.ends_with(",sale"))
            .collect();
        let want = Totals {
            n: sale.len() as i64,
            units: sale.iter().map(|p| p.stock).sum(),
            colours: sale.iter().map(|p| p.colour).collect::<BTreeSet<_>>().len() as i64,
            cheapest: sale.iter().map(|p| p.price).fold(f64::MAX, f64::min),
        };
        assert_eq!(totals.docs[0].fields.decode::<Totals>().unwrap(), want);

        // A cursor, five rows a page, read until the server closes it: every row once.
        let mut page = client
            .query(
                b().ft_aggregate()
                    .index("products")
                    .query("*")
                    .step(Step::load(["@__key"]))
                    .withcursor()
                    .count(5),
            )
            .await
            .unwrap();
        let mut seen: Vec<String> = Vec::new();
        let mut reads = 0;
        loop {
            assert!(page.results.len() <= 5, "{page:?}");
            for row in &page.results {
                seen.push(text(row.fields.get("__key").unwrap()).to_owned());
            }
            if page.is_last() {
                break;
            }
            reads += 1;
            assert!(reads <= PRODUCTS, "the cursor never ends");
            page = client
                .query(
                    b().ft_cursor_read()
                        .index("products")
                        .cursor_id(page.cursor)
                        .count(5),
                )
                .await
                .unwrap();
        }
        assert_eq!(seen.len(), PRODUCTS, "{protocol:?}: {seen:?}");
        let unique: BTreeSet<&str> = seen.iter().map(String::as_str).collect();
        assert_eq!(unique, all_keys, "{protocol:?}");
        assert!(reads >= PRODUCTS / 5 - 1, "{reads} reads");

        // A cursor read once and deleted; reading it again is a server error.
        let first = client
            .query(
                b().ft_aggregate()
                    .index("products")
                    .query("*")
                    .step(Step::load(["@__key"]))
                    .withcursor()
                    .count(2),
            )
            .await
            .unwrap();
        assert_eq!(first.results.len(), 2);
        assert!(!first.is_last());
        client
            .query(
                b().ft_cursor_del()
                    .index("products")
                    .cursor_id(first.cursor),
            )
            .await
            .unwrap();
        let gone = client
            .query(
                b().ft_cursor_read()
                    .index("products")
                    .cursor_id(first.cursor),
            )
            .await;
        assert!(matches!(gone, Err(Error::Server(_))), "{gone:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn index_admin_spellcheck_tags_explain_aliases_drops_and_suggestions() {
    let server = typedis_tests::module_server();
    let url = server.url();
    let setup = connect(&url, Protocol::Resp3).await;
    let products = create_products(&setup).await;
    setup
        .query(b().ft_aliasadd().alias("shop").index("products"))
        .await
        .unwrap();
    let tags: BTreeSet<String> = products
        .iter()
        .flat_map(|p| p.tags.split(','))
        .map(str::to_owned)
        .collect();

    for protocol in PROTOCOLS {
        let client = connect(&url, protocol).await;

        let info = client.query(b().ft_info().index("products")).await.unwrap();
        assert_eq!(info.index_name, "products");
        assert_eq!(info.num_docs, PRODUCTS as i64);
        assert_eq!((info.indexing, info.percent_indexed), (0, 1.0));
        assert_eq!(info.hash_indexing_failures, 0);
        assert_eq!(info.index_definition.key_type, "HASH");
        assert_eq!(info.index_definition.prefixes, ["product:"]);
        assert_eq!(
            info.index_definition.payload_field.as_deref(),
            Some(&b"note"[..])
        );
        // The schema's fields, alike on both protocols (RESP2 lists the flags as bare
        // words among the pairs).
        type Described<'a> = (&'a [u8], &'a [u8], Vec<&'a [u8]>);
        let attributes: Vec<Described<'_>> = info
            .attributes
            .iter()
            .map(|a| {
                let flags = a.flags.iter().map(|f| &f[..]).collect();
                (&a.attribute[..], &a.field_type[..], flags)
            })
            .collect();
        let none: Vec<&[u8]> = Vec::new();
        assert_eq!(
            attributes,
            [
                (&b"title"[..], &b"TEXT"[..], none.clone()),
                // A sortable number is never normalized: the server adds UNF.
                (b"price", b"NUMERIC", vec![&b"SORTABLE"[..], b"UNF"]),
                (b"tags", b"TAG", none.clone()),
                (b"stock", b"NUMERIC", none),
            ],
            "{protocol:?}"
        );
        assert_eq!(info.attributes[0].option("WEIGHT"), Some(&b"1"[..]));
        assert_eq!(info.attributes[2].option("separator"), Some(&b","[..]));
        let fields: Vec<&[u8]> = info
            .field_statistics
            .iter()
            .map(|f| &f.identifier[..])
            .collect();
        assert_eq!(fields, [&b"title"[..], b"price", b"tags", b"stock"]);
        assert_eq!(info.index_errors.indexing_failures, 0);

        let list = client.query(b().ft_list()).await.unwrap();
        assert_eq!(list, ["products"]);

        // One term misspelled by one letter each, one spelled right (not reported).
        let check = client
            .query(
                b().ft_spellcheck()
                    .index("products")
                    .query("lampp chaer table"),
            )
            .await
            .unwrap();
        let terms: Vec<(&str, Vec<&str>)> = check
            .terms
            .iter()
            .map(|t| {
                assert!(t.suggestions.iter().all(|(_, score)| *score > 0.0), "{t:?}");
                (
                    text(&t.term),
                    t.suggestions.iter().map(|(s, _)| text(s)).collect(),
                )
            })
            .collect();
        assert_eq!(
            terms,
            [("lampp", vec!["lamp"]), ("chaer", vec!["chair"])],
            "{protocol:?}: {check:?}"
        );
        let none = client
            .query(
                b().ft_spellcheck()
                    .index("products")
                    .query("zzyzx")
                    .distance(1),
            )
            .await
            .unwrap();
        assert_eq!(none.terms.len(), 1, "{none:?}");
        assert!(none.terms[0].suggestions.is_empty(), "{none:?}");

        let values = client
            .query(b().ft_tagvals().index("products").field_name("tags"))
            .await
            .unwrap();
        let values: BTreeSet<String> = values.iter().map(|v| text(v).to_owned()).collect();
        assert_eq!(values, tags);

        let plan = client
            .query(
                b().ft_explain()
                    .index("products")
                    .query("@title:lamp @price:[20 30]"),
            )
            .await
            .unwrap();
        let plan = text(&plan);
        assert!(plan.starts_with("INTERSECT {"), "{plan}");
        assert!(plan.contains("@title:lamp"), "{plan}");
        assert!(
            plan.contains("NUMERIC {20.000000 <= @price <= 30.000000}"),
            "{plan}"
        );
        let cli = client
            .query(b().ft_explaincli().index("products").query("@title:lamp"))
            .await
            .unwrap();
        assert!(!cli.is_empty(), "{cli:?}");

        // The alias searches the index.
        let direct = client
            .query(
                b().ft_search()
                    .index("products")
                    .query("@tags:{sale}")
                    .nocontent()
                    .sortby("price"),
            )
            .await
            .unwrap();
        let aliased = client
            .query(
                b().ft_search()
                    .index("shop")
                    .query("@tags:{sale}")
                    .nocontent()
                    .sortby("price"),
            )
            .await
            .unwrap();
        assert_eq!(aliased, direct);
        assert_eq!(aliased.total, 6);
    }

    // FT.DROPINDEX: without DD the documents stay, with DD they go.
    let client = connect(&url, Protocol::Resp2).await;
    let mut pipe = client.pipeline();
    for i in 0..3 {
        pipe.push(
            b().hset()
                .key(format!("scratch:{i}"))
                .field_value("title", format!("scratch note {i}")),
        );
    }
    pipe.query().await.unwrap();
    for index in ["keep", "purge"] {
        client
            .query(
                b().ft_create()
                    .index(index)
                    .on_hash()
                    .prefix(["scratch:"])
                    .schema()
                    .field(Field::text("title")),
            )
            .await
            .unwrap();
        wait_indexed(&client, index, 3).await;
    }
    let mut list = client.query(b().ft_list()).await.unwrap();
    list.sort();
    assert_eq!(list, ["keep", "products", "purge"]);
    client
        .query(b().ft_dropindex().index("keep"))
        .await
        .unwrap();
    let missing = client
        .query(b().ft_search().index("keep").query("scratch"))
        .await;
    match &missing {
        Err(Error::Server(e)) => assert!(e.to_string().contains("no such index"), "{e}"),
        other => panic!("search of a dropped index: {other:?}"),
    }
    let left = client
        .query(
            b().exists()
                .key_iter(["scratch:0", "scratch:1", "scratch:2"]),
        )
        .await
        .unwrap();
    assert_eq!(left, 3);
    client
        .query(b().ft_dropindex().index("purge").dd())
        .await
        .unwrap();
    let deadline = Instant::now() + INDEX_DEADLINE;
    loop {
        let left = client
            .query(
                b().exists()
                    .key_iter(["scratch:0", "scratch:1", "scratch:2"]),
            )
            .await
            .unwrap();
        if left == 0 {
            break;
        }
        assert!(Instant::now() < deadline, "DD left {left} documents");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(client.query(b().ft_list()).await.unwrap(), ["products"]);

    // Suggestions: scores, payloads, fuzzy matching, MAX, INCR, SUGLEN, SUGDEL.
    for (string, score, payload) in [
        ("red lamp", 3.0, Some("lamp-page")),
        ("red lantern", 2.0, None),
        ("green lamp", 1.0, Some("green-page")),
    ] {
        let len = client
            .query(
                b().ft_sugadd()
                    .key("ac")
                    .string(string)
                    .score(score)
                    .payload_opt(payload),
            )
            .await
            .unwrap();
        assert!(len >= 1);
    }
    assert_eq!(client.query(b().ft_suglen().key("ac")).await.unwrap(), 3);
    for protocol in PROTOCOLS {
        let client = connect(&url, protocol).await;
        let plain = client
            .query(b().ft_sugget().key("ac").prefix("red"))
            .await
            .unwrap()
            .unwrap_or_default();
        assert_eq!(plain, ["red lamp", "red lantern"], "{protocol:?}");
        let scored = client
            .query(b().ft_sugget().key("ac").prefix("red").withscores())
            .await
            .unwrap()
            .unwrap_or_default();
        let members: Vec<&str> = scored.iter().map(|m| text(&m.member)).collect();
        assert_eq!(members, ["red lamp", "red lantern"]);
        assert!(
            scored[0].score > scored[1].score && scored[1].score > 0.0,
            "{scored:?}"
        );
        let with_payloads = client
            .query(b().ft_sugget().key("ac").prefix("red").withpayloads())
            .await
            .unwrap()
            .unwrap_or_default();
        let pairs: Vec<(&str, Option<&str>)> = with_payloads
            .iter()
            .map(|(s, p)| (text(s), p.as_deref().map(text)))
            .collect();
        assert_eq!(
            pairs,
            [("red lamp", Some("lamp-page")), ("red lantern", None)]
        );
        // Both: one flat list of triples, read as `Suggestions`.
        let all = client
            .query(
                b().ft_sugget()
                    .key("ac")
                    .prefix("red")
                    .withscores()
                    .withpayloads(),
            )
            .await
            .unwrap()
            .unwrap_or_default();
        let triples: Vec<(&str, Option<&str>)> = all
            .iter()
            .map(|s| (text(&s.text), s.payload.as_deref().map(text)))
            .collect();
        assert_eq!(
            triples,
            [("red lamp", Some("lamp-page")), ("red lantern", None)],
            "{protocol:?}"
        );
        assert_eq!(all[0].score, scored[0].score, "{all:?}");
        let missing = client
            .query(
                b().ft_sugget()
                    .key("no-such-key")
                    .prefix("red")
                    .withscores()
                    .withpayloads(),
            )
            .await
            .unwrap();
        assert!(missing.as_ref().is_none_or(|m| m.is_empty()), "{missing:?}");
        let fuzzy = client
            .query(b().ft_sugget().key("ac").prefix("grean").fuzzy().max(1))
            .await
            .unwrap()
            .unwrap_or_default();
        assert_eq!(fuzzy, ["green lamp"]);
        let nothing = client
            .query(b().ft_sugget().key("ac").prefix("blue"))
            .await
            .unwrap()
            .unwrap_or_default();
        assert!(nothing.is_empty(), "{nothing:?}");
    }
    client
        .query(
            b().ft_sugadd()
                .key("ac")
                .string("green lamp")
                .score(10.0)
                .incr(),
        )
        .await
        .unwrap();
    let lamps = client
        .query(b().ft_sugget().key("ac").prefix("green").withscores())
        .await
        .unwrap()
        .unwrap_or_default();
    assert_eq!(lamps.len(), 1);
    assert!(client
        .query(b().ft_sugdel().key("ac").string("red lantern"))
        .await
        .unwrap());
    assert!(!client
        .query(b().ft_sugdel().key("ac").string("red lantern"))
        .await
        .unwrap());
    assert_eq!(client.query(b().ft_suglen().key("ac")).await.unwrap(), 2);
}
