//! A command's entry method on `Builders` and the module of its builder states.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::naming;
use crate::plan::Plan;
use crate::reply::{self, CommandReply};
use crate::spec::CommandSpec;
use crate::Error;

use super::doc::dated;
use super::doc::{availability, bare, doc_lines, doc_text};
use super::flags::{flags_expr, policy_expr};
use super::state::state;
use super::Ctx;

/// What the command returns, for its rustdoc: the type, what options change it, and the
/// schema's words.
fn returns(reply: &CommandReply) -> String {
    let mut line = format!("Returns `{}`", reply.default.text());
    for (given, ty) in &reply.rules {
        let given: Vec<String> = given
            .iter()
            .map(|g| format!("`{}`", g.replace('+', "` and `")))
            .collect();
        line.push_str(&format!("; with {}: `{}`", given.join(" or "), ty.text()));
    }
    line.push('.');
    if !reply.doc.is_empty() {
        line.push(' ');
        line.push_str(&doc_text(reply.doc.trim()));
        if !line.ends_with('.') {
            line.push('.');
        }
    }
    line
}

pub(super) fn command(
    cx: &Ctx<'_>,
    cmd: &CommandSpec,
    snake: &str,
    plan: &Plan,
    reply: &CommandReply,
) -> Result<(TokenStream, TokenStream), Error> {
    let rt = cx.rt;
    let fn_ident = naming::ident(snake);
    let start_ty = format_ident!("{}", plan.states[0].name);
    let mut doc = vec![
        format!("`{}`: {}.", cmd.name, bare(&cmd.summary)),
        String::new(),
    ];
    if let Some((_, why)) = cx.refused.iter().find(|(n, _)| *n == cmd.name) {
        doc.push(format!(
            "**Refused by the client** on its shared connections (`Error::InvalidUse`, \
             nothing sent): {}.",
            doc_text(why)
        ));
        doc.push(String::new());
    }
    // What it returns comes first, before when it exists and what it costs.
    let returns = returns(reply);
    doc.extend([returns.clone(), String::new()]);
    // Its cost and its steps are on its module's page, which the last line links to.
    let page = match fn_ident.to_string().strip_prefix("r#") {
        // Rustdoc links take no raw identifier.
        Some(keyword) => format!("the module `{keyword}`"),
        None => format!("[`{snake}`](mod@{fn_ident})"),
    };
    doc.push(format!(
        "Exists {}. Its steps, options and complexity: {page}.",
        availability(&cmd.since, &cmd.since_in, cmd.only.as_deref()),
    ));
    let mut deprecation = None;
    let deprecated = if cmd.is_deprecated() {
        let since = cmd.deprecated_since.clone().unwrap_or_default();
        let note = match &cmd.replaced_by {
            Some(r) => format!(
                "deprecated since {}: use {}",
                dated(&since),
                strip_markup(r)
            ),
            None => format!("deprecated since {}", dated(&since)),
        };
        doc.push(String::new());
        doc.push(format!("Deprecated: {}.", doc_text(&note)));
        deprecation = Some(note.clone());
        // The attribute takes the version alone ("2.0.0"); the note names its product.
        let version = since.rsplit(' ').next().unwrap_or_default();
        quote!(#[deprecated(since = #version, note = #note)])
    } else {
        quote!()
    };
    let entry_doc = doc_lines(&doc);
    // A command named after a Rust keyword (`MOVE`) also gets the keyword with a trailing
    // `_` (`move_`), as arguments do.
    let alias = fn_ident.to_string().strip_prefix("r#").map(|keyword| {
        let alias = quote::format_ident!("{keyword}_");
        let alias_doc = format!(" Same as `{fn_ident}`, named without the raw identifier.");
        quote! {
            #[doc = #alias_doc]
            #deprecated
            #[inline]
            pub fn #alias(self) -> #fn_ident::#start_ty {
                self.#fn_ident()
            }
        }
    });
    // The entry method makes the first state itself (its fields are the parent module's
    // to see): no `start()` function per command to type-check and compile.
    let name = &cmd.name;
    let words: Vec<&str> = cmd.name.split(' ').collect();
    let argc = proc_macro2::Literal::usize_unsuffixed(words.len());
    // The words as the command sends them: one copy of a constant when it starts.
    let encoded: String = words
        .iter()
        .map(|w| format!("${}\r\n{w}\r\n", w.len()))
        .collect();
    let flags = flags_expr(cmd, rt);
    let policy = policy_expr(cmd, rt);
    let new = quote!(prelude::Cmd::new_encoded(#name, #encoded, #argc, #flags, #policy));
    let require = super::requirement::require(
        &quote!(prelude::),
        "",
        Some(cmd.since.as_str()),
        &cmd.since_in,
        cmd.only.as_deref(),
    );
    let begin = match &plan.count {
        Some(count) if count.after.is_none() => {
            let mark = super::writes::count_at(count.order, &count.prefix);
            quote!(let mut c = #new; #require #mark)
        }
        _ if !require.is_empty() => quote!(let mut c = #new; #require),
        _ => quote!(let c = #new;),
    };
    let start = if plan.states[0].slots.is_empty() {
        quote!(#fn_ident::#start_ty(c))
    } else {
        quote!(#fn_ident::#start_ty(c, ::core::marker::PhantomData))
    };
    let entry = quote! {
        #entry_doc
        #deprecated
        #[inline]
        pub fn #fn_ident(self) -> #fn_ident::#start_ty {
            #begin
            #start
        }
        #alias
    };
    let mut impls = Vec::new();
    for s in &plan.states {
        impls.push(if s.build {
            reply::impls(cmd, reply, plan, s)?
        } else {
            Vec::new()
        });
    }
    // What the reply and the rules read keeps a parameter of its own; the other
    // once-only options share one.
    let mut keep: Vec<usize> = impls
        .iter()
        .flatten()
        .flat_map(|i| i.fixed.iter().map(|f| f.0))
        .collect();
    keep.extend(super::request::ruled(cmd, plan));
    let mut plan = plan.clone();
    plan.hold_once(&keep);
    let plan = &plan;
    // A script's complete builder also takes `returning::<T>()` (`request::returning`).
    let scripted =
        cmd.group == "scripting" && impls.iter().flatten().any(|i| i.ty == reply::Ty::Value);
    let mut mod_doc = super::page::lines(cmd, plan, &returns, scripted, deprecation.as_deref());
    if cx.refused.iter().any(|(n, _)| *n == cmd.name) {
        mod_doc.push(String::new());
        mod_doc.push(
            "The client refuses it on its shared connections: see `b()`'s method.".to_owned(),
        );
    }
    let mod_doc = doc_lines(&mod_doc);
    let states: Vec<TokenStream> = plan
        .states
        .iter()
        .zip(&impls)
        .map(|(s, impls)| state(cx, cmd, plan, s, impls, &returns))
        .collect();
    let mut once = super::once::traits(cmd, plan);
    once.extend(super::early::gates(cmd, plan));
    let module = quote! {
        #mod_doc
        pub mod #fn_ident {
            use super::prelude::*;

            #(#states)*
            #(#once)*
        }
    };
    Ok((entry, module))
}

/// `R6.0.0 replaced_by` texts hold markdown like "`SET` with the `EX` argument".
fn strip_markup(s: &str) -> String {
    s.replace('`', "")
}
