//! `#[derive(RespRead)]` for typedis.
#![deny(missing_docs)]
