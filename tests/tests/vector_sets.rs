//! Redis 8's vector sets through the typed builders, against a real server: a few thousand
//! vectors added (as `FP32` blobs, with attributes), similarity search with a filter
//! expression checked against a brute-force cosine search, the typed replies of `VINFO`,
//! `VGETATTR`, `VEMB`, `VCARD` and `VDIM`. RESP2 and RESP3. A server without vector sets
//! (Redis 7, Valkey) must refuse `VADD` with a typed server error: that half checks the
//! version gate the conformance test relies on, not vector sets.

use bytes::Bytes;
use typedis::{b, Client, Config, Error, Protocol};
use typedis_tests::RedisServer;

const N: usize = 2000;
const DIM: usize = 16;
const GROUPS: usize = 4;

/// Deterministic pseudo-random vectors (a 64-bit LCG), components in [-1, 1).
fn vectors() -> Vec<Vec<f32>> {
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
    };
    (0..N).map(|_| (0..DIM).map(|_| next()).collect()).collect()
}

fn cosine(a: &[f32], b: &[f32]) -> f64 {
    let dot: f64 = a
        .iter()
        .zip(b)
        .map(|(x, y)| f64::from(*x) * f64::from(*y))
        .sum();
    let norm = |v: &[f32]| v.iter().map(|x| f64::from(*x).powi(2)).sum::<f64>().sqrt();
    dot / (norm(a) * norm(b))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nearest_neighbours_with_a_filter_match_a_brute_force_search() {
    let server = RedisServer::start();
    if !typedis_tests::has_vector_sets() {
        let client = Client::connect(&server.url()).await.unwrap();
        let refused = client
            .query(b().vadd().key("v").fp32(&[1.0f32, 0.0][..]).element("e"))
            .await;
        // Refused before it is sent: the server said in its HELLO that it has no VADD.
        assert!(
            matches!(&refused, Err(Error::InvalidUse(e)) if e.to_string().contains("the server is")),
            "{refused:?}"
        );
        return;
    }
    let data = vectors();
    for protocol in [Protocol::Resp2, Protocol::Resp3] {
        let client =
            Client::with_config(Config::from_url(&server.url()).unwrap().protocol(protocol))
                .await
                .unwrap();
        let key = format!("v{protocol:?}");
        // Added in pipelines of 500, exact (NOQUANT) so scores can be compared.
        for (start, chunk) in data.chunks(500).enumerate().map(|(i, c)| (i * 500, c)) {
            let mut pipe = client.pipeline();
            for (i, v) in chunk.iter().enumerate() {
                let n = start + i;
                let attrs = format!(r#"{{"group":{},"n":{n}}}"#, n % GROUPS);
                pipe.push(
                    b().vadd()
                        .key(key.as_str())
                        .fp32(&v[..])
                        .element(format!("e{n}"))
                        .noquant()
                        .setattr(attrs),
                );
            }
            let added: Vec<bool> = pipe.query().await.unwrap();
            assert!(added.iter().all(|a| *a), "every element is new");
        }
        assert_eq!(
            client.query(b().vcard().key(key.as_str())).await.unwrap(),
            N as i64
        );
        assert_eq!(
            client.query(b().vdim().key(key.as_str())).await.unwrap(),
            DIM as i64
        );
        let info = client
            .query(b().vinfo().key(key.as_str()))
            .await
            .unwrap()
            .expect("the set exists");
        assert_eq!(info.size, Some(N as i64));
        assert_eq!(info.vector_dim, Some(DIM as i64));
        assert_eq!(info.quant_type.as_deref(), Some(&b"f32"[..]));
        let attrs = client
            .query(b().vgetattr().key(key.as_str()).element("e6"))
            .await
            .unwrap();
        assert_eq!(attrs, Some(Bytes::from_static(br#"{"group":2,"n":6}"#)));
        let stored = client
            .query(b().vemb().key(key.as_str()).element("e3"))
            .await
            .unwrap()
            .expect("e3 exists");
        assert_eq!(stored.len(), DIM);
        for (got, want) in stored.iter().zip(&data[3]) {
            assert!((got - f64::from(*want)).abs() < 1e-4, "{got} vs {want}");
        }

        // The ten nearest of group 2 to a query vector, by brute force.
        let query: Vec<f32> = data[17].iter().map(|x| x * 0.9 + 0.05).collect();
        let mut truth: Vec<(usize, f64)> = (0..N)
            .filter(|n| n % GROUPS == 2)
            .map(|n| (n, cosine(&query, &data[n])))
            .collect();
        truth.sort_by(|a, b| b.1.total_cmp(&a.1));
        truth.truncate(10);

        // TRUTH: an exact linear scan on the server, so the answer must match exactly,
        // nearest first.
        let exact = client
            .query(
                b().vsim()
                    .key(key.as_str())
                    .fp32(&query[..])
                    .withscores()
                    .count(10)
                    .filter(".group == 2")
                    .truth(),
            )
            .await
            .unwrap();
        assert_eq!(exact.len(), 10);
        for (found, (n, cos)) in exact.iter().zip(&truth) {
            assert_eq!(found.member, format!("e{n}"), "{exact:?}");
            // The server's similarity is (1 + cosine) / 2.
            assert!(
                (found.score - (1.0 + cos) / 2.0).abs() < 1e-4,
                "e{n}: {found:?} vs {cos}"
            );
        }
        // With the attributes too: the same order, each with its own attributes.
        let with_attrs = client
            .query(
                b().vsim()
                    .key(key.as_str())
                    .fp32(&query[..])
                    .withscores()
                    .withattribs()
                    .count(10)
                    .filter(".group == 2")
                    .truth(),
            )
            .await
            .unwrap();
        assert_eq!(with_attrs.len(), 10);
        for (m, (n, _)) in with_attrs.iter().zip(&truth) {
            assert_eq!(m.element, format!("e{n}"));
            let attrs = format!(r#"{{"group":2,"n":{n}}}"#);
            assert_eq!(m.attributes.as_deref(), Some(attrs.as_bytes()));
        }

        // The HNSW search proper, with the query as VALUES: nearly all of the true ten.
        let names = client
            .query(
                b().vsim()
                    .key(key.as_str())
                    .values(query.iter().map(|x| f64::from(*x)))
                    .count(10)
                    .ef(500)
                    .filter(".group == 2"),
            )
            .await
            .unwrap();
        assert_eq!(names.len(), 10);
        let found = truth
            .iter()
            .filter(|(n, _)| names.contains(format!("e{n}")))
            .count();
        assert!(found >= 8, "HNSW found {found} of the true ten: {names:?}");
        assert!(
            names.iter().all(|m| {
                let n: usize = std::str::from_utf8(&m[1..]).unwrap().parse().unwrap();
                n % GROUPS == 2
            }),
            "the filter holds: {names:?}"
        );
    }
}
