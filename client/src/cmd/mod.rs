//! Commands: how a request is encoded ([`Command`], [`Cmd`], [`ToArg`]), where its keys
//! live in a cluster ([`Slot`]), and what the spec says about it ([`CommandFlags`],
//! [`Policy`]).
//!
//! # Layout
//!
//! - `arg`: [`ToArg`], one Rust value as one argument.
//! - `bound`: [`Bound`] and [`Lex`], the ends of score and lex ranges.
//! - `fields`: [`ToFields`], a struct written as field-value pairs.
//! - [`builders`]: the generated typed builders; [`b`] starts one.
//! - `builder`: [`Cmd`], the runtime builder; [`cmd`] starts an untyped command.
//! - `command`: [`Command`], a finished request.
//! - `request`: [`Request`], a command that knows its reply type, what the client takes.
//! - `requirement`: [`Requirement`], which servers have a command or an argument.
//! - `pool`: command state (buffer and bookkeeping) in one box, recycled per thread.
//! - `span`: time spans as arguments ([`SecondsArg`], [`MillisArg`],
//!   [`FractionalSecondsArg`]): a number, or a `Duration`.
//! - `slot`: CRC16 hash slots of keys.
//! - `flags`: command flags and cluster policies from the spec.
//! - `placement`: where a command may run (refused on shared connections, blocking on
//!   dedicated ones, and for how long), for the single-node and cluster clients alike.
//! - `spec_table`: the spec's name, flags and policy of every command, for untyped
//!   commands (generated).
//! - [`modules`]: the generated builders of the module features (`json`, `search`,
//!   `bloom`, `timeseries`), methods of [`b`] too.
//! - [`sentinel_commands`]: the generated builders of a Sentinel's own commands
//!   (`b().sentinel_masters()`), always there.
//! - [`state`]: marker types of the generated builders' type states.

mod arg;
mod bound;
mod builder;
pub mod builders;
mod command;
mod duration;
mod fields;
mod flags;
pub mod modules;
pub(crate) mod placement;
mod pool;
pub(crate) mod refused;
mod request;
mod requirement;
pub mod sentinel_commands;
mod slot;
mod small;
mod spec_table;
pub mod state;

pub use arg::{ArgWriter, DoubleArg, IntArg, Raw, ToArg};
pub use bound::{Bound, BoundValue, Lex};
pub use builder::{cmd, Cmd, PieceMark};
/// Builds a command with its typed builder: `b().<command>()`, then its arguments in spec
/// order, and `build()` once every required one is given (a missing one does not compile).
/// The client takes the builder itself too, and reads the reply as the type the command
/// declares.
///
/// ```
/// use typedis::{b, Request};
///
/// let set = b().set().key("greeting").value("hello").ex(60).nx().build();
/// assert_eq!(set.name(), "SET");
/// assert_eq!(set.as_bytes(), b"*6\r\n$3\r\nSET\r\n$8\r\ngreeting\r\n$5\r\nhello\r\n$2\r\nNX\r\n$2\r\nEX\r\n$2\r\n60\r\n");
///
/// // A request without `build()`: what `Client::query` takes. Its reply type follows
/// // the options: `List`, and `Vec<ScoredMember>` with WITHSCORES.
/// fn replies<R: Request<Reply = T>, T>(_: &R) {}
/// let members = b().zrange().key("board").start(0).stop(9);
/// replies::<_, typedis::reply::List>(&members);
/// let range = b().zrange().key("board").start(0).stop(9).withscores();
/// replies::<_, Vec<typedis::reply::ScoredMember>>(&range);
/// let command = range.into_command();
/// assert_eq!(command.name(), "ZRANGE");
/// ```
#[doc(inline)]
pub use builders::b;
pub use builders::Builders;
pub use duration::{FractionalSecondsArg, MillisArg, SecondsArg};
pub use fields::{FieldPairs, ToFields};

/// The old name of [`Builders`], the type [`b()`] returns.
#[deprecated(note = "renamed `Builders`")]
pub type Commands = Builders;
pub use command::{Args, Command};
pub use flags::{CommandFlags, Policy, RequestPolicy, ResponsePolicy};
pub use request::{Request, Returning};
pub use requirement::Requirement;
pub use slot::{crc16, key_slot, Slot, SLOT_COUNT};
