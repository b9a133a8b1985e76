//! Conformance cases: for every command, a minimal invocation of its builder (first
//! choice of every required argument, no option) and enough maximal ones that every
//! method of the builder is called at least once. Optional methods are called in
//! reverse spec order, so the cases also prove `build()` restores spec order. Each
//! invocation that names a key has a twin on keys no test writes (`missing key`), and
//! each that names a member, field, element or path of a key's value one on a member no
//! test writes (`missing member`): the replies to what is not there (nulls, empty
//! arrays) must read as the declared types too.
//!
//! The output is Rust source for the conformance test, which sends each case to a real
//! server and compares the keys with `COMMAND GETKEYS`.
//!
//! Over 500 lines for one reason: the minimal and maximal invocations are one walk over a
//! command's builder plan, and the code they emit is written beside the walk that decides
//! it.

use proc_macro2::TokenStream;
use quote::quote;
use typedis_codegen::naming;
use typedis_codegen::plan::{Effect, Leaf, Method, Plan, Stage, State};
use typedis_codegen::spec::{ArgKind, Spec};

use crate::Error;

/// Counts of what the cases cover.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Coverage {
    /// Callable commands (containers excluded).
    pub commands: usize,
    /// Builder methods over all states (twins excluded).
    pub methods: usize,
    /// Builder methods called by at least one case.
    pub methods_called: usize,
    /// Cases generated.
    pub cases: usize,
}

/// What an invocation names that no test writes, for the replies to what is not there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Absent {
    /// Nothing: the keys, members and fields the tests' seed data has.
    Nothing,
    /// Its keys (`{t}kmissing1`, ...).
    Key,
    /// The members, fields, elements and paths it names inside a key's value.
    Member,
}

/// Parameters that name something inside a key's value, and a value of each that no
/// test's seed data holds.
const MEMBERS: &[(&str, &str)] = &[
    ("member", "missing"),
    ("field", "missing"),
    ("element", "missing"),
    ("pivot", "missing"),
    ("item", "missing"),
    ("path", "$.missing"),
];

/// The absent value of parameter `name`, when it names something inside a key's value.
fn absent_member(name: &str) -> Option<&'static str> {
    MEMBERS.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
}

