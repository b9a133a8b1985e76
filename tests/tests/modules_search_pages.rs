//! `Client::search_pages`: an `FT.AGGREGATE ... WITHCURSOR` read page by page through
//! `FT.CURSOR READ` on Redis 8.2.3 with RediSearch, on both protocols: every row comes
//! exactly once, the last page ends the stream, and a stream dropped early deletes its
//! cursor on the server.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use typedis::search::{Field, Step};
use typedis::{b, Client};
use typedis_tests::{connect_with_protocol, PROTOCOLS};

const DOCS: usize = 25;

/// An index over `DOCS` hashes, built.
async fn index(client: &Client) {
    for i in 0..DOCS {
        client
            .query(
                b().hset()
                    .key(format!("doc:{i}"))
                    .field_value("n", i as i64)
                    .field_value("title", format!("document {i}")),
            )
            .await
            .unwrap();
    }
    client
        .query(
            b().ft_create()
                .index("idx")
                .on_hash()
                .prefix(["doc:"])
                .schema()
                .field(Field::numeric("n").sortable())
                .field(Field::text("title")),
        )
        .await
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let info = client.query(b().ft_info().index("idx")).await.unwrap();
        if info.indexing == 0 && info.num_docs == DOCS as i64 {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the index was not built: {info:?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Every document's `n`, 7 rows a page.
fn aggregation() -> impl typedis::Request<Reply = typedis::reply::SearchPage> {
    b().ft_aggregate()
        .index("idx")
        .query("*")
        .step(Step::load(["@n"]))
        .withcursor()
        .count(7)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_row_comes_once_and_a_dropped_stream_deletes_its_cursor() {
    let server = typedis_tests::module_server();
    let setup = Client::connect(&server.url()).await.unwrap();
    index(&setup).await;
    for protocol in PROTOCOLS {
        let client = connect_with_protocol(&server.url(), protocol).await;
        let mut pages = client.search_pages(aggregation());
        let mut seen = BTreeSet::new();
        let mut count = 0;
        let mut last = None;
        while let Some(page) = pages.next().await {
            let page = page.unwrap();
            assert!(page.results.len() <= 7, "{protocol:?}: {page:?}");
            for row in &page.results {
                let n: i64 = std::str::from_utf8(row.fields.get("n").unwrap())
                    .unwrap()
                    .parse()
                    .unwrap();
                assert!(seen.insert(n), "{protocol:?}: row {n} twice");
            }
            count += 1;
            last = Some(page.cursor);
        }
        assert_eq!(seen.len(), DOCS, "{protocol:?}");
        assert_eq!(
            seen.iter().copied().collect::<Vec<_>>(),
            (0..DOCS as i64).collect::<Vec<_>>()
        );
        assert!(count >= DOCS.div_ceil(7), "{protocol:?}: {count} pages");
        assert_eq!(
            last,
            Some(0),
            "{protocol:?}: the last page closes the cursor"
        );
        assert!(pages.next().await.is_none(), "the stream ends");

        // Dropped after its first page: the cursor is deleted, not left to MAXIDLE.
        let mut pages = client.search_pages(aggregation());
        let first = pages.next().await.unwrap().unwrap();
        assert!(!first.is_last());
        let open = |info: &typedis::reply::FtInfoReply| info.cursor_stats.index_total;
        let info = client.query(b().ft_info().index("idx")).await.unwrap();
        assert_eq!(open(&info), Some(1), "{protocol:?}: the cursor is open");
        drop(pages);
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let info = client.query(b().ft_info().index("idx")).await.unwrap();
            if open(&info) == Some(0) {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "{protocol:?}: cursor not deleted: {info:?}"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}
