//! Generics of the generated impl: the lifetime the reader borrows from, the `'de: 'a`
//! outlives bounds for the type's own lifetimes, and `T: RespRead<'de>` bounds inferred for
//! the type parameters that fields read (as serde infers its bounds).

use std::collections::BTreeSet;

use proc_macro2::Span;
use syn::visit::Visit;
use syn::visit_mut::VisitMut;

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
pub fn type_as_read(ty: &syn::Type, generics: &syn::Generics, de: &syn::Lifetime) -> syn::Type {
    struct Replace<'g> {
        own: Vec<&'g syn::Ident>,
        de: &'g syn::Lifetime,
    }
    impl VisitMut for Replace<'_> {
        fn visit_lifetime_mut(&mut self, l: &mut syn::Lifetime) {
            if self.own.contains(&&l.ident) {
                *l = syn::Lifetime::new(&format!("'{}", self.de.ident), l.span());
            }
        }
    }
    let mut ty = ty.clone();
    Replace {
        own: generics.lifetimes().map(|l| &l.lifetime.ident).collect(),
        de,
    }
    .visit_type_mut(&mut ty);
    ty
}

/// Type parameters that appear in a field read with `RespRead` (not behind `with`, and not
/// only inside `PhantomData`).
fn type_params_read_by_fields(cont: &Container<'_>) -> BTreeSet<syn::Ident> {
    struct Find<'g> {
        params: Vec<&'g syn::Ident>,
        found: BTreeSet<syn::Ident>,
    }
    impl<'ast> Visit<'ast> for Find<'_> {
        fn visit_path(&mut self, path: &'ast syn::Path) {
            if path
                .segments
                .last()
                .is_some_and(|s| s.ident == "PhantomData")
            {
                return;
            }
            if path.leading_colon.is_none() {
                if let Some(first) = path.segments.first() {
                    if let Some(p) = self.params.iter().find(|p| **p == &first.ident) {
                        self.found.insert((*p).clone());
                    }
                }
            }
            syn::visit::visit_path(self, path);
        }
    }
    let mut find = Find {
        params: cont.generics.type_params().map(|p| &p.ident).collect(),
        found: BTreeSet::new(),
    };
    for field in cont
        .all_fields()
        .filter(|f: &&Field<'_>| f.attrs.with.get().is_none())
    {
        find.visit_type(field.ty);
    }
    find.found
}
