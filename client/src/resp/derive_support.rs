//! Support for the code that `#[derive(RespRead)]` generates. Not a public API: it may change
//! in any release.
//!
//! Every step the derived code takes goes through a function here, so the generated code
//! stays short and names only `::typedis::__private::*`, and the reader's own API may evolve
//! without breaking what users' derives expand to.

use std::fmt::Write;

pub use crate::resp::read::RespRead;
pub use crate::wire::DecodeError;
pub use crate::wire::Kind;
pub use crate::wire::Reader;

type Result<T> = core::result::Result<T, DecodeError>;

/// An array (or set, or push) of exactly `len` elements: a positional struct's header.
#[inline]
pub fn array_exact(r: &mut Reader<'_>, len: usize) -> Result<()> {
    let found = r.array_len()?;
    if found == len {
        Ok(())
    } else {
        Err(DecodeError::length(len, found))
    }
}

/// The number of pairs of a map, or of a RESP2 flat key/value array.
#[inline]
pub fn map_len(r: &mut Reader<'_>) -> Result<usize> {
    r.map_len()
}

/// A map key, borrowed: the derived code matches it against the field names.
#[inline]
pub fn map_key<'de>(r: &mut Reader<'de>) -> Result<&'de [u8]> {
    r.bytes()
}

/// Skips the value of a key the struct does not know.
#[inline]
pub fn skip(r: &mut Reader<'_>) -> Result<()> {
    r.skip()
}

/// The string an enum variant is read from.
#[inline]
pub fn tag<'de>(r: &mut Reader<'de>) -> Result<&'de [u8]> {
    r.bytes()
}

/// The kind of the next value: the one look an untagged enum takes before reading.
#[inline]
pub fn peek(r: &Reader<'_>) -> Result<Kind> {
    r.peek()
}

/// A null, for a unit variant of an untagged enum.
#[inline]
pub fn null(r: &mut Reader<'_>) -> Result<()> {
    r.null()
}

/// A unit struct: `+OK` or a null.
#[inline]
pub fn unit(r: &mut Reader<'_>) -> Result<()> {
    if r.try_null()? {
        Ok(())
    } else {
        <() as RespRead<'_>>::read(r)
    }
}

/// Adds the field name to the path of a field's error.
#[inline]
pub fn at_field<T>(read: Result<T>, name: &'static str) -> Result<T> {
    match read {
        Ok(v) => Ok(v),
        Err(e) => Err(e.at_field(name)),
    }
}

/// Adds the index to the path of a tuple field's error.
#[inline]
pub fn at_index<T>(read: Result<T>, index: usize) -> Result<T> {
    match read {
        Ok(v) => Ok(v),
        Err(e) => Err(e.at_index(index)),
    }
}

/// The value of a required map field, or the error naming it.
#[inline]
pub fn required<T>(slot: Option<T>, name: &'static str) -> Result<T> {
    match slot {
        Some(v) => Ok(v),
        None => Err(DecodeError::missing_field(name)),
    }
}

/// A required field of a map of `len` pairs: missing from an empty map, the error says
/// the map was empty (a key that does not exist) and how to read one.
#[inline]
pub fn required_of<T>(slot: Option<T>, name: &'static str, len: usize) -> Result<T> {
    match slot {
        Some(v) => Ok(v),
        None if len == 0 => Err(DecodeError::empty_map(name)),
        None => Err(DecodeError::missing_field(name)),
    }
}

/// A `#[resp(map)]` struct as an `Option`: null or an empty map (a hash that does not
/// exist) is `None`.
#[inline]
pub fn map_or_none<'de, T: RespRead<'de>>(r: &mut Reader<'de>) -> Result<Option<T>> {
    if r.try_null()? {
        return Ok(None);
    }
    if matches!(r.peek()?, Kind::Map | Kind::Array) && r.peek_first()?.is_none() {
        r.skip()?;
        return Ok(None);
    }
    T::read(r).map(Some)
}

/// A key that appeared twice in a map.
#[cold]
pub fn duplicate_field(name: &'static str) -> DecodeError {
    DecodeError::duplicate_field(name)
}

/// An untagged enum found a kind none of its variants reads.
#[cold]
pub fn unexpected(expected: &'static str, found: Kind) -> DecodeError {
    DecodeError::unexpected(expected, found)
}

/// A string that names no variant. Quotes at most 64 bytes of it, so that a huge reply is
/// not copied into the error.
#[cold]
pub fn unknown_variant(found: &[u8], expected: &'static [&'static str]) -> DecodeError {
    const MAX: usize = 64;
    let shown = String::from_utf8_lossy(&found[..found.len().min(MAX)]);
    let mut msg = format!("unknown variant {shown:?}");
    if found.len() > MAX {
        msg.insert_str(msg.len() - 1, "...");
    }
    match expected {
        [] => msg.push_str(", there are no variants"),
        [one] => {
            let _ = write!(msg, ", expected {one:?}");
        }
        _ => {
            msg.push_str(", expected one of ");
            for (i, name) in expected.iter().enumerate() {
                let sep = if i == 0 { "" } else { ", " };
                let _ = write!(msg, "{sep}{name:?}");
            }
        }
    }
    DecodeError::custom(msg)
}
