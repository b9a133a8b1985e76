//! The builder model: a command's argument tree turned into type states and methods.
//!
//! Shape (linear in the spec):
//! - The top-level arguments, with required non-repeated blocks spliced in place, form a
//!   chain of *stations* (required arguments); state `i` awaits station `i`, the last
//!   state has `build()` (and is a complete request).
//! - The optional arguments before station `i` form segment `i`. Their methods return
//!   the same state, and stay available in every later state: once a command's required
//!   arguments are given, all its optional ones can still be given, in any order.
//! - Each once-only optional argument is tracked by a parameter of the command
//!   ([`Stage::Unset`] → [`Stage::Set`]), carried from state to state; a `oneof` shares
//!   one parameter, so its choices exclude each other. Repeatable ones need no parameter.
//!   The emitter makes a type parameter of each parameter the reply or a rule reads, and
//!   holds the others in one ([`Plan::hold_once`]).
//! - An optional block whose parts are not all plain values is entered by its token or
//!   its first required part (`Unset` → `Open<1>` → ... → `Set`); its optional parts
//!   require it entered.
//! - An optional `oneof` with such a block as a branch (`[REF | MOVE from [TO to]]`)
//!   keeps one parameter that every branch sets; the block branch is entered as above,
//!   with a parameter of its own, so one branch is given, once.
//! - Every method records its position in the spec (`order`, counted over the whole
//!   command), and the runtime moves an optional argument's bytes before anything of a
//!   later position already written, so the command is sent in spec order whatever order
//!   the methods were called in.
//! - An integer that counts the items after it (`numkeys`) is not a method: the builder
//!   writes it from the items given ([`Count`]).
//! - A group too irregular for exact typing (a repeated `oneof` of blocks, as in
//!   BITFIELD) becomes one repeatable method per leaf ("loose"): still typed values and
//!   written tokens, with the grouping left to the caller. A repeated group may hold
//!   each branch several times, so loose methods are the exact API there; for a
//!   once-only group they are a fallback that also accepts wrong commands.
//!
//! Files: `arguments` (the argument list, with required blocks spliced into top-level
//! items), `leaves` (what one method writes), `states` (the chain of states, built by
//! `plan`), `segment` (the optional methods of one segment) and `dedupe` (unique method
//! names).

mod arguments;
mod dedupe;
mod leaves;
mod segment;
mod states;

pub use arguments::effective_arguments;
pub use leaves::tight;
pub use states::{plan, plan_with};

use crate::spec::ArgKind;

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
    /// A list taken whole and written as its count, then its items (`VALUES num v1 v2
    /// ...`): the count is computed, never passed.
    pub counted: Option<Counted>,
    /// The spec's example of a value the server accepts (for the conformance cases).
    pub example: Option<String>,
    /// The path of the type taken for the whole argument (see `Arg::typed`), resolved.
    pub typed: Option<String>,
}

/// The unit of a time span a [`Param`] takes (see [`Param::unit`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeUnit {
    /// Whole seconds (`EX seconds`, `EXPIRE`, `IDLETIME`).
    Seconds,
    /// Whole milliseconds (`PX milliseconds`, `BLOCK`, `WAIT`'s timeout, `IDLE ms`).
    Millis,
    /// Seconds with a fraction (`BLPOP`'s timeout).
    FractionalSeconds,
}

impl Param {
    /// The time span the value is, by the spec's own naming, which is consistent across
    /// the servers and modules: `seconds` (whole seconds), `milliseconds`, `ms` and
    /// `min-idle-time` (whole milliseconds), and `timeout`, a `double` of seconds where
    /// the blocking commands take one and an `integer` of milliseconds everywhere else
    /// (`WAIT`, `CLIENT PAUSE`, `MIGRATE`, `FT.SEARCH`). The builder then takes a
    /// `Duration` too.
    pub fn unit(&self) -> Option<TimeUnit> {
        if self.counted.is_some() || self.typed.is_some() {
            return None;
        }
        match (self.name.as_str(), self.kind) {
            ("seconds", ArgKind::Integer) => Some(TimeUnit::Seconds),
            ("milliseconds" | "ms" | "min_idle_time" | "timeout", ArgKind::Integer) => {
                Some(TimeUnit::Millis)
            }
            ("timeout", ArgKind::Double) => Some(TimeUnit::FractionalSeconds),
            _ => None,
        }
    }
}

