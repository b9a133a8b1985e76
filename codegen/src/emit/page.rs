//! A command's page in the docs: the documentation of its builder's module, one table of
//! every step and option in the order the command takes them.
//!
//! The states themselves are hidden from the docs (`#[doc(hidden)]`; they are still
//! public, nameable and what an editor completes): a page for each of them cost ~26 KB of
//! rustdoc's boilerplate (auto traits, blanket impls, the sidebar) to say which methods
//! come next, which this page says for all of them at once.

use crate::plan::{Effect, Method, Plan, Stage, State};
use crate::spec::CommandSpec;

use super::doc::{availability, bare, doc_text};

/// The module's documentation, as lines; `deprecated` is the entry method's deprecation
/// note, if any.
pub(super) fn lines(
    cmd: &CommandSpec,
    plan: &Plan,
    returns: &str,
    scripted: bool,
    deprecated: Option<&str>,
) -> Vec<String> {
    let entry = super::request::entry_name(cmd);
    let mut out = vec![
        format!("`{}`: {}.", cmd.name, bare(&cmd.summary)),
        String::new(),
    ];
    if let Some(note) = deprecated {
        out.extend([format!("Deprecated: {}.", doc_text(note)), String::new()]);
    }
    out.extend([
        format!(
            "Built by `b().{entry}()`, then the methods below, a step at a time: each step's \
             arguments are given by one of its methods, and an option may be given once its \
             step is reached. A builder that is not complete does not compile where a \
             command is sent."
        ),
        String::new(),
        "| Awaiting | Method | Writes | |".to_owned(),
        "|---|---|---|---|".to_owned(),
    ]);
    let rules = Rules::of(plan);
    for (index, s) in plan.states.iter().enumerate() {
        let mut rows: Vec<String> = Vec::new();
        if s.build {
            rows.push(
                "`build()` | | the `Command`, its reply type forgotten (a complete builder is \
                 sent as it is) |"
                    .to_owned(),
            );
            if scripted {
                rows.push(
                    "`returning::<T>()` | | reads the reply as `T`, the type the script \
                     returns, checked when it is read |"
                        .to_owned(),
                );
            }
        }
        let required = own(s)
            .filter(|m| matches!(m.effect, Effect::Advance { .. }))
            .count();
        for m in own(s) {
            let writes = m.leaf.syntax().replace('|', "\\|");
            // The method's row says what it is; its twins' rows, "the same".
            let notes = notes(m);
            for (i, (call, what)) in calls(m, &rules, required > 1).into_iter().enumerate() {
                let notes = if i == 0 { notes.as_str() } else { "" };
                rows.push(format!("`{call}` | `{writes}` | {what}{notes} |"));
            }
        }
        for (i, row) in rows.iter().enumerate() {
            let step = if i == 0 {
                step_name(plan, index, s)
            } else {
                String::new()
            };
            out.push(format!("| {step} | {row}"));
        }
    }
    out.extend([String::new(), returns.to_owned(), String::new()]);
    out.push(format!(
        "Exists {}; complexity: {}; group: {}.",
        availability(&cmd.since, &cmd.since_in, cmd.only.as_deref()),
        bare(&cmd.complexity),
        doc_text(&cmd.group)
    ));
    out
}

/// What a state awaits, as its first row names it. A state reached by some of the
/// methods of one step and not others (`CLIENT KILL`'s filters, where `old_format` goes
/// elsewhere) says which.
fn step_name(plan: &Plan, index: usize, s: &State) -> String {
    let after = match &s.via {
        Some(branch) => after_methods(plan, index, branch),
        None => String::new(),
    };
    match s.missing.first() {
        Some(next) => format!("`{next}`{after}"),
        None => format!("nothing{after}: complete, send it or give options"),
    }
}

