//! Shared helpers of the typedis integration tests.
