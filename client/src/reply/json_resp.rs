//! [`JsonResp`]: a JSON value in the RESP form `JSON.RESP` sends it in (feature `json`).

use bytes::Bytes;

use crate::resp::read::collections::vec_for;
use crate::resp::read::RespRead;
use crate::wire::DecodeError;
use crate::wire::Kind;
use crate::wire::Reader;

use super::json_matches::JsonMatch;

/// The deepest nesting read: RedisJSON's own limit is 128 levels; a deeper frame is a
/// decode error, not a deep recursion.
const MAX_DEPTH: usize = 128;

/// A JSON value as `JSON.RESP` sends it: `null`, `true`/`false` as simple strings, an
/// integer, any other number as a double (RESP3) or as its text in a bulk string (RESP2,
/// where it cannot be told from a string: it reads as [`JsonResp::String`]), a string as a
/// bulk string, an array as `[` followed by its elements, an object as `{` followed by
/// each member's name and value.
///
/// ```
/// use typedis::resp::Frame;
/// use typedis::reply::JsonResp;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// // {"k": 1, "a": [true, null]}
/// let frame = Frame::from_slice(
///     b"*5\r\n+{\r\n$1\r\nk\r\n:1\r\n$1\r\na\r\n*3\r\n+[\r\n+true\r\n_\r\n",
/// )?;
/// let value: JsonResp = frame.decode()?;
/// let JsonResp::Object(members) = &value else { panic!("{value:?}") };
/// assert_eq!(members[0], ("k".into(), JsonResp::Int(1)));
/// assert_eq!(members[1].1, JsonResp::Array(vec![JsonResp::Bool(true), JsonResp::Null]));
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum JsonResp {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// Any other number (RESP3; RESP2 sends it as text, read as [`JsonResp::String`]).
    Number(f64),
    /// A string.
    String(Bytes),
    /// An array, its elements in order.
    Array(Vec<JsonResp>),
    /// An object, its members' names and values in the document's order.
    Object(Vec<(Bytes, JsonResp)>),
}

/// The smallest value in a frame: `_\r\n`.
const VALUE_BYTES: usize = 3;

impl<'de> RespRead<'de> for JsonResp {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        read_value(r, 0)
    }
}

impl JsonMatch for JsonResp {
    fn read_match(r: &mut Reader<'_>) -> Result<Self, DecodeError> {
        read_value(r, 0)
    }

    fn is_one_value(r: &Reader<'_>) -> bool {
        is_container(r)
    }
}

/// Whether the array that comes next is an array or object value (`[`/`{` first), not a
/// list of matches.
fn is_container(r: &Reader<'_>) -> bool {
    let mut probe = r.clone();
    if probe.array_len().is_err() || probe.peek().ok() != Some(Kind::SimpleString) {
        return false;
    }
    matches!(probe.bytes(), Ok(b"[" | b"{"))
}

fn read_value(r: &mut Reader<'_>, depth: usize) -> Result<JsonResp, DecodeError> {
    match r.peek()? {
        Kind::Null => r.null().map(|()| JsonResp::Null),
        Kind::Integer => r.int().map(JsonResp::Int),
        Kind::Double => r.double().map(JsonResp::Number),
        Kind::Boolean => r.boolean().map(JsonResp::Bool),
        Kind::SimpleString => match r.bytes()? {
            b"true" => Ok(JsonResp::Bool(true)),
            b"false" => Ok(JsonResp::Bool(false)),
            _ => Err(DecodeError::malformed("`true`, `false` or a JSON string")),
        },
        Kind::Array => {
            if depth == MAX_DEPTH {
                return Err(DecodeError::malformed("JSON nested at most 128 levels"));
            }
            let n = r.array_len()?;
            if n == 0 {
                return Err(DecodeError::length(1, 0));
            }
            let tag = r.bytes().map_err(|e| e.at_index(0))?;
            match tag {
                b"[" => {
                    let mut items = vec_for(r, n - 1, VALUE_BYTES);
                    for i in 1..n {
                        items.push(read_value(r, depth + 1).map_err(|e| e.at_index(i))?);
                    }
                    Ok(JsonResp::Array(items))
                }
                b"{" if n % 2 == 1 => {
                    let mut members = vec_for(r, n / 2, 2 * VALUE_BYTES);
                    for i in (1..n).step_by(2) {
                        let name = r.bytes_owned().map_err(|e| e.at_index(i))?;
                        let value = read_value(r, depth + 1).map_err(|e| e.at_index(i + 1))?;
                        members.push((name, value));
                    }
                    Ok(JsonResp::Object(members))
                }
                b"{" => Err(DecodeError::length(n + 1, n)),
                _ => Err(DecodeError::malformed("`[` or `{` first").at_index(0)),
            }
        }
        _ => r.bytes_owned().map(JsonResp::String),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;
    use crate::reply::JsonMatches;
    use crate::wire::Frame;

    fn read<T: for<'de> RespRead<'de>>(frame: &[u8]) -> Result<T, Error> {
        Frame::from_slice(frame)?.decode()
    }

    #[test]
    fn a_legacy_value_and_a_jsonpath_list_read_alike() {
        // JSON.RESP doc .o and JSON.RESP doc $.o
        let legacy: JsonMatches<JsonResp> = read(b"*3\r\n+{\r\n$1\r\nk\r\n:1\r\n").unwrap();
        let jsonpath: JsonMatches<JsonResp> = read(b"*1\r\n*3\r\n+{\r\n$1\r\nk\r\n:1\r\n").unwrap();
        assert_eq!(legacy, jsonpath);
        let object = JsonResp::Object(vec![("k".into(), JsonResp::Int(1))]);
        assert_eq!(*legacy, [Some(object)]);
        // A JSONPath matching `true` and a number (RESP3).
        let two: JsonMatches<JsonResp> = read(b"*2\r\n+true\r\n,1.5\r\n").unwrap();
        assert_eq!(
            *two,
            [Some(JsonResp::Bool(true)), Some(JsonResp::Number(1.5))]
        );
    }

    #[test]
    fn deep_nesting_and_broken_containers_are_decode_errors() {
        let mut deep = Vec::new();
        for _ in 0..200 {
            deep.extend_from_slice(b"*2\r\n+[\r\n");
        }
        deep.extend_from_slice(b":1\r\n");
        assert!(read::<JsonResp>(&deep).is_err());
        assert!(read::<JsonResp>(b"*2\r\n+{\r\n$1\r\nk\r\n").is_err());
        assert!(read::<JsonResp>(b"*1\r\n+<\r\n").is_err());
        assert!(read::<JsonResp>(b"*0\r\n").is_err());
        assert!(read::<JsonResp>(b"*1000000000\r\n+[\r\n").is_err());
    }
}
