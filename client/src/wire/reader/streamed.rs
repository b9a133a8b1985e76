//! Streamed RESP3 values: bulk strings sent in `;`-chunks (`$?`) and aggregates of unknown
//! length ended by `.` (`*?`, `%?`, `~?`).

use super::lex::{body, int_line, line, skip_value};
use crate::wire::DecodeError;

/// The chunk at `p` (`;len\r\ndata\r\n`): its data, or `None` for the final `;0\r\n`, and
/// the position after it.
fn chunk(buf: &[u8], p: usize) -> Result<(Option<&[u8]>, usize), DecodeError> {
    if buf.get(p) != Some(&b';') {
        return Err(DecodeError::malformed("expected a string chunk"));
    }
    let (n, q) = int_line(buf, p + 1)?;
    match usize::try_from(n) {
        Ok(0) => Ok((None, q)),
        Ok(n) => body(buf, q, n).map(|(s, q)| (Some(s), q)),
        Err(_) => Err(DecodeError::malformed("negative chunk length")),
    }
}

/// Calls `f` on each chunk of the streamed string whose `$?` header is at `p`; returns the
/// position after its final chunk.
fn for_each_chunk<'a>(
    buf: &'a [u8],
    p: usize,
    mut f: impl FnMut(&'a [u8]),
) -> Result<usize, DecodeError> {
    let mut q = line(buf, p + 1)?.1;
    loop {
        match chunk(buf, q)? {
            (Some(s), next) => {
                f(s);
                q = next;
            }
            (None, next) => return Ok(next),
        }
    }
}

/// Skips the streamed string at `p`.
pub(super) fn skip_chunks(buf: &[u8], p: usize) -> Result<usize, DecodeError> {
    for_each_chunk(buf, p, |_| {})
}

/// The streamed string at `p` joined into one buffer, and the position after it.
pub(super) fn join_chunks(buf: &[u8], p: usize) -> Result<(Vec<u8>, usize), DecodeError> {
    let mut out = Vec::new();
    let q = for_each_chunk(buf, p, |s| out.extend_from_slice(s))?;
    Ok((out, q))
}

/// The streamed string at `p` as one borrowed slice, when it has at most one chunk.
pub(super) fn single_chunk(buf: &[u8], p: usize) -> Result<Option<(&[u8], usize)>, DecodeError> {
    let mut only: Option<&[u8]> = None;
    let mut several = false;
    let q = for_each_chunk(buf, p, |s| {
        several |= only.is_some();
        only = Some(s);
    })?;
    Ok((!several).then_some((only.unwrap_or_default(), q)))
}

/// Counts the elements of a streamed aggregate whose first element is at `p`; returns the
/// count and the position of its `.` terminator.
pub(super) fn count_elements(buf: &[u8], mut p: usize) -> Result<(usize, usize), DecodeError> {
    let mut count = 0;
    loop {
        match buf.get(p) {
            Some(b'.') => return Ok((count, p)),
            Some(_) => {
                p = skip_value(buf, p)?;
                count += 1;
            }
            None => return Err(DecodeError::unexpected_end("end of streamed aggregate")),
        }
    }
}