/// The list a [`Param`] takes when it is counted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counted {
    /// The kinds of one item's values: one for a list of values (`VALUES num v1 v2 ...`),
    /// more for a list of groups (`PARAMS nargs name value [name value ...]`), each item
    /// then a tuple.
    pub parts: Vec<ArgKind>,
    /// The count counts words (a module's `nargs`), not items.
    pub words: bool,
    /// The count is written before the items; `false` for a list the server reads to its
    /// next keyword (`SELECTED_LABELS a b`), which has no count.
    pub written: bool,
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
    /// Each family's own `since` where it differs from `since`.
    pub since_in: std::collections::BTreeMap<String, String>,
    /// The one server family that has an argument it writes, if any.
    pub only: Option<String>,
    /// Servers that lack an argument it writes.
    pub missing_from: Vec<String>,
    /// Set when one of the arguments it writes is deprecated.
    pub deprecated_since: Option<String>,
    /// What it does, in one line, from the spec's `meaning`.
    pub meaning: Option<String>,
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
    /// A `oneof` whose branch `n`, a group of options, was given (more of its options may
    /// follow).
    Chose(u8),
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
        /// Its position in the spec, recorded when an optional argument before it may
        /// still be given after it.
        record: Option<u16>,
        /// The position of the command's [`Count`], marked right after this argument.
        count_mark: Option<(u16, Vec<String>)>,
        /// This argument is what the count counts: each item adds one.
        counted: bool,
        /// A parameter of the next state this method sets: the branch of a `oneof` whose
        /// options follow (see `Segment::branch_options`).
        enters: Option<(usize, Stage)>,
    },
    /// An optional argument: a piece at spec position `order`.
    Piece {
        /// Position in the spec, over the whole command.
        order: u16,
        /// The parameter this piece moves, from one stage to another.
        slot: Option<(usize, Stage, Stage)>,
        /// A parameter that must be `Entered` (the block this piece belongs to).
        gate: Option<usize>,
        /// A second parameter this piece moves from `Unset` to the given stage: the
        /// entry of a block branch of a `oneof` sets the `oneof`'s parameter (`slot`)
        /// and enters the branch's own one, which its later parts need (or a branch
        /// whose choice changes the reply records it so).
        enters: Option<(usize, Stage)>,
        /// A token written before the first repetition only.
        token_once: Option<String>,
        /// Also emit an `_iter` twin.
        iter: bool,
        /// Also emit a conditional twin (`_opt` / `_if`).
        conditional: bool,
        /// The counted items of the command's [`Count`]: each call adds one.
        counted: bool,
        /// An option of branch `n` of the `oneof` whose parameter is the first: allowed
        /// while that parameter is `Unset` or already `Chose(n)`, which it becomes.
        choice: Option<(usize, u8)>,
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
    /// For a method kept from an older spec, the method that replaced it.
    pub alias_of: Option<String>,
}

/// A type parameter of the command's states: one once-only optional argument (or
/// `oneof`, or block).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slot {
    /// Type parameter name (`TCount`).
    pub name: String,
    /// The arguments whose presence it records: their names and tokens (what the reply
    /// table's conditions name).
    pub args: Vec<(String, Option<String>)>,
}

/// One type state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    /// Type name (UpperCamelCase).
    pub name: String,
    /// Its type parameters: indices into [`Plan::slots`], in order (a prefix of the next
    /// state's).
    pub slots: Vec<usize>,
    /// Its methods.
    pub methods: Vec<Method>,
    /// True when `build()` is available.
    pub build: bool,
    /// The required arguments still to give, by name (empty when `build`).
    pub missing: Vec<String>,
    /// The branch of a repeated `oneof` station this state follows (`new-format` of
    /// `CLIENT KILL`), when it is one.
    pub via: Option<String>,
    /// Where in `methods` the optional methods of earlier segments are (those of its own
    /// segment follow them; its required and repeated ones come first).
    pub inherited: std::ops::Range<usize>,
}

