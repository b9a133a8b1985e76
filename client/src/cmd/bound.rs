//! [`Bound`] and [`Lex`]: the ends of a score range (`ZCOUNT`, `ZRANGEBYSCORE`, FT.SEARCH's
//! `FILTER`) and of a lex range (`ZRANGEBYLEX`, `ZLEXCOUNT`), written the way the server
//! reads them, so no range needs [`Raw`](super::Raw) text.

use super::arg::{float_text, format_i64, ArgWriter, DoubleArg, ToArg, NAN};
use super::arg::{format_u128, format_u64};
use std::borrow::Cow;

/// One end of a range, in the range or not.
///
/// A number is an end of a score range: `Inclusive(1.5)` writes `1.5`, `Exclusive(1.5)`
/// writes `(1.5`, and the infinities are `f64::INFINITY` (`+inf`) and `f64::NEG_INFINITY`
/// (`-inf`), as plain numbers or inside a `Bound`. A score bound goes wherever a builder
/// takes a score (a `double` argument), and also where the spec takes text that may be a
/// score (`ZRANGE ... BYSCORE`).
///
/// Text is an end of a lex range: `Inclusive("b")` writes `[b`, `Exclusive("b")` writes
/// `(b`; [`Lex::Min`] and [`Lex::Max`] are the range's open ends (`-` and `+`). A lex
/// bound goes wherever the builder takes text (`ZRANGEBYLEX`, `ZLEXCOUNT`, `ZRANGE ...
/// BYLEX`); it is not a score, so a score argument refuses it at compile time.
///
/// ```
/// use typedis::b;
/// use typedis::cmd::{Bound, Lex};
///
/// // ZCOUNT board (1 +inf: the scores above 1.
/// let above = b().zcount().key("board").min(Bound::Exclusive(1)).max(f64::INFINITY).build();
/// assert!(above.as_bytes().ends_with(b"$2\r\n(1\r\n$4\r\n+inf\r\n"));
///
/// // ZRANGEBYLEX names [b (d: from "b" up to, not including, "d".
/// let names = b().zrangebylex().key("names").min(Bound::Inclusive("b")).max(Bound::Exclusive("d")).build();
/// assert!(names.as_bytes().ends_with(b"$2\r\n[b\r\n$2\r\n(d\r\n"));
///
/// // ZLEXCOUNT names - +: every member.
/// let all = b().zlexcount().key("names").min(Lex::Min).max(Lex::Max).build();
/// assert!(all.as_bytes().ends_with(b"$1\r\n-\r\n$1\r\n+\r\n"));
/// ```
///
/// A lex bound where a score is taken does not compile:
///
/// ```compile_fail
/// use typedis::b;
/// use typedis::cmd::Bound;
///
/// let wrong = b().zcount().key("board").min(Bound::Exclusive("b")).max(10);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bound<T> {
    /// The end is in the range: a score as it is (`1.5`), a member after `[` (`[b`).
    Inclusive(T),
    /// The end is not in the range: after `(` (`(1.5`, `(b`).
    Exclusive(T),
}

/// The open ends of a lex range: `-`, before every member, and `+`, after every member.
///
/// ```
/// use typedis::b;
/// use typedis::cmd::{Bound, Lex};
///
/// // ZRANGEBYLEX names (m +: every member after "m".
/// let rest = b().zrangebylex().key("names").min(Bound::Exclusive("m")).max(Lex::Max).build();
/// assert!(rest.as_bytes().ends_with(b"$2\r\n(m\r\n$1\r\n+\r\n"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lex {
    /// Before every member: `-`.
    Min,
    /// After every member: `+`.
    Max,
}

impl ToArg for Lex {
    #[inline]
    fn write_arg(&self, out: ArgWriter<'_>) {
        out.bytes(match self {
            Lex::Min => b"-",
            Lex::Max => b"+",
        });
    }
}

