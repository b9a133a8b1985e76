//! The argument list a command's builder is planned from: the spec's arguments (or
//! generic ones), normalised, with required blocks spliced into top-level items.

use crate::spec::{Arg, ArgKind, CommandSpec};

/// A top-level item after splicing required blocks.
#[derive(Debug, Clone)]
pub(super) enum Item<'a> {
    Required {
        arg: &'a Arg,
        prefix: Vec<String>,
    },
    Optional(&'a Arg),
    /// An integer that counts the items of the argument after it (`numkeys key [key
    /// ...]`): the builder writes it.
    Count {
        arg: &'a Arg,
        prefix: Vec<String>,
    },
}

/// True when `a`, followed by `next`, is a count the builder can write: a required
/// integer named `num...` before a repeated argument (`numkeys key [key ...]`).
pub(super) fn is_count(a: &Arg, next: Option<&Arg>) -> bool {
    a.kind == ArgKind::Integer
        && !a.optional
        && !a.multiple
        && a.token.is_none()
        && a.name.starts_with("num")
        && next.is_some_and(|n| n.multiple)
}

pub(super) fn splice<'a>(args: &'a [Arg], prefix: &mut Vec<String>, out: &mut Vec<Item<'a>>) {
    for (i, a) in args.iter().enumerate() {
        if is_count(a, args.get(i + 1)) {
            out.push(Item::Count {
                arg: a,
                prefix: std::mem::take(prefix),
            });
        } else if a.optional {
            // A prefix (token of a spliced block) belongs before the block's first part,
            // which is then required; an optional first part keeps it as its own item.
            out.push(Item::Optional(a));
        } else if a.kind == ArgKind::Block && !a.multiple && !tight_block_is_simple(a) {
            let mut p = std::mem::take(prefix);
            p.extend(a.token.iter().cloned());
            splice(&a.children, &mut p, out);
            prefix.extend(p);
        } else {
            out.push(Item::Required {
                arg: a,
                prefix: std::mem::take(prefix),
            });
        }
    }
}

/// A required block of plain required values is kept whole (one method with parameters).
fn tight_block_is_simple(a: &Arg) -> bool {
    a.children
        .iter()
        .all(|c| !c.optional && !c.multiple && !c.kind.is_group())
}

/// The arguments a builder offers: the spec's, or, when a spec lists none although the
/// arity asks for more words (Redis 7.0 documents `COMMAND GETKEYS` so), generic
/// required string arguments `arg1`, `arg2`, ... (the last repeatable when the arity is
/// a minimum), so the command stays callable.
pub fn effective_arguments(cmd: &CommandSpec) -> Vec<Arg> {
    let words = cmd.name.split(' ').count() as i64;
    let missing = cmd.arity.abs() - words;
    if !cmd.arguments.is_empty() || missing <= 0 {
        return cmd.arguments.iter().map(normalise).collect();
    }
    (1..=missing)
        .map(|i| Arg {
            name: format!("arg{i}"),
            kind: ArgKind::String,
            token: None,
            optional: false,
            multiple: cmd.arity < 0 && i == missing,
            multiple_token: false,
            since: None,
            since_in: Default::default(),
            only: None,
            missing_from: Vec::new(),
            deprecated_since: None,
            display: None,
            example: None,
            typed: None,
            meaning: None,
            children: Vec::new(),
        })
        .collect()
}

/// A block of one value behind a token (`[ID client-id [client-id ...]]`) is that value
/// with the block's token: one method, the token written once.
fn normalise(a: &Arg) -> Arg {
    let mut a = a.clone();
    a.children = a.children.iter().map(normalise).collect();
    if a.kind == ArgKind::Block && a.children.len() == 1 && a.token.is_some() {
        let child = &a.children[0];
        if !child.kind.is_group() && child.token.is_none() && !child.optional {
            let mut merged = child.clone();
            merged.token = a.token.clone();
            merged.optional = a.optional;
            merged.multiple = a.multiple || child.multiple;
            merged.multiple_token = a.multiple && !child.multiple;
            merged.since = a.since.clone().or(merged.since);
            if !a.since_in.is_empty() {
                merged.since_in = a.since_in.clone();
            }
            merged.only = a.only.clone().or(merged.only);
            for m in &a.missing_from {
                if !merged.missing_from.contains(m) {
                    merged.missing_from.push(m.clone());
                }
            }
            merged.deprecated_since = a.deprecated_since.clone().or(merged.deprecated_since);
            return merged;
        }
    }
    a
}
