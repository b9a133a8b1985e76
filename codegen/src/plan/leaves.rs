//! The leaves of an argument: the writes and parameters of the methods that give it,
//! exact ([`tight`]) or one free-standing method per leaf ([`loose`]).

use crate::naming;
use crate::spec::{Arg, ArgKind};

use super::{Counted, Leaf, Param, Write};

/// Most variants one method may expand into (a block holding pure-token `oneof`s).
const MAX_VARIANTS: usize = 16;

/// The leaves of an argument as one exact method each, ignoring its own `optional` and
/// `multiple` (the caller handles those); `None` when the argument's structure cannot be
/// written by single calls.
pub fn tight(a: &Arg) -> Option<Vec<Leaf>> {
    if let Some(typed) = &a.typed {
        return Some(vec![typed_leaf(a, typed)]);
    }
    let leaves = match a.kind {
        ArgKind::PureToken => vec![Leaf {
            name: naming::method(a.token.as_deref().unwrap_or(&a.name), &a.name),
            writes: vec![Write::Token(a.token.clone().unwrap_or_default())],
            params: vec![],
            since: a.since.clone(),
            since_in: a.since_in.clone(),
            only: a.only.clone(),
            missing_from: a.missing_from.clone(),
            deprecated_since: a.deprecated_since.clone(),
            meaning: a.meaning.clone(),
        }],
        ArgKind::Oneof => {
            let mut out = Vec::new();
            for c in &a.children {
                if c.multiple {
                    return None;
                }
                for mut leaf in tight(c)? {
                    if let Some(t) = &a.token {
                        leaf.name = format!("{}_{}", naming::method(t, &a.name), leaf.name);
                    }
                    inherit(&mut leaf, a);
                    out.push(leaf.prefixed(a.token.as_ref()));
                }
            }
            out
        }
        ArgKind::Block => {
            if let Some(list) = counted_leaf(a) {
                return Some(vec![list]);
            }
            let mut acc = vec![Leaf {
                name: block_name(a),
                writes: a.token.iter().cloned().map(Write::Token).collect(),
                params: vec![],
                since: a.since.clone(),
                since_in: a.since_in.clone(),
                only: a.only.clone(),
                missing_from: a.missing_from.clone(),
                deprecated_since: a.deprecated_since.clone(),
                meaning: a.meaning.clone(),
            }];
            for c in &a.children {
                if c.optional || c.multiple {
                    return None;
                }
                let parts = tight(c)?;
                let variants = c.kind == ArgKind::Oneof && parts.len() > 1;
                let mut next = Vec::new();
                for base in &acc {
                    for part in &parts {
                        next.push(join(base, part, variants));
                    }
                }
                if next.len() > MAX_VARIANTS {
                    return None;
                }
                acc = next;
            }
            acc
        }
        _ => vec![Leaf {
            name: naming::method(a.token.as_deref().unwrap_or(&a.name), &a.name),
            writes: a
                .token
                .iter()
                .cloned()
                .map(Write::Token)
                .chain([Write::Param(0)])
                .collect(),
            params: vec![Param {
                name: naming::method(&a.name, "value"),
                kind: a.kind,
                counted: None,
                example: a.example.clone(),
                typed: None,
            }],
            since: a.since.clone(),
            since_in: a.since_in.clone(),
            only: a.only.clone(),
            missing_from: a.missing_from.clone(),
            deprecated_since: a.deprecated_since.clone(),
            meaning: a.meaning.clone(),
        }],
    };
    Some(leaves)
}

/// The one method of an argument taken whole as a typed value (`Arg::typed`): its token,
/// then the value, which writes its own words.
fn typed_leaf(a: &Arg, typed: &str) -> Leaf {
    Leaf {
        name: naming::method(a.token.as_deref().unwrap_or(&a.name), &a.name),
        writes: a
            .token
            .iter()
            .cloned()
            .map(Write::Token)
            .chain([Write::Param(0)])
            .collect(),
        params: vec![Param {
            name: naming::method(&a.name, "value"),
            kind: ArgKind::String,
            counted: None,
            example: a.example.clone(),
            typed: Some(typed.to_owned()),
        }],
        since: a.since.clone(),
        since_in: a.since_in.clone(),
        only: a.only.clone(),
        missing_from: a.missing_from.clone(),
        deprecated_since: a.deprecated_since.clone(),
        meaning: a.meaning.clone(),
    }
}

