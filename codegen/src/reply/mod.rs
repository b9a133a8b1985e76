//! Reply types: each command's default reply type, from its `reply_schema` (the rules of
//! `schema`, and the switches and overrides of the reviewed `table`), the structs
//! generated for replies with named fields ([`Structs`]), and which `Request` impls a
//! complete builder state gets when its options pick the reply ([`impls`]).

mod schema;
mod structs;
mod table;
mod ty;

pub use structs::{Field, Layout, StructDef, Structs};
pub use ty::{Paths, Ty};

use crate::json::Value as Json;

use crate::naming;
use crate::plan::{Plan, Stage, State};
use crate::spec::{Arg, CommandSpec};
use crate::Error;

use schema::{description, Converter};

/// What a command returns, before it is tied to the builder's states.
#[derive(Debug, Clone, PartialEq)]
pub struct CommandReply {
    /// The reply when no rule applies.
    pub default: Ty,
    /// In order, the arguments (tokens or names) any of which picks a reply, and that
    /// reply.
    pub rules: Vec<(Vec<String>, Ty)>,
    /// The schema's description of the reply, for rustdoc.
    pub doc: String,
    /// Why parts of it are `Value`, if they are.
    pub untyped: Vec<String>,
}

impl CommandReply {
    /// The arguments whose presence changes the reply.
    pub fn args(&self) -> Vec<String> {
        self.rules.iter().flat_map(|(g, _)| g.clone()).collect()
    }

    /// True when some reply of the command is, or holds, `Value`.
    pub fn is_untyped(&self) -> bool {
        self.default.is_untyped() || self.rules.iter().any(|(_, t)| t.is_untyped())
    }
}

/// The reply of `cmd`, adding the structs it needs to `structs`.
pub fn command_reply(cmd: &CommandSpec, structs: &mut Structs) -> CommandReply {
    let hint = naming::camel(&cmd.name);
    let mut c = Converter {
        command: &cmd.name,
        structs,
        untyped: Vec::new(),
    };
    let Some(schema) = &cmd.reply_schema else {
        if let Some(ty) = table::override_of(&cmd.name) {
            return CommandReply {
                default: ty,
                rules: Vec::new(),
                doc: String::new(),
                untyped: Vec::new(),
            };
        }
        return CommandReply {
            default: Ty::Value,
            rules: Vec::new(),
            doc: String::new(),
            untyped: vec![format!("{}: no reply schema", cmd.name)],
        };
    };
    let doc = description(schema);
    if let Some(ty) = table::override_of(&cmd.name) {
        return CommandReply {
            default: ty,
            rules: Vec::new(),
            doc,
            untyped: Vec::new(),
        };
    }
    let alternatives: Vec<&Json> = schema
        .get("oneOf")
        .or_else(|| schema.get("anyOf"))
        .and_then(Json::as_array)
        .map(|a| a.iter().collect())
        .unwrap_or_default();
    // The spec's own switches (a user's module spec), else typedis's reviewed table.
    let switch = cmd
        .reply_switches
        .clone()
        .or_else(|| table::switch(&cmd.name).map(table::Switch::owned));
    let Some(switch) = switch.filter(|_| !alternatives.is_empty()) else {
        let default = c.reply(schema, &hint);
        return CommandReply {
            default,
            rules: Vec::new(),
            doc,
            untyped: c.untyped,
        };
    };
    let pick = |idx: &[usize]| -> Vec<&Json> {
        idx.iter()
            .filter_map(|&i| alternatives.get(i).copied())
            .collect()
    };
    let default = c.alternatives(&pick(&switch.default), &hint);
    // A rule whose arguments this version of the command does not have never applies.
    let rules = switch
        .rules
        .iter()
        .filter(|(given, _)| {
            given
                .iter()
                .any(|g| g.split('+').all(|part| has_arg(&cmd.arguments, part)))
        })
        .map(|(given, alts)| {
            let stem = format!("{hint}{}", naming::camel(&given[0].replace('+', "_")));
            let ty = c.alternatives(&pick(alts), &stem);
            (given.clone(), ty)
        })
        .collect();
    let doc = if doc.is_empty() {
        pick(&switch.default)
            .first()
            .map(|a| description(a))
            .unwrap_or_default()
    } else {
        doc
    };
    CommandReply {
        default,
        rules,
        doc,
        untyped: c.untyped,
    }
}

