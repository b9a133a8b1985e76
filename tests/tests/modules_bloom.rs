//! RedisBloom's probabilistic structures through the typed builders of the `bloom`
//! feature, against a Redis 8.2.3 with the modules (`typedis_tests::module_server`):
//! a Bloom filter reserved for a false-positive rate and capacity, filled to capacity with
//! `BF.MADD`, every item found again by `BF.MEXISTS`, its false-positive rate measured over
//! ten times as many items never added (deterministic items, so the rate is the same on
//! every run) and `BF.INFO` read as its generated struct; a cuckoo filter's add, count,
//! exists and delete; count-min sketches counted, queried and merged with weights (keys in
//! one hash slot); a top-k list with `TOPK.LIST WITHCOUNT` as pairs; a t-digest's
//! quantiles, CDF, ranks, min and max over a known data set, within tolerances. Every test
//! runs on RESP2 and on RESP3.
//!
//! Over 500 lines: one test binary per module feature, so each starts its module server
//! once; its scenarios (one per structure of the family) share the helpers below.

use typedis::reply::Bytes;
use typedis::{b, Client, Error};
use typedis_tests::{connect_with_protocol as connect, protocol_key as key, PROTOCOLS};

/// The Bloom filter's capacity, and how many items are added to it.
const N: usize = 5000;
/// The Bloom filter's configured false-positive rate.
const ERROR_RATE: f64 = 0.01;
/// Items per `BF.MADD` / `BF.MEXISTS`.
const CHUNK: usize = 500;

/// The items added: `member:0`, `member:1`, ...
fn member(i: usize) -> String {
    format!("member:{i}")
}

/// Items never added, from another namespace.
fn stranger(i: usize) -> String {
    format!("stranger:{i}")
}

/// `BF.MADD` of `items`, the per-item answers in order.
async fn madd(client: &Client, key: &str, items: &[String]) -> Vec<bool> {
    let (first, rest) = items.split_first().expect("at least one item");
    let mut madd = b().bf_madd().key(key).item(first);
    for item in rest {
        madd = madd.item(item);
    }
    let added = client.query(madd).await.unwrap();
    assert_eq!(added.len(), items.len(), "one answer per item");
    added.into_iter().map(Result::unwrap).collect()
}

/// `BF.MEXISTS` of `items`, the per-item answers in order.
async fn mexists(client: &Client, key: &str, items: &[String]) -> Vec<bool> {
    let (first, rest) = items.split_first().expect("at least one item");
    let mut mexists = b().bf_mexists().key(key).item(first);
    for item in rest {
        mexists = mexists.item(item);
    }
    let found = client.query(mexists).await.unwrap();
    assert_eq!(found.len(), items.len(), "one answer per item");
    found
}

