//! The client's diagnostics: `tracing` events and spans with the `tracing` feature, nothing
//! without it. Call sites write `trace::debug!(...)`, `trace::debug_span!(...)` and
//! `.instrument(span)` alike in both builds.

#[cfg(feature = "tracing")]
pub(crate) use tracing::Instrument;

/// `tracing::debug!`, or nothing.
macro_rules! debug {
    ($($event:tt)*) => {
        $crate::trace::event!(debug, $($event)*)
    };
}

/// `tracing::info!`, or nothing.
macro_rules! info {
    ($($event:tt)*) => {
        $crate::trace::event!(info, $($event)*)
    };
}

#[cfg(feature = "tracing")]
macro_rules! event {
    ($level:ident, $($event:tt)*) => {
        ::tracing::$level!($($event)*)
    };
}

/// Without `tracing`, an event is a block that names its field values without evaluating
/// them, so a variable only a diagnostic reads is not reported as unused.
#[cfg(not(feature = "tracing"))]
macro_rules! event {
    ($level:ident, $($event:tt)*) => {
        if false {
            $crate::trace::fields!($($event)*);
        }
    };
}

/// `tracing::debug_span!`, or an inert [`Span`].
#[cfg(feature = "tracing")]
macro_rules! debug_span {
    ($($span:tt)*) => {
        ::tracing::debug_span!($($span)*)
    };
}

#[cfg(not(feature = "tracing"))]
macro_rules! debug_span {
    ($name:literal $(, $($fields:tt)*)?) => {{
        if false {
            $( $crate::trace::fields!($($fields)*); )?
        }
        $crate::trace::Span
    }};
}

/// Refers to every value of a `tracing` field list (`name = %value`, `name = ?value`,
/// `name = value`, `%name`, `?name`, `name`, then a message and its arguments).
#[cfg(not(feature = "tracing"))]
macro_rules! fields {
    () => {};
    ($message:literal $(, $argument:expr)* $(,)?) => {
        $( let _ = &$argument; )*
    };
    ($name:ident = % $value:expr $(, $($rest:tt)*)?) => {
        let _ = &$value;
        $( $crate::trace::fields!($($rest)*); )?
    };
    ($name:ident = ? $value:expr $(, $($rest:tt)*)?) => {
        let _ = &$value;
        $( $crate::trace::fields!($($rest)*); )?
    };
    ($name:ident = $value:expr $(, $($rest:tt)*)?) => {
        let _ = &$value;
        $( $crate::trace::fields!($($rest)*); )?
    };
    (% $name:ident $(, $($rest:tt)*)?) => {
        let _ = &$name;
        $( $crate::trace::fields!($($rest)*); )?
    };
    (? $name:ident $(, $($rest:tt)*)?) => {
        let _ = &$name;
        $( $crate::trace::fields!($($rest)*); )?
    };
    ($name:ident $(, $($rest:tt)*)?) => {
        let _ = &$name;
        $( $crate::trace::fields!($($rest)*); )?
    };
}

pub(crate) use {debug, debug_span, event, info};

#[cfg(not(feature = "tracing"))]
pub(crate) use fields;

/// Without `tracing`: a span that records nothing.
#[cfg(not(feature = "tracing"))]
#[derive(Debug, Clone, Copy)]
pub(crate) struct Span;

#[cfg(not(feature = "tracing"))]
impl Span {
    /// Always true: nothing records it.
    pub(crate) fn is_disabled(&self) -> bool {
        true
    }
}

/// Without `tracing`: instrumenting a future leaves it as it is.
#[cfg(not(feature = "tracing"))]
pub(crate) trait Instrument: Sized {
    fn instrument(self, _span: Span) -> Self {
        self
    }
}

#[cfg(not(feature = "tracing"))]
impl<T> Instrument for T {}
