//! [`ScanPage`]: one page of `SCAN`, `HSCAN`, `SSCAN` or `ZSCAN`.

use crate::resp::read::RespRead;
use crate::wire::DecodeError;
use crate::wire::Reader;

/// One reply of a cursor-based scan: the cursor to continue from (0 when the scan is
/// complete) and the items of this page: keys for `SCAN`, members for `SSCAN`,
/// field/value pairs for `HSCAN` (fields alone with `NOVALUES`), member/score pairs for
/// `ZSCAN`.
///
/// [`Client::scan`](crate::Client::scan) follows the cursor to the end and yields the
/// items one by one; by hand, send the command again with the returned cursor until it
/// is 0.
///
/// ```
/// use typedis::resp::Frame;
/// use typedis::reply::{Bytes, ScanPage};
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let frame = Frame::from_slice(b"*2\r\n$2\r\n17\r\n*2\r\n$1\r\na\r\n$1\r\nb\r\n")?;
/// let page: ScanPage<Bytes> = frame.decode()?;
/// assert_eq!(page.cursor, 17);
/// assert_eq!(page.items, ["a", "b"]);
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ScanPage<T> {
    /// Where the next call continues; 0 once every item was returned.
    pub cursor: u64,
    /// The items of this page (possibly none, even before the end).
    pub items: Vec<T>,
}

impl<'de, T: RespRead<'de>> RespRead<'de> for ScanPage<T> {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let n = r.array_len()?;
        if n != 2 {
            return Err(DecodeError::length(2, n));
        }
        let cursor = u64::read(r).map_err(|e| e.at_field("cursor"))?;
        let items = Vec::<T>::read(r).map_err(|e| e.at_field("items"))?;
        Ok(ScanPage { cursor, items })
    }
}
