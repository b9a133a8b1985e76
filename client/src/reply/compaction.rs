//! [`CompactionRules`]: `TS.INFO`'s `rules`, a map on RESP3 and an array of arrays on
//! RESP2, read alike (feature `timeseries`).

use std::ops::Deref;

use bytes::Bytes;

use crate::resp::read::collections::{hold, vec_for};
use crate::resp::read::RespRead;
use crate::wire::DecodeError;
use crate::wire::Kind;
use crate::wire::Reader;

/// One compaction rule of a time series: the series it writes to and how.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct CompactionRule {
    /// The key of the series the rule writes its buckets to.
    pub destination: Bytes,
    /// The bucket duration, in milliseconds.
    pub bucket_duration: i64,
    /// The aggregator, uppercase (`AVG`, `MAX`, ...).
    pub aggregator: Bytes,
    /// The timestamp buckets are aligned to (0 unless the rule gave one).
    pub align: i64,
}

/// The compaction rules of a time series (`TS.INFO`'s `rules`), in the order the server
/// gives them.
///
/// RESP3 answers a map from destination key to `[bucketDuration, aggregator,
/// alignTimestamp]`; RESP2 an array of `[destination, bucketDuration, aggregator,
/// alignTimestamp]`: both read into the same rules.
///
/// ```
/// use typedis::resp::Frame;
/// use typedis::reply::CompactionRules;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let resp2: CompactionRules =
///     Frame::from_slice(b"*1\r\n*4\r\n$1\r\nd\r\n:60000\r\n+AVG\r\n:0\r\n")?.decode()?;
/// let resp3: CompactionRules =
///     Frame::from_slice(b"%1\r\n$1\r\nd\r\n*3\r\n:60000\r\n+AVG\r\n:0\r\n")?.decode()?;
/// assert_eq!(resp2, resp3);
/// assert_eq!(resp2[0].destination, "d");
/// assert_eq!((resp2[0].bucket_duration, &resp2[0].aggregator[..]), (60_000, &b"AVG"[..]));
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CompactionRules(pub Vec<CompactionRule>);

impl Deref for CompactionRules {
    type Target = [CompactionRule];

    fn deref(&self) -> &[CompactionRule] {
        &self.0
    }
}

/// The smallest rule in a frame: `*3\r\n:0\r\n+A\r\n:0\r\n` after its one-byte key.
const RULE_BYTES: usize = 16;

impl<'de> RespRead<'de> for CompactionRules {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let keyed = match r.peek()? {
            Kind::Map => true,
            Kind::Array => false,
            other => return Err(DecodeError::unexpected("compaction rules", other)),
        };
        let n = if keyed { r.map_len()? } else { r.array_len()? };
        let mut rules = vec_for(r, n, RULE_BYTES);
        for i in 0..n {
            let rule =
                read_rule(r, keyed).and_then(|rule| hold::<CompactionRule>(r).map(|()| rule));
            rules.push(rule.map_err(|e| e.at_index(i))?);
        }
        Ok(CompactionRules(rules))
    }
}

/// One rule: its destination as the map's key (`keyed`) or as the first of four elements.
fn read_rule(r: &mut Reader<'_>, keyed: bool) -> Result<CompactionRule, DecodeError> {
    let destination = if keyed {
        let key = r.bytes_owned()?;
        match r.array_len()? {
            3 => key,
            n => return Err(DecodeError::length(3, n)),
        }
    } else {
        match r.array_len()? {
            4 => r.bytes_owned().map_err(|e| e.at_index(0))?,
            n => return Err(DecodeError::length(4, n)),
        }
    };
    let at = usize::from(!keyed);
    Ok(CompactionRule {
        destination,
        bucket_duration: r.int().map_err(|e| e.at_index(at))?,
        aggregator: r.bytes_owned().map_err(|e| e.at_index(at + 1))?,
        align: r.int().map_err(|e| e.at_index(at + 2))?,
    })
}
