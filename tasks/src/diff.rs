//! API changes between two specs, as a user of the generated builders sees them:
//! commands added and removed; arguments added, removed, renamed, made optional or
//! required, retyped, deprecated; and, per command, the builder methods that appear and
//! disappear. A change is marked `[breaking]` when code written against the old
//! builders may stop compiling: a command or a builder method (name, state, parameter
//! kinds) is gone, or two options that could both be given became a choice. A method
//! that was only renamed is not: `typedis-tasks compat` keeps the old name as a
//! deprecated alias. Spec-level lines explain why.

use std::collections::BTreeMap;
use std::fmt;

use typedis_codegen::spec::{Arg, CommandSpec, Spec};

/// One API change.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Change {
    /// Command it concerns (`"CLIENT KILL"`).
    pub command: String,
    /// What changed, in words.
    pub what: String,
    /// True when code written against the old builders may stop compiling.
    pub breaking: bool,
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.command, self.what)?;
        if self.breaking {
            f.write_str(" [breaking]")?;
        }
        Ok(())
    }
}

/// Flattened argument: path (`trim/strategy/maxlen`) → what matters for the API.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Flat {
    parent: String,
    index: usize,
    name: String,
    kind: &'static str,
    token: Option<String>,
    optional: bool,
    multiple: bool,
    deprecated: Option<String>,
}

fn flatten(args: &[Arg], parent: &str, out: &mut BTreeMap<String, Flat>) {
    for (index, a) in args.iter().enumerate() {
        let path = if parent.is_empty() {
            a.name.clone()
        } else {
            format!("{parent}/{}", a.name)
        };
        out.insert(
            path.clone(),
            Flat {
                parent: parent.to_owned(),
                index,
                name: a.name.clone(),
                kind: a.kind.as_str(),
                token: a.token.clone(),
                optional: a.optional,
                multiple: a.multiple,
                deprecated: a.deprecated_since.clone(),
            },
        );
        flatten(&a.children, &path, out);
    }
}

/// The changes from `old` to `new`, sorted by command.
pub fn diff(old: &Spec, new: &Spec) -> Vec<Change> {
    let mut changes = Vec::new();
    let callable = |s: &Spec| -> BTreeMap<String, CommandSpec> {
        s.commands
            .iter()
            .filter(|(_, c)| !c.is_container)
            .map(|(k, c)| (k.clone(), c.clone()))
            .collect()
    };
    let (old_cmds, new_cmds) = (callable(old), callable(new));
    for (name, c) in &new_cmds {
        if !old_cmds.contains_key(name) {
            changes.push(Change {
                command: name.clone(),
                what: format!("command added (since {})", c.since),
                breaking: false,
            });
        }
    }
    for name in old_cmds.keys() {
        if !new_cmds.contains_key(name) {
            changes.push(Change {
                command: name.clone(),
                what: "command removed".into(),
                breaking: true,
            });
        }
    }
    for (name, o) in &old_cmds {
        if let Some(n) = new_cmds.get(name) {
            command_changes(name, o, n, &mut changes);
        }
    }
    changes.sort();
    changes.dedup();
    changes
}

/// The builder methods of a command, as `name(param kinds)`, whichever step offers them.
fn api(cmd: &CommandSpec) -> std::collections::BTreeSet<String> {
    let Ok(plan) = typedis_codegen::reply::builder_plan(cmd) else {
        return std::collections::BTreeSet::new();
    };
    plan.states
        .iter()
        .flat_map(|s| &s.methods)
        .map(|m| {
            let kinds: Vec<&str> = m.leaf.params.iter().map(|p| p.kind.as_str()).collect();
            format!("{}({})", m.leaf.name, kinds.join(", "))
        })
        .collect()
}

