//! [`JsonMatches`] and [`JsonKeys`]: what a RedisJSON command answers per value its path
//! matches, read alike whether the path is a JSONPath (`$.a`: an array, one entry per
//! match) or a legacy path (`.a`: the first match's value alone) (feature `json`).

use std::ops::Deref;

use bytes::Bytes;

use crate::resp::read::collections::vec_for;
use crate::resp::read::RespRead;
use crate::wire::DecodeError;
use crate::wire::Kind;
use crate::wire::Reader;

/// A value a RedisJSON command answers for one match of its path: a length or an index
/// (`i64`), a JSON text (`Bytes`), a boolean's new value (`bool`: `1`/`0` for a
/// JSONPath, the text `true`/`false` for a legacy path), or a value in RESP form
/// ([`JsonResp`](super::JsonResp), `JSON.RESP`).
pub trait JsonMatch: Sized + sealed::Sealed {
    /// Reads one value (not null).
    #[doc(hidden)]
    fn read_match(r: &mut Reader<'_>) -> Result<Self, DecodeError>;

    /// Whether the array that comes next is one value (a legacy path's array or object
    /// in `JSON.RESP`'s form) rather than the list of a JSONPath's matches.
    #[doc(hidden)]
    fn is_one_value(_r: &Reader<'_>) -> bool {
        false
    }
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for i64 {}
    impl Sealed for bytes::Bytes {}
    impl Sealed for bool {}
    impl Sealed for super::super::JsonResp {}
}

impl JsonMatch for i64 {
    fn read_match(r: &mut Reader<'_>) -> Result<Self, DecodeError> {
        r.int()
    }
}

impl JsonMatch for Bytes {
    fn read_match(r: &mut Reader<'_>) -> Result<Self, DecodeError> {
        r.bytes_owned()
    }
}

impl JsonMatch for bool {
    fn read_match(r: &mut Reader<'_>) -> Result<Self, DecodeError> {
        match r.peek()? {
            Kind::BulkString | Kind::SimpleString | Kind::VerbatimString => match r.bytes()? {
                b"true" => Ok(true),
                b"false" => Ok(false),
                _ => Err(DecodeError::malformed("`true` or `false`")),
            },
            _ => r.boolean(),
        }
    }
}

/// One value per match of a RedisJSON command's path, `None` where the match is not of
/// the kind the command works on (`JSON.STRLEN` on a number).
///
/// A JSONPath (`$.a`) is answered with an array, one entry per match; a legacy path
/// (`.a`, or any path not starting with `$`) with the first match's value alone: both
/// read into this list, the legacy answer as one match.
///
/// ```
/// use typedis::resp::Frame;
/// use typedis::reply::JsonMatches;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// // JSON.STRLEN doc $..name (two matches, the second not a string), and JSON.STRLEN doc .name
/// let jsonpath: JsonMatches<i64> = Frame::from_slice(b"*2\r\n:3\r\n_\r\n")?.decode()?;
/// let legacy: JsonMatches<i64> = Frame::from_slice(b":3\r\n")?.decode()?;
/// assert_eq!(*jsonpath, [Some(3), None]);
/// assert_eq!(*legacy, [Some(3)]);
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct JsonMatches<T>(pub Vec<Option<T>>);

impl<T> Deref for JsonMatches<T> {
    type Target = [Option<T>];

    fn deref(&self) -> &[Option<T>] {
        &self.0
    }
}

impl<T> From<JsonMatches<T>> for Vec<Option<T>> {
    fn from(m: JsonMatches<T>) -> Self {
        m.0
    }
}

impl<T> IntoIterator for JsonMatches<T> {
    type Item = Option<T>;
    type IntoIter = std::vec::IntoIter<Option<T>>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

/// Entry by entry, `None` equal to `None` and values by `T: PartialEq<U>`.
fn same<T: PartialEq<U>, U: ?Sized>(a: &[Option<T>], b: &[Option<&U>]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| match (x, y) {
            (Some(x), Some(y)) => x == *y,
            (None, None) => true,
            _ => false,
        })
}

impl<T: PartialEq, const N: usize> PartialEq<[Option<T>; N]> for JsonMatches<T> {
    fn eq(&self, other: &[Option<T>; N]) -> bool {
        self.0[..] == other[..]
    }
}

impl<T: PartialEq> PartialEq<[Option<T>]> for JsonMatches<T> {
    fn eq(&self, other: &[Option<T>]) -> bool {
        self.0[..] == *other
    }
}

impl<T: PartialEq> PartialEq<Vec<Option<T>>> for JsonMatches<T> {
    fn eq(&self, other: &Vec<Option<T>>) -> bool {
        self.0 == *other
    }
}

/// JSON texts compare with text: `JsonMatches<Bytes>` equals `[Some("\"a\""), None]`.
impl<const N: usize> PartialEq<[Option<&str>; N]> for JsonMatches<Bytes> {
    fn eq(&self, other: &[Option<&str>; N]) -> bool {
        same::<Bytes, str>(&self.0, other)
    }
}

/// The smallest entry in a frame: `_\r\n`.
const ENTRY_BYTES: usize = 3;

impl<'de, T: JsonMatch> RespRead<'de> for JsonMatches<T> {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        if r.try_null()? {
            // A legacy path's one match with nothing to give (`JSON.ARRPOP` of an empty
            // array).
            return Ok(JsonMatches(vec![None]));
        }
        if r.peek()? != Kind::Array || T::is_one_value(r) {
            return Ok(JsonMatches(vec![Some(T::read_match(r)?)]));
        }
        let n = r.array_len()?;
        let mut matches = vec_for(r, n, ENTRY_BYTES);
        for i in 0..n {
            let m = if r.try_null().map_err(|e| e.at_index(i))? {
                None
            } else {
                Some(T::read_match(r).map_err(|e| e.at_index(i))?)
            };
            matches.push(m);
        }
        Ok(JsonMatches(matches))
    }
}

