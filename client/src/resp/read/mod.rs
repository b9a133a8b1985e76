//! [`RespRead`]: types that read themselves from a [`Reader`], and its impls for std types.

pub(crate) mod collections;
mod scalar;
mod tuple;

/// `#[derive(RespRead)]`, beside the trait it implements (one name, as serde's derives).
pub use typedis_derive::RespRead;

use crate::error::Error;
use crate::wire::DecodeError;
use crate::wire::Frame;
use crate::wire::Reader;

/// A reply type that owns its data (borrows nothing from the reply frame): what
/// [`Client::query`](crate::Client::query) returns. Implemented for every
/// `T: for<'de> RespRead<'de>`.
pub trait DecodeOwned: for<'de> RespRead<'de> {}
impl<T: for<'de> RespRead<'de>> DecodeOwned for T {}

/// A type that can be read from a RESP reply.
///
/// `'de` is the lifetime of the [`Frame`] being read: a type that
/// borrows from it (`&'de str`, `&'de [u8]`) costs no copy, and cannot outlive the frame.
///
/// # Implementations for std types
///
/// | Rust type | reads |
/// | --- | --- |
/// | `&'de [u8]`, `&'de str`, `Bytes`, `String`, `Vec<u8>`, `Cow<'de, [u8]>` | bulk, simple or verbatim string, or a big number's digits (borrowed or zero-copy where possible) |
/// | integers | integer, or its decimal text (range checked) |
/// | `f32`, `f64` | double, integer, or numeric text (`inf`, `-inf`, `nan` too) |
/// | `bool` | boolean, or integer `0`/`1` |
/// | `()` | simple string `OK` |
/// | `Option<T>` | any null form, or `T` |
/// | `Vec<T>`, `VecDeque<T>`, `HashSet<T>`, `BTreeSet<T>` | array, set or push |
/// | `[T; N]`, tuples up to 12 | array of exactly that many elements |
/// | `HashMap<K, V>`, `BTreeMap<K, V>`, `Vec<(K, V)>` | map, flat `[k, v, k, v]` array, or array of `[k, v]` pairs |
/// | `Result<T, ServerError>` | an error reply, or `T` |
/// | [`Value`](crate::Value) | anything |
/// | [`Frame`] | any one value, as a zero-copy sub-frame |
/// | `Box<T>` | as `T` |
///
/// `Vec<u8>` is binary data (a string), not an array of integers: `u8` overrides a hidden
/// method that `Vec<T>` calls, since Rust cannot specialise `Vec<T>` for `u8` otherwise.
/// Numbers, nulls and error replies are never strings: read them with their own types.
///
/// A pair sequence (`Vec<(K, V)>`, maps) tells a RESP2 flat array from an array of
/// pairs by its first element: an aggregate there means pairs. `HashMap` keeps the last
/// value of a repeated key.
///
/// # Implementing it
///
/// Implement it by hand with the [`Reader`] steps, or derive it. A reader of an aggregate
/// adds its step to the path of the errors of its elements with
/// [`DecodeError::at_index`] or [`DecodeError::at_field`]:
///
/// ```
/// use typedis::resp::{DecodeError, Frame, Reader};
/// use typedis::RespRead;
///
/// /// One entry of an XRANGE reply: `[id, [field, value, ...]]`.
/// struct Entry<'a> {
///     id: &'a str,
///     fields: Vec<(&'a str, &'a [u8])>,
/// }
///
/// impl<'de> RespRead<'de> for Entry<'de> {
///     fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
///         let n = r.array_len()?;
///         if n != 2 {
///             return Err(DecodeError::length(2, n));
///         }
///         let id = r.str().map_err(|e| e.at_field("id"))?;
///         let fields = RespRead::read(r).map_err(|e| e.at_field("fields"))?;
///         Ok(Entry { id, fields })
///     }
/// }
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let frame = Frame::from_slice(b"*2\r\n$3\r\n1-1\r\n*2\r\n$1\r\na\r\n$1\r\nb\r\n")?;
/// let entry: Entry<'_> = frame.decode()?;
/// assert_eq!(entry.id, "1-1");
/// assert_eq!(entry.fields, [("a", &b"b"[..])]);
///
/// let frame = Frame::from_slice(b"*2\r\n$3\r\n1-1\r\n*2\r\n$1\r\na\r\n:1\r\n")?;
/// let err = frame.decode::<Entry<'_>>().err().unwrap();
/// assert_eq!(
///     err.to_string(),
///     "cannot decode reply: fields[0][1]: expected bulk string, found integer"
/// );
/// # Ok(())
/// # }
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be read from a RESP reply",
    label = "`{Self}` does not implement `RespRead`",
    note = "derive it with `#[derive(typedis::RespRead)]`, or implement `RespRead` by hand for a \
            custom encoding; for a type from another crate, wrap it in a newtype"
)]
pub trait RespRead<'de>: Sized {
    /// Reads one value of this type at the reader's cursor.
    ///
    /// # Errors
    ///
    /// When the value at the cursor does not have this type's shape.
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError>;

    /// Whether `Self` is a two-element pair that can also be read from two consecutive
    /// elements of a flat `[k1, v1, k2, v2, ...]` sequence with
    /// [`read_flat_pair`](Self::read_flat_pair). True for two-element tuples; it lets
    /// `Vec<(K, V)>` read a RESP3 map, a RESP2 flat array, and an array of pairs.
    #[doc(hidden)]
    const PAIR: bool = false;

    /// Reads `Self` as one pair of a flat key/value sequence (the key, then the value,
    /// with no array header of their own). Only called when [`PAIR`](Self::PAIR) is true.
    #[doc(hidden)]
    #[inline]
    fn read_flat_pair(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        Self::read(r)
    }

    /// Reads an `Option<Self>`: the default reads any null as `None` and anything else as
    /// `Self`. A `#[resp(map)]` derive also reads an empty map as `None` (what `HGETALL`
    /// answers for a key that does not exist).
    #[doc(hidden)]
    #[inline]
    fn read_option(r: &mut Reader<'de>) -> Result<Option<Self>, DecodeError> {
        if r.try_null()? {
            Ok(None)
        } else {
            Self::read(r).map(Some)
        }
    }

    /// Reads a `Vec<Self>`. The default reads an aggregate of `Self`s; `u8` overrides it
    /// to read a string, so that `Vec<u8>` is binary data, as users mean it, rather than
    /// an array of small integers (`Vec<T>` cannot be specialised for `u8` otherwise).
    #[doc(hidden)]
    #[inline]
    fn read_vec(r: &mut Reader<'de>) -> Result<Vec<Self>, DecodeError> {
        collections::read_seq(r)
    }

    /// Reads the whole of `frame`: what [`Frame::decode`] does. The default reads it with
    /// a [`Reader`]; the string types override it to read a frame of one bulk string
    /// without one.
    #[doc(hidden)]
    #[inline]
    fn read_frame(frame: &'de Frame) -> Result<Self, Error> {
        frame.read_whole()
    }

    /// Reads the whole of `frame` as an `Option<Self>` (see
    /// [`read_frame`](Self::read_frame)).
    #[doc(hidden)]
    #[inline]
    fn read_option_frame(frame: &'de Frame) -> Result<Option<Self>, Error> {
        frame.read_whole()
    }

    /// Reads the whole of `frame`, a reply its caller drops after, as
    /// [`read_frame`](Self::read_frame) does. `Bytes` overrides it to take the frame's
    /// bytes rather than share them, which spares a reply the reference count's increment
    /// and decrement (two atomic operations).
    #[doc(hidden)]
    #[inline]
    fn take_frame(frame: &'de mut Frame) -> Result<Self, Error> {
        Self::read_frame(frame)
    }

    /// Reads the whole of `frame` as an `Option<Self>` (see
    /// [`take_frame`](Self::take_frame)).
    #[doc(hidden)]
    #[inline]
    fn take_option_frame(frame: &'de mut Frame) -> Result<Option<Self>, Error> {
        Self::read_option_frame(frame)
    }
}
