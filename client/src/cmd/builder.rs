//! [`Cmd`]: the one runtime builder behind every command, untyped (`cmd("GET")`) or
//! generated. It writes RESP into a single buffer as arguments arrive and writes the
//! `*N\r\n` header last, into room reserved at the front.

use super::arg::{write_bulk, ArgWriter, ToArg};
use super::command::Command;
use super::flags::{CommandFlags, Policy};
use super::placement::always_shared;
use super::pool::{Piece, Pooled};
use super::requirement::Requirement;
use super::spec_table;
use crate::error::InvalidArgument;

/// Bytes reserved in front of the arguments for the `*N\r\n` header (20 digits fit any
/// `usize`).
const HEADER_ROOM: usize = 23;

/// Initial capacity: most commands fit, so building one costs one allocation.
const DEFAULT_CAPACITY: usize = 128;

/// Starts an untyped command, for anything the generated builders do not cover
/// (module commands, commands newer than the spec).
///
/// A command the spec knows (in any case: `cmd("get")`) gets at [`build`](Cmd::build)
/// what its generated builder carries: the spec's name, [`CommandFlags`] and [`Policy`],
/// so the client routes it the same way (blocking commands to a dedicated connection,
/// read-only ones retried or sent to replicas, cluster policies). For a container, the
/// second argument picks the subcommand: `cmd("client").arg("kill")` is `CLIENT KILL`; a
/// subcommand the spec does not know keeps the container's name (`CLIENT`), flags and
/// policy. A command the spec does not know has no flag and no policy, and its name is
/// its first argument.
///
/// ```
/// use typedis::cmd::CommandFlags;
///
/// let c = typedis::cmd("SET").key("k").arg("v").arg("EX").arg(10).build();
/// assert_eq!(c.as_bytes(), b"*5\r\n$3\r\nSET\r\n$1\r\nk\r\n$1\r\nv\r\n$2\r\nEX\r\n$2\r\n10\r\n");
/// assert!(c.flags().contains(CommandFlags::WRITE));
///
/// let c = typedis::cmd("xinfo").arg("stream").key("s").build();
/// assert_eq!(c.name(), "XINFO STREAM");
/// assert!(c.flags().contains(CommandFlags::READONLY));
/// ```
pub fn cmd(name: &str) -> Cmd {
    let mut c = Cmd::with_capacity(DEFAULT_CAPACITY + name.len());
    c.push_arg(name);
    c
}

/// Where one optional piece of a generated command began (see [`Cmd::end_piece`]).
#[derive(Debug, Clone, Copy)]
pub struct PieceMark {
    start: usize,
    arg: usize,
}

/// A command being built: the untyped builder returned by [`cmd`], and the runtime that
/// generated builders wrap.
///
/// Every argument is written straight into one buffer; [`build`](Self::build) writes
/// the header and hands the buffer to the [`Command`] without copying.
#[derive(Clone)]
pub struct Cmd {
    /// One box, moved as a pointer from step to step of a builder.
    p: Pooled,
}

impl std::fmt::Debug for Cmd {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cmd")
            .field("argc", &self.p.argc)
            .finish_non_exhaustive()
    }
}

impl Cmd {
    #[inline]
    fn with_capacity(capacity: usize) -> Cmd {
        let mut p = Pooled::take(HEADER_ROOM + capacity);
        p.buf.extend_from_slice(&[0; HEADER_ROOM]);
        Cmd { p }
    }