/// ", after `a`, `b` or `c`": the methods that lead to state `index` (the first two and a
/// count, when there are more than three). When several do, the spec's name of their
/// `branch` follows, which the reply's line may use (`CLIENT KILL`'s "with
/// `new-format`").
fn after_methods(plan: &Plan, index: usize, branch: &str) -> String {
    let mut names: Vec<String> = Vec::new();
    for m in plan.states.iter().flat_map(own) {
        if matches!(m.effect, Effect::Advance { target, .. } if target == index) {
            let name = crate::naming::callable(&m.leaf.name);
            if !names.contains(&name) {
                names.push(name);
            }
        }
    }
    let form = format!(" (the `{branch}` form)");
    match names.as_slice() {
        [] => String::new(),
        [one] => format!(", after `{one}`"),
        [first @ .., last] if names.len() <= 3 => {
            format!(", after {} or `{last}`{form}", quoted(first))
        }
        [a, b, ..] => format!(
            ", after `{a}`, `{b}` or another of the {} methods above that lead here{form}",
            names.len()
        ),
    }
}

/// Lists of method names, quoted: `` `a`, `b`, `c` ``.
fn quoted(names: &[String]) -> String {
    let names: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    names.join(", ")
}

/// Adds `name` to parameter `k`'s names, once.
fn add(names_of: &mut Vec<(usize, Vec<String>)>, k: usize, name: String) {
    match names_of.iter_mut().find(|(j, _)| *j == k) {
        Some((_, names)) if names.contains(&name) => {}
        Some((_, names)) => names.push(name),
        None => names_of.push((k, vec![name])),
    }
}

/// What the command's rules between options say of each: the parameters that more than
/// one method gives (`SET`'s `nx`, `xx`, `ifeq`: one at most), the groups of which one
/// must be given (`GEOSEARCH`'s `frommember`, `fromlonlat`, `bypolygon`), and the blocks
/// whose options need them opened (`XADD`'s `limit` after `maxlen` or `minid`).
struct Rules {
    /// For each parameter given by its methods, their names.
    givers: Vec<(usize, Vec<String>)>,
    /// For each parameter a required argument sets, the methods that set it.
    entered: Vec<(usize, Vec<String>)>,
    /// The exactly-one groups, as parameters.
    exactly_one: Vec<Vec<usize>>,
    /// For each block, the methods that open it.
    openers: Vec<(usize, Vec<String>)>,
}

impl Rules {
    fn of(plan: &Plan) -> Rules {
        let mut givers: Vec<(usize, Vec<String>)> = Vec::new();
        let mut entered: Vec<(usize, Vec<String>)> = Vec::new();
        for m in plan.states.iter().flat_map(|s| &s.methods) {
            let Effect::Piece {
                slot: Some((k, Stage::Unset, _)),
                ..
            } = &m.effect
            else {
                continue;
            };
            if m.alias_of.is_some() {
                continue;
            }
            add(&mut givers, *k, crate::naming::callable(&m.leaf.name));
        }
        // A required argument may set a parameter too: the branch of a `oneof` it takes
        // (`GEOSEARCH`'s `bypolygon`, whose vertices follow).
        for m in plan.states.iter().flat_map(|s| &s.methods) {
            if let Effect::Advance {
                enters: Some((k, _)),
                ..
            } = &m.effect
            {
                add(&mut entered, *k, crate::naming::callable(&m.leaf.name));
            }
        }
        let openers = (0..plan.slots.len())
            .map(|k| {
                let mut names: Vec<String> = super::early::openers(plan, k)
                    .iter()
                    .map(|n| crate::naming::callable(n))
                    .collect();
                for (_, more) in entered.iter().filter(|(j, _)| *j == k) {
                    names.extend(more.iter().cloned());
                }
                (k, names)
            })
            .collect();
        Rules {
            givers,
            entered,
            exactly_one: plan.exactly_one.clone(),
            openers,
        }
    }

    fn givers(&self, k: usize) -> &[String] {
        self.givers
            .iter()
            .find(|(j, _)| *j == k)
            .map_or(&[], |(_, names)| names.as_slice())
    }

