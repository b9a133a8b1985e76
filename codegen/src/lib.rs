//! typedis-codegen: turns Redis command specs (`commands.json`) into typed command builders.
#![deny(missing_docs)]
