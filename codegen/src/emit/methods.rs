//! The methods of a state: a required argument's (with its `_iter` twin) and an optional
//! piece's (with its `_iter`, `_opt` and `_if` twins); what they write is `writes`'.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::naming;
use crate::plan::{Effect, Leaf, Method, Plan, Stage, State, Write};

use super::doc::{availability, doc_lines, doc_text};
use super::params::{construct, state_ty};
use super::writes::{count_at, item_shape, param_idents, param_ty, write_stmts};

/// The statement recording what servers have the leaf's argument, where not all do (once
/// per method call, not per item).
fn leaf_require(leaf: &Leaf) -> TokenStream {
    // What the server would see (`NX`), or for values with no word of their own (the
    // start alone of Valkey's `BITCOUNT key start`) the call that gave them.
    let what = if leaf.writes.iter().any(|w| matches!(w, Write::Token(_)))
        || matches!(leaf.params.as_slice(), [p] if p.name == leaf.name)
    {
        leaf.syntax()
    } else {
        let params: Vec<&str> = leaf.params.iter().map(|p| p.name.as_str()).collect();
        format!("{}({})", leaf.name, params.join(", "))
    };
    super::requirement::require(
        &quote!(),
        &what,
        leaf.since.as_deref(),
        &leaf.since_in,
        leaf.only.as_deref(),
    )
}

