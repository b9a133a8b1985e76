//! Shared fixtures of the typedis benchmarks.
