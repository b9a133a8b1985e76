//! Recycled command state: a command's buffer and bookkeeping live in one box that the
//! builder steps move as a pointer, and that a dropped command gives back to its thread,
//! so a steady stream of commands (each one built, copied into the connection's outbox or
//! a pipeline, and dropped) allocates nothing.

use std::cell::{Cell, RefCell};
use std::ops::{Deref, DerefMut};

use super::command::KeyList;
use super::flags::{CommandFlags, Policy};
use super::requirement::Requirement;
use super::small::SmallList;
use crate::error::InvalidArgument;

/// Boxes kept per thread in the list (besides the last one given back).
const KEEP: usize = 32;

/// Larger buffers (a command that carried a big value) are freed, not kept.
const MAX_KEPT_CAPACITY: usize = 4096;

thread_local! {
    /// The box given back last, taken first: a thread that builds, sends and drops one
    /// command at a time (a pipeline's loop) never reaches the list below.
    static LAST: Cell<Option<Box<Parts>>> = const { Cell::new(None) };
    // The boxes themselves are what is recycled: a command moves its parts as one pointer.
    #[allow(clippy::vec_box)]
    static FREE: RefCell<Vec<Box<Parts>>> = const { RefCell::new(Vec::new()) };
}

/// A run of arguments of one spec argument of a generated command, at its spec position
/// (see `Cmd::end_piece`).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Piece {
    pub(crate) order: u16,
    pub(crate) start: u32,
    pub(crate) arg: u32,
}

/// Everything a command holds, under construction and finished.
#[derive(Default)]
pub(crate) struct Parts {
    /// Room for the `*N` header, then the arguments; the request starts at `start` once
    /// built.
    pub(crate) buf: Vec<u8>,
    pub(crate) start: usize,
    pub(crate) argc: usize,
    pub(crate) keys: KeyList,
    pub(crate) flags: CommandFlags,
    pub(crate) policy: Policy,
    /// True once the caller set the policy: it wins over the spec's.
    pub(crate) policy_given: bool,
    pub(crate) name: Option<&'static str>,
    /// Pieces written so far, sorted by spec order (optional arguments, and the required
    /// ones an optional argument may still be moved before).
    pub(crate) pieces: SmallList<Piece, 6>,
    /// A count the builder writes at `build` (`numkeys`): its spec position, where in
    /// its piece it goes (after the words before it), and the items counted so far.
    pub(crate) count: Option<(u16, u32, u32)>,
    /// Items counted for `count`.
    pub(crate) counted: u32,
    /// Wrapped in `cache::Cached`: to be cached under opt-in tracking.
    pub(crate) cache_opt_in: bool,
    /// Known when the command was started to run on a shared connection whatever its
    /// arguments (see `placement::always_shared`).
    pub(crate) always_shared: bool,
    /// The first argument that could not be written ([`ArgWriter::fail`]): the command is
    /// refused wherever it is sent.
    ///
    /// [`ArgWriter::fail`]: super::ArgWriter::fail
    pub(crate) invalid: Option<Box<InvalidArgument>>,
    /// What the command and the arguments given need of the server, where not every
    /// server has them (recorded by the generated builders).
    pub(crate) requires: Vec<&'static Requirement>,
}

/// A command's [`Parts`], given back to this thread's pool when dropped.
pub(crate) struct Pooled(Option<Box<Parts>>);

impl Pooled {
    /// Empty parts whose buffer has room for at least `capacity` bytes.
    #[inline(always)]
    pub(crate) fn take(capacity: usize) -> Pooled {
        let recycled = LAST.try_with(Cell::take).ok().flatten().or_else(|| {
            FREE.try_with(|free| free.try_borrow_mut().ok().and_then(|mut f| f.pop()))
                .ok()
                .flatten()
        });
        let mut parts = recycled.unwrap_or_default();
        #[allow(
            clippy::disallowed_methods,
            reason = "the size of a command the client builds"
        )]
        parts.buf.reserve(capacity);
        Pooled(Some(parts))
    }
}

impl Deref for Pooled {
    type Target = Parts;

    #[inline]
    fn deref(&self) -> &Parts {
        self.0
            .as_deref()
            .expect("parts are only gone while being dropped")
    }
}

impl DerefMut for Pooled {
    #[inline]
    fn deref_mut(&mut self) -> &mut Parts {
        self.0
            .as_deref_mut()
            .expect("parts are only gone while being dropped")
    }
}

