//! The byte fixtures every library decodes: real reply shapes, generated deterministically.
//!
//! Each fixture is one complete reply and the chunks it arrives in: most arrive whole;
//! the chunked ones (after the node `redis-parser` benchmark) arrive in several reads,
//! so a decoder that restarts from byte 0 on every read pays for it.

use bytes::Bytes;

/// The RESP version a fixture is encoded in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proto {
    /// RESP2 (what a server sends before `HELLO 3`).
    Resp2,
    /// RESP3.
    Resp3,
}

/// One reply and how it arrives.
#[derive(Debug, Clone)]
pub struct Fixture {
    /// Short name, used in benchmark ids and tables.
    pub name: &'static str,
    /// Its RESP version.
    pub proto: Proto,
    /// The reads it arrives in, in order; their concatenation is exactly one frame.
    pub chunks: Vec<Bytes>,
}

impl Fixture {
    fn whole(name: &'static str, proto: Proto, bytes: Vec<u8>) -> Fixture {
        Fixture {
            name,
            proto,
            chunks: vec![Bytes::from(bytes)],
        }
    }

    /// The total length of the reply.
    pub fn len(&self) -> usize {
        self.chunks.iter().map(Bytes::len).sum()
    }

    /// Whether the reply is empty (never, for the fixtures here).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The whole reply in one buffer.
    pub fn bytes(&self) -> Vec<u8> {
        self.chunks.concat()
    }
}

/// Number of entries of the XRANGE fixture.
pub const XRANGE_ENTRIES: usize = 1000;

/// Every fixture, in table order.
pub fn all() -> Vec<Fixture> {
    vec![
        xrange(),
        hgetall(Proto::Resp2),
        hgetall(Proto::Resp3),
        lrange(),
        get(),
        bulk_1mib(),
        chunked_bulk(),
        bulk_4mib_chunked(),
        simple_string(),
        integer(),
        big_integer(),
        small_array(),
        array_100(),
        error(),
        ft_search_json(),
    ]
}

/// The fixture called `name`.
///
/// # Panics
///
/// When there is none (a typo in a benchmark table).
pub fn by_name(name: &str) -> Fixture {
    all()
        .into_iter()
        .find(|f| f.name == name)
        .unwrap_or_else(|| panic!("no fixture named {name}"))
}

fn bulk(out: &mut Vec<u8>, s: &[u8]) {
    out.extend_from_slice(format!("${}\r\n", s.len()).as_bytes());
    out.extend_from_slice(s);
    out.extend_from_slice(b"\r\n");
}

/// `XRANGE s - +` over 1000 entries `[id, [field1, value<i>]]` (the same in RESP2 and
/// RESP3).
pub fn xrange() -> Fixture {
    let mut out = format!("*{XRANGE_ENTRIES}\r\n").into_bytes();
    for i in 0..XRANGE_ENTRIES {
        out.extend_from_slice(b"*2\r\n");
        bulk(&mut out, format!("1700000000000-{i}").as_bytes());
        out.extend_from_slice(b"*2\r\n");
        bulk(&mut out, b"field1");
        bulk(&mut out, format!("value{i}").as_bytes());
    }
    Fixture::whole("xrange_1000", Proto::Resp2, out)
}

/// `HGETALL` of a hash of 100 fields: a flat array in RESP2, a map in RESP3.
pub fn hgetall(proto: Proto) -> Fixture {
    let (mut out, name) = match proto {
        Proto::Resp2 => (b"*200\r\n".to_vec(), "hgetall_100_resp2"),
        Proto::Resp3 => (b"%100\r\n".to_vec(), "hgetall_100_resp3"),
    };
    for i in 0..100 {
        bulk(&mut out, format!("field:{i}").as_bytes());
        bulk(&mut out, format!("value:{i}").as_bytes());
    }
    Fixture::whole(name, proto, out)
}

/// `LRANGE` of 10,000 short strings.
pub fn lrange() -> Fixture {
    let mut out = b"*10000\r\n".to_vec();
    for i in 0..10_000 {
        bulk(&mut out, format!("item:{i}").as_bytes());
    }
    Fixture::whole("lrange_10000", Proto::Resp2, out)
}

/// `GET` of a 32-byte value.
pub fn get() -> Fixture {
    let mut out = Vec::new();
    bulk(&mut out, b"session:4f1c2e9a:user=1042;ttl=30");
    Fixture::whole("get_32b", Proto::Resp2, out)
}

/// A 1 MiB bulk string of printable bytes.
pub fn bulk_1mib() -> Fixture {
    let payload: Vec<u8> = (0..1 << 20).map(|i| b'a' + (i % 26) as u8).collect();
    let mut out = Vec::with_capacity(payload.len() + 16);
    bulk(&mut out, &payload);
    Fixture::whole("bulk_1mib", Proto::Resp2, out)
}

