//! The `compat` task: finds the builder methods of an older spec that a newer one renamed
//! (`ACL CAT categoryname` → `category`) or turned into tokens (`BITOP operation` → `AND |
//! OR | XOR | NOT`), and records them in the newer spec, under each command's `compat`, as
//! aliases the generator keeps (see `typedis_codegen::compat`).
//!
//! Both builders are walked side by side from their first states, following the methods
//! old code may call: a method the new builder has by name leads on; one it lacks gets an
//! alias when the new state has a method of the same shape under another name (a
//! rename), or token methods where the old one took a string (the string became words).
//! Anything else is breaking: old code calling it stops compiling.

use std::collections::{BTreeSet, VecDeque};

use serde_json::Value;

use typedis_codegen::compat::Alias;
use typedis_codegen::plan::{Effect, Leaf, Method, Plan, Stage, State, Write};
use typedis_codegen::spec::ArgKind;

use crate::Error;

/// What [`compare`] found for one command.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Comparison {
    /// Old methods the new builder lacks but can keep as aliases.
    pub aliases: Vec<Alias>,
    /// Old methods the new builder cannot offer (name and state of the old builder).
    pub breaking: Vec<String>,
}

/// Walks the old and the new builder of a command side by side (see the module docs).
pub fn compare(old: &Plan, new: &Plan) -> Comparison {
    let mut out = Comparison::default();
    let mut seen = BTreeSet::new();
    // (old state, new state, old options already given on the way there): an option
    // given where the new builder takes it as a required step is not offered again.
    let mut queue = VecDeque::from([(0usize, 0usize, BTreeSet::<String>::new())]);
    while let Some((so, sn, given)) = queue.pop_front() {
        if !seen.insert((so, sn, given.clone())) {
            continue;
        }
        let (Some(o), Some(n)) = (old.states.get(so), new.states.get(sn)) else {
            continue;
        };
        if o.build && !n.build {
            // The command is no longer complete here: a new required argument.
            out.breaking.push(format!("step {so}: build()"));
        }
        let old_names: BTreeSet<&str> = o.methods.iter().map(|m| m.leaf.name.as_str()).collect();
        // (old parameter, new parameter, old method) of each once-only option matched.
        let mut once: Vec<(usize, usize, &str)> = Vec::new();
        for mo in o.methods.iter().filter(|m| !given.contains(&m.leaf.name)) {
            let by_name = n
                .methods
                .iter()
                .find(|m| m.leaf.name == mo.leaf.name && kinds(&m.leaf) == kinds(&mo.leaf));
            let matched = by_name.or_else(|| {
                // A rename takes a method the old builder did not have, except for an old
                // alias, which stands beside the method it renamed: it carries forward.
                let candidates: Vec<&Method> = n
                    .methods
                    .iter()
                    .filter(|m| {
                        (mo.alias_of.is_some() || !old_names.contains(m.leaf.name.as_str()))
                            && same_role(m, mo)
                    })
                    .collect();
                let found = candidates
                    .iter()
                    .find(|m| shape(&m.leaf) == shape(&mo.leaf))
                    .or_else(|| {
                        candidates
                            .iter()
                            .find(|m| tokens_for_string(&mo.leaf, &m.leaf))
                    })
                    .copied();
                if let Some(m) = found {
                    out.aliases.push(Alias {
                        state: sn,
                        leaf: mo.leaf.clone(),
                        like: m.leaf.name.clone(),
                        then: None,
                    });
                    return Some(m);
                }
                // One old option that is now an entry and a part of the block it enters.
                let (first, second) = candidates.iter().find_map(|m1| {
                    let second = chained(n, m1, mo)?;
                    Some((*m1, second))
                })?;
                out.aliases.push(Alias {
                    state: sn,
                    leaf: mo.leaf.clone(),
                    like: first.leaf.name.clone(),
                    then: Some(second.leaf.name.clone()),
                });
                Some(first)
            });
            let Some(mn) = matched else {
                out.breaking.push(format!("step {so}: {}", mo.leaf.name));
                continue;
            };
            if let (
                Effect::Piece {
                    slot: Some((a, Stage::Unset, _)),
                    ..
                },
                Effect::Piece {
                    slot: Some((b, Stage::Unset, _)),
                    ..
                },
            ) = (&mo.effect, &mn.effect)
            {
                // Two options the old builder took together that the new one makes a choice.
                if let Some((_, _, other)) = once.iter().find(|(oa, ob, _)| oa != a && ob == b) {
                    out.breaking.push(format!(
                        "step {so}: {other} and {} can no longer both be given",
                        mo.leaf.name
                    ));
                }
                once.push((*a, *b, &mo.leaf.name));
            }
            let next = match (&mo.effect, &mn.effect) {
                (Effect::Advance { target: a, .. }, Effect::Advance { target: b, .. }) => {
                    (*a, *b, given.clone())
                }
                (Effect::Advance { target: a, .. }, Effect::Piece { .. }) => {
                    (*a, sn, given.clone())
                }
                (Effect::Piece { .. }, Effect::Advance { target: b, .. }) => {
                    let mut given = given.clone();
                    given.insert(mo.leaf.name.clone());
                    (so, *b, given)
                }
                (Effect::Piece { .. }, Effect::Piece { .. }) => continue,
            };
            queue.push_back(next);
        }
    }
    // An optional method is offered in several states: keep one alias for it (a required
    // one, one per state).
    let mut kept = BTreeSet::new();
    out.aliases.retain(|a| {
        let state = match new.states[a.state]
            .methods
            .iter()
            .find(|m| m.leaf.name == a.like)
        {
            Some(Method {
                effect: Effect::Advance { .. },
                ..
            }) => Some(a.state),
            _ => None,
        };
        kept.insert((a.leaf.name.clone(), a.like.clone(), state))
    });
    out.breaking.sort();
    out.breaking.dedup();
    out
}

