//! Unique method names within a state.

use std::collections::BTreeMap;

use crate::naming;

use super::{Effect, Method, State};

/// Names every method of a state uniquely: a clash is qualified by the top-level
/// argument it belongs to, then numbered. Twins (`_opt`, `_if`, `_iter`) and `build`
/// count as names.
pub(super) fn dedupe(state: &mut State) {
    let twins = |m: &Method| -> Vec<String> {
        let n = &m.leaf.name;
        let mut v = vec![n.clone()];
        match &m.effect {
            Effect::Advance { iter: Some(_), .. } | Effect::Piece { iter: true, .. } => {
                v.push(format!("{n}_iter"));
            }
            Effect::Piece {
                conditional: true, ..
            } => v.push(if m.leaf.params.is_empty() {
                format!("{n}_if")
            } else {
                format!("{n}_opt")
            }),
            _ => {}
        }
        v
    };
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    counts.insert("build".into(), 1);
    for m in &state.methods {
        for t in twins(m) {
            *counts.entry(t).or_default() += 1;
        }
    }
    let mut clashing: Vec<usize> = Vec::new();
    for (i, m) in state.methods.iter().enumerate() {
        if twins(m).iter().any(|t| counts[t] > 1) {
            clashing.push(i);
        }
    }
    for i in clashing {
        let m = &mut state.methods[i];
        let owner = naming::method(&m.owner, "arg");
        if !m.leaf.name.starts_with(&owner) {
            m.leaf.name = format!("{owner}_{}", m.leaf.name);
        }
    }
    // Whatever still clashes gets a number, in method order (deterministic).
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    seen.insert("build".into(), 1);
    for m in &mut state.methods {
        let base = m.leaf.name.clone();
        let mut n = 1;
        loop {
            let clash = twins(m).iter().any(|t| seen.contains_key(t));
            if !clash {
                break;
            }
            n += 1;
            m.leaf.name = format!("{base}_{n}");
        }
        for t in twins(m) {
            seen.insert(t, 1);
        }
    }
}
