//! [`Kind`]: the RESP type of a value, from its type byte.

use std::fmt;

#[cfg(doc)]
use super::Reader;
#[cfg(doc)]
use crate::wire::DecodeError;

/// The RESP type of a value, as seen by [`Reader::peek`] and named in [`DecodeError`]s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kind {
    /// `+OK`
    SimpleString,
    /// `-ERR message`
    SimpleError,
    /// `:42`
    Integer,
    /// `$5\r\nhello`
    BulkString,
    /// `*2\r\n...`
    Array,
    /// `_`, and the RESP2 forms `$-1` and `*-1`.
    Null,
    /// `#t` / `#f`
    Boolean,
    /// `,3.14`
    Double,
    /// `(3492890328409238509324850943850943825024385`
    BigNumber,
    /// `!21\r\nSYNTAX invalid syntax`
    BulkError,
    /// `=15\r\ntxt:Some string`
    VerbatimString,
    /// `%2\r\n...` (RESP3)
    Map,
    /// `~2\r\n...` (RESP3)
    Set,
    /// `|1\r\n...` (RESP3): metadata before a value. The reader skips attributes, so
    /// [`Reader::peek`] never returns this.
    Attribute,
    /// `>3\r\n...` (RESP3 out-of-band data)
    Push,
}

impl Kind {
    /// The kind that a type byte starts, or `None` for a byte that starts no value.
    #[inline]
    pub fn from_type_byte(b: u8) -> Option<Kind> {
        Some(match b {
            b'+' => Kind::SimpleString,
            b'-' => Kind::SimpleError,
            b':' => Kind::Integer,
            b'$' => Kind::BulkString,
            b'*' => Kind::Array,
            b'_' => Kind::Null,
            b'#' => Kind::Boolean,
            b',' => Kind::Double,
            b'(' => Kind::BigNumber,
            b'!' => Kind::BulkError,
            b'=' => Kind::VerbatimString,
            b'%' => Kind::Map,
            b'~' => Kind::Set,
            b'|' => Kind::Attribute,
            b'>' => Kind::Push,
            _ => return None,
        })
    }

    /// Lower-case name, as used in error messages (`"bulk string"`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::SimpleString => "simple string",
            Kind::SimpleError => "simple error",
            Kind::Integer => "integer",
            Kind::BulkString => "bulk string",
            Kind::Array => "array",
            Kind::Null => "null",
            Kind::Boolean => "boolean",
            Kind::Double => "double",
            Kind::BigNumber => "big number",
            Kind::BulkError => "bulk error",
            Kind::VerbatimString => "verbatim string",
            Kind::Map => "map",
            Kind::Set => "set",
            Kind::Attribute => "attribute",
            Kind::Push => "push",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
