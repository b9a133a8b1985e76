//! The benchmark table: for each fixture, the framing floor and each library's decode into
//! its natural type, as plain functions shared by the criterion bench and the allocation
//! counter.
//!
//! Over 500 lines: every fixture's floor and every library's decode side by side, so that
//! what is compared stays in one place.

use std::collections::HashMap;

use bytes::Bytes;
use typedis::{reply, Error};

use crate::arrival::Arrival;
use crate::derived;
use crate::fixtures::{self, Fixture, Proto};
use crate::peers::{frame_only, fred_typed, fred_value, redis_typed, redis_value, rustis_typed};
use crate::shapes::{MapEntry, StreamEntry};

/// Who decodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Lib {
    /// typedis's `FrameScanner` alone: where the frame ends, nothing read.
    Floor,
    /// typedis: scan, then read into a typed, borrowed value.
    Typedis,
    /// redis-rs: its parser into `redis::Value`, then `FromRedisValue`.
    RedisRs,
    /// fred's decoder (the `redis-protocol` crate) alone: a frame tree.
    RedisProtocol,
    /// fred: its decoder, then fred's `Value` and `FromValue`.
    Fred,
    /// rustis: its tape parser, then its serde deserializer.
    Rustis,
}

impl Lib {
    /// The name used in benchmark ids and tables.
    pub fn name(self) -> &'static str {
        match self {
            Lib::Floor => "floor",
            Lib::Typedis => "typedis",
            Lib::RedisRs => "redis-rs",
            Lib::RedisProtocol => "redis-protocol",
            Lib::Fred => "fred",
            Lib::Rustis => "rustis",
        }
    }

    /// Whether the result is a typed value whose weight must agree with the others'.
    pub fn is_typed(self) -> bool {
        matches!(self, Lib::Typedis | Lib::RedisRs | Lib::Fred | Lib::Rustis)
    }
}