/// A value that can be the end of a range, in a [`Bound`]: numbers are scores, text is a
/// lex member.
///
/// Implemented for Rust's integers and floats (an inclusive end is the number as it is)
/// and for the string and byte string types [`ToArg`] takes (an inclusive end is the
/// text after `[`). Implement it for your own types to put them in a `Bound`:
///
/// ```
/// use typedis::cmd::{ArgWriter, Bound, BoundValue, ToArg};
///
/// /// A user name, sorted by its text.
/// struct Name(String);
///
/// impl BoundValue for Name {
///     fn write_bound(&self, exclusive: bool, out: ArgWriter<'_>) {
///         self.0.write_bound(exclusive, out);
///     }
/// }
///
/// let c = typedis::cmd("ZRANGEBYLEX").key("names").arg(Bound::Exclusive(Name("ann".into()))).arg("+").build();
/// assert!(c.as_bytes().ends_with(b"$4\r\n(ann\r\n$1\r\n+\r\n"));
/// ```
pub trait BoundValue {
    /// Writes the value as one end of a range through `out`, exclusive or not.
    fn write_bound(&self, exclusive: bool, out: ArgWriter<'_>);
}

impl<T: BoundValue> ToArg for Bound<T> {
    #[inline]
    fn write_arg(&self, out: ArgWriter<'_>) {
        match self {
            Bound::Inclusive(v) => v.write_bound(false, out),
            Bound::Exclusive(v) => v.write_bound(true, out),
        }
    }
}

/// A bound of numbers is a score, taken where a `double` is.
impl<T: BoundValue + DoubleArg> DoubleArg for Bound<T> {}

impl<T: BoundValue + ?Sized> BoundValue for &T {
    #[inline]
    fn write_bound(&self, exclusive: bool, out: ArgWriter<'_>) {
        (**self).write_bound(exclusive, out);
    }
}

/// Writes a score's text, after `(` when the end is exclusive.
#[inline]
fn score(text: &[u8], exclusive: bool, out: ArgWriter<'_>) {
    if exclusive {
        out.prefixed(b'(', text);
    } else {
        out.bytes(text);
    }
}

macro_rules! unsigned_bound {
    ($($t:ty),*) => {$(
        impl BoundValue for $t {
            #[inline]
            fn write_bound(&self, exclusive: bool, out: ArgWriter<'_>) {
                let mut digits = [0u8; 20];
                score(format_u64(*self as u64, &mut digits), exclusive, out);
            }
        }
    )*};
}

macro_rules! signed_bound {
    ($($t:ty),*) => {$(
        impl BoundValue for $t {
            #[inline]
            fn write_bound(&self, exclusive: bool, out: ArgWriter<'_>) {
                let mut text = [0u8; 21];
                score(format_i64(*self as i64, &mut text), exclusive, out);
            }
        }
    )*};
}

unsigned_bound!(u8, u16, u32, u64, usize);
signed_bound!(i8, i16, i32, i64, isize);

impl BoundValue for u128 {
    fn write_bound(&self, exclusive: bool, out: ArgWriter<'_>) {
        let mut text = [0u8; 40];
        score(format_u128(false, *self, &mut text), exclusive, out);
    }
}

impl BoundValue for i128 {
    fn write_bound(&self, exclusive: bool, out: ArgWriter<'_>) {
        let mut text = [0u8; 40];
        score(
            format_u128(*self < 0, self.unsigned_abs(), &mut text),
            exclusive,
            out,
        );
    }
}

impl BoundValue for f64 {
    fn write_bound(&self, exclusive: bool, out: ArgWriter<'_>) {
        match float_text(*self) {
            Some(text) => score(text.as_bytes(), exclusive, out),
            None => out.fail(NAN),
        }
    }
}

impl BoundValue for f32 {
    fn write_bound(&self, exclusive: bool, out: ArgWriter<'_>) {
        match float_text(*self) {
            Some(text) => score(text.as_bytes(), exclusive, out),
            None => out.fail(NAN),
        }
    }
}

macro_rules! text_bound {
    ($($t:ty),*) => {$(
        impl BoundValue for $t {
            #[inline]
            fn write_bound(&self, exclusive: bool, out: ArgWriter<'_>) {
                let text: &[u8] = self.as_ref();
                out.prefixed(if exclusive { b'(' } else { b'[' }, text);
            }
        }
    )*};
}

text_bound!(str, String, [u8], Vec<u8>, bytes::Bytes);

impl BoundValue for Box<str> {
    #[inline]
    fn write_bound(&self, exclusive: bool, out: ArgWriter<'_>) {
        self.as_bytes().write_bound(exclusive, out);
    }
}

impl<const N: usize> BoundValue for [u8; N] {
    #[inline]
    fn write_bound(&self, exclusive: bool, out: ArgWriter<'_>) {
        self[..].write_bound(exclusive, out);
    }
}

impl BoundValue for Cow<'_, str> {
    #[inline]
    fn write_bound(&self, exclusive: bool, out: ArgWriter<'_>) {
        self.as_bytes().write_bound(exclusive, out);
    }
}

