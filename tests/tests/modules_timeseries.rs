//! RedisTimeSeries through the typed builders of the `timeseries` feature, against a Redis
//! 8.2.3 with the modules (`typedis_tests::module_server`): series created with RETENTION
//! and LABELS; a compaction rule (`TS.CREATERULE ... AGGREGATION avg`) whose destination
//! series is checked against averages computed here, and `TS.GET ... LATEST` for its open
//! bucket; `TS.RANGE`/`TS.REVRANGE` with AGGREGATION as `Vec<(i64, f64)>`; `TS.GET` as
//! `LastSample` (none for an empty series); `TS.MGET`, `TS.MRANGE` and `TS.MREVRANGE` with
//! WITHLABELS, SELECTED_LABELS, FILTER and GROUPBY ... REDUCE sum read as `MultiSeries`
//! (keys, labels, reducers, sources and summed values); retention dropping samples older
//! than the window behind the newest one, and refusing new ones that old; `TS.INFO` as its
//! generated struct. Every test runs on RESP2 and on RESP3, with exact values.
//!
//! Over 500 lines: one test binary per module feature, so each starts its module server
//! once; its scenarios share the helpers below.

use typedis::reply::{LastSample, MultiSeries, Series};
use typedis::{b, Error, Protocol};
use typedis_tests::{connect_with_protocol as connect, protocol_key as key, PROTOCOLS};

/// A timestamp (ms) aligned to the buckets used here, far from 0 like a real clock's.
const T0: i64 = 1_700_000_000_000;
/// The compaction's bucket.
const BUCKET: i64 = 1000;
/// Samples per bucket, 250 ms apart.
const PER_BUCKET: i64 = 4;
/// Buckets of samples written.
const BUCKETS: i64 = 10;

/// The value of the `i`th sample: small integers, so sums and quarters are exact.
fn value(i: i64) -> f64 {
    ((i * i + 3 * i) % 17) as f64
}

/// The raw samples: `PER_BUCKET` per bucket, `BUCKETS` buckets from `T0`.
fn samples() -> Vec<(i64, f64)> {
    (0..BUCKETS * PER_BUCKET)
        .map(|i| (T0 + i * (BUCKET / PER_BUCKET), value(i)))
        .collect()
}

/// Each bucket's start and the values in it, oldest first.
fn buckets() -> Vec<(i64, Vec<f64>)> {
    samples()
        .chunks(PER_BUCKET as usize)
        .map(|c| (c[0].0, c.iter().map(|s| s.1).collect()))
        .collect()
}

fn avg(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len() as f64
}

fn max(values: &[f64]) -> f64 {
    values.iter().copied().fold(f64::NEG_INFINITY, f64::max)
}

/// The labels as text pairs, for readable comparisons.
fn labels(series: &Series) -> Vec<(String, Option<String>)> {
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    series
        .labels
        .iter()
        .map(|(k, v)| (text(k), v.as_deref().map(text)))
        .collect()
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, Option<String>)> {
    list.iter()
        .map(|(k, v)| ((*k).to_owned(), Some((*v).to_owned())))
        .collect()
}

/// The series of `all` whose key is `key`, or a failure naming what there is.
fn series<'a>(all: &'a MultiSeries, key: &str) -> &'a Series {
    all.get(key)
        .unwrap_or_else(|| panic!("no series {key} in {all:?}"))
}

