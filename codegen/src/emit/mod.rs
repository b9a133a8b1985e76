//! Rust source from plans: `quote!` for the tokens, then `syn::parse2` and
//! `prettyplease::unparse` for a readable, deterministic file that does not depend on a
//! rustfmt version.
//!
//! Files: `command` (a command's entry method and module), `state` (one type state and
//! its impl blocks), `params` (a state's type parameters and how its types are written),
//! `request` (its `Request` impls and their messages), `methods` (the methods of a
//! state) and `writes` (what they write), `once` and `early` (the messages of an option
//! given twice or too early) and `rule` (the macros their traits and stubs are written
//! with), `page` (a command's docs page: its steps and options in one table), `flags` (a
//! command's flags and policy, shared with the spec table), `requirement` (the servers
//! an argument needs) and `doc` (rustdoc text from spec text).

mod command;
mod doc;
mod early;
mod flags;
mod methods;
mod once;
mod page;
mod params;
mod request;
mod requirement;
mod rule;
mod state;
mod writes;

pub(crate) use doc::{doc_lines, doc_text};
pub(crate) use flags::{flags_expr, policy_expr};

use proc_macro2::TokenStream;
use quote::quote;

use crate::naming;
use crate::reply::{self, Paths, Report, Structs};
use crate::spec::Spec;
use crate::{Error, Options};

use command::command;

/// What the emitters of one file share: the runtime's path and where reply types live.
pub(crate) struct Ctx<'a> {
    /// The command runtime (`crate::cmd`, `::typedis::cmd`).
    pub(crate) rt: &'a syn::Path,
    /// Reply types as seen from a command's module.
    pub(crate) paths: Paths,
    /// Commands the client refuses on a shared connection, with why (`Options::refused`).
    pub(crate) refused: &'a [(String, String)],
}

/// Generates the builders of every callable command of `spec`, with the structs their
/// replies are read into (module `replies`), or without them when
/// [`Options::replies`](crate::Options::replies) says where they live
/// ([`generate_replies`] writes them then).
///
/// # Errors
///
/// [`Error::Options`] for an unusable typedis path; [`Error::Spec`] when two commands
/// meet in one Rust name; [`Error::Generate`] if the code does not parse (a generator
/// bug).
pub fn generate(spec: &Spec, options: &Options) -> Result<String, Error> {
    generate_spec(&prepared(spec, options), options)
}

/// `spec` as `options` generate it, in one pass over its arguments: every typed
/// argument's path (`search::Field`) made absolute against the typedis crate's path
/// (`crate::search::Field`, `::typedis::search::Field`), and with
/// [`Options::product`](crate::Options::product) every `since` naming the product
/// ("RedisJSON 2.6.0"), so the docs date commands and arguments by its versions.
fn prepared<'a>(spec: &'a Spec, options: &Options) -> std::borrow::Cow<'a, Spec> {
    fn has_typed(args: &[crate::spec::Arg]) -> bool {
        args.iter()
            .any(|a| a.typed.is_some() || has_typed(&a.children))
    }
    let product = options.product.as_deref();
    if product.is_none() && !spec.commands.values().any(|c| has_typed(&c.arguments)) {
        return std::borrow::Cow::Borrowed(spec);
    }
    let date = |since: &mut String| {
        if let (Some(product), false) = (product, since.is_empty()) {
            *since = format!("{product} {since}");
        }
    };
    fn walk(args: &mut [crate::spec::Arg], krate: &str, date: &dyn Fn(&mut String)) {
        for a in args {
            if let Some(path) = &mut a.typed {
                if !path.starts_with("::") && !path.starts_with("crate::") {
                    *path = format!("{krate}::{path}");
                }
            }
            for since in a.since.iter_mut().chain(a.deprecated_since.iter_mut()) {
                date(since);
            }
            walk(&mut a.children, krate, date);
        }
    }
    let mut spec = spec.clone();
    for cmd in spec.commands.values_mut() {
        date(&mut cmd.since);
        if let Some(since) = &mut cmd.deprecated_since {
            date(since);
        }
        walk(&mut cmd.arguments, &options.typedis, &date);
    }
    std::borrow::Cow::Owned(spec)
}

/// Generates the structs the replies of `spec`'s commands are read into, as a file to be
/// included in the module [`Options::replies`](crate::Options::replies) names (the
/// builders [`generate`] writes with that option name them there).
///
/// # Errors
///
/// As [`generate`].
pub fn generate_replies(spec: &Spec, options: &Options) -> Result<String, Error> {
    let spec = prepared(spec, options);
    let krate = typedis_path(options)?;
    let mut structs = Structs::default();
    for cmd in spec.commands.values().filter(|c| !c.is_container) {
        if naming::snake(&cmd.name).is_some() {
            reply::command_reply(cmd, &mut structs);
        }
    }
    let defs = structs.tokens(&krate, &options.typedis);
    let summary = format!(
        "// The structs replies are read into: {}, named by the builders as `{}::*`.\n",
        structs.len(),
        options.replies.as_deref().unwrap_or("replies")
    );
    unparse(defs, &spec, options, &summary)
}

