//! The optional methods of one segment: pieces at their spec position, once-only ones
//! tracked by the command's type parameters, blocks entered part by part.
//!
//! Over 500 lines for one reason: a segment's pieces, its once-only markers and its blocks
//! are one algorithm (each decides the others' type parameters); split, each part would
//! need the others' state.

use crate::naming;
use crate::spec::{Arg, ArgKind};

use super::leaves::{inherit, loose, tight};
use super::{Counted, Effect, Leaf, Method, Param, Slot, Stage, Write};

/// What a segment adds to the command's plan as it is collected.
pub(super) struct Segment<'a> {
    /// The command's type parameters (shared by all segments).
    pub(super) slots: &'a mut Vec<Slot>,
    /// The next spec position (counted over the whole command).
    pub(super) order: &'a mut u16,
    /// Arguments whose presence changes the reply (by name or token): their methods get
    /// no conditional twin, and a `oneof` branch among them records itself.
    pub(super) reply_args: &'a [String],
    /// Name of the argument the command's count counts, when it is optional.
    pub(super) counted: Option<&'a str>,
    /// The methods collected.
    pub(super) methods: Vec<Method>,
}

/// True when `reply_args` names `a` (by name or token).
fn named(reply_args: &[String], a: &Arg) -> bool {
    reply_args
        .iter()
        .any(|r| *r == a.name || a.token.as_deref() == Some(r.as_str()))
}

