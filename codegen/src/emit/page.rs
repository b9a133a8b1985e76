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

/// The module's documentation, as lines.
pub(super) fn lines(
    cmd: &CommandSpec,
    snake: &str,
    plan: &Plan,
    returns: &str,
    scripted: bool,
) -> Vec<String> {
    let mut out = vec![
        format!("`{}`: {}.", cmd.name, bare(&cmd.summary)),
        String::new(),
        format!(
            "Built by `b().{snake}()`, then the methods below, a step at a time: each step's \
             arguments are given by one of its methods, and an option may be given once its \
             step is reached. A builder that is not complete does not compile where a \
             command is sent."
        ),
        String::new(),
        "| Awaiting | Method | Writes | |".to_owned(),
        "|---|---|---|---|".to_owned(),
    ];
    let alternatives = alternatives(plan);
    for s in &plan.states {
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
        for m in own(s) {
            let writes = m.leaf.syntax().replace('|', "\\|");
            // The method's row says what it is; its twins' rows, "the same".
            let notes = notes(m);
            let one_of = one_of(m, &alternatives);
            for (i, (call, what)) in calls(m).into_iter().enumerate() {
                let (what, notes) = match (i, &one_of) {
                    (0, Some(one_of)) => (one_of.as_str(), notes.as_str()),
                    (0, None) => (what, notes.as_str()),
                    _ => (what, ""),
                };
                rows.push(format!("`{call}` | `{writes}` | {what}{notes} |"));
            }
        }
        for (i, row) in rows.iter().enumerate() {
            let step = if i == 0 { step_name(s) } else { String::new() };
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

/// What a state awaits, as its first row names it.
fn step_name(s: &State) -> String {
    let after = s
        .via
        .as_ref()
        .map(|branch| format!(", after `{branch}`"))
        .unwrap_or_default();
    match s.missing.first() {
        Some(next) => format!("`{next}`{after}"),
        None => format!("nothing{after}: complete, send it or give options"),
    }
}

/// The options that exclude one another: for each parameter that more than one method
/// gives (`SET`'s `nx`, `xx`, `ifeq`), their names.
fn alternatives(plan: &Plan) -> Vec<(usize, Vec<&str>)> {
    let mut out: Vec<(usize, Vec<&str>)> = Vec::new();
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
        match out.iter_mut().find(|(j, _)| j == k) {
            Some((_, names)) if names.contains(&m.leaf.name.as_str()) => {}
            Some((_, names)) => names.push(&m.leaf.name),
            None => out.push((*k, vec![&m.leaf.name])),
        }
    }
    out.retain(|(_, names)| names.len() > 1);
    out
}

/// For an option that excludes others, what its row says it is: "optional, one at most of
/// `nx`, `xx`, `ifeq`".
fn one_of(m: &Method, alternatives: &[(usize, Vec<&str>)]) -> Option<String> {
    let Effect::Piece {
        slot: Some((k, Stage::Unset, _)),
        ..
    } = &m.effect
    else {
        return None;
    };
    let (_, names) = alternatives.iter().find(|(j, _)| j == k)?;
    let names: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    Some(format!("optional, one at most of {}", names.join(", ")))
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
/// is.
fn calls(m: &Method) -> Vec<(String, &'static str)> {
    let name = &m.leaf.name;
    // A keyword's method is also written with a trailing `_`, the name the page shows.
    let shown = match crate::naming::ident(name).to_string().strip_prefix("r#") {
        Some(keyword) => format!("{keyword}_"),
        None => name.clone(),
    };
    let params: Vec<String> = super::writes::param_idents(&m.leaf)
        .iter()
        .map(|p| p.to_string().trim_start_matches("r#").to_owned())
        .collect();
    let call = format!("{shown}({})", params.join(", "));
    match &m.effect {
        Effect::Advance { iter, .. } => {
            let mut out = vec![(call, "required")];
            if iter.is_some() {
                out.push((format!("{name}_iter(items)"), "required, all at once"));
            }
            out
        }
        Effect::Piece {
            slot,
            iter,
            conditional,
            token_once,
            ..
        } => {
            let what = match slot {
                Some((_, Stage::Unset, _)) => "optional, at most once",
                Some(_) => "part of a block already entered",
                None if token_once.is_some() || *iter => "optional, repeatable",
                None => "repeatable",
            };
            let mut out = vec![(call, what)];
            if *iter {
                out.push((format!("{name}_iter(items)"), "the same, all at once"));
            }
            if *conditional {
                let twin = if params.is_empty() {
                    format!("{name}_if(on)")
                } else {
                    format!("{name}_opt(value)")
                };
                out.push((twin, "the same, when given"));
            }
            out
        }
    }
}
