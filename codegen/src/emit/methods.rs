//! The methods of a state: a required argument's (with its `_iter` twin) and an optional
//! piece's (with its `_iter`, `_opt` and `_if` twins), and the statements they write.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use crate::naming;
use crate::plan::{Effect, Leaf, Method, Stage, State, Write};
use crate::spec::ArgKind;

use super::doc::{doc_lines, doc_text};
use super::state::{construct, slot_idents, stage_ty};

fn param_ty(kind: ArgKind) -> TokenStream {
    match kind {
        ArgKind::Integer | ArgKind::UnixTime => quote!(impl IntArg),
        ArgKind::Double => quote!(impl DoubleArg),
        _ => quote!(impl ToArg),
    }
}

fn param_idents(leaf: &Leaf) -> Vec<syn::Ident> {
    leaf.params.iter().map(|p| naming::ident(&p.name)).collect()
}

/// Statements writing `writes` with the given parameter expressions.
fn write_stmts(leaf: &Leaf, writes: &[Write], params: &[syn::Ident]) -> TokenStream {
    let stmts = writes.iter().map(|w| match w {
        Write::Token(t) => quote!(c.push(#t);),
        Write::Param(i) => {
            let p = &params[*i];
            if leaf.params[*i].kind == ArgKind::Key {
                quote!(c.push_key(&#p);)
            } else {
                quote!(c.push(&#p);)
            }
        }
    });
    quote!(#(#stmts)*)
}

fn method_doc(m: &Method, extra: &str) -> TokenStream {
    let mut lines = vec![format!("Writes `{}`{extra}.", doc_text(&m.leaf.syntax()))];
    if let Some(since) = &m.leaf.since {
        lines.push(String::new());
        lines.push(format!("Since {}.", doc_text(since)));
    }
    let mut out = doc_lines(&lines);
    if let Some(d) = &m.leaf.deprecated_since {
        let note = format!("deprecated since Redis {d}");
        out = quote!(#out #[deprecated(since = #d, note = #note)]);
    }
    out
}

pub(super) fn advance_method(m: &Method, target: &State, iter: Option<&[Write]>) -> TokenStream {
    let name = naming::ident(&m.leaf.name);
    let target_name = format_ident!("{}", target.name);
    let params = param_idents(&m.leaf);
    let tys = m.leaf.params.iter().map(|p| param_ty(p.kind));
    let body = write_stmts(&m.leaf, &m.leaf.writes, &params);
    let out = construct(target, quote!(c));
    let doc = method_doc(m, "");
    let single = quote! {
        #doc
        #[inline]
        pub fn #name(self, #(#params: #tys),*) -> #target_name {
            let mut c = self.0;
            c.seal();
            #body
            #out
        }
    };
    let Some(repeat) = iter else {
        return single;
    };
    let iter_name = naming::ident(&format!("{}_iter", m.leaf.name));
    let (item_ty, pattern) = item_shape(&m.leaf, &params);
    let first = write_stmts(&m.leaf, &m.leaf.writes, &params);
    let rest = write_stmts(&m.leaf, repeat, &params);
    let doc = method_doc(
        m,
        " once per item (the iterator must yield at least one item, as Redis requires)",
    );
    quote! {
        #single
        #doc
        pub fn #iter_name(self, items: impl IntoIterator<Item = #item_ty>) -> #target_name {
            let mut c = self.0;
            c.seal();
            let mut items = items.into_iter();
            if let Some(#pattern) = items.next() {
                #first
            }
            for #pattern in items {
                #rest
            }
            #out
        }
    }
}

/// The item type and destructuring pattern of an `_iter` twin.
fn item_shape(leaf: &Leaf, params: &[syn::Ident]) -> (TokenStream, TokenStream) {
    if params.len() == 1 {
        let ty = param_ty(leaf.params[0].kind);
        let p = &params[0];
        (ty, quote!(#p))
    } else {
        let tys = leaf.params.iter().map(|p| param_ty(p.kind));
        (quote!((#(#tys,)*)), quote!((#(#params,)*)))
    }
}

pub(super) fn piece_methods(s: &State, m: &Method) -> Vec<TokenStream> {
    let Effect::Piece {
        order,
        slot,
        enters,
        token_once,
        iter,
        conditional,
        ..
    } = &m.effect
    else {
        return Vec::new();
    };
    let name = naming::ident(&m.leaf.name);
    let params = param_idents(&m.leaf);
    let tys: Vec<TokenStream> = m.leaf.params.iter().map(|p| param_ty(p.kind)).collect();
    let order = Literal::u16_unsuffixed(*order);
    let once = token_once.as_ref().map_or_else(
        || quote!(),
        |t| quote!(if !c.has_piece(#order) { c.push(#t); }),
    );
    let body = write_stmts(&m.leaf, &m.leaf.writes, &params);
    let self_name = format_ident!("{}", s.name);
    let ret_args: Vec<TokenStream> = slot_idents(s)
        .iter()
        .enumerate()
        .map(|(k, id)| match (slot, enters) {
            (Some((j, _, to)), _) if *j == k => stage_ty(*to),
            (_, Some((j, to))) if *j == k => stage_ty(*to),
            _ => quote!(#id),
        })
        .collect();
    let ret = if ret_args.is_empty() {
        quote!(#self_name)
    } else {
        quote!(#self_name<#(#ret_args),*>)
    };
    let out = construct(s, quote!(c));
    let extra = match slot {
        Some((_, Stage::Unset, _)) => " (optional, at most once)",
        Some(_) => " (part of a block already entered)",
        None if token_once.is_some() || *iter => " (optional, repeatable)",
        None => " (repeatable)",
    };
    let doc = method_doc(m, extra);
    let mut out_methods = vec![quote! {
        #doc
        #[inline]
        pub fn #name(self, #(#params: #tys),*) -> #ret {
            let mut c = self.0;
            let mark = c.begin_piece();
            #once
            #body
            c.end_piece(#order, mark);
            #out
        }
    }];
    if *iter {
        let iter_name = naming::ident(&format!("{}_iter", m.leaf.name));
        let (item_ty, pattern) = item_shape(&m.leaf, &params);
        let doc = method_doc(m, " once per item (nothing when the iterator is empty)");
        out_methods.push(quote! {
            #doc
            pub fn #iter_name(self, items: impl IntoIterator<Item = #item_ty>) -> #ret {
                let mut c = self.0;
                let mut items = items.into_iter().peekable();
                if items.peek().is_some() {
                    let mark = c.begin_piece();
                    #once
                    for #pattern in items {
                        #body
                    }
                    c.end_piece(#order, mark);
                }
                #out
            }
        });
    }
    if *conditional {
        let doc = method_doc(m, " when given (optional, at most once)");
        if params.is_empty() {
            let if_name = naming::ident(&format!("{}_if", m.leaf.name));
            out_methods.push(quote! {
                #doc
                pub fn #if_name(self, on: bool) -> #ret {
                    let mut c = self.0;
                    if on {
                        let mark = c.begin_piece();
                        #body
                        c.end_piece(#order, mark);
                    }
                    #out
                }
            });
        } else {
            let opt_name = naming::ident(&format!("{}_opt", m.leaf.name));
            let (ty, pattern) = item_shape(&m.leaf, &params);
            out_methods.push(quote! {
                #doc
                pub fn #opt_name(self, value: Option<#ty>) -> #ret {
                    let mut c = self.0;
                    if let Some(#pattern) = value {
                        let mark = c.begin_piece();
                        #body
                        c.end_piece(#order, mark);
                    }
                    #out
                }
            });
        }
    }
    out_methods
}
