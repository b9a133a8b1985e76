//! The two macros every generated file defines before its commands, and the rules that
//! use them: a builder's compile errors come from traits with a diagnostic of their own
//! ("`SET` takes one of `nx`, `xx`, `ifeq`, once"), and from hidden methods of options
//! given too early, which would otherwise be eight lines each, written thousands of
//! times; each is one line with the macros.

use proc_macro2::TokenStream;
use quote::quote;

/// What implements a rule's trait.
#[derive(Clone, Copy)]
pub(super) enum Satisfied {
    /// No type: a call that needs it always fails, with its message.
    Never,
    /// `Unset` alone: an option not given yet.
    ByUnset,
    /// `Set` and `Open<N>`: a block entered.
    ByEntered,
}

/// `typedis_rule!` and `typedis_early_options!` (named so that they shadow no macro of a
/// module that includes a generated file), defined at the top of each generated file (textual scope:
/// every command's module after them sees them); text, not tokens, so that they read as
/// written rather than as the pretty-printer lays out a macro's body.
pub(super) const MACROS: &str = r#"
/// A hidden trait whose diagnostic is a builder's compile error: the types that satisfy
/// the rule (if any) implement it after it, outside the macro, where an error's help
/// shows them as written.
#[allow(unused_macros)]
macro_rules! typedis_rule {
    ($name:ident: $message:literal, $label:literal $(, $note:literal)?) => {
        #[doc(hidden)]
        #[diagnostic::on_unimplemented(message = $message, label = $label $(, note = $note)?)]
        pub trait $name {}
    };
}

/// Hidden methods of options given before the required arguments they follow, each
/// bound by `$marker`, a rule no type satisfies: the call fails with its message where
/// rustc would only say "no method named". The bound is higher-ranked, which rustc
/// checks where the method is called.
#[allow(unused_macros)]
macro_rules! typedis_early_options {
    ($marker:ident; $($name:ident($($ty:ty),*);)*) => {
        $(
            #[doc(hidden)]
            pub fn $name(self, $(_: $ty),*) -> Self
            where
                for<'a> &'a Self: $marker,
            {
                self
            }
        )*
    };
}

"#;

/// A rule's trait: `name`, satisfied as `by` says, failing with `message`, `label` and
/// `note`.
pub(super) fn declare(
    name: &syn::Ident,
    by: Satisfied,
    message: &str,
    label: &str,
    note: Option<&str>,
) -> TokenStream {
    let note = note.map(|n| quote!(, #n));
    let rule = quote!(typedis_rule!(#name: #message, #label #note););
    match by {
        Satisfied::Never => rule,
        Satisfied::ByUnset => quote!(#rule impl #name for Unset {}),
        Satisfied::ByEntered => quote! {
            #rule
            impl #name for Set {}
            impl<const N: u8> #name for Open<N> {}
        },
    }
}
