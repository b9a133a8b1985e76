//! The cursor of a built `SCAN`, `HSCAN`, `SSCAN` or `ZSCAN`: where it is among the
//! arguments, what it says, and setting it in place, so a scan sends the same command again
//! for each page with the cursor the previous page returned.

use crate::cmd::Command;
use crate::wire::write::{bulk, format_u64};
use std::ops::Range;

impl Command {
    /// The index (0 = the command name) of the cursor argument of a scan: the first
    /// argument of a keyless one (`SCAN cursor`), the one after the key otherwise
    /// (`HSCAN key cursor`).
    pub(crate) fn cursor_index(&self) -> usize {
        self.p
            .keys
            .as_slice()
            .first()
            .map_or(1, |&k| k as usize + 1)
    }

    /// The cursor a scan would send, or `None` when the argument where a cursor belongs is
    /// missing or is not an unsigned decimal number.
    pub(crate) fn cursor(&self) -> Option<u64> {
        let text = self.args().nth(self.cursor_index())?;
        std::str::from_utf8(text).ok()?.parse().ok()
    }

    /// Sets the cursor argument (see [`cursor_index`](Self::cursor_index)). Returns false,
    /// and changes nothing, when the command has no argument there.
    pub(crate) fn set_cursor(&mut self, cursor: u64) -> bool {
        let Some(range) = self.arg_range(self.cursor_index()) else {
            return false;
        };
        let mut digits = [0u8; 20];
        #[allow(clippy::disallowed_methods, reason = "a constant")]
        let mut value = Vec::with_capacity(28);
        bulk(&mut value, format_u64(cursor, &mut digits));
        // Keys are recorded as argument indexes, and the argument count does not change:
        // only the bytes of this one argument move.
        self.p.buf.splice(range, value);
        true
    }

    /// Where argument `index` (its `$<len>\r\n<data>\r\n`) lies in the command's buffer.
    fn arg_range(&self, index: usize) -> Option<Range<usize>> {
        let buf = &self.p.buf;
        // The `*N\r\n` header, then one bulk string per argument, all written by the builder.
        let mut at = self.p.start + memchr::memchr(b'\n', buf.get(self.p.start..)?)? + 1;
        for i in 0..=index {
            let line = buf.get(at..)?.strip_prefix(b"$")?;
            let digits = memchr::memchr(b'\r', line)?;
            let len: usize = std::str::from_utf8(&line[..digits]).ok()?.parse().ok()?;
            let end = at + 1 + digits + 2 + len + 2;
            if end > buf.len() {
                return None;
            }
            if i == index {
                return Some(at..end);
            }
            at = end;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::cmd::b;
    use crate::cmd::{cmd, key_slot, Request, Slot};

    fn args(c: &crate::cmd::Command) -> Vec<String> {
        c.args()
            .map(|a| String::from_utf8_lossy(a).into_owned())
            .collect()
    }

    #[test]
    fn the_cursor_of_scan_is_its_first_argument_and_is_replaced_in_place() {
        let mut c = b()
            .scan()
            .cursor(0)
            .r#match("user:*")
            .count(500)
            .into_command();
        assert_eq!(c.cursor(), Some(0));
        assert!(c.set_cursor(18_446_744_073_709_551_615));
        assert_eq!(
            args(&c),
            [
                "SCAN",
                "18446744073709551615",
                "MATCH",
                "user:*",
                "COUNT",
                "500"
            ]
        );
        assert_eq!(c.cursor(), Some(u64::MAX));
        assert!(c.set_cursor(7));
        assert_eq!(c.arg_count(), 6);
        assert_eq!(
            c.as_bytes(),
            b"*6\r\n$4\r\nSCAN\r\n$1\r\n7\r\n$5\r\nMATCH\r\n$6\r\nuser:*\r\n$5\r\nCOUNT\r\n$3\r\n500\r\n"
        );
        assert_eq!(c.name(), "SCAN");
        assert_eq!(c.slot(), Slot::None);
    }

    #[test]
    fn the_cursor_of_a_keyed_scan_follows_the_key_which_stays_a_key() {
        for mut c in [
            b().hscan().key("h").cursor(0).count(10).into_command(),
            b().sscan().key("h").cursor(0).into_command(),
            b().zscan().key("h").cursor(0).r#match("*").into_command(),
        ] {
            assert_eq!(c.cursor_index(), 2);
            assert!(c.set_cursor(123_456));
            assert_eq!(args(&c)[1..3], ["h", "123456"]);
            assert_eq!(c.cursor(), Some(123_456));
            assert_eq!(c.keys().collect::<Vec<_>>(), [&b"h"[..]]);
            assert_eq!(c.slot(), Slot::One(key_slot(b"h")));
        }
    }

    #[test]
    fn a_command_without_a_cursor_is_told_apart() {
        let mut c = cmd("SCAN").build();
        assert_eq!(c.cursor(), None);
        assert!(!c.set_cursor(1));
        assert_eq!(c.as_bytes(), b"*1\r\n$4\r\nSCAN\r\n");
        let c = cmd("HSCAN").key("h").arg("next").build();
        assert_eq!(c.cursor(), None);
    }
}
