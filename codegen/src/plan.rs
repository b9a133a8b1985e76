//! The builder model: a command's argument tree turned into type states and methods.
//!
//! Shape (linear in the spec):
//! - The top-level arguments, with required non-repeated blocks spliced in place, form a
//!   chain of *stations* (required arguments); state `i` awaits station `i`, the last
//!   state has `build()`.
//! - The optional arguments before station `i` (or after the last) are methods of state
//!   `i` that return the same state. Each once-only one is tracked by a type parameter
//!   ([`Stage::Unset`] → [`Stage::Set`]); a `oneof` shares one parameter, so its
//!   choices exclude each other. Repeatable ones need no parameter.
//! - An optional block whose parts are not all plain values is entered by its first
//!   step (`Unset` → `Open<1>` → ... → `Set`); its optional parts require it entered.
//! - An optional `oneof` with such a block as a branch (`[REF | MOVE from [TO to]]`)
//!   keeps one parameter that every branch sets; the block branch is entered as above,
//!   with a parameter of its own, so one branch is given, once.
//! - Every optional method records its spec position (`order`), and the runtime moves
//!   its bytes into spec order, whatever order the methods were called in.
//! - A group too irregular for exact typing (a repeated `oneof` of blocks, as in
//!   BITFIELD) becomes one repeatable method per leaf ("loose"): still typed values and
//!   written tokens, with the grouping left to the caller. A repeated group may hold
//!   each branch several times, so loose methods are the exact API there; for a
//!   once-only group they are a fallback that also accepts wrong commands.

use std::collections::BTreeMap;

use crate::naming;
use crate::spec::{Arg, ArgKind, CommandSpec};

/// Most variants one method may expand into (a block holding pure-token `oneof`s).
const MAX_VARIANTS: usize = 16;

/// One thing a method writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Write {
    /// A fixed word.
    Token(String),
    /// The method parameter with this index.
    Param(usize),
}

/// A method parameter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Param {
    /// snake_case name.
    pub name: String,
    /// Value kind (never a group or a pure token).
    pub kind: ArgKind,
}

/// A method's writes: the smallest unit of the builder API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Leaf {
    /// snake_case method name.
    pub name: String,
    /// What it writes, in order.
    pub writes: Vec<Write>,
    /// Its parameters.
    pub params: Vec<Param>,
    /// Newest `since` of the arguments it writes.
    pub since: Option<String>,
    /// Set when one of the arguments it writes is deprecated.
    pub deprecated_since: Option<String>,
}

impl Leaf {
    /// The syntax the leaf writes, for docs (`EX seconds`).
    pub fn syntax(&self) -> String {
        self.writes
            .iter()
            .map(|w| match w {
                Write::Token(t) => t.clone(),
                Write::Param(i) => self.params[*i].name.clone(),
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn prefixed(mut self, token: Option<&String>) -> Leaf {
        if let Some(t) = token {
            self.writes.insert(0, Write::Token(t.clone()));
        }
        self
    }
}

/// The value of a state's type parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stage {
    /// Not given.
    Unset,
    /// Entered block with `n` parts given.
    Open(u8),
    /// Given.
    Set,
}

/// What calling a method does to the state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    /// A required argument: goes to state `target`.
    Advance {
        /// Index of the next state.
        target: usize,
        /// For a repeated argument, what each later repetition writes: an `_iter` twin
        /// then takes every repetition at once.
        iter: Option<Vec<Write>>,
    },
    /// An optional argument: a piece at spec position `order` of this state's segment.
    Piece {
        /// Position among the segment's optional arguments.
        order: u16,
        /// The parameter this piece moves, from one stage to another.
        slot: Option<(usize, Stage, Stage)>,
        /// A parameter that must be `Entered` (the block this piece belongs to).
        gate: Option<usize>,
        /// A second parameter this piece moves from `Unset` to the given stage: the
        /// entry of a block branch of a `oneof` sets the `oneof`'s parameter (`slot`)
        /// and enters the branch's own one, which its later parts need.
        enters: Option<(usize, Stage)>,
        /// A token written before the first repetition only.
        token_once: Option<String>,
        /// Also emit an `_iter` twin.
        iter: bool,
        /// Also emit a conditional twin (`_opt` / `_if`).
        conditional: bool,
    },
}

/// A generated method.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Method {
    /// What it writes.
    pub leaf: Leaf,
    /// What it does to the state.
    pub effect: Effect,
    /// Name of the top-level argument it belongs to (to qualify clashing names).
    pub owner: String,
}

