//! Commands: how a request is encoded ([`Command`], [`Cmd`], [`ToArg`]), where its keys
//! live in a cluster ([`Slot`]), and what the spec says about it ([`CommandFlags`],
//! [`Policy`]).
//!
//! # Layout
//!
//! - `arg`: [`ToArg`], one Rust value as one argument.
//! - `builder`: [`Cmd`], the runtime builder; [`cmd`] starts an untyped command.
//! - `command`: [`Command`], a finished request.
//! - `slot`: CRC16 hash slots of keys.
//! - `flags`: command flags and cluster policies from the spec.

mod arg;
mod builder;
mod command;
mod flags;
mod slot;
mod small;

pub use arg::{ArgWriter, ToArg};
pub use builder::{cmd, Cmd, PieceMark};
pub use command::{Args, Command};
pub use flags::{CommandFlags, Policy, RequestPolicy, ResponsePolicy};
pub use slot::{crc16, key_slot, Slot, SLOT_COUNT};
