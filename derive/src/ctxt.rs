//! Collects every error found in one derive input so they are all reported at once.

use std::cell::RefCell;
use std::fmt::Display;

use proc_macro2::TokenStream;
use quote::ToTokens;

/// Error sink threaded through attribute parsing and validation.
#[derive(Default)]
pub struct Ctxt {
    errors: RefCell<Vec<syn::Error>>,
}

impl Ctxt {
    /// Records an error spanned on `tokens` (the whole span of the tokens, not just the first).
    pub fn error_spanned_by(&self, tokens: impl ToTokens, msg: impl Display) {
        self.errors
            .borrow_mut()
            .push(syn::Error::new_spanned(tokens.into_token_stream(), msg));
    }

    /// Records an error already built by syn (for example a parse error of an attribute).
    pub fn syn_error(&self, err: syn::Error) {
        self.errors.borrow_mut().push(err);
    }

    /// All errors combined into one `compile_error!` stream, or `None` when there were none.
    pub fn into_compile_errors(self) -> Option<TokenStream> {
        let errors = self.errors.into_inner();
        if errors.is_empty() {
            return None;
        }
        Some(errors.iter().map(syn::Error::to_compile_error).collect())
    }
}
