//! Marker types of the generated builders' type states: a once-only optional argument
//! of a command is [`Unset`] until given, then [`Set`]; a block entered by its first step
//! is [`Open`] until its required parts are given. Each command names its own rules on
//! these markers (`RangeGiven`: an option of a block needs the block entered, [`Open`] or
//! [`Set`]), so a broken rule's compile error names the fix.
//!
//! An argument the reply, a rule or a block depends on is a type parameter of its own;
//! the others (options that may each be given once and exclude nothing) share one, a
//! tuple with a marker per option (`TOnce = Unset3`, then `(Unset, Set, Unset)`): [`Nth`]
//! reads one of them and [`Given`] sets it, so giving one twice is still a compile error,
//! and a state has a handful of parameters however many options its command has.

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

/// The once-only option at position `I`, read and given: of a tuple of markers (what
/// `TOnce` is made of), or of a builder state (its `TOnce`'s).
///
/// ```
/// use typedis::cmd::state::{Given, Nth, Set, Unset, Unset3};
///
/// fn is_set<T: Nth<1, Is = Set>>() {}
/// is_set::<Given<Unset3, 1>>();
/// let _: Given<Unset3, 1> = (Unset, Set, Unset);
/// ```
pub trait Nth<const I: usize> {
    /// The marker at `I`: [`Unset`] or [`Set`].
    type Is;
    /// The same, with [`Set`] at `I`.
    type Given;
}

/// `T` with its once-only option at `I` given: a builder state's method that gives it
/// returns `Given<Self, I>`.
pub type Given<T, const I: usize> = <T as Nth<I>>::Given;

/// `Nth<I>` for every position of a tuple of the markers `$done` and then `$rest`.
macro_rules! nth_impls {
    ([$($done:ident)*] []) => {};
    ([$($done:ident)*] [$i:literal $at:ident $($j:literal $rest:ident)*]) => {
        #[doc(hidden)]
        impl<$($done,)* $at, $($rest,)*> Nth<$i> for ($($done,)* $at, $($rest,)*) {
            type Is = $at;
            type Given = ($($done,)* Set, $($rest,)*);
        }
        nth_impls!([$($done)* $at] [$($j $rest)*]);
    };
}

/// The impls of [`Nth`] for tuples of every length up to the list's (25, which
/// `typedis-codegen`'s `MAX_HELD` names), and an alias of
/// each length's tuple of [`Unset`] (`Unset3 = (Unset, Unset, Unset)`); the list of
/// aliases has one more name than is used, which ends the recursion.
macro_rules! tuples {
    ([$($i:literal $t:ident)*] [$alias:ident $($aliases:ident)*] []) => {};
    (
        [$($i:literal $t:ident)*]
        [$alias:ident $($aliases:ident)*]
        [$j:literal $next:ident $($k:literal $rest:ident)*]
    ) => {
        nth_impls!([] [$($i $t)* $j $next]);
        /// No option given: as many [`Unset`] markers as the name says.
        #[doc(hidden)]
        pub type $alias = ($(tuples!(@unset $t),)* Unset,);
        tuples!([$($i $t)* $j $next] [$($aliases)*] [$($k $rest)*]);
    };
    (@unset $t:ident) => { Unset };
}

tuples!(
    []
    [
        Unset1 Unset2 Unset3 Unset4 Unset5 Unset6 Unset7 Unset8 Unset9 Unset10 Unset11
        Unset12 Unset13 Unset14 Unset15 Unset16 Unset17 Unset18 Unset19 Unset20 Unset21
        Unset22 Unset23 Unset24 Unset25 Unset26
    ]
    [
        0 A 1 B 2 C 3 D 4 E 5 F 6 G 7 H 8 I 9 J 10 K 11 L 12 M 13 N 14 O 15 P 16 Q 17 R
        18 S 19 T 20 U 21 V 22 W 23 X 24 Y
    ]
);