/// A value for a parameter: a Rust literal chosen so that the server parses it (a
/// number where Redis reads a number, a Lua script that compiles, a loopback host, a
/// short timeout for blocking commands), or, when `absent` says, one no test writes.
fn sample(
    kind: ArgKind,
    name: &str,
    key_counter: &mut usize,
    blocking: bool,
    absent: Absent,
) -> TokenStream {
    match kind {
        ArgKind::Key => {
            *key_counter += 1;
            let k = match absent {
                Absent::Key => format!("{{t}}kmissing{key_counter}"),
                _ => format!("{{t}}k{key_counter}"),
            };
            quote!(#k)
        }
        ArgKind::String | ArgKind::Pattern if absent == Absent::Member => {
            match absent_member(name) {
                Some(v) => quote!(#v),
                None => sample(kind, name, key_counter, blocking, Absent::Nothing),
            }
        }
        ArgKind::Integer | ArgKind::UnixTime => match name {
            "unix_time_seconds" | "unix_time_milliseconds" | "unix_time" => {
                quote!(4_000_000_000_i64)
            }
            _ => quote!(1),
        },
        ArgKind::Double => {
            if name == "timeout" || blocking {
                quote!(0.01)
            } else {
                quote!(1.5)
            }
        }
        ArgKind::Pattern => quote!("*"),
        // A vector set's `FP32` blob: one little-endian float, the dimension the cases'
        // `VALUES 1 1.5` and the test's seed data have.
        ArgKind::String if name == "vector" => quote!(&[1.5_f32][..]),
        _ => {
            let v = match name {
                "script" => "return 1",
                "operation" => "AND",
                "host" => "127.0.0.1",
                "ip_port" => "127.0.0.1:1",
                "encoding" => "u8",
                "yes_no" => "yes",
                "rule" => "on",
                // Lexicographic ranges (ZRANGEBYLEX and kin): the whole set.
                "min" => "-",
                "max" => "+",
                "id" | "last_id" | "start" | "end" => "1",
                _ => "1",
            };
            quote!(#v)
        }
    }
}

/// Options the spec lists as independent but the server refuses together (with a
/// syntax error): `(command, a, b, when)`: when a maximal invocation would call methods
/// matching `a` and `b`, `b` is left out (`when`: in every variant, or in even / odd
/// ones, so that both are still called somewhere). A pattern ending in `_` matches
/// every method starting with it.
const EXCLUSIVE: &[(&str, &str, &str, When)] = &[
    ("ZRANGE", "bylex", "withscores", When::Always),
    ("XADD", "equal", "limit", When::Always),
    ("XTRIM", "equal", "limit", When::Always),
    ("MIGRATE", "key", "keys", When::Always),
    ("RESTORE", "idletime", "freq", When::Even),
    ("RESTORE", "freq", "idletime", When::Odd),
    ("RESTORE-ASKING", "idletime", "freq", When::Even),
    ("RESTORE-ASKING", "freq", "idletime", When::Odd),
    ("CLIENT LIST", "type_", "id", When::Even),
    ("CLIENT LIST", "id", "type_", When::Odd),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum When {
    Always,
    Even,
    Odd,
}

fn matches(pattern: &str, name: &str) -> bool {
    name == pattern || (pattern.ends_with('_') && name.starts_with(pattern))
}

struct Walk<'a> {
    plan: &'a Plan,
    command: &'a str,
    blocking: bool,
    called: &'a mut std::collections::BTreeSet<String>,
    /// The server family the invocations are for: methods only another family has are
    /// left out (`None`: any method).
    family: Option<&'a str>,
    /// What the invocations name that no test writes.
    absent: Absent,
}

impl Walk<'_> {
    /// True when the family the invocations are for has the method.
    fn offers(&self, m: &Method) -> bool {
        match (self.family, m.leaf.only.as_deref()) {
            (Some(family), Some(only)) => family == only,
            _ => true,
        }
    }

    fn args(&self, leaf: &Leaf, keys: &mut usize) -> Vec<TokenStream> {
        leaf.params
            .iter()
            .map(|p| match (&p.counted, &p.example) {
                // A member no test writes, in place of the spec's example too.
                (None, _)
                    if self.absent == Absent::Member
                        && p.typed.is_none()
                        && absent_member(&p.name).is_some() =>
                {
                    sample(p.kind, &p.name, keys, self.blocking, self.absent)
                }
                // A typed value: the spec's example is a Rust expression of its type.
                (None, Some(example)) if p.typed.is_some() => {
                    let text = format!("::typedis::{example}");
                    syn::parse_str::<syn::Expr>(&text)
                        .map(|e| quote!(#e))
                        .unwrap_or_else(|_| quote!(compile_error!(#text)))
                }
                // A spec's example, as the builder takes it: text, or a number.
                (None, Some(example)) if p.kind == ArgKind::String => quote!(#example),
                (None, Some(example)) if p.kind == ArgKind::Integer => {
                    match example.parse::<i64>() {
                        Ok(n) => quote!(#n),
                        Err(_) => sample(p.kind, &p.name, keys, self.blocking, self.absent),
                    }
                }
                (None, Some(example)) if p.kind == ArgKind::Double => {
                    match example.parse::<f64>() {
                        Ok(n) => quote!(#n),
                        Err(_) => sample(p.kind, &p.name, keys, self.blocking, self.absent),
                    }
                }
                (None, _) => sample(p.kind, &p.name, keys, self.blocking, self.absent),
                (Some(list), _) => {
                    let parts: Vec<TokenStream> = list
                        .parts
                        .iter()
                        .map(|k| sample(*k, &p.name, keys, self.blocking, self.absent))
                        .collect();
                    match parts.as_slice() {
                        [one] => quote!([#one]),
                        _ => quote!([(#(#parts),*)]),
                    }
                }
            })
            .collect()
    }

    /// One call: `.name(args)`, or a twin (`_iter`, `_opt`, `_if`) when `twin` asks.
    fn call(&mut self, state: usize, m: &Method, keys: &mut usize, twin: u8) -> TokenStream {
        self.called.insert(identity(state, m));
        let args = self.args(&m.leaf, keys);
        let (iter, conditional) = match &m.effect {
            Effect::Advance { iter, .. } => (iter.is_some(), false),
            Effect::Piece {
                iter, conditional, ..
            } => (*iter, *conditional),
        };
        if twin == 1 && iter {
            let name = naming::ident(&format!("{}_iter", m.leaf.name));
            let item = if args.len() == 1 {
                quote!(#(#args)*)
            } else {
                quote!((#(#args,)*))
            };
            return quote!(.#name([#item]));
        }
        if twin == 2 && conditional {
            if args.is_empty() {
                let name = naming::ident(&format!("{}_if", m.leaf.name));
                return quote!(.#name(true));
            }
            let name = naming::ident(&format!("{}_opt", m.leaf.name));
            let item = if args.len() == 1 {
                quote!(#(#args)*)
            } else {
                quote!((#(#args,)*))
            };
            return quote!(.#name(Some(#item)));
        }
        let name = naming::ident(&m.leaf.name);
        quote!(.#name(#(#args),*))
    }

    /// One invocation, and what a server needs to have it: the newest `since` and the one
    /// family (`only`) of the command and the arguments it gives.
    fn invocation(
        &mut self,
        entry: &syn::Ident,
        variant: usize,
        maximal: bool,
    ) -> (TokenStream, Vec<Leaf>) {
        let mut chain: Vec<(String, bool, TokenStream)> = Vec::new();
        let mut used: Vec<(String, Leaf)> = Vec::new();
        // The parameter each optional call sets, and the one the chosen branches set.
        let mut sets: Vec<(String, usize)> = Vec::new();
        let mut chosen: Vec<usize> = Vec::new();
        let mut keys = 0;
        let mut state = 0;
        let twin = if maximal { (variant % 3) as u8 } else { 0 };
        loop {
            let s: &State = &self.plan.states[state];
            // Even variants give each option in the state where it first appears; odd
            // ones give them all once the required arguments are given, so the cases
            // prove both orders are sent in spec order.
            let last = s.build;
            if maximal && (variant % 2 == 0 || last) {
                let from = if variant % 2 == 0 {
                    s.inherited.end
                } else {
                    s.inherited.start
                };
                for (n, t, leaf) in self.optional_calls(state, from, variant, &mut keys, twin) {
                    if let Some(slot) = s
                        .methods
                        .iter()
                        .find(|m| m.leaf.name == n)
                        .and_then(sets_slot)
                    {
                        sets.push((n.clone(), slot));
                    }
                    used.push((n.clone(), leaf));
                    chain.push((n, true, t));
                }
            }
            let advances: Vec<&Method> = s
                .methods
                .iter()
                .filter(|m| matches!(m.effect, Effect::Advance { .. }) && self.offers(m))
                .collect();
            let Some(m) = advances.get(variant % advances.len().max(1)).copied() else {
                break;
            };
            used.push((m.leaf.name.clone(), m.leaf.clone()));
            chain.push((
                m.leaf.name.clone(),
                false,
                self.call(state, m, &mut keys, twin),
            ));
            chosen.extend(sets_slot(m));
            let Effect::Advance { target, .. } = m.effect else {
                unreachable!("filtered above")
            };
            state = target;
        }
        // Exactly one member of each exactly-one group: a chosen branch wins over options;
        // with none, the first option that gives one, at the end.
        for group in &self.plan.exactly_one {
            if let Some(&branch) = chosen.iter().find(|k| group.contains(k)) {
                let drop: Vec<String> = sets
                    .iter()
                    .filter(|(_, k)| group.contains(k) && *k != branch)
                    .map(|(n, _)| n.clone())
                    .collect();
                chain.retain(|(n, optional, _)| !(*optional && drop.contains(n)));
                continue;
            }
            let given: Vec<&(String, usize)> =
                sets.iter().filter(|(_, k)| group.contains(k)).collect();
            if let Some((keep, _)) = given.first() {
                let drop: Vec<String> = given[1..].iter().map(|(n, _)| n.clone()).collect();
                let keep = keep.clone();
                chain.retain(|(n, optional, _)| !(*optional && drop.contains(n) && *n != keep));
                continue;
            }
            let last = &self.plan.states[state];
            if let Some(m) = last
                .methods
                .iter()
                .find(|m| self.offers(m) && sets_slot(m).is_some_and(|k| group.contains(&k)))
            {
                used.push((m.leaf.name.clone(), m.leaf.clone()));
                let call = self.call(state, m, &mut keys, 0);
                chain.push((m.leaf.name.clone(), true, call));
            }
        }
        for (cmd, a, b, when) in EXCLUSIVE {
            let applies = match when {
                When::Always => true,
                When::Even => variant % 2 == 0,
                When::Odd => variant % 2 == 1,
            };
            if *cmd != self.command || !applies {
                continue;
            }
            if chain.iter().any(|(n, _, _)| matches(a, n)) {
                chain.retain(|(n, optional, _)| !(*optional && matches(b, n)));
            }
        }
        let leaves = used
            .into_iter()
            .filter(|(n, _)| chain.iter().any(|(c, _, _)| c == n))
            .map(|(_, l)| l)
            .collect();
        let calls = chain.into_iter().map(|(_, _, t)| t);
        (quote!(typed(::typedis::b().#entry()#(#calls)*)), leaves)
    }

    /// Optional calls of one state (its methods from index `from` on, and the
    /// repetitions of the argument just given), in reverse spec order (entered blocks
    /// keep their entry first), one choice per once-only parameter.
    fn optional_calls(
        &mut self,
        state: usize,
        from: usize,
        variant: usize,
        keys: &mut usize,
        twin: u8,
    ) -> Vec<(String, TokenStream, Leaf)> {
        let s = &self.plan.states[state];
        // An alias comes after every method of its state; it is new where the method it
        // stands for is.
        let place = |i: usize, m: &Method| {
            m.alias_of
                .as_ref()
                .and_then(|like| s.methods.iter().position(|x| x.leaf.name == *like))
                .unwrap_or(i)
        };
        let pieces: Vec<&Method> = s
            .methods
            .iter()
            .enumerate()
            .filter(|&(i, m)| {
                let i = place(i, m);
                matches!(m.effect, Effect::Piece { .. })
                    && (i >= from || i < s.inherited.start)
                    && self.offers(m)
            })
            .map(|(_, m)| m)
            .collect();
        let pieces = choose_branches(pieces, variant);
        // Groups: (order, calls) for ungated items; gated ones go after their block.
        let mut groups: Vec<(u16, Vec<&Method>)> = Vec::new();
        let mut gated: Vec<(usize, u16, Vec<&Method>)> = Vec::new();
        let mut seen_slots = std::collections::BTreeSet::new();
        for m in &pieces {
            let Effect::Piece {
                order, slot, gate, ..
            } = &m.effect
            else {
                continue;
            };
            let pick = |slot_id: usize, from: Stage| -> &Method {
                let alts: Vec<&Method> = pieces
                    .iter()
                    .copied()
                    .filter(|x| {
                        matches!(&x.effect, Effect::Piece { slot: Some((j, f, _)), .. }
                            if *j == slot_id && *f == from)
                    })
                    .collect();
                alts[variant % alts.len()]
            };
            match slot {
                Some((j, from, _)) => {
                    if !seen_slots.insert((*j, *from)) {
                        continue;
                    }
                    let chosen = pick(*j, *from);
                    if *from != Stage::Unset {
                        // A later step of an entered block: goes with the block entry.
                        if let Some(g) = groups
                            .iter_mut()
                            .find(|g| g.1.iter().any(|x| block_of(x) == Some(*j)))
                        {
                            g.1.push(chosen);
                        }
                        continue;
                    }
                    match gate {
                        Some(g) => gated.push((*g, *order, vec![chosen])),
                        None => groups.push((*order, vec![chosen])),
                    }
                }
                None => match gate {
                    Some(g) => gated.push((*g, *order, vec![m])),
                    None => groups.push((*order, vec![m])),
                },
            }
        }
        groups.sort_by_key(|g| std::cmp::Reverse(g.0));
        let mut calls = Vec::new();
        for (_, ms) in groups {
            let block_slot = ms.first().and_then(|m| block_of(m));
            for m in &ms {
                calls.push((
                    m.leaf.name.clone(),
                    self.call(state, m, keys, twin),
                    m.leaf.clone(),
                ));
            }
            if let Some(j) = block_slot {
                self.gated_calls(state, j, &mut gated, keys, twin, &mut calls);
            }
        }
        calls
    }

    fn gated_calls(
        &mut self,
        state: usize,
        block: usize,
        gated: &mut Vec<(usize, u16, Vec<&Method>)>,
        keys: &mut usize,
        twin: u8,
        calls: &mut Vec<(String, TokenStream, Leaf)>,
    ) {
        let mut mine: Vec<(usize, u16, Vec<&Method>)> = Vec::new();
        gated.retain(|g| {
            if g.0 == block {
                mine.push(g.clone());
                false
            } else {
                true
            }
        });
        mine.sort_by_key(|g| std::cmp::Reverse(g.1));
        for (_, _, ms) in mine {
            for m in ms {
                calls.push((
                    m.leaf.name.clone(),
                    self.call(state, m, keys, twin),
                    m.leaf.clone(),
                ));
                if let Some(j) = block_of(m) {
                    self.gated_calls(state, j, gated, keys, twin, calls);
                }
            }
        }
    }
}

/// The parameter a piece opens for the pieces gated on it: the block branch's own one
/// when the piece enters it as it chooses a `oneof` branch, else the one it moves.
fn block_of(m: &Method) -> Option<usize> {
    match &m.effect {
        Effect::Piece {
            enters: Some((j, _)),
            ..
        }
        | Effect::Piece {
            slot: Some((j, _, _)),
            ..
        } => Some(*j),
        _ => None,
    }
}

/// Of a `oneof` whose branches include groups of options (`SHUTDOWN`'s
/// `[NOSAVE|SAVE] [NOW] [FORCE] | ABORT`), keeps one branch (by `variant`): its methods,
/// or the group's options, and drops the others'.
fn choose_branches(pieces: Vec<&Method>, variant: usize) -> Vec<&Method> {
    use std::collections::{BTreeMap, BTreeSet};
    let mut groups: BTreeMap<usize, BTreeSet<u8>> = BTreeMap::new();
    for m in &pieces {
        if let Effect::Piece {
            choice: Some((j, k)),
            ..
        } = m.effect
        {
            groups.entry(j).or_default().insert(k);
        }
    }
    let mut keep_group: BTreeMap<usize, Option<u8>> = BTreeMap::new();
    for (j, branches) in &groups {
        let words = pieces
            .iter()
            .filter(|m| matches!(m.effect, Effect::Piece { slot: Some((s, Stage::Unset, _)), .. } if s == *j))
            .count();
        let pick = variant % (words + branches.len()).max(1);
        keep_group.insert(*j, branches.iter().nth(pick.wrapping_sub(words)).copied());
    }
    pieces
        .into_iter()
        .filter(|m| match m.effect {
            Effect::Piece {
                choice: Some((j, k)),
                ..
            } => keep_group[&j] == Some(k),
            Effect::Piece {
                slot: Some((j, Stage::Unset, _)),
                ..
            } => keep_group.get(&j).is_none_or(Option::is_none),
            _ => true,
        })
        .collect()
}

/// The parameter a method sets from unset, if any (its once-only slot, or the branch or
/// block it enters).
fn sets_slot(m: &Method) -> Option<usize> {
    match &m.effect {
        Effect::Piece {
            slot: Some((k, Stage::Unset, _)),
            ..
        } => Some(*k),
        Effect::Piece {
            enters: Some((k, _)),
            ..
        }
        | Effect::Advance {
            enters: Some((k, _)),
            ..
        } => Some(*k),
        _ => None,
    }
}

/// What tells one builder method from another: an optional one is the same method in
/// every state it is offered in.
fn identity(state: usize, m: &Method) -> String {
    match &m.effect {
        Effect::Piece { order, .. } => format!("piece {order} {}", m.leaf.name),
        Effect::Advance { .. } => format!("state {state} {}", m.leaf.name),
    }
}

/// How many maximal invocations cover every choice: the most alternatives any state
/// offers for one required argument or one once-only parameter.
fn variants(plan: &Plan) -> usize {
    let mut most = 1;
    for s in &plan.states {
        let advances = s
            .methods
            .iter()
            .filter(|m| matches!(m.effect, Effect::Advance { .. }))
            .count();
        most = most.max(advances);
        let mut per_slot = std::collections::BTreeMap::new();
        for m in &s.methods {
            if let Effect::Piece {
                slot: Some((j, from, _)),
                ..
            } = &m.effect
            {
                *per_slot.entry((*j, *from)).or_insert(0usize) += 1;
            }
        }
        most = most.max(per_slot.values().copied().max().unwrap_or(1));
    }
    // Three rounds at least, so each method is also called through its twins.
    most.max(3)
}

/// Generates the conformance cases of every callable command, and what they cover.
///
/// # Errors
///
/// When the generated code does not parse (a generator bug).
pub fn generate_cases(spec: &Spec) -> Result<(String, Coverage), Error> {
    let families = spec.families();
    let mut cases = Vec::new();
    let mut cov = Coverage::default();
    for cmd in spec.commands.values().filter(|c| !c.is_container) {
        if naming::snake(&cmd.name).is_none() {
            continue;
        }
        cov.commands += 1;
        let plan = typedis_codegen::reply::builder_plan(cmd)?;
        let mut called = std::collections::BTreeSet::new();
        let blocking = cmd.flags.iter().any(|f| f == "blocking");
        // Methods only one family has go to maximal invocations of their own, one set
        // per family, so that each server is sent all it has and nothing else.
        let split = cmd.only.is_none()
            && plan
                .states
                .iter()
                .flat_map(|s| &s.methods)
                .any(|m| m.leaf.only.is_some());
        let name = &cmd.name;
        let group = &cmd.group;
        let entry = naming::ident(&naming::snake(&cmd.name).unwrap_or_default());
        let needs = |leaves: &[Leaf]| {
            let since: Vec<TokenStream> = families
                .iter()
                .map(|family| {
                    let mut since = cmd.since_in.get(*family).unwrap_or(&cmd.since).clone();
                    for l in leaves {
                        let theirs = l.since_in.get(*family).or(l.since.as_ref());
                        if let Some(s) = theirs {
                            if crate::merge::version_cmp(s, &since).is_gt() {
                                since = s.clone();
                            }
                        }
                    }
                    quote!((#family, #since))
                })
                .collect();
            let mut only = cmd.only.clone();
            let mut missing = cmd.missing_from.clone();
            for l in leaves {
                only = only.or_else(|| l.only.clone());
                for m in &l.missing_from {
                    if !missing.contains(m) {
                        missing.push(m.clone());
                    }
                }
            }
            let only = match only {
                Some(f) => quote!(Some(#f)),
                None => quote!(None),
            };
            (quote!(&[#(#since),*]), only, quote!(&[#(#missing),*]))
        };
        let arity_in = cmd
            .arity_in
            .iter()
            .map(|(server, arity)| quote!((#server, #arity)));
        let arity_in = quote!(&[#(#arity_in),*]);
        let mut walk = Walk {
            plan: &plan,
            command: &cmd.name,
            blocking,
            called: &mut called,
            family: None,
            absent: Absent::Nothing,
        };
        // An invocation, and its twins on what no test writes where they differ from it
        // (a command without keys or members has none); the cluster group's commands run
        // on a node with no data, which has no key either.
        let mut push = |walk: &mut Walk<'_>, label: &str, variant: usize, maximal: bool| {
            let (call, leaves) = walk.invocation(&entry, variant, maximal);
            let (since, only, missing) = needs(&leaves);
            let mut invocations = vec![(label.to_owned(), call.clone())];
            for (absent, what) in [
                (Absent::Key, "missing key"),
                (Absent::Member, "missing member"),
            ] {
                if cmd.group == "cluster" {
                    break;
                }
                walk.absent = absent;
                let (twin, _) = walk.invocation(&entry, variant, maximal);
                walk.absent = Absent::Nothing;
                if twin.to_string() != call.to_string() {
                    invocations.push((format!("{label}, {what}"), twin));
                }
            }
            for (label, call) in invocations {
                cases.push(quote!(Case {
                    command: #name, group: #group, variant: #label, since: #since,
                    only: #only, missing_from: #missing, arity_in: #arity_in, build: || #call
                }));
            }
        };
        push(&mut walk, "minimal", 0, false);
        let sets: Vec<Option<&str>> = if split {
            families.iter().map(|f| Some(*f)).collect()
        } else {
            vec![None]
        };
        for family in sets {
            walk.family = family;
            for v in 0..variants(&plan) {
                let label = match family {
                    Some(f) => format!("maximal {} ({f})", v + 1),
                    None => format!("maximal {}", v + 1),
                };
                push(&mut walk, &label, v, true);
            }
        }
        cov.methods += plan
            .states
            .iter()
            .enumerate()
            .flat_map(|(i, s)| s.methods.iter().map(move |m| identity(i, m)))
            .collect::<std::collections::BTreeSet<_>>()
            .len();
        cov.methods_called += called.len();
    }
    cov.cases = cases.len();
    let file = quote! {
        /// Reads a reply as the type a request declares.
        pub type Decode = fn(&::typedis::resp::Frame) -> ::core::result::Result<(), ::typedis::Error>;

        /// One invocation of one command's builder.
        pub struct Case {
            /// The command, as the spec names it.
            pub command: &'static str,
            /// The spec's group of the command (`string`, `stream`, ...).
            pub group: &'static str,
            /// `minimal` or `maximal N`, and `, missing key` or `, missing member` for
            /// the twins on what no test writes.
            pub variant: &'static str,
            /// The oldest version of each server family with the command and every
            /// argument given: `("redis", "8.0.0")`.
            pub since: &'static [(&'static str, &'static str)],
            /// The one server family with them, when only one has them (`valkey`).
            pub only: ::core::option::Option<&'static str>,
            /// Servers (`redis 7.0.15`) that lack the command or an argument given.
            pub missing_from: &'static [&'static str],
            /// Servers whose arity for the command differs from the spec's, with theirs.
            pub arity_in: &'static [(&'static str, i64)],
            /// Builds the command, and the reader of its declared reply type.
            pub build: fn() -> (::typedis::Command, Decode),
        }

        /// A complete builder as its command and its reply's reader.
        fn typed<R: ::typedis::Request>(request: R) -> (::typedis::Command, Decode) {
            (request.into_command(), |frame| frame.decode::<R::Reply>().map(drop))
        }

        /// Every case, commands in spec order.
        pub static CASES: &[Case] = &[#(#cases),*];
    };
    let parsed: syn::File = syn::parse2(file)
        .map_err(|e| Error::Generate(format!("conformance cases do not parse: {e}")))?;
    let version = spec.version.clone().unwrap_or_else(|| "unknown".into());
    let text = format!(
        "// @generated by typedis-codegen from {version} commands.json. Do not edit.\n\
         // Coverage: {} commands, {} cases, {} of {} builder methods called.\n\
         #![allow(deprecated)]\n\n{}",
        cov.commands,
        cov.cases,
        cov.methods_called,
        cov.methods,
        prettyplease::unparse(&parsed)
    );
    Ok((text, cov))
}