impl Segment<'_> {
    fn next_order(&mut self) -> u16 {
        let o = *self.order;
        *self.order += 1;
        o
    }

    fn new_slot(&mut self, name: &str, args: Vec<(String, Option<String>)>) -> usize {
        let mut slot = format!("T{}", naming::camel(name));
        while self.slots.iter().any(|s| s.name == slot) {
            slot.push('2');
        }
        self.slots.push(Slot { name: slot, args });
        self.slots.len() - 1
    }

    fn piece(&mut self, leaf: Leaf, order: u16, owner: &str, effect: PieceEffect) {
        self.methods.push(Method {
            leaf,
            effect: Effect::Piece {
                order,
                slot: effect.slot,
                gate: effect.gate,
                enters: effect.enters,
                token_once: effect.token_once,
                iter: effect.iter,
                conditional: effect.conditional,
                counted: effect.counted,
                choice: None,
            },
            owner: owner.to_owned(),
            alias_of: None,
        });
    }

    /// `leaves` as one optional piece that may be written once: each moves parameter
    /// `slot` from `Unset` to `Set` (and records its branch in `branches[i]`, if any).
    fn once(
        &mut self,
        leaves: Vec<(Leaf, Option<usize>)>,
        slot: usize,
        gate: Option<usize>,
        owner: &str,
        conditional: bool,
    ) {
        let order = self.next_order();
        for (leaf, branch) in leaves {
            self.piece(
                leaf,
                order,
                owner,
                PieceEffect {
                    slot: Some((slot, Stage::Unset, Stage::Set)),
                    gate,
                    enters: branch.map(|b| (b, Stage::Set)),
                    conditional,
                    ..PieceEffect::default()
                },
            );
        }
    }

    pub(super) fn optional(&mut self, a: &Arg, gate: Option<usize>, owner: &str) {
        if a.multiple {
            let order = self.next_order();
            let tight_leaves = tight(a).filter(|l| a.kind != ArgKind::Oneof || l.len() == 1);
            let iter = tight_leaves.as_ref().is_some_and(|l| l.len() == 1);
            let leaves = tight_leaves.unwrap_or_else(|| loose(a));
            let once = a.token.clone().filter(|_| !a.multiple_token);
            let counted = self.counted == Some(a.name.as_str());
            for mut leaf in leaves {
                if once.is_some() && a.kind != ArgKind::Oneof {
                    if let Some(Write::Token(_)) = leaf.writes.first() {
                        leaf.writes.remove(0);
                    }
                }
                let token_once = once.clone();
                self.piece(
                    leaf,
                    order,
                    owner,
                    PieceEffect {
                        gate,
                        token_once,
                        iter,
                        counted,
                        ..PieceEffect::default()
                    },
                );
            }
            return;
        }
        let changes_reply = named(self.reply_args, a);
        if a.kind == ArgKind::Oneof {
            if let Some(branches) = oneof_leaves(a) {
                let named_branches: Vec<bool> = a
                    .children
                    .iter()
                    .map(|c| named(self.reply_args, c))
                    .collect();
                let mut args = vec![(a.name.clone(), a.token.clone())];
                args.extend(a.children.iter().map(|c| (c.name.clone(), c.token.clone())));
                let slot = self.new_slot(&a.name, args);
                // A branch whose choice changes the reply records itself in a parameter
                // of its own.
                let mut own = vec![None; a.children.len()];
                for (i, c) in a.children.iter().enumerate() {
                    if named_branches[i] {
                        own[i] =
                            Some(self.new_slot(&c.name, vec![(c.name.clone(), c.token.clone())]));
                    }
                }
                let leaves = branches.into_iter().map(|(i, l)| (l, own[i])).collect();
                let conditional = !changes_reply && !named_branches.contains(&true);
                self.once(leaves, slot, gate, owner, conditional);
                return;
            }
        } else if let Some(leaves) = tight(a) {
            let slot = self.new_slot(&a.name, vec![(a.name.clone(), a.token.clone())]);
            let leaves = leaves.into_iter().map(|l| (l, None)).collect();
            self.once(leaves, slot, gate, owner, !changes_reply);
            return;
        }
        if a.kind == ArgKind::Block && self.enter_block(a, gate, owner) {
            return;
        }
        if a.kind == ArgKind::Oneof && self.choose_branch(a, gate, owner) {
            return;
        }
        let order = self.next_order();
        for leaf in loose(a) {
            self.piece(
                leaf,
                order,
                owner,
                PieceEffect {
                    gate,
                    ..PieceEffect::default()
                },
            );
        }
    }

    /// The options of a block branch of a required `oneof` (`ORDERBY metric [LIMIT n]
    /// [ASC | DESC]` of `CLUSTER SLOT-STATS`), for the state after the choice: a parameter
    /// of their own that the branch's method sets, and the options gated on it. Returns
    /// the parameter and the calls that enter the branch; `None` when the branch is not a
    /// block entered by its first parts with only options after them.
    ///
    /// With `flag`, a branch the state must know was chosen (one of an `exactly_one`
    /// group): a branch written in one call gets the parameter too, and a branch whose
    /// first parts are followed by repeated required parts (`BYPOLYGON n lon lat [lon lat
    /// ...]`) offers those as repeatable options.
    pub(super) fn branch_options(
        &mut self,
        c: &Arg,
        owner: &str,
        flag: bool,
    ) -> Option<(usize, Vec<Leaf>)> {
        if c.multiple {
            return None;
        }
        if let Some(leaves) = tight(c) {
            if !flag {
                return None;
            }
            let slot = self.new_slot(&c.name, vec![(c.name.clone(), c.token.clone())]);
            return Some((slot, leaves));
        }
        if c.kind != ArgKind::Block {
            return None;
        }
        let (e, rest) = match entry(c) {
            Some(e) if e.start == 0 => {
                let rest: Vec<Arg> = c.children[e.lead..].to_vec();
                (e, rest)
            }
            _ if flag => {
                // Leading plain parts, then repeated ones: the repeated ones are options.
                let lead = c
                    .children
                    .iter()
                    .take_while(|p| !p.optional && !p.multiple && tight(p).is_some())
                    .count();
                let first = Arg {
                    children: c.children[..lead].to_vec(),
                    ..c.clone()
                };
                let leaves = tight(&first)?;
                let rest = c.children[lead..]
                    .iter()
                    .map(|p| Arg {
                        optional: true,
                        ..p.clone()
                    })
                    .collect();
                (
                    Entry {
                        start: 0,
                        lead,
                        leaves,
                    },
                    rest,
                )
            }
            _ => return None,
        };
        if rest.iter().any(|p| !p.optional) {
            return None;
        }
        let slot = self.new_slot(&c.name, vec![(c.name.clone(), c.token.clone())]);
        for part in &rest {
            self.optional(part, Some(slot), owner);
        }
        Some((slot, e.leaves))
    }

    /// An optional block entered by its token or its first required parts; false when
    /// its shape does not allow it (the caller falls back to loose methods).
    fn enter_block(&mut self, a: &Arg, gate: Option<usize>, owner: &str) -> bool {
        if a.token.is_none() && a.children.iter().all(|c| c.optional) {
            // A block of optional parts with no word of its own is its parts, each
            // optional on its own.
            for c in &a.children {
                self.optional(c, gate, owner);
            }
            return true;
        }
        let Some(entry) = entry(a) else {
            return false;
        };
        self.enter(a, entry, gate, None, owner);
        true
    }

    /// A once-only `oneof` that `tight` cannot write in single calls because a branch is
    /// a block with optional parts (`[REF | MOVE from [TO to]]`). Loose methods would let
    /// the caller repeat the choice or give two branches; instead every branch sets the
    /// `oneof`'s one parameter (so exactly one is chosen, once), and a block branch is
    /// entered as [`Segment::enter_block`] enters a block, with a parameter of its own
    /// that its later parts need: its required parts are then required, its optional
    /// ones stay optional. False when a branch is neither written in one call nor
    /// entered by its token or a required part (the caller falls back to loose methods).
    fn choose_branch(&mut self, a: &Arg, gate: Option<usize>, owner: &str) -> bool {
        let mut branches = Vec::new();
        for c in &a.children {
            if group_of_options(c) {
                branches.push((c, None, Vec::new()));
                continue;
            }
            let shape = match tight(c) {
                // A repeated value behind its token (`SELECTED_LABELS label [label ...]`):
                // one call with the values, the token written once.
                _ if c.multiple => listed_leaf(c).map(|leaf| (None, vec![leaf])),
                Some(leaves) => Some((None, leaves)),
                None if c.kind == ArgKind::Block => entry(c).map(|e| {
                    let leaves = e.leaves.clone();
                    (Some(e), leaves)
                }),
                None => None,
            };
            let Some((entry, leaves)) = shape else {
                return false;
            };
            // The oneof's token goes before the branch's first call, as `tight` does.
            let leaves = leaves
                .into_iter()
                .map(|mut leaf| {
                    if let Some(t) = &a.token {
                        leaf.name = format!("{}_{}", naming::method(t, &a.name), leaf.name);
                    }
                    inherit(&mut leaf, a);
                    leaf.prefixed(a.token.as_ref())
                })
                .collect::<Vec<_>>();
            branches.push((c, entry, leaves));
        }
        let mut args = vec![(a.name.clone(), a.token.clone())];
        args.extend(a.children.iter().map(|c| (c.name.clone(), c.token.clone())));
        let choice = self.new_slot(&a.name, args);
        let conditional = !named(self.reply_args, a);
        for (k, (c, entry, leaves)) in branches.into_iter().enumerate() {
            if group_of_options(c) {
                // Its options, each optional on its own, all of this branch.
                let from = self.methods.len();
                for part in &c.children {
                    self.optional(part, gate, owner);
                }
                for m in &mut self.methods[from..] {
                    if let Effect::Piece { choice: branch, .. } = &mut m.effect {
                        *branch = Some((choice, k as u8));
                    }
                }
                continue;
            }
            match entry {
                Some(mut e) => {
                    e.leaves = leaves;
                    self.enter(c, e, gate, Some(choice), owner);
                }
                None => {
                    let own = named(self.reply_args, c)
                        .then(|| self.new_slot(&c.name, vec![(c.name.clone(), c.token.clone())]));
                    let leaves = leaves.into_iter().map(|l| (l, own)).collect();
                    self.once(leaves, choice, gate, owner, conditional && own.is_none());
                }
            }
        }
        true
    }

    /// The pieces of block `a` entered by `entry`: the entry moves the block's parameter
    /// from `Unset`, each later required part moves it one stage on, its optional parts
    /// need it entered (those before the entry too: they are written before it, in spec
    /// order, whenever they are given). With `choice` (a block branch of a `oneof`), the
    /// entry also sets that parameter.
    fn enter(
        &mut self,
        a: &Arg,
        entry: Entry,
        gate: Option<usize>,
        choice: Option<usize>,
        owner: &str,
    ) {
        let before = &a.children[..entry.start];
        let rest = &a.children[entry.start + entry.lead..];
        let required_after = rest.iter().filter(|c| !c.optional).count();
        let mut args = vec![(a.name.clone(), a.token.clone())];
        args.extend(
            a.children[entry.start..entry.start + entry.lead]
                .iter()
                .map(|c| (c.name.clone(), c.token.clone())),
        );
        let slot = self.new_slot(&a.name, args);
        let stage = |n: usize| {
            if n == required_after {
                Stage::Set
            } else {
                Stage::Open(n as u8 + 1)
            }
        };
        let (entry_slot, enters) = match choice {
            Some(c) => ((c, Stage::Unset, Stage::Set), Some((slot, stage(0)))),
            None => ((slot, Stage::Unset, stage(0)), None),
        };
        for c in before {
            self.optional(c, Some(slot), owner);
        }
        let order = self.next_order();
        for leaf in entry.leaves {
            self.piece(
                leaf,
                order,
                owner,
                PieceEffect {
                    slot: Some(entry_slot),
                    gate,
                    enters,
                    ..PieceEffect::default()
                },
            );
        }
        let mut given = 0;
        for c in rest {
            if c.optional {
                self.optional(c, Some(slot), owner);
            } else {
                let order = self.next_order();
                for leaf in tight(c).unwrap_or_default() {
                    self.piece(
                        leaf,
                        order,
                        owner,
                        PieceEffect {
                            slot: Some((slot, Stage::Open(given as u8 + 1), stage(given + 1))),
                            ..PieceEffect::default()
                        },
                    );
                }
                given += 1;
            }
        }
    }
}

