//! Options given before the required arguments they follow: a state still waiting for a
//! required argument (`vsim::NeedQuery`) has a hidden method of each option that comes
//! later, bound by a trait of the state's that no type implements, so the call fails with
//! that trait's message ("`VSIM` takes this option once its required arguments are given:
//! call `ele`, `fp32` or `values` first") where rustc would only say "no method named
//! `withscores`". The bound is higher-ranked (`for<'a> &'a Self: ...`), which rustc checks
//! where the method is called, not where it is defined.
//!
//! Options given before the block they belong to (`XPENDING`'s `idle` before `range`):
//! each such option's `where` clause asks its block's marker to implement a trait of the
//! command's that only the stages of an entered block implement, whose message names the
//! calls that open the block ("`XPENDING` takes this option after `range`: give `range`
//! first").

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::plan::{Effect, Method, Plan, Stage, State};
use crate::spec::CommandSpec;

use super::params::{slot_idents, state_ty};
use super::request::{next_calls, one_of};
use super::rule::Satisfied;
use super::writes::param_ty;

/// The trait and hidden methods of the incomplete state `s`: one per option name of the
/// command that `s` does not offer (nothing when every option is offered).
pub(super) fn early_options(cmd: &CommandSpec, plan: &Plan, s: &State) -> TokenStream {
    let offered = |name: &str| s.methods.iter().any(|m| m.leaf.name == name);
    let mut later: Vec<&Method> = Vec::new();
    for m in plan.states.iter().flat_map(|t| &t.methods) {
        let option = matches!(m.effect, Effect::Piece { .. }) && m.alias_of.is_none();
        if option && !offered(&m.leaf.name) && !later.iter().any(|l| l.leaf.name == m.leaf.name) {
            later.push(m);
        }
    }
    if later.is_empty() {
        return quote!();
    }
    let calls = next_calls(s);
    let first = if calls.is_empty() {
        "the required arguments".to_owned()
    } else {
        one_of(&calls)
    };
    let marker = format_ident!("Early{}", s.name);
    let message = format!(
        "`{}` takes this option once its required arguments are given: call {first} first",
        cmd.name
    );
    let label = "an option given before the required arguments".to_owned();
    let note = "an option may come anywhere after the required arguments it follows in \
                the command's syntax";
    let rule = super::rule::declare(&marker, Satisfied::Never, &message, &label, Some(note));
    let self_ty = state_ty(plan, s, |_| None);
    let slots = slot_idents(plan, s);
    let generics = if slots.is_empty() {
        quote!()
    } else {
        quote!(<#(#slots),*>)
    };
    let methods = later.iter().map(|m| {
        let name = crate::naming::ident(&m.leaf.name);
        let tys = m.leaf.params.iter().map(param_ty);
        quote!(#name(#(#tys),*);)
    });
    quote! {
        #rule
        impl #generics #self_ty {
            typedis_early_options! {
                #marker;
                #(#methods)*
            }
        }
    }
}

/// The trait that says the block of slot `k` was entered.
pub(super) fn given_ident(plan: &Plan, k: usize) -> syn::Ident {
    let name = &plan.slots[k].name;
    format_ident!("{}Given", name.strip_prefix('T').unwrap_or(name))
}

/// The gate of `m`: the block whose option it is, which must be entered first.
pub(super) fn gate_of(m: &Method) -> Option<usize> {
    match &m.effect {
        Effect::Piece { gate, .. } => *gate,
        Effect::Advance { .. } => None,
    }
}

/// The methods that open the block of slot `k` (older names left out).
pub(super) fn openers(plan: &Plan, k: usize) -> Vec<String> {
    let mut entries: Vec<String> = Vec::new();
    for m in plan.states.iter().flat_map(|s| &s.methods) {
        let enters = match &m.effect {
            Effect::Piece { enters, slot, .. } => {
                enters.is_some_and(|(j, _)| j == k)
                    || slot.is_some_and(|(j, from, _)| j == k && from == Stage::Unset)
            }
            Effect::Advance { .. } => false,
        };
        if enters && m.alias_of.is_none() && !entries.contains(&m.leaf.name) {
            entries.push(m.leaf.name.clone());
        }
    }
    entries
}

/// The command's traits for its blocks with options, each implemented by the stages of
/// an entered block, whose message names the methods that enter it: an option given
/// before its block (`XPENDING`'s `idle` before `range`) fails on that bound.
pub(super) fn gates(cmd: &CommandSpec, plan: &Plan) -> Vec<TokenStream> {
    let mut gated: Vec<usize> = plan
        .states
        .iter()
        .flat_map(|s| &s.methods)
        .filter_map(gate_of)
        .collect();
    gated.sort_unstable();
    gated.dedup();
    gated
        .into_iter()
        .map(|k| {
            let entries = openers(plan, k);
            let quoted: Vec<String> = entries.iter().map(|n| format!("`{n}`")).collect();
            let first = match quoted.as_slice() {
                [] => "the option it belongs to".to_owned(),
                [one] => one.clone(),
                many => format!("one of {}", many.join(", ")),
            };
            let t = given_ident(plan, k);
            let message = format!(
                "`{}` takes this option after {first}: give {first} first",
                cmd.name
            );
            let label = format!("needs {first} before it");
            let note = "the options of a block come after the call that opens it";
            super::rule::declare(&t, Satisfied::ByEntered, &message, &label, Some(note))
        })
        .collect()
}