/// The member names of each object `JSON.OBJKEYS`'s path matches, `None` where the match
/// is not an object.
///
/// A JSONPath is answered with an array of name lists (or nulls); a legacy path with the
/// first match's name list alone: both read into this list, the legacy answer as one
/// match. (An empty answer reads as no match, though a legacy path's empty object sends
/// the same bytes.)
///
/// ```
/// use typedis::resp::Frame;
/// use typedis::reply::JsonKeys;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let jsonpath: JsonKeys = Frame::from_slice(b"*2\r\n*1\r\n$1\r\nk\r\n_\r\n")?.decode()?;
/// let legacy: JsonKeys = Frame::from_slice(b"*1\r\n$1\r\nk\r\n")?.decode()?;
/// assert_eq!(jsonpath[0], legacy[0]);
/// assert_eq!(jsonpath[1], None);
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct JsonKeys(pub Vec<Option<Vec<Bytes>>>);

impl Deref for JsonKeys {
    type Target = [Option<Vec<Bytes>>];

    fn deref(&self) -> &[Option<Vec<Bytes>>] {
        &self.0
    }
}

impl From<JsonKeys> for Vec<Option<Vec<Bytes>>> {
    fn from(k: JsonKeys) -> Self {
        k.0
    }
}

impl IntoIterator for JsonKeys {
    type Item = Option<Vec<Bytes>>;
    type IntoIter = std::vec::IntoIter<Option<Vec<Bytes>>>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'de> RespRead<'de> for JsonKeys {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        if r.try_null()? {
            return Ok(JsonKeys(vec![None]));
        }
        let per_match = match r.peek_first()? {
            None => {
                r.array_len()?;
                return Ok(JsonKeys(Vec::new()));
            }
            Some(Kind::Array | Kind::Null) => true,
            Some(_) => false,
        };
        if per_match {
            Ok(JsonKeys(RespRead::read(r)?))
        } else {
            Ok(JsonKeys(vec![Some(RespRead::read(r)?)]))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;
    use crate::wire::Frame;

    fn read<T: for<'de> RespRead<'de>>(frame: &[u8]) -> Result<T, Error> {
        Frame::from_slice(frame)?.decode()
    }

    #[test]
    fn a_toggle_reads_integers_booleans_and_the_legacy_text() {
        let jsonpath: JsonMatches<bool> = read(b"*3\r\n:1\r\n:0\r\n_\r\n").unwrap();
        assert_eq!(jsonpath, [Some(true), Some(false), None]);
        let legacy: JsonMatches<bool> = read(b"$5\r\nfalse\r\n").unwrap();
        assert_eq!(legacy, [Some(false)]);
        assert!(read::<JsonMatches<bool>>(b"$3\r\nyes\r\n").is_err());
    }

    #[test]
    fn a_legacy_null_is_one_match_without_a_value() {
        let popped: JsonMatches<Bytes> = read(b"$-1\r\n").unwrap();
        assert_eq!(popped, [None::<&str>]);
        let keys: JsonKeys = read(b"_\r\n").unwrap();
        assert_eq!(*keys, [None]);
        let none: JsonKeys = read(b"*0\r\n").unwrap();
        assert!(none.is_empty());
    }

    #[test]
    fn hostile_counts_and_wrong_shapes_are_decode_errors() {
        assert!(read::<JsonMatches<i64>>(b"*1000000000\r\n").is_err());
        assert!(read::<JsonKeys>(b"*1000000000\r\n*1\r\n$1\r\nk\r\n").is_err());
        let e = read::<JsonMatches<i64>>(b"*2\r\n:1\r\n$1\r\nx\r\n").unwrap_err();
        assert!(e.to_string().contains("[1]"), "{e}");
    }
}
