//! [`ToArg`]: how a Rust value becomes one command argument (a RESP bulk string), with
//! integers and floats formatted on the stack, without allocating.
//!
//! Over 500 lines: because of its unit tests (from line 429).

// The command builder writes its arguments with the crate's one RESP writer.
use crate::error::InvalidArgument;
pub(crate) use crate::wire::write::{bulk as write_bulk, format_u64};
use std::borrow::Cow;
use std::fmt::{self, Write as _};

/// A value that can be sent as one command argument.
///
/// Implemented for strings and byte strings (owned, borrowed, [`bytes::Bytes`]), integers,
/// floats, `bool` (`1` and `0`) and the ends of ranges ([`Bound`](super::Bound),
/// [`Lex`](super::Lex)). An optional argument is given with the builder's `_opt` twin
/// (`ex_opt(None)` writes nothing), so `Option` is not an argument: `None` where an
/// argument is required does not compile. Implement it for your own types to pass them to builders directly:
///
/// ```
/// use typedis::cmd::{ArgWriter, ToArg};
///
/// struct UserId(u32);
///
/// impl ToArg for UserId {
///     fn write_arg(&self, out: ArgWriter<'_>) {
///         let mut text = *b"user:0000000000";
///         let digits = self.0.to_string();
///         let end = 5 + digits.len();
///         text[5..end].copy_from_slice(digits.as_bytes());
///         out.bytes(&text[..end]);
///     }
/// }
///
/// let c = typedis::cmd("GET").key(UserId(42)).build();
/// assert_eq!(c.as_bytes(), b"*2\r\n$3\r\nGET\r\n$7\r\nuser:42\r\n");
/// ```
pub trait ToArg {
    /// Writes the value as exactly one argument through `out`.
    fn write_arg(&self, out: ArgWriter<'_>);
}

/// Where a [`ToArg`] writes its bytes: one call to [`bytes`](Self::bytes) writes the
/// argument (not calling it sends an empty argument), or [`fail`](Self::fail) says the
/// value has no form the server takes, and the command is refused before it is sent.
#[derive(Debug)]
pub struct ArgWriter<'a> {
    buf: &'a mut Vec<u8>,
    /// The command's first argument that could not be written.
    invalid: &'a mut Option<Box<InvalidArgument>>,
    /// This argument's position in the command.
    index: usize,
}

impl<'a> ArgWriter<'a> {
    /// A writer of argument `index` into `buf`; a failure is kept in `invalid`, unless an
    /// earlier argument's is there.
    pub(crate) fn new(
        buf: &'a mut Vec<u8>,
        invalid: &'a mut Option<Box<InvalidArgument>>,
        index: usize,
    ) -> Self {
        ArgWriter {
            buf,
            invalid,
            index,
        }
    }

    /// Writes `data` as the argument.
    pub fn bytes(self, data: &[u8]) {
        write_bulk(self.buf, data);
    }

    /// Writes `s` as the argument.
    pub fn str(self, s: &str) {
        self.bytes(s.as_bytes());
    }

    /// Writes `prefix` and `data` as one argument (`(1.5`, `[b`), with no copy of them
    /// joined.
    pub(crate) fn prefixed(self, prefix: u8, data: &[u8]) {
        let len = data.len() + 1;
        #[allow(
            clippy::disallowed_methods,
            reason = "the length of an argument the client writes"
        )]
        self.buf.reserve(len + 16);
        crate::wire::write::header(self.buf, b'$', len);
        self.buf.push(prefix);
        self.buf.extend_from_slice(data);
        self.buf.extend_from_slice(b"\r\n");
    }

    /// Says the value cannot be written as an argument, as `error` says (its
    /// [`source`](std::error::Error::source) in the error the caller gets): the command
    /// is refused with [`Error::InvalidArgument`](crate::Error::InvalidArgument) wherever
    /// it is sent, and nothing is sent. A value is never replaced by another.
    ///
    /// ```
    /// use typedis::cmd::{ArgWriter, ToArg};
    ///
    /// /// A percentage, which must be between 0 and 100.
    /// struct Percent(u8);
    ///
    /// impl ToArg for Percent {
    ///     fn write_arg(&self, out: ArgWriter<'_>) {
    ///         if self.0 > 100 {
    ///             return out.fail(format!("{}% is more than 100%", self.0));
    ///         }
    ///         self.0.write_arg(out);
    ///     }
    /// }
    ///
    /// let set = typedis::cmd("SET").key("progress").arg(Percent(140)).build();
    /// let invalid = set.invalid_argument().expect("refused");
    /// assert_eq!(invalid.to_string(), "argument 2 of SET: 140% is more than 100%");
    /// ```
    #[cold]
    pub fn fail(self, error: impl Into<crate::error::BoxError>) {
        if self.invalid.is_none() {
            *self.invalid = Some(Box::new(InvalidArgument::new(self.index, error.into())));
        }
    }
}

