//! Unique method names: within a segment's options, within a state's own methods, and
//! against the names the state inherits from earlier segments.

use std::collections::{BTreeMap, BTreeSet};

use crate::naming;

use super::{Effect, Method};

/// Every name a method takes: its own and its twins' (`_opt`, `_if`, `_iter`).
fn twins(m: &Method) -> Vec<String> {
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
}

/// The names `methods` take, twins included.
pub(super) fn names(methods: &[Method]) -> BTreeSet<String> {
    methods.iter().flat_map(twins).collect()
}

/// Names every method uniquely, among themselves and against `taken` (and `build`): a
/// clash is qualified by the top-level argument the method belongs to, then numbered.
pub(super) fn dedupe(methods: &mut [Method], taken: &BTreeSet<String>) {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for t in taken.iter().cloned().chain(["build".to_owned()]) {
        *counts.entry(t).or_default() += 1;
    }
    for m in methods.iter() {
        for t in twins(m) {
            *counts.entry(t).or_default() += 1;
        }
    }
    let clashing: Vec<usize> = methods
        .iter()
        .enumerate()
        .filter(|(_, m)| twins(m).iter().any(|t| counts[t] > 1))
        .map(|(i, _)| i)
        .collect();
    for i in clashing {
        let m = &mut methods[i];
        let owner = naming::method(&m.owner, "arg");
        if !m.leaf.name.starts_with(&owner) {
            m.leaf.name = format!("{owner}_{}", m.leaf.name);
        }
    }
    // Whatever still clashes gets a number, in method order (deterministic).
    let mut seen: BTreeSet<String> = taken.clone();
    seen.insert("build".into());
    for m in methods.iter_mut() {
        let base = m.leaf.name.clone();
        let mut n = 1;
        while twins(m).iter().any(|t| seen.contains(t)) {
            n += 1;
            m.leaf.name = format!("{base}_{n}");
        }
        seen.extend(twins(m));
    }
}