/// Records in the spec `new` (text) the aliases that keep the builder methods of the spec
/// `old` (text) that it renamed (both read with typedis's corrections), beside those it
/// records already. Returns the new text and a report of what was kept and what breaks.
///
/// # Errors
///
/// When either text is not a spec, or a recorded alias no longer applies.
pub fn record(old: &str, new: &str) -> Result<(String, String), Error> {
    let old_spec = crate::corrected(old)?;
    let new_spec = crate::corrected(new)?;
    let mut root: serde_json::Map<String, Value> = serde_json::from_str(new)?;
    let mut report = String::new();
    let (mut kept, mut broken) = (0, 0);
    for (name, n) in &new_spec.commands {
        let Some(o) = old_spec.commands.get(name) else {
            continue;
        };
        if n.is_container {
            continue;
        }
        let old_plan = typedis_codegen::reply::builder_plan(o)?;
        let new_plan = typedis_codegen::reply::builder_plan(n)?;
        let found = compare(&old_plan, &new_plan);
        for a in &found.aliases {
            report.push_str(&format!(
                "{name}: {} renamed to {} (old method kept)\n",
                a.leaf.name, a.like
            ));
        }
        for b in &found.breaking {
            report.push_str(&format!("{name}: {b} breaking (capability removed)\n"));
        }
        kept += found.aliases.len();
        broken += found.breaking.len();
        if found.aliases.is_empty() {
            continue;
        }
        let key = root
            .keys()
            .find(|k| k.eq_ignore_ascii_case(name))
            .cloned()
            .ok_or_else(|| Error::Spec(format!("command {name} is not a key of the spec")))?;
        let entry = root
            .get_mut(&key)
            .and_then(Value::as_object_mut)
            .ok_or_else(|| Error::Spec(format!("command {name} is not an object")))?;
        let list = entry
            .entry("compat")
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(items) = list {
            items.extend(found.aliases.iter().map(|a| crate::to_serde(&a.to_json())));
        }
    }
    report.push_str(&format!(
        "{kept} old methods kept as aliases, {broken} breaking\n"
    ));
    let mut text = serde_json::to_string_pretty(&Value::Object(root))?;
    text.push('\n');
    Ok((text, report))
}

fn kinds(l: &Leaf) -> Vec<ArgKind> {
    l.params.iter().map(|p| p.kind).collect()
}

/// True when `new` can stand for `old`: both required, or both options that are entries
/// (or not) of the same kind, gated alike; a required argument that became optional
/// (`COMMAND GETKEYS`'s arguments) too.
fn same_role(new: &Method, old: &Method) -> bool {
    match (&new.effect, &old.effect) {
        (Effect::Advance { .. }, Effect::Advance { .. }) => true,
        (Effect::Piece { .. }, Effect::Advance { .. }) => true,
        (
            Effect::Piece {
                slot: a, gate: ga, ..
            },
            Effect::Piece {
                slot: b, gate: gb, ..
            },
        ) => ga.is_some() == gb.is_some() && a.map(|s| s.1) == b.map(|s| s.1),
        (Effect::Advance { .. }, Effect::Piece { .. }) => false,
    }
}