/// Formats a signed `n` in decimal into `out` and returns the text.
#[inline]
pub(super) fn format_i64(n: i64, out: &mut [u8; 21]) -> &[u8] {
    let mut digits = [0u8; 20];
    let d = format_u64(n.unsigned_abs(), &mut digits);
    let start = out.len() - d.len();
    out[start..].copy_from_slice(d);
    if n < 0 {
        out[start - 1] = b'-';
        &out[start - 1..]
    } else {
        &out[start..]
    }
}

/// Formats a 128-bit integer (sign and magnitude) into `out` and returns the text.
pub(super) fn format_u128(negative: bool, mut n: u128, out: &mut [u8; 40]) -> &[u8] {
    let mut i = out.len();
    loop {
        i -= 1;
        out[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    if negative {
        i -= 1;
        out[i] = b'-';
    }
    &out[i..]
}

macro_rules! unsigned_arg {
    ($($t:ty),*) => {$(
        impl ToArg for $t {
            #[inline]
            fn write_arg(&self, out: ArgWriter<'_>) {
                let mut digits = [0u8; 20];
                out.bytes(format_u64(*self as u64, &mut digits));
            }
        }
    )*};
}

macro_rules! signed_arg {
    ($($t:ty),*) => {$(
        impl ToArg for $t {
            #[inline]
            fn write_arg(&self, out: ArgWriter<'_>) {
                let mut text = [0u8; 21];
                out.bytes(format_i64(*self as i64, &mut text));
            }
        }
    )*};
}

unsigned_arg!(u8, u16, u32, u64, usize);
signed_arg!(i8, i16, i32, i64, isize);

impl ToArg for u128 {
    fn write_arg(&self, out: ArgWriter<'_>) {
        let mut text = [0u8; 40];
        out.bytes(format_u128(false, *self, &mut text));
    }
}

impl ToArg for i128 {
    fn write_arg(&self, out: ArgWriter<'_>) {
        let mut text = [0u8; 40];
        out.bytes(format_u128(*self < 0, self.unsigned_abs(), &mut text));
    }
}

/// A `fmt::Write` into a stack buffer; fails instead of growing.
pub(super) struct StackText {
    buf: [u8; 48],
    len: usize,
}

impl StackText {
    /// The text written.
    pub(super) fn as_bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

impl fmt::Write for StackText {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        let dst = self.buf.get_mut(self.len..end).ok_or(fmt::Error)?;
        dst.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// Why a NaN float is refused: Redis parses no NaN (`strtold` reads it, and every command
/// that takes a number refuses it), and a NaN given as a value would be stored as the
/// text `NaN`.
pub(super) const NAN: &str = "NaN is not a number Redis can store";

/// A float's text the way Redis parses it (`strtold`): shortest round-trip digits (of the
/// float's own width, so `0.1f32` is `0.1`, not the longer `f64` expansion of the same
/// value), in exponent form for very large or very small magnitudes so the text stays
/// short, and `+inf` / `-inf` for infinities. `None` for NaN, which has no text Redis
/// takes.
pub(super) fn float_text<F>(v: F) -> Option<StackText>
where
    F: Copy + Into<f64> + fmt::Display + fmt::LowerExp,
{
    let wide: f64 = v.into();
    if wide.is_nan() {
        return None;
    }
    let mut text = StackText {
        buf: [0; 48],
        len: 0,
    };
    let abs = wide.abs();
    let written = if wide.is_infinite() {
        text.write_str(if wide > 0.0 { "+inf" } else { "-inf" })
    } else if abs != 0.0 && !(1e-5..1e16).contains(&abs) {
        write!(text, "{v:e}")
    } else {
        write!(text, "{v}")
    };
    // Shortest round-trip text of an f64 is at most 24 bytes, so the buffer holds it.
    debug_assert!(written.is_ok(), "{wide} did not fit in 48 bytes");
    written.ok().map(|()| text)
}

/// Writes a float through `out`, or refuses a NaN.
fn write_float<F>(v: F, out: ArgWriter<'_>)
where
    F: Copy + Into<f64> + fmt::Display + fmt::LowerExp,
{
    match float_text(v) {
        Some(text) => out.bytes(text.as_bytes()),
        None => out.fail(NAN),
    }
}

impl ToArg for f64 {
    fn write_arg(&self, out: ArgWriter<'_>) {
        write_float(*self, out);
    }
}

impl ToArg for f32 {
    fn write_arg(&self, out: ArgWriter<'_>) {
        write_float(*self, out);
    }
}

/// `true` is written `1` and `false` `0`, what Redis reads as a boolean and what typedis
/// reads back as a `bool`.
///
/// ```
/// let c = typedis::cmd("SET").key("flag").arg(true).build();
/// assert!(c.as_bytes().ends_with(b"$1\r\n1\r\n"));
/// ```
impl ToArg for bool {
    #[inline]
    fn write_arg(&self, out: ArgWriter<'_>) {
        out.bytes(if *self { b"1" } else { b"0" });
    }
}

/// A vector of `f32` is written as one argument: its components as little-endian
/// 4-byte floats, the `FP32` blob the vector set commands read (`VADD key FP32 blob ...`),
/// with no copy of the vector beside the request.
///
/// ```
/// use typedis::b;
///
/// let embedding: Vec<f32> = vec![0.1, 0.7, 0.2];
/// let add = b().vadd().key("docs").fp32(&embedding[..]).element("doc:1");
/// # let _ = add;
/// ```
impl ToArg for [f32] {
    fn write_arg(&self, out: ArgWriter<'_>) {
        let len = self.len() * 4;
        let buf = out.buf;
        #[allow(
            clippy::disallowed_methods,
            reason = "the length of a vector the application gave"
        )]
        buf.reserve(len + 16);
        crate::wire::write::header(buf, b'$', len);
        for x in self {
            buf.extend_from_slice(&x.to_le_bytes());
        }
        buf.extend_from_slice(b"\r\n");
    }
}

impl<const N: usize> ToArg for [f32; N] {
    #[inline]
    fn write_arg(&self, out: ArgWriter<'_>) {
        self[..].write_arg(out);
    }
}

impl ToArg for Vec<f32> {
    #[inline]
    fn write_arg(&self, out: ArgWriter<'_>) {
        self[..].write_arg(out);
    }
}

impl ToArg for str {
    #[inline]
    fn write_arg(&self, out: ArgWriter<'_>) {
        out.bytes(self.as_bytes());
    }
}

impl ToArg for String {
    #[inline]
    fn write_arg(&self, out: ArgWriter<'_>) {
        out.bytes(self.as_bytes());
    }
}

impl ToArg for [u8] {
    #[inline]
    fn write_arg(&self, out: ArgWriter<'_>) {
        out.bytes(self);
    }
}

impl<const N: usize> ToArg for [u8; N] {
    #[inline]
    fn write_arg(&self, out: ArgWriter<'_>) {
        out.bytes(self);
    }
}

impl ToArg for Vec<u8> {
    #[inline]
    fn write_arg(&self, out: ArgWriter<'_>) {
        out.bytes(self);
    }
}

impl ToArg for bytes::Bytes {
    #[inline]
    fn write_arg(&self, out: ArgWriter<'_>) {
        out.bytes(self);
    }
}

impl ToArg for bytes::BytesMut {
    #[inline]
    fn write_arg(&self, out: ArgWriter<'_>) {
        out.bytes(self);
    }
}

impl ToArg for Cow<'_, str> {
    #[inline]
    fn write_arg(&self, out: ArgWriter<'_>) {
        out.bytes(self.as_bytes());
    }
}

impl ToArg for Cow<'_, [u8]> {
    #[inline]
    fn write_arg(&self, out: ArgWriter<'_>) {
        out.bytes(self);
    }
}

impl ToArg for Box<str> {
    #[inline]
    fn write_arg(&self, out: ArgWriter<'_>) {
        out.bytes(self.as_bytes());
    }
}

impl ToArg for crate::reply::Text {
    #[inline]
    fn write_arg(&self, out: ArgWriter<'_>) {
        out.bytes(self.as_bytes());
    }
}

impl ToArg for std::sync::Arc<str> {
    #[inline]
    fn write_arg(&self, out: ArgWriter<'_>) {
        out.bytes(self.as_bytes());
    }
}

impl<T: ToArg + ?Sized> ToArg for &T {
    #[inline]
    fn write_arg(&self, out: ArgWriter<'_>) {
        (**self).write_arg(out);
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// What `v` writes as one argument, as text.
    pub(in crate::cmd) fn arg<T: ToArg + ?Sized>(v: &T) -> String {
        let mut buf = Vec::new();
        v.write_arg(ArgWriter::new(&mut buf, &mut None, 1));
        String::from_utf8(buf).unwrap()
    }

    #[test]
    fn a_nan_float_fails_and_writes_nothing_while_infinities_are_written() {
        let mut invalid = None;
        let mut buf = Vec::new();
        f64::NAN.write_arg(ArgWriter::new(&mut buf, &mut invalid, 2));
        f32::NAN.write_arg(ArgWriter::new(&mut buf, &mut invalid, 3));
        assert!(buf.is_empty());
        let invalid = invalid.expect("the first failure is kept");
        assert_eq!(invalid.index(), 2);
        assert_eq!(
            invalid.to_string(),
            "argument 2: NaN is not a number Redis can store"
        );
        assert_eq!(arg(&f64::INFINITY), "$4\r\n+inf\r\n");
        assert_eq!(arg(&f32::NEG_INFINITY), "$4\r\n-inf\r\n");
    }

    #[test]
    fn a_failed_argument_refuses_the_command_wherever_it_is_sent() {
        let c = crate::cmd::b()
            .zadd()
            .key("z")
            .score_member(f64::NAN, "m")
            .build();
        let invalid = c.invalid_argument().expect("refused");
        assert_eq!(invalid.command(), "ZADD");
        assert_eq!(
            crate::cmd::placement::placement(&c),
            crate::cmd::placement::Placement::Invalid
        );
        let fine = crate::cmd::b()
            .zadd()
            .key("z")
            .score_member(1.5, "m")
            .build();
        assert!(fine.invalid_argument().is_none());
        assert!(fine.always_shared());
    }

    #[test]
    fn length_lines_are_right_at_every_digit_count() {
        for len in [0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 12345] {
            let data = vec![b'x'; len];
            let written = arg(&data[..]);
            assert_eq!(written, format!("${len}\r\n{}\r\n", "x".repeat(len)));
        }
    }

    #[test]
    fn integers_are_written_in_decimal_at_their_extremes() {
        assert_eq!(arg(&0u8), "$1\r\n0\r\n");
        assert_eq!(arg(&u64::MAX), "$20\r\n18446744073709551615\r\n");
        assert_eq!(arg(&i64::MIN), "$20\r\n-9223372036854775808\r\n");
        assert_eq!(arg(&-1i32), "$2\r\n-1\r\n");
        assert_eq!(
            arg(&i128::MIN),
            "$40\r\n-170141183460469231731687303715884105728\r\n"
        );
        assert_eq!(arg(&u128::MAX).len(), 4 + 39 + 2 + 1);
    }

    #[test]
    fn floats_use_short_text_redis_can_parse() {
        assert_eq!(arg(&1.5f64), "$3\r\n1.5\r\n");
        assert_eq!(arg(&1.0f64), "$1\r\n1\r\n");
        assert_eq!(arg(&-0.25f64), "$5\r\n-0.25\r\n");
        assert_eq!(arg(&1e300f64), "$5\r\n1e300\r\n");
        assert_eq!(arg(&1.5e-7f64), "$6\r\n1.5e-7\r\n");
        assert_eq!(arg(&f64::INFINITY), "$4\r\n+inf\r\n");
        assert_eq!(arg(&f64::NEG_INFINITY), "$4\r\n-inf\r\n");
        assert_eq!(arg(&0.1f32), "$3\r\n0.1\r\n");
        assert_eq!(
            arg(&f64::MIN_POSITIVE),
            "$23\r\n2.2250738585072014e-308\r\n"
        );
    }

    #[test]
    fn every_float_round_trips_through_its_text() {
        for v in [
            0.1,
            1.0 / 3.0,
            123456789.123,
            -9.87e15,
            1e16,
            2.5e-5,
            f64::MAX,
            -f64::MAX,
        ] {
            let mut buf = Vec::new();
            v.write_arg(ArgWriter::new(&mut buf, &mut None, 1));
            let text = std::str::from_utf8(&buf).unwrap();
            let payload = text.split("\r\n").nth(1).unwrap();
            assert_eq!(payload.parse::<f64>().unwrap(), v, "{payload}");
        }
    }

    #[test]
    fn strings_and_bytes_are_written_verbatim() {
        assert_eq!(arg("héllo"), "$6\r\nhéllo\r\n");
        assert_eq!(arg(&String::from("")), "$0\r\n\r\n");
        assert_eq!(arg(&b"a\r\nb"[..]), "$4\r\na\r\nb\r\n");
        assert_eq!(arg(&bytes::Bytes::from_static(b"xy")), "$2\r\nxy\r\n");
        assert_eq!(arg(&vec![b'x', b'\0']), "$2\r\nx\0\r\n");
        assert_eq!(arg(&&&"ref"), "$3\r\nref\r\n");
    }
}

/// A value for an `integer` or `unix-time` argument: any Rust integer, or [`Raw`] text.
pub trait IntArg: ToArg {}

/// A value for a `double` argument: any Rust float or integer (`f64::INFINITY` is written
/// `+inf`), a score [`Bound`](super::Bound) (`Bound::Exclusive(1.5)` is `(1.5`), or
/// [`Raw`] text.
pub trait DoubleArg: ToArg {}

/// Sends its content as is where the builder asks for a number, for the forms Redis
/// accepts beyond plain numbers that have no type of their own (`Raw("(1.5")` written
/// by hand, a form a newer server adds); exclusive and infinite scores are
/// [`Bound`](super::Bound) and `f64::INFINITY`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Raw<T>(pub T);

impl<T: ToArg> ToArg for Raw<T> {
    fn write_arg(&self, out: ArgWriter<'_>) {
        self.0.write_arg(out);
    }
}

impl<T: ToArg> IntArg for Raw<T> {}
impl<T: ToArg> DoubleArg for Raw<T> {}

macro_rules! numeric {
    ($($t:ty),*) => {$( impl IntArg for $t {} impl DoubleArg for $t {} )*};
}
numeric!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);
impl DoubleArg for f32 {}
impl DoubleArg for f64 {}
impl<T: IntArg + ?Sized> IntArg for &T {}
impl<T: DoubleArg + ?Sized> DoubleArg for &T {}
