//! Replies handed out piece by piece as they arrive, instead of as one frame: the elements
//! of a huge array, or the chunks of a huge bulk string. The reader task switches into a
//! streaming mode when the reply at the front of the queue was asked for that way.

use crate::error::Error;
use crate::wire::length_line;
use crate::wire::Frame;
use bytes::Bytes;
use tokio::sync::mpsc;

/// How a streamed reply is wanted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum StreamKind {
    /// Each element of an array, set or map (keys and values in turn) as its own frame.
    Elements,
    /// The payload of a bulk string in chunks as they arrive.
    Bulk,
}

/// What the reader sends down a streamed reply's channel.
#[derive(Debug)]
pub(crate) enum StreamEvent {
    /// One element.
    Element(Frame),
    /// A piece of a bulk string's payload.
    Chunk(Bytes),
    /// The reply had another shape (an error, a null, a scalar): here it is whole; nothing
    /// follows.
    Whole(Frame),
    /// The reply is complete.
    End,
    /// The connection died before the reply was complete.
    Failed(Error),
}

/// A streamed reply's slot: how it is wanted and where its pieces go.
pub(crate) struct StreamTx {
    pub(crate) kind: StreamKind,
    pub(crate) tx: mpsc::Sender<StreamEvent>,
}

/// The start of a reply, read before deciding how to deliver it.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Header {
    /// Not enough bytes to tell.
    Incomplete,
    /// An aggregate of this many elements; its header line is this long.
    Elements { count: u64, header: usize },
    /// A bulk string of this many bytes; its header line is this long.
    Bulk { len: u64, header: usize },
    /// Anything else: delivered whole, through the frame scanner.
    Whole,
}

/// Reads the header of the reply at the start of `buf`.
pub(crate) fn header(buf: &[u8], kind: StreamKind) -> Header {
    let Some(&first) = buf.first() else {
        return Header::Incomplete;
    };
    let wanted = match kind {
        StreamKind::Elements => matches!(first, b'*' | b'~' | b'%'),
        StreamKind::Bulk => first == b'$',
    };
    if !wanted {
        return Header::Whole;
    }
    // Negative (null), streamed (`?`) or malformed lengths go the usual way: the scanner
    // reports the malformed ones.
    let (n, header) = match length_line(buf, 1) {
        Ok(Some(found)) => found,
        Ok(None) => return Header::Incomplete,
        Err(_) => return Header::Whole,
    };
    match first {
        b'$' => Header::Bulk { len: n, header },
        b'%' => match n.checked_mul(2) {
            Some(count) => Header::Elements { count, header },
            None => Header::Whole,
        },
        _ => Header::Elements { count: n, header },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aggregate_headers_give_their_element_count() {
        use StreamKind::Elements as E;
        assert_eq!(
            header(b"*3\r\n:1\r\n", E),
            Header::Elements {
                count: 3,
                header: 4
            }
        );
        assert_eq!(
            header(b"%2\r\n", E),
            Header::Elements {
                count: 4,
                header: 4
            }
        );
        assert_eq!(
            header(b"~0\r\n", E),
            Header::Elements {
                count: 0,
                header: 4
            }
        );
        assert_eq!(header(b"*12", E), Header::Incomplete);
        assert_eq!(header(b"*12\r", E), Header::Incomplete);
        assert_eq!(header(b"", E), Header::Incomplete);
    }

    #[test]
    fn other_shapes_and_odd_headers_are_delivered_whole() {
        use StreamKind::{Bulk, Elements as E};
        for reply in [
            &b"*-1\r\n"[..],
            b"*?\r\n",
            b"-ERR x\r\n",
            b":1\r\n",
            b"*1x\r\n",
            b"$3\r\nabc\r\n",
        ] {
            assert_eq!(header(reply, E), Header::Whole, "{reply:?}");
        }
        assert_eq!(header(b"*99999999999999999999999999\r\n", E), Header::Whole);
        assert_eq!(
            header(b"$5\r\nhello\r\n", Bulk),
            Header::Bulk { len: 5, header: 4 }
        );
        assert_eq!(header(b"$-1\r\n", Bulk), Header::Whole);
        assert_eq!(header(b"*1\r\n", Bulk), Header::Whole);
    }

    #[test]
    fn lengths_the_scanner_rejects_are_left_to_it() {
        use StreamKind::{Bulk, Elements as E};
        assert_eq!(header(b"*+5\r\n", E), Header::Whole);
        assert_eq!(header(b"*18446744073709551615\r\n", E), Header::Whole);
        assert_eq!(header(b"$1\n", Bulk), Header::Whole);
        let mut scanner = crate::wire::FrameScanner::new();
        assert!(scanner.scan(b"*+5\r\n").is_err());
    }
}
