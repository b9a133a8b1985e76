//! Replies of RedisBloom commands whose RESP2 and RESP3 forms differ: [`Added`]
//! (`CF.INSERT`) (feature `bloom`).

use crate::resp::{DecodeError, Kind, Reader};
use crate::RespRead;

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
