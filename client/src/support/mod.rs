//! What every layer above uses and nothing of Redis: the tracing macros (no-ops without the
//! `tracing` feature), locks taken one way, and the few future and stream combinators the
//! client needs.

pub(crate) mod futures;
#[cfg(test)]
mod generated_copies;
pub(crate) mod sync;
pub(crate) mod trace;
