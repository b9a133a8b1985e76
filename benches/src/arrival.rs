//! [`Arrival`]: a reply landing in a connection's read buffer, one read at a time.

use std::cell::RefCell;

use bytes::{Bytes, BytesMut};
use typedis::resp::Frame;
use typedis::FrameScanner;

use crate::fixtures::Fixture;

thread_local! {
    // A connection keeps one scanner (and its stack's memory) for its lifetime.
    static SCANNER: RefCell<FrameScanner> = RefCell::new(FrameScanner::new());
}

/// A connection's read buffer holding the first read of a reply, with the later reads
/// still to come.
///
/// Building it is the untimed part of an operation: the buffer has room for the whole
/// reply and is already shared (as a long-lived read buffer is after its first frame),
/// so splitting a frame off it costs no allocation, for any library.
pub struct Arrival<'a> {
    buf: BytesMut,
    rest: &'a [Bytes],
}

impl<'a> Arrival<'a> {
    /// The buffer after the first read of `fixture`.
    pub fn new(fixture: &'a Fixture) -> Self {
        let mut buf = BytesMut::with_capacity(fixture.len());
        buf.extend_from_slice(&fixture.chunks[0]);
        // Splitting once turns the buffer into the shared kind a connection's buffer is.
        drop(buf.split_to(0));
        Arrival {
            buf,
            rest: &fixture.chunks[1..],
        }
    }

    /// Runs `attempt` on the buffer, and again after each further read lands in it,
    /// until it returns a value: a decoder's loop over a socket.
    ///
    /// # Panics
    ///
    /// When the reply is complete and `attempt` still wants more (a broken decoder).
    pub fn until<R>(&mut self, mut attempt: impl FnMut(&mut BytesMut) -> Option<R>) -> R {
        if let Some(r) = attempt(&mut self.buf) {
            return r;
        }
        for chunk in self.rest {
            self.buf.extend_from_slice(chunk);
            if let Some(r) = attempt(&mut self.buf) {
                return r;
            }
        }
        panic!("decoder wants more bytes than the whole reply")
    }

    /// The framing floor: the scanner alone, resumed after each read, until the frame
    /// is complete. Returns the frame's length.
    ///
    /// # Panics
    ///
    /// When the fixture is not a valid frame.
    pub fn scan(&mut self) -> usize {
        SCANNER.with_borrow_mut(|scanner| {
            self.until(|buf| scanner.scan(buf).expect("fixture is valid RESP"))
        })
    }

    /// The frame typedis's connection hands to a caller. A reply that arrived whole is
    /// scanned once, by [`Frame::new`]. One that arrived in pieces is scanned
    /// incrementally as it lands, then once more by [`Frame::new`]: the public API has no
    /// way to wrap already-scanned bytes (the connection will, crate-internally).
    ///
    /// # Panics
    ///
    /// When the fixture is not a valid frame.
    pub fn typedis_frame(&mut self) -> Frame {
        let n = if self.rest.is_empty() {
            self.buf.len()
        } else {
            self.scan()
        };
        Frame::new(self.buf.split_to(n).freeze()).expect("fixture is one frame")
    }
}
