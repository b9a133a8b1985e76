//! How a method's arguments are typed and written: each parameter's Rust type, and the
//! statements that write a leaf's tokens and values (a key feeding the slot, a counted
//! list its count), once or per item of an `_iter` twin.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::naming;
use crate::plan::{Counted, Leaf, Param, TimeUnit, Write};
use crate::spec::ArgKind;

fn kind_ty(kind: ArgKind) -> TokenStream {
    match kind {
        ArgKind::Integer | ArgKind::UnixTime => quote!(impl IntArg),
        ArgKind::Double => quote!(impl DoubleArg),
        _ => quote!(impl ToArg),
    }
}

/// The path of a typed parameter's type (`Arg::typed`, resolved by `generate`).
fn typed_path(path: &str) -> syn::Path {
    syn::parse_str(path).unwrap_or_else(|_| syn::parse_quote!(InvalidTypedisArgPath))
}

pub(super) fn param_ty(p: &Param) -> TokenStream {
    if let Some(path) = &p.typed {
        let path = typed_path(path);
        return quote!(impl Into<#path>);
    }
    if let Some(unit) = p.unit() {
        return match unit {
            TimeUnit::Seconds => quote!(impl SecondsArg),
            TimeUnit::Millis => quote!(impl MillisArg),
            TimeUnit::FractionalSeconds => quote!(impl FractionalSecondsArg),
        };
    }
    match &p.counted {
        None => kind_ty(p.kind),
        Some(list) => {
            let item = match list.parts.as_slice() {
                [one] => kind_ty(*one),
                parts => {
                    let parts = parts.iter().map(|k| kind_ty(*k));
                    quote!((#(#parts),*))
                }
            };
            quote!(impl IntoIterator<Item = #item, IntoIter: ExactSizeIterator>)
        }
    }
}

/// Writes one value: a key through `push_key` (it feeds the slot), anything else `push`.
fn push_stmt(kind: ArgKind, value: TokenStream) -> TokenStream {
    if kind == ArgKind::Key {
        quote!(c.push_key(&#value);)
    } else {
        quote!(c.push(&#value);)
    }
}

/// Writes a counted list `p`: its count (of items, or of words), then its items.
fn counted_stmts(p: &syn::Ident, list: &Counted) -> TokenStream {
    let n = list.parts.len();
    let count = if list.words && n > 1 {
        quote!((items.len() * #n))
    } else {
        quote!(items.len())
    };
    let body = if n == 1 {
        push_stmt(list.parts[0], quote!(item))
    } else {
        let names: Vec<syn::Ident> = (0..n).map(|i| quote::format_ident!("part{i}")).collect();
        let pushes = list
            .parts
            .iter()
            .zip(&names)
            .map(|(k, name)| push_stmt(*k, quote!(#name)));
        quote! {
            let (#(#names),*) = item;
            #(#pushes)*
        }
    };
    let count = if list.written {
        quote!(c.push(&#count);)
    } else {
        quote!()
    };
    quote! {
        let items = #p.into_iter();
        #count
        for item in items {
            #body
        }
    }
}

pub(super) fn param_idents(leaf: &Leaf) -> Vec<syn::Ident> {
    leaf.params.iter().map(|p| naming::ident(&p.name)).collect()
}

/// Statements writing `writes` with the given parameter expressions (and counting the
/// item, for the counted argument of a command that writes its own count).
pub(super) fn write_stmts(
    leaf: &Leaf,
    writes: &[Write],
    params: &[syn::Ident],
    counted: bool,
) -> TokenStream {
    let stmts = writes.iter().map(|w| match w {
        Write::Token(t) => quote!(c.push(#t);),
        Write::Param(i) => {
            let p = &params[*i];
            match &leaf.params[*i].counted {
                Some(list) => counted_stmts(p, list),
                None => match &leaf.params[*i].typed {
                    // A typed value writes its own words.
                    Some(path) => {
                        let path = typed_path(path);
                        quote!(::core::convert::Into::<#path>::into(#p).write_args(&mut c);)
                    }
                    None => match leaf.params[*i].unit() {
                        // A time span writes its number in the unit the spec takes.
                        Some(TimeUnit::Seconds) => quote!(c.push(&SecondsArg::seconds(#p));),
                        Some(TimeUnit::Millis) => quote!(c.push(&MillisArg::millis(#p));),
                        Some(TimeUnit::FractionalSeconds) => {
                            quote!(c.push(&FractionalSecondsArg::fractional_seconds(#p));)
                        }
                        None => push_stmt(leaf.params[*i].kind, quote!(#p)),
                    },
                },
            }
        }
    });
    let count = if counted {
        quote!(c.count_item();)
    } else {
        quote!()
    };
    quote!(#(#stmts)* #count)
}

/// Marks where the command's count goes, after the words before it.
pub(super) fn count_at(order: u16, prefix: &[String]) -> TokenStream {
    let order = Literal::u16_unsuffixed(order);
    quote! {
        let count = c.begin_piece();
        #(c.push(#prefix);)*
        c.count_at(#order, count);
    }
}

/// The item type and destructuring pattern of an `_iter` twin.
pub(super) fn item_shape(leaf: &Leaf, params: &[syn::Ident]) -> (TokenStream, TokenStream) {
    if params.len() == 1 {
        let ty = param_ty(&leaf.params[0]);
        let p = &params[0];
        (ty, quote!(#p))
    } else {
        let tys = leaf.params.iter().map(param_ty);
        (quote!((#(#tys,)*)), quote!((#(#params,)*)))
    }
}
