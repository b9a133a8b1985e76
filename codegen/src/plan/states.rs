//! The chain of type states of a command: one awaiting each required argument (a
//! station) and a last one with `build()`, each with its optional methods.

use std::collections::BTreeMap;

use crate::naming;
use crate::spec::{Arg, ArgKind, CommandSpec};

use super::arguments::{effective_arguments, splice, Item};
use super::dedupe::dedupe;
use super::leaves::{inherit, loose, tight};
use super::segment::Segment;
use super::{Effect, Leaf, Method, Plan, State, Write};

/// A plan being built: the top-level items, which of them are stations, and the states
/// made so far (by station and repeated branch, so each is made once).
struct Builder<'a> {
    cmd: &'a CommandSpec,
    items: Vec<Item<'a>>,
    stations: Vec<usize>,
    states: Vec<State>,
    memo: BTreeMap<(usize, Option<String>), usize>,
}

/// Builds the plan of one command.
pub fn plan(cmd: &CommandSpec) -> Plan {
    let mut items = Vec::new();
    let mut prefix = Vec::new();
    let arguments = effective_arguments(cmd);
    splice(&arguments, &mut prefix, &mut items);
    let stations = items
        .iter()
        .enumerate()
        .filter(|(_, it)| matches!(it, Item::Required { .. }))
        .map(|(i, _)| i)
        .collect();
    let mut b = Builder {
        cmd,
        items,
        stations,
        states: Vec::new(),
        memo: BTreeMap::new(),
    };
    b.state(0, None);
    let mut states = b.states;
    for s in &mut states {
        dedupe(s);
    }
    Plan { states }
}

impl Builder<'_> {
    /// The state awaiting station `i` (or the final one), with the repeat methods of
    /// the repeated argument just given (`repeat`: name of that branch).
    fn state(
        &mut self,
        i: usize,
        repeat: Option<(String, Vec<Leaf>, Option<String>, bool)>,
    ) -> usize {
        let key = (i, repeat.as_ref().map(|r| r.0.clone()));
        if let Some(&idx) = self.memo.get(&key) {
            return idx;
        }
        let idx = self.states.len();
        self.memo.insert(key, idx);
        let last = i == self.stations.len();
        let base = if last {
            "Ready".to_owned()
        } else {
            let Item::Required { arg, .. } = &self.items[self.stations[i]] else {
                unreachable!("stations index required items")
            };
            format!("Need{}", naming::camel(&arg.name))
        };
        let name = match &repeat {
            Some((branch, _, _, _)) if !branch.is_empty() => {
                format!("{base}After{}", naming::camel(branch))
            }
            _ => base,
        };
        self.states.push(State {
            name,
            slots: Vec::new(),
            methods: Vec::new(),
            build: last,
        });
        let mut seg = Segment::default();
        // Repetitions of the argument just given come first in the segment.
        if let Some((_, leaves, owner, iter)) = repeat {
            for leaf in leaves {
                seg.methods.push(Method {
                    leaf,
                    effect: Effect::Piece {
                        order: 0,
                        slot: None,
                        gate: None,
                        enters: None,
                        token_once: None,
                        iter,
                        conditional: false,
                    },
                    owner: owner.clone().unwrap_or_default(),
                });
            }
        }
        seg.order = 1;
        let start = if i == 0 { 0 } else { self.stations[i - 1] + 1 };
        let end = if last {
            self.items.len()
        } else {
            self.stations[i]
        };
        let optional: Vec<&Arg> = self.items[start..end]
            .iter()
            .filter_map(|it| match it {
                Item::Optional(a) => Some(*a),
                Item::Required { .. } => None,
            })
            .collect();
        for a in optional {
            seg.optional(a, None, &a.name);
        }
        let mut methods = seg.methods;
        if !last {
            let Item::Required { arg, prefix } = self.items[self.stations[i]].clone() else {
                unreachable!("stations index required items")
            };
            methods.extend(self.station(i, arg, &prefix));
        }
        let _ = self.cmd;
        self.states[idx].slots = seg.slots;
        self.states[idx].methods = methods;
        idx
    }

    fn station(&mut self, i: usize, arg: &Arg, prefix: &[String]) -> Vec<Method> {
        let prefix_leaf = |l: Leaf| {
            let mut l = l;
            for t in prefix.iter().rev() {
                l.writes.insert(0, Write::Token(t.clone()));
            }
            l
        };
        let mut out = Vec::new();
        let owner = arg.name.clone();
        if arg.multiple {
            let (leaves, iter) = match tight(arg) {
                Some(l) if arg.kind != ArgKind::Oneof || l.len() == 1 => (l, true),
                _ => (loose(arg), false),
            };
            let iter = iter && leaves.len() == 1;
            // Repetitions write the token only when the spec repeats it.
            let repeats: Vec<Leaf> = leaves
                .iter()
                .map(|l| {
                    let mut l = l.clone();
                    if !arg.multiple_token && arg.token.is_some() && arg.kind != ArgKind::Oneof {
                        if let Some(Write::Token(_)) = l.writes.first() {
                            l.writes.remove(0);
                        }
                    }
                    l
                })
                .collect();
            let iter_writes = if iter {
                repeats.first().map(|r| r.writes.clone())
            } else {
                None
            };
            let target = self.state(
                i + 1,
                Some((String::new(), repeats, Some(owner.clone()), iter)),
            );
            for leaf in leaves {
                out.push(Method {
                    leaf: prefix_leaf(leaf),
                    effect: Effect::Advance {
                        target,
                        iter: iter_writes.clone(),
                    },
                    owner: owner.clone(),
                });
            }
            return out;
        }
        if arg.kind == ArgKind::Oneof {
            for branch in &arg.children {
                let (leaves, repeat) = if branch.multiple {
                    let leaves = loose(branch);
                    (
                        leaves.clone(),
                        Some((branch.name.clone(), leaves, Some(owner.clone()), false)),
                    )
                } else {
                    (tight(branch).unwrap_or_else(|| loose(branch)), None)
                };
                let target = self.state(i + 1, repeat);
                for mut leaf in leaves {
                    if let Some(t) = &arg.token {
                        leaf.writes.insert(0, Write::Token(t.clone()));
                    }
                    inherit(&mut leaf, arg);
                    out.push(Method {
                        leaf: prefix_leaf(leaf),
                        effect: Effect::Advance { target, iter: None },
                        owner: owner.clone(),
                    });
                }
            }
            return out;
        }
        let target = self.state(i + 1, None);
        for leaf in tight(arg).unwrap_or_else(|| loose(arg)) {
            out.push(Method {
                leaf: prefix_leaf(leaf),
                effect: Effect::Advance { target, iter: None },
                owner: owner.clone(),
            });
        }
        out
    }
}
