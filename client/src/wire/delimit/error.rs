//! Framing errors: what is wrong with a RESP byte stream and at which byte.

/// A framing error: what is wrong and at which byte offset of the frame.
///
/// The offset counts from the first byte of the frame being scanned (the first
/// byte of the buffer given to [`FrameScanner::scan`](super::FrameScanner::scan)).
/// Syntax errors point at the offending byte; errors about a whole token (a limit
/// exceeded, a double or big number that does not parse, a verbatim string without
/// its format) point at the token's type byte.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("protocol error at byte {offset}: {kind}")]
pub struct ProtocolError {
    /// Byte offset of the error, from the first byte of the frame.
    pub offset: usize,
    /// What is wrong.
    pub kind: ProtocolErrorKind,
}

/// What is wrong with a RESP frame.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ProtocolErrorKind {
    /// A value starts with a byte that is not a RESP type byte.
    #[error("invalid type byte '{}'", .0.escape_ascii())]
    InvalidTypeByte(u8),
    /// A length or count is not a decimal number of at most 19 digits (or `-1` for
    /// the `$` and `*` nulls, or `?` for the streamed `$`, `*`, `%`, `~`).
    #[error("invalid length")]
    InvalidLength,
    /// A line does not end with `\r\n` where it must (or holds a bare `\r` or `\n`).
    #[error("expected \\r\\n")]
    InvalidLineEnd,
    /// An integer line is not `[+-]` followed by digits within the range of `i64`.
    #[error("invalid integer")]
    InvalidInteger,
    /// A boolean is neither `#t` nor `#f`.
    #[error("invalid boolean")]
    InvalidBoolean,
    /// A double line is not a decimal number, `inf` or `nan` (the syntax Rust's
    /// `f64::from_str` accepts).
    #[error("invalid double")]
    InvalidDouble,
    /// A big number line is not `[+-]` followed by at least one digit.
    #[error("invalid big number")]
    InvalidBigNumber,
    /// A verbatim string does not start with a 3-byte format and `:`.
    #[error("verbatim string without a 3-byte format and ':'")]
    InvalidVerbatim,
    /// Inside a streamed string (`$?`), a line does not start with `;`.
    #[error("expected a ';' chunk in a streamed string")]
    InvalidChunk,
    /// A `.` end marker outside a streamed aggregate, or where the value annotated by
    /// an attribute is expected.
    #[error("unexpected end marker '.'")]
    UnexpectedStreamEnd,
    /// A streamed map (`%?`) ends after a key that has no value.
    #[error("streamed map ends after a key without its value")]
    UnpairedMapKey,
    /// A bulk string, error or verbatim string (or the sum of a streamed string's
    /// chunks) is longer than [`Limits::max_bulk_len`](super::Limits::max_bulk_len).
    #[error("bulk length exceeds the limit of {max} bytes")]
    BulkTooLong {
        /// The limit in force.
        max: usize,
    },
    /// An aggregate declares more elements (entries for maps and attributes) than
    /// [`Limits::max_aggregate_len`](super::Limits::max_aggregate_len).
    #[error("aggregate length exceeds the limit of {max}")]
    AggregateTooLong {
        /// The limit in force.
        max: usize,
    },
    /// Aggregates (attributes included) are nested deeper than
    /// [`Limits::max_depth`](super::Limits::max_depth).
    #[error("nesting exceeds the depth limit of {max}")]
    TooDeep {
        /// The limit in force.
        max: usize,
    },
    /// The bytes end before the frame does (reported by
    /// [`Frame::new`](crate::wire::Frame::new), which needs one whole frame).
    #[error("incomplete frame")]
    Incomplete,
    /// More bytes follow a complete frame (reported by
    /// [`Frame::new`](crate::wire::Frame::new), which needs exactly one frame).
    #[error("trailing bytes after the frame")]
    TrailingBytes,
    /// A reply arrived on a connection when no request was waiting for one (reported by
    /// the client's connections; the offset is that of the reply's first byte, 0).
    #[error("a reply arrived that no request was waiting for")]
    UnexpectedReply,
    /// The frame is, or is declared to be, longer than
    /// [`Limits::max_frame_len`](super::Limits::max_frame_len).
    #[error("frame exceeds the size limit of {max} bytes")]
    FrameTooLarge {
        /// The limit in force.
        max: usize,
    },
}