impl Clone for Pooled {
    /// A copy in parts from this thread's pool, as a new command gets: a command sent
    /// again (a cluster client's attempt, which keeps the command for a redirect or a
    /// retry) allocates nothing once the pool has parts.
    fn clone(&self) -> Pooled {
        let mut copy = Pooled::take(self.buf.len());
        // Every field named: a field added to `Parts` must be copied here too.
        let Parts {
            buf,
            start,
            argc,
            keys,
            flags,
            policy,
            policy_given,
            name,
            pieces,
            count,
            counted,
            cache_opt_in,
            always_shared,
            invalid,
            requires,
        } = &**self;
        let parts = &mut *copy;
        parts.buf.extend_from_slice(buf);
        parts.start = *start;
        parts.argc = *argc;
        parts.keys.clone_from(keys);
        parts.flags = *flags;
        parts.policy = *policy;
        parts.policy_given = *policy_given;
        parts.name = *name;
        parts.pieces.clone_from(pieces);
        parts.count = *count;
        parts.counted = *counted;
        parts.cache_opt_in = *cache_opt_in;
        parts.always_shared = *always_shared;
        parts.invalid.clone_from(invalid);
        parts.requires.clone_from(requires);
        copy
    }
}

impl Drop for Pooled {
    fn drop(&mut self) {
        if let Some(parts) = self.0.take() {
            give(parts);
        }
    }
}

/// Keeps `parts`, emptied, for the next command built on this thread.
fn give(mut parts: Box<Parts>) {
    if parts.buf.capacity() > MAX_KEPT_CAPACITY {
        parts.buf = Vec::new();
    }
    parts.buf.clear();
    parts.start = 0;
    parts.argc = 0;
    // Key lists of huge commands (`DEL` of a million keys) are not kept either.
    if parts.keys.heap_capacity() > MAX_KEPT_CAPACITY / 4 {
        parts.keys = KeyList::default();
    }
    parts.keys.clear();
    parts.flags = CommandFlags::empty();
    parts.policy = Policy::default();
    parts.policy_given = false;
    parts.name = None;
    parts.pieces.clear();
    parts.count = None;
    parts.counted = 0;
    parts.cache_opt_in = false;
    parts.always_shared = false;
    parts.invalid = None;
    parts.requires.clear();
    // During thread teardown (or a reentrant call) the parts are simply freed.
    let Ok(Some(earlier)) = LAST.try_with(|last| last.replace(Some(parts))) else {
        return;
    };
    let _ = FREE.try_with(|free| {
        if let Ok(mut free) = free.try_borrow_mut() {
            if free.len() < KEEP {
                free.push(earlier);
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn given_parts_are_taken_again_empty_and_big_buffers_are_not_kept() {
        let kept = || {
            let last = LAST.with(Cell::take);
            let n = usize::from(last.is_some()) + FREE.with(|f| f.borrow().len());
            LAST.with(|l| l.set(last));
            n
        };
        let mut first = Pooled::take(200);
        first.buf.extend_from_slice(b"leftover");
        first.argc = 3;
        first.keys.push(1);
        first.name = Some("GET");
        first.always_shared = true;
        let ptr = first.buf.as_ptr();
        drop(first);
        let again = Pooled::take(100);
        assert_eq!(again.buf.as_ptr(), ptr, "the same buffer comes back");
        assert!(again.buf.is_empty() && again.buf.capacity() >= 200);
        assert_eq!(again.argc, 0);
        assert!(!again.always_shared);
        assert!(again.keys.as_slice().is_empty() && again.name.is_none());
        drop(again);

        let before = kept();
        let mut big = Pooled::take(MAX_KEPT_CAPACITY + 1);
        big.buf.push(1);
        drop(big);
        assert_eq!(kept(), before, "the box is kept");
        let next = Pooled::take(0);
        assert_eq!(next.buf.capacity(), 0, "its big buffer is not");
    }

    #[test]
    fn a_clone_copies_every_field_into_parts_from_the_pool() {
        let mut original = Pooled::take(64);
        original
            .buf
            .extend_from_slice(b"*2\r\n$3\r\nGET\r\n$1\r\nk\r\n");
        original.start = 1;
        original.argc = 2;
        for k in 0..6 {
            original.keys.push(k); // spilled past the inline four
        }
        original.flags = CommandFlags::READONLY;
        original.policy_given = true;
        original.name = Some("GET");
        original.pieces.push(Piece {
            order: 1,
            start: 2,
            arg: 3,
        });
        original.count = Some((1, 2, 3));
        original.counted = 4;
        original.cache_opt_in = true;
        original.always_shared = true;
        let spare = Pooled::take(64);
        let spare_buf = spare.buf.as_ptr();
        drop(spare);

        let copy = original.clone();
        assert_eq!(copy.buf.as_ptr(), spare_buf, "the pool's parts are reused");
        assert_eq!(copy.buf, original.buf);
        assert_eq!((copy.start, copy.argc), (1, 2));
        assert_eq!(copy.keys.as_slice(), original.keys.as_slice());
        assert_eq!(copy.flags, CommandFlags::READONLY);
        assert_eq!(copy.policy, original.policy);
        assert!(copy.policy_given && copy.cache_opt_in && copy.always_shared);
        assert_eq!(copy.name, Some("GET"));
        let piece = copy.pieces.as_slice()[0];
        assert_eq!((piece.order, piece.start, piece.arg), (1, 2, 3));
        assert_eq!((copy.count, copy.counted), (Some((1, 2, 3)), 4));
    }
}
