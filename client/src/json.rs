//! [`Json`]: a serde value as a JSON text, written as one argument and read from one
//! string reply (feature `serde`).

use serde::de::Deserialize;
use serde::ser::Serialize;

use crate::cmd::{ArgWriter, ToArg};
use crate::resp::{DecodeError, Reader};
use crate::RespRead;

/// A value of yours as JSON text: the value of `JSON.SET`, `JSON.MSET` and `JSON.MERGE`
/// (`T: Serialize`), and a reply type for `JSON.GET`, `JSON.MGET` and documents stored as
/// JSON (`T: Deserialize`), so structs are stored and read back with no hand-written
/// conversion. Needs the `serde` feature; `serde_json` does the work.
///
/// Read from a reply, `Json<T>` takes the JSON text of one string and deserializes it; `T`
/// may borrow from the reply (`Json<Product<'_>>` with `&str` fields, read with
/// [`Frame::decode`](crate::resp::Frame::decode)) where the text has no escapes. A text
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
    /// Serializes the value; a value serde cannot write as JSON (a map with non-string
    /// keys, say) is written as the JSON text `null`, which the server then rejects or
    /// stores as null. Serialize it yourself with `serde_json::to_vec` to see the error.
    fn write_arg(&self, out: ArgWriter<'_>) {
        match serde_json::to_vec(&self.0) {
            Ok(text) => out.bytes(&text),
            Err(_) => out.bytes(b"null"),
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
