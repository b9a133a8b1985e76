//! Shared fixtures and decode paths of the typedis benchmarks.
//!
//! - [`fixtures`]: the reply bytes every library decodes, generated deterministically.
//! - [`arrival`]: a reply landing in a connection's read buffer, read by read.
//! - [`shapes`]: hand-written `RespRead` impls, the reference for derived ones.
//! - [`derived`]: the same shapes with `#[derive(RespRead)]`, and an owned one.
//! - [`peers`]: redis-rs's and fred's decode paths.
//! - [`cases`]: the table of (fixture, library, shape) decodes that the criterion bench
//!   (`benches/decode.rs`) times and `src/bin/allocs.rs` counts allocations of;
//!   `src/bin/report.rs` turns both into the tables of BENCHMARKS.md.
//!
//! - [`server`]: the local `redis-server` of the end-to-end benchmarks.
//!
//! `src/bin/e2e.rs` is the end-to-end benchmark against a local `redis-server`;
//! `src/bin/cache.rs` measures client-side caching the same way.

pub mod arrival;
pub mod cases;
pub mod derived;
pub mod fixtures;
pub mod peers;
pub mod server;
pub mod shapes;
