//! A small blocking RESP3 reader that turns replies into `serde_json::Value`, for `dump`.
//!
//! typedis has its own reader, but this crate is a build-dependency of typedis, so it
//! cannot depend on it (that would be a cycle); `dump` only needs these few lines.

use std::io::{BufRead, Read};

use serde_json::{Map, Number, Value};

use crate::Error;

/// Deepest nesting accepted (COMMAND DOCS nests about 8 levels).
const MAX_DEPTH: usize = 64;

/// Largest bulk string accepted (a spec entry is far smaller).
const MAX_BULK: usize = 64 << 20;

/// Reads one reply; an error reply becomes [`Error::Dump`] with the server's message.
pub fn read_value(r: &mut impl BufRead) -> Result<Value, Error> {
    read(r, 0)
}

fn bad(msg: impl Into<String>) -> Error {
    Error::Dump(msg.into())
}

fn line(r: &mut impl BufRead) -> Result<String, Error> {
    let mut buf = Vec::new();
    r.take(MAX_BULK as u64)
        .read_until(b'\n', &mut buf)
        .map_err(|e| bad(format!("read: {e}")))?;
    if !buf.ends_with(b"\r\n") {
        return Err(bad("connection closed inside a reply"));
    }
    buf.truncate(buf.len() - 2);
    String::from_utf8(buf).map_err(|_| bad("a reply line is not UTF-8"))
}

fn length(text: &str) -> Result<Option<usize>, Error> {
    if text == "-1" {
        return Ok(None);
    }
    text.parse::<usize>()
        .map(Some)
        .map_err(|_| bad(format!("bad length {text:?}")))
}

fn read(r: &mut impl BufRead, depth: usize) -> Result<Value, Error> {
    if depth > MAX_DEPTH {
        return Err(bad("reply nested too deeply"));
    }
    let l = line(r)?;
    let (kind, rest) = l.split_at(l.chars().next().map_or(0, char::len_utf8));
    Ok(match kind {
        "+" => Value::String(rest.to_owned()),
        "-" | "!" if kind == "-" => return Err(bad(format!("server error: {rest}"))),
        ":" => Value::Number(
            rest.parse::<i64>()
                .map_err(|_| bad(format!("bad integer {rest:?}")))?
                .into(),
        ),
        "," => rest
            .parse::<f64>()
            .ok()
            .and_then(Number::from_f64)
            .map_or_else(|| Value::String(rest.to_owned()), Value::Number),
        "(" => Value::String(rest.to_owned()),
        "#" => Value::Bool(rest == "t"),
        "_" => Value::Null,
        "$" | "=" | "!" => {
            let Some(n) = length(rest)? else {
                return Ok(Value::Null);
            };
            if n > MAX_BULK {
                return Err(bad(format!("bulk string of {n} bytes is too large")));
            }
            let mut data = vec![0; n + 2];
            r.read_exact(&mut data)
                .map_err(|e| bad(format!("read: {e}")))?;
            data.truncate(n);
            let mut text =
                String::from_utf8(data).map_err(|_| bad("a bulk string is not UTF-8"))?;
            if kind == "=" && text.len() >= 4 {
                text.drain(..4);
            }
            if kind == "!" {
                return Err(bad(format!("server error: {text}")));
            }
            Value::String(text)
        }
        "*" | "~" | ">" => {
            let Some(n) = length(rest)? else {
                return Ok(Value::Null);
            };
            let mut items = Vec::new();
            for _ in 0..n {
                items.push(read(r, depth + 1)?);
            }
            Value::Array(items)
        }
        "%" | "|" => {
            let n = length(rest)?.unwrap_or(0);
            let mut map = Map::new();
            for _ in 0..n {
                let k = match read(r, depth + 1)? {
                    Value::String(s) => s,
                    other => other.to_string(),
                };
                let v = read(r, depth + 1)?;
                map.insert(k, v);
            }
            if kind == "|" {
                // An attribute annotates the value that follows; dump keeps the value.
                return read(r, depth);
            }
            Value::Object(map)
        }
        _ => return Err(bad(format!("unexpected reply line {l:?}"))),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_resp3_maps_sets_and_scalars() {
        let bytes = b"%2\r\n+a\r\n~2\r\n:1\r\n$3\r\nxyz\r\n$1\r\nb\r\n*3\r\n_\r\n#t\r\n,1.5\r\n";
        let v = read_value(&mut &bytes[..]).unwrap();
        assert_eq!(
            v,
            serde_json::json!({"a": [1, "xyz"], "b": [null, true, 1.5]})
        );
    }

    #[test]
    fn error_replies_and_truncation_are_errors() {
        let e = read_value(&mut &b"-ERR unknown command\r\n"[..]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "dump failed: server error: ERR unknown command"
        );
        assert!(read_value(&mut &b"*2\r\n:1\r\n"[..]).is_err());
        assert!(read_value(&mut &b"$5\r\nab"[..]).is_err());
        assert!(read_value(&mut &b"?\r\n"[..]).is_err());
        let deep = "*1\r\n".repeat(100);
        assert!(read_value(&mut deep.as_bytes()).is_err());
    }
}
