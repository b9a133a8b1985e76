//! A command's flags and routing policy as Rust expressions, shared by its builder and
//! the spec table.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::naming;
use crate::spec::CommandSpec;

/// The `CommandFlags` expression of `cmd`: what its builder passes to `Cmd::new_encoded`
/// and what the spec table records for it.
pub(crate) fn flags_expr(cmd: &CommandSpec, rt: &syn::Path) -> TokenStream {
    let mut names: Vec<String> = cmd
        .flags
        .iter()
        .filter(|f| KNOWN_FLAGS.contains(&f.as_str()))
        .map(|f| f.to_ascii_uppercase())
        .collect();
    names.sort();
    names.dedup();
    let mut expr = quote!(#rt::CommandFlags::empty());
    for n in names {
        let id = format_ident!("{}", n);
        expr = quote!(#expr.union(#rt::CommandFlags::#id));
    }
    expr
}

/// Flags `typedis::cmd::CommandFlags` names (others in a spec are ignored).
const KNOWN_FLAGS: &[&str] = &[
    "readonly",
    "write",
    "denyoom",
    "fast",
    "blocking",
    "admin",
    "pubsub",
    "noscript",
    "loading",
    "stale",
    "skip_monitor",
    "skip_slowlog",
    "asking",
    "no_auth",
    "may_replicate",
    "no_mandatory_keys",
    "no_multi",
    "movablekeys",
    "allow_busy",
    "no_async_loading",
    "sentinel",
    "only_sentinel",
    "protected",
    "touches_arbitrary_keys",
    "module",
];

/// The `Policy` expression of `cmd`, shared by its builder and the spec table as
/// [`flags_expr`] is.
pub(crate) fn policy_expr(cmd: &CommandSpec, rt: &syn::Path) -> TokenStream {
    let tip = |prefix: &str| {
        cmd.tips
            .iter()
            .find_map(|t| t.strip_prefix(prefix).map(naming::camel))
    };
    let known_req = ["AllNodes", "AllShards", "MultiShard", "Special"];
    let known_resp = [
        "OneSucceeded",
        "AllSucceeded",
        "AggLogicalAnd",
        "AggLogicalOr",
        "AggMin",
        "AggMax",
        "AggSum",
        "Special",
    ];
    let request = tip("request_policy:")
        .filter(|v| known_req.contains(&v.as_str()))
        .map(|v| {
            let id = format_ident!("{}", v);
            quote!(Some(#rt::RequestPolicy::#id))
        });
    let response = tip("response_policy:")
        .filter(|v| known_resp.contains(&v.as_str()))
        .map(|v| {
            let id = format_ident!("{}", v);
            quote!(Some(#rt::ResponsePolicy::#id))
        });
    if request.is_none() && response.is_none() {
        return quote!(#rt::Policy::NONE);
    }
    let (request, response) = (
        request.unwrap_or_else(|| quote!(None)),
        response.unwrap_or_else(|| quote!(None)),
    );
    quote!(#rt::Policy { request: #request, response: #response })
}