/// The builder plan of `cmd` as the generator emits it: the arguments that pick its
/// reply have no conditional twins (see [`plan::plan_with`](crate::plan::plan_with)),
/// and the methods kept from older specs are there (see [`crate::compat`]).
///
/// # Errors
///
/// [`Error::Spec`] when a recorded alias no longer applies.
pub fn builder_plan(cmd: &CommandSpec) -> Result<Plan, Error> {
    let reply = command_reply(cmd, &mut Structs::default());
    plan_for(cmd, &reply)
}

/// As [`builder_plan`], with the reply already worked out.
pub(crate) fn plan_for(cmd: &CommandSpec, reply: &CommandReply) -> Result<Plan, Error> {
    let mut plan = crate::plan::plan_with(cmd, &reply.args());
    crate::compat::apply(&mut plan, &crate::compat::recorded(cmd)?, &cmd.name)?;
    // Every argument of a command one family alone has is that family's alone.
    if let Some(only) = &cmd.only {
        for m in plan.states.iter_mut().flat_map(|s| &mut s.methods) {
            m.leaf.only.get_or_insert_with(|| only.clone());
        }
    }
    Ok(plan)
}

/// One `Request` impl of a complete state: the parameters it fixes to a stage (the others
/// are any finished stage), and the reply.
#[derive(Debug, Clone, PartialEq)]
pub struct ReplyImpl {
    /// (slot index of the plan, stage).
    pub fixed: Vec<(usize, Stage)>,
    /// The reply type.
    pub ty: Ty,
}

/// What one condition of a rule means for a state.
enum Condition {
    /// The argument's parameter is `Set`.
    Given(usize),
    /// Known for the whole state (the branch of a station it follows).
    Always(bool),
}

/// The `Request` impls of the complete state `state` of `cmd`'s plan: one per case of
/// the reply's rules (first rule first), each fixing the parameters that decide it.
///
/// # Errors
///
/// [`Error::Spec`] when a rule names an argument the command does not have.
pub fn impls(
    cmd: &CommandSpec,
    reply: &CommandReply,
    plan: &Plan,
    state: &State,
) -> Result<Vec<ReplyImpl>, Error> {
    let mut out = Vec::new();
    // Parameters that earlier rules need `Unset` (else they would have applied).
    let mut unset: Vec<usize> = Vec::new();
    // Parameters that an earlier all-of rule set together: a later rule for one of them
    // needs the others `Unset`.
    let mut together: Vec<Vec<usize>> = Vec::new();
    for (given, ty) in &reply.rules {
        if let [all] = given.as_slice() {
            if all.contains('+') {
                let mut slots = Vec::new();
                for part in all.split('+') {
                    match condition(cmd, plan, state, part)? {
                        Condition::Given(slot) => slots.push(slot),
                        Condition::Always(true) => {}
                        Condition::Always(false) => slots.clear(),
                    }
                }
                if slots.len() == all.split('+').count() && !slots.iter().any(|s| unset.contains(s))
                {
                    let mut fixed: Vec<(usize, Stage)> =
                        unset.iter().map(|s| (*s, Stage::Unset)).collect();
                    fixed.extend(slots.iter().map(|s| (*s, Stage::Set)));
                    for fixed in excluding(fixed, &together) {
                        out.push(ReplyImpl {
                            fixed,
                            ty: ty.clone(),
                        });
                    }
                    together.push(slots);
                }
                continue;
            }
        }
        let mut lits = Vec::new();
        let mut always = false;
        for g in given {
            match condition(cmd, plan, state, g)? {
                Condition::Given(slot) => lits.push(slot),
                Condition::Always(true) => always = true,
                Condition::Always(false) => {}
            }
        }
        if always {
            out.push(ReplyImpl {
                fixed: unset.iter().map(|s| (*s, Stage::Unset)).collect(),
                ty: ty.clone(),
            });
            return Ok(out);
        }
        for (i, &slot) in lits.iter().enumerate() {
            if unset.contains(&slot) {
                continue;
            }
            let mut fixed: Vec<(usize, Stage)> = unset.iter().map(|s| (*s, Stage::Unset)).collect();
            fixed.extend(lits[..i].iter().map(|s| (*s, Stage::Unset)));
            fixed.push((slot, Stage::Set));
            for fixed in excluding(fixed, &together) {
                out.push(ReplyImpl {
                    fixed,
                    ty: ty.clone(),
                });
            }
        }
        for slot in lits {
            if !unset.contains(&slot) {
                unset.push(slot);
            }
        }
    }
    let fixed: Vec<(usize, Stage)> = unset.iter().map(|s| (*s, Stage::Unset)).collect();
    for fixed in excluding(fixed, &together) {
        out.push(ReplyImpl {
            fixed,
            ty: reply.default.clone(),
        });
    }
    Ok(out)
}

