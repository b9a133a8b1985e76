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

/// Where an item exists, for docs: `since 7.2.0 (Redis and Valkey)`, `since 9.0.0
/// (Valkey only)`, or, where the families added it in different versions, `since Redis
/// 8.0.0 and Valkey 9.0.0`; a `since` that names its product (`RedisJSON 2.6.0`, see
/// `Options::product`) as it is.
pub(crate) fn availability(
    since: &str,
    since_in: &std::collections::BTreeMap<String, String>,
    only: Option<&str>,
) -> String {
    let of = |family: &str| doc_text(since_in.get(family).map_or(since, String::as_str));
    if names_product(since) {
        return format!("since {}", doc_text(since));
    }
    match only {
        Some(family) => format!("since {} ({} only)", of(family), family_name(family)),
        None if since_in.is_empty() => format!("since {} (Redis and Valkey)", doc_text(since)),
        None => format!("since Redis {} and Valkey {}", of("redis"), of("valkey")),
    }
}

/// A version as docs name it: `Redis 6.2.0`, or as it is when it names its product
/// (`RedisJSON 2.0.0`, see `Options::product`).
pub(crate) fn dated(version: &str) -> String {
    if names_product(version) {
        version.to_owned()
    } else {
        format!("Redis {version}")
    }
}

/// True for a version that names its product (`RedisJSON 2.0.0`, as `Options::product`
/// writes them), false for a bare one (`6.2.0`, a Redis or Valkey version).
fn names_product(version: &str) -> bool {
    version.starts_with(|c: char| c.is_ascii_alphabetic())
}

/// `valkey` → `Valkey`.
fn family_name(family: &str) -> String {
    let mut chars = family.chars();
    match chars.next() {
        Some(c) => c.to_ascii_uppercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}
