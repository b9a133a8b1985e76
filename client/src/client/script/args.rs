//! [`ArgList`]: the keys or the arguments of a script invocation, kept in one buffer so an
//! invocation costs two allocations however many it has, and can be written into both
//! `EVALSHA` and `EVAL`.

use crate::cmd::{ArgWriter, ToArg};
use crate::error::InvalidArgument;
use std::ops::Range;

/// Arguments written once by their [`ToArg`], read back as bytes.
#[derive(Clone, Default)]
pub(crate) struct ArgList {
    /// Each argument as the builder writes it: `$<len>\r\n<data>\r\n`.
    buf: Vec<u8>,
    /// Where each argument's data lies in `buf`.
    data: Vec<Range<usize>>,
    /// The first argument that could not be written, its index counted in this list.
    invalid: Option<Box<InvalidArgument>>,
}

impl ArgList {
    pub(crate) fn push<T: ToArg + ?Sized>(&mut self, value: &T) {
        let start = self.buf.len();
        let index = self.data.len();
        value.write_arg(ArgWriter::new(&mut self.buf, &mut self.invalid, index));
        // A `ToArg` that wrote nothing is one empty argument, as the builder counts it.
        let header = memchr::memchr(b'\n', &self.buf[start..]).map_or(0, |i| i + 1);
        let end = self.buf.len().saturating_sub(2).max(start + header);
        self.data.push(start + header..end);
    }

    /// The first argument that could not be written, its index counted in this list.
    pub(crate) fn invalid(&self) -> Option<&InvalidArgument> {
        self.invalid.as_deref()
    }

    /// How many arguments there are.
    pub(crate) fn len(&self) -> usize {
        self.data.len()
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = &[u8]> + '_ {
        self.data.iter().map(|r| &self.buf[r.clone()])
    }
}

impl std::fmt::Debug for ArgList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.iter().map(String::from_utf8_lossy))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Nothing;

    impl ToArg for Nothing {
        fn write_arg(&self, _: ArgWriter<'_>) {}
    }

    #[test]
    fn arguments_come_back_as_the_bytes_they_were_written_as() {
        let mut list = ArgList::default();
        list.push("key");
        list.push(&5i64);
        list.push(&b"a\r\nb"[..]);
        list.push(&Nothing);
        list.push(&1.5f64);
        list.push(&"x".repeat(300));
        let items: Vec<&[u8]> = list.iter().collect();
        let long = "x".repeat(300);
        assert_eq!(
            items,
            [&b"key"[..], b"5", b"a\r\nb", b"", b"1.5", long.as_bytes()]
        );
    }
}
