//! [`Map`]: the field/value strings of a map reply (`HGETALL`, `CONFIG GET`, ...), kept as
//! one slice of the reply and handed out as views.

use std::collections::HashMap;
use std::fmt;
use std::hash::BuildHasher;
use std::ops::Index;

use bytes::Bytes;

use super::extents::{read_strings, Extent, Lookup, Walk};
use crate::resp::read::collections::{pairs, vec_for, Pairs};
use crate::resp::read::RespRead;
use crate::wire::DecodeError;
use crate::wire::Reader;

/// The key/value strings of a map reply: what `HGETALL`, `CONFIG GET` and the other
/// commands that reply a map of strings return by default.
///
/// The reply is kept once, as a zero-copy slice of the frame, with the place of each key
/// and value in it: reading it costs one allocation and no reference count per string.
/// [`get`](Self::get) finds a value by key (the first calls scan the keys; once they have
/// compared as many keys as the map holds, a map of more than 16 pairs builds a hash
/// index), [`iter`](Self::iter) hands out the pairs in the order of the reply as `&[u8]`
/// views, and a `for` loop over an owned `Map` (or [`to_hash_map`](Self::to_hash_map))
/// gives zero-copy [`Bytes`]. A key sent twice keeps its last value, as in a `HashMap`.
///
/// A map compares equal to a `HashMap` of strings with the same pairs. To read the reply
/// into other types (`HashMap<String, String>`, a struct of your own), ask for them with
/// [`Client::query_as`](crate::Client::query_as).
///
/// ```
/// use typedis::resp::Frame;
/// use typedis::reply::Map;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let frame = Frame::from_slice(b"%2\r\n$4\r\nname\r\n$3\r\nAda\r\n$6\r\nvisits\r\n$1\r\n7\r\n")?;
/// let map: Map = frame.decode()?;
/// assert_eq!(map.len(), 2);
/// assert_eq!(map.get("name"), Some(&b"Ada"[..]));
/// assert_eq!(map.get_str("visits"), Some("7"));
/// assert_eq!(&map["name"], b"Ada");
/// assert!(!map.contains_key("email"));
/// let keys: Vec<&[u8]> = map.keys().collect();
/// assert_eq!(keys, [&b"name"[..], &b"visits"[..]]);
/// for (field, value) in map {
///     let owned: (bytes::Bytes, bytes::Bytes) = (field, value);
///     assert!(!owned.0.is_empty());
/// }
/// # Ok(())
/// # }
/// ```
#[derive(Clone, Default)]
pub struct Map {
    /// The buffer the extents point into: the reply's map, or a copy of its strings.
    buf: Bytes,
    pairs: Vec<(Extent, Extent)>,
    lookup: Lookup,
}

impl Map {
    /// The number of pairs as the server sent them (a key sent twice counts twice).
    #[inline]
    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    /// True when there are none (as `HGETALL` answers for a key that does not exist).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// The value of `key`, borrowed from the reply.
    pub fn get(&self, key: impl AsRef<[u8]>) -> Option<&[u8]> {
        self.find(key.as_ref())
            .map(|i| self.pairs[i].1.of(&self.buf))
    }

    /// The value of `key` as text; `None` when there is none or it is not UTF-8 (read it
    /// with [`get`](Self::get)).
    pub fn get_str(&self, key: impl AsRef<[u8]>) -> Option<&str> {
        std::str::from_utf8(self.get(key)?).ok()
    }

    /// The value of `key` as zero-copy [`Bytes`].
    pub fn get_bytes(&self, key: impl AsRef<[u8]>) -> Option<Bytes> {
        self.find(key.as_ref())
            .map(|i| self.pairs[i].1.bytes(&self.buf))
    }

    /// Whether the map has `key`.
    pub fn contains_key(&self, key: impl AsRef<[u8]>) -> bool {
        self.find(key.as_ref()).is_some()
    }