/// The one method of a block that is a count and its items (see [`counted_list`]).
fn counted_leaf(a: &Arg) -> Option<Leaf> {
    let (items, counted) = counted_list(a)?;
    let mut writes: Vec<Write> = a.token.iter().cloned().map(Write::Token).collect();
    writes.push(Write::Param(0));
    Some(Leaf {
        name: block_name(a),
        writes,
        params: vec![Param {
            name: naming::method(&items.name, "values"),
            kind: counted.parts[0],
            counted: Some(counted),
            example: items.example.clone(),
            typed: None,
        }],
        since: a.since.clone(),
        since_in: a.since_in.clone(),
        only: a.only.clone(),
        missing_from: a.missing_from.clone(),
        deprecated_since: a.deprecated_since.clone(),
        meaning: a.meaning.clone(),
    })
}

/// The items of a block that is a count and its items, which one method takes as a
/// list, writing the count itself: a `num...` integer before them, or any integer right
/// after the block's keyword (`VALUES num vector [vector ...]`, a module's `INKEYS count
/// key [key ...]`). The items are plain values, or groups of plain values (`PARAMS nargs
/// name value [name value ...]`); a count named `nargs` (or `...args`) counts words.
fn counted_list(a: &Arg) -> Option<(&Arg, Counted)> {
    let [count, items] = a.children.as_slice() else {
        return None;
    };
    let counts = super::arguments::is_count(count, Some(items))
        || (a.token.is_some()
            && count.kind == ArgKind::Integer
            && !count.optional
            && !count.multiple
            && count.token.is_none()
            && items.multiple);
    if !counts || items.optional || items.token.is_some() {
        return None;
    }
    let parts = match items.kind {
        ArgKind::Block => {
            let plain = |c: &Arg| {
                !c.kind.is_group()
                    && c.kind != ArgKind::PureToken
                    && !c.optional
                    && !c.multiple
                    && c.token.is_none()
            };
            if items.children.len() < 2 || !items.children.iter().all(plain) {
                return None;
            }
            items.children.iter().map(|c| c.kind).collect()
        }
        kind if !kind.is_group() && kind != ArgKind::PureToken => vec![kind],
        _ => return None,
    };
    let words = count.name.ends_with("args");
    Some((
        items,
        Counted {
            parts,
            words,
            written: true,
        },
    ))
}

pub(super) fn inherit(leaf: &mut Leaf, a: &Arg) {
    if leaf.deprecated_since.is_none() {
        leaf.deprecated_since = a.deprecated_since.clone();
    }
    if leaf.since.is_none() {
        leaf.since = a.since.clone();
        for (family, since) in &a.since_in {
            leaf.since_in
                .entry(family.clone())
                .or_insert_with(|| since.clone());
        }
    }
    if leaf.only.is_none() {
        leaf.only = a.only.clone();
    }
    merge_missing(&mut leaf.missing_from, &a.missing_from);
    // A choice's own meaning, else the meaning of the choice it is part of (a block's
    // meaning is its own method's, not its parts').
    if leaf.meaning.is_none() && a.kind == ArgKind::Oneof {
        leaf.meaning = a.meaning.clone();
    }
}

/// Adds the servers of `more` to `into`, once each.
fn merge_missing(into: &mut Vec<String>, more: &[String]) {
    for m in more {
        if !into.contains(m) {
            into.push(m.clone());
        }
    }
}