/// A branch that is a group of options with no word of its own (`[NOSAVE | SAVE] [NOW]
/// [FORCE]` of `SHUTDOWN`, against `ABORT`): any of them may be given, and together
/// they exclude the other branches.
fn group_of_options(c: &Arg) -> bool {
    c.kind == ArgKind::Block
        && !c.multiple
        && c.token.is_none()
        && c.children.iter().all(|p| p.optional)
}

/// The leaves of a once-only `oneof` written in single calls, each with the index of the
/// branch it writes; `None` when a branch is repeated or not writable in one call.
fn oneof_leaves(a: &Arg) -> Option<Vec<(usize, Leaf)>> {
    let mut out = Vec::new();
    for (i, c) in a.children.iter().enumerate() {
        if c.multiple {
            return None;
        }
        for mut leaf in tight(c)? {
            if let Some(t) = &a.token {
                leaf.name = format!("{}_{}", naming::method(t, &a.name), leaf.name);
            }
            inherit(&mut leaf, a);
            out.push((i, leaf.prefixed(a.token.as_ref())));
        }
    }
    Some(out)
}

/// How an optional block is entered.
#[derive(Debug, Clone)]
struct Entry {
    /// Index of the first part the entry writes (the parts before it are optional).
    start: usize,
    /// How many parts it writes (none when its token alone enters it).
    lead: usize,
    /// The calls that write it.
    leaves: Vec<Leaf>,
}

