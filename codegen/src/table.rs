//! The spec table: the name, flags and cluster policy of every command and subcommand,
//! looked up by the words an untyped command starts with. The flags and policy are the
//! very expressions the builders pass to `Cmd::new_encoded` (see `emit`), so an untyped
//! `cmd("GET")` and a typed `b().get()` carry the same.

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use crate::emit::{flags_expr, policy_expr, runtime_path, unparse};
use crate::naming;
use crate::spec::{CommandSpec, Spec};
use crate::{Error, Options};

/// Generates the spec table of `spec`: two functions over uppercase words, each one
/// `match` on byte strings (which the compiler turns into a decision tree on length and
/// bytes, so a lookup costs a few nanoseconds and allocates nothing):
///
/// - `fn command(name: &[u8]) -> Option<Found>`: `Found::Command(Entry)` for a command,
///   `Found::Container(Entry)` for a container (`CLIENT`) whose subcommand is the next
///   argument;
/// - `fn subcommand(container: &[u8], sub: &[u8]) -> Option<Entry>`;
///
/// and `const LONGEST_WORD: usize`, the length of the longest word (a longer one is no
/// command of the spec, so the caller may uppercase into a buffer of that size).
///
/// The module that includes the file defines `Entry { name: &'static str, flags, policy }`
/// and `enum Found { Command(Entry), Container(Entry) }`; `name` is the spec's spelling
/// (`"CLIENT KILL"`). A container the spec only knows through its subcommands gets an
/// entry with no flag and no policy. Names of more than two words cannot be looked up by
/// two arguments and are left out.
///
/// # Errors
///
/// [`Error::Options`] for an unusable runtime path; [`Error::Generate`] if the code does
/// not parse (a generator bug).
pub fn generate_table(spec: &Spec, options: &Options) -> Result<String, Error> {
    let rt = runtime_path(options)?;
    // Top-level words: (the spec entry if any, is a container).
    let mut top: BTreeMap<&str, (Option<&CommandSpec>, bool)> = BTreeMap::new();
    let mut subs: BTreeMap<&str, Vec<(&str, &CommandSpec)>> = BTreeMap::new();
    for cmd in spec.commands.values() {
        match cmd.name.split_once(' ') {
            None => {
                let slot = top.entry(&cmd.name).or_default();
                slot.0 = Some(cmd);
                slot.1 |= cmd.is_container;
            }
            Some((_, sub)) if sub.contains(' ') => {}
            Some((container, sub)) => {
                top.entry(container).or_default().1 = true;
                subs.entry(container).or_default().push((sub, cmd));
            }
        }
    }
    let mut consts = Consts::default();
    let command_arms: Vec<TokenStream> = top
        .iter()
        .map(|(name, (cmd, container))| {
            let word = Literal::byte_string(name.as_bytes());
            let id = consts.add(name, *cmd, &rt);
            if *container {
                quote!(#word => Some(Found::Container(entries::#id)),)
            } else {
                quote!(#word => Some(Found::Command(entries::#id)),)
            }
        })
        .collect();
    let container_arms: Vec<TokenStream> = subs
        .iter()
        .map(|(container, list)| {
            let word = Literal::byte_string(container.as_bytes());
            let arms = list.iter().map(|(sub, cmd)| {
                let sub = Literal::byte_string(sub.as_bytes());
                let id = consts.add(&cmd.name, Some(cmd), &rt);
                quote!(#sub => Some(entries::#id),)
            });
            quote! {
                #word => match sub {
                    #(#arms)*
                    _ => None,
                },
            }
        })
        .collect();
    let subcommand_body = if subs.is_empty() {
        quote! {
            let _ = (container, sub);
            None
        }
    } else {
        quote! {
            match container {
                #(#container_arms)*
                _ => None,
            }
        }
    };
    let longest = spec
        .commands
        .keys()
        .flat_map(|name| name.split(' '))
        .map(str::len)
        .max()
        .unwrap_or(0);
    let longest = Literal::usize_unsuffixed(longest);
    // In spec order (sorted by full name), whatever order the arms named them in.
    consts.items.sort_by(|a, b| a.0.cmp(&b.0));
    let entries = consts.items.into_iter().map(|(_, item)| item);
    let file = quote! {
        /// Bytes in the longest command or subcommand word of the spec: a longer word
        /// names no command of it.
        const LONGEST_WORD: usize = #longest;

        /// The command named `name` (uppercase): a command, or a container whose
        /// subcommand is the next argument.
        fn command(name: &[u8]) -> Option<Found> {
            match name {
                #(#command_arms)*
                _ => None,
            }
        }

        /// The subcommand `sub` (uppercase) of the container `container` (uppercase).
        fn subcommand(container: &[u8], sub: &[u8]) -> Option<Entry> {
            #subcommand_body
        }

        /// What the spec says about each command, named after it.
        mod entries {
            use super::Entry;

            #(#entries)*
        }
    };
    unparse(file, spec, options, "")
}

/// The `const` entries of the table, each named after its command (`CLIENT_KILL`).
#[derive(Default)]
struct Consts {
    items: Vec<(String, TokenStream)>,
    taken: BTreeSet<String>,
}

impl Consts {
    /// Adds the entry of `name` (`cmd` is `None` for a container the spec only knows by
    /// its subcommands: no flag, no policy) and returns the const's identifier.
    fn add(&mut self, name: &str, cmd: Option<&CommandSpec>, rt: &syn::Path) -> syn::Ident {
        let base =
            naming::snake(name).map_or_else(|| "COMMAND".to_owned(), |s| s.to_ascii_uppercase());
        let mut ident = base.clone();
        let mut n = 2;
        while !self.taken.insert(ident.clone()) {
            ident = format!("{base}_{n}");
            n += 1;
        }
        let ident = format_ident!("{ident}");
        let none = CommandSpec::default();
        let cmd = cmd.unwrap_or(&none);
        let (flags, policy) = (flags_expr(cmd, rt), policy_expr(cmd, rt));
        let doc = format!(" `{name}`.");
        self.items.push((
            name.to_owned(),
            quote! {
                #[doc = #doc]
                pub(super) const #ident: Entry = Entry {
                    name: #name,
                    flags: #flags,
                    policy: #policy,
                };
            },
        ));
        ident
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(json: &str) -> String {
        let spec = Spec::from_json(json).unwrap();
        generate_table(&spec, &Options::default()).unwrap()
    }

    #[test]
    fn commands_containers_and_subcommands_get_their_arms() {
        let code = table(
            r#"{"GET": {"command_flags": ["readonly", "fast"]},
                "CLIENT": {}, "CLIENT KILL": {"command_flags": ["admin"]},
                "DBSIZE": {"hints": ["request_policy:all_shards", "response_policy:agg_sum"]}}"#,
        );
        assert!(code.contains("const LONGEST_WORD: usize = 6;"), "{code}");
        assert!(
            code.contains("b\"GET\" => Some(Found::Command(entries::GET)),"),
            "{code}"
        );
        assert!(
            code.contains("b\"CLIENT\" => Some(Found::Container(entries::CLIENT)),"),
            "{code}"
        );
        assert!(
            code.contains("b\"KILL\" => Some(entries::CLIENT_KILL),"),
            "{code}"
        );
        assert!(
            code.contains("const CLIENT_KILL: Entry = Entry {"),
            "{code}"
        );
        assert!(code.contains("name: \"CLIENT KILL\""), "{code}");
        assert!(code.contains("CommandFlags::READONLY"), "{code}");
        assert!(
            code.contains("Some(::typedis::cmd::RequestPolicy::AllShards)"),
            "{code}"
        );
    }

    #[test]
    fn a_container_known_only_by_its_subcommands_is_still_a_container() {
        let code = table(r#"{"XINFO STREAM": {"command_flags": ["readonly"]}}"#);
        assert!(
            code.contains("b\"XINFO\" => Some(Found::Container(entries::XINFO)),"),
            "{code}"
        );
        assert!(code.contains("name: \"XINFO\""), "{code}");
    }

    #[test]
    fn entries_whose_names_meet_in_rust_get_distinct_consts() {
        let code = table(r#"{"MY-CMD": {}, "MY.CMD": {}, "~": {}}"#);
        assert!(code.contains("const MY_CMD: Entry"), "{code}");
        assert!(code.contains("const MY_CMD_2: Entry"), "{code}");
        assert!(code.contains("const COMMAND: Entry"), "{code}");
    }

    #[test]
    fn a_spec_without_containers_still_compiles_cleanly() {
        let code = table(r#"{"PING": {}}"#);
        assert!(code.contains("let _ = (container, sub);"), "{code}");
    }
}
