//! Reads that outlast signals.

use std::io::{ErrorKind, Read, Result};

/// Reads into `buf` as [`Read::read`] does, again whenever a signal interrupts the read:
/// a socket read with a timeout is interrupted by any signal the process takes (even
/// with `SA_RESTART`), and the test processes take some (child processes ending).
pub(crate) fn read_some(stream: &mut impl Read, buf: &mut [u8]) -> Result<usize> {
    loop {
        match stream.read(buf) {
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            read => return read,
        }
    }
}
