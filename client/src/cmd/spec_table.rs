//! The spec's name, flags and cluster policy of every command and subcommand, looked up
//! by the words an untyped command starts with (`cmd("get")`, `cmd("CLIENT").arg("kill")`)
//! so that it carries what the generated builder of the same command carries. The table is
//! generated at build time by `typedis-codegen` from `commands.json`, from the same flag
//! and policy code as the builders (a reviewed copy lives in
//! `client/generated/spec_table.rs`).

use super::flags::{CommandFlags, Policy};

/// What the spec says about one command or subcommand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The name as the spec spells it (`"CLIENT KILL"`).
    pub(crate) name: &'static str,
    pub(crate) flags: CommandFlags,
    pub(crate) policy: Policy,
}

/// A first word of the table.
enum Found {
    /// A command.
    Command(Entry),
    /// A container (`CLIENT`): the next argument names the subcommand.
    Container(Entry),
}

include!(concat!(env!("OUT_DIR"), "/spec_table.rs"));

/// The table of each module feature that is on, generated from the module's spec, and the
/// Sentinel's (`cfg(all())`: always there).
macro_rules! module_tables {
    ($($cfg:meta, $name:ident $file:literal),* $(,)?) => {
        $(
            #[cfg($cfg)]
            mod $name {
                use super::{Entry, Found};
                include!(concat!(env!("OUT_DIR"), $file));
                pub(super) const LONGEST: usize = LONGEST_WORD;
                pub(super) fn find(name: &[u8]) -> Option<Found> {
                    command(name)
                }
                pub(super) fn find_sub(container: &[u8], sub: &[u8]) -> Option<Entry> {
                    subcommand(container, sub)
                }
            }
        )*

        /// The longest word of the core table and of every module table that is on.
        const LONGEST: usize = {
            #[allow(unused_mut)]
            let mut longest = LONGEST_WORD;
            $(
                #[cfg($cfg)]
                if $name::LONGEST > longest {
                    longest = $name::LONGEST;
                }
            )*
            longest
        };

        /// The core table's command named `name`, or else a module table's.
        fn any_command(name: &[u8]) -> Option<(Found, fn(&[u8], &[u8]) -> Option<Entry>)> {
            if let Some(found) = command(name) {
                return Some((found, subcommand));
            }
            $(
                #[cfg($cfg)]
                if let Some(found) = $name::find(name) {
                    return Some((found, $name::find_sub));
                }
            )*
            None
        }
    };
}

module_tables! {
    feature = "json", json "/module_json_table.rs",
    feature = "search", search "/module_search_table.rs",
    feature = "bloom", bloom "/module_bloom_table.rs",
    feature = "timeseries", timeseries "/module_timeseries_table.rs",
    all(), sentinel "/sentinel_table.rs",
}

/// The spec's entry of the command whose first arguments are `first` and `second`, in any
/// case; `None` when the spec does not know `first`. The commands of the module features
/// that are on are known too (`JSON.GET` with `json`).
///
/// `second` only matters when `first` is a container: a subcommand the spec knows gives
/// its own entry (`CLIENT KILL`); a missing or unknown one gives the container's entry
/// (name `CLIENT`, its flags and policy, usually none), since the container is all that
/// is known of the command.
pub(crate) fn lookup(first: &[u8], second: Option<&[u8]>) -> Option<Entry> {
    let mut buf = [0u8; LONGEST];
    let name = uppercase(first, &mut buf)?;
    match any_command(name)? {
        (Found::Command(entry), _) => Some(entry),
        (Found::Container(container), subcommand) => {
            let mut sub_buf = [0u8; LONGEST];
            let sub = second
                .and_then(|s| uppercase(s, &mut sub_buf))
                .and_then(|s| subcommand(name, s));
            Some(sub.unwrap_or(container))
        }
    }
}

