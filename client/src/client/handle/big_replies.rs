//! [`BigReplies`]: the commands whose replies were big, remembered so that the next one
//! goes on a dedicated connection (see `Config::big_reply_bytes`).

use crate::cmd::Command;
use crate::support::sync::lock;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// At most this many commands are remembered; past it, the oldest knowledge is dropped
/// all at once (the set starts again), which bounds the memory whatever the keys.
const MOST: usize = 1024;

/// The commands (by name and first key) whose last reply on the shared connection was at
/// least the client's threshold long.
#[derive(Debug, Default)]
pub(super) struct BigReplies {
    /// Whether any command is remembered: while none is, a command costs one load.
    any: AtomicBool,
    marks: Mutex<HashSet<u64>>,
}

impl BigReplies {
    /// What identifies `command` here: its name (any case) and its first key (or first
    /// argument), hashed.
    pub(super) fn mark(command: &Command) -> u64 {
        // FNV-1a: a handful of bytes, hashed on every command while the setting is on.
        const PRIME: u64 = 0x0000_0100_0000_01b3;
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |byte: u8| {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(PRIME);
        };
        for &b in command.name().as_bytes() {
            eat(b.to_ascii_lowercase());
        }
        // A separator no name has, so `GET` of key `x` and a command `GETx` differ.
        eat(b' ');
        // The first key when the command's spec says which it is; otherwise (an untyped
        // command) the first argument, which is the key of most commands with one.
        let first = command.keys().next().or_else(|| command.args().nth(1));
        for &b in first.unwrap_or_default() {
            eat(b);
        }
        hash
    }

    /// Whether any command is remembered.
    #[inline]
    pub(super) fn any(&self) -> bool {
        self.any.load(Ordering::Relaxed)
    }

    /// Whether the last reply to `command` was big.
    #[inline]
    pub(super) fn holds(&self, command: &Command) -> bool {
        self.any.load(Ordering::Relaxed) && lock(&self.marks).contains(&Self::mark(command))
    }

    /// Records whether the reply to the command marked `mark` was big.
    pub(super) fn record(&self, mark: u64, big: bool) {
        if !big && !self.any.load(Ordering::Relaxed) {
            return;
        }
        let mut marks = lock(&self.marks);
        if big {
            if marks.len() >= MOST {
                marks.clear();
            }
            marks.insert(mark);
        } else {
            marks.remove(&mark);
        }
        self.any.store(!marks.is_empty(), Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::{cmd, Request};

    fn marked(name: &str, key: &str) -> u64 {
        BigReplies::mark(&cmd(name).arg(key).into_command())
    }

    #[test]
    fn a_mark_is_the_name_in_any_case_and_the_first_key() {
        assert_eq!(marked("GET", "a"), marked("get", "a"));
        assert_ne!(marked("GET", "a"), marked("GET", "b"));
        assert_ne!(marked("GET", "a"), marked("STRLEN", "a"));
        // A typed command's key is the one its spec names.
        let typed =
            |key: &str| BigReplies::mark(&crate::cmd::b().get().key(key).build().into_command());
        assert_eq!(typed("a"), marked("GET", "a"));
        assert_ne!(typed("a"), typed("b"));
    }

    #[test]
    fn remembered_until_a_small_reply_and_bounded() {
        let big = BigReplies::default();
        let get = cmd("GET").arg("k").into_command();
        assert!(!big.holds(&get));
        big.record(BigReplies::mark(&get), true);
        assert!(big.holds(&get));
        big.record(BigReplies::mark(&get), false);
        assert!(!big.holds(&get));
        for i in 0..MOST as u64 + 10 {
            big.record(i, true);
        }
        assert!(lock(&big.marks).len() <= MOST);
    }
}
