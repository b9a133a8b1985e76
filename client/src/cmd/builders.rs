//! Typed builders for every command of the crate's `commands.json`, generated at
//! build time by `typedis-codegen` (a reviewed copy lives in `client/generated/builders.rs`).
//!
//! Each command is a module of type states: `b().set()` returns `set::NeedKey`, whose
//! `key()` returns `set::NeedValue`, and so on; only complete states have `build()`.
//! The module's page (for example [`set`]) lists every step and option in one table; the
//! states themselves are hidden from these docs (they stay public, nameable and what an
//! editor completes), since a page each repeated rustdoc's boilerplate for a few methods.
//! Once-only optional arguments are tracked by type parameters ([`Unset`](super::state::Unset)
//! → [`Set`](super::state::Set)): one for each argument the reply or a rule reads, and
//! one, `TOnce`, for all the others (see [`state`](super::state)), so giving one twice,
//! or two choices of one `oneof`, does not compile. Every optional method also has a conditional twin (`nx_if(bool)`,
//! `ex_opt(Option<_>)`), and every repeatable one an `_iter` twin.
//!
//! Names: spec names in snake_case; a token names its argument when it is a word
//! (`EX seconds` → `ex(seconds)`); Rust keywords become raw identifiers (`r#type`).
//! See `typedis_codegen::naming` for the full rules.

// Generated method names follow Redis's words (`not`, `type`, `get`) and argument
// counts follow the spec, which the style lints would otherwise flag.
#![allow(
    clippy::should_implement_trait,
    clippy::too_many_arguments,
    clippy::new_ret_no_self,
    clippy::type_complexity
)]

include!(concat!(env!("OUT_DIR"), "/builders.rs"));

/// The structs replies are read into, where they were before they moved to
/// [`reply`](crate::reply): kept so that old paths compile.
#[doc(hidden)]
pub mod replies {
    pub use crate::reply::generated::server::*;
}

#[cfg(test)]
mod tests {
    #[test]
    fn set_builder_writes_spec_order_whatever_the_call_order() {
        let c = super::b()
            .set()
            .key("k")
            .value("v")
            .ex(10)
            .get()
            .nx()
            .build();
        assert_eq!(
            c.as_bytes(),
            b"*7\r\n$3\r\nSET\r\n$1\r\nk\r\n$1\r\nv\r\n$2\r\nNX\r\n$3\r\nGET\r\n$2\r\nEX\r\n$2\r\n10\r\n"
        );
        assert_eq!(c.name(), "SET");
        assert!(c.flags().contains(crate::cmd::CommandFlags::WRITE));
    }
}
