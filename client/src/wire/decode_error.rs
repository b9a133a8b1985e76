//! [`DecodeError`]: why a frame could not be read as the requested type, and where.

use std::fmt;

use super::reader::Kind;

/// A reply did not have the shape the requested type needs.
///
/// It says where (a path such as `[17].fields.field1`), what was expected and what was
/// found, for example `[17].fields.field1: expected bulk string, found integer`. It never
/// copies the reply.
///
/// The path is built on the way out of a failed read: each aggregate reader that sees an
/// error from one of its elements prepends its own step with [`at_index`](Self::at_index)
/// or [`at_field`](Self::at_field). A successful read never touches it, and the error is
/// one pointer wide so that `Result<T, DecodeError>` stays cheap.
#[derive(Clone, PartialEq, Eq)]
pub struct DecodeError {
    inner: Box<Inner>,
}

#[derive(Clone, PartialEq, Eq)]
struct Inner {
    kind: DecodeErrorKind,
    /// Innermost step first: steps are pushed as the error travels outwards.
    path: Vec<Segment>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Segment {
    Index(usize),
    Field(&'static str),
}

/// What went wrong in a [`DecodeError`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum DecodeErrorKind {
    /// A value of another RESP type than the reader accepts:
    /// `expected bulk string, found integer`.
    Unexpected {
        /// What the reader accepts.
        expected: &'static str,
        /// The RESP type that was there.
        found: Kind,
    },
    /// The frame ended where a value was expected.
    UnexpectedEnd {
        /// What the reader accepts.
        expected: &'static str,
    },
    /// A value of an accepted RESP type whose content does not fit, such as a bulk string
    /// that is not a number, text that is not UTF-8, or `+QUEUED` where `+OK` is needed.
    Invalid {
        /// What the reader accepts.
        expected: &'static str,
        /// The RESP type that was there.
        found: Kind,
    },
    /// A number outside the range of the requested integer type.
    OutOfRange {
        /// The requested type, such as `u8`.
        expected: &'static str,
        /// The number that was there.
        value: i128,
    },
    /// An aggregate with another number of elements than the type needs.
    Length {
        /// The number of elements the type needs.
        expected: usize,
        /// The number of elements in the reply.
        found: usize,
    },
    /// The value was read but the frame goes on: the type did not consume it exactly.
    Trailing {
        /// Bytes left unread.
        remaining: usize,
    },
    /// A field that a map-shaped type requires is missing.
    MissingField(&'static str),
    /// A map-shaped type's required field is missing because the map is empty, as a hash
    /// that does not exist is (read an `Option` of the type to get `None` for it).
    EmptyMap(&'static str),
    /// A field appears twice in a map-shaped reply.
    DuplicateField(&'static str),
    /// Bytes that do not follow RESP where the reader looked (a frame that did not come
    /// through the scanner could hold anything).
    Malformed(&'static str),
    /// A message from a hand-written reader.
    Custom(Box<str>),
}

impl DecodeError {
    #[cold]
    fn new(kind: DecodeErrorKind) -> Self {
        DecodeError {
            inner: Box::new(Inner {
                kind,
                path: Vec::new(),
            }),
        }
    }

    /// A value of the wrong RESP type: `expected {expected}, found {found}`.
    #[cold]
    pub fn unexpected(expected: &'static str, found: Kind) -> Self {
        Self::new(DecodeErrorKind::Unexpected { expected, found })
    }

    /// The frame ended where `expected` was needed.
    #[cold]
    pub fn unexpected_end(expected: &'static str) -> Self {
        Self::new(DecodeErrorKind::UnexpectedEnd { expected })
    }

    /// A value of an accepted type whose content does not fit, such as a bulk string
    /// that is not a number.
    #[cold]
    pub fn invalid(expected: &'static str, found: Kind) -> Self {
        Self::new(DecodeErrorKind::Invalid { expected, found })
    }

    /// A number outside the range of the type `expected` (such as `"u8"`).
    #[cold]
    pub fn out_of_range(expected: &'static str, value: i128) -> Self {
        Self::new(DecodeErrorKind::OutOfRange { expected, value })
    }

    /// An aggregate of `found` elements where `expected` are needed.
    #[cold]
    pub fn length(expected: usize, found: usize) -> Self {
        Self::new(DecodeErrorKind::Length { expected, found })
    }

    /// The value was read but `remaining` bytes of the frame were left unread.
    #[cold]
    pub fn trailing(remaining: usize) -> Self {
        Self::new(DecodeErrorKind::Trailing { remaining })
    }

    /// A required field is missing from a map-shaped reply.
    #[cold]
    pub fn missing_field(name: &'static str) -> Self {
        Self::new(DecodeErrorKind::MissingField(name))
    }

    /// A required field is missing from an empty map (a key that does not exist).
    #[cold]
    pub fn empty_map(name: &'static str) -> Self {
        Self::new(DecodeErrorKind::EmptyMap(name))
    }

    /// A field appears twice in a map-shaped reply.
    #[cold]
    pub fn duplicate_field(name: &'static str) -> Self {
        Self::new(DecodeErrorKind::DuplicateField(name))
    }

    /// Bytes that do not follow RESP where the reader looked.
    #[cold]
    pub fn malformed(what: &'static str) -> Self {
        Self::new(DecodeErrorKind::Malformed(what))
    }

    /// Any other failure, for hand-written readers.
    #[cold]
    pub fn custom(msg: impl fmt::Display) -> Self {
        Self::new(DecodeErrorKind::Custom(msg.to_string().into_boxed_str()))
    }

    /// Prepends `[i]` to the path: the error happened in element `i` of an aggregate.
    #[cold]
    #[must_use]
    pub fn at_index(mut self, i: usize) -> Self {
        self.inner.path.push(Segment::Index(i));
        self
    }

    /// Prepends `.name` to the path: the error happened in the field `name`.
    #[cold]
    #[must_use]
    pub fn at_field(mut self, name: &'static str) -> Self {
        self.inner.path.push(Segment::Field(name));
        self
    }

    /// What went wrong.
    pub fn kind(&self) -> &DecodeErrorKind {
        &self.inner.kind
    }

    /// Where it went wrong, such as `[17].fields.field1` (empty at the top level).
    pub fn path(&self) -> String {
        let mut s = String::new();
        self.write_path(&mut s)
            .expect("writing to a String cannot fail");
        s
    }

    fn write_path(&self, f: &mut dyn fmt::Write) -> fmt::Result {
        for (n, seg) in self.inner.path.iter().rev().enumerate() {
            match seg {
                Segment::Index(i) => write!(f, "[{i}]")?,
                Segment::Field(name) if n == 0 => f.write_str(name)?,
                Segment::Field(name) => write!(f, ".{name}")?,
            }
        }
        Ok(())
    }
}

impl fmt::Display for DecodeErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeErrorKind::Unexpected { expected, found } => {
                write!(f, "expected {expected}, found {found}")
            }
            DecodeErrorKind::UnexpectedEnd { expected } => {
                write!(f, "expected {expected}, found end of frame")
            }
            DecodeErrorKind::Invalid { expected, found } => {
                write!(f, "expected {expected}, found {found} that is not one")
            }
            DecodeErrorKind::OutOfRange { expected, value } => {
                write!(f, "expected {expected}, found out of range integer {value}")
            }
            DecodeErrorKind::Length { expected, found } => {
                write!(f, "expected {expected} elements, found {found}")
            }
            DecodeErrorKind::Trailing { remaining } => {
                write!(f, "expected end of frame, found {remaining} more bytes")
            }
            DecodeErrorKind::MissingField(name) => write!(f, "missing field `{name}`"),
            DecodeErrorKind::EmptyMap(name) => write!(
                f,
                "missing field `{name}`: the map is empty, as a key that does not exist \
                 reads (read an `Option` of the type to get `None` for it)"
            ),
            DecodeErrorKind::DuplicateField(name) => write!(f, "duplicate field `{name}`"),
            DecodeErrorKind::Malformed(what) => write!(f, "malformed frame: {what}"),
            DecodeErrorKind::Custom(msg) => f.write_str(msg),
        }
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.inner.path.is_empty() {
            self.write_path(f)?;
            f.write_str(": ")?;
        }
        self.inner.kind.fmt(f)
    }
}

impl fmt::Debug for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DecodeError")
            .field("path", &self.path())
            .field("kind", &self.inner.kind)
            .finish()
    }
}

impl std::error::Error for DecodeError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_joins_path_expected_and_found() {
        let e = DecodeError::unexpected("bulk string", Kind::Integer)
            .at_field("field1")
            .at_field("fields")
            .at_index(17);
        assert_eq!(
            e.to_string(),
            "[17].fields.field1: expected bulk string, found integer"
        );
        assert_eq!(e.path(), "[17].fields.field1");
    }

    #[test]
    fn top_level_field_has_no_leading_dot() {
        let e = DecodeError::missing_field("id")
            .at_index(2)
            .at_field("entries");
        assert_eq!(e.to_string(), "entries[2]: missing field `id`");
    }

    #[test]
    fn error_without_path_is_only_the_message() {
        assert_eq!(
            DecodeError::length(2, 3).to_string(),
            "expected 2 elements, found 3"
        );
        assert_eq!(DecodeError::length(2, 3).path(), "");
    }

    #[test]
    fn decode_error_is_one_pointer() {
        assert_eq!(size_of::<DecodeError>(), size_of::<usize>());
    }
}