    /// Starts a command the spec knows: `name` as the spec spells it (`"CLIENT KILL"`),
    /// the words sent for it (`["CLIENT", "KILL"]`), and its flags and policy.
    ///
    /// ```
    /// use typedis::cmd::{Cmd, CommandFlags, Policy};
    ///
    /// let get = Cmd::new_static("GET", &["GET"], CommandFlags::READONLY, Policy::NONE);
    /// assert_eq!(get.key("k").build().as_bytes(), b"*2\r\n$3\r\nGET\r\n$1\r\nk\r\n");
    /// ```
    #[inline]
    pub fn new_static(
        name: &'static str,
        words: &[&'static str],
        flags: CommandFlags,
        policy: Policy,
    ) -> Cmd {
        let mut c = Cmd::started(name, flags, policy);
        // Straight into the buffer: a word is a string, so the `ToArg` step adds nothing.
        for w in words {
            write_bulk(&mut c.p.buf, w.as_bytes());
        }
        c.p.argc = words.len();
        c
    }

    /// As [`new_static`](Self::new_static), with the words already encoded: `encoded` is
    /// the `argc` words as RESP bulk strings (`"$6\r\nCLIENT\r\n$4\r\nKILL\r\n"`).
    /// Generated builders start their commands with it: the words are one copy of a
    /// constant.
    ///
    /// ```
    /// use typedis::cmd::{Cmd, CommandFlags, Policy};
    ///
    /// let get = Cmd::new_encoded("GET", "$3\r\nGET\r\n", 1, CommandFlags::READONLY, Policy::NONE);
    /// assert_eq!(get.key("k").build().as_bytes(), b"*2\r\n$3\r\nGET\r\n$1\r\nk\r\n");
    /// ```
    #[inline(always)]
    pub fn new_encoded(
        name: &'static str,
        encoded: &'static str,
        argc: usize,
        flags: CommandFlags,
        policy: Policy,
    ) -> Cmd {
        let mut c = Cmd::started(name, flags, policy);
        c.p.buf.extend_from_slice(encoded.as_bytes());
        c.p.argc = argc;
        c
    }

    /// A command the spec knows, before its words.
    #[inline(always)]
    fn started(name: &'static str, flags: CommandFlags, policy: Policy) -> Cmd {
        let mut c = Cmd::with_capacity(DEFAULT_CAPACITY);
        c.p.name = Some(name);
        c.p.flags = flags;
        c.p.policy = policy;
        // Of constants, once inlined into a generated builder: decided when compiled.
        c.p.always_shared = always_shared(name, flags);
        c
    }

    #[inline]
    fn push_arg<T: ToArg + ?Sized>(&mut self, value: &T) {
        let before = self.p.buf.len();
        let p = &mut *self.p;
        value.write_arg(ArgWriter::new(&mut p.buf, &mut p.invalid, p.argc));
        if self.p.buf.len() == before {
            // A `ToArg` that wrote nothing still counts as one (empty) argument.
            write_bulk(&mut self.p.buf, b"");
        }
        self.p.argc += 1;
    }

    /// Appends one argument.
    #[must_use]
    pub fn arg<T: ToArg>(mut self, value: T) -> Cmd {
        self.push_arg(&value);
        self
    }

    /// Appends every item as one argument each.
    #[must_use]
    pub fn args<I>(mut self, values: I) -> Cmd
    where
        I: IntoIterator,
        I::Item: ToArg,
    {
        for v in values {
            self.push_arg(&v);
        }
        self
    }

    /// Appends one key argument: it is recorded as a key and feeds the hash slot.
    #[must_use]
    pub fn key<T: ToArg>(mut self, key: T) -> Cmd {
        self.push_key(&key);
        self
    }

    /// Appends every item as a key argument.
    #[must_use]
    pub fn keys<I>(mut self, keys: I) -> Cmd
    where
        I: IntoIterator,
        I::Item: ToArg,
    {
        for k in keys {
            self.push_key(&k);
        }
        self
    }

    /// Adds flags to the spec's (for example [`CommandFlags::BLOCKING`] so the client
    /// gives a blocking module command its own connection).
    #[must_use]
    pub fn flags(mut self, flags: CommandFlags) -> Cmd {
        self.p.flags |= flags;
        self.p.always_shared &= !flags.contains(CommandFlags::BLOCKING);
        self
    }

    /// Sets the cluster routing policy, in place of the spec's (`Policy::default()`
    /// routes a keyless command to any one node).
    #[must_use]
    pub fn policy(mut self, policy: Policy) -> Cmd {
        self.p.policy = policy;
        self.p.policy_given = true;
        self
    }

    /// Appends one argument in place (for generated builders and loops).
    #[inline]
    pub fn push<T: ToArg + ?Sized>(&mut self, value: &T) {
        self.push_arg(value);
    }

    /// Appends one key argument in place. Its hash slot is worked out only when asked
    /// for ([`Command::slot`]), so a client that does not route by slot never pays for it.
    #[inline]
    pub fn push_key<T: ToArg + ?Sized>(&mut self, key: &T) {
        self.push_arg(key);
        let index = self.p.argc as u32 - 1;
        self.p.keys.push(index);
    }

    /// Refuses the command wherever it is sent: a required list was given no item
    /// (`why` names the method). The generated builders' `_iter` methods call it.
    #[doc(hidden)]
    #[cold]
    pub fn refuse_empty(&mut self, why: &'static str) {
        let p = &mut *self.p;
        if p.invalid.is_none() {
            let invalid = InvalidArgument::new(p.argc, why.into());
            p.invalid = Some(Box::new(invalid));
        }
    }

    /// Records that the command, or the argument just written, exists only on some
    /// servers (see [`Requirement`]): the generated builders call it.
    #[doc(hidden)]
    #[inline]
    pub fn require(&mut self, requirement: &'static Requirement) {
        self.p.requires.push(requirement);
    }

    /// Marks the start of one argument's piece (call [`end_piece`](Self::end_piece) after
    /// writing it).
    #[inline]
    pub fn begin_piece(&self) -> PieceMark {
        PieceMark {
            start: self.p.buf.len(),
            arg: self.p.argc,
        }
    }

    /// Writes `words`, an optional argument of tokens alone (`NOCONTENT`, `WITHSCORES`),
    /// as one piece of spec position `order`: what [`begin_piece`](Self::begin_piece),
    /// [`push`](Self::push) and [`end_piece`](Self::end_piece) do, in the one line a
    /// generated method of such an option needs.
    #[doc(hidden)]
    #[inline]
    pub fn token_piece(mut self, order: u16, words: &[&str]) -> Self {
        let mark = self.begin_piece();
        for word in words {
            self.push(*word);
        }
        self.end_piece(order, mark);
        self
    }

    /// True when the command already holds a piece of spec position `order` (a repeated
    /// argument whose token is written once checks it).
    pub fn has_piece(&self, order: u16) -> bool {
        self.p.pieces.as_slice().iter().any(|p| p.order == order)
    }

    /// Ends the piece started at `mark`, whose position in the spec is `order`: if an
    /// argument of a later position was already written, the piece is moved before it, so
    /// the command is sent in spec order whatever order the builder methods were called
    /// in. Generated builders call it for optional arguments, and for the required ones
    /// an earlier optional argument may still be moved before.
    #[inline]
    pub fn end_piece(&mut self, order: u16, mark: PieceMark) {
        let pieces = self.p.pieces.as_slice();
        let Some(at) = pieces.iter().position(|p| p.order > order) else {
            if pieces.last().is_none_or(|p| p.order != order) {
                self.p.pieces.push(Piece {
                    order,
                    start: mark.start as u32,
                    arg: mark.arg as u32,
                });
            }
            return;
        };
        let (dest_start, dest_arg) = (pieces[at].start as usize, pieces[at].arg as usize);
        let moved_bytes = self.p.buf.len() - mark.start;
        let moved_args = self.p.argc - mark.arg;
        self.p.buf[dest_start..].rotate_right(moved_bytes);
        for p in &mut self.p.pieces.as_mut_slice()[at..] {
            p.start += moved_bytes as u32;
            p.arg += moved_args as u32;
        }
        for k in self.p.keys.as_mut_slice() {
            let i = *k as usize;
            if i >= mark.arg {
                *k = (i - mark.arg + dest_arg) as u32;
            } else if i >= dest_arg {
                *k = (i + moved_args) as u32;
            }
        }
        let merges = at > 0 && self.p.pieces.as_slice()[at - 1].order == order;
        if !merges {
            self.p.pieces.insert(
                at,
                Piece {
                    order,
                    start: dest_start as u32,
                    arg: dest_arg as u32,
                },
            );
        }
    }

    /// Marks where the count of spec position `order` goes (`numkeys` before `key [key
    /// ...]`): here, after what was written since `mark` (the words before the count).
    /// [`build`](Self::build) writes there how many items [`count_item`](Self::count_item)
    /// counted. Used by generated builders.
    #[inline]
    pub fn count_at(&mut self, order: u16, mark: PieceMark) {
        let offset = (self.p.buf.len() - mark.start) as u32;
        let args = (self.p.argc - mark.arg) as u32;
        self.end_piece(order, mark);
        self.p.count = Some((order, offset, args));
        self.p.counted = 0;
    }

    /// Counts one item for the count marked by [`count_at`](Self::count_at).
    #[inline]
    pub fn count_item(&mut self) {
        self.p.counted += 1;
    }

    /// Writes the count marked by [`count_at`](Self::count_at) where it was marked (the
    /// mark: its spec position, its offset in its piece, the arguments before it there).
    // Out of line: most commands have no count, and `build` stays small without it.
    #[inline(never)]
    fn write_count(&mut self, (order, offset, args): (u16, u32, u32)) {
        let n = self.p.counted;
        let Some(piece) = self.p.pieces.as_slice().iter().find(|p| p.order == order) else {
            return;
        };
        let start = piece.start as usize + offset as usize;
        let arg = piece.arg as usize + args as usize;
        #[allow(clippy::disallowed_methods, reason = "a constant")]
        let mut bulk = Vec::with_capacity(16);
        write_bulk(&mut bulk, n.to_string().as_bytes());
        self.p.buf.splice(start..start, bulk);
        for k in self.p.keys.as_mut_slice() {
            if *k as usize >= arg {
                *k += 1;
            }
        }
        self.p.argc += 1;
    }

    /// Finishes the command: writes the `*N\r\n` header into the reserved room and, for
    /// an untyped command the spec knows, records the spec's name, flags and policy (see
    /// [`cmd`]).
    #[inline]
    pub fn build(mut self) -> Command {
        if self.p.name.is_none() {
            self.apply_spec();
        }
        if let Some(count) = self.p.count.take() {
            self.write_count(count);
        }
        // `*<argc>\r\n`, right-aligned against the arguments: most commands have fewer
        // than ten arguments, whose header is one fixed-size write.
        let argc = self.p.argc;
        let start = if argc < 10 {
            let start = HEADER_ROOM - 4;
            self.p.buf[start..HEADER_ROOM].copy_from_slice(&[
                b'*',
                b'0' + argc as u8,
                b'\r',
                b'\n',
            ]);
            start
        } else {
            self.write_long_header()
        };
        self.p.keys.as_mut_slice().sort_unstable();
        self.p.start = start;
        self.p.pieces.clear();
        // A command with an argument that could not be written is refused wherever it is
        // sent: it goes through the placement tables, which say so.
        self.p.always_shared &= self.p.invalid.is_none();
        let mut command = Command { p: self.p };
        if command.p.invalid.is_some() {
            command.name_invalid();
        }
        command
    }

    /// Writes a header of ten arguments or more, digits last first, and returns where it
    /// starts.
    #[inline(never)]
    fn write_long_header(&mut self) -> usize {
        self.p.buf[HEADER_ROOM - 2..HEADER_ROOM].copy_from_slice(b"\r\n");
        let mut start = HEADER_ROOM - 2;
        let mut n = self.p.argc;
        loop {
            start -= 1;
            self.p.buf[start] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        start -= 1;
        self.p.buf[start] = b'*';
        start
    }
}

impl Cmd {
    /// Looks the command's first two arguments up in the spec table and takes what it says:
    /// the name, the flags added to the caller's, the policy unless the caller gave one.
    fn apply_spec(&mut self) {
        // `cmd()` wrote the command name first, right after the header room.
        let Some((first, next)) = bulk_at(&self.p.buf, HEADER_ROOM) else {
            return;
        };
        let second = if self.p.argc > 1 {
            bulk_at(&self.p.buf, next).map(|(second, _)| second)
        } else {
            None
        };
        let Some(entry) = spec_table::lookup(first, second) else {
            return;
        };
        self.p.name = Some(entry.name);
        self.p.flags |= entry.flags;
        if !self.p.policy_given {
            self.p.policy = entry.policy;
        }
    }
}

/// The bulk string this module wrote at `at` (`$<len>\r\n<data>\r\n`) and where the
/// next one starts.
fn bulk_at(buf: &[u8], at: usize) -> Option<(&[u8], usize)> {
    let rest = buf.get(at..)?.strip_prefix(b"$")?;
    let digits = memchr::memchr(b'\r', rest)?;
    let mut len = 0usize;
    for &d in &rest[..digits] {
        len = len
            .checked_mul(10)?
            .checked_add(usize::from(d.wrapping_sub(b'0')))?;
    }
    let start = at + 1 + digits + 2;
    let data = buf.get(start..start.checked_add(len)?)?;
    Some((data, start + len + 2))
}

impl From<Cmd> for Command {
    fn from(c: Cmd) -> Command {
        c.build()
    }
}

#[cfg(test)]
mod tests;
