//! [`Json`]: a serde value as a JSON text, written as one argument and read from one
//! string reply (feature `serde`).

mod finite;

use serde::de::Deserialize;
use serde::ser::Serialize;

use crate::cmd::{ArgWriter, ToArg};
use crate::resp::read::RespRead;
use crate::wire::DecodeError;
use crate::wire::Reader;

/// A value of yours as JSON text: the value of `JSON.SET`, `JSON.MSET` and `JSON.MERGE`
/// (`T: Serialize`), and a reply type for `JSON.GET`, `JSON.MGET` and documents stored as
/// JSON (`T: Deserialize`), so structs are stored and read back with no hand-written
/// conversion. Needs the `serde` feature; `serde_json` does the work.
///
/// Read from a reply, `Json<T>` takes the JSON text of one string and deserializes it; `T`
/// may borrow from the reply (`Json<Product<'_>>` with `&str` fields, read with
/// [`Frame::decode`](crate::wire::Frame::decode)) where the text has no escapes. A text
/// that is not JSON of `T`'s shape is a [`DecodeError`] that quotes serde's message.
///
/// A JSONPath (`$.a`) reply is a JSON *array* of the matches: read it as
/// `Json<Vec<T>>`.
///
/// ```
/// use serde::{Deserialize, Serialize};
/// use typedis::cmd::ToArg;
/// use typedis::Json;
///
/// #[derive(Debug, PartialEq, Serialize, Deserialize)]
/// struct Point {
///     x: i32,
///     y: i32,
/// }
///
/// // As an argument: one bulk string holding the JSON text.
/// let c = typedis::cmd("JSON.SET").key("p").arg("$").arg(Json(&Point { x: 1, y: 2 })).build();
/// assert!(c.as_bytes().ends_with(b"$13\r\n{\"x\":1,\"y\":2}\r\n"));
///
/// // As a reply: the JSON text of a string, deserialized.
/// let frame = typedis::resp::Frame::from_slice(b"$15\r\n[{\"x\":3,\"y\":4}]\r\n")?;
/// let Json(points): Json<Vec<Point>> = frame.decode()?;
/// assert_eq!(points, [Point { x: 3, y: 4 }]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub struct Json<T>(pub T);

impl<T> Json<T> {
    /// The value.
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> std::ops::Deref for Json<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> std::ops::DerefMut for Json<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

impl<T: Serialize> ToArg for Json<T> {
    /// Serializes the value. A value JSON cannot hold is never replaced by another: one
    /// serde cannot write as JSON (a map with non-string keys, a `Serialize` impl that
    /// fails) or that holds a NaN or infinite float (which `serde_json` would write as
    /// `null`) makes the command fail with
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) before anything is sent,
    /// serde's error as its source.
    fn write_arg(&self, out: ArgWriter<'_>) {
        match serde_json::to_vec(&self.0) {
            // `serde_json` writes a NaN or infinite float as `null`: a text without one
            // had none, and most texts are passed as they are without a second look.
            Ok(text) if memchr::memmem::find(&text, b"null").is_none() => out.bytes(&text),
            Ok(text) => match self.0.serialize(finite::Finite) {
                Ok(()) => out.bytes(&text),
                Err(e) => out.fail(e),
            },
            Err(e) => out.fail(e),
        }
    }
}

impl<'de, T: Deserialize<'de>> RespRead<'de> for Json<T> {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let text = r.bytes()?;
        serde_json::from_slice(text)
            .map(Json)
            .map_err(|e| DecodeError::custom(format_args!("JSON text of the wanted shape: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, HashMap};

    use super::Json;
    use crate::error::Error;

    fn json_set(value: impl crate::cmd::ToArg) -> crate::cmd::Command {
        crate::cmd("JSON.SET")
            .key("doc")
            .arg("$")
            .arg(value)
            .build()
    }

    #[test]
    fn a_value_serde_cannot_write_refuses_the_command_instead_of_writing_null() {
        let by_pair = HashMap::from([((1, 2), 3)]);
        let set = json_set(Json(&by_pair));
        let invalid = set.invalid_argument().expect("refused");
        assert_eq!((invalid.command(), invalid.index()), ("JSON.SET", 3));
        assert!(
            invalid.to_string().contains("key must be a string"),
            "{invalid}"
        );
        assert!(!set.as_bytes().windows(4).any(|w| w == b"null"));
        let Some(Error::InvalidArgument(e)) = set.invalid_error() else {
            panic!("no error")
        };
        let source = std::error::Error::source(&e).expect("serde's error");
        assert!(source.to_string().contains("key must be a string"));
    }

    #[test]
    fn a_nan_or_infinite_float_inside_a_value_refuses_the_command() {
        for value in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            let set = json_set(Json(vec![1.0, value]));
            let invalid = set.invalid_argument().expect("refused");
            assert!(
                invalid.to_string().contains("JSON cannot hold"),
                "{invalid}"
            );
            let nested = BTreeMap::from([("a", vec![Some(value as f32)])]);
            assert!(json_set(Json(nested)).invalid_argument().is_some());
        }
    }

    #[test]
    fn nulls_and_finite_floats_are_written_as_they_are() {
        let value = (None::<i32>, "null", 1.5, f64::MAX);
        let set = json_set(Json(value));
        assert!(set.invalid_argument().is_none());
        let sent = String::from_utf8_lossy(set.as_bytes());
        let text = sent.split("\r\n").nth(8).expect("the value");
        assert_eq!(text, serde_json::to_string(&value).unwrap());
        assert!(text.starts_with(r#"[null,"null",1.5,"#), "{text}");
    }
}
