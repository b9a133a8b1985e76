//! [`Command`]: a finished request, RESP-encoded, with the hash slot of its keys and the
//! spec's flags and routing policy.

use std::fmt;

use super::flags::{CommandFlags, Policy};
use super::pool::Pooled;
use super::slot::{key_slot, Slot};
use super::small::SmallList;
use crate::error::{Error, InvalidArgument};

/// Argument indexes (0 = command name) of the keys, ascending.
pub(crate) type KeyList = SmallList<u32, 4>;

/// A command ready to send: its RESP bytes (`*N\r\n$3\r\nGET\r\n...`), the cluster slot of
/// its keys, and what the spec says about it.
///
/// Built by a generated builder (`typedis::b().get().key("k").build()`) or by the untyped
/// [`cmd`](super::cmd) for commands the spec does not know.
///
/// ```
/// use typedis::cmd::Slot;
///
/// let c = typedis::cmd("GET").key("foo").build();
/// assert_eq!(c.as_bytes(), b"*2\r\n$3\r\nGET\r\n$3\r\nfoo\r\n");
/// assert_eq!(c.slot(), Slot::One(12182));
/// assert_eq!(c.keys().collect::<Vec<_>>(), [&b"foo"[..]]);
/// ```
#[derive(Clone)]
pub struct Command {
    /// The request is `p.buf[p.start..]`.
    pub(crate) p: Pooled,
}

impl Command {
    /// The request as RESP bytes, ready to write to a connection.
    pub fn as_bytes(&self) -> &[u8] {
        &self.p.buf[self.p.start..]
    }

    /// The request as [`bytes::Bytes`] (may copy, as `Bytes::from(Vec)` does when the
    /// vector has spare capacity).
    pub fn into_bytes(mut self) -> bytes::Bytes {
        let start = self.p.start;
        bytes::Bytes::from(std::mem::take(&mut self.p.buf)).slice(start..)
    }

    /// The command's name as the spec spells it, when the command was built from the spec.
    #[cfg(feature = "metrics")]
    pub(crate) fn spec_name(&self) -> Option<&'static str> {
        self.p.name
    }

    /// Whether the command was known, as it was started, to run on a shared connection
    /// whatever its arguments (see `placement::always_shared`).
    #[inline]
    pub(crate) fn always_shared(&self) -> bool {
        self.p.always_shared
    }

    /// The argument that could not be written, when one could not (a
    /// `Json` value (feature `serde`) serde cannot serialize, a NaN float, a
    /// [`ToArg`](super::ToArg) that called [`ArgWriter::fail`](super::ArgWriter::fail)):
    /// every client refuses such a command with
    /// [`Error::InvalidArgument`] before sending anything.
    /// [`as_bytes`](Self::as_bytes) then holds an empty argument in its place.
    pub fn invalid_argument(&self) -> Option<&InvalidArgument> {
        self.p.invalid.as_deref()
    }

    /// What the command and its arguments need of the server, where not every server has
    /// them.
    pub(crate) fn requirements(&self) -> &[&'static super::Requirement] {
        &self.p.requires
    }

    /// The error a client answers for a command with an argument that could not be
    /// written, if it has one.
    #[cold]
    pub(crate) fn invalid_error(&self) -> Option<Error> {
        self.invalid_argument()
            .map(|invalid| Error::InvalidArgument(invalid.clone()))
    }

    /// Names the command in its invalid argument, once it is built.
    #[cold]
    pub(crate) fn name_invalid(&mut self) {
        let name = self.name().to_owned();
        if let Some(invalid) = self.p.invalid.as_deref_mut() {
            invalid.set_command(&name);
        }
    }

    /// The command's name as the spec spells it (`"GET"`, `"CLIENT KILL"`); for an untyped
    /// command the spec does not know, its first argument (empty if that is not UTF-8).
    pub fn name(&self) -> &str {
        match self.p.name {
            Some(name) => name,
            None => self
                .args()
                .next()
                .and_then(|a| std::str::from_utf8(a).ok())
                .unwrap_or(""),
        }
    }

    /// The command's name, kept without a copy where the spec names it (see
    /// [`name`](Self::name)).
    pub(crate) fn name_cow(&self) -> std::borrow::Cow<'static, str> {
        match self.p.name {
            Some(name) => std::borrow::Cow::Borrowed(name),
            None => std::borrow::Cow::Owned(self.name().to_owned()),
        }
    }

    /// Number of arguments, the command name (and subcommand) included.
    pub fn arg_count(&self) -> usize {
        self.p.argc
    }

    /// The arguments, the command name first.
    pub fn args(&self) -> Args<'_> {
        let bytes = self.as_bytes();
        // Skip the `*N\r\n` header, which this type wrote itself.
        let body = memchr::memchr(b'\n', bytes).map_or(&[][..], |i| &bytes[i + 1..]);
        Args { rest: body }
    }

    /// The key arguments, in the order they are sent (with the arguments the spec routes
    /// as keys: a shard channel of `SPUBLISH`, `SSUBSCRIBE` or `SUNSUBSCRIBE`).
    pub fn keys(&self) -> impl Iterator<Item = &[u8]> + '_ {
        let mut keys = self
            .p
            .keys
            .as_slice()
            .iter()
            .map(|&k| k as usize)
            .peekable();
        // Keys are in argument order: one pass over the arguments, ending at the last key.
        self.args()
            .enumerate()
            .map_while(move |(i, arg)| {
                let &next = keys.peek()?;
                if next != i {
                    return Some(None);
                }
                keys.next();
                Some(Some(arg))
            })
            .flatten()
    }

    /// The cluster hash slot of the keys (worked out from them on each call).
    pub fn slot(&self) -> Slot {
        self.keys()
            .fold(Slot::None, |slot, key| slot.with(key_slot(key)))
    }

    /// The spec's flags (readonly, write, blocking, ...).
    pub fn flags(&self) -> CommandFlags {
        self.p.flags
    }

    /// The spec's cluster request and response policies.
    pub fn policy(&self) -> Policy {
        self.p.policy
    }
}

impl fmt::Debug for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Lossy<'a>(&'a [u8]);
        impl fmt::Debug for Lossy<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Debug::fmt(&String::from_utf8_lossy(self.0), f)
            }
        }
        f.debug_struct("Command")
            .field("args", &self.args().map(Lossy).collect::<Vec<_>>())
            .field("slot", &self.slot())
            .field("flags", &self.p.flags)
            .finish()
    }
}

impl PartialEq for Command {
    fn eq(&self, other: &Self) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl Eq for Command {}

/// Iterator over a command's arguments (see [`Command::args`]).
#[derive(Debug, Clone)]
pub struct Args<'a> {
    rest: &'a [u8],
}

impl<'a> Iterator for Args<'a> {
    type Item = &'a [u8];

    fn next(&mut self) -> Option<&'a [u8]> {
        // Each argument is `$<len>\r\n<data>\r\n`, written by this module: the length's
        // digits are read in one pass up to the `\r` (no search, no UTF-8 check, no parse
        // call), which matters to a cluster client, which finds the keys of every command.
        let mut at = 1;
        let mut len: usize = 0;
        loop {
            match *self.rest.get(at)? {
                b'\r' if at > 1 => break,
                d @ b'0'..=b'9' => {
                    len = len.checked_mul(10)?.checked_add(usize::from(d - b'0'))?;
                }
                _ => return None,
            }
            at += 1;
        }
        let data_start = at + 2;
        let data_end = data_start.checked_add(len)?;
        let data = self.rest.get(data_start..data_end)?;
        self.rest = self.rest.get(data_end + 2..).unwrap_or(&[]);
        Some(data)
    }
}