/// An integer argument that says how many items follow it (`numkeys key [key ...]`),
/// written by the builder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Count {
    /// Spec name of the integer (`numkeys`).
    pub name: String,
    /// Its position in the spec: the count is written there.
    pub order: u16,
    /// The station whose method marks the position (`None`: the command's start).
    pub after: Option<usize>,
    /// Words written before the count (the token of the block it opens).
    pub prefix: Vec<String>,
    /// Spec name of the counted argument (`key`).
    pub counted: String,
}

/// The most options `TOnce` holds: typedis's `Nth` is implemented for tuples of up to
/// this many markers (`typedis::cmd::state`), which covers every command of the
/// servers' and modules' specs (FT.SEARCH holds 25, the most); a command with more keeps
/// a parameter of its own for each option past it.
pub const MAX_HELD: usize = 25;

/// The builder of one command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// States; `states[0]` is where `b().command()` starts.
    pub states: Vec<State>,
    /// Type parameters, over all states.
    pub slots: Vec<Slot>,
    /// The count the builder writes itself, if any.
    pub count: Option<Count>,
    /// Groups of parameters exactly one of which a complete command has set (an overlay
    /// says which arguments: `GEOSEARCH` needs `FROMMEMBER`/`FROMLONLAT`, or `BYPOLYGON`,
    /// which excludes them).
    pub exactly_one: Vec<Vec<usize>>,
    /// The parameters held together in one, `TOnce`, a tuple with a marker for each, in
    /// this order: once-only options that nothing else depends on (see
    /// [`Plan::hold_once`]). Empty until the emitter, which knows the reply's rules,
    /// sets it.
    pub once: Vec<usize>,
}

impl Plan {
    /// Positions of `state`'s parameters: slot index → type parameter position.
    pub fn position(&self, state: &State, slot: usize) -> Option<usize> {
        state.slots.iter().position(|s| *s == slot)
    }

    /// Holds in `TOnce` every parameter that only records an option given once (the first
    /// [`MAX_HELD`]; any more keep their own): one whose
    /// methods all move it from `Unset` to `Set`, that no reply case in `keep` fixes, and
    /// that is no block (entered, or gating its options), no `oneof` branch, no member of
    /// an exactly-one group and no argument `keep` names for a rule between arguments. A
    /// state then has a parameter for each argument its reply or its rules read, and one
    /// for the rest, however many.
    pub fn hold_once(&mut self, keep: &[usize]) {
        let mut plain: Vec<bool> = (0..self.slots.len())
            .map(|k| !keep.contains(&k) && !self.exactly_one.iter().flatten().any(|&j| j == k))
            .collect();
        let mut set_by_piece = vec![false; self.slots.len()];
        for m in self.states.iter().flat_map(|s| &s.methods) {
            match &m.effect {
                Effect::Piece {
                    slot,
                    gate,
                    enters,
                    choice,
                    ..
                } => {
                    if let Some((k, from, to)) = *slot {
                        set_by_piece[k] = true;
                        let twice =
                            enters.is_some_and(|e| e.0 == k) || choice.is_some_and(|c| c.0 == k);
                        if from != Stage::Unset || to != Stage::Set || twice {
                            plain[k] = false;
                        }
                    }
                    let others = gate.iter().chain(enters.iter().map(|e| &e.0));
                    for &k in others.chain(choice.iter().map(|c| &c.0)) {
                        plain[k] = false;
                    }
                }
                Effect::Advance { enters, .. } => {
                    if let Some((k, _)) = enters {
                        plain[*k] = false;
                    }
                }
            }
        }
        self.once = (0..self.slots.len())
            .filter(|&k| plain[k] && set_by_piece[k])
            .take(MAX_HELD)
            .collect();
    }

    /// Where the parameter `slot` is in `TOnce`, if it is held there.
    pub fn once_position(&self, slot: usize) -> Option<usize> {
        self.once.iter().position(|k| *k == slot)
    }
}
