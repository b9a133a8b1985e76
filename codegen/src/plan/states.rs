//! The chain of type states of a command: one awaiting each required argument (a
//! station) and a last one with `build()`, each with the optional methods of every
//! segment up to it.

use std::collections::{BTreeMap, BTreeSet};

use crate::naming;
use crate::spec::{Arg, ArgKind, CommandSpec};

use super::arguments::{effective_arguments, splice, Item};
use super::dedupe::{dedupe, names};
use super::leaves::{inherit, loose, tight};
use super::segment::Segment;
use super::{Count, Effect, Leaf, Method, Plan, Slot, Stage, State, Write};

/// A plan being built: the top-level items, which of them are stations, the segments
/// before each station (and after the last), and the states made so far (by station
/// and repeated branch, so each is made once).
struct Builder<'a> {
    items: Vec<Item<'a>>,
    stations: Vec<usize>,
    /// Spec position of each station.
    station_order: Vec<u16>,
    /// Optional methods of segment `j` (before station `j`; the last one after all).
    segments: Vec<Vec<Method>>,
    /// Type parameters of segments `0..=j`, in order.
    segment_slots: Vec<Vec<usize>>,
    /// True when station `j` has optional arguments before it (that may be given after
    /// it): its position is then recorded.
    record: Vec<bool>,
    /// The station whose method marks the count's position, that position, and the
    /// words before the count.
    count_mark: Option<(usize, u16, Vec<String>)>,
    /// The counted station, when the counted argument is required.
    counted_station: Option<usize>,
    /// Of a `oneof` station, the block branches whose options the next state offers: the
    /// parameter each sets, and the calls that enter it (by station and branch name).
    branch_options: BTreeMap<(usize, String), (usize, Vec<Leaf>)>,
    states: Vec<State>,
    memo: BTreeMap<(usize, Option<String>), usize>,
}

/// Builds the plan of one command.
pub fn plan(cmd: &CommandSpec) -> Plan {
    plan_with(cmd, &[])
}

/// Builds the plan of one command, where the arguments `reply_args` (by name or token)
/// change the reply's type: their methods get no conditional twin (`_if`, `_opt`), whose
/// presence the type could not know, and a `oneof` branch among them is recorded by a
/// type parameter of its own.
pub fn plan_with(cmd: &CommandSpec, reply_args: &[String]) -> Plan {
    let mut items = Vec::new();
    let mut prefix = Vec::new();
    let arguments = effective_arguments(cmd);
    splice(&arguments, &mut prefix, &mut items);
    let stations: Vec<usize> = items
        .iter()
        .enumerate()
        .filter(|(_, it)| matches!(it, Item::Required { .. }))
        .map(|(i, _)| i)
        .collect();
    // The count: written where it stands, after the station before it (or first).
    let mut count = None;
    let mut count_after = None;
    let mut counted_name = None;
    let mut counted_station = None;
    for (i, it) in items.iter().enumerate() {
        if let Item::Count { arg, prefix } = it {
            let before = stations.iter().rposition(|&s| s < i);
            count_after = Some(before);
            if let Some(next) = items.get(i + 1) {
                let (Item::Required { arg: n, .. }
                | Item::Optional(n)
                | Item::Count { arg: n, .. }) = next;
                counted_name = Some(n.name.clone());
                counted_station = stations.iter().position(|&s| s == i + 1);
            }
            count = Some((arg.name.clone(), prefix.clone()));
        }
    }
    let mut slots: Vec<Slot> = Vec::new();
    let mut order: u16 = 0;
    let mut segments = Vec::new();
    let mut segment_slots: Vec<Vec<usize>> = Vec::new();
    let mut station_order = Vec::new();
    let mut record = Vec::new();
    let mut count_order = None;
    let mut any_optional = false;
    let mut branch_options = BTreeMap::new();
    let mut pending_slots: Vec<usize> = Vec::new();
    // Options of the previous station's chosen branch, offered from the next state on.
    let mut carried: Vec<Method> = Vec::new();
    for j in 0..=stations.len() {
        let start = if j == 0 { 0 } else { stations[j - 1] + 1 };
        let end = stations.get(j).copied().unwrap_or(items.len());
        let first_slot = slots.len();
        let mut seg = Segment {
            slots: &mut slots,
            order: &mut order,
            reply_args,
            counted: counted_name.as_deref(),
            methods: Vec::new(),
        };
        for it in &items[start..end] {
            match it {
                Item::Optional(a) => seg.optional(a, None, &a.name),
                Item::Count { .. } => {
                    count_order = Some(*seg.order);
                    *seg.order += 1;
                }
                Item::Required { .. } => unreachable!("stations end segments"),
            }
        }
        let mut methods = std::mem::take(&mut carried);
        methods.extend(std::mem::take(&mut seg.methods));
        any_optional |= !methods.is_empty();
        let mut cumulative = segment_slots.last().cloned().unwrap_or_default();
        cumulative.extend(std::mem::take(&mut pending_slots));
        cumulative.extend(first_slot..slots.len());
        segment_slots.push(cumulative);
        segments.push(methods);
        if j < stations.len() {
            station_order.push(order);
            record.push(any_optional);
            order += 1;
            if let Item::Required { arg, .. } = &items[stations[j]] {
                if arg.kind == ArgKind::Oneof && !arg.multiple {
                    let first_slot = slots.len();
                    let mut seg = Segment {
                        slots: &mut slots,
                        order: &mut order,
                        reply_args,
                        counted: None,
                        methods: Vec::new(),
                    };
                    for c in &arg.children {
                        let flag = cmd.exactly_one.iter().flatten().any(|n| *n == c.name);
                        if let Some(found) = seg.branch_options(c, &arg.name, flag) {
                            branch_options.insert((j, c.name.clone()), found);
                        }
                    }
                    carried = std::mem::take(&mut seg.methods);
                    // Their parameters belong to the next state's segment.
                    pending_slots.extend(first_slot..slots.len());
                }
            }
        }
    }
    // Names are settled segment by segment: an option keeps its name in every state.
    let mut taken = BTreeSet::new();
    for seg in &mut segments {
        dedupe(seg, &taken);
        taken.extend(names(seg));
    }
    let count_mark = match (count_after, count_order, &count) {
        (Some(Some(station)), Some(order), Some((_, prefix))) => {
            Some((station, order, prefix.clone()))
        }
        _ => None,
    };
    let mut b = Builder {
        items,
        stations,
        station_order,
        segments,
        segment_slots,
        record,
        count_mark: count_mark.clone(),
        counted_station,
        branch_options,
        states: Vec::new(),
        memo: BTreeMap::new(),
    };
    b.state(0, None);
    // Groups of parameters exactly one of which a complete command must have set.
    let exactly_one = cmd
        .exactly_one
        .iter()
        .map(|names| {
            names
                .iter()
                .filter_map(|n| {
                    slots
                        .iter()
                        .position(|s| s.args.first().is_some_and(|a| a.0 == *n))
                })
                .collect::<Vec<_>>()
        })
        .filter(|g| g.len() > 1)
        .collect();
    Plan {
        states: b.states,
        slots,
        exactly_one,
        once: Vec::new(),
        count: count.zip(count_order).map(|((name, prefix), order)| Count {
            name,
            order,
            after: count_after.flatten(),
            prefix,
            counted: counted_name.unwrap_or_default(),
        }),
    }
}