/// The keys of a multi-series reply, sorted.
fn keys(all: &MultiSeries) -> Vec<String> {
    let mut keys: Vec<String> = all
        .iter()
        .map(|s| String::from_utf8_lossy(&s.key).into_owned())
        .collect();
    keys.sort();
    keys
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_compaction_rule_fills_the_destination_with_bucket_averages() {
    let server = typedis_tests::module_server();
    for protocol in PROTOCOLS {
        let client = connect(&server.url(), protocol).await;
        let raw = key(protocol, "temp:raw");
        let compacted = key(protocol, "temp:avg");
        client
            .query(
                b().ts_create()
                    .key(&raw)
                    .retention(3_600_000)
                    .labels("sensor", "s1")
                    .labels("kind", "temp"),
            )
            .await
            .unwrap();
        client
            .query(b().ts_create().key(&compacted).labels("kind", "temp_avg"))
            .await
            .unwrap();
        client
            .query(
                b().ts_createrule()
                    .source_key(&raw)
                    .dest_key(&compacted)
                    .avg()
                    .bucket_duration(BUCKET),
            )
            .await
            .unwrap();

        // An empty series: `TS.GET` answers an empty array, read as no sample.
        let last = client.query(b().ts_get().key(&raw)).await.unwrap();
        assert_eq!(last, LastSample(None));

        for (t, v) in samples() {
            let written = client
                .query(b().ts_add().key(&raw).timestamp(t).value(v))
                .await
                .unwrap();
            assert_eq!(written, t);
        }
        let all = samples();
        let last = all[all.len() - 1];
        assert_eq!(
            *client.query(b().ts_get().key(&raw)).await.unwrap(),
            Some(last)
        );

        // Every bucket but the last is closed (a sample of a later bucket arrived), and
        // the compaction holds its average.
        let want: Vec<(i64, f64)> = buckets().iter().map(|(t, v)| (*t, avg(v))).collect();
        let got = client
            .query(
                b().ts_range()
                    .key(&compacted)
                    .from_timestamp("-")
                    .to_timestamp("+"),
            )
            .await
            .unwrap();
        assert_eq!(got, want[..want.len() - 1]);
        // LATEST adds the open bucket; without it the last closed bucket is the last sample.
        let open = client
            .query(b().ts_get().key(&compacted).latest())
            .await
            .unwrap();
        assert_eq!(*open, Some(want[want.len() - 1]));
        let closed = client.query(b().ts_get().key(&compacted)).await.unwrap();
        assert_eq!(*closed, Some(want[want.len() - 2]));
        let with_open = client
            .query(
                b().ts_range()
                    .key(&compacted)
                    .from_timestamp("-")
                    .to_timestamp("+")
                    .latest(),
            )
            .await
            .unwrap();
        assert_eq!(with_open, want);

        // The same averages, aggregated at query time from the raw series.
        let aggregated = client
            .query(
                b().ts_range()
                    .key(&raw)
                    .from_timestamp("-")
                    .to_timestamp("+")
                    .aggregation_avg(BUCKET),
            )
            .await
            .unwrap();
        assert_eq!(aggregated, want);
        let sums = client
            .query(
                b().ts_range()
                    .key(&raw)
                    .from_timestamp(T0)
                    .to_timestamp(T0 + 3 * BUCKET - 1)
                    .aggregation_sum(BUCKET),
            )
            .await
            .unwrap();
        let want_sums: Vec<(i64, f64)> = buckets()[..3]
            .iter()
            .map(|(t, v)| (*t, v.iter().sum()))
            .collect();
        assert_eq!(sums, want_sums);
        // Newest first, the three most recent buckets' maxima.
        let maxima = client
            .query(
                b().ts_revrange()
                    .key(&raw)
                    .from_timestamp("-")
                    .to_timestamp("+")
                    .aggregation_max(BUCKET)
                    .count(3),
            )
            .await
            .unwrap();
        let want_maxima: Vec<(i64, f64)> = buckets()
            .iter()
            .rev()
            .take(3)
            .map(|(t, v)| (*t, max(v)))
            .collect();
        assert_eq!(maxima, want_maxima);
        // The raw samples of one bucket, both ways.
        let one = client
            .query(
                b().ts_range()
                    .key(&raw)
                    .from_timestamp(T0 + BUCKET)
                    .to_timestamp(T0 + 2 * BUCKET - 1),
            )
            .await
            .unwrap();
        assert_eq!(one, all[4..8]);
        let reversed = client
            .query(
                b().ts_revrange()
                    .key(&raw)
                    .from_timestamp(T0 + BUCKET)
                    .to_timestamp(T0 + 2 * BUCKET - 1),
            )
            .await
            .unwrap();
        let mut want_reversed = all[4..8].to_vec();
        want_reversed.reverse();
        assert_eq!(reversed, want_reversed);

        // TS.INFO of both ends of the rule.
        let info = client.query(b().ts_info().key(&raw)).await.unwrap();
        assert_eq!(info.totalsamples, BUCKETS * PER_BUCKET, "{info:?}");
        assert_eq!(info.firsttimestamp, T0, "{info:?}");
        assert_eq!(info.lasttimestamp, last.0, "{info:?}");
        assert_eq!(info.retentiontime, 3_600_000, "{info:?}");
        assert_eq!(info.chunktype, "compressed", "{info:?}");
        assert_eq!(info.sourcekey, None, "{info:?}");
        assert_eq!(info.labels.len(), 2, "{info:?}");
        assert_eq!(info.labels.get("sensor"), Some(&b"s1"[..]));
        assert_eq!(info.labels.get("kind"), Some(&b"temp"[..]));
        // The rule: `[dest, bucket, aggregator, align]` per rule on RESP2, a map of dest to
        // `[bucket, aggregator, align]` on RESP3, both read as `CompactionRules`.
        let [rule] = &info.rules[..] else {
            panic!("one rule on {protocol:?}: {info:?}");
        };
        assert_eq!(rule.destination, compacted.as_bytes(), "{rule:?}");
        assert_eq!(rule.bucket_duration, BUCKET, "{rule:?}");
        assert_eq!(rule.aggregator, "AVG", "{rule:?}");
        assert_eq!(rule.align, 0, "{rule:?}");
        assert_eq!(info.chunks, None, "chunks only with DEBUG: {info:?}");
        // DEBUG adds the series' own key and its chunks, which hold every sample.
        let debug = client.query(b().ts_info().key(&raw).debug()).await.unwrap();
        assert_eq!(
            debug.keyselfname.as_deref(),
            Some(raw.as_bytes()),
            "{debug:?}"
        );
        let chunks = debug.chunks.expect("DEBUG lists the chunks");
        assert_eq!(chunks.len() as i64, debug.chunkcount, "{chunks:?}");
        assert_eq!(
            chunks.iter().map(|c| c.samples).sum::<i64>(),
            BUCKETS * PER_BUCKET
        );
        assert_eq!(chunks[0].starttimestamp, T0, "{chunks:?}");
        assert_eq!(chunks[chunks.len() - 1].endtimestamp, last.0, "{chunks:?}");
        assert!(chunks.iter().all(|c| c.bytespersample > 0.0), "{chunks:?}");
        let info = client.query(b().ts_info().key(&compacted)).await.unwrap();
        assert_eq!(info.sourcekey.as_deref(), Some(raw.as_bytes()), "{info:?}");
        assert_eq!(info.totalsamples, BUCKETS - 1, "{info:?}");
        assert_eq!(info.retentiontime, 0, "{info:?}");
        assert_eq!(info.labels.get("kind"), Some(&b"temp_avg"[..]));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mget_and_mrange_filter_group_and_reduce_across_series() {
    let server = typedis_tests::module_server();
    for protocol in PROTOCOLS {
        let client = connect(&server.url(), protocol).await;
        // The filters name this run, so the other protocol's series never match.
        let run = format!("{protocol:?}");
        let [s1, s2, s3, s4] = ["s:1", "s:2", "s:3", "s:4"].map(|n| key(protocol, n));
        for (k, city, kind) in [
            (&s1, "paris", "temp"),
            (&s2, "paris", "temp"),
            (&s3, "lyon", "temp"),
            (&s4, "lyon", "hum"),
        ] {
            client
                .query(
                    b().ts_create()
                        .key(k)
                        .retention(0)
                        .labels("city", city)
                        .labels("kind", kind)
                        .labels("run", &run),
                )
                .await
                .unwrap();
        }
        // Three samples each: s:1 1, 2, 3; s:2 10, 20, 30; s:3 100, ...; s:4 1000, ...
        let mut madd = b().ts_madd().sample(&s1, 1000, 1.0);
        let mut want_written = vec![Ok(1000)];
        for t in 1..=3i64 {
            for (n, k) in [&s1, &s2, &s3, &s4].into_iter().enumerate() {
                if t == 1 && n == 0 {
                    continue;
                }
                madd = madd.sample(k, t * 1000, (t * 10i64.pow(n as u32)) as f64);
                want_written.push(Ok(t * 1000));
            }
        }
        let written = client.query(madd).await.unwrap();
        assert_eq!(written, want_written);

        // TS.MGET WITHLABELS: every label and the last sample of each series.
        let temp = format!("run={run}");
        let last = client
            .query(b().ts_mget().withlabels().filter("kind=temp").filter(&temp))
            .await
            .unwrap();
        assert_eq!(keys(&last), [s1.clone(), s2.clone(), s3.clone()]);
        for (k, city, v) in [
            (&s1, "paris", 3.0),
            (&s2, "paris", 30.0),
            (&s3, "lyon", 300.0),
        ] {
            let s = series(&last, k);
            assert_eq!(
                labels(s),
                pairs(&[("city", city), ("kind", "temp"), ("run", &run)]),
                "{k}"
            );
            assert_eq!(s.label("city"), Some(city.as_bytes()));
            assert_eq!(s.samples, [(3000, v)], "{k}");
            assert_eq!(s.last(), Some((3000, v)));
            assert!(s.reducers.is_empty() && s.sources.is_empty(), "{s:?}");
        }
        // SELECTED_LABELS: only those; without either, none.
        let selected = client
            .query(
                b().ts_mget()
                    .selected_labels(["city"])
                    .filter("kind=temp")
                    .filter(&temp),
            )
            .await
            .unwrap();
        assert_eq!(labels(series(&selected, &s3)), pairs(&[("city", "lyon")]));
        let bare = client
            .query(b().ts_mget().filter("kind=hum").filter(&temp))
            .await
            .unwrap();
        assert_eq!(bare.len(), 1, "{bare:?}");
        assert!(bare.series[0].labels.is_empty(), "{bare:?}");
        assert_eq!(bare.series[0].key, s4.as_bytes());
        assert_eq!(bare.series[0].samples, [(3000, 3000.0)]);
        // A filter nothing matches.
        let none = client
            .query(b().ts_mget().filter("kind=pressure").filter(&temp))
            .await
            .unwrap();
        assert!(none.is_empty(), "{none:?}");

        // TS.MRANGE ... GROUPBY city REDUCE sum: one group per city, its samples the sums
        // of its series' samples at each timestamp.
        let grouped = client
            .query(
                b().ts_mrange()
                    .from_timestamp("-")
                    .to_timestamp("+")
                    .withlabels()
                    .filter("kind=temp")
                    .filter(&temp)
                    .groupby_reduce_sum("city"),
            )
            .await
            .unwrap();
        assert_eq!(keys(&grouped), ["city=lyon", "city=paris"], "{grouped:?}");
        let paris = series(&grouped, "city=paris");
        assert_eq!(labels(paris), pairs(&[("city", "paris")]), "{paris:?}");
        assert_eq!(paris.reducers, ["sum"], "{paris:?}");
        let mut sources = paris.sources.clone();
        sources.sort();
        assert_eq!(sources, [s1.as_str(), s2.as_str()], "{paris:?}");
        assert_eq!(
            paris.samples,
            [(1000, 11.0), (2000, 22.0), (3000, 33.0)],
            "{paris:?}"
        );
        let lyon = series(&grouped, "city=lyon");
        assert_eq!(lyon.reducers, ["sum"], "{lyon:?}");
        assert_eq!(lyon.sources, [s3.as_str()], "{lyon:?}");
        assert_eq!(
            lyon.samples,
            [(1000, 100.0), (2000, 200.0), (3000, 300.0)],
            "the hum series is filtered out: {lyon:?}"
        );
        // Without WITHLABELS, RESP3 still sends the reducers and sources; RESP2 has no
        // place for them (documented on `Series`).
        let grouped = client
            .query(
                b().ts_mrange()
                    .from_timestamp("-")
                    .to_timestamp("+")
                    .filter("kind=temp")
                    .filter(&temp)
                    .groupby_reduce_sum("city"),
            )
            .await
            .unwrap();
        let paris = series(&grouped, "city=paris");
        assert!(paris.labels.is_empty(), "{paris:?}");
        assert_eq!(paris.samples[2], (3000, 33.0));
        if protocol == Protocol::Resp2 {
            assert!(
                paris.reducers.is_empty() && paris.sources.is_empty(),
                "{paris:?}"
            );
        } else {
            assert_eq!(paris.reducers, ["sum"], "{paris:?}");
            assert_eq!(paris.sources.len(), 2, "{paris:?}");
        }

        // TS.MRANGE with AGGREGATION over a range, and TS.MREVRANGE newest first.
        let paris_only = "city=paris";
        let summed = client
            .query(
                b().ts_mrange()
                    .from_timestamp(1000)
                    .to_timestamp(2999)
                    .aggregation_sum(2000)
                    .filter(paris_only)
                    .filter(&temp),
            )
            .await
            .unwrap();
        assert_eq!(keys(&summed), [s1.clone(), s2.clone()]);
        // Buckets start at multiples of 2000: [0, 2000) holds t=1000, [2000, 4000) t=2000.
        assert_eq!(series(&summed, &s1).samples, [(0, 1.0), (2000, 2.0)]);
        assert_eq!(series(&summed, &s2).samples, [(0, 10.0), (2000, 20.0)]);
        let newest = client
            .query(
                b().ts_mrevrange()
                    .from_timestamp("-")
                    .to_timestamp("+")
                    .count(2)
                    .selected_labels(["kind"])
                    .filter("city=lyon")
                    .filter(&temp),
            )
            .await
            .unwrap();
        assert_eq!(keys(&newest), [s3.clone(), s4.clone()]);
        assert_eq!(series(&newest, &s3).samples, [(3000, 300.0), (2000, 200.0)]);
        assert_eq!(labels(series(&newest, &s4)), pairs(&[("kind", "hum")]));
        assert_eq!(
            series(&newest, &s4).samples,
            [(3000, 3000.0), (2000, 2000.0)]
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn retention_drops_and_refuses_samples_older_than_the_window() {
    let server = typedis_tests::module_server();
    for protocol in PROTOCOLS {
        let client = connect(&server.url(), protocol).await;
        let k = key(protocol, "retained");
        // 10 s of retention, counted back from the newest sample (not from the clock).
        client
            .query(
                b().ts_create()
                    .key(&k)
                    .retention(10_000)
                    .labels("kind", "retained"),
            )
            .await
            .unwrap();
        for (t, v) in [(1000, 1.0), (2000, 2.0)] {
            assert_eq!(
                client
                    .query(b().ts_add().key(&k).timestamp(t).value(v))
                    .await
                    .unwrap(),
                t
            );
        }
        let range = b().ts_range().key(&k).from_timestamp("-").to_timestamp("+");
        assert_eq!(
            client.query(range).await.unwrap(),
            [(1000, 1.0), (2000, 2.0)]
        );

        // A sample 98 s later: the two old ones fall out of the window and are gone.
        client
            .query(b().ts_add().key(&k).timestamp(100_000).value(3.0))
            .await
            .unwrap();
        let range = b().ts_range().key(&k).from_timestamp("-").to_timestamp("+");
        assert_eq!(client.query(range).await.unwrap(), [(100_000, 3.0)]);
        let range = b()
            .ts_range()
            .key(&k)
            .from_timestamp(0)
            .to_timestamp(50_000);
        assert_eq!(client.query(range).await.unwrap(), []);
        let info = client.query(b().ts_info().key(&k)).await.unwrap();
        assert_eq!(info.retentiontime, 10_000, "{info:?}");
        assert_eq!(
            info.totalsamples, 1,
            "the old samples were trimmed: {info:?}"
        );
        assert_eq!(info.firsttimestamp, 100_000, "{info:?}");

        // A new sample older than the window is refused: an error reply for TS.ADD, an
        // error in its place in TS.MADD's array (the other sample is written).
        let err = client
            .query(b().ts_add().key(&k).timestamp(50_000).value(9.0))
            .await
            .unwrap_err();
        assert!(
            matches!(&err, Error::Server(e) if e.message().contains("older than retention")),
            "{err:?}"
        );
        let written = client
            .query(
                b().ts_madd()
                    .sample(&k, 60_000, 1.0)
                    .sample(&k, 95_000, 2.0),
            )
            .await
            .unwrap();
        // `Vec<Result<i64, ServerError>>`: each sample's timestamp, or its error.
        assert_eq!(written.len(), 2, "{written:?}");
        assert!(
            matches!(&written[0], Err(e) if e.message().contains("older than retention")),
            "{written:?}"
        );
        assert_eq!(written[1], Ok(95_000));
        // A key that is no series and a value that does not parse fail alone too.
        let text = key(protocol, "text");
        client.query(b().set().key(&text).value("x")).await.unwrap();
        let written = client
            .query(b().ts_madd().sample(&text, 1, 1.0).sample(&k, 96_000, 4.0))
            .await
            .unwrap();
        assert!(
            matches!(&written[..], [Err(e), Ok(96_000)] if e.message().contains("not a TSDB key")),
            "{written:?}"
        );
        let range = b().ts_range().key(&k).from_timestamp("-").to_timestamp("+");
        assert_eq!(
            client.query(range).await.unwrap(),
            [(95_000, 2.0), (96_000, 4.0), (100_000, 3.0)]
        );
        assert_eq!(
            *client.query(b().ts_get().key(&k)).await.unwrap(),
            Some((100_000, 3.0))
        );

        // TS.ADD creates a missing series with its own retention and labels.
        let created = key(protocol, "created");
        client
            .query(
                b().ts_add()
                    .key(&created)
                    .timestamp(5000)
                    .value(0.5)
                    .retention(1000)
                    .labels("origin", "ts.add"),
            )
            .await
            .unwrap();
        client
            .query(b().ts_add().key(&created).timestamp(7000).value(1.5))
            .await
            .unwrap();
        let range = b()
            .ts_range()
            .key(&created)
            .from_timestamp("-")
            .to_timestamp("+");
        assert_eq!(client.query(range).await.unwrap(), [(7000, 1.5)]);
        let info = client.query(b().ts_info().key(&created)).await.unwrap();
        assert_eq!(info.retentiontime, 1000, "{info:?}");
        assert_eq!(info.labels.get("origin"), Some(&b"ts.add"[..]), "{info:?}");
    }
}
