//! The bounds the scanner enforces on a frame.

/// Bounds the scanner enforces, and with it every connection of a client (set with
/// [`Config::limits`](crate::Config::limits)). The defaults accept every reply Redis can
/// produce for values it can store, and bound what one reply can make a client buffer:
/// a bulk string as long as Redis's own `proto-max-bulk-len` (512 MiB), and a whole reply
/// of at most 1 GiB, announced or not (a hostile or broken server that declares more is
/// refused at the header, and one that sends more is cut off there).
///
/// Change some and keep the defaults for the rest (the methods are `const`, for limits
/// kept in a `const`):
///
/// ```
/// use typedis::{FrameScanner, Limits};
///
/// let scanner = FrameScanner::with_limits(Limits::DEFAULT.max_depth(16));
/// assert_eq!(scanner.limits().max_depth, 16);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// Most aggregates (arrays, maps, sets, pushes, attributes) that may be open at
    /// once; default 128. Every aggregate header counts, empty ones included, so a
    /// frame accepted by the scanner can be read recursively to a bounded depth.
    pub max_depth: usize,
    /// Longest bulk string, bulk error or verbatim string, and longest total of a
    /// streamed string's chunks; default 512 MiB (Redis's `proto-max-bulk-len`).
    pub max_bulk_len: usize,
    /// Most elements an aggregate may declare (entries, i.e. pairs, for maps and
    /// attributes); default `i32::MAX`, the largest count Redis accepts. The scanner
    /// never reserves memory for the elements: it keeps one counter per open aggregate.
    pub max_aggregate_len: usize,
    /// Longest frame, in bytes; default 1 GiB: room for a maximal bulk string twice over,
    /// and as much as Redis accepts in one request (`client-query-buffer-limit`), while
    /// a connection never buffers more for one frame. Redis does not bound one reply
    /// (`KEYS`, `LRANGE` of a huge list may exceed it): raise this for such replies, or
    /// read them element by element ([`Client::stream`](crate::Client::stream)). A
    /// declared length or count that cannot fit in this bound (an aggregate of `n`
    /// elements needs at least `3 * n` bytes) is rejected as soon as its header is read,
    /// before its bytes arrive.
    pub max_frame_len: usize,
}

impl Limits {
    /// Default [`max_depth`](Self::max_depth): 128.
    pub const DEFAULT_MAX_DEPTH: usize = 128;
    /// Default [`max_bulk_len`](Self::max_bulk_len): 512 MiB.
    pub const DEFAULT_MAX_BULK_LEN: usize = 512 << 20;
    /// Default [`max_aggregate_len`](Self::max_aggregate_len): `i32::MAX`.
    pub const DEFAULT_MAX_AGGREGATE_LEN: usize = i32::MAX as usize;
    /// Default [`max_frame_len`](Self::max_frame_len): 1 GiB.
    pub const DEFAULT_MAX_FRAME_LEN: usize = 1 << 30;
}

impl Limits {
    /// The defaults: what [`Limits::default`] gives, as a `const`.
    pub const DEFAULT: Limits = Limits {
        max_depth: Self::DEFAULT_MAX_DEPTH,
        max_bulk_len: Self::DEFAULT_MAX_BULK_LEN,
        max_aggregate_len: Self::DEFAULT_MAX_AGGREGATE_LEN,
        max_frame_len: Self::DEFAULT_MAX_FRAME_LEN,
    };

    /// The same, with [`max_depth`](Self::max_depth) set.
    #[must_use]
    pub const fn max_depth(mut self, depth: usize) -> Limits {
        self.max_depth = depth;
        self
    }

    /// The same, with [`max_bulk_len`](Self::max_bulk_len) set.
    #[must_use]
    pub const fn max_bulk_len(mut self, len: usize) -> Limits {
        self.max_bulk_len = len;
        self
    }

    /// The same, with [`max_aggregate_len`](Self::max_aggregate_len) set.
    #[must_use]
    pub const fn max_aggregate_len(mut self, len: usize) -> Limits {
        self.max_aggregate_len = len;
        self
    }

    /// The same, with [`max_frame_len`](Self::max_frame_len) set.
    #[must_use]
    pub const fn max_frame_len(mut self, len: usize) -> Limits {
        self.max_frame_len = len;
        self
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}
