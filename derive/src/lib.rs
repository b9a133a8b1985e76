//! `#[derive(RespRead)]` for typedis: straight-line, zero-copy readers of RESP replies.
//!
//! # Layout
//!
//! `ast` (the input with its parsed `#[resp(...)]` attributes, from `attr`), `valid` (what
//! cannot work, spanned on the culprit), `expand` (the impl; `bound` for its generics,
//! `dispatch`/`kinds` for untagged enums, `names`/`case` for wire names), `fallback` (a stub
//! impl next to compile errors), `ctxt` (collects every error).
//!
//! # Guide
//!
#![doc = include_str!("guide.md")]
#![deny(missing_docs)]

mod ast;
mod attr;
mod bound;
mod case;
mod ctxt;
mod dispatch;
mod expand;
mod fallback;
mod kinds;
mod names;
mod valid;

use proc_macro::TokenStream;

/// Derives `typedis::RespRead`: reads a struct or an enum from a RESP2 or RESP3 reply.
///
#[doc = include_str!("guide.md")]
#[proc_macro_derive(RespRead, attributes(resp))]
pub fn derive_resp_read(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    expand::derive(&input).into()
}