/// `word` in ASCII uppercase, in `buf`; `None` when it is longer than any word of the spec
/// (so names no command).
fn uppercase<'a>(word: &[u8], buf: &'a mut [u8; LONGEST]) -> Option<&'a [u8]> {
    let out = buf.get_mut(..word.len())?;
    for (o, b) in out.iter_mut().zip(word) {
        *o = b.to_ascii_uppercase();
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::{b, cmd, RequestPolicy, ResponsePolicy};

    #[test]
    fn lookups_ignore_case() {
        for name in [&b"GET"[..], b"get", b"gEt"] {
            let entry = lookup(name, None).unwrap();
            assert_eq!(entry.name, "GET");
            assert!(entry.flags.contains(CommandFlags::READONLY));
        }
        assert_eq!(
            lookup(b"georadiusbymember_ro", None).unwrap().name,
            "GEORADIUSBYMEMBER_RO"
        );
    }

    #[test]
    fn subcommands_are_found_by_the_second_word_of_a_container_only() {
        assert_eq!(
            lookup(b"client", Some(b"kill")).unwrap().name,
            "CLIENT KILL"
        );
        assert_eq!(
            lookup(b"XINFO", Some(b"Stream")).unwrap().name,
            "XINFO STREAM"
        );
        assert_eq!(lookup(b"config", Some(b"get")).unwrap().name, "CONFIG GET");
        // Not a container: the second argument is a key, not a subcommand.
        assert_eq!(lookup(b"GET", Some(b"kill")).unwrap().name, "GET");
        // A container without (or with an unknown) subcommand is the container.
        let client = lookup(b"CLIENT", None).unwrap();
        assert_eq!(client.name, "CLIENT");
        assert_eq!(lookup(b"CLIENT", Some(b"FOOBAR")), Some(client));
        assert_eq!(
            lookup(b"CLIENT", Some(b"a-word-longer-than-any-in-the-spec")),
            Some(client)
        );
    }

    #[cfg(all(feature = "json", feature = "search"))]
    #[test]
    fn the_module_features_commands_are_found_after_the_cores() {
        let get = lookup(b"json.get", None).unwrap();
        assert_eq!(get.name, "JSON.GET");
        assert!(get.flags.contains(CommandFlags::READONLY));
        assert_eq!(
            lookup(b"FT.CONFIG", Some(b"get")).unwrap().name,
            "FT.CONFIG GET"
        );
        assert_eq!(lookup(b"GET", None).unwrap().name, "GET");
    }

    #[test]
    fn the_sentinels_commands_are_found_whatever_the_features() {
        let masters = lookup(b"sentinel", Some(b"masters")).unwrap();
        assert_eq!(masters.name, "SENTINEL MASTERS");
        assert!(masters.flags.contains(CommandFlags::ADMIN));
        assert_eq!(lookup(b"SENTINEL", None).unwrap().name, "SENTINEL");
    }

    #[test]
    fn unknown_names_are_not_found() {
        assert_eq!(lookup(b"MODULE.CMD", None), None);
        assert_eq!(lookup(b"", None), None);
        assert_eq!(lookup(b"GETT", None), None);
        assert_eq!(
            lookup(b"CLIENT KILL", None),
            None,
            "one argument is one word"
        );
        assert_eq!(lookup(&[b'G'; 4096], None), None);
        assert_eq!(lookup("gét".as_bytes(), None), None);
    }

    #[test]
    fn untyped_commands_carry_the_spec_name_flags_and_policy() {
        let get = cmd("get").key("k").build();
        assert_eq!(get.name(), "GET");
        assert!(get.flags().contains(CommandFlags::READONLY));
        assert!(!get.flags().contains(CommandFlags::WRITE));
        let blpop = cmd("blpop").key("list").arg(1).build();
        assert_eq!(blpop.name(), "BLPOP");
        assert!(blpop.flags().contains(CommandFlags::BLOCKING));
        let kill = cmd("CLIENT").arg("kill").arg("ID").arg(7).build();
        assert_eq!(kill.name(), "CLIENT KILL");
        assert!(kill.flags().contains(CommandFlags::ADMIN));
        let dbsize = cmd("dbsize").build();
        assert_eq!(dbsize.policy().request, Some(RequestPolicy::AllShards));
        assert_eq!(dbsize.policy().response, Some(ResponsePolicy::AggSum));
        // The bytes are sent as written.
        assert_eq!(get.as_bytes(), b"*2\r\n$3\r\nget\r\n$1\r\nk\r\n");
    }

    #[test]
    fn untyped_and_typed_builders_of_a_command_carry_the_same() {
        let pairs = [
            (cmd("GET").key("k").build(), b().get().key("k").build()),
            (
                cmd("BLPOP").key("k").arg(0).build(),
                b().blpop().key("k").timeout(0).build(),
            ),
            (cmd("DBSIZE").build(), b().dbsize().build()),
            (
                cmd("CONFIG").arg("SET").arg("a").arg("b").build(),
                b().config_set().parameter_value("a", "b").build(),
            ),
            (
                cmd("CLIENT").arg("KILL").arg("ID").arg(7).build(),
                b().client_kill().id(7).build(),
            ),
        ];
        for (untyped, typed) in pairs {
            assert_eq!(untyped.name(), typed.name());
            assert_eq!(untyped.flags(), typed.flags(), "{}", typed.name());
            assert_eq!(untyped.policy(), typed.policy(), "{}", typed.name());
        }
    }

    #[test]
    fn unknown_commands_and_subcommands_keep_what_they_had() {
        let module = cmd("MODULE.CMD").arg("x").build();
        assert_eq!(module.name(), "MODULE.CMD");
        assert!(module.flags().is_empty());
        assert_eq!(module.policy(), Policy::default());
        let odd = cmd("client").arg("foobar").build();
        assert_eq!(odd.name(), "CLIENT");
        assert!(odd.flags().is_empty());
    }

    #[test]
    fn the_callers_flags_add_to_the_spec_and_its_policy_replaces_it() {
        let c = cmd("GET").key("k").flags(CommandFlags::BLOCKING).build();
        assert!(c
            .flags()
            .contains(CommandFlags::READONLY.union(CommandFlags::BLOCKING)));
        let ping = cmd("PING").policy(Policy::default()).build();
        assert_eq!(ping.policy(), Policy::default());
        assert_eq!(
            cmd("PING").build().policy().request,
            Some(RequestPolicy::AllShards)
        );
    }
}