    /// The pairs in the order of the reply, borrowed from it.
    #[inline]
    pub fn iter(&self) -> MapIter<'_> {
        MapIter {
            buf: &self.buf,
            pairs: self.pairs.iter(),
        }
    }

    /// The keys in the order of the reply.
    pub fn keys(&self) -> impl ExactSizeIterator<Item = &[u8]> + '_ {
        self.iter().map(|(k, _)| k)
    }

    /// The values in the order of the reply.
    pub fn values(&self) -> impl ExactSizeIterator<Item = &[u8]> + '_ {
        self.iter().map(|(_, v)| v)
    }

    /// The pairs in a `HashMap` of zero-copy [`Bytes`].
    pub fn to_hash_map(&self) -> HashMap<Bytes, Bytes> {
        self.pairs
            .iter()
            .map(|(k, v)| (k.bytes(&self.buf), v.bytes(&self.buf)))
            .collect()
    }

    /// The pairs in a `HashMap` of owned `String`s.
    ///
    /// # Errors
    ///
    /// When a key or a value is not UTF-8; the error names its place (`[3][1]` is the
    /// fourth pair's value).
    pub fn to_strings(&self) -> Result<HashMap<String, String>, DecodeError> {
        let text = |s: &[u8], i: usize, at: usize| match std::str::from_utf8(s) {
            Ok(s) => Ok(s.to_owned()),
            Err(_) => Err(DecodeError::custom("not UTF-8 text")
                .at_index(at)
                .at_index(i)),
        };
        self.iter()
            .enumerate()
            .map(|(i, (k, v))| Ok((text(k, i, 0)?, text(v, i, 1)?)))
            .collect()
    }

    /// The pairs a lookup can see: each key at its last position.
    fn live(&self) -> impl Iterator<Item = (&[u8], &[u8])> + '_ {
        self.iter()
            .enumerate()
            .filter(|(i, (k, _))| self.find(k) == Some(*i))
            .map(|(_, kv)| kv)
    }

    fn find(&self, key: &[u8]) -> Option<usize> {
        self.lookup
            .find(self.len(), |i| self.pairs[i].0.of(&self.buf), key)
    }
}

/// A map, a flat key/value array or an array of pairs, laid out as extents.
struct Entries;

impl Walk for Entries {
    type Spans = Vec<(Extent, Extent)>;

    #[inline(always)]
    fn walk<'de>(
        r: &mut Reader<'de>,
        mut string: impl FnMut(&mut Reader<'de>) -> Result<Extent, DecodeError>,
    ) -> Result<Vec<(Extent, Extent)>, DecodeError> {
        let (n, nested) = match pairs(r)? {
            Pairs::Flat(n) => (n, false),
            Pairs::Nested(n) => (n, true),
        };
        let mut out = vec_for(r, n, 6);
        for i in 0..n {
            let mut pair = || {
                if nested {
                    let len = r.array_len()?;
                    if len != 2 {
                        return Err(DecodeError::length(2, len));
                    }
                }
                let k = string(r).map_err(|e| e.at_index(0))?;
                let v = string(r).map_err(|e| e.at_index(1))?;
                Ok((k, v))
            };
            out.push(pair().map_err(|e| e.at_index(i))?);
        }
        Ok(out)
    }
}

/// A RESP3 map, a RESP2 flat `[k, v, k, v]` array, or an array of `[k, v]` pairs, of
/// strings, as `HashMap<Bytes, Bytes>` reads them.
impl<'de> RespRead<'de> for Map {
    #[inline]
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let (buf, pairs) = read_strings::<Entries>(r)?;
        Ok(Map {
            buf,
            pairs,
            lookup: Lookup::default(),
        })
    }
}

impl<K: AsRef<[u8]> + ?Sized> Index<&K> for Map {
    type Output = [u8];

    /// The value of `key`.
    ///
    /// # Panics
    ///
    /// When the map has no such key, as a `HashMap` does.
    fn index(&self, key: &K) -> &[u8] {
        self.get(key.as_ref()).expect("no such key in the map")
    }
}

impl fmt::Debug for Map {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(
                self.iter()
                    .map(|(k, v)| (String::from_utf8_lossy(k), String::from_utf8_lossy(v))),
            )
            .finish()
    }
}

/// Equal when both have the same keys with the same values, in any order, as `HashMap`s
/// compare.
impl PartialEq for Map {
    fn eq(&self, other: &Map) -> bool {
        self.live().count() == other.live().count()
            && self.live().all(|(k, v)| other.get(k) == Some(v))
    }
}

impl Eq for Map {}

impl<K: AsRef<[u8]>, V: AsRef<[u8]>, S: BuildHasher> PartialEq<HashMap<K, V, S>> for Map {
    fn eq(&self, other: &HashMap<K, V, S>) -> bool {
        other.len() == self.live().count()
            && other.iter().all(|(k, v)| self.get(k) == Some(v.as_ref()))
    }
}

impl From<Map> for HashMap<Bytes, Bytes> {
    fn from(map: Map) -> HashMap<Bytes, Bytes> {
        map.to_hash_map()
    }
}

impl<'a> IntoIterator for &'a Map {
    type Item = (&'a [u8], &'a [u8]);
    type IntoIter = MapIter<'a>;

