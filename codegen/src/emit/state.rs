//! One type state: its struct, the impl with its required-argument methods and
//! `build()`, and one impl per kind of optional piece.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use crate::plan::{Effect, Plan, Stage, State};
use crate::spec::CommandSpec;

use super::doc::{bare, doc_lines, doc_text};
use super::methods::{advance_method, piece_methods};

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

pub(super) fn slot_idents(state: &State) -> Vec<syn::Ident> {
    state.slots.iter().map(|s| format_ident!("{}", s)).collect()
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

pub(super) fn state(cmd: &CommandSpec, plan: &Plan, s: &State) -> TokenStream {
    let name = format_ident!("{}", s.name);
    let slots = slot_idents(s);
    let what = if s.build {
        "complete: `build()` it or add optional arguments".to_owned()
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
            #[must_use = "a command builder does nothing until built and sent"]
            pub struct #name(Cmd);
        }
    } else {
        quote! {
            #doc
            #[must_use = "a command builder does nothing until built and sent"]
            pub struct #name<#(#slots = Unset),*>(Cmd, PhantomData<(#(#slots,)*)>);
        }
    };
    // Advance methods and build(): every once-only parameter must be Done.
    let advance: Vec<TokenStream> = s
        .methods
        .iter()
        .filter_map(|m| match &m.effect {
            Effect::Advance { target, iter } => {
                Some(advance_method(m, &plan.states[*target], iter.as_deref()))
            }
            Effect::Piece { .. } => None,
        })
        .collect();
    let build = if s.build {
        quote! {
            /// Finishes the command.
            #[inline]
            pub fn build(self) -> Command {
                self.0.build()
            }
        }
    } else {
        quote!()
    };
    let done_impl = if advance.is_empty() && !s.build {
        quote!()
    } else if slots.is_empty() {
        quote!(impl #name { #(#advance)* #build })
    } else {
        quote!(impl<#(#slots: Done),*> #name<#(#slots),*> { #(#advance)* #build })
    };
    // Pieces grouped by (slot transition, gate, entered slot): one impl block each, in
    // first-use order.
    let mut groups: Vec<PieceGroup> = Vec::new();
    for m in &s.methods {
        if let Effect::Piece {
            slot, gate, enters, ..
        } = &m.effect
        {
            let methods = piece_methods(s, m);
            let key = (*slot, *gate, *enters);
            match groups.iter_mut().find(|g| g.0 == key) {
                Some(g) => g.1.extend(methods),
                None => groups.push((key, methods)),
            }
        }
    }
    let piece_impls = groups.into_iter().map(|((slot, gate, enters), methods)| {
        let mut generics = Vec::new();
        let mut self_args = Vec::new();
        for (k, id) in slots.iter().enumerate() {
            match (slot, enters) {
                (Some((j, from, _)), _) if j == k => self_args.push(stage_ty(from)),
                (_, Some((j, _))) if j == k => self_args.push(stage_ty(Stage::Unset)),
                _ => {
                    if gate == Some(k) {
                        generics.push(quote!(#id: Entered));
                    } else {
                        generics.push(quote!(#id));
                    }
                    self_args.push(quote!(#id));
                }
            }
        }
        let generics = if generics.is_empty() {
            quote!()
        } else {
            quote!(<#(#generics),*>)
        };
        let self_ty = if slots.is_empty() {
            quote!(#name)
        } else {
            quote!(#name<#(#self_args),*>)
        };
        quote!(impl #generics #self_ty { #(#methods)* })
    });
    quote! {
        #def
        #done_impl
        #(#piece_impls)*
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
