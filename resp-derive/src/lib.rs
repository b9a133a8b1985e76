//! `#[derive(RespRead)]` for typedis.
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

/// Derives `typedis::RespRead`.
#[proc_macro_derive(RespRead, attributes(resp))]
pub fn derive_resp_read(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    expand::derive(&input).into()
}