/// One decode of one fixture by one library into one shape.
#[derive(Clone, Copy)]
pub struct Case {
    /// The fixture's name.
    pub fixture: &'static str,
    /// Who decodes.
    pub lib: Lib,
    /// The Rust type decoded into.
    pub shape: &'static str,
    /// One decode: returns the result's weight (element count, byte length or value),
    /// which every typed case of a fixture agrees on.
    pub run: fn(&mut Arrival<'_>) -> usize,
}

impl Case {
    /// `fixture/lib/shape`, the criterion id.
    pub fn id(&self) -> String {
        format!("{}/{}/{}", self.fixture, self.lib.name(), self.shape)
    }
}

fn case(
    fixture: &'static str,
    lib: Lib,
    shape: &'static str,
    run: fn(&mut Arrival<'_>) -> usize,
) -> Case {
    Case {
        fixture,
        lib,
        shape,
        run,
    }
}

/// Decodes typedis's frame as `$ty` and weighs the result with `$weigh`.
macro_rules! typedis {
    ($ty:ty, $weigh:expr) => {
        |a: &mut Arrival<'_>| {
            let frame = a.typedis_frame();
            let v: $ty = frame.decode().expect("typedis reads it");
            $weigh(&v)
        }
    };
}

fn floor(a: &mut Arrival<'_>) -> usize {
    a.scan()
}

fn len<T>(v: &[T]) -> usize {
    v.len()
}

fn one<T>(v: &T) -> usize {
    std::hint::black_box(v);
    1
}

fn map_len<K, V>(m: &HashMap<K, V>) -> usize {
    m.len()
}

/// The number of documents of an FT.SEARCH reply read by typedis as a tree.
fn typedis_docs(v: &typedis::Value) -> usize {
    use typedis::Value;
    let Value::Map(pairs) = v else {
        panic!("expected a map, got {v:?}")
    };
    pairs
        .iter()
        .find_map(|(k, v)| match (k, v) {
            (Value::SimpleString(k), Value::Array(docs)) if k == "results" => Some(docs.len()),
            _ => None,
        })
        .expect("a results array")
}

/// The number of documents of an FT.SEARCH reply read by redis-rs as a tree.
fn redis_docs(v: &redis::Value) -> usize {
    use redis::Value;
    let Value::Map(pairs) = v else {
        panic!("expected a map, got {v:?}")
    };
    pairs
        .iter()
        .find_map(|(k, v)| match (k, v) {
            (Value::SimpleString(k), Value::Array(docs)) if k == "results" => Some(docs.len()),
            _ => None,
        })
        .expect("a results array")
}

/// The number of documents of an FT.SEARCH reply read by fred as a tree.
fn fred_docs(v: fred::types::Value) -> usize {
    let map = v.into_map().expect("a map");
    match map.inner().get(&fred::types::Key::from("results")) {
        Some(fred::types::Value::Array(docs)) => docs.len(),
        other => panic!("expected a results array, got {other:?}"),
    }
}

/// The framing floor and redis-protocol's frame tree for `fixture`.
fn untyped(fixture: &'static str, proto: Proto) -> [Case; 2] {
    let run: fn(&mut Arrival<'_>) -> usize = match proto {
        Proto::Resp2 => |a| frame_only(Proto::Resp2, a),
        Proto::Resp3 => |a| frame_only(Proto::Resp3, a),
    };
    [
        case(fixture, Lib::Floor, "FrameScanner", floor),
        case(fixture, Lib::RedisProtocol, "BytesFrame", run),
    ]
}

/// The cases of a bulk-string fixture.
fn bulk_cases(fixture: &'static str) -> Vec<Case> {
    let mut cases = untyped(fixture, Proto::Resp2).to_vec();
    cases.extend([
        case(
            fixture,
            Lib::Typedis,
            "&[u8]",
            typedis!(&[u8], |v: &&[u8]| v.len()),
        ),
        case(fixture, Lib::RedisRs, "Vec<u8>", |a| {
            redis_typed::<Vec<u8>>(a).len()
        }),
        case(fixture, Lib::Fred, "Bytes", |a| {
            fred_typed::<Bytes>(Proto::Resp2, a).len()
        }),
    ]);
    cases
}

/// Every case, fixture by fixture.
pub fn all() -> Vec<Case> {
    let mut cases = Vec::new();

    let x = "xrange_1000";
    cases.extend(untyped(x, Proto::Resp2));
    cases.extend([
        case(
            x,
            Lib::Typedis,
            "Vec<StreamEntry> fields Vec<(&[u8],&[u8])>, hand-written",
            typedis!(Vec<StreamEntry<'_>>, len),
        ),
        case(
            x,
            Lib::Typedis,
            "Vec<MapEntry> fields map struct, hand-written",
            typedis!(Vec<MapEntry<'_>>, len),
        ),
        case(
            x,
            Lib::Typedis,
            "Vec<MapEntry> fields map struct, derived",
            typedis!(Vec<derived::MapEntry<'_>>, len),
        ),
        case(
            x,
            Lib::Typedis,
            "Vec<PairsEntry> fields Vec<(&[u8],&[u8])>, derived",
            typedis!(Vec<derived::PairsEntry<'_>>, len),
        ),
        case(
            x,
            Lib::Typedis,
            "Vec<OwnedEntry> Bytes fields map struct, derived",
            typedis!(Vec<derived::OwnedEntry>, len),
        ),
        case(
            x,
            Lib::Typedis,
            "StreamEntries, XRANGE's default reply type",
            typedis!(reply::StreamEntries, reply::StreamEntries::len),
        ),
        case(
            x,
            Lib::Typedis,
            "Vec<reply::StreamEntry>, one owned entry each",
            typedis!(Vec<reply::StreamEntry>, len),
        ),
        case(
            x,
            Lib::Typedis,
            "Vec<(Bytes, Vec<(Bytes, Bytes)>)>, owned",
            typedis!(Vec<(Bytes, Vec<(Bytes, Bytes)>)>, len),
        ),
        case(x, Lib::RedisRs, "StreamRangeReply", |a| {
            redis_typed::<redis::streams::StreamRangeReply>(a).ids.len()
        }),
        case(
            x,
            Lib::RedisRs,
            "Vec<(String, Vec<(Vec<u8>, Vec<u8>)>)>",
            |a| redis_typed::<Vec<(String, Vec<(Vec<u8>, Vec<u8>)>)>>(a).len(),
        ),
        case(
            x,
            Lib::Fred,
            "Vec<(String, HashMap<String, String>)>",
            |a| fred_typed::<Vec<(String, HashMap<String, String>)>>(Proto::Resp2, a).len(),
        ),
    ]);

    for (h, proto) in [
        ("hgetall_100_resp2", Proto::Resp2),
        ("hgetall_100_resp3", Proto::Resp3),
    ] {
        cases.extend(untyped(h, proto));
        cases.extend([
            case(
                h,
                Lib::Typedis,
                "HashMap<&str, &str>",
                typedis!(HashMap<&str, &str>, map_len),
            ),
            case(
                h,
                Lib::Typedis,
                "Vec<(&[u8], &[u8])>",
                typedis!(Vec<(&[u8], &[u8])>, len),
            ),
            case(
                h,
                Lib::Typedis,
                "HashMap<&[u8], &[u8]>",
                typedis!(HashMap<&[u8], &[u8]>, map_len),
            ),
            case(
                h,
                Lib::Typedis,
                "Map, HGETALL's default reply type",
                typedis!(reply::Map, reply::Map::len),
            ),
            case(h, Lib::Typedis, "Map, then one get", |a| {
                let frame = a.typedis_frame();
                let map: reply::Map = frame.decode().expect("typedis reads it");
                let last = map.keys().last().expect("fields");
                // The weight of every HGETALL case: the number of fields (once found).
                map.get(last).map_or(0, |_| map.len())
            }),
            case(h, Lib::Typedis, "Map, then one get of its first key", |a| {
                let frame = a.typedis_frame();
                let map: reply::Map = frame.decode().expect("typedis reads it");
                let first = map.keys().next().expect("fields");
                map.get(first).map_or(0, |_| map.len())
            }),
            case(h, Lib::Typedis, "Map, then a get of every key", |a| {
                let frame = a.typedis_frame();
                let map: reply::Map = frame.decode().expect("typedis reads it");
                map.keys().filter_map(|k| map.get(k)).count()
            }),
            case(
                h,
                Lib::Typedis,
                "HashMap<&[u8], &[u8]>, then a get of every key",
                |a| {
                    let frame = a.typedis_frame();
                    let map: HashMap<&[u8], &[u8]> = frame.decode().expect("typedis reads it");
                    map.keys().filter_map(|k| map.get(*k)).count()
                },
            ),
            case(
                h,
                Lib::Typedis,
                "HashMap<Bytes, Bytes>",
                typedis!(HashMap<Bytes, Bytes>, map_len),
            ),
            case(
                h,
                Lib::Typedis,
                "HashMap<String, String>, owned",
                typedis!(HashMap<String, String>, map_len),
            ),
            case(
                h,
                Lib::Typedis,
                "HashMap<Text, Text>, owned",
                typedis!(HashMap<reply::Text, reply::Text>, map_len),
            ),
            case(h, Lib::RedisRs, "HashMap<String, String>", |a| {
                redis_typed::<HashMap<String, String>>(a).len()
            }),
        ]);
        cases.push(match proto {
            Proto::Resp2 => case(h, Lib::Fred, "HashMap<String, String>", |a| {
                fred_typed::<HashMap<String, String>>(Proto::Resp2, a).len()
            }),
            Proto::Resp3 => case(h, Lib::Fred, "HashMap<String, String>", |a| {
                fred_typed::<HashMap<String, String>>(Proto::Resp3, a).len()
            }),
        });
    }

    for l in ["lrange_10000", "array_100_bulk"] {
        cases.extend(untyped(l, Proto::Resp2));
        cases.extend([
            case(l, Lib::Typedis, "Vec<&str>", typedis!(Vec<&str>, len)),
            case(l, Lib::Typedis, "Vec<&[u8]>", typedis!(Vec<&[u8]>, len)),
            case(
                l,
                Lib::Typedis,
                "List, LRANGE's default reply type",
                typedis!(reply::List, reply::List::len),
            ),
            case(l, Lib::Typedis, "Vec<Bytes>", typedis!(Vec<Bytes>, len)),
            case(
                l,
                Lib::Typedis,
                "Values, MGET's default reply type",
                typedis!(reply::Values, reply::Values::len),
            ),
            case(
                l,
                Lib::Typedis,
                "Vec<Option<Bytes>>",
                typedis!(Vec<Option<Bytes>>, len),
            ),
            case(
                l,
                Lib::Typedis,
                "Vec<String>, owned",
                typedis!(Vec<String>, len),
            ),
            case(
                l,
                Lib::Typedis,
                "Vec<Text>, owned",
                typedis!(Vec<reply::Text>, len),
            ),
            case(l, Lib::RedisRs, "Vec<String>", |a| {
                redis_typed::<Vec<String>>(a).len()
            }),
            case(l, Lib::Fred, "Vec<String>", |a| {
                fred_typed::<Vec<String>>(Proto::Resp2, a).len()
            }),
        ]);
    }

    let g = "get_32b";
    cases.extend(bulk_cases(g));
    cases.extend([
        case(
            g,
            Lib::Typedis,
            "Option<&[u8]>",
            typedis!(Option<&[u8]>, |v: &Option<&[u8]>| v.map_or(0, <[u8]>::len)),
        ),
        case(
            g,
            Lib::Typedis,
            "Option<Bytes>, GET's default reply type",
            typedis!(Option<Bytes>, |v: &Option<Bytes>| v
                .as_ref()
                .map_or(0, Bytes::len)),
        ),
        case(
            g,
            Lib::Typedis,
            "Option<String>, owned",
            typedis!(Option<String>, |v: &Option<String>| v
                .as_ref()
                .map_or(0, String::len)),
        ),
    ]);

    for b in [
        "bulk_1mib",
        "bulk_100_in_5_chunks",
        "bulk_4mib_in_66_chunks",
    ] {
        cases.extend(bulk_cases(b));
    }

    let s = "simple_string";
    cases.extend(untyped(s, Proto::Resp2));
    cases.extend([
        case(s, Lib::Typedis, "&str", typedis!(&str, |v: &&str| v.len())),
        case(s, Lib::RedisRs, "String", |a| {
            redis_typed::<String>(a).len()
        }),
        case(s, Lib::Fred, "String", |a| {
            fred_typed::<String>(Proto::Resp2, a).len()
        }),
    ]);

    let i = "integer";
    cases.extend(untyped(i, Proto::Resp2));
    cases.extend([
        case(i, Lib::Typedis, "i64", typedis!(i64, |v: &i64| *v as usize)),
        case(i, Lib::RedisRs, "i64", |a| redis_typed::<i64>(a) as usize),
        case(i, Lib::Fred, "i64", |a| {
            fred_typed::<i64>(Proto::Resp2, a) as usize
        }),
    ]);

    let n = "big_number_resp3";
    cases.extend(untyped(n, Proto::Resp3));
    cases.extend([
        case(n, Lib::Typedis, "i128", typedis!(i128, one)),
        case(n, Lib::RedisRs, "redis::Value", |a| one(&redis_value(a))),
        case(n, Lib::Fred, "i128", |a| {
            one(&fred_typed::<i128>(Proto::Resp3, a))
        }),
    ]);

    let r = "array_nested";
    cases.extend(untyped(r, Proto::Resp2));
    cases.extend([
        case(
            r,
            Lib::Typedis,
            "Vec<Vec<&str>>",
            typedis!(Vec<Vec<&str>>, len),
        ),
        case(r, Lib::RedisRs, "Vec<Vec<String>>", |a| {
            redis_typed::<Vec<Vec<String>>>(a).len()
        }),
        case(r, Lib::Fred, "Vec<Vec<String>>", |a| {
            fred_typed::<Vec<Vec<String>>>(Proto::Resp2, a).len()
        }),
    ]);

    let e = "error";
    cases.extend(untyped(e, Proto::Resp2));
    cases.extend([
        case(e, Lib::Typedis, "Error::Server", |a| {
            let frame = a.typedis_frame();
            match frame.decode::<()>() {
                Err(Error::Server(e)) => one(&e),
                other => panic!("expected a server error, got {other:?}"),
            }
        }),
        case(e, Lib::RedisRs, "RedisError", |a| {
            one(&redis_value(a).extract_error().expect_err("an error reply"))
        }),
        case(e, Lib::Fred, "fred::error::Error", |a| {
            one(&fred_value(Proto::Resp2, a).expect_err("an error reply"))
        }),
    ]);

    let q = "ft_search_json_100";
    cases.extend(untyped(q, Proto::Resp3));
    cases.extend([
        case(
            q,
            Lib::Typedis,
            "SearchResults, fields JsonDoc { $: &str }, derived",
            |a| {
                let frame = a.typedis_frame();
                let results: reply::SearchResults = frame.decode().expect("typedis reads it");
                let mut text = 0;
                for doc in &results {
                    let fields: derived::JsonDoc<'_> =
                        doc.fields.decode().expect("typedis reads the fields");
                    text += fields.json.len();
                }
                std::hint::black_box(text);
                results.len()
            },
        ),
        case(
            q,
            Lib::Typedis,
            "SearchResults, fields ProductDoc { $: Json<Product> }, serde",
            |a| {
                let frame = a.typedis_frame();
                let results: reply::SearchResults = frame.decode().expect("typedis reads it");
                for doc in &results {
                    let fields: derived::ProductDoc =
                        doc.fields.decode().expect("typedis reads the fields");
                    std::hint::black_box(&fields.product);
                }
                results.len()
            },
        ),
        case(
            q,
            Lib::Typedis,
            "typedis::Value",
            typedis!(typedis::Value, typedis_docs),
        ),
        case(q, Lib::RedisRs, "redis::Value", |a| {
            redis_docs(&redis_value(a))
        }),
        case(q, Lib::Fred, "fred::types::Value", |a| {
            fred_docs(fred_value(Proto::Resp3, a).expect("not an error reply"))
        }),
        case(q, Lib::Rustis, "FtSearchResult", |a| {
            rustis_typed::<rustis::commands::FtSearchResult>(a)
                .results
                .len()
        }),
    ]);

    cases
}

/// The fixtures the cases refer to, by name, built once.
pub fn fixtures() -> HashMap<&'static str, Fixture> {
    fixtures::all().into_iter().map(|f| (f.name, f)).collect()
}

#[cfg(test)]
mod tests;
