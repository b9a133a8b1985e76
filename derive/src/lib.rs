//! `#[derive(RespRead)]` for typedis: straight-line, zero-copy readers of RESP replies; and
//! `#[derive(ToFields)]`, a struct written as field-value pairs.
//!
//! # Layout
//!
//! `ast` (the input with its parsed `#[resp(...)]` attributes, from `attr`), `valid` (what
//! cannot work, spanned on the culprit), `expand` (the impl; `bound` for its generics,
//! `dispatch`/`kinds` for untagged enums, `names`/`case` for wire names), `fallback` (a stub
//! impl next to compile errors), `ctxt` (collects every error); `fields` (the `ToFields`
//! impl, from the same `ast`).
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
mod fields;
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

/// Derives `typedis::cmd::ToFields`: writes a struct's named fields as field-value pairs
/// for `HSET`, `HSETEX` and `XADD` (`field_value_iter(value.to_fields())`).
///
/// Each field is written under the name `#[derive(RespRead)]` reads it by (its Rust name,
/// `#[resp(rename = "...")]`, `#[resp(rename_all = "...")]`), its value as its type's
/// `ToArg` writes it; a field whose type is written `Option<T>` is left out when it is
/// `None`. Aliases and defaults only change how a field is read; `with` is refused (the
/// field's type must be an argument). `#[resp(crate = "...")]` names the crate as for
/// `RespRead`.
#[proc_macro_derive(ToFields, attributes(resp))]
pub fn derive_to_fields(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    fields::derive(&input).into()
}