/// One type state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    /// Type name (UpperCamelCase).
    pub name: String,
    /// Type parameter names, one per once-only optional argument of the segment.
    pub slots: Vec<String>,
    /// Its methods.
    pub methods: Vec<Method>,
    /// True when `build()` is available.
    pub build: bool,
}

/// The builder of one command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// States; `states[0]` is where `b().command()` starts.
    pub states: Vec<State>,
}

/// A top-level item after splicing required blocks.
#[derive(Debug, Clone)]
enum Item<'a> {
    Required { arg: &'a Arg, prefix: Vec<String> },
    Optional(&'a Arg),
}

fn splice<'a>(args: &'a [Arg], prefix: &mut Vec<String>, out: &mut Vec<Item<'a>>) {
    for a in args {
        if a.optional {
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

/// The leaves of an argument as one exact method each, ignoring its own `optional` and
/// `multiple` (the caller handles those); `None` when the argument's structure cannot be
/// written by single calls.
pub fn tight(a: &Arg) -> Option<Vec<Leaf>> {
    let leaves = match a.kind {
        ArgKind::PureToken => vec![Leaf {
            name: naming::method(a.token.as_deref().unwrap_or(&a.name), &a.name),
            writes: vec![Write::Token(a.token.clone().unwrap_or_default())],
            params: vec![],
            since: a.since.clone(),
            deprecated_since: a.deprecated_since.clone(),
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
            let mut acc = vec![Leaf {
                name: block_name(a),
                writes: a.token.iter().cloned().map(Write::Token).collect(),
                params: vec![],
                since: a.since.clone(),
                deprecated_since: a.deprecated_since.clone(),
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
            }],
            since: a.since.clone(),
            deprecated_since: a.deprecated_since.clone(),
        }],
    };
    Some(leaves)
}

fn inherit(leaf: &mut Leaf, a: &Arg) {
    if leaf.deprecated_since.is_none() {
        leaf.deprecated_since = a.deprecated_since.clone();
    }
    if leaf.since.is_none() {
        leaf.since = a.since.clone();
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
        leaf.params.push(Param { name, kind: p.kind });
    }
    leaf.writes.extend(part.writes.iter().map(|w| match w {
        Write::Token(t) => Write::Token(t.clone()),
        Write::Param(i) => Write::Param(i + offset),
    }));
    if variant {
        leaf.name = format!("{}_{}", leaf.name, part.name);
    }
    if leaf.deprecated_since.is_none() {
        leaf.deprecated_since = part.deprecated_since.clone();
    }
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
/// resort for a once-only one (see [`Segment::choose_branch`]).
fn loose(a: &Arg) -> Vec<Leaf> {
    if let Some(mut leaves) = tight(a) {
        if !a.multiple || a.kind != ArgKind::Oneof {
            for l in &mut leaves {
                l.since = l.since.clone().or_else(|| a.since.clone());
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

struct Builder<'a> {
    cmd: &'a CommandSpec,
    items: Vec<Item<'a>>,
    stations: Vec<usize>,
    states: Vec<State>,
    memo: BTreeMap<(usize, Option<String>), usize>,
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
            deprecated_since: None,
            display: None,
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
            merged.deprecated_since = a.deprecated_since.clone().or(merged.deprecated_since);
            return merged;
        }
    }
    a
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

/// The optional methods of one state being collected.
#[derive(Default)]
struct Segment {
    slots: Vec<String>,
    methods: Vec<Method>,
    order: u16,
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

    fn optional(&mut self, a: &Arg, gate: Option<usize>, owner: &str) {
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

/// Names every method of a state uniquely: a clash is qualified by the top-level
/// argument it belongs to, then numbered. Twins (`_opt`, `_if`, `_iter`) and `build`
/// count as names.
fn dedupe(state: &mut State) {
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