/// node redis-parser's "multiple chunks in a bulk string": a 100-byte bulk string
/// arriving in five reads.
pub fn chunked_bulk() -> Fixture {
    let chunk = Bytes::from_static(b"abcdefghijabcdefghijabcdefghij");
    Fixture {
        name: "bulk_100_in_5_chunks",
        proto: Proto::Resp2,
        chunks: vec![
            Bytes::from_static(b"$100\r\nabcdefghij"),
            chunk.clone(),
            chunk.clone(),
            chunk,
            Bytes::from_static(b"\r\n"),
        ],
    }
}

const LOREM: &str = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod \
tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud \
exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat. Duis aute irure dolor in";

/// A small deterministic generator (64-bit LCG), so fixtures are the same on every run.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % below as u64) as usize
    }
}

/// node redis-parser's "4mb bulk string": a 4 MiB bulk string arriving as its header,
/// 64 reads of 64 KiB of shuffled lorem words, and the final `\r\n`.
pub fn bulk_4mib_chunked() -> Fixture {
    let words: Vec<&str> = LOREM.split(' ').collect();
    let mut rng = Lcg(42);
    let mut chunks = vec![Bytes::from(format!("${}\r\n", 4 << 20).into_bytes())];
    for _ in 0..64 {
        let mut chunk = Vec::with_capacity(1 << 16);
        while chunk.len() < (1 << 16) - 1 {
            let word = words[rng.next(words.len())].as_bytes();
            let room = (1 << 16) - 1 - chunk.len();
            chunk.extend_from_slice(&word[..word.len().min(room)]);
            if chunk.len() < (1 << 16) - 1 {
                chunk.push(b' ');
            }
        }
        chunk.push(b'.');
        chunks.push(Bytes::from(chunk));
    }
    chunks.push(Bytes::from_static(b"\r\n"));
    Fixture {
        name: "bulk_4mib_in_66_chunks",
        proto: Proto::Resp2,
        chunks,
    }
}

/// node redis-parser's "simple string".
pub fn simple_string() -> Fixture {
    Fixture::whole(
        "simple_string",
        Proto::Resp2,
        b"+testing a simple string\r\n".to_vec(),
    )
}

/// node redis-parser's "integer".
pub fn integer() -> Fixture {
    Fixture::whole("integer", Proto::Resp2, b":1237884\r\n".to_vec())
}

/// node redis-parser's "big integer", as a RESP3 big number: in RESP2 an integer reply
/// must fit in 64 bits, and Redis never sends a larger one.
pub fn big_integer() -> Fixture {
    Fixture::whole(
        "big_number_resp3",
        Proto::Resp3,
        b"(184467440737095516171234567890\r\n".to_vec(),
    )
}

/// node redis-parser's small "array": one array holding one array of one string.
pub fn small_array() -> Fixture {
    Fixture::whole(
        "array_nested",
        Proto::Resp2,
        b"*1\r\n*1\r\n$1\r\na\r\n".to_vec(),
    )
}

/// node redis-parser's "array": 100 bulk strings of 1 to 10 bytes.
pub fn array_100() -> Fixture {
    let mut rng = Lcg(7);
    let mut out = b"*100\r\n".to_vec();
    for _ in 0..100 {
        let size = rng.next(10) + 1;
        bulk(&mut out, &LOREM.as_bytes()[..size]);
    }
    Fixture::whole("array_100_bulk", Proto::Resp2, out)
}

/// node redis-parser's "error".
pub fn error() -> Fixture {
    Fixture::whole("error", Proto::Resp2, b"-Error ohnoesitbroke\r\n".to_vec())
}

/// Number of documents of the FT.SEARCH fixture.
pub const SEARCH_DOCS: usize = 100;

const ADJECTIVES: &[&str] = &[
    "Cast iron",
    "Stainless",
    "Bamboo",
    "Ceramic",
    "Copper",
    "Walnut",
    "Enamel",
    "Glass",
    "Linen",
    "Carbon steel",
    "Stoneware",
    "Oak",
];
const NOUNS: &[&str] = &[
    "frying pan",
    "saucepan",
    "chef's knife",
    "cutting board",
    "teapot",
    "salad bowl",
    "spice rack",
    "kettle",
    "colander",
    "serving tray",
    "mixing bowl",
    "butter dish",
];
const PHRASES: &[&str] = &[
    "keeps its heat for hours",
    "dishwasher safe",
    "made to last a lifetime",
    "with a comfortable handle",
    "oven safe to 260 C",
    "hand finished in small batches",
    "stacks neatly in a drawer",
    "easy to clean",
    "sold with a two-year warranty",
    "works on gas, electric and induction",
    "light enough for everyday use",
    "a favourite of professional cooks",
];
const TAGS: &[&str] = &[
    "kitchen",
    "cookware",
    "gift",
    "sale",
    "new",
    "eco",
    "bestseller",
    "premium",
];

