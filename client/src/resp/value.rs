//! [`Value`]: an owned reply of any shape, and its RESP3 encoding.

use bytes::Bytes;

use crate::resp::read::collections::vec_for;
use crate::resp::read::RespRead;
use crate::wire::write::{blob, header, line};
use crate::wire::DecodeError;
use crate::wire::Kind;
use crate::wire::Reader;
use crate::wire::ServerError;

/// Any RESP2/RESP3 value, owned: for replies whose shape is not known in advance.
///
/// Strings are [`Bytes`] slices of the frame (no copy). Every null form (`_`, `$-1`,
/// `*-1`) is [`Value::Nil`]; simple and bulk errors are both [`Value::Error`]. Attributes
/// are skipped by the reader and are not kept. Maps keep the order of the reply.
///
/// ```
/// use typedis::resp::Frame;
/// use typedis::Value;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let frame = Frame::from_slice(b"%1\r\n+role\r\n*2\r\n:1\r\n_\r\n")?;
/// let value: Value = frame.decode()?;
/// assert_eq!(
///     value,
///     Value::Map(vec![(
///         Value::SimpleString("role".into()),
///         Value::Array(vec![Value::Int(1), Value::Nil]),
///     )])
/// );
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// A null, in any of its forms.
    Nil,
    /// `+text`
    SimpleString(Bytes),
    /// `-ERR text` or a bulk error `!n`.
    Error(ServerError),
    /// `:n`
    Int(i64),
    /// `$n` binary-safe string.
    Bulk(Bytes),
    /// `*n`
    Array(Vec<Value>),
    /// `%n` (RESP3), pairs in the order of the reply.
    Map(Vec<(Value, Value)>),
    /// `~n` (RESP3)
    Set(Vec<Value>),
    /// `,` (RESP3); `NaN` compares unequal to itself, as floats do.
    Double(f64),
    /// `#t` / `#f` (RESP3)
    Boolean(bool),
    /// `(digits` (RESP3): an integer of any size, as its decimal text.
    BigNumber(String),
    /// `=n` (RESP3): text with a three-byte format such as `txt` or `mkd`.
    Verbatim {
        /// The format, such as `*b"txt"`.
        format: [u8; 3],
        /// The text after the format.
        text: Bytes,
    },
    /// `>n` (RESP3): out-of-band data such as a pub/sub message.
    Push(Vec<Value>),
}

/// Nesting deeper than this is refused: it keeps [`Value`]'s recursive read within a
/// small stack even when the scanner's depth limit has been raised.
const MAX_DEPTH: usize = 512;

impl<'de> RespRead<'de> for Value {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        read_value(r, 0)
    }
}

fn read_value(r: &mut Reader<'_>, depth: usize) -> Result<Value, DecodeError> {
    if depth > MAX_DEPTH {
        return Err(DecodeError::custom(format_args!(
            "value nested deeper than {MAX_DEPTH} levels"
        )));
    }
    Ok(match r.peek()? {
        Kind::SimpleString => Value::SimpleString(r.bytes_owned()?),
        Kind::SimpleError | Kind::BulkError => match r.server_error()? {
            Some(e) => Value::Error(e),
            None => return Err(DecodeError::malformed("error reply")),
        },
        Kind::Integer => Value::Int(r.int()?),
        Kind::BulkString => Value::Bulk(r.bytes_owned()?),
        Kind::Null => {
            r.null()?;
            Value::Nil
        }
        Kind::Boolean => Value::Boolean(r.boolean()?),
        Kind::Double => Value::Double(r.double()?),
        Kind::BigNumber => {
            let digits = r.big_number()?;
            Value::BigNumber(String::from_utf8_lossy(digits).into_owned())
        }
        Kind::VerbatimString => {
            let (format, text) = r.verbatim()?;
            let format = <[u8; 3]>::try_from(format)
                .map_err(|_| DecodeError::malformed("verbatim string format"))?;
            let text = r.slice_of(text);
            Value::Verbatim { format, text }
        }
        Kind::Array => Value::Array(elements(r, depth)?),
        Kind::Set => Value::Set(elements(r, depth)?),
        Kind::Push => Value::Push(elements(r, depth)?),
        Kind::Map => {
            let n = r.map_len()?;
            let mut pairs = vec_for(r, n, 6);
            for i in 0..n {
                let k = read_value(r, depth + 1).map_err(|e| e.at_index(i))?;
                let v = read_value(r, depth + 1).map_err(|e| e.at_index(i))?;
                pairs.push((k, v));
            }
            Value::Map(pairs)
        }
        found => return Err(DecodeError::unexpected("value", found)),
    })
}

