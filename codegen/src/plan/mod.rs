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
//!
//! Files: `arguments` (the argument list, with required blocks spliced into top-level
//! items), `leaves` (what one method writes), `states` (the chain of states, built by
//! `plan`), `segment` (the optional methods of one state) and `dedupe` (unique method
//! names in a state).

mod arguments;
mod dedupe;
mod leaves;
mod segment;
mod states;

pub use arguments::effective_arguments;
pub use leaves::tight;
pub use states::plan;

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