/// The part of the block `first` enters that, after `first`, writes what `old` wrote.
fn chained<'a>(state: &'a State, first: &Method, old: &Method) -> Option<&'a Method> {
    let Effect::Piece {
        slot: Some((block, _, _)),
        enters: None,
        ..
    } = first.effect
    else {
        return None;
    };
    state.methods.iter().find(|m| {
        matches!(m.effect, Effect::Piece { gate: Some(g), slot: Some(_), enters: None, .. } if g == block)
            && [shape(&first.leaf), shape(&m.leaf)].concat() == shape(&old.leaf)
    })
}

/// What a method writes, names left out: its words and the kinds of its values.
fn shape(l: &Leaf) -> Vec<String> {
    l.writes
        .iter()
        .map(|w| match w {
            Write::Token(t) => t.clone(),
            Write::Param(i) => format!("<{}>", l.params[*i].kind.as_str()),
        })
        .collect()
}

/// True when `old` wrote words and a string where `new` writes the same words and a
/// token: the string became a choice of words.
fn tokens_for_string(old: &Leaf, new: &Leaf) -> bool {
    let Some((Write::Param(i), words)) = old.writes.split_last() else {
        return false;
    };
    if !matches!(old.params[*i].kind, ArgKind::String) || !new.params.is_empty() {
        return false;
    }
    matches!(new.writes.split_last(), Some((Write::Token(_), rest)) if rest == words)
}

#[cfg(test)]
mod tests {
    use super::*;
    use typedis_codegen::Spec;

    fn plans(old: &str, new: &str) -> (Plan, Plan) {
        let o = Spec::from_json(old).unwrap();
        let n = Spec::from_json(new).unwrap();
        let p = |s: &Spec| {
            typedis_codegen::reply::builder_plan(s.commands.values().next().unwrap()).unwrap()
        };
        (p(&o), p(&n))
    }

    #[test]
    fn a_renamed_argument_and_a_string_turned_tokens_are_kept_as_aliases() {
        let (old, new) = plans(
            r#"{"BITOP": {"arguments": [{"name": "operation", "type": "string"},
                {"name": "destkey", "type": "key"}]}}"#,
            r#"{"BITOP": {"arguments": [{"name": "operation", "type": "oneof", "arguments": [
                    {"name": "and", "type": "pure-token", "token": "AND"},
                    {"name": "or", "type": "pure-token", "token": "OR"}]},
                {"name": "dest", "type": "key"}]}}"#,
        );
        let c = compare(&old, &new);
        assert!(c.breaking.is_empty(), "{:?}", c.breaking);
        let names: Vec<(&str, &str)> = c
            .aliases
            .iter()
            .map(|a| (a.leaf.name.as_str(), a.like.as_str()))
            .collect();
        assert_eq!(names, [("operation", "and"), ("destkey", "dest")]);
        let back = Alias::from_json(&c.aliases[0].to_json(), "BITOP").unwrap();
        assert_eq!(back, c.aliases[0]);
    }

    #[test]
    fn aliases_recorded_in_the_old_spec_carry_forward() {
        // The old spec already keeps `destkey` beside `dest`; the new one is a fresh dump.
        let new = r#"{"BITOP": {"arguments": [{"name": "operation", "type": "string"},
            {"name": "dest", "type": "key"}]}}"#;
        let (old_text, _) = record(
            r#"{"BITOP": {"arguments": [{"name": "operation", "type": "string"},
                {"name": "destkey", "type": "key"}]}}"#,
            new,
        )
        .unwrap();
        let (old, new) = plans(&old_text, new);
        let c = compare(&old, &new);
        assert!(c.breaking.is_empty(), "{:?}", c.breaking);
        let names: Vec<(&str, &str)> = c
            .aliases
            .iter()
            .map(|a| (a.leaf.name.as_str(), a.like.as_str()))
            .collect();
        assert_eq!(names, [("destkey", "dest")]);
    }

    #[test]
    fn a_removed_capability_is_breaking() {
        let (old, new) = plans(
            r#"{"X": {"arguments": [{"name": "mode", "type": "integer", "token": "MODE", "optional": true}]}}"#,
            r#"{"X": {"arguments": []}}"#,
        );
        let c = compare(&old, &new);
        assert_eq!(c.breaking, ["step 0: mode"]);
    }
}