/// Appends `part` to `base` (a block's parts in sequence); `variant` names the method
/// after the chosen alternative.
fn join(base: &Leaf, part: &Leaf, variant: bool) -> Leaf {
    let mut leaf = base.clone();
    let offset = leaf.params.len();
    for p in &part.params {
        let mut name = p.name.clone();
        while leaf.params.iter().any(|q| q.name == name) {
            name.push('2');
        }
        leaf.params.push(Param {
            name,
            kind: p.kind,
            counted: p.counted.clone(),
            example: p.example.clone(),
            typed: p.typed.clone(),
        });
    }
    leaf.writes.extend(part.writes.iter().map(|w| match w {
        Write::Token(t) => Write::Token(t.clone()),
        Write::Param(i) => Write::Param(i + offset),
    }));
    if variant {
        leaf.name = format!("{}_{}", leaf.name, part.name);
    }
    // A block's meaning, then what the variant chose (`FILTER ...` with `KM`).
    leaf.meaning = match (leaf.meaning.take(), &part.meaning) {
        (Some(block), Some(part)) if variant => Some(format!("{block} {part}")),
        (Some(block), _) => Some(block),
        (None, part) => part.clone(),
    };
    if leaf.deprecated_since.is_none() {
        leaf.deprecated_since = part.deprecated_since.clone();
    }
    if leaf.only.is_none() {
        leaf.only = part.only.clone();
    }
    merge_missing(&mut leaf.missing_from, &part.missing_from);
    leaf
}

/// Method name of a block: all its words when it is only words (`NO ONE` → `no_one`),
/// else its token, else its first part's token, else its name.
fn block_name(a: &Arg) -> String {
    if a.children.iter().all(|c| c.kind == ArgKind::PureToken) {
        let words: Vec<&str> = a
            .token
            .iter()
            .chain(a.children.iter().filter_map(|c| c.token.as_ref()))
            .map(String::as_str)
            .collect();
        return naming::method(&words.join("_"), &a.name);
    }
    if let Some(t) = &a.token {
        return naming::method(t, &a.name);
    }
    if let Some(t) = a.children.first().and_then(|c| c.token.as_ref()) {
        if naming::snake(t).is_some() {
            return naming::method(t, &a.name);
        }
    }
    let name = a.name.strip_suffix("-block").unwrap_or(&a.name);
    if name == "data" || name == "args" || name == "arguments" {
        let parts: Vec<&str> = a.children.iter().map(|c| c.name.as_str()).collect();
        return naming::method(&parts.join("_"), name);
    }
    naming::method(name, &a.name)
}

/// Every leaf anywhere inside `a`, each a free-standing repeatable method: exact for a
/// repeated group (BITFIELD's `GET`/`SET`/`INCRBY` in any number and order), a last
/// resort for a once-only one (see
/// [`Segment::choose_branch`](super::segment::Segment::choose_branch)).
pub(super) fn loose(a: &Arg) -> Vec<Leaf> {
    if let Some(mut leaves) = tight(a) {
        if !a.multiple || a.kind != ArgKind::Oneof {
            for l in &mut leaves {
                if l.since.is_none() {
                    l.since_in = a.since_in.clone();
                }
                l.since = l.since.clone().or_else(|| a.since.clone());
                l.only = l.only.clone().or_else(|| a.only.clone());
                merge_missing(&mut l.missing_from, &a.missing_from);
            }
            return leaves;
        }
    }
    let mut out = Vec::new();
    match a.kind {
        ArgKind::Block | ArgKind::Oneof => {
            for c in &a.children {
                for mut l in loose(c) {
                    inherit(&mut l, a);
                    out.push(l.prefixed(if a.kind == ArgKind::Oneof {
                        a.token.as_ref()
                    } else {
                        None
                    }));
                }
            }
            if a.kind == ArgKind::Block {
                if let (Some(t), Some(first)) = (&a.token, out.first_mut()) {
                    first.writes.insert(0, Write::Token(t.clone()));
                }
            }
        }
        _ => out.extend(tight(a).unwrap_or_default()),
    }
    out
}
