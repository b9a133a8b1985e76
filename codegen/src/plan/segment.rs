//! The optional methods of one state: pieces at their spec position, once-only ones
//! tracked by the state's type parameters, blocks entered part by part.

use crate::naming;
use crate::spec::{Arg, ArgKind};

use super::leaves::{inherit, loose, tight};
use super::{Effect, Leaf, Method, Stage, Write};

/// The optional methods of one state being collected.
#[derive(Default)]
pub(super) struct Segment {
    pub(super) slots: Vec<String>,
    pub(super) methods: Vec<Method>,
    pub(super) order: u16,
}

impl Segment {
    fn next_order(&mut self) -> u16 {
        let o = self.order;
        self.order += 1;
        o
    }

    fn new_slot(&mut self, name: &str) -> usize {
        let mut slot = format!("T{}", naming::camel(name));
        while self.slots.contains(&slot) {
            slot.push('2');
        }
        self.slots.push(slot);
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
            },
            owner: owner.to_owned(),
        });
    }

    /// An optional argument (or an optional part of an entered block, gated by `gate`).
    /// `leaves` as one optional piece that may be written once: each moves parameter
    /// `slot` from `Unset` to `Set`.
    fn once(&mut self, leaves: Vec<Leaf>, slot: usize, gate: Option<usize>, owner: &str) {
        let order = self.next_order();
        for leaf in leaves {
            self.piece(
                leaf,
                order,
                owner,
                PieceEffect {
                    slot: Some((slot, Stage::Unset, Stage::Set)),
                    gate,
                    conditional: true,
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
                        ..PieceEffect::default()
                    },
                );
            }
            return;
        }
        if let Some(leaves) = tight(a) {
            let slot = self.new_slot(&a.name);
            self.once(leaves, slot, gate, owner);
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

    /// An optional block entered by its leading required parts; false when its shape
    /// does not allow it (the caller falls back to loose methods).
    fn enter_block(&mut self, a: &Arg, gate: Option<usize>, owner: &str) -> bool {
        let Some((lead, entry_leaves)) = entry(a) else {
            return false;
        };
        self.enter(a, lead, entry_leaves, gate, None, owner);
        true
    }

    /// A once-only `oneof` that `tight` cannot write in single calls because a branch is
    /// a block with optional parts (`[REF | MOVE from [TO to]]`). Loose methods would let
    /// the caller repeat the choice or give two branches; instead every branch sets the
    /// `oneof`'s one parameter (so exactly one is chosen, once), and a block branch is
    /// entered as [`Segment::enter_block`] enters a block, with a parameter of its own
    /// that its later parts need: its required parts are then required, its optional
    /// ones stay optional. False when a branch is neither written in one call nor
    /// entered by a required first part (the caller falls back to loose methods).
    fn choose_branch(&mut self, a: &Arg, gate: Option<usize>, owner: &str) -> bool {
        let mut branches = Vec::new();
        for c in &a.children {
            let shape = match tight(c) {
                _ if c.multiple => None,
                Some(leaves) => Some((None, leaves)),
                None if c.kind == ArgKind::Block => entry(c).map(|(lead, l)| (Some(lead), l)),
                None => None,
            };
            let Some((lead, leaves)) = shape else {
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
            branches.push((c, lead, leaves));
        }
        let choice = self.new_slot(&a.name);
        for (c, lead, leaves) in branches {
            match lead {
                Some(lead) => self.enter(c, lead, leaves, gate, Some(choice), owner),
                None => self.once(leaves, choice, gate, owner),
            }
        }
        true
    }

    /// The pieces of block `a` entered by `entry_leaves` (its `lead` first parts):
    /// the entry moves the block's parameter from `Unset`, each later required part
    /// moves it one stage on, its optional parts need it entered. With `choice` (a block
    /// branch of a `oneof`), the entry also sets that parameter.
    fn enter(
        &mut self,
        a: &Arg,
        lead: usize,
        entry_leaves: Vec<Leaf>,
        gate: Option<usize>,
        choice: Option<usize>,
        owner: &str,
    ) {
        let rest = &a.children[lead..];
        let required_after = rest.iter().filter(|c| !c.optional).count();
        let slot = self.new_slot(&a.name);
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
        let order = self.next_order();
        for leaf in entry_leaves {
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

/// How an optional block is entered: the number of its leading required parts and the
/// calls that write them; `None` when it has none, or when a later required part is
/// repeated or cannot be written in one call.
fn entry(a: &Arg) -> Option<(usize, Vec<Leaf>)> {
    let lead = a
        .children
        .iter()
        .take_while(|c| !c.optional && !c.multiple && tight(c).is_some())
        .count();
    let rest = &a.children[lead..];
    if lead == 0
        || rest
            .iter()
            .any(|c| !c.optional && (c.multiple || tight(c).is_none()))
    {
        return None;
    }
    let entry = Arg {
        children: a.children[..lead].to_vec(),
        optional: false,
        ..a.clone()
    };
    Some((lead, tight(&entry)?))
}

#[derive(Default)]
struct PieceEffect {
    slot: Option<(usize, Stage, Stage)>,
    gate: Option<usize>,
    enters: Option<(usize, Stage)>,
    token_once: Option<String>,
    iter: bool,
    conditional: bool,
}