/// The cases of `fixed` that no earlier all-of rule (`groups`, each its parameters all
/// `Set`) matches, as disjoint fixings, so that the impls never overlap and every
/// combination of options has one: for a group not already ruled out, one case per
/// parameter of it left open, that parameter `Unset` and the ones before it `Set`
/// (`A+B+C` first, then `A+B` takes `C` unset). A case the group covers whole (its
/// parameters all set by `fixed`) is dropped: the earlier rule has it.
fn excluding(fixed: Vec<(usize, Stage)>, groups: &[Vec<usize>]) -> Vec<Vec<(usize, Stage)>> {
    let mut cases = vec![fixed];
    for group in groups {
        let mut next = Vec::new();
        for case in cases {
            let stage = |k: usize| case.iter().find(|(j, _)| *j == k).map(|(_, s)| *s);
            if group.iter().any(|&k| stage(k) == Some(Stage::Unset)) {
                next.push(case);
                continue;
            }
            let open: Vec<usize> = group
                .iter()
                .copied()
                .filter(|&k| stage(k).is_none())
                .collect();
            for (i, &k) in open.iter().enumerate() {
                let mut c = case.clone();
                c.extend(open[..i].iter().map(|&j| (j, Stage::Set)));
                c.push((k, Stage::Unset));
                next.push(c);
            }
        }
        cases = next;
    }
    for case in &mut cases {
        case.sort();
        case.dedup();
    }
    cases
}

fn condition(
    cmd: &CommandSpec,
    plan: &Plan,
    state: &State,
    given: &str,
) -> Result<Condition, Error> {
    let matches =
        |(name, token): &(String, Option<String>)| name == given || token.as_deref() == Some(given);
    let in_state = |k: &usize| state.slots.contains(k);
    let first = state
        .slots
        .iter()
        .copied()
        .find(|&k| plan.slots[k].args.first().is_some_and(matches));
    let any = || {
        state
            .slots
            .iter()
            .copied()
            .find(|&k| in_state(&k) && plan.slots[k].args.iter().any(matches))
    };
    if let Some(slot) = first.or_else(any) {
        return Ok(Condition::Given(slot));
    }
    if state.via.as_deref() == Some(given) {
        return Ok(Condition::Always(true));
    }
    // Another branch of the station, or an argument another version of the command has
    // (the table serves every spec; its names are checked against the repository's).
    let _ = cmd;
    Ok(Condition::Always(false))
}

/// True when some argument of `args` (at any depth) has the name or token `given`.
pub(crate) fn has_arg(args: &[Arg], given: &str) -> bool {
    args.iter().any(|a| {
        a.name == given || a.token.as_deref() == Some(given) || has_arg(&a.children, given)
    })
}

/// The replies of every command of a spec, for the generator's report.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Callable commands.
    pub commands: usize,
    /// Commands some reply of which is, or holds, `Value`, with why.
    pub untyped: Vec<(String, Vec<String>)>,
    /// Commands whose options pick the reply.
    pub switched: usize,
    /// Structs generated.
    pub structs: usize,
    /// For each server the spec was merged from (`redis 8.2.3`): how many of the
    /// commands it has, and how many of those are on `Value`.
    pub per_server: Vec<(String, usize, usize)>,
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let typed = self.commands - self.untyped.len();
        writeln!(
            f,
            "reply types: {typed} of {} commands fully typed ({} with options that pick \
             the reply, {} generated structs); {} on Value:",
            self.commands,
            self.switched,
            self.structs,
            self.untyped.len()
        )?;
        for (_, why) in &self.untyped {
            for w in why {
                writeln!(f, "  {w}")?;
            }
        }
        for (server, commands, untyped) in &self.per_server {
            writeln!(
                f,
                "on {server}: {untyped} of its {commands} commands on Value ({:.1}%)",
                *untyped as f64 * 100.0 / (*commands).max(1) as f64
            )?;
        }
        Ok(())
    }
}