/// The modules the generated code has beside the commands' own.
const SHARED_MODULES: &[&str] = &["prelude", "replies"];

fn generate_spec(spec: &Spec, options: &Options) -> Result<String, Error> {
    let krate = typedis_path(options)?;
    let rt: syn::Path = syn::parse_quote!(#krate::cmd);
    let structs_path: syn::Path = match &options.replies {
        Some(path) => syn::parse_str(path)
            .map_err(|e| Error::Options(format!("replies path {path:?}: {e}")))?,
        None => syn::parse_quote!(super::replies),
    };
    let cx = Ctx {
        rt: &rt,
        paths: Paths {
            reply: syn::parse_quote!(#krate::reply),
            structs: Some(structs_path),
        },
        refused: &options.refused,
    };
    let mut entries = Vec::new();
    let mut modules = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    let mut structs = Structs::default();
    let mut report = Report::default();
    for cmd in spec.commands.values() {
        if cmd.is_container {
            continue;
        }
        let Some(snake) = naming::snake(&cmd.name) else {
            continue;
        };
        if SHARED_MODULES.contains(&snake.as_str()) {
            return Err(Error::Spec(format!(
                "command {}'s Rust name {snake} is that of a module the generated code has",
                cmd.name
            )));
        }
        if !seen.insert(snake.clone()) {
            return Err(Error::Spec(format!(
                "commands {} and another one share the Rust name {snake}",
                cmd.name
            )));
        }
        let reply = reply::command_reply(cmd, &mut structs);
        report.commands += 1;
        if !reply.rules.is_empty() {
            report.switched += 1;
        }
        if reply.is_untyped() {
            report
                .untyped
                .push((cmd.name.clone(), reply.untyped.clone()));
        }
        let plan = reply::plan_for(cmd, &reply)?;
        let (entry, module) = command(&cx, cmd, &snake, &plan, &reply)?;
        entries.push(entry);
        modules.push(module);
    }
    report.structs = structs.len();
    let replies = match options.replies {
        Some(_) => quote!(),
        None => {
            let defs = structs.tokens(&krate, &options.typedis);
            quote! {
                /// The structs replies with named fields are read into.
                pub mod replies {
                    #defs
                }
            }
        }
    };
    let entry_point = match &options.extend {
        Some(path) => {
            let path: syn::Path = syn::parse_str(path)
                .map_err(|e| Error::Options(format!("extended type {path:?}: {e}")))?;
            quote! {
                impl #path {
                    #(#entries)*
                }
            }
        }
        None => quote! {
            /// The entry point of the typed builders: `b().get().key("k")`.
            #[derive(Debug, Clone, Copy, Default)]
            pub struct Builders;

            /// Starts a typed command builder: `b().set().key("k").value("v").ex(10)`.
            #[inline]
            pub fn b() -> Builders {
                Builders
            }

            impl Builders {
                #(#entries)*
            }
        },
    };
    let file = quote! {
        #entry_point

        /// The names every command's module uses (each uses some of them).
        #[allow(unused_imports)]
        mod prelude {
            pub(super) use #rt::{Cmd, Command, ToArg, IntArg, DoubleArg, Requirement};
            pub(super) use #rt::{SecondsArg, MillisArg, FractionalSecondsArg};
            pub(super) use #rt::state::*;
            pub(super) use ::core::marker::PhantomData;
        }

        #(#modules)*

        #replies
    };
    let summary = format!(
        "// Reply types: {} of {} commands fully typed, {} on `Value`; {} generated structs.\n",
        report.commands - report.untyped.len(),
        report.commands,
        report.untyped.len(),
        report.structs
    );
    unparse(file, spec, options, &(summary + rule::MACROS))
}

/// What the reply types of `spec` are: how many commands are typed, and why the others
/// are not.
pub fn reply_report(spec: &Spec) -> Report {
    let mut structs = Structs::default();
    let mut report = Report::default();
    let servers: Vec<&str> = spec
        .version
        .as_deref()
        .map(|v| v.split(" + ").collect())
        .unwrap_or_default();
    let mut per_server: Vec<(String, usize, usize)> =
        servers.iter().map(|s| ((*s).to_owned(), 0, 0)).collect();
    for cmd in spec.commands.values().filter(|c| !c.is_container) {
        if naming::snake(&cmd.name).is_none() {
            continue;
        }
        let reply = reply::command_reply(cmd, &mut structs);
        report.commands += 1;
        if !reply.rules.is_empty() {
            report.switched += 1;
        }
        for (server, commands, untyped) in &mut per_server {
            let family = server.split(' ').next().unwrap_or_default();
            let has = !cmd.missing_from.contains(server)
                && cmd.only.as_deref().is_none_or(|only| only == family);
            if has {
                *commands += 1;
                *untyped += usize::from(reply.is_untyped());
            }
        }
        if reply.is_untyped() {
            report
                .untyped
                .push((cmd.name.clone(), reply.untyped.clone()));
        }
    }
    report.structs = structs.len();
    report.per_server = per_server;
    report
}

/// The typedis path of `options` (`crate`, `::typedis`) as a path.
pub(crate) fn typedis_path(options: &Options) -> Result<syn::Path, Error> {
    syn::parse_str(&options.typedis)
        .map_err(|e| Error::Options(format!("typedis path {:?}: {e}", options.typedis)))
}

/// The command runtime of `options` (`crate::cmd`, `::typedis::cmd`) as a path.
pub(crate) fn runtime_path(options: &Options) -> Result<syn::Path, Error> {
    let krate = typedis_path(options)?;
    Ok(syn::parse_quote!(#krate::cmd))
}

/// Formats generated tokens as a file with the `@generated` first line, followed by
/// `summary` (comment lines, each ending in a newline; empty for none).
pub(crate) fn unparse(
    file: TokenStream,
    spec: &Spec,
    options: &Options,
    summary: &str,
) -> Result<String, Error> {
    let parsed: syn::File = syn::parse2(file)
        .map_err(|e| Error::Generate(format!("generated code does not parse: {e}")))?;
    let version = spec
        .version
        .clone()
        .or_else(|| options.version.clone())
        .unwrap_or_else(|| "unknown".to_owned());
    Ok(format!(
        "// @generated by typedis-codegen from {version} commands.json. Do not edit.\n{summary}{}",
        prettyplease::unparse(&parsed)
    ))
}

#[cfg(test)]
mod tests {
    use crate::{Error, Options, Spec};

    #[test]
    fn an_arguments_meaning_comes_before_what_its_method_writes() {
        let spec = Spec::from_json(
            r#"{"PING": {"arguments": [
                {"name": "loud", "type": "pure-token", "token": "LOUD", "optional": true,
                 "meaning": "Answers in capitals."},
                {"name": "unit", "type": "oneof", "optional": true,
                 "meaning": "Chooses the unit.", "arguments": [
                    {"name": "m", "type": "pure-token", "token": "M"},
                    {"name": "km", "type": "pure-token", "token": "KM",
                     "meaning": "Kilometres."}]}]}}"#,
        )
        .unwrap();
        let code = super::generate(&spec, &Options::default())
            .unwrap()
            .to_string();
        // The doc lines right above a method.
        let docs = |method: &str| -> String {
            let at = code
                .find(&format!("pub fn {method}(self"))
                .unwrap_or_else(|| panic!("{method}: {code}"));
            let lines: Vec<&str> = code[..at].lines().rev().skip(1).take(8).collect();
            lines.join("\n")
        };
        assert!(
            docs("loud").contains("Answers in capitals."),
            "{}",
            docs("loud")
        );
        // A choice's own meaning, else the meaning of the choice it is part of.
        assert!(docs("km").contains("Kilometres."), "{}", docs("km"));
        assert!(docs("m").contains("Chooses the unit."), "{}", docs("m"));
    }

    #[test]
    fn a_page_names_the_methods_that_lead_to_a_branch_and_the_branch() {
        // The shape of `CLIENT KILL`: one old form, or filters given any number of times.
        let spec = Spec::from_json(
            r#"{"KILL": {"arguments": [{"name": "filter", "type": "oneof", "arguments": [
                {"name": "old-format", "type": "string"},
                {"name": "new-format", "type": "oneof", "multiple": true, "arguments": [
                    {"name": "client-id", "type": "integer", "token": "ID", "optional": true},
                    {"name": "username", "type": "string", "token": "USER", "optional": true},
                    {"name": "addr", "type": "string", "token": "ADDR", "optional": true}
                ]}]}]}}"#,
        )
        .unwrap();
        let code = super::generate(&spec, &Options::default())
            .unwrap()
            .to_string();
        assert!(
            code.contains(
                "| nothing, after `id`, `user` or `addr` (the `new-format` form): complete"
            ),
            "{code}"
        );
    }

    #[test]
    fn a_command_named_like_a_shared_module_is_refused() {
        let spec = Spec::from_json(r#"{"PRELUDE": {"arguments": []}}"#).unwrap();
        let e = super::generate(&spec, &Options::default()).unwrap_err();
        assert!(matches!(e, Error::Spec(m) if m.contains("prelude")));
    }
}