impl BoundValue for Cow<'_, [u8]> {
    #[inline]
    fn write_bound(&self, exclusive: bool, out: ArgWriter<'_>) {
        self[..].write_bound(exclusive, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::arg::tests::arg;

    #[test]
    fn score_bounds_write_the_number_and_an_exclusive_one_after_a_parenthesis() {
        assert_eq!(arg(&Bound::Inclusive(1.5)), "$3\r\n1.5\r\n");
        assert_eq!(arg(&Bound::Exclusive(1.5)), "$4\r\n(1.5\r\n");
        assert_eq!(arg(&Bound::Exclusive(-20i64)), "$4\r\n(-20\r\n");
        assert_eq!(arg(&Bound::Exclusive(7u8)), "$2\r\n(7\r\n");
        assert_eq!(arg(&Bound::Exclusive(0.1f32)), "$4\r\n(0.1\r\n");
        assert_eq!(arg(&Bound::Exclusive(f64::INFINITY)), "$5\r\n(+inf\r\n");
        assert_eq!(arg(&Bound::Inclusive(f64::NEG_INFINITY)), "$4\r\n-inf\r\n");
        assert_eq!(
            arg(&Bound::Exclusive(i128::MIN)),
            "$41\r\n(-170141183460469231731687303715884105728\r\n"
        );
    }

    #[test]
    fn lex_bounds_write_the_member_after_a_bracket_or_a_parenthesis() {
        assert_eq!(arg(&Bound::Inclusive("b")), "$2\r\n[b\r\n");
        assert_eq!(
            arg(&Bound::Exclusive(String::from("héllo"))),
            "$7\r\n(héllo\r\n"
        );
        assert_eq!(arg(&Bound::Inclusive(&b"a\r\nb"[..])), "$5\r\n[a\r\nb\r\n");
        assert_eq!(arg(&Bound::Inclusive("")), "$1\r\n[\r\n");
        let long = "x".repeat(120);
        assert_eq!(
            arg(&Bound::Exclusive(long.as_str())),
            format!("$121\r\n({long}\r\n")
        );
        assert_eq!(arg(&Lex::Min), "$1\r\n-\r\n");
        assert_eq!(arg(&Lex::Max), "$1\r\n+\r\n");
    }

    #[test]
    fn a_nan_bound_refuses_the_command() {
        let c = crate::cmd::b()
            .zcount()
            .key("z")
            .min(Bound::Exclusive(f64::NAN))
            .max(1)
            .build();
        let invalid = c.invalid_argument().expect("refused");
        assert_eq!(
            invalid.to_string(),
            "argument 2 of ZCOUNT: NaN is not a number Redis can store"
        );
    }
}
