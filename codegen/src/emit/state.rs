//! One type state: its struct, the impl with its required-argument methods and
//! `build()`, the impls of its optional pieces, its `Nth` impl where it holds once-only
//! options, and its `Request` impls (from [`request`](super::request)).

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::plan::{Effect, Plan, Stage, State};
use crate::reply::ReplyImpl;
use crate::spec::CommandSpec;

use super::doc::doc_lines;
use super::methods::{advance_method, piece_methods};
use super::once;
use super::params::{header, held, params_with_defaults, slot_idents, state_ty, Fixed, ONCE};
use super::request::{combinations, complete_impls, incomplete_impl};
use super::Ctx;

pub(super) fn state(
    cx: &Ctx<'_>,
    cmd: &CommandSpec,
    plan: &Plan,
    s: &State,
    replies: &[ReplyImpl],
    returns: &str,
) -> TokenStream {
    let name = format_ident!("{}", s.name);
    let slots = slot_idents(plan, s);
    // Hidden from the docs (the module's page lists every state's methods): what an
    // editor shows when it names the type.
    let what = match s.missing.first() {
        Some(next) => format!("awaiting `{next}`"),
        None => "complete: send it, or add optional arguments".to_owned(),
    };
    let mut lines = vec![format!(
        "`{}` builder, {what} (its steps: the module's docs).",
        cmd.name
    )];
    if s.build {
        lines.extend([String::new(), returns.to_owned()]);
    }
    let doc = doc_lines(&lines);
    let defaults = params_with_defaults(plan, s);
    let def = if slots.is_empty() {
        quote! {
            #doc
            #[doc(hidden)]
            #[must_use = "a command builder does nothing until it is sent"]
            pub struct #name(pub(super) Cmd);
        }
    } else {
        quote! {
            #doc
            #[doc(hidden)]
            #[must_use = "a command builder does nothing until it is sent"]
            pub struct #name<#(#defaults),*>(
                pub(super) Cmd,
                pub(super) PhantomData<(#(#slots,)*)>,
            );
        }
    };
    // Advance methods and build(): every once-only parameter must be Done (and a method
    // that chooses one of an exactly-one group needs the others unset).
    let mut advances: Vec<(Fixed, Vec<TokenStream>)> = Vec::new();
    for m in &s.methods {
        if let Effect::Advance {
            target,
            iter,
            enters,
            ..
        } = &m.effect
        {
            let fixed = forbidden(plan, s, enters.map(|e| e.0));
            let method = advance_method(m, plan, s, &plan.states[*target], iter.as_deref(), &fixed);
            match advances.iter_mut().find(|(f, _)| *f == fixed) {
                Some((_, ms)) => ms.push(method),
                None => advances.push((fixed, vec![method])),
            }
        }
    }
    let mut done_impls: Vec<TokenStream> = advances
        .into_iter()
        .map(|(fixed, methods)| {
            let (generics, self_ty) = header(plan, s, &fixed, quote!(Done));
            quote!(impl #generics #self_ty { #(#methods)* })
        })
        .collect();
    if s.build {
        for fixed in combinations(cmd, plan, s) {
            let (generics, self_ty) = header(plan, s, &fixed, quote!(Done));
            done_impls.push(quote! {
                impl #generics #self_ty {
                    /// Finishes the command, as a value that has forgotten its reply type
                    /// (a complete builder can be sent as it is).
                    #[inline]
                    pub fn build(self) -> Command {
                        self.0.build()
                    }
                }
            });
        }
    }
    // Pieces grouped by (slot transition, gate, entered slot, branch, parameters that
    // must be unset): one impl block each, in first-use order; an option of a branch
    // once where its `oneof` is unset and once where that branch was chosen.
    let mut groups: Vec<PieceGroup> = Vec::new();
    for m in &s.methods {
        if let Effect::Piece {
            slot,
            gate,
            enters,
            choice,
            ..
        } = &m.effect
        {
            let arms = match choice {
                Some((j, n)) => vec![Some((*j, Stage::Unset)), Some((*j, Stage::Chose(*n)))],
                None => vec![None],
            };
            let sets = slot
                .filter(|(_, from, _)| *from == Stage::Unset)
                .map(|(j, _, _)| j)
                .or(enters.map(|(j, _)| j));
            let forbid = forbidden(plan, s, sets);
            let guarded = once::guarded_slot(m);
            for arm in arms {
                let methods = piece_methods(plan, s, m, arm.map(|(j, _)| j), &forbid, guarded);
                let key = (*slot, *gate, *enters, arm, forbid.clone());
                match groups.iter_mut().find(|g| g.0 == key) {
                    Some(g) => g.1.extend(methods),
                    None => groups.push((key, methods)),
                }
            }
        }
    }
    // Groups whose impls read the same (the once-only options' all do) share one.
    let mut piece_impls: Vec<(String, TokenStream, Vec<TokenStream>)> = Vec::new();
    for ((slot, _gate, enters, arm, forbid), methods) in groups {
        let header = {
            let mut generics = Vec::new();
            let mut fixed = Vec::new();
            for &k in s.slots.iter().filter(|k| !plan.once.contains(k)) {
                let id = format_ident!("{}", plan.slots[k].name);
                match (slot, enters, arm) {
                    // A once-only slot stays generic: its methods' `where` clause keeps
                    // it unset (see `once`).
                    (Some((j, Stage::Unset, _)), e, a)
                        if j == k && e.map(|e| e.0) != Some(j) && a.map(|a| a.0) != Some(j) =>
                    {
                        generics.push(quote!(#id))
                    }
                    (Some((j, from, _)), _, _) if j == k => fixed.push((k, from)),
                    (_, Some((j, _)), _) if j == k => fixed.push((k, Stage::Unset)),
                    (_, _, Some((j, from))) if j == k => fixed.push((k, from)),
                    _ if forbid.iter().any(|(j, _)| *j == k) => fixed.push((k, Stage::Unset)),
                    _ => generics.push(quote!(#id)),
                }
            }
            if held(plan, s) {
                let once = format_ident!("{ONCE}");
                generics.push(quote!(#once));
            }
            let generics = if generics.is_empty() {
                quote!()
            } else {
                quote!(<#(#generics),*>)
            };
            let self_ty = state_ty(plan, s, |k| {
                fixed.iter().find(|(j, _)| *j == k).map(|(_, t)| *t)
            });
            quote!(impl #generics #self_ty)
        };
        let key = header.to_string();
        match piece_impls.iter_mut().find(|(k, ..)| *k == key) {
            Some((.., ms)) => ms.extend(methods),
            None => piece_impls.push((key, header, methods)),
        }
    }
    let piece_impls = piece_impls
        .into_iter()
        .map(|(_, header, methods)| quote!(#header { #(#methods)* }));
    let nth = nth_impl(plan, s);
    let request = if s.build {
        complete_impls(cx, cmd, plan, s, replies)
    } else {
        let early = super::early::early_options(cmd, plan, s);
        let incomplete = incomplete_impl(cx, cmd, plan, s);
        quote!(#incomplete #early)
    };
    quote! {
        #def
        #nth
        #(#done_impls)*
        #(#piece_impls)*
        #request
    }
}

/// `Nth<I>` for a state holding once-only options: its `TOnce`'s, so that a method giving
/// one returns `Given<Self, I>`.
fn nth_impl(plan: &Plan, s: &State) -> TokenStream {
    if !held(plan, s) {
        return quote!();
    }
    let name = format_ident!("{}", s.name);
    let once = format_ident!("{ONCE}");
    let own: Vec<syn::Ident> = slot_idents(plan, s)
        .into_iter()
        .filter(|id| *id != ONCE)
        .collect();
    quote! {
        #[doc(hidden)]
        impl<#(#own,)* #once: Nth<I>, const I: usize> Nth<I> for #name<#(#own,)* #once> {
            type Is = <#once as Nth<I>>::Is;
            type Given = #name<#(#own,)* Given<#once, I>>;
        }
    }
}

/// The exactly-one groups of `s` (the members it has): a method setting `set` needs the
/// other members of its group unset.
fn forbidden(plan: &Plan, s: &State, set: Option<usize>) -> Vec<(usize, Stage)> {
    let Some(set) = set else {
        return Vec::new();
    };
    let mut out: Vec<(usize, Stage)> = plan
        .exactly_one
        .iter()
        .filter(|g| g.contains(&set))
        .flatten()
        .filter(|&&k| k != set && s.slots.contains(&k))
        .map(|&k| (k, Stage::Unset))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Piece methods sharing one impl block: ((slot transition, gate, entered slot, branch
/// parameter and its stage), methods).
type PieceGroup = (
    (
        Option<(usize, Stage, Stage)>,
        Option<usize>,
        Option<(usize, Stage)>,
        Option<(usize, Stage)>,
        Vec<(usize, Stage)>,
    ),
    Vec<TokenStream>,
);