fn command_changes(name: &str, o: &CommandSpec, n: &CommandSpec, out: &mut Vec<Change>) {
    let mut change = |what: String, breaking: bool| {
        out.push(Change {
            command: name.to_owned(),
            what,
            breaking,
        });
    };
    // The builders walked side by side (`compat::compare`): a renamed method is kept by
    // `typedis-tasks compat` as a deprecated alias, so it is not breaking; a method or a
    // `build()` that code written for the old builder reaches and the new one lacks is.
    if let (Ok(op), Ok(np)) = (
        typedis_codegen::reply::builder_plan(o),
        typedis_codegen::reply::builder_plan(n),
    ) {
        let found = crate::compat::compare(&op, &np);
        for a in &found.aliases {
            change(
                format!(
                    "builder method {} renamed to {} (old method kept by `compat`)",
                    a.leaf.name, a.like
                ),
                false,
            );
        }
        let (choices, gone): (Vec<&String>, Vec<&String>) =
            found.breaking.iter().partition(|b| b.contains("no longer"));
        for b in choices {
            change(format!("builder {b}"), true);
        }
        if !gone.is_empty() {
            change(format!("builder methods removed: {}", list(&gone)), true);
        }
    }
    let (old_api, new_api) = (api(o), api(n));
    let added: Vec<&String> = new_api.difference(&old_api).collect();
    if !added.is_empty() {
        change(format!("builder methods added: {}", list(&added)), false);
    }
    let mut push = |what: String, _spec_level: bool| change(what, false);
    if !o.is_deprecated() && n.is_deprecated() {
        let since = n.deprecated_since.clone().unwrap_or_default();
        let by = n
            .replaced_by
            .as_ref()
            .map(|r| format!(", replaced by {}", r.replace('`', "")))
            .unwrap_or_default();
        push(format!("command deprecated (since {since}{by})"), false);
    }
    let (mut oa, mut na) = (BTreeMap::new(), BTreeMap::new());
    flatten(&o.arguments, "", &mut oa);
    flatten(&n.arguments, "", &mut na);
    let removed: Vec<&String> = oa.keys().filter(|k| !na.contains_key(*k)).collect();
    let added: Vec<&String> = na.keys().filter(|k| !oa.contains_key(*k)).collect();
    let mut renamed_new = Vec::new();
    for r in &removed {
        let of = &oa[*r];
        // Same parent, same position, same kind and token: a rename, not a removal.
        let twin = added.iter().find(|a| {
            let nf = &na[**a];
            nf.parent == of.parent
                && nf.index == of.index
                && nf.kind == of.kind
                && nf.token == of.token
        });
        match twin {
            Some(a) => {
                if of.parent.is_empty() || !removed.contains(&&of.parent) {
                    push(format!("argument {r} renamed to {}", na[*a].name), true);
                }
                renamed_new.push((*a).clone());
            }
            None => {
                if of.parent.is_empty() || !removed.contains(&&of.parent) {
                    push(format!("argument {r} removed"), true);
                }
            }
        }
    }
    for a in &added {
        if renamed_new.contains(a) {
            continue;
        }
        let nf = &na[*a];
        if !nf.parent.is_empty() && added.contains(&&nf.parent) {
            continue; // reported with its parent
        }
        let required = !nf.optional;
        push(
            format!(
                "argument {a} added ({}{})",
                if required { "required" } else { "optional" },
                if nf.kind == "pure-token" {
                    format!(", token {}", nf.token.clone().unwrap_or_default())
                } else {
                    format!(", {}", nf.kind)
                }
            ),
            // A new required argument changes the builder chain; a new `oneof` choice
            // or an optional argument only adds methods.
            required && na.get(&nf.parent).is_none_or(|p| p.kind != "oneof"),
        );
    }
    for (path, of) in &oa {
        let Some(nf) = na.get(path) else { continue };
        if of.optional && !nf.optional {
            push(format!("argument {path} made required"), true);
        }
        if !of.optional && nf.optional {
            push(format!("argument {path} made optional"), true);
        }
        if of.kind != nf.kind {
            push(
                format!("argument {path} type {} -> {}", of.kind, nf.kind),
                true,
            );
        }
        if of.token != nf.token {
            push(
                format!(
                    "argument {path} token {} -> {}",
                    of.token.as_deref().unwrap_or("(none)"),
                    nf.token.as_deref().unwrap_or("(none)")
                ),
                true,
            );
        }
        if of.multiple != nf.multiple {
            push(
                format!(
                    "argument {path} {}",
                    if nf.multiple {
                        "made repeatable"
                    } else {
                        "no longer repeatable"
                    }
                ),
                true,
            );
        }
        if of.deprecated.is_none() {
            if let Some(d) = &nf.deprecated {
                push(format!("argument {path} deprecated (since {d})"), false);
            }
        }
    }
}

fn list(items: &[&String]) -> String {
    items
        .iter()
        .map(|s| s.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The changes as a report: one line each, then a count.
pub fn report(changes: &[Change]) -> String {
    let mut out = String::new();
    for c in changes {
        out.push_str(&c.to_string());
        out.push('\n');
    }
    let breaking = changes.iter().filter(|c| c.breaking).count();
    out.push_str(&format!("{} changes, {breaking} breaking\n", changes.len()));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(text: &str) -> Spec {
        Spec::from_json(text).unwrap()
    }

    #[test]
    fn reports_commands_added_removed_and_argument_changes() {
        let old = spec(
            r#"{"GET": {"since": "1.0.0", "arguments": [{"name": "key", "type": "key"}]},
                "OLD": {"since": "1.0.0"},
                "SET": {"since": "1.0.0", "arguments": [
                    {"name": "key", "type": "key"},
                    {"name": "value", "type": "string"},
                    {"name": "ttl", "type": "integer", "token": "EX", "optional": true},
                    {"name": "mode", "type": "string"}]}}"#,
        );
        let new = spec(
            r#"{"GET": {"since": "1.0.0", "arguments": [{"name": "key", "type": "key"}]},
                "NEW": {"since": "9.0.0"},
                "SET": {"since": "1.0.0", "deprecated_since": "9.0.0", "arguments": [
                    {"name": "key", "type": "key"},
                    {"name": "val", "type": "string"},
                    {"name": "ttl", "type": "integer", "token": "EX"},
                    {"name": "mode", "type": "string", "optional": true, "deprecated_since": "9.0.0"},
                    {"name": "get", "type": "pure-token", "token": "GET", "optional": true}]}}"#,
        );
        let lines: Vec<String> = diff(&old, &new).iter().map(ToString::to_string).collect();
        assert_eq!(
            lines,
            [
                "NEW: command added (since 9.0.0)",
                "OLD: command removed [breaking]",
                "SET: argument get added (optional, token GET)",
                "SET: argument mode deprecated (since 9.0.0)",
                "SET: argument mode made optional",
                "SET: argument ttl made required",
                "SET: argument value renamed to val",
                "SET: builder method value renamed to val (old method kept by `compat`)",
                "SET: builder methods added: get(), val(string)",
                "SET: builder methods removed: step 2: mode [breaking]",
                "SET: command deprecated (since 9.0.0)",
            ]
        );
        assert!(report(&diff(&old, &new)).ends_with("11 changes, 2 breaking\n"));
        assert!(diff(&old, &old).is_empty());
    }
}