/// How an optional block is entered: by its token and leading required parts, or (a
/// block without a token that starts with optional parts) by its first required parts;
/// `None` when neither works, or when a later required part is repeated or cannot be
/// written in one call.
fn entry(a: &Arg) -> Option<Entry> {
    let start = if a.token.is_some() {
        0
    } else {
        a.children.iter().position(|c| !c.optional)?
    };
    let lead = a.children[start..]
        .iter()
        .take_while(|c| !c.optional && !c.multiple && tight(c).is_some())
        .count();
    let rest = &a.children[start + lead..];
    if (lead == 0 && a.token.is_none())
        || rest
            .iter()
            .any(|c| !c.optional && (c.multiple || tight(c).is_none()))
    {
        return None;
    }
    let leaves = if lead == 0 {
        let token = a
            .token
            .clone()
            .expect("a block entered by its token alone has one");
        vec![Leaf {
            name: naming::method(&token, &a.name),
            writes: vec![Write::Token(token)],
            params: vec![],
            since: a.since.clone(),
            since_in: a.since_in.clone(),
            only: a.only.clone(),
            missing_from: a.missing_from.clone(),
            deprecated_since: a.deprecated_since.clone(),
            meaning: a.meaning.clone(),
        }]
    } else {
        let entry = Arg {
            children: a.children[start..start + lead].to_vec(),
            optional: false,
            token: if start == 0 { a.token.clone() } else { None },
            ..a.clone()
        };
        let mut leaves = tight(&entry)?;
        if let Some(choice) = word_choice(&entry) {
            // A block with no word of its own entered by a choice of words (`[MAXLEN |
            // MINID ...]` of XADD) is entered by those words' methods, named as they
            // are where the block is required (XTRIM's `maxlen`).
            for (leaf, word) in leaves.iter_mut().zip(choice) {
                leaf.name = word;
            }
        }
        leaves
    };
    Some(Entry {
        start,
        lead,
        leaves,
    })
}