fn elements(r: &mut Reader<'_>, depth: usize) -> Result<Vec<Value>, DecodeError> {
    let n = r.array_len()?;
    let mut out = vec_for(r, n, 3);
    for i in 0..n {
        out.push(read_value(r, depth + 1).map_err(|e| e.at_index(i))?);
    }
    Ok(out)
}

impl Value {
    /// Appends this value's RESP3 encoding to `out`.
    ///
    /// Reading the bytes back gives an equal `Value`, with two exceptions: a simple string
    /// or error holding CR or LF (which RESP cannot put on one line) is written as a bulk
    /// string or bulk error, and a `NaN` double is never equal to itself.
    ///
    /// ```
    /// use typedis::Value;
    ///
    /// let mut out = Vec::new();
    /// Value::Array(vec![Value::Int(1), Value::Bulk("a".into())]).encode(&mut out);
    /// assert_eq!(out, b"*2\r\n:1\r\n$1\r\na\r\n");
    /// ```
    pub fn encode(&self, out: &mut Vec<u8>) {
        match self {
            Value::Nil => out.extend_from_slice(b"_\r\n"),
            Value::SimpleString(s) if !has_line_break(s) => line(out, b'+', s),
            Value::SimpleString(s) | Value::Bulk(s) => blob(out, b'$', s),
            Value::Error(e) if !has_line_break(e.as_str().as_bytes()) => {
                line(out, b'-', e.as_str().as_bytes());
            }
            Value::Error(e) => blob(out, b'!', e.as_str().as_bytes()),
            Value::Int(n) => line(out, b':', n.to_string().as_bytes()),
            Value::Double(d) => {
                let text = if d.is_nan() {
                    "nan".to_owned()
                } else if d.is_infinite() {
                    if *d > 0.0 { "inf" } else { "-inf" }.to_owned()
                } else {
                    // `{:?}` is the shortest text that parses back to the same f64.
                    format!("{d:?}")
                };
                line(out, b',', text.as_bytes());
            }
            Value::Boolean(b) => line(out, b'#', if *b { b"t" } else { b"f" }),
            Value::BigNumber(digits) => line(out, b'(', digits.as_bytes()),
            Value::Verbatim { format, text } => {
                header(out, b'=', text.len() + 4);
                out.extend_from_slice(format);
                out.push(b':');
                out.extend_from_slice(text);
                out.extend_from_slice(b"\r\n");
            }
            Value::Array(items) => aggregate(out, b'*', items),
            Value::Set(items) => aggregate(out, b'~', items),
            Value::Push(items) => aggregate(out, b'>', items),
            Value::Map(pairs) => {
                header(out, b'%', pairs.len());
                for (k, v) in pairs {
                    k.encode(out);
                    v.encode(out);
                }
            }
        }
    }

    /// This value's RESP3 encoding (see [`encode`](Self::encode)).
    pub fn to_resp(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.encode(&mut out);
        out
    }
}

fn has_line_break(s: &[u8]) -> bool {
    memchr::memchr2(b'\r', b'\n', s).is_some()
}

fn aggregate(out: &mut Vec<u8>, t: u8, items: &[Value]) {
    header(out, t, items.len());
    for item in items {
        item.encode(out);
    }
}
