//! Replies of RedisBloom commands whose RESP2 and RESP3 forms differ: [`Added`]
//! (`CF.INSERT`) (feature `bloom`).

use crate::resp::read::RespRead;
use crate::wire::DecodeError;
use crate::wire::Kind;
use crate::wire::Reader;

/// Whether `CF.INSERT` added an item: `true`, or `false` when the filter was full.
///
/// RESP3 answers a boolean; RESP2 answers `1`, or `-1` for a full filter (not the `0` a
/// `bool` reads as false): both read into `Added`.
///
/// ```
/// use typedis::resp::Frame;
/// use typedis::reply::Added;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let resp2: Vec<Added> = Frame::from_slice(b"*2\r\n:1\r\n:-1\r\n")?.decode()?;
/// let resp3: Vec<Added> = Frame::from_slice(b"*2\r\n#t\r\n#f\r\n")?.decode()?;
/// assert_eq!(resp2, resp3);
/// assert_eq!(resp2, [Added(true), Added(false)]);
/// assert!(resp2[0].is_added());
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Added(pub bool);

impl Added {
    /// Whether the item was added (`false`: the filter was full).
    pub fn is_added(self) -> bool {
        self.0
    }
}

impl From<Added> for bool {
    fn from(added: Added) -> bool {
        added.0
    }
}

impl PartialEq<bool> for Added {
    fn eq(&self, other: &bool) -> bool {
        self.0 == *other
    }
}

impl<'de> RespRead<'de> for Added {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        const WHAT: &str = "1, -1 or a boolean";
        match r.peek()? {
            Kind::Boolean => r.boolean().map(Added),
            Kind::Integer => match r.int()? {
                1 => Ok(Added(true)),
                -1 => Ok(Added(false)),
                _ => Err(DecodeError::invalid(WHAT, Kind::Integer)),
            },
            found => Err(DecodeError::unexpected(WHAT, found)),
        }
    }
}

/// The one value `BF.INFO key CAPACITY` (or `SIZE`, `FILTERS`, `ITEMS`, `EXPANSION`)
/// answers: `None` for the expansion rate of a filter that does not scale.
///
/// RESP2 answers an array of one element, RESP3 a map of one field named as in the full
/// reply (`Capacity`): both read into the value.
///
/// ```
/// use typedis::resp::Frame;
/// use typedis::reply::BloomInfoValue;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let resp2: BloomInfoValue = Frame::from_slice(b"*1\r\n:100\r\n")?.decode()?;
/// let resp3: BloomInfoValue = Frame::from_slice(b"%1\r\n+Capacity\r\n:100\r\n")?.decode()?;
/// assert_eq!((resp2, resp3), (BloomInfoValue(Some(100)), BloomInfoValue(Some(100))));
/// let nonscaling: BloomInfoValue = Frame::from_slice(b"*1\r\n_\r\n")?.decode()?;
/// assert_eq!(nonscaling.0, None);
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BloomInfoValue(pub Option<i64>);

impl<'de> RespRead<'de> for BloomInfoValue {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let n = match r.peek()? {
            Kind::Map => {
                let n = r.map_len()?;
                if n == 1 {
                    r.skip().map_err(|e| e.at_index(0))?;
                }
                n
            }
            Kind::Array => r.array_len()?,
            other => return Err(DecodeError::unexpected("one value", other)),
        };
        if n != 1 {
            return Err(DecodeError::length(1, n));
        }
        Option::<i64>::read(r).map(BloomInfoValue)
    }
}
