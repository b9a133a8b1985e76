//! [`ScoredMember`]: a sorted-set member with its score.

use bytes::Bytes;

use crate::resp::read::RespRead;
use crate::wire::DecodeError;
use crate::wire::Reader;

/// A member and its score: what `ZRANGE ... WITHSCORES`, `ZPOPMIN`,
/// `ZRANDMEMBER ... WITHSCORES` and the like return a list of, and the elements of a
/// vector set with their similarity from `VSIM ... WITHSCORES` and `VLINKS ...
/// WITHSCORES` (`(1 + cosine) / 2`: 1 for the same direction, 0 for the opposite).
///
/// RESP3 sends each pair as a two-element array with a double; RESP2 sends the list
/// flat (`[member, score, member, score, ...]`) with the score as text. A
/// `Vec<ScoredMember>` reads both.
///
/// The member is [`Bytes`] by default, a slice of the reply with no copy. Name another
/// type that reads a string to have it as that: `ScoredMember<String>` with `query_as`
/// (checked UTF-8), or `ScoredMember<&str>` borrowed from the frame with `send` and
/// `decode`.
///
/// ```
/// use typedis::resp::Frame;
/// use typedis::reply::ScoredMember;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let resp2 = Frame::from_slice(b"*4\r\n$1\r\na\r\n$1\r\n1\r\n$1\r\nb\r\n$3\r\n2.5\r\n")?;
/// let resp3 = Frame::from_slice(b"*2\r\n*2\r\n$1\r\na\r\n,1\r\n*2\r\n$1\r\nb\r\n,2.5\r\n")?;
/// let a: Vec<ScoredMember> = resp2.decode()?;
/// assert_eq!(a, resp3.decode::<Vec<ScoredMember>>()?);
/// assert_eq!(a[1].member, "b");
/// assert_eq!(a[1].score, 2.5);
///
/// let named: Vec<ScoredMember<String>> = resp2.decode()?;
/// assert_eq!(named[0].member, "a");
/// let borrowed: Vec<ScoredMember<&str>> = resp3.decode()?;
/// assert_eq!(borrowed[1].member, "b");
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ScoredMember<M = Bytes> {
    /// The member.
    pub member: M,
    /// Its score.
    pub score: f64,
}

impl<'de, M: RespRead<'de>> RespRead<'de> for ScoredMember<M> {
    const PAIR: bool = true;

    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let n = r.array_len()?;
        if n != 2 {
            return Err(DecodeError::length(2, n));
        }
        Self::read_flat_pair(r)
    }

    fn read_flat_pair(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let member = M::read(r).map_err(|e| e.at_field("member"))?;
        let score = r.double().map_err(|e| e.at_field("score"))?;
        Ok(ScoredMember { member, score })
    }
}
