//! One type state: its struct, the impl with its required-argument methods and
//! `build()`, one impl per kind of optional piece, and its `Request` impls (the reply of
//! a complete state; the message of an incomplete one).
//!
//! Over 500 lines: one type state's struct and impls are emitted together; not yet split.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use crate::plan::{Effect, Plan, Stage, State};
use crate::reply::{ReplyImpl, Ty};
use crate::spec::CommandSpec;

use super::doc::{availability, bare, doc_lines};
use super::methods::{advance_method, piece_methods};
use super::once;
use super::Ctx;

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
const ONCE: &str = "TOnce";

/// The parameters of `state` held in `TOnce`.
fn held(plan: &Plan, state: &State) -> bool {
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
fn params_with_defaults(plan: &Plan, state: &State) -> Vec<TokenStream> {
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
    let what = if s.build {
        "complete: send it, or add optional arguments".to_owned()
    } else {
        format!(
            "awaiting `{}`",
            s.name.strip_prefix("Need").unwrap_or(&s.name)
        )
    };
    let mut lines = vec![format!("`{}` builder, {what}.", cmd.name), String::new()];
    if s.build {
        lines.extend([returns.to_owned(), String::new()]);
    }
    lines.push(format!(
        "{}. Exists {}; complexity: {}.",
        bare(&cmd.summary),
        availability(&cmd.since, &cmd.since_in, cmd.only.as_deref()),
        bare(&cmd.complexity)
    ));
    let doc = doc_lines(&lines);
    let defaults = params_with_defaults(plan, s);
    let def = if slots.is_empty() {
        quote! {
            #doc
            #[must_use = "a command builder does nothing until it is sent"]
            pub struct #name(pub(super) Cmd);
        }
    } else {
        quote! {
            #doc
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

/// The ways a complete state keeps the rules on its arguments: exactly one member of
/// each exactly-one group set, a `requires` argument only with the one it needs, at most
/// one member of an at-most-one group: the stages each way fixes (one way, fixing
/// nothing, without rules). The ways are disjoint, so their impls do not overlap.
fn combinations(cmd: &CommandSpec, plan: &Plan, s: &State) -> Vec<Vec<(usize, Stage)>> {
    let mut out = vec![Vec::new()];
    for g in &plan.exactly_one {
        let members: Vec<usize> = g.iter().copied().filter(|k| s.slots.contains(k)).collect();
        if members.len() < 2 {
            continue;
        }
        let mut next = Vec::new();
        for base in &out {
            for &chosen in &members {
                let mut c = base.clone();
                c.extend(members.iter().map(|&k| {
                    (
                        k,
                        if k == chosen {
                            Stage::Set
                        } else {
                            Stage::Unset
                        },
                    )
                }));
                next.push(c);
            }
        }
        out = next;
    }
    for rule in rules(cmd, plan, s) {
        let ways: Vec<Vec<(usize, Stage)>> = match &rule {
            Rule::Requires { arg, needs, .. } => vec![
                vec![(*arg, Stage::Unset)],
                vec![(*arg, Stage::Set), (*needs, Stage::Set)],
            ],
            Rule::AtMostOne { members, .. } => std::iter::once(None)
                .chain(members.iter().map(Some))
                .map(|set| {
                    members
                        .iter()
                        .map(|k| {
                            (
                                *k,
                                if Some(k) == set {
                                    Stage::Set
                                } else {
                                    Stage::Unset
                                },
                            )
                        })
                        .collect()
                })
                .collect(),
        };
        out = out
            .iter()
            .flat_map(|base| ways.iter().filter_map(|way| fix(base, way)))
            .collect();
    }
    out
}

/// `base` with the stages of `way` added, or `None` where they contradict it.
fn fix(base: &[(usize, Stage)], way: &[(usize, Stage)]) -> Option<Vec<(usize, Stage)>> {
    let mut out = base.to_vec();
    for &(k, st) in way {
        match out.iter().find(|(j, _)| *j == k) {
            Some((_, had)) if *had != st => return None,
            Some(_) => {}
            None => out.push((k, st)),
        }
    }
    Some(out)
}

/// A rule of the overlay's on which arguments go together, as parameters of a state.
enum Rule<'a> {
    /// `arg` only with `needs` (`CommandSpec::requires`).
    Requires {
        arg: usize,
        needs: usize,
        spec: &'a crate::spec::Requires,
    },
    /// At most one of `members` (`CommandSpec::at_most_one`).
    AtMostOne { members: Vec<usize> },
}

/// The parameter recording the argument named `name` (the spec's name).
fn slot_named(plan: &Plan, name: &str) -> Option<usize> {
    plan.slots
        .iter()
        .position(|s| s.args.first().is_some_and(|a| a.0 == name))
}

/// The parameters the rules of `cmd` name (what `requires` and `at_most_one` read).
pub(super) fn ruled(cmd: &CommandSpec, plan: &Plan) -> Vec<usize> {
    let requires = cmd.requires.iter().flat_map(|r| [&r.arg, &r.needs]);
    let at_most_one = cmd.at_most_one.iter().flatten();
    requires
        .chain(at_most_one)
        .filter_map(|n| slot_named(plan, n))
        .collect()
}

/// The rules of `cmd` whose arguments are all parameters of `s`.
fn rules<'a>(cmd: &'a CommandSpec, plan: &Plan, s: &State) -> Vec<Rule<'a>> {
    let has = |k: &usize| s.slots.contains(k);
    let requires = cmd.requires.iter().filter_map(|r| {
        let arg = slot_named(plan, &r.arg).filter(has)?;
        let needs = slot_named(plan, &r.needs).filter(has)?;
        Some(Rule::Requires {
            arg,
            needs,
            spec: r,
        })
    });
    let at_most_one = cmd.at_most_one.iter().filter_map(|g| {
        let members: Vec<usize> = g
            .iter()
            .filter_map(|n| slot_named(plan, n))
            .filter(has)
            .collect();
        (members.len() > 1).then_some(Rule::AtMostOne { members })
    });
    requires.chain(at_most_one).collect()
}

/// The methods that give the parameter `k`, for messages: `` `limit` ``, `` `byscore` or
/// `bylex` ``.
fn method_of(plan: &Plan, k: usize) -> String {
    let mut names: Vec<&str> = Vec::new();
    for m in plan.states.iter().flat_map(|s| &s.methods) {
        let gives = matches!(m.effect, Effect::Piece { slot: Some((j, ..)), .. } if j == k);
        if gives && m.alias_of.is_none() && !names.contains(&m.leaf.name.as_str()) {
            names.push(&m.leaf.name);
        }
    }
    if names.is_empty() {
        return format!("`{}`", plan.slots[k].name);
    }
    let names: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    names.join(" or ")
}

/// For each rule `s` can break, the stages that break it (disjoint from each other, and
/// from every way [`combinations`] allows), with the message, label and note of the
/// marker its `Request` impl needs.
fn broken(cmd: &CommandSpec, plan: &Plan, s: &State) -> Vec<(Fixed, String, String, String)> {
    let mut out = Vec::new();
    for rule in rules(cmd, plan, s) {
        match rule {
            Rule::Requires { arg, needs, spec } => {
                let a = method_of(plan, arg);
                let n = spec.with.clone().unwrap_or_else(|| method_of(plan, needs));
                out.push((
                    vec![(arg, Stage::Set), (needs, Stage::Unset)],
                    format!("`{}` takes {a} only with {n}", cmd.name),
                    format!("this `{}` has {a} and no {n}", cmd.name),
                    spec.hint.clone(),
                ));
            }
            Rule::AtMostOne { members } => {
                let shown: Vec<String> = members.iter().map(|&k| method_of(plan, k)).collect();
                // Broken by the first two members set: the first at `i`, the second at `j`.
                for j in 1..members.len() {
                    for i in 0..j {
                        let fixed = members[..=j]
                            .iter()
                            .enumerate()
                            .map(|(l, &k)| {
                                let set = l == i || l == j;
                                (k, if set { Stage::Set } else { Stage::Unset })
                            })
                            .collect();
                        out.push((
                            fixed,
                            format!(
                                "`{}` takes at most one of {}",
                                cmd.name,
                                shown.join(" and ")
                            ),
                            format!("this `{}` has {} and {}", cmd.name, shown[i], shown[j]),
                            "the server refuses them together (a syntax error): keep one"
                                .to_owned(),
                        ));
                    }
                }
            }
        }
    }
    out
}

/// The generics and self type of an impl of `s` whose parameters in `fixed` have those
/// stages and the others are generic with `bound`.
fn header(
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
fn header_parts(
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

/// `returning::<T>()` on a complete script command (`EVAL`, `FCALL`, ...), whose reply
/// is what the script returns: the caller names its type.
fn returning(rt: &syn::Path, generics: &TokenStream, self_ty: &TokenStream) -> TokenStream {
    quote! {
        impl #generics #self_ty {
            /// Reads the reply as `T`, the type the script returns (`Value` otherwise);
            /// checked when it is read, as any reply is.
            pub fn returning<T>(self) -> #rt::Returning<Self, T>
            where
                #rt::Returning<Self, T>: #rt::Request,
            {
                #rt::Returning::new(self)
            }
        }
    }
}

/// `impl Request for Ready<..>` once per case of the reply's rules (and per way of
/// choosing one of each exactly-one group); where a group has none chosen, an impl for a
/// marker no type has, whose message names what is missing.
fn complete_impls(
    cx: &Ctx<'_>,
    cmd: &CommandSpec,
    plan: &Plan,
    s: &State,
    replies: &[ReplyImpl],
) -> TokenStream {
    let rt = cx.rt;
    let mut out = Vec::new();
    for imp in replies {
        for combo in combinations(cmd, plan, s) {
            let clash = combo
                .iter()
                .any(|(k, st)| imp.fixed.iter().any(|(j, t)| j == k && t != st));
            if clash {
                continue;
            }
            let mut fixed = imp.fixed.clone();
            fixed.extend(
                combo
                    .iter()
                    .filter(|c| !imp.fixed.iter().any(|(j, _)| *j == c.0)),
            );
            let (generics, self_ty) = header(plan, s, &fixed, quote!(Done));
            let ty = imp.ty.tokens(&cx.paths);
            out.push(quote! {
                impl #generics #rt::Request for #self_ty {
                    type Reply = #ty;
                    #[inline]
                    fn into_command(self) -> Command {
                        self.0.build()
                    }
                }
            });
            if imp.ty == Ty::Value && cmd.group == "scripting" {
                out.push(returning(rt, &generics, &self_ty));
            }
        }
    }
    for (g, names) in plan.exactly_one.iter().zip(&cmd.exactly_one) {
        let members: Vec<usize> = g.iter().copied().filter(|k| s.slots.contains(k)).collect();
        if members.len() < 2 {
            continue;
        }
        let marker = format_ident!(
            "Incomplete{}Needs{}",
            s.name,
            crate::naming::camel(&names.join("_or_"))
        );
        let shown: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
        let message = format!(
            "`{}` needs one of {} before it can be sent",
            cmd.name,
            shown.join(" or ")
        );
        let label = format!("this `{}` has none of {}", cmd.name, shown.join(", "));
        let fixed: Vec<(usize, Stage)> = members.iter().map(|&k| (k, Stage::Unset)).collect();
        let (generics, self_ty) = header_parts(plan, s, &fixed, quote!(Done));
        let generics = quote!(<M: #marker, #(#generics),*>);
        let doc = format!(
            " Implemented by no type: `{}` has none of its choices.",
            s.name
        );
        out.push(quote! {
            #[doc = #doc]
            #[doc(hidden)]
            #[diagnostic::on_unimplemented(message = #message, label = #label)]
            pub trait #marker {}

            #[doc(hidden)]
            impl #generics #rt::Request<M> for #self_ty {
                type Reply = ();
                fn into_command(self) -> Command {
                    self.0.build()
                }
            }
        });
    }
    for (n, (fixed, message, label, note)) in broken(cmd, plan, s).into_iter().enumerate() {
        let marker = format_ident!("Refused{}{}", s.name, n + 1);
        let (generics, self_ty) = header_parts(plan, s, &fixed, quote!(Done));
        let generics = quote!(<M: #marker, #(#generics),*>);
        let doc = format!(
            " Implemented by no type: `{}` with arguments the server refuses together.",
            s.name
        );
        out.push(quote! {
            #[doc = #doc]
            #[doc(hidden)]
            #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
            pub trait #marker {}

            #[doc(hidden)]
            impl #generics #rt::Request<M> for #self_ty {
                type Reply = ();
                fn into_command(self) -> Command {
                    self.0.build()
                }
            }
        });
    }
    quote!(#(#out)*)
}

/// An incomplete state implements `Request` only for a marker no type has, so that
/// sending it fails with a message that names what it lacks.
fn incomplete_impl(cx: &Ctx<'_>, cmd: &CommandSpec, plan: &Plan, s: &State) -> TokenStream {
    let rt = cx.rt;
    let marker = format_ident!("Incomplete{}", s.name);
    let missing: Vec<String> = s.missing.iter().map(|m| format!("`{m}`")).collect();
    let list = match missing.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    };
    let calls = next_calls(s);
    let first = s
        .missing
        .first()
        .map(|m| format!("`{}`", crate::naming::method(m, "arg")));
    let named = |c: &String| first.as_ref() == Some(c);
    let call = match calls.as_slice() {
        [] => String::new(),
        [one] if named(one) => String::new(),
        many => format!(": call {}", one_of(many)),
    };
    let message = format!("`{}` needs {list} before it can be sent{call}", cmd.name);
    let label = format!(
        "this `{}` has no {} yet",
        cmd.name,
        missing.first().cloned().unwrap_or_default()
    );
    let next = calls
        .first()
        .map(|c| c.trim_matches('`').to_owned())
        .or_else(|| s.missing.first().map(|m| crate::naming::method(m, "arg")))
        .unwrap_or_default();
    let note = format!(
        "add the missing arguments in order, starting with `{next}` (see the methods of `{}::{}`)",
        crate::naming::snake(&cmd.name).unwrap_or_default(),
        s.name
    );
    let self_ty = state_ty(plan, s, |_| None);
    let slots = slot_idents(plan, s);
    let doc = format!(" Implemented by no type: `{}` is not complete.", s.name);
    quote! {
        #[doc = #doc]
        #[doc(hidden)]
        #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
        pub trait #marker {}

        #[doc(hidden)]
        impl<M: #marker, #(#slots),*> #rt::Request<M> for #self_ty {
            type Reply = ();
            fn into_command(self) -> Command {
                self.0.build()
            }
        }
    }
}

/// The methods of `s` that give its next required argument, quoted, as the caller will
/// look for them (no deprecated alias).
pub(super) fn next_calls(s: &State) -> Vec<String> {
    let mut calls: Vec<String> = Vec::new();
    for m in &s.methods {
        if matches!(m.effect, Effect::Advance { .. }) && m.alias_of.is_none() {
            let call = format!("`{}`", m.leaf.name);
            if !calls.contains(&call) {
                calls.push(call);
            }
        }
    }
    calls
}

/// "`a`, `b` or `c`" (the first five and how many there are, past six).
pub(super) fn one_of(calls: &[String]) -> String {
    match calls {
        [] => String::new(),
        [one] => one.clone(),
        many if many.len() > 6 => format!(
            "{} or another of its {} methods",
            many[..5].join(", "),
            many.len()
        ),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// Parameters fixed to a stage in an impl block.
type Fixed = Vec<(usize, Stage)>;

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