/// The repetitions of a repeated required argument just given: (branch name, leaves,
/// owner, whether an `_iter` twin is offered).
type Repeat = (String, Vec<Leaf>, Option<String>, bool);

impl Builder<'_> {
    fn required_arg(&self, station: usize) -> &Arg {
        match &self.items[self.stations[station]] {
            Item::Required { arg, .. } => arg,
            _ => unreachable!("stations index required items"),
        }
    }

    /// The state awaiting station `i` (or the final one), with the repeat methods of
    /// the repeated argument just given.
    fn state(&mut self, i: usize, repeat: Option<Repeat>) -> usize {
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
            format!("Need{}", naming::camel(&self.required_arg(i).name))
        };
        let via = repeat
            .as_ref()
            .map(|r| r.0.clone())
            .filter(|b| !b.is_empty());
        let name = match &via {
            Some(branch) => format!("{base}After{}", naming::camel(branch)),
            None => base,
        };
        let missing = (i..self.stations.len())
            .map(|s| self.required_arg(s).name.clone())
            .collect();
        self.states.push(State {
            name,
            slots: self.segment_slots[i].clone(),
            methods: Vec::new(),
            build: last,
            missing,
            via,
            inherited: 0..0,
        });
        let mut own = Vec::new();
        // Repetitions of the argument just given.
        if let Some((_, leaves, owner, iter)) = repeat {
            let order = self.station_order[i - 1];
            let counted = self.counted_station == Some(i - 1);
            for leaf in leaves {
                own.push(Method {
                    leaf,
                    effect: Effect::Piece {
                        order,
                        slot: None,
                        gate: None,
                        enters: None,
                        token_once: None,
                        iter,
                        conditional: false,
                        counted,
                        choice: None,
                    },
                    owner: owner.clone().unwrap_or_default(),
                    alias_of: None,
                });
            }
        }
        if !last {
            let (arg, prefix) = match self.items[self.stations[i]].clone() {
                Item::Required { arg, prefix } => (arg, prefix),
                _ => unreachable!("stations index required items"),
            };
            own.extend(self.station(i, arg, &prefix));
        }
        let inherited: Vec<Method> = self.segments[..=i].iter().flatten().cloned().collect();
        dedupe(&mut own, &names(&inherited));
        let earlier = self.segments[..i].iter().map(Vec::len).sum::<usize>();
        let mut methods = own;
        let start = methods.len();
        methods.extend(inherited);
        self.states[idx].methods = methods;
        self.states[idx].inherited = start..start + earlier;
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
        let record = self.record[i].then_some(self.station_order[i]);
        let count_mark = self
            .count_mark
            .clone()
            .and_then(|(station, order, prefix)| (station == i).then_some((order, prefix)));
        let counted = self.counted_station == Some(i);
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
                        record,
                        count_mark: count_mark.clone(),
                        counted,
                        enters: None,
                    },
                    owner: owner.clone(),
                    alias_of: None,
                });
            }
            return out;
        }
        if arg.kind == ArgKind::Oneof {
            for branch in &arg.children {
                let options = self.branch_options.get(&(i, branch.name.clone())).cloned();
                let enters = options.as_ref().map(|(slot, _)| (*slot, Stage::Set));
                let (leaves, repeat) = if let Some((_, leaves)) = options {
                    (leaves, None)
                } else if branch.multiple {
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
                        effect: Effect::Advance {
                            target,
                            iter: None,
                            record,
                            count_mark: count_mark.clone(),
                            counted,
                            enters,
                        },
                        owner: owner.clone(),
                        alias_of: None,
                    });
                }
            }
            return out;
        }
        let target = self.state(i + 1, None);
        for leaf in tight(arg).unwrap_or_else(|| loose(arg)) {
            out.push(Method {
                leaf: prefix_leaf(leaf),
                effect: Effect::Advance {
                    target,
                    iter: None,
                    record,
                    count_mark: count_mark.clone(),
                    counted,
                    enters: None,
                },
                owner: owner.clone(),
                alias_of: None,
            });
        }
        out
    }
}