/// Asserts `got` is within `tolerance` of `want`.
fn assert_near(what: &str, got: f64, want: f64, tolerance: f64) {
    assert!(
        (got - want).abs() <= tolerance,
        "{what}: {got} is not within {tolerance} of {want}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bloom_filter_finds_every_item_and_keeps_its_false_positive_rate() {
    let server = typedis_tests::module_server();
    for protocol in PROTOCOLS {
        let client = connect(&server.url(), protocol).await;
        let k = key(protocol, "bf");
        client
            .query(b().bf_reserve().key(&k).error_rate(ERROR_RATE).capacity(N))
            .await
            .unwrap();

        // N items, in chunks: each answer says whether the item was new to the filter. A
        // new item may already look present (a false positive while filling), so a few
        // answers may be false; the filter counts only the items it saw as new.
        let members: Vec<String> = (0..N).map(member).collect();
        let mut added = 0;
        for chunk in members.chunks(CHUNK) {
            added += madd(&client, &k, chunk)
                .await
                .iter()
                .filter(|a| **a)
                .count();
        }
        assert!(
            added >= N - (N as f64 * ERROR_RATE) as usize,
            "{added} of {N} new items were seen as new"
        );
        assert_eq!(
            client.query(b().bf_card().key(&k)).await.unwrap(),
            added as i64
        );
        // Adding them again adds nothing.
        let again = madd(&client, &k, &members[..CHUNK]).await;
        assert!(again.iter().all(|a| !a), "{again:?}");

        // No false negatives.
        for chunk in members.chunks(CHUNK) {
            let found = mexists(&client, &k, chunk).await;
            if let Some(i) = found.iter().position(|f| !f) {
                panic!("{} was added but is not found", chunk[i]);
            }
        }
        assert!(client
            .query(b().bf_exists().key(&k).item(member(17)))
            .await
            .unwrap());

        // The false-positive rate over 10 x N items never added.
        let strangers: Vec<String> = (0..10 * N).map(stranger).collect();
        let mut false_positives = 0;
        for chunk in strangers.chunks(CHUNK) {
            false_positives += mexists(&client, &k, chunk)
                .await
                .iter()
                .filter(|f| **f)
                .count();
        }
        let rate = false_positives as f64 / strangers.len() as f64;
        println!(
            "{protocol:?}: false-positive rate {rate:.5} ({false_positives} of {}), configured \
             {ERROR_RATE}; {added} of {N} items seen as new while filling",
            strangers.len()
        );
        assert!(
            rate <= 3.0 * ERROR_RATE,
            "false-positive rate {rate} is above 3 x {ERROR_RATE}"
        );

        // BF.INFO as its struct: still one sub-filter, as it was never filled past N.
        let info = client.query(b().bf_info().key(&k)).await.unwrap();
        assert_eq!(info.capacity, N as i64, "{info:?}");
        assert_eq!(info.number_of_items_inserted, added as i64, "{info:?}");
        assert_eq!(info.number_of_filters, 1, "{info:?}");
        assert_eq!(
            info.expansion_rate,
            Some(2),
            "the default expansion: {info:?}"
        );
        // At least the bits the configured rate needs: n * ln(1/p) / ln(2)^2.
        let bits = N as f64 * (1.0 / ERROR_RATE).ln() / 2f64.ln().powi(2);
        assert!(info.size as f64 >= bits / 8.0, "{info:?} for {bits} bits");
        // One field alone: an array of one on RESP2, a map of one on RESP3, both read as
        // the value.
        let items = client.query(b().bf_info().key(&k).items()).await.unwrap();
        assert_eq!(items.0, Some(added as i64), "{protocol:?}");
        let expansion = client
            .query(b().bf_info().key(&k).expansion())
            .await
            .unwrap();
        assert_eq!(expansion.0, Some(2), "{protocol:?}");

        // A filter that does not scale refuses what does not fit.
        let small = key(protocol, "bf:small");
        client
            .query(
                b().bf_reserve()
                    .key(&small)
                    .error_rate(0.01)
                    .capacity(2)
                    .nonscaling(),
            )
            .await
            .unwrap();
        let info = client.query(b().bf_info().key(&small)).await.unwrap();
        assert_eq!(info.expansion_rate, None, "NONSCALING: {info:?}");
        assert!(client
            .query(b().bf_add().key(&small).item("a"))
            .await
            .unwrap());
        assert!(client
            .query(b().bf_add().key(&small).item("b"))
            .await
            .unwrap());
        let full = client.query(b().bf_add().key(&small).item("c")).await;
        assert!(
            matches!(&full, Err(Error::Server(e)) if e.message().contains("full")),
            "{full:?}"
        );
        // BF.MADD and BF.INSERT answer an error in place of the first item that does not
        // fit, and stop there: `Vec<Result<bool, ServerError>>` holds what was done.
        let partly = client
            .query(b().bf_madd().key(&small).item("a").item("c").item("d"))
            .await
            .unwrap();
        assert_eq!(partly.len(), 2, "it stops at the first refusal: {partly:?}");
        assert_eq!(partly[0], Ok(false), "a was there already");
        assert!(
            matches!(&partly[1], Err(e) if e.message().contains("full")),
            "{partly:?}"
        );
        // A filter that does not scale has no expansion rate: null, in either form.
        let expansion = client.query(b().bf_info().key(&small).expansion()).await;
        assert_eq!(expansion.unwrap().0, None, "{protocol:?}");
        let other = key(protocol, "bf:insert");
        let partly = client
            .query(
                b().bf_insert()
                    .key(&other)
                    .capacity(2)
                    .error(0.01)
                    .nonscaling()
                    .items("a")
                    .items("b")
                    .items("c"),
            )
            .await
            .unwrap();
        assert!(
            matches!(&partly[..], [Ok(true), Ok(true), Err(e)] if e.message().contains("full")),
            "{partly:?}"
        );
        assert_eq!(client.query(b().bf_card().key(&other)).await.unwrap(), 2);
        assert!(!client
            .query(b().bf_exists().key(key(protocol, "none")).item("a"))
            .await
            .unwrap());
    }
}

/// `CF.COUNT key item`.
async fn cf_count(client: &Client, key: &str, item: &str) -> i64 {
    client
        .query(b().cf_count().key(key).item(item))
        .await
        .unwrap()
}

/// `CF.EXISTS key item`.
async fn cf_exists(client: &Client, key: &str, item: &str) -> bool {
    client
        .query(b().cf_exists().key(key).item(item))
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cuckoo_filter_adds_counts_and_deletes() {
    let server = typedis_tests::module_server();
    for protocol in PROTOCOLS {
        let client = connect(&server.url(), protocol).await;
        let k = key(protocol, "cf");
        client
            .query(b().cf_reserve().key(&k).capacity(1000))
            .await
            .unwrap();

        // An item may be added more than once; ADDNX does not add it again.
        assert!(client
            .query(b().cf_add().key(&k).item("apple"))
            .await
            .unwrap());
        assert!(client
            .query(b().cf_add().key(&k).item("apple"))
            .await
            .unwrap());
        assert!(client
            .query(b().cf_add().key(&k).item("pear"))
            .await
            .unwrap());
        assert!(!client
            .query(b().cf_addnx().key(&k).item("apple"))
            .await
            .unwrap());
        assert!(client
            .query(b().cf_addnx().key(&k).item("plum"))
            .await
            .unwrap());
        assert_eq!(cf_count(&client, &k, "apple").await, 2);
        assert_eq!(cf_count(&client, &k, "pear").await, 1);
        assert_eq!(cf_count(&client, &k, "fig").await, 0);
        assert!(cf_exists(&client, &k, "apple").await);
        assert!(!cf_exists(&client, &k, "fig").await);
        let found = client
            .query(
                b().cf_mexists()
                    .key(&k)
                    .item("pear")
                    .item("fig")
                    .item("plum"),
            )
            .await
            .unwrap();
        assert_eq!(found, [true, false, true]);

        // Each delete removes one occurrence.
        assert!(client
            .query(b().cf_del().key(&k).item("apple"))
            .await
            .unwrap());
        assert_eq!(cf_count(&client, &k, "apple").await, 1);
        assert!(cf_exists(&client, &k, "apple").await);
        assert!(client
            .query(b().cf_del().key(&k).item("apple"))
            .await
            .unwrap());
        assert_eq!(cf_count(&client, &k, "apple").await, 0);
        assert!(!cf_exists(&client, &k, "apple").await);
        assert!(!client
            .query(b().cf_del().key(&k).item("apple"))
            .await
            .unwrap());

        let info = client.query(b().cf_info().key(&k)).await.unwrap();
        assert_eq!(info.number_of_items_inserted, 2, "pear and plum: {info:?}");
        assert_eq!(info.number_of_items_deleted, 2, "{info:?}");
        assert_eq!(info.number_of_filters, 1, "{info:?}");
        // 1000 items of 2 per bucket, rounded up to a power of two.
        assert_eq!(info.bucket_size, 2, "{info:?}");
        assert_eq!(info.number_of_buckets, 512, "{info:?}");

        // A key that does not exist: nothing exists there, deleting from it is an error.
        let none = key(protocol, "cf:none");
        assert!(!cf_exists(&client, &none, "a").await);
        assert_eq!(cf_count(&client, &none, "a").await, 0);
        let err = client
            .query(b().cf_del().key(&none).item("a"))
            .await
            .unwrap_err();
        assert!(matches!(err, Error::Server(_)), "{err:?}");

        // CF.INSERT into a full filter that cannot grow: 1 and -1 on RESP2, true and
        // false on RESP3, both `Added`.
        let tiny = key(protocol, "cf:tiny");
        client
            .query(
                b().cf_reserve()
                    .key(&tiny)
                    .capacity(2)
                    .bucketsize(1)
                    .maxiterations(1)
                    .expansion(0),
            )
            .await
            .unwrap();
        let mut insert = b().cf_insert().key(&tiny).items("item:0");
        for i in 1..8 {
            insert = insert.items(format!("item:{i}"));
        }
        let added = client.query(insert).await.unwrap();
        assert_eq!(added.len(), 8, "{added:?}");
        assert!(added[0].is_added(), "{added:?}");
        let kept = added.iter().filter(|a| a.is_added()).count();
        assert!(kept < 8, "the filter of 2 buckets of 1 filled: {added:?}");
        let info = client.query(b().cf_info().key(&tiny)).await.unwrap();
        assert_eq!(info.number_of_items_inserted, kept as i64, "{info:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn count_min_sketches_count_query_and_merge() {
    let server = typedis_tests::module_server();
    for protocol in PROTOCOLS {
        let client = connect(&server.url(), protocol).await;
        // One hash slot for the three keys (CMS.MERGE's keys must share one in a cluster).
        let [a, bk, sum] = ["a", "b", "sum"].map(|n| format!("{{cms:{protocol:?}}}:{n}"));
        for k in [&a, &bk, &sum] {
            client
                .query(b().cms_initbydim().key(k).width(2000).depth(5))
                .await
                .unwrap();
        }

        let counts = client
            .query(b().cms_incrby().key(&a).items("x", 5).items("y", 3))
            .await
            .unwrap();
        assert_eq!(counts, [Ok(5), Ok(3)]);
        let counts = client
            .query(b().cms_incrby().key(&a).items("x", 1))
            .await
            .unwrap();
        assert_eq!(counts, [Ok(6)]);
        let counts = client
            .query(b().cms_incrby().key(&bk).items("x", 2).items("z", 7))
            .await
            .unwrap();
        assert_eq!(counts, [Ok(2), Ok(7)]);
        // An increase that would overflow fails alone; the others are done.
        let big = key(protocol, "cms:overflow");
        client
            .query(b().cms_initbydim().key(&big).width(10).depth(2))
            .await
            .unwrap();
        let counts = client
            .query(
                b().cms_incrby()
                    .key(&big)
                    .items("x", i64::MAX)
                    .items("z", 1),
            )
            .await
            .unwrap();
        assert!(
            matches!(&counts[..], [Err(e), Ok(1)] if e.message().contains("overflow")),
            "{counts:?}"
        );
        let q = client
            .query(b().cms_query().key(&a).item("x").item("y").item("z"))
            .await
            .unwrap();
        assert_eq!(q, [6, 3, 0]);

        // sum = 1 x a + 3 x b.
        client
            .query(
                b().cms_merge()
                    .destination(&sum)
                    .source(&a)
                    .source(&bk)
                    .weights(1)
                    .weights(3),
            )
            .await
            .unwrap();
        let q = client
            .query(
                b().cms_query()
                    .key(&sum)
                    .item("x")
                    .item("y")
                    .item("z")
                    .item("w"),
            )
            .await
            .unwrap();
        assert_eq!(q, [6 + 3 * 2, 3, 3 * 7, 0]);

        let info = client.query(b().cms_info().key(&sum)).await.unwrap();
        assert_eq!((info.width, info.depth), (2000, 5), "{info:?}");
        assert_eq!(info.count, 9 + 3 * 9, "{info:?}");
        let info = client.query(b().cms_info().key(&a)).await.unwrap();
        assert_eq!(info.count, 9, "{info:?}");

        // Without weights, every source counts once.
        client
            .query(b().cms_merge().destination(&sum).source_iter([&a, &bk]))
            .await
            .unwrap();
        let q = client
            .query(b().cms_query().key(&sum).item("x").item("z"))
            .await
            .unwrap();
        assert_eq!(q, [8, 7]);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn top_k_keeps_the_heaviest_items_with_their_counts() {
    let server = typedis_tests::module_server();
    for protocol in PROTOCOLS {
        let client = connect(&server.url(), protocol).await;
        let k = key(protocol, "topk");
        client
            .query(b().topk_reserve().key(&k).topk(3).params(100, 5, 0.9))
            .await
            .unwrap();
        let info = client.query(b().topk_info().key(&k)).await.unwrap();
        assert_eq!((info.k, info.width, info.depth), (3, 100, 5), "{info:?}");
        assert_near("decay", info.decay, 0.9, 1e-9);

        // Nothing is pushed out while the list has room and the heavy items lead.
        let expelled = client
            .query(
                b().topk_incrby()
                    .key(&k)
                    .items("alpha", 50)
                    .items("beta", 30)
                    .items("gamma", 20),
            )
            .await
            .unwrap();
        assert_eq!(expelled, [None::<&str>; 3]);
        let expelled = client
            .query(b().topk_incrby().key(&k).items("delta", 5))
            .await
            .unwrap();
        assert_eq!(
            expelled,
            [None::<&str>],
            "delta is too light to enter the list"
        );
        let expelled = client
            .query(b().topk_add().key(&k).item("epsilon").item("epsilon"))
            .await
            .unwrap();
        assert_eq!(expelled, [None::<&str>; 2]);

        let listed = client
            .query(b().topk_list().key(&k).withcount())
            .await
            .unwrap();
        assert_eq!(
            listed,
            [
                (Bytes::from_static(b"alpha"), 50),
                (Bytes::from_static(b"beta"), 30),
                (Bytes::from_static(b"gamma"), 20),
            ]
        );
        let names = client.query(b().topk_list().key(&k)).await.unwrap();
        assert_eq!(names, ["alpha", "beta", "gamma"]);
        let present = client
            .query(
                b().topk_query()
                    .key(&k)
                    .item("beta")
                    .item("delta")
                    .item("nope"),
            )
            .await
            .unwrap();
        assert_eq!(present, [true, false, false]);

        // A new heavy item enters the list and pushes the lightest out.
        let expelled = client
            .query(b().topk_incrby().key(&k).items("omega", 100))
            .await
            .unwrap();
        assert_eq!(expelled, [Some(Bytes::from_static(b"gamma"))]);
        let listed = client
            .query(b().topk_list().key(&k).withcount())
            .await
            .unwrap();
        let names: Vec<&[u8]> = listed.iter().map(|(n, _)| &n[..]).collect();
        assert_eq!(names, [&b"omega"[..], b"alpha", b"beta"]);
        assert_eq!(listed[0].1, 100);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn t_digest_estimates_a_known_distribution() {
    let server = typedis_tests::module_server();
    for protocol in PROTOCOLS {
        let client = connect(&server.url(), protocol).await;
        let k = key(protocol, "td");
        client
            .query(b().tdigest_create().key(&k).compression(100))
            .await
            .unwrap();

        // An empty sketch: min, max and quantiles are NaN (text on RESP2, a double on
        // RESP3), and both read as `f64::NAN`.
        let min = client.query(b().tdigest_min().key(&k)).await.unwrap();
        assert!(min.is_nan(), "{min}");
        let q = client
            .query(b().tdigest_quantile().key(&k).quantile(0.5))
            .await
            .unwrap();
        assert!(q.len() == 1 && q[0].is_nan(), "{q:?}");
        // ... and a rank is -2, the server's "no observations" (undocumented by the builder).
        let rank = client
            .query(b().tdigest_rank().key(&k).value(1))
            .await
            .unwrap();
        assert_eq!(rank, [-2]);

        // 1, 2, ..., 1000, in a shuffled order (a fixed permutation), 100 per command.
        let values: Vec<f64> = (0..1000u32)
            .map(|i| f64::from((i * 7919) % 1000 + 1))
            .collect();
        for chunk in values.chunks(100) {
            let mut add = b().tdigest_add().key(&k).value(chunk[0]);
            for v in &chunk[1..] {
                add = add.value(*v);
            }
            client.query(add).await.unwrap();
        }

        let info = client.query(b().tdigest_info().key(&k)).await.unwrap();
        assert_eq!(info.observations, 1000, "{info:?}");
        assert_eq!(info.compression, 100, "{info:?}");
        assert_eq!(
            info.merged_weight + info.unmerged_weight,
            1000,
            "every observation weighs 1: {info:?}"
        );

        // The extremes are kept exactly.
        assert_eq!(client.query(b().tdigest_min().key(&k)).await.unwrap(), 1.0);
        assert_eq!(
            client.query(b().tdigest_max().key(&k)).await.unwrap(),
            1000.0
        );

        // Quantiles of the uniform 1..=1000: within 1% of the range.
        let fractions = [0.0, 0.01, 0.25, 0.5, 0.75, 0.99, 1.0];
        let mut quantile = b().tdigest_quantile().key(&k).quantile(fractions[0]);
        for f in &fractions[1..] {
            quantile = quantile.quantile(*f);
        }
        let got = client.query(quantile).await.unwrap();
        assert_eq!(got.len(), fractions.len());
        for (f, q) in fractions.iter().zip(&got) {
            let want = 1.0 + f * 999.0;
            assert_near(&format!("quantile {f}"), *q, want, 10.0);
        }
        assert_eq!(got[0], 1.0, "quantile 0 is the minimum");
        assert_eq!(
            got[fractions.len() - 1],
            1000.0,
            "quantile 1 is the maximum"
        );

        // CDF: the fraction at most each value.
        let cdf = client
            .query(
                b().tdigest_cdf()
                    .key(&k)
                    .value(0)
                    .value(100)
                    .value(500)
                    .value(900)
                    .value(2000),
            )
            .await
            .unwrap();
        assert_eq!(cdf.len(), 5);
        assert_eq!(cdf[0], 0.0, "below every observation");
        assert_near("cdf 100", cdf[1], 0.1, 0.01);
        assert_near("cdf 500", cdf[2], 0.5, 0.01);
        assert_near("cdf 900", cdf[3], 0.9, 0.01);
        assert_eq!(cdf[4], 1.0, "above every observation");

        // Ranks and values by rank.
        let ranks = client
            .query(b().tdigest_rank().key(&k).value(0).value(250).value(5000))
            .await
            .unwrap();
        assert_eq!(ranks[0], -1, "below the minimum");
        assert!((ranks[1] - 249).abs() <= 10, "rank of 250: {ranks:?}");
        assert_eq!(ranks[2], 1000, "above the maximum");
        let revranks = client
            .query(b().tdigest_revrank().key(&k).value(750))
            .await
            .unwrap();
        assert!(
            (revranks[0] - 250).abs() <= 10,
            "revrank of 750: {revranks:?}"
        );
        let by_rank = client
            .query(b().tdigest_byrank().key(&k).rank(0).rank(999).rank(1000))
            .await
            .unwrap();
        assert_eq!(by_rank[..2], [1.0, 1000.0]);
        assert_eq!(by_rank[2], f64::INFINITY, "a rank past the last (\"inf\")");
        let by_revrank = client
            .query(b().tdigest_byrevrank().key(&k).reverse_rank(0))
            .await
            .unwrap();
        assert_eq!(by_revrank, [1000.0]);

        // The mean between the 10% and 90% quantiles of a uniform distribution.
        let mean = client
            .query(
                b().tdigest_trimmed_mean()
                    .key(&k)
                    .low_cut_quantile(0.1)
                    .high_cut_quantile(0.9),
            )
            .await
            .unwrap();
        assert_near("trimmed mean", mean, 500.5, 5.0);
    }
}