/// The JSON text of the FT.SEARCH fixture's documents, `product:1` to `product:100` in
/// order: `{"name", "description", "price", "tags", "stock"}`, 150 to 250 bytes each, as
/// RedisJSON prints a document (compact, keys in insertion order; a whole price such as
/// `39` stays an integer).
pub fn search_products() -> Vec<String> {
    let mut rng = Lcg(2024);
    (0..SEARCH_DOCS)
        .map(|_| {
            let name = format!(
                "{} {}",
                ADJECTIVES[rng.next(ADJECTIVES.len())],
                NOUNS[rng.next(NOUNS.len())]
            );
            let mut description = String::new();
            // 65 to 115 bytes of description: the documents stay within 150 to 250 bytes.
            let wanted = 65 + rng.next(50);
            while description.len() < wanted {
                let phrase = PHRASES[rng.next(PHRASES.len())];
                if description.is_empty() {
                    description.push(phrase.as_bytes()[0].to_ascii_uppercase() as char);
                    description.push_str(&phrase[1..]);
                } else if description.len() + 2 + phrase.len() <= 115 {
                    description.push_str(", ");
                    description.push_str(phrase);
                } else {
                    break;
                }
            }
            description.push('.');
            let price = (199 + rng.next(25_000)) as f64 / 100.0;
            let mut tags: Vec<&str> = Vec::new();
            for _ in 0..1 + rng.next(3) {
                let tag = TAGS[rng.next(TAGS.len())];
                if !tags.contains(&tag) {
                    tags.push(tag);
                }
            }
            let tags: Vec<String> = tags.iter().map(|t| format!("\"{t}\"")).collect();
            let stock = rng.next(500);
            format!(
                "{{\"name\":\"{name}\",\"description\":\"{description}\",\"price\":{price},\"tags\":[{}],\"stock\":{stock}}}",
                tags.join(",")
            )
        })
        .collect()
}

/// `FT.SEARCH idx * LIMIT 0 100` on an index `ON JSON` of the 100 documents of
/// [`search_products`], in RESP3, laid out as RediSearch 2.10.5 sends it: a map of
/// `attributes`, `total_results`, `format`, `results` and `warning`, each result a map of
/// its `id`, its `extra_attributes` (`{"$": the JSON text}`) and empty `values`. Checked
/// once by hand against a server: Redis 8.2.3 with RediSearch 2.10.5 and RedisJSON 2.8.3,
/// given these documents with `JSON.SET product:<i> $ <text>` and `FT.CREATE idx ON JSON
/// PREFIX 1 product: SCHEMA $.name AS name TEXT $.price AS price NUMERIC $.tags[*] AS tags
/// TAG`, sent these bytes exactly after `HELLO 3`.
pub fn ft_search_json() -> Fixture {
    let mut out = format!(
        "%5\r\n+attributes\r\n*0\r\n+total_results\r\n:{SEARCH_DOCS}\r\n+format\r\n+STRING\r\n+results\r\n*{SEARCH_DOCS}\r\n"
    )
    .into_bytes();
    for (i, json) in search_products().iter().enumerate() {
        out.extend_from_slice(b"%3\r\n+id\r\n");
        bulk(&mut out, format!("product:{}", i + 1).as_bytes());
        out.extend_from_slice(b"+extra_attributes\r\n%1\r\n");
        bulk(&mut out, b"$");
        bulk(&mut out, json.as_bytes());
        out.extend_from_slice(b"+values\r\n*0\r\n");
    }
    out.extend_from_slice(b"+warning\r\n*0\r\n");
    Fixture::whole("ft_search_json_100", Proto::Resp3, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use typedis::FrameScanner;

    #[test]
    fn every_fixture_is_exactly_one_frame() {
        for f in all() {
            let bytes = f.bytes();
            assert_eq!(
                FrameScanner::new().scan(&bytes).unwrap(),
                Some(bytes.len()),
                "{}",
                f.name
            );
        }
    }

    #[test]
    fn sizes_are_what_the_names_say() {
        let four = bulk_4mib_chunked();
        assert_eq!(four.chunks.len(), 66);
        assert!(four.chunks[1..65].iter().all(|c| c.len() == 1 << 16));
        assert_eq!(four.len(), (4 << 20) + "$4194304\r\n".len() + 2);
        assert_eq!(chunked_bulk().len(), "$100\r\n".len() + 100 + 2);
        assert_eq!(bulk_1mib().len(), (1 << 20) + "$1048576\r\n".len() + 2);
    }

    #[test]
    fn fixtures_are_deterministic() {
        assert_eq!(array_100().bytes(), array_100().bytes());
        assert_eq!(bulk_4mib_chunked().bytes(), bulk_4mib_chunked().bytes());
        assert_eq!(ft_search_json().bytes(), ft_search_json().bytes());
    }

    #[test]
    fn search_documents_are_realistic_json_of_150_to_250_bytes() {
        let docs = search_products();
        assert_eq!(docs.len(), SEARCH_DOCS);
        for doc in &docs {
            assert!(
                (150..=250).contains(&doc.len()),
                "{} bytes: {doc}",
                doc.len()
            );
            let v: serde_json::Value = serde_json::from_str(doc).unwrap();
            assert!(v["price"].is_number() && v["stock"].is_u64(), "{doc}");
            assert!(!v["tags"].as_array().unwrap().is_empty(), "{doc}");
        }
        let distinct: std::collections::HashSet<&String> = docs.iter().collect();
        assert_eq!(distinct.len(), SEARCH_DOCS);
    }
}
