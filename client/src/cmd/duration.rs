//! Time spans as arguments: where the spec takes a number of seconds (`EX`, `EXPIRE`,
//! `IDLETIME`), of milliseconds (`PX`, `PEXPIRE`, `BLOCK`, `WAIT`'s timeout, stream idle
//! times) or fractional seconds (the blocking commands' timeouts), the builder takes a Rust
//! integer as it is, or a [`Duration`].
//!
//! A `Duration` is written in whole units rounded up, so a span is never cut short (an
//! expiry of 1.5 s lasts 2 s, not 1 s; a sub-millisecond `BLOCK` waits 1 ms, not forever):
//! only [`Duration::ZERO`] is written as `0`.

use super::arg::{Raw, ToArg};
use std::time::Duration;

/// A span in whole seconds: any Rust integer (written as is), a [`Duration`] (whole
/// seconds, rounded up), or [`Raw`] text.
///
/// ```
/// use std::time::Duration;
/// use typedis::b;
///
/// let by_number = b().set().key("k").value("v").ex(90).build();
/// let by_duration = b().set().key("k").value("v").ex(Duration::from_secs(90)).build();
/// assert_eq!(by_number.args().collect::<Vec<_>>(), by_duration.args().collect::<Vec<_>>());
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a number of seconds",
    label = "a number of seconds goes here",
    note = "pass an integer (`60`) or a `std::time::Duration` (`Duration::from_secs(60)`)"
)]
pub trait SecondsArg {
    /// What is written.
    #[doc(hidden)]
    type Written: ToArg;
    /// The span in seconds.
    #[doc(hidden)]
    fn seconds(self) -> Self::Written;
}

/// A span in whole milliseconds: any Rust integer (written as is), a [`Duration`] (whole
/// milliseconds, rounded up), or [`Raw`] text.
///
/// ```
/// use std::time::Duration;
/// use typedis::b;
///
/// let read = b().xread().block(Duration::from_millis(250)).key("s").id("$").build();
/// assert!(read.args().any(|a| a == b"250"));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a number of milliseconds",
    label = "a number of milliseconds goes here",
    note = "pass an integer (`1500`) or a `std::time::Duration` (`Duration::from_millis(1500)`)"
)]
pub trait MillisArg {
    /// What is written.
    #[doc(hidden)]
    type Written: ToArg;
    /// The span in milliseconds.
    #[doc(hidden)]
    fn millis(self) -> Self::Written;
}

/// A span in seconds that may have a fraction (the blocking commands' timeouts, `0` for
/// no limit): any Rust integer or float (written as is), a [`Duration`] (seconds to the
/// millisecond, rounded up), or [`Raw`] text.
///
/// ```
/// use std::time::Duration;
/// use typedis::b;
///
/// let pop = b().blpop().key("jobs").timeout(Duration::from_millis(1500)).build();
/// assert!(pop.args().any(|a| a == b"1.5"));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a number of seconds",
    label = "a number of seconds (with a fraction, if you like) goes here",
    note = "pass a number (`0.5`) or a `std::time::Duration` (`Duration::from_millis(500)`)"
)]
pub trait FractionalSecondsArg {
    /// What is written.
    #[doc(hidden)]
    type Written: ToArg;
    /// The span in seconds.
    #[doc(hidden)]
    fn fractional_seconds(self) -> Self::Written;
}

/// `n` whole `unit`s in `d`, rounded up.
fn whole(d: Duration, unit: Duration) -> u128 {
    d.as_nanos().div_ceil(unit.as_nanos())
}

impl SecondsArg for Duration {
    type Written = u128;
    fn seconds(self) -> u128 {
        whole(self, Duration::from_secs(1))
    }
}

impl MillisArg for Duration {
    type Written = u128;
    fn millis(self) -> u128 {
        whole(self, Duration::from_millis(1))
    }
}

impl FractionalSecondsArg for Duration {
    type Written = f64;
    fn fractional_seconds(self) -> f64 {
        // Whole milliseconds, then seconds: 1.5 s is written `1.5`, not `1.5000000001`.
        whole(self, Duration::from_millis(1)) as f64 / 1000.0
    }
}

impl<T: ToArg> SecondsArg for Raw<T> {
    type Written = Raw<T>;
    fn seconds(self) -> Raw<T> {
        self
    }
}

impl<T: ToArg> MillisArg for Raw<T> {
    type Written = Raw<T>;
    fn millis(self) -> Raw<T> {
        self
    }
}

impl<T: ToArg> FractionalSecondsArg for Raw<T> {
    type Written = Raw<T>;
    fn fractional_seconds(self) -> Raw<T> {
        self
    }
}

macro_rules! numbers {
    ($($t:ty),*) => {$(
        impl SecondsArg for $t {
            type Written = $t;
            fn seconds(self) -> $t {
                self
            }
        }
        impl MillisArg for $t {
            type Written = $t;
            fn millis(self) -> $t {
                self
            }
        }
        impl FractionalSecondsArg for $t {
            type Written = $t;
            fn fractional_seconds(self) -> $t {
                self
            }
        }
    )*};
}
numbers!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);

// A reference to a span is the span. Listed by type rather than as one `&T` impl, so a
// wrong type (`&str`) is one error that names the trait, not a second one about `Copy`.
macro_rules! references {
    ($($trait:ident :: $method:ident for $($t:ty),*;)*) => {$($(
        impl $trait for &$t {
            type Written = <$t as $trait>::Written;
            fn $method(self) -> Self::Written {
                (*self).$method()
            }
        }
    )*)*};
}
references! {
    SecondsArg::seconds for Duration, u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize;
    MillisArg::millis for Duration, u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize;
    FractionalSecondsArg::fractional_seconds for
        Duration, u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize, f32, f64;
}

impl FractionalSecondsArg for f32 {
    type Written = f32;
    fn fractional_seconds(self) -> f32 {
        self
    }
}

impl FractionalSecondsArg for f64 {
    type Written = f64;
    fn fractional_seconds(self) -> f64 {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_are_written_in_whole_units_rounded_up() {
        let ms = Duration::from_millis;
        assert_eq!(ms(1500).seconds(), 2);
        assert_eq!(ms(2000).seconds(), 2);
        assert_eq!(Duration::ZERO.seconds(), 0);
        assert_eq!(Duration::from_nanos(1).seconds(), 1);
        assert_eq!(Duration::from_micros(1500).millis(), 2);
        assert_eq!(ms(250).millis(), 250);
        assert_eq!(Duration::from_nanos(1).millis(), 1);
        assert_eq!(ms(1500).fractional_seconds(), 1.5);
        assert_eq!(Duration::from_micros(100).fractional_seconds(), 0.001);
        assert_eq!(Duration::MAX.seconds(), u128::from(u64::MAX) + 1);
        assert_eq!(60_i64.seconds(), 60);
        assert_eq!((&7_u32).millis(), 7);
        assert_eq!(0.25_f64.fractional_seconds(), 0.25);
    }
}
