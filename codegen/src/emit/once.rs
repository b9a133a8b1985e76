//! Once-only options given twice: an optional argument (or `oneof` choice) that may be
//! given once is a method whose impl leaves its marker generic and whose `where` clause
//! asks the marker to be `Unset`, through a trait of the command's that only `Unset`
//! implements. A second call then fails on that bound, with the trait's message
//! ("`SET` takes one of `nx`, `xx`, `ifeq`, once"), where a missing method would only
//! say "no method `xx`" and suggest a method of a similar name.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::plan::{Effect, Method, Plan, Stage};
use crate::spec::CommandSpec;

use super::rule::Satisfied;

/// The slot `m` sets that its impl leaves generic behind a `where` clause: a piece that
/// moves a slot from `Unset`, where the slot is not also the block it enters or the
/// `oneof` branch its impl is split by (those impls tell stages apart by that slot).
pub(super) fn guarded_slot(m: &Method) -> Option<usize> {
    match &m.effect {
        Effect::Piece {
            slot: Some((j, Stage::Unset, _)),
            enters,
            choice,
            ..
        } if enters.map(|e| e.0) != Some(*j) && choice.map(|c| c.0) != Some(*j) => Some(*j),
        _ => None,
    }
}

/// The trait that says slot `k` is not given yet.
fn trait_ident(plan: &Plan, k: usize) -> syn::Ident {
    let name = &plan.slots[k].name;
    format_ident!("{}Unset", name.strip_prefix('T').unwrap_or(name))
}

/// `where TSlot: SlotUnset` for a method that sets `k` (`TOnce: Nth<i, Is: SlotUnset>`
/// where `k` is held in `TOnce`, at `i`), and `TBlock: BlockGiven` (see
/// [`early`](super::early)) for an
/// option of the block `gate`, or nothing.
pub(super) fn guard(plan: &Plan, k: Option<usize>, gate: Option<usize>) -> TokenStream {
    let mut bounds = Vec::new();
    if let Some(k) = k {
        let t = trait_ident(plan, k);
        match plan.once_position(k) {
            Some(i) => {
                let i = proc_macro2::Literal::usize_unsuffixed(i);
                bounds.push(quote!(TOnce: Nth<#i, Is: #t>));
            }
            None => {
                let id = format_ident!("{}", plan.slots[k].name);
                bounds.push(quote!(#id: #t));
            }
        }
    }
    if let Some(g) = gate {
        let id = format_ident!("{}", plan.slots[g].name);
        let t = super::early::given_ident(plan, g);
        bounds.push(quote!(#id: #t));
    }
    if bounds.is_empty() {
        quote!()
    } else {
        quote!(where #(#bounds),*)
    }
}

/// The command's traits for its guarded slots, each implemented by `Unset` alone, whose
/// message names the methods that set the slot.
pub(super) fn traits(cmd: &CommandSpec, plan: &Plan) -> Vec<TokenStream> {
    let mut setters: Vec<(usize, Vec<String>)> = Vec::new();
    // Deprecated aliases are left out: a message names the methods to use.
    for m in plan.states.iter().flat_map(|s| &s.methods) {
        let Some(k) = guarded_slot(m).filter(|_| m.alias_of.is_none()) else {
            continue;
        };
        let name = m.leaf.name.clone();
        match setters.iter_mut().find(|(j, _)| *j == k) {
            Some((_, names)) if names.contains(&name) => {}
            Some((_, names)) => names.push(name),
            None => setters.push((k, vec![name])),
        }
    }
    setters.sort_by_key(|(k, _)| *k);
    setters
        .into_iter()
        .map(|(k, names)| {
            let t = trait_ident(plan, k);
            let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
            let (message, label, note) = match quoted.as_slice() {
                [one] => (
                    format!("`{}` takes {one} once", cmd.name),
                    format!("{one} was given already"),
                    "give it once".to_owned(),
                ),
                many => (
                    format!("`{}` takes one of {}, once", cmd.name, many.join(", ")),
                    "one of them was given already".to_owned(),
                    format!("{} are one option: keep the one you mean", many.join(", ")),
                ),
            };
            super::rule::declare(&t, Satisfied::ByUnset, &message, &label, Some(&note))
        })
        .collect()
}