    fn openers(&self, k: usize) -> String {
        let names = self
            .openers
            .iter()
            .find(|(j, _)| *j == k)
            .map_or(&[][..], |(_, names)| names.as_slice());
        quoted(names).replace(", ", " or ")
    }

    /// What an option that gives parameter `k` is.
    fn option(&self, k: usize) -> String {
        if let Some(group) = self.exactly_one.iter().find(|g| g.contains(&k)) {
            let mut names: Vec<String> = Vec::new();
            for j in group {
                names.extend(self.givers(*j).iter().cloned());
                for (_, more) in self.entered.iter().filter(|(e, _)| e == j) {
                    names.extend(more.iter().cloned());
                }
            }
            return format!("required: one of {}", quoted(&names));
        }
        match self.givers(k) {
            names if names.len() > 1 => format!("optional, one at most of {}", quoted(names)),
            _ => "optional, at most once".to_owned(),
        }
    }
}

/// What else the docs say of a method: what it means, where it exists, whether it is
/// deprecated.
fn notes(m: &Method) -> String {
    let mut notes = String::new();
    if let Some(since) = &m.leaf.since {
        let at = availability(since, &m.leaf.since_in, m.leaf.only.as_deref());
        notes.push_str(&format!("; {at}"));
    } else if let Some(only) = &m.leaf.only {
        notes.push_str(&format!("; on {only} only"));
    }
    if let Some(d) = &m.leaf.deprecated_since {
        notes.push_str(&format!("; deprecated since {}", super::doc::dated(d)));
    }
    if let Some(meaning) = &m.leaf.meaning {
        notes.push_str(&format!(". {}.", bare(meaning).replace('|', "\\|")));
    }
    notes
}

/// The methods a state adds: its required arguments and the options of its own segment
/// (those of earlier segments are listed where they first appear), without the older
/// names kept for compatibility.
fn own(s: &State) -> impl Iterator<Item = &Method> {
    s.methods
        .iter()
        .enumerate()
        .filter(|(i, _)| !s.inherited.contains(i))
        .map(|(_, m)| m)
        .filter(|m| m.alias_of.is_none())
}

/// A method's calls as the docs show them (the method, then its twins), each with what it
/// is; `alternative`: a required argument its state takes from one of several methods.
fn calls(m: &Method, rules: &Rules, alternative: bool) -> Vec<(String, String)> {
    let name = crate::naming::callable(&m.leaf.name);
    let params: Vec<String> = super::writes::param_idents(&m.leaf)
        .iter()
        .map(|p| p.to_string().trim_start_matches("r#").to_owned())
        .collect();
    let call = format!("{name}({})", params.join(", "));
    let base = m.leaf.name.as_str();
    match &m.effect {
        Effect::Advance { iter, .. } => {
            let what = if alternative {
                "required, one of these"
            } else {
                "required"
            };
            let mut out = vec![(call, what.to_owned())];
            if iter.is_some() {
                out.push((
                    format!("{base}_iter(items)"),
                    format!("{what}, all at once (at least one item)"),
                ));
            }
            out
        }
        Effect::Piece {
            slot,
            gate,
            iter,
            conditional,
            token_once,
            ..
        } => {
            let mut what = match slot {
                Some((k, Stage::Unset, _)) => rules.option(*k),
                Some((k, _, _)) => format!("part of the block {} opens", rules.openers(*k)),
                None if token_once.is_some() || *iter => "optional, repeatable".to_owned(),
                None => "repeatable".to_owned(),
            };
            if let Some(g) = gate {
                what.push_str(&format!("; after {}", rules.openers(*g)));
            }
            let mut out = vec![(call, what)];
            if *iter {
                out.push((
                    format!("{base}_iter(items)"),
                    "the same, all at once".to_owned(),
                ));
            }
            if *conditional {
                let twin = if params.is_empty() {
                    format!("{base}_if(on)")
                } else {
                    format!("{base}_opt(value)")
                };
                out.push((twin, "the same, when given".to_owned()));
            }
            out
        }
    }
}
