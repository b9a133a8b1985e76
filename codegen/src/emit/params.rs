//! A state's type parameters and how its types are written: one parameter per argument
//! the reply or a rule reads (`Unset`, `Set`, `Open<N>`, `Chose<N>`), and `TOnce` for the
//! once-only options nothing else reads (see `Plan::hold_once`); the headers of the impls
//! that fix some of them.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use crate::plan::{Plan, Stage, State};

/// The marker type of a stage.
pub(super) fn stage_ty(s: Stage) -> TokenStream {
    match s {
        Stage::Unset => quote!(Unset),
        Stage::Set => quote!(Set),
        Stage::Open(n) => {
            let n = Literal::u8_unsuffixed(n);
            quote!(Open<#n>)
        }
        Stage::Chose(n) => {
            let n = Literal::u8_unsuffixed(n);
            quote!(Chose<#n>)
        }
    }
}

/// The name of the parameter holding the once-only options (see [`Plan::hold_once`]).
pub(super) const ONCE: &str = "TOnce";

/// Whether `state` has parameters held in `TOnce`.
pub(super) fn held(plan: &Plan, state: &State) -> bool {
    state.slots.iter().any(|k| plan.once.contains(k))
}

/// The type parameters of a state, by name: one per parameter of its own (in order), then
/// `TOnce` where it has once-only options.
pub(super) fn slot_idents(plan: &Plan, state: &State) -> Vec<syn::Ident> {
    let mut out: Vec<syn::Ident> = state
        .slots
        .iter()
        .filter(|k| !plan.once.contains(k))
        .map(|&k| format_ident!("{}", plan.slots[k].name))
        .collect();
    if held(plan, state) {
        out.push(format_ident!("{ONCE}"));
    }
    out
}

/// The type parameters of a state with their defaults: `Unset`, and `TOnce` a tuple of
/// as many `Unset` as the command has once-only options.
pub(super) fn params_with_defaults(plan: &Plan, state: &State) -> Vec<TokenStream> {
    let fresh = fresh_once(plan);
    slot_idents(plan, state)
        .into_iter()
        .map(|id| {
            if id == ONCE {
                quote!(#id = #fresh)
            } else {
                quote!(#id = Unset)
            }
        })
        .collect()
}

/// `TOnce` with no option given: `UnsetN`, N the command's once-only options.
fn fresh_once(plan: &Plan) -> TokenStream {
    let name = format_ident!("Unset{}", plan.once.len());
    quote!(#name)
}

/// `Name(c)` or `Name(c, PhantomData)`.
pub(super) fn construct(state: &State, c: TokenStream) -> TokenStream {
    let name = format_ident!("{}", state.name);
    if state.slots.is_empty() {
        quote!(#name(#c))
    } else {
        quote!(#name(#c, PhantomData))
    }
}

/// The type `state<args>`, where each parameter is at the stage `given(slot)` or its own
/// name; `TOnce` is `Given<TOnce, i>` for each of its options given `Set`, and its
/// default where all are given `Unset`.
pub(super) fn state_ty(
    plan: &Plan,
    state: &State,
    given: impl Fn(usize) -> Option<Stage>,
) -> TokenStream {
    let name = format_ident!("{}", state.name);
    let mut args: Vec<(TokenStream, bool)> = state
        .slots
        .iter()
        .filter(|k| !plan.once.contains(k))
        .map(|&k| match given(k) {
            Some(stage) => (stage_ty(stage), stage == Stage::Unset),
            None => {
                let id = format_ident!("{}", plan.slots[k].name);
                (quote!(#id), false)
            }
        })
        .collect();
    if held(plan, state) {
        let held: Vec<(usize, Option<Stage>)> = state
            .slots
            .iter()
            .filter_map(|&k| Some((plan.once_position(k)?, given(k))))
            .collect();
        if held.iter().all(|(_, g)| *g == Some(Stage::Unset)) {
            args.push((fresh_once(plan), true));
        } else {
            let once = format_ident!("{ONCE}");
            let mut ty = quote!(#once);
            for (i, g) in held {
                if g == Some(Stage::Set) {
                    let i = Literal::usize_unsuffixed(i);
                    ty = quote!(Given<#ty, #i>);
                }
            }
            args.push((ty, false));
        }
    }
    // Every parameter has its default: a state with all at their defaults reads as its
    // name.
    if args.iter().all(|(_, default)| *default) {
        return quote!(#name);
    }
    let args = args.into_iter().map(|(a, _)| a);
    quote!(#name<#(#args),*>)
}

/// The generics and self type of an impl of `s` whose parameters in `fixed` have those
/// stages and the others are generic with `bound`.
pub(super) fn header(
    plan: &Plan,
    s: &State,
    fixed: &[(usize, Stage)],
    bound: TokenStream,
) -> (TokenStream, TokenStream) {
    let (generics, self_ty) = header_parts(plan, s, fixed, bound);
    let generics = if generics.is_empty() {
        quote!()
    } else {
        quote!(<#(#generics),*>)
    };
    (generics, self_ty)
}

/// As [`header`], the generics as a list.
pub(super) fn header_parts(
    plan: &Plan,
    s: &State,
    fixed: &[(usize, Stage)],
    bound: TokenStream,
) -> (Vec<TokenStream>, TokenStream) {
    let mut generics: Vec<TokenStream> = s
        .slots
        .iter()
        .filter(|k| !fixed.iter().any(|(j, _)| j == *k) && !plan.once.contains(k))
        .map(|&k| {
            let id = format_ident!("{}", plan.slots[k].name);
            quote!(#id: #bound)
        })
        .collect();
    // Options given once or not are all done.
    if held(plan, s) {
        let once = format_ident!("{ONCE}");
        generics.push(quote!(#once));
    }
    let self_ty = state_ty(plan, s, |k| {
        fixed.iter().find(|(j, _)| *j == k).map(|(_, st)| *st)
    });
    (generics, self_ty)
}

/// Parameters fixed to a stage in an impl block.
pub(super) type Fixed = Vec<(usize, Stage)>;
