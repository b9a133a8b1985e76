//! Generics of the generated impl: the lifetime the reader borrows from, the `'de: 'a`
//! outlives bounds for the type's own lifetimes, and `T: RespRead<'de>` bounds inferred for
//! the type parameters that fields read (as serde infers its bounds).

use std::collections::BTreeSet;

use proc_macro2::{Group, Spacing, Span, TokenStream, TokenTree};
use quote::ToTokens;

use crate::ast::{Container, Field};

/// `'de`, or `'__de` when the type already has a lifetime named `'de`.
pub fn de_lifetime(generics: &syn::Generics) -> syn::Lifetime {
    let taken = generics.lifetimes().any(|l| l.lifetime.ident == "de");
    let name = if taken { "'__de" } else { "'de" };
    syn::Lifetime::new(name, Span::call_site())
}

/// The generics of `impl<...> RespRead<'de> for T<...> where ...`.
pub fn impl_generics(cont: &Container<'_>, de: &syn::Lifetime, krate: &syn::Path) -> syn::Generics {
    let mut generics = cont.generics.clone();
    let own_lifetimes: Vec<syn::Lifetime> =
        generics.lifetimes().map(|l| l.lifetime.clone()).collect();
    let mut de_param = syn::LifetimeParam::new(de.clone());
    de_param.bounds.extend(own_lifetimes);
    generics
        .params
        .insert(0, syn::GenericParam::Lifetime(de_param));

    let where_clause = generics.make_where_clause();
    if let Some(bound) = cont.attrs.bound.get() {
        where_clause.predicates.extend(bound.iter().cloned());
    } else {
        let used = type_params_read_by_fields(cont);
        for param in cont
            .generics
            .type_params()
            .filter(|p| used.contains(&p.ident))
        {
            let ident = &param.ident;
            where_clause
                .predicates
                .push(syn::parse_quote!(#ident: #krate::__private::RespRead<#de>));
        }
    }
    generics
}

/// The field's type with the container's own lifetimes replaced by `'de`: a field declared
/// `&'a str` is read as `&'de str` and coerces to `&'a str` because `'de: 'a`.
///
/// Walks the type's tokens (a lifetime is the same two tokens wherever it appears), so
/// that syn's visitors need not be compiled in every build of the client.
pub fn type_as_read(ty: &syn::Type, generics: &syn::Generics, de: &syn::Lifetime) -> syn::Type {
    let own: Vec<&syn::Ident> = generics.lifetimes().map(|l| &l.lifetime.ident).collect();
    if own.is_empty() {
        return ty.clone();
    }
    let tokens = replace_lifetimes(ty.to_token_stream(), &own, &de.ident);
    syn::parse2(tokens).expect("renaming lifetimes keeps a type a type")
}

fn replace_lifetimes(tokens: TokenStream, own: &[&syn::Ident], de: &syn::Ident) -> TokenStream {
    let mut after_quote = false;
    tokens
        .into_iter()
        .map(|t| {
            let was_quote = std::mem::replace(
                &mut after_quote,
                matches!(&t, TokenTree::Punct(p) if p.as_char() == '\'' && p.spacing() == Spacing::Joint),
            );
            match t {
                TokenTree::Ident(i) if was_quote && own.contains(&&i) => {
                    TokenTree::Ident(syn::Ident::new(&de.to_string(), i.span()))
                }
                TokenTree::Group(g) => {
                    let mut inner = Group::new(g.delimiter(), replace_lifetimes(g.stream(), own, de));
                    inner.set_span(g.span());
                    TokenTree::Group(inner)
                }
                other => other,
            }
        })
        .collect()
}

/// Type parameters that appear in a field read with `RespRead` (not behind `with`, and not
/// only inside `PhantomData`).
fn type_params_read_by_fields(cont: &Container<'_>) -> BTreeSet<syn::Ident> {
    let params: Vec<&syn::Ident> = cont.generics.type_params().map(|p| &p.ident).collect();
    let mut found = BTreeSet::new();
    for field in cont
        .all_fields()
        .filter(|f: &&Field<'_>| f.attrs.with.get().is_none())
    {
        let tokens: Vec<TokenTree> = field.ty.to_token_stream().into_iter().collect();
        find_params(&tokens, &params, &mut found);
    }
    found
}

/// Adds to `found` the `params` that begin a path in `tokens` (`T`, `T::Item`, not
/// `::T` nor `a::T`, not a lifetime), leaving out the arguments of `PhantomData<...>`.
fn find_params(tokens: &[TokenTree], params: &[&syn::Ident], found: &mut BTreeSet<syn::Ident>) {
    let is =
        |t: Option<&TokenTree>, c: char| matches!(t, Some(TokenTree::Punct(p)) if p.as_char() == c);
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i] {
            TokenTree::Ident(ident) if ident == "PhantomData" && is(tokens.get(i + 1), '<') => {
                // Skip to the `>` that closes the arguments (a `->` is not one).
                let mut depth = 0usize;
                i += 1;
                while i < tokens.len() {
                    if is(tokens.get(i), '<') {
                        depth += 1;
                    } else if is(tokens.get(i), '>') && !(i > 0 && is(tokens.get(i - 1), '-')) {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    i += 1;
                }
            }
            TokenTree::Ident(ident) => {
                let after_colons =
                    i >= 2 && is(tokens.get(i - 1), ':') && is(tokens.get(i - 2), ':');
                let lifetime = i >= 1 && is(tokens.get(i - 1), '\'');
                if !after_colons && !lifetime {
                    if let Some(p) = params.iter().find(|p| **p == ident) {
                        found.insert((*p).clone());
                    }
                }
            }
            TokenTree::Group(g) => {
                let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                find_params(&inner, params, found);
            }
            TokenTree::Punct(_) | TokenTree::Literal(_) => {}
        }
        i += 1;
    }
}