fn method_doc(m: &Method, extra: &str) -> TokenStream {
    // What it means, then what it writes, one paragraph.
    let writes = format!("Writes `{}`{extra}.", doc_text(&m.leaf.syntax()));
    let mut lines = vec![match &m.leaf.meaning {
        Some(meaning) => {
            let meaning = doc_text(meaning.trim());
            let end = if meaning.ends_with('.') { "" } else { "." };
            format!("{meaning}{end} {writes}")
        }
        None => writes,
    }];
    if let Some(since) = &m.leaf.since {
        lines.push(String::new());
        let text = availability(since, &m.leaf.since_in, m.leaf.only.as_deref());
        lines.push(format!("{}{}.", text[..1].to_ascii_uppercase(), &text[1..]));
    } else if let Some(only) = &m.leaf.only {
        lines.push(String::new());
        lines.push(format!("On {only} only."));
    }
    if let Some(new) = &m.alias_of {
        lines.push(String::new());
        lines.push(format!(
            "An older name, kept: the same bytes as before; use `{new}` (or its \
             siblings) instead."
        ));
    }
    let mut out = doc_lines(&lines);
    if let Some(new) = &m.alias_of {
        // One name per argument in the docs: the old one still compiles, with a warning
        // that names the new one, and is not listed.
        let note = format!("renamed: use `{new}` (or its siblings)");
        return quote!(#out #[doc(hidden)] #[deprecated(note = #note)]);
    }
    if let Some(d) = &m.leaf.deprecated_since {
        let note = format!("deprecated since {}", super::doc::dated(d));
        let version = d.rsplit(' ').next().unwrap_or_default();
        out = quote!(#out #[deprecated(since = #version, note = #note)]);
    }
    out
}

/// A required argument's method (and its `_iter` twin), in an impl of `from` whose
/// parameters in `fixed` have those stages.
pub(super) fn advance_method(
    m: &Method,
    plan: &Plan,
    from: &State,
    target: &State,
    iter: Option<&[Write]>,
    fixed: &[(usize, Stage)],
) -> TokenStream {
    let Effect::Advance {
        record,
        count_mark,
        counted,
        enters,
        ..
    } = &m.effect
    else {
        return quote!();
    };
    let name = naming::ident(&m.leaf.name);
    // The target's parameters: this state's carried over, the new segment's unset (but
    // the branch this method chooses, whose options follow).
    let target_ty = state_ty(plan, target, |k| match enters {
        Some((j, to)) if *j == k => Some(*to),
        _ => match fixed.iter().find(|(j, _)| *j == k) {
            Some((_, stage)) => Some(*stage),
            None => (!from.slots.contains(&k)).then_some(Stage::Unset),
        },
    });
    let params = param_idents(&m.leaf);
    let tys2: Vec<TokenStream> = m.leaf.params.iter().map(param_ty).collect();
    let tys = tys2.iter();
    let (begin, end) = match record {
        Some(order) => {
            let order = Literal::u16_unsuffixed(*order);
            (
                quote!(let mark = c.begin_piece();),
                quote!(c.end_piece(#order, mark);),
            )
        }
        None => (quote!(), quote!()),
    };
    let mark_count = count_mark
        .as_ref()
        .map(|(order, prefix)| count_at(*order, prefix))
        .unwrap_or_default();
    let require = leaf_require(&m.leaf);
    let body = write_stmts(&m.leaf, &m.leaf.writes, &params, *counted);
    let out = construct(target, quote!(c));
    let doc = method_doc(m, "");
    let single = quote! {
        #doc
        #[inline]
        pub fn #name(self, #(#params: #tys),*) -> #target_ty {
            let mut c = self.0;
            #begin
            #require
            #body
            #end
            #mark_count
            #out
        }
    };
    let alias = keyword_alias(&name, &params, &tys2, &target_ty, &quote!());
    let single = quote! {
        #single
        #alias
    };
    let Some(repeat) = iter else {
        return single;
    };
    let iter_name = naming::ident(&format!("{}_iter", m.leaf.name));
    let (item_ty, pattern) = item_shape(&m.leaf, &params);
    let first = write_stmts(&m.leaf, &m.leaf.writes, &params, *counted);
    let rest = write_stmts(&m.leaf, repeat, &params, *counted);
    let doc = method_doc(
        m,
        " once per item (the iterator must yield at least one item, as Redis requires: \
         a command given none is refused, not sent)",
    );
    let empty = format!("{iter_name} was given no item, and the command needs at least one");
    quote! {
        #single
        #doc
        pub fn #iter_name(self, items: impl IntoIterator<Item = #item_ty>) -> #target_ty {
            let mut c = self.0;
            #begin
            let mut items = items.into_iter();
            if let Some(#pattern) = items.next() {
                #require
                #first
            } else {
                c.refuse_empty(#empty);
            }
            for #pattern in items {
                #rest
            }
            #end
            #mark_count
            #out
        }
    }
}

/// For a method named after a Rust keyword (`r#match`, `r#type`), the same method under
/// the keyword with a trailing `_` (`match_`, `type_`), so that no caller needs the raw
/// identifier.
fn keyword_alias(
    name: &syn::Ident,
    params: &[syn::Ident],
    tys: &[TokenStream],
    ret: &TokenStream,
    guard: &TokenStream,
) -> Option<TokenStream> {
    let text = name.to_string();
    let keyword = text.strip_prefix("r#")?;
    let alias = quote::format_ident!("{keyword}_");
    let doc = format!(" Same as `{text}`, named without the raw identifier.");
    Some(quote! {
        #[doc = #doc]
        #[inline]
        pub fn #alias(self, #(#params: #tys),*) -> #ret #guard {
            self.#name(#(#params),*)
        }
    })
}

/// The methods of an optional piece, in a state where the `oneof` parameter `branch` (of
/// a piece that is an option of one of its branches) is about to be chosen, and the
/// parameters in `unset` must be unset (the other members of an exactly-one group).
pub(super) fn piece_methods(
    plan: &Plan,
    s: &State,
    m: &Method,
    branch: Option<usize>,
    unset: &[(usize, Stage)],
    guarded: Option<usize>,
) -> Vec<TokenStream> {
    let Effect::Piece {
        order,
        slot,
        enters,
        token_once,
        iter,
        conditional,
        counted,
        choice,
        ..
    } = &m.effect
    else {
        return Vec::new();
    };
    let name = naming::ident(&m.leaf.name);
    let params = param_idents(&m.leaf);
    let tys: Vec<TokenStream> = m.leaf.params.iter().map(param_ty).collect();
    let order = Literal::u16_unsuffixed(*order);
    let once = token_once.as_ref().map_or_else(
        || quote!(),
        |t| quote!(if !c.has_piece(#order) { c.push(#t); }),
    );
    let require = leaf_require(&m.leaf);
    let body = write_stmts(&m.leaf, &m.leaf.writes, &params, *counted);
    // A method that gives a once-only option and changes nothing else returns
    // `Given<Self, i>`; the others name the state they return.
    let only_once = match slot {
        Some((j, Stage::Unset, Stage::Set)) => plan.once_position(*j),
        _ => None,
    }
    .filter(|_| enters.is_none() && unset.is_empty())
    .filter(|_| !choice.is_some_and(|(j, _)| branch == Some(j)));
    let ret = state_ty(plan, s, |k| match (slot, enters, choice) {
        (Some((j, _, to)), _, _) if *j == k => Some(*to),
        (_, Some((j, to)), _) if *j == k => Some(*to),
        (_, _, Some((j, n))) if *j == k && branch == Some(k) => Some(Stage::Chose(*n)),
        _ => unset.iter().find(|(j, _)| *j == k).map(|(_, stage)| *stage),
    });
    let ret = match only_once {
        Some(i) => {
            let i = Literal::usize_unsuffixed(i);
            quote!(Given<Self, #i>)
        }
        // A method that changes no parameter (a repeatable option) returns `Self`.
        None if ret.to_string() == state_ty(plan, s, |_| None).to_string() => quote!(Self),
        None => ret,
    };
    let out = construct(s, quote!(c));
    let extra = match slot {
        Some((_, Stage::Unset, _)) => " (optional, at most once)",
        Some(_) => " (part of a block already entered)",
        None if token_once.is_some() || *iter => " (optional, repeatable)",
        None => " (repeatable)",
    };
    let doc = method_doc(m, extra);
    let guard = super::once::guard(plan, guarded, super::early::gate_of(m));
    let tokens_alone: Option<Vec<&String>> = m
        .leaf
        .writes
        .iter()
        .map(|w| match w {
            Write::Token(t) => Some(t),
            Write::Param(_) => None,
        })
        .collect();
    let method = match tokens_alone {
        // An option of tokens alone, with nothing else to do: one line.
        Some(words) if token_once.is_none() && !*counted && require.is_empty() => {
            let out = construct(s, quote!(self.0.token_piece(#order, &[#(#words),*])));
            quote! {
                #doc
                #[inline]
                pub fn #name(self) -> #ret #guard {
                    #out
                }
            }
        }
        _ => quote! {
            #doc
            #[inline]
            pub fn #name(self, #(#params: #tys),*) -> #ret #guard {
                let mut c = self.0;
                let mark = c.begin_piece();
                #require
                #once
                #body
                c.end_piece(#order, mark);
                #out
            }
        },
    };
    let mut out_methods = vec![method];
    out_methods.extend(keyword_alias(&name, &params, &tys, &ret, &guard));
    if *iter {
        let iter_name = naming::ident(&format!("{}_iter", m.leaf.name));
        let (item_ty, pattern) = item_shape(&m.leaf, &params);
        let doc = method_doc(m, " once per item (nothing when the iterator is empty)");
        out_methods.push(quote! {
            #doc
            pub fn #iter_name(self, items: impl IntoIterator<Item = #item_ty>) -> #ret #guard {
                let mut c = self.0;
                let mut items = items.into_iter().peekable();
                if items.peek().is_some() {
                    let mark = c.begin_piece();
                    #require
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
        // The twin gives the option through its method, or returns the state unchanged.
        let doc = method_doc(m, " when given (optional, at most once)");
        let quiet = if m.alias_of.is_some() || m.leaf.deprecated_since.is_some() {
            quote!(#[allow(deprecated)])
        } else {
            quote!()
        };
        let unchanged = construct(s, quote!(self.0));
        if params.is_empty() {
            let if_name = naming::ident(&format!("{}_if", m.leaf.name));
            out_methods.push(quote! {
                #doc
                #quiet
                pub fn #if_name(self, on: bool) -> #ret #guard {
                    if on {
                        return self.#name();
                    }
                    #unchanged
                }
            });
        } else {
            let opt_name = naming::ident(&format!("{}_opt", m.leaf.name));
            let (ty, pattern) = item_shape(&m.leaf, &params);
            out_methods.push(quote! {
                #doc
                #quiet
                pub fn #opt_name(self, value: Option<#ty>) -> #ret #guard {
                    match value {
                        Some(#pattern) => self.#name(#(#params),*),
                        None => #unchanged,
                    }
                }
            });
        }
    }
    out_methods
}