/// The method names of the words an entry of a block with no word of its own starts
/// with, when it is one choice of words and nothing else; `None` otherwise.
fn word_choice(entry: &Arg) -> Option<Vec<String>> {
    let [choice] = entry.children.as_slice() else {
        return None;
    };
    if entry.token.is_some()
        || choice.kind != ArgKind::Oneof
        || choice.token.is_some()
        || !choice.children.iter().all(|c| c.kind == ArgKind::PureToken)
    {
        return None;
    }
    Some(
        choice
            .children
            .iter()
            .map(|c| naming::method(c.token.as_deref().unwrap_or(&c.name), &c.name))
            .collect(),
    )
}

#[derive(Default)]
struct PieceEffect {
    slot: Option<(usize, Stage, Stage)>,
    gate: Option<usize>,
    enters: Option<(usize, Stage)>,
    token_once: Option<String>,
    iter: bool,
    conditional: bool,
    counted: bool,
}

/// The one method of a repeated value behind a token that the token precedes once
/// (`SELECTED_LABELS label [label ...]`): the token, then every item given.
fn listed_leaf(c: &Arg) -> Option<Leaf> {
    if c.kind.is_group() || c.kind == ArgKind::PureToken || c.multiple_token || c.typed.is_some() {
        return None;
    }
    let token = c.token.clone()?;
    Some(Leaf {
        name: naming::method(&token, &c.name),
        writes: vec![Write::Token(token), Write::Param(0)],
        params: vec![Param {
            name: naming::method(&c.name, "values"),
            kind: c.kind,
            counted: Some(Counted {
                parts: vec![c.kind],
                words: false,
                written: false,
            }),
            example: c.example.clone(),
            typed: None,
        }],
        since: c.since.clone(),
        since_in: c.since_in.clone(),
        only: c.only.clone(),
        missing_from: c.missing_from.clone(),
        deprecated_since: c.deprecated_since.clone(),
        meaning: c.meaning.clone(),
    })
}
