//! Rustdoc text from spec text: escaped, and as `#[doc]` attributes.

use proc_macro2::TokenStream;
use quote::quote;

/// Escapes spec text for rustdoc (no links, no HTML).
pub(crate) fn doc_text(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace('[', "\\[")
        .replace(']', "\\]")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Escaped text without its final period (the caller ends the sentence).
pub(crate) fn bare(s: &str) -> String {
    doc_text(s.trim().trim_end_matches('.'))
}

pub(crate) fn doc_lines(lines: &[String]) -> TokenStream {
    let lines = lines.iter().map(|l| {
        let l = format!(" {l}");
        quote!(#[doc = #l])
    });
    quote!(#(#lines)*)
}
