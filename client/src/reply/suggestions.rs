//! [`Suggestions`]: `FT.SUGGET ... WITHSCORES WITHPAYLOADS`, a flat list of completion,
//! score and payload triples (feature `search`).

use std::ops::Deref;

use bytes::Bytes;

use crate::resp::read::collections::{hold, vec_for};
use crate::resp::read::RespRead;
use crate::wire::DecodeError;
use crate::wire::Reader;

/// One completion of `FT.SUGGET ... WITHSCORES WITHPAYLOADS`.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Suggestion {
    /// The completion.
    pub text: Bytes,
    /// Its score (text on RESP2, a double on RESP3).
    pub score: f64,
    /// Its payload, `None` when it was added without one.
    pub payload: Option<Bytes>,
}

/// The completions of `FT.SUGGET ... WITHSCORES WITHPAYLOADS`, best first: the server
/// sends them as one flat list, completion, score, payload, completion, ...
///
/// ```
/// use typedis::resp::Frame;
/// use typedis::reply::Suggestions;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let frame = Frame::from_slice(
///     b"*6\r\n$4\r\nhelp\r\n,1.41\r\n_\r\n$5\r\nhello\r\n,0.57\r\n$2\r\np1\r\n",
/// )?;
/// let found: Suggestions = frame.decode()?;
/// assert_eq!(found.len(), 2);
/// assert_eq!((&found[1].text[..], found[1].score), (&b"hello"[..], 0.57));
/// assert_eq!(found[0].payload, None);
/// assert_eq!(found[1].payload.as_deref(), Some(&b"p1"[..]));
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Suggestions(pub Vec<Suggestion>);

impl Deref for Suggestions {
    type Target = [Suggestion];

    fn deref(&self) -> &[Suggestion] {
        &self.0
    }
}

/// The smallest triple in a frame: `$0\r\n\r\n,0\r\n_\r\n`.
const TRIPLE_BYTES: usize = 13;

impl<'de> RespRead<'de> for Suggestions {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let n = r.array_len()?;
        if n % 3 != 0 {
            return Err(DecodeError::length(n - n % 3 + 3, n));
        }
        let mut found = vec_for(r, n / 3, TRIPLE_BYTES);
        for i in (0..n).step_by(3) {
            let suggestion = Suggestion {
                text: r.bytes_owned().map_err(|e| e.at_index(i))?,
                score: r.double().map_err(|e| e.at_index(i + 1))?,
                payload: Option::<Bytes>::read(r).map_err(|e| e.at_index(i + 2))?,
            };
            hold::<Suggestion>(r)?;
            found.push(suggestion);
        }
        Ok(Suggestions(found))
    }
}
