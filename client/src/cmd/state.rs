//! Marker types of the generated builders' type states: each once-only optional argument
//! of a command is a type parameter that is [`Unset`] until given, then [`Set`]; a block
//! entered by its first step is [`Open`] until its required parts are given. Each command
//! names its own rules on these markers (`RangeGiven`: an option of a block needs the
//! block entered, [`Open`] or [`Set`]), so a broken rule's compile error names the fix.

mod sealed {
    pub trait Sealed {}
}

/// An optional argument not given yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Unset;

/// An optional argument already given (it can't be given again).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Set;

/// A block entered by its first step, with required parts still to give (`N` counts
/// the parts given so far).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Open<const N: u8>;

/// A `oneof` whose branch `N` is a group of options given so far: more options of that
/// branch may follow, no other branch may.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Chose<const N: u8>;

/// Markers that allow `build()` and the next required argument: [`Unset`], [`Set`] and
/// [`Chose`].
pub trait Done: sealed::Sealed {}

impl sealed::Sealed for Unset {}
impl sealed::Sealed for Set {}
impl<const N: u8> sealed::Sealed for Open<N> {}
impl<const N: u8> sealed::Sealed for Chose<N> {}
impl<const N: u8> Done for Chose<N> {}
impl Done for Unset {}
impl Done for Set {}
