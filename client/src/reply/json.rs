//! Replies of RedisJSON commands whose RESP2 and RESP3 forms differ in shape:
//! [`JsonNumbers`] (`JSON.NUMINCRBY`, `JSON.NUMMULTBY`) and [`JsonTypes`] (`JSON.TYPE`)
//! (feature `json`).

use std::ops::Deref;

use bytes::Bytes;

use crate::resp::read::RespRead;
use crate::wire::DecodeError;
use crate::wire::Kind;
use crate::wire::Reader;

/// The new values of `JSON.NUMINCRBY` and `JSON.NUMMULTBY`: one per match of the path,
/// `None` where the match is not a number.
///
/// RESP2 sends them as JSON text (`"[2.5,null]"`, or `"10"` for a legacy path), RESP3 as
/// an array of numbers and nulls: both read into the same list.
///
/// ```
/// use typedis::resp::Frame;
/// use typedis::reply::JsonNumbers;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let resp2: JsonNumbers = Frame::from_slice(b"$10\r\n[2.5,null]\r\n")?.decode()?;
/// let resp3: JsonNumbers = Frame::from_slice(b"*2\r\n,2.5\r\n_\r\n")?.decode()?;
/// assert_eq!(resp2, resp3);
/// assert_eq!(*resp2, [Some(2.5), None]);
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct JsonNumbers(pub Vec<Option<f64>>);

impl Deref for JsonNumbers {
    type Target = [Option<f64>];

    fn deref(&self) -> &[Option<f64>] {
        &self.0
    }
}

impl From<JsonNumbers> for Vec<Option<f64>> {
    fn from(n: JsonNumbers) -> Self {
        n.0
    }
}

impl<'de> RespRead<'de> for JsonNumbers {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        match r.peek()? {
            Kind::Array => Ok(JsonNumbers(RespRead::read(r)?)),
            Kind::BulkString | Kind::SimpleString | Kind::VerbatimString => {
                let text = r.bytes()?;
                numbers_of_json(text)
                    .map(JsonNumbers)
                    .ok_or_else(|| DecodeError::malformed("a JSON number or array of numbers"))
            }
            other => Err(DecodeError::unexpected("JSON numbers", other)),
        }
    }
}

/// `[1,null,2.5]` or `7` as numbers; `None` for any other JSON.
fn numbers_of_json(text: &[u8]) -> Option<Vec<Option<f64>>> {
    let text = std::str::from_utf8(text).ok()?.trim();
    let number = |t: &str| -> Option<Option<f64>> {
        match t.trim() {
            "null" => Some(None),
            t => t.parse::<f64>().ok().map(Some),
        }
    };
    match text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
        Some(inner) if inner.trim().is_empty() => Some(Vec::new()),
        Some(inner) => inner.split(',').map(number).collect(),
        None => Some(vec![number(text)?]),
    }
}

/// The JSON types (`object`, `array`, `string`, `integer`, `number`, `boolean`, `null`)
/// of what `JSON.TYPE` matched, one per match; empty when the key does not exist.
///
/// RESP3 wraps the list in one more array than RESP2 does; both read into the same list.
///
/// ```
/// use typedis::resp::Frame;
/// use typedis::reply::JsonTypes;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let resp2: JsonTypes = Frame::from_slice(b"*2\r\n$5\r\narray\r\n$6\r\nstring\r\n")?.decode()?;
/// let resp3: JsonTypes =
///     Frame::from_slice(b"*1\r\n*2\r\n$5\r\narray\r\n$6\r\nstring\r\n")?.decode()?;
/// assert_eq!(resp2, resp3);
/// assert_eq!(*resp2, ["array", "string"]);
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct JsonTypes(pub Vec<Bytes>);

impl Deref for JsonTypes {
    type Target = [Bytes];

    fn deref(&self) -> &[Bytes] {
        &self.0
    }
}

impl From<JsonTypes> for Vec<Bytes> {
    fn from(t: JsonTypes) -> Self {
        t.0
    }
}

impl<'de> RespRead<'de> for JsonTypes {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let mut types = Vec::new();
        read_types(r, &mut types, 0)?;
        Ok(JsonTypes(types))
    }
}

/// A type name, null, or an array of them (RESP3 nests one more level).
fn read_types(r: &mut Reader<'_>, out: &mut Vec<Bytes>, depth: u8) -> Result<(), DecodeError> {
    if r.try_null()? {
        return Ok(());
    }
    if r.peek()? != Kind::Array {
        out.push(r.bytes_owned()?);
        return Ok(());
    }
    if depth == 2 {
        return Err(DecodeError::unexpected("a JSON type name", Kind::Array));
    }
    let n = r.array_len()?;
    for i in 0..n {
        read_types(r, out, depth + 1).map_err(|e| e.at_index(i))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::Frame;

    fn decode<T: for<'de> RespRead<'de>>(bytes: &[u8]) -> T {
        Frame::from_slice(bytes).unwrap().decode().unwrap()
    }

    #[test]
    fn numbers_read_from_json_text_and_from_arrays() {
        // As RedisJSON 2.8.3 answers `JSON.NUMINCRBY doc $..* 1` and a legacy path.
        let text: JsonNumbers = decode(b"$19\r\n[null,null,4.5,8,1]\r\n");
        let array: JsonNumbers = decode(b"*5\r\n_\r\n_\r\n,4.5\r\n:8\r\n:1\r\n");
        assert_eq!(text, array);
        assert_eq!(decode::<JsonNumbers>(b"$2\r\n10\r\n").0, [Some(10.0)]);
        assert_eq!(decode::<JsonNumbers>(b"$2\r\n[]\r\n").0, []);
        let frame = Frame::from_slice(b"$7\r\n{\"a\":1}\r\n").unwrap();
        assert!(frame.decode::<JsonNumbers>().is_err());
    }

    #[test]
    fn types_read_flat_nested_and_missing() {
        assert_eq!(decode::<JsonTypes>(b"$6\r\nobject\r\n").0, ["object"]);
        assert_eq!(decode::<JsonTypes>(b"*1\r\n$6\r\nobject\r\n").0, ["object"]);
        assert!(decode::<JsonTypes>(b"$-1\r\n").is_empty());
        assert!(decode::<JsonTypes>(b"*1\r\n_\r\n").is_empty());
        let frame = Frame::from_slice(b"*1\r\n*1\r\n*1\r\n$1\r\na\r\n").unwrap();
        assert!(frame.decode::<JsonTypes>().is_err());
    }
}
