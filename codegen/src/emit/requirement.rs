//! `c.require(..)` statements: a command, or an argument, that not every server has
//! records which versions of each family do, for the client to check against the server
//! it is connected to.

use std::collections::BTreeMap;

use proc_macro2::TokenStream;
use quote::quote;

/// Versions every server typedis talks to has: what came before needs no check.
const EVERYWHERE: [u16; 3] = [6, 0, 0];

/// The statement recording (with `path`, the prefix `Requirement` is named with) that
/// `what` (an argument's syntax, or empty for the command)
/// exists since `since` (each family's own in `since_in`), or on the family `only`;
/// nothing when every server since Redis 6.0 has it, or when the versions are a module's
/// (`RedisBloom 2.0.0`), which the client does not check.
pub(super) fn require(
    path: &TokenStream,
    what: &str,
    since: Option<&str>,
    since_in: &BTreeMap<String, String>,
    only: Option<&str>,
) -> TokenStream {
    let of = |family: &str| -> Option<Option<[u16; 3]>> {
        if only.is_some_and(|o| o != family) {
            return Some(None);
        }
        match since_in.get(family).map(String::as_str).or(since) {
            Some(v) => parse(v).map(Some),
            None => Some(Some([0, 0, 0])),
        }
    };
    let (Some(redis), Some(valkey)) = (of("redis"), of("valkey")) else {
        return quote!();
    };
    let everywhere = |v: Option<[u16; 3]>| v.is_some_and(|v| v <= EVERYWHERE);
    if everywhere(redis) && everywhere(valkey) {
        return quote!();
    }
    let version = |v: Option<[u16; 3]>| match v {
        Some([a, b, c]) => quote!(::core::option::Option::Some([#a, #b, #c])),
        None => quote!(::core::option::Option::None),
    };
    let (redis, valkey) = (version(redis), version(valkey));
    quote!(c.require(const { &#path Requirement::new(#what, #redis, #valkey) });)
}

/// `7.0.15` as `[7, 0, 15]`; `None` for what is no bare version.
fn parse(version: &str) -> Option<[u16; 3]> {
    let mut parts = version.split('.').map(|p| p.parse::<u16>().ok());
    let major = parts.next()??;
    let minor = parts.next()??;
    let patch = parts.next().unwrap_or(Some(0))?;
    parts.next().is_none().then_some([major, minor, patch])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(t: TokenStream) -> String {
        t.to_string().replace(' ', "")
    }

    #[test]
    fn only_what_some_server_lacks_is_recorded() {
        let none = BTreeMap::new();
        assert!(require(&quote!(), "", Some("2.6.0"), &none, None).is_empty());
        assert!(require(&quote!(), "", Some("RedisJSON 2.0.0"), &none, None).is_empty());
        assert!(require(&quote!(), "", None, &none, None).is_empty());
        let nx = require(&quote!(), "NX", Some("9.0.0"), &none, Some("valkey"));
        assert_eq!(
            text(nx),
            "c.require(const{&Requirement::new(\"NX\",::core::option::Option::None,\
             ::core::option::Option::Some([9u16,0u16,0u16]))});"
        );
        let per_family: BTreeMap<String, String> = [("redis", "8.0.0"), ("valkey", "9.0.0")]
            .map(|(f, v)| (f.to_owned(), v.to_owned()))
            .into();
        let hsetex = text(require(&quote!(), "", Some("8.0.0"), &per_family, None));
        assert!(hsetex.contains("Some([8u16,0u16,0u16]),::core::option::Option::Some([9u16"));
        // Newer than 6.0 on one family only still counts.
        assert!(!require(
            &quote!(),
            "",
            Some("6.0.0"),
            &[("valkey".to_owned(), "7.2.0".to_owned())].into(),
            None
        )
        .is_empty());
    }
}
