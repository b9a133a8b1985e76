//! One type state: its struct, the impl with its required-argument methods and
//! `build()`, one impl per kind of optional piece, and its `Request` impls (the reply of
//! a complete state; the message of an incomplete one).

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use crate::plan::{Effect, Plan, Stage, State};
use crate::reply::ReplyImpl;
use crate::spec::CommandSpec;

use super::doc::{bare, doc_lines, doc_text};
use super::methods::{advance_method, piece_methods};
use super::Ctx;

pub(super) fn stage_ty(s: Stage) -> TokenStream {
    match s {
        Stage::Unset => quote!(Unset),
        Stage::Set => quote!(Set),
        Stage::Open(n) => {
            let n = Literal::u8_unsuffixed(n);
            quote!(Open<#n>)
        }
    }
}

/// The type parameters of a state, by name.
pub(super) fn slot_idents(plan: &Plan, state: &State) -> Vec<syn::Ident> {
    state
        .slots
        .iter()
        .map(|&k| format_ident!("{}", plan.slots[k].name))
        .collect()
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

/// The type `state<args>`, where each parameter is `given(slot)` or its own name.
pub(super) fn state_ty(
    plan: &Plan,
    state: &State,
    given: impl Fn(usize) -> Option<TokenStream>,
) -> TokenStream {
    let name = format_ident!("{}", state.name);
    let args: Vec<TokenStream> = state
        .slots
        .iter()
        .map(|&k| {
            given(k).unwrap_or_else(|| {
                let id = format_ident!("{}", plan.slots[k].name);
                quote!(#id)
            })
        })
        .collect();
    // Every parameter defaults to `Unset`: a state with none given reads as its name.
    let unset = stage_ty(Stage::Unset).to_string();
    if args.iter().all(|a| a.to_string() == unset) {
        return quote!(#name);
    }
    quote!(#name<#(#args),*>)
}

pub(super) fn state(
    cx: &Ctx<'_>,
    cmd: &CommandSpec,
    plan: &Plan,
    s: &State,
    replies: &[ReplyImpl],
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
    let doc = doc_lines(&[
        format!("`{}` builder, {what}.", cmd.name),
        String::new(),
        format!(
            "{}. Since {}; complexity: {}.",
            bare(&cmd.summary),
            doc_text(&cmd.since),
            bare(&cmd.complexity)
        ),
    ]);
    let def = if slots.is_empty() {
        quote! {
            #doc
            #[must_use = "a command builder does nothing until it is sent"]
            pub struct #name(Cmd);
        }
    } else {
        quote! {
            #doc
            #[must_use = "a command builder does nothing until it is sent"]
            pub struct #name<#(#slots = Unset),*>(Cmd, PhantomData<(#(#slots,)*)>);
        }
    };
    // Advance methods and build(): every once-only parameter must be Done.
    let advance: Vec<TokenStream> = s
        .methods
        .iter()
        .filter_map(|m| match &m.effect {
            Effect::Advance { target, iter, .. } => Some(advance_method(
                m,
                plan,
                s,
                &plan.states[*target],
                iter.as_deref(),
            )),
            Effect::Piece { .. } => None,
        })
        .collect();
    let build = if s.build {
        quote! {
            /// Finishes the command, as a value that has forgotten its reply type (a
            /// complete builder can be sent as it is).
            #[inline]
            pub fn build(self) -> Command {
                self.0.build()
            }
        }
    } else {
        quote!()
    };
    let self_ty = state_ty(plan, s, |_| None);
    let done_impl = if advance.is_empty() && !s.build {
        quote!()
    } else if slots.is_empty() {
        quote!(impl #name { #(#advance)* #build })
    } else {
        quote!(impl<#(#slots: Done),*> #self_ty { #(#advance)* #build })
    };
    // Pieces grouped by (slot transition, gate, entered slot): one impl block each, in
    // first-use order.
    let mut groups: Vec<PieceGroup> = Vec::new();
    for m in &s.methods {
        if let Effect::Piece {
            slot, gate, enters, ..
        } = &m.effect
        {
            let methods = piece_methods(plan, s, m);
            let key = (*slot, *gate, *enters);
            match groups.iter_mut().find(|g| g.0 == key) {
                Some(g) => g.1.extend(methods),
                None => groups.push((key, methods)),
            }
        }
    }
    let piece_impls = groups.into_iter().map(|((slot, gate, enters), methods)| {
        let mut generics = Vec::new();
        let mut fixed = Vec::new();
        for &k in &s.slots {
            let id = format_ident!("{}", plan.slots[k].name);
            match (slot, enters) {
                (Some((j, from, _)), _) if j == k => fixed.push((k, stage_ty(from))),
                (_, Some((j, _))) if j == k => fixed.push((k, stage_ty(Stage::Unset))),
                _ if gate == Some(k) => generics.push(quote!(#id: Entered)),
                _ => generics.push(quote!(#id)),
            }
        }
        let generics = if generics.is_empty() {
            quote!()
        } else {
            quote!(<#(#generics),*>)
        };
        let self_ty = state_ty(plan, s, |k| {
            fixed.iter().find(|(j, _)| *j == k).map(|(_, t)| t.clone())
        });
        quote!(impl #generics #self_ty { #(#methods)* })
    });
    let request = if s.build {
        complete_impls(cx, plan, s, replies)
    } else {
        incomplete_impl(cx, cmd, plan, s)
    };
    quote! {
        #def
        #done_impl
        #(#piece_impls)*
        #request
    }
}

/// `impl Request for Ready<..>` once per case of the reply's rules.
fn complete_impls(cx: &Ctx<'_>, plan: &Plan, s: &State, replies: &[ReplyImpl]) -> TokenStream {
    let rt = cx.rt;
    let out = replies.iter().map(|imp| {
        let generics: Vec<TokenStream> = s
            .slots
            .iter()
            .filter(|k| !imp.fixed.iter().any(|(j, _)| j == *k))
            .map(|&k| {
                let id = format_ident!("{}", plan.slots[k].name);
                quote!(#id: Done)
            })
            .collect();
        let self_ty = state_ty(plan, s, |k| {
            imp.fixed
                .iter()
                .find(|(j, _)| *j == k)
                .map(|(_, stage)| stage_ty(*stage))
        });
        let ty = imp.ty.tokens(&cx.paths);
        let generics = if generics.is_empty() {
            quote!()
        } else {
            quote!(<#(#generics),*>)
        };
        quote! {
            impl #generics #rt::Request for #self_ty {
                type Reply = #ty;
                #[inline]
                fn into_command(self) -> Command {
                    self.0.build()
                }
            }
        }
    });
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
    let message = format!("`{}` needs {list} before it can be sent", cmd.name);
    let label = format!(
        "this `{}` has no {} yet",
        cmd.name,
        missing.first().cloned().unwrap_or_default()
    );
    let next = s
        .missing
        .first()
        .map(|m| crate::naming::method(m, "arg"))
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

        impl<M: #marker, #(#slots),*> #rt::Request<M> for #self_ty {
            type Reply = ();
            fn into_command(self) -> Command {
                self.0.build()
            }
        }
    }
}

/// Piece methods sharing one impl block: ((slot transition, gate, entered slot), methods).
type PieceGroup = (
    (
        Option<(usize, Stage, Stage)>,
        Option<usize>,
        Option<(usize, Stage)>,
    ),
    Vec<TokenStream>,
);
