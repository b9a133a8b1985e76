//! The client's diagnostics: `tracing` events and spans with the `tracing` feature, nothing
//! without it. Call sites write `trace::debug!(...)`, `trace::command_span!(...)` and
//! `.instrument(span)` alike in both builds.
//!
//! A command's span ([`command_span!`]) carries the OpenTelemetry database client
//! conventions' attributes: `db.system.name` (`redis`, or `valkey` for a server that says
//! it is Valkey), `db.operation.name` (the command's name
//! from its spec, never an argument; `PIPELINE` and `MULTI` for pipelines and
//! transactions), `db.namespace`, `server.address`, `server.port`,
//! `db.operation.batch.size` for pipelines and transactions, and on failure `error.type`
//! (with `db.response.status_code` for a server's error reply) and `otel.status_code`;
//! `otel.name` and `otel.kind` name the span and its kind for `tracing-opentelemetry`.

#[cfg(feature = "tracing")]
pub(crate) use tracing::Instrument;

/// The level of the span a client makes for each command, pipeline and transaction (with
/// the `tracing` feature; set with [`Config::span_level`](crate::Config::span_level)).
///
/// `Info` by default, so that a subscriber with the usual `info` filter (and an
/// OpenTelemetry pipeline behind it, through `tracing-opentelemetry`) sees every
/// operation; the spans' target is `typedis`, so `typedis=warn` in an `EnvFilter` turns
/// them off, and `Debug` leaves them to subscribers that ask for debug. `Off` makes none,
/// whatever the subscriber.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum SpanLevel {
    /// At `INFO` (the default).
    #[default]
    Info,
    /// At `DEBUG`.
    Debug,
    /// No span.
    Off,
}

/// `tracing::debug!`, or nothing.
macro_rules! debug {
    ($($event:tt)*) => {
        $crate::support::trace::event!(debug, $($event)*)
    };
}

/// `tracing::info!`, or nothing.
macro_rules! info {
    ($($event:tt)*) => {
        $crate::support::trace::event!(info, $($event)*)
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
            $crate::support::trace::fields!($($event)*);
        }
    };
}

/// The span of one operation (a command, a pipeline, a transaction) named `$op`, at
/// `$level` (a [`SpanLevel`]), target `typedis`: the conventions' attributes, those known
/// later left empty to be recorded; `None` when nothing would record it, so that an
/// operation nobody traces holds no span (dropping even a disabled one costs a call on
/// every command).
///
/// Only a `tracing` subscriber records it: before one is set, no span is made. (With
/// `tracing`'s `log` feature, which another crate of the application may turn on, a span
/// made before any subscriber is set writes its fields for `log`: a cost on every command
/// that nobody reads at the debug level of a library's spans.)
#[cfg(feature = "tracing")]
macro_rules! command_span {
    ($level:expr, $op:expr) => {
        if !::tracing::dispatcher::has_been_set() {
            None
        } else {
            match $level {
                $crate::support::trace::SpanLevel::Info => Some($crate::support::trace::span_at!(
                    ::tracing::Level::INFO,
                    $op
                )),
                $crate::support::trace::SpanLevel::Debug => Some($crate::support::trace::span_at!(
                    ::tracing::Level::DEBUG,
                    $op
                )),
                $crate::support::trace::SpanLevel::Off => None,
            }
            .filter(|span| !span.is_disabled())
        }
    };
}

/// The span [`command_span!`] makes, at one level (a `tracing` span's level is a constant
/// of its call site).
#[cfg(feature = "tracing")]
macro_rules! span_at {
    ($level:expr, $op:expr) => {
        ::tracing::span!(
            target: "typedis",
            $level,
            "redis",
            otel.name = $op,
            otel.kind = "client",
            otel.status_code = ::tracing::field::Empty,
            db.system.name = ::tracing::field::Empty,
            db.operation.name = $op,
            db.namespace = ::tracing::field::Empty,
            db.operation.batch.size = ::tracing::field::Empty,
            db.response.status_code = ::tracing::field::Empty,
            server.address = ::tracing::field::Empty,
            server.port = ::tracing::field::Empty,
            error.type = ::tracing::field::Empty,
        )
    };
}

#[cfg(not(feature = "tracing"))]
macro_rules! command_span {
    ($level:expr, $op:expr) => {{
        // Not evaluated: the name of an operation no span records is never worked out.
        if false {
            let _ = (&$level, &$op);
        }
        None::<$crate::support::trace::Span>
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
        $( $crate::support::trace::fields!($($rest)*); )?
    };
    ($name:ident = ? $value:expr $(, $($rest:tt)*)?) => {
        let _ = &$value;
        $( $crate::support::trace::fields!($($rest)*); )?
    };
    ($name:ident = $value:expr $(, $($rest:tt)*)?) => {
        let _ = &$value;
        $( $crate::support::trace::fields!($($rest)*); )?
    };
    (% $name:ident $(, $($rest:tt)*)?) => {
        let _ = &$name;
        $( $crate::support::trace::fields!($($rest)*); )?
    };
    (? $name:ident $(, $($rest:tt)*)?) => {
        let _ = &$name;
        $( $crate::support::trace::fields!($($rest)*); )?
    };
    ($name:ident $(, $($rest:tt)*)?) => {
        let _ = &$name;
        $( $crate::support::trace::fields!($($rest)*); )?
    };
}

#[cfg(feature = "tracing")]
pub(crate) use span_at;
pub(crate) use {command_span, debug, event, info};

#[cfg(feature = "tracing")]
pub(crate) use tracing::Span;

/// What a command's span records once known (nothing without the `tracing` feature, and
/// nothing when no subscriber records the span).
pub(crate) trait Record {
    /// Records a field of the span (`&str`, integers).
    fn set(&self, field: &'static str, value: impl SpanValue);
}

/// A value a span records.
#[cfg(feature = "tracing")]
pub(crate) trait SpanValue: tracing::Value {}
#[cfg(feature = "tracing")]
impl<T: tracing::Value> SpanValue for T {}

#[cfg(not(feature = "tracing"))]
pub(crate) trait SpanValue {}
#[cfg(not(feature = "tracing"))]
impl<T> SpanValue for T {}

#[cfg(feature = "tracing")]
impl Record for Span {
    fn set(&self, field: &'static str, value: impl SpanValue) {
        self.record(field, value);
    }
}

#[cfg(not(feature = "tracing"))]
impl Record for Span {
    fn set(&self, _: &'static str, _: impl SpanValue) {}
}

#[cfg(not(feature = "tracing"))]
pub(crate) use fields;

/// Without `tracing`: a span that records nothing.
#[cfg(not(feature = "tracing"))]
#[derive(Debug, Clone)]
pub(crate) struct Span;

/// Without `tracing`: instrumenting a future leaves it as it is.
#[cfg(not(feature = "tracing"))]
pub(crate) trait Instrument: Sized {
    fn instrument(self, _span: Span) -> Self {
        self
    }
}

#[cfg(not(feature = "tracing"))]
impl<T> Instrument for T {}
