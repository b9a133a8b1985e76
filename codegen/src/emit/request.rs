//! The `Request` impls of a state: a complete state's reply, once per case of its reply's
//! rules and per way of keeping the rules between its arguments (exactly one, at most
//! one, requires); the marker impls whose messages name what an incomplete state lacks or
//! which arguments the server refuses together.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::plan::{Effect, Plan, Stage, State};
use crate::reply::{ReplyImpl, Ty};
use crate::spec::CommandSpec;

use super::params::{header, header_parts, slot_idents, state_ty, Fixed};
use super::rule::Satisfied;
use super::Ctx;

/// The ways a complete state keeps the rules on its arguments: exactly one member of
/// each exactly-one group set, a `requires` argument only with the one it needs, at most
/// one member of an at-most-one group: the stages each way fixes (one way, fixing
/// nothing, without rules). The ways are disjoint, so their impls do not overlap.
pub(super) fn combinations(cmd: &CommandSpec, plan: &Plan, s: &State) -> Vec<Vec<(usize, Stage)>> {
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
pub(super) fn complete_impls(
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
        let rule = super::rule::declare(&marker, Satisfied::Never, &message, &label, None);
        out.push(quote! {
            #rule

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
        let rule = super::rule::declare(&marker, Satisfied::Never, &message, &label, Some(&note));
        out.push(quote! {
            #rule

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
pub(super) fn incomplete_impl(
    cx: &Ctx<'_>,
    cmd: &CommandSpec,
    plan: &Plan,
    s: &State,
) -> TokenStream {
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
        "add the missing arguments in order, starting with `{next}` (the docs of `b().{}()` link to its steps)",
        entry_name(cmd),
    );
    let self_ty = state_ty(plan, s, |_| None);
    let slots = slot_idents(plan, s);
    let rule = super::rule::declare(&marker, Satisfied::Never, &message, &label, Some(&note));
    quote! {
        #rule

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

/// The entry method's name as a caller writes it (`move_` for `MOVE`, whose raw
/// identifier `r#move` also works).
pub(super) fn entry_name(cmd: &CommandSpec) -> String {
    crate::naming::callable(&crate::naming::snake(&cmd.name).unwrap_or_default())
}
