//! Strings checked for UTF-8 a stretch of the frame at a time.
//!
//! `str::from_utf8` goes a byte at a time until its input is aligned, so on the short
//! strings most replies are made of (entry ids, field names, members) most of its work is
//! that slow start. A step that reads text instead checks the frame from the string's
//! start over at least [`WINDOW`] bytes, in one call that runs a word at a time, keeps that
//! stretch as a `&str`, and hands out the strings that fall inside it as slices of it: two
//! char-boundary tests each.

use super::Reader;

/// How far past a string's start the frame is checked at once: enough for several small
/// strings, and at most a few hundred instructions of wasted work when no other string
/// read as text follows.
const WINDOW: usize = 512;

/// How many bytes must follow a string for a stretch to be checked: fewer, and another
/// string read as text is unlikely to fit in them.
const MIN_AFTER: usize = 32;

/// A stretch of the frame known to be UTF-8.
#[derive(Debug, Clone, Default)]
pub(super) struct CheckedText<'de> {
    /// Where `text` starts in the frame.
    start: usize,
    text: &'de str,
    /// Set once a stretch held bytes that are not UTF-8 (a binary value next to the
    /// text): later strings are checked one by one, so a binary frame pays for one
    /// stretch only.
    one_by_one: bool,
}

impl<'de> Reader<'de> {
    /// `s`, a string a step read from this frame, as text; `None` when it is not UTF-8.
    #[inline]
    pub(super) fn text(&mut self, s: &'de [u8]) -> Option<&'de str> {
        if s.is_empty() {
            // Possibly a static empty string, not a slice of the frame.
            return Some("");
        }
        let at = self.offset_of(s);
        let checked = &self.checked_text;
        if let Some(rel) = at.checked_sub(checked.start) {
            // A slice of UTF-8 text is UTF-8 exactly when both its ends are char
            // boundaries; `get` tests them and the bounds.
            if let Some(text) = checked.text.get(rel..rel + s.len()) {
                return Some(text);
            }
        }
        if self.buf.len().saturating_sub(at) < s.len() + MIN_AFTER {
            // The frame ends soon after `s`: a reply of one string, or its last one.
            return std::str::from_utf8(s).ok();
        }
        self.text_checking(at, s)
    }

    /// [`text`](Self::text) for a string outside the checked stretch: checks a new
    /// one from `at`.
    #[inline(never)]
    fn text_checking(&mut self, at: usize, s: &'de [u8]) -> Option<&'de str> {
        let window = match self.buf.get(at..) {
            // `s` is a slice of the frame at `at`, shorter than a stretch by more than a
            // character, so the stretch's cut never falls inside it.
            Some(rest)
                if !self.checked_text.one_by_one
                    && s.len() + 4 <= WINDOW
                    && std::ptr::eq(rest.as_ptr(), s.as_ptr()) =>
            {
                &rest[..char_start_at_or_before(rest, WINDOW)]
            }
            _ => return std::str::from_utf8(s).ok(),
        };
        match std::str::from_utf8(window) {
            Ok(text) => {
                self.checked_text.start = at;
                self.checked_text.text = text;
                // `s` is a prefix of a UTF-8 text: it is UTF-8 when it ends on a boundary.
                text.get(..s.len())
            }
            Err(_) => {
                self.checked_text.one_by_one = true;
                std::str::from_utf8(s).ok()
            }
        }
    }
}

/// The largest `n <= max` (and `<= bytes.len()`) where `bytes[n]` does not continue a
/// UTF-8 character: cutting there never splits one.
fn char_start_at_or_before(bytes: &[u8], max: usize) -> usize {
    if bytes.len() <= max {
        return bytes.len();
    }
    let mut n = max;
    // A character has at most three continuation bytes (`0b10xx_xxxx`).
    while n > max - 3 && bytes[n] & 0xC0 == 0x80 {
        n -= 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use crate::resp::{Frame, Reader};

    /// An array of bulk strings.
    fn array_of(strings: &[Vec<u8>]) -> Frame {
        let mut wire = format!("*{}\r\n", strings.len()).into_bytes();
        for s in strings {
            wire.extend_from_slice(format!("${}\r\n", s.len()).as_bytes());
            wire.extend_from_slice(s);
            wire.extend_from_slice(b"\r\n");
        }
        Frame::from_slice(&wire).unwrap()
    }

    /// Reads every string of `frame` as `str` (every third as an owned `String`), or as
    /// bytes where `as_text` says no, and checks each against `str::from_utf8` of the
    /// string alone.
    fn read_all(frame: &Frame, strings: &[Vec<u8>], as_text: &[bool]) {
        let mut r = Reader::new(frame);
        assert_eq!(r.array_len().unwrap(), strings.len());
        for (i, s) in strings.iter().enumerate() {
            if !as_text.get(i).copied().unwrap_or(true) {
                assert_eq!(r.bytes().unwrap(), &s[..]);
                continue;
            }
            let before = r.position();
            let owned = i % 3 == 2;
            match std::str::from_utf8(s) {
                Ok(expected) if owned => assert_eq!(r.string().unwrap(), expected),
                Ok(expected) => assert_eq!(r.str().unwrap(), expected, "string {i}"),
                Err(_) => {
                    let read = if owned {
                        r.string().map(drop)
                    } else {
                        r.str().map(drop)
                    };
                    assert!(read.is_err(), "string {i} is not UTF-8");
                    assert_eq!(r.position(), before, "a failed read stays before the value");
                    assert_eq!(r.bytes().unwrap(), &s[..]);
                }
            }
        }
        assert!(r.is_at_end());
    }

    #[test]
    fn stretches_never_cut_a_character() {
        // Two-, three- and four-byte characters at every phase against the stretch's end.
        for c in ["é", "€", "𝄞"] {
            for pad in 0..4 {
                let strings: Vec<Vec<u8>> = (0..300)
                    .map(|i| format!("{}{}", "a".repeat((i + pad) % 5), c.repeat(i % 7)))
                    .map(String::into_bytes)
                    .collect();
                read_all(&array_of(&strings), &strings, &[]);
            }
        }
    }

    #[test]
    fn binary_next_to_text_and_text_that_is_not_utf8() {
        let strings = vec![
            b"1700000000000-0".to_vec(),
            b"caf\xc3\xa9".to_vec(),
            vec![0xff, 0xfe, 0x00, 0x80],
            b"field".to_vec(),
            vec![0x80],
            b"caf\xc3".to_vec(),
            "x".repeat(600).into_bytes(),
            b"\xc3\xa9".to_vec(),
        ];
        read_all(&array_of(&strings), &strings, &[]);
        // The binary value read as bytes: the text around it is still checked.
        read_all(
            &array_of(&strings),
            &strings,
            &[true, true, false, true, false, false, true, true],
        );
    }

    fn string() -> impl Strategy<Value = Vec<u8>> {
        prop_oneof![
            "[a-z0-9-]{0,40}".prop_map(String::into_bytes),
            "\\PC{0,40}".prop_map(String::into_bytes),
            proptest::collection::vec(any::<u8>(), 0..40),
            proptest::collection::vec(any::<u8>(), 500..700),
            "\\PC{150,200}".prop_map(String::into_bytes),
        ]
    }

    proptest! {
        #[test]
        fn every_string_reads_as_from_utf8_says(
            strings in proptest::collection::vec(string(), 0..60),
            as_text in proptest::collection::vec(any::<bool>(), 0..60),
        ) {
            read_all(&array_of(&strings), &strings, &as_text);
        }
    }
}