    fn into_iter(self) -> MapIter<'a> {
        self.iter()
    }
}

impl IntoIterator for Map {
    type Item = (Bytes, Bytes);
    type IntoIter = MapIntoIter;

    /// The pairs as zero-copy [`Bytes`], in the order of the reply.
    fn into_iter(self) -> MapIntoIter {
        MapIntoIter {
            buf: self.buf,
            pairs: self.pairs.into_iter(),
        }
    }
}

/// The pairs of a [`Map`], borrowed, in the order of the reply.
#[derive(Debug, Clone)]
pub struct MapIter<'a> {
    buf: &'a [u8],
    pairs: std::slice::Iter<'a, (Extent, Extent)>,
}

impl<'a> Iterator for MapIter<'a> {
    type Item = (&'a [u8], &'a [u8]);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        self.pairs
            .next()
            .map(|(k, v)| (k.of(self.buf), v.of(self.buf)))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.pairs.size_hint()
    }
}

impl ExactSizeIterator for MapIter<'_> {}

/// The pairs of a [`Map`] as zero-copy [`Bytes`], in the order of the reply.
// Hidden from the docs, as the other owned iterators of replies: its page would list
// `Iterator`'s provided methods and nothing of its own (~180 KB); `for x in reply` uses it.
#[doc(hidden)]
#[derive(Debug, Clone)]
pub struct MapIntoIter {
    buf: Bytes,
    pairs: std::vec::IntoIter<(Extent, Extent)>,
}

impl Iterator for MapIntoIter {
    type Item = (Bytes, Bytes);

    fn next(&mut self) -> Option<(Bytes, Bytes)> {
        self.pairs
            .next()
            .map(|(k, v)| (k.bytes(&self.buf), v.bytes(&self.buf)))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.pairs.size_hint()
    }
}

impl ExactSizeIterator for MapIntoIter {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::Frame;

    fn map(wire: &[u8]) -> Result<Map, DecodeError> {
        let frame = Frame::from_slice(wire).expect("one whole frame");
        let mut r = Reader::new(&frame);
        Map::read(&mut r)
    }

    #[test]
    fn every_layout_reads_alike() {
        let resp3 = map(b"%2\r\n+a\r\n$1\r\n1\r\n+b\r\n$1\r\n2\r\n").unwrap();
        let flat = map(b"*4\r\n$1\r\nb\r\n$1\r\n2\r\n$1\r\na\r\n$1\r\n1\r\n").unwrap();
        let nested = map(b"*2\r\n*2\r\n+a\r\n+1\r\n*2\r\n+b\r\n+2\r\n").unwrap();
        assert_eq!(resp3, flat);
        assert_eq!(resp3, nested);
        let std: HashMap<&str, &str> = [("a", "1"), ("b", "2")].into();
        assert_eq!(flat, std);
        assert_eq!(format!("{resp3:?}"), r#"{"a": "1", "b": "2"}"#);
        assert!(map(b"*0\r\n").unwrap().is_empty());
    }

    #[test]
    fn a_repeated_key_keeps_its_last_value_in_short_and_long_maps() {
        let short = map(b"*4\r\n+a\r\n+1\r\n+a\r\n+2\r\n").unwrap();
        assert_eq!(short.get("a"), Some(&b"2"[..]));
        assert_eq!(short, HashMap::from([("a", "2")]));
        let mut wire = b"*82\r\n".to_vec();
        for i in 0..41 {
            let key = if i == 40 {
                "k3".to_owned()
            } else {
                format!("k{i}")
            };
            wire.extend_from_slice(format!("${}\r\n{key}\r\n:{i}\r\n", key.len()).as_bytes());
        }
        // Integers are not strings: the long map is refused where the first one is.
        assert_eq!(map(&wire).unwrap_err().path(), "[0][1]");
        let wire = String::from_utf8(wire).unwrap().replace(":", "+");
        let long = map(wire.as_bytes()).unwrap();
        assert_eq!(long.get_str("k3"), Some("40"));
        assert_eq!(long.get_str("k39"), Some("39"));
        assert_eq!(long.get("k41"), None);
        assert_eq!(long.to_hash_map().len(), 40);
        assert_eq!(long, long.clone());
    }

    #[test]
    fn an_odd_array_and_bad_text_are_refused() {
        assert!(map(b"*3\r\n+a\r\n+1\r\n+b\r\n").is_err());
        let bad = map(b"*2\r\n+a\r\n$1\r\n\xff\r\n").unwrap();
        assert_eq!(bad.get_str("a"), None);
        assert_eq!(bad.to_strings().unwrap_err().path(), "[0][1]");
    }
}
