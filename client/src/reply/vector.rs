//! The replies of Redis 8's vector set commands that no std type reads on both
//! protocols: [`VectorMatch`] (`VSIM ... WITHSCORES WITHATTRIBS`) and [`RawVector`]
//! (`VEMB ... RAW`).

use bytes::Bytes;

use crate::resp::read::collections::vec_for;
use crate::resp::read::RespRead;
use crate::wire::DecodeError;
use crate::wire::Kind;
use crate::wire::Reader;

/// One element `VSIM ... WITHSCORES WITHATTRIBS` found: its name, its similarity score and
/// its attributes (JSON text, `None` when it has none).
///
/// RESP3 sends the matches as a map of element to `[score, attributes]`; RESP2 sends them
/// flat, three items per element. A `Vec<VectorMatch>` reads both, nearest first.
///
/// The element is [`Bytes`] by default, a slice of the reply with no copy;
/// `VectorMatch<String>` (with `query_as`) or `VectorMatch<&str>` (borrowed, with `send`
/// and `decode`) read it as text.
///
/// ```
/// use typedis::resp::Frame;
/// use typedis::reply::VectorMatch;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let resp2 = Frame::from_slice(b"*6\r\n$1\r\na\r\n$3\r\n0.9\r\n$7\r\n{\"n\":1}\r\n$1\r\nb\r\n$3\r\n0.5\r\n$-1\r\n")?;
/// let resp3 = Frame::from_slice(b"%2\r\n$1\r\na\r\n*2\r\n,0.9\r\n$7\r\n{\"n\":1}\r\n$1\r\nb\r\n*2\r\n,0.5\r\n_\r\n")?;
/// let matches: Vec<VectorMatch> = resp2.decode()?;
/// assert_eq!(matches, resp3.decode::<Vec<VectorMatch>>()?);
/// assert_eq!(matches[0].element, "a");
/// assert_eq!(matches[0].score, 0.9);
/// assert_eq!(matches[1].attributes, None);
/// let named: Vec<VectorMatch<String>> = resp3.decode()?;
/// assert_eq!(named[1].element, "b");
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct VectorMatch<E = Bytes> {
    /// The element.
    pub element: E,
    /// Its similarity to the query, `(1 + cosine) / 2`: from 0 (opposite direction) to 1
    /// (same direction).
    pub score: f64,
    /// Its attributes, as set by `VADD ... SETATTR` or `VSETATTR`.
    pub attributes: Option<Bytes>,
}

impl<E> VectorMatch<E> {
    /// The score and attributes after the element: a `[score, attributes]` pair (RESP3)
    /// or the two next items of a flat list (RESP2).
    fn read_rest(element: E, r: &mut Reader<'_>, nested: bool) -> Result<Self, DecodeError> {
        if nested {
            let n = r.array_len().map_err(|e| e.at_field("score"))?;
            if n != 2 {
                return Err(DecodeError::length(2, n).at_field("score"));
            }
        }
        let score = r.double().map_err(|e| e.at_field("score"))?;
        let attributes = Option::<Bytes>::read(r).map_err(|e| e.at_field("attributes"))?;
        Ok(VectorMatch {
            element,
            score,
            attributes,
        })
    }
}

impl<'de, E: RespRead<'de>> RespRead<'de> for VectorMatch<E> {
    /// One match as a three-element array: element, score, attributes.
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let n = r.array_len()?;
        if n != 3 {
            return Err(DecodeError::length(3, n));
        }
        let element = E::read(r).map_err(|e| e.at_field("element"))?;
        Self::read_rest(element, r, false)
    }

    fn read_vec(r: &mut Reader<'de>) -> Result<Vec<Self>, DecodeError> {
        let nested = r.peek()? == Kind::Map;
        let n = if nested {
            r.map_len()?
        } else {
            let items = r.array_len()?;
            if items % 3 != 0 {
                return Err(DecodeError::custom(format!(
                    "expected element, score and attributes for each match, found {items} items"
                )));
            }
            items / 3
        };
        // Each match is at least three items of a few bytes each.
        let mut out = vec_for(r, n, 9);
        for i in 0..n {
            let element = E::read(r).map_err(|e| e.at_field("element").at_index(i))?;
            out.push(Self::read_rest(element, r, nested).map_err(|e| e.at_index(i))?);
        }
        Ok(out)
    }
}

/// A vector as a vector set stores it, from `VEMB ... RAW`: how it is quantised, the raw
/// bytes, the norm its components were divided by, and (for `int8`) the range the bytes
/// are scaled to.
///
/// ```
/// use typedis::resp::Frame;
/// use typedis::reply::RawVector;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let f32 = Frame::from_slice(b"*3\r\n+f32\r\n$4\r\n\x00\x00\x80\x3f\r\n,1.5\r\n")?;
/// let raw: RawVector = f32.decode()?;
/// assert_eq!(raw.quantization, "f32");
/// assert_eq!(raw.norm, 1.5);
/// assert_eq!(raw.range, None);
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct RawVector {
    /// `f32`, `int8` or `bin`.
    pub quantization: Bytes,
    /// The stored components: little-endian `f32`s, `i8`s or bits.
    pub data: Bytes,
    /// The L2 norm of the vector as added.
    pub norm: f64,
    /// For `int8`: the value the byte 127 stands for.
    pub range: Option<f64>,
}

impl<'de> RespRead<'de> for RawVector {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let n = r.array_len()?;
        if !(3..=4).contains(&n) {
            return Err(DecodeError::custom(format!(
                "expected 3 or 4 elements (quantization, data, norm, range), found {n}"
            )));
        }
        let quantization = r.bytes_owned().map_err(|e| e.at_field("quantization"))?;
        let data = r.bytes_owned().map_err(|e| e.at_field("data"))?;
        let norm = r.double().map_err(|e| e.at_field("norm"))?;
        let range = if n == 4 {
            Some(r.double().map_err(|e| e.at_field("range"))?)
        } else {
            None
        };
        Ok(RawVector {
            quantization,
            data,
            norm,
            range,
        })
    }
}
