//! Strings checked for UTF-8 a stretch of the frame at a time.
//!
//! `str::from_utf8` goes a byte at a time until its input is aligned, so on the short
//! strings most replies are made of (entry ids, field names, members) most of its work is
//! that slow start. A step that reads text instead checks the frame from the string's
//! start over up to [`WINDOW`] bytes, in one call that runs a word at a time, keeps that
//! stretch as a `&str`, and hands out the strings that fall inside it as slices of it: two
//! char-boundary tests each.
//!
//! A stretch pays when other strings read as text fall in it. Where they are far apart
//! (short field names between long values read as bytes), most of a stretch is checked
//! for nothing: each stretch that serves fewer than two more strings makes the next one a
//! quarter as long, and after three such the strings are checked one by one, as
//! `str::from_utf8` alone would; a stretch that serves four or more makes the next one
//! four times as long again. A frame whose text is sparse throughout thus checks at most
//! `512 + 128 + 32` bytes it did not need to.

use super::Reader;

/// The longest stretch checked at once, from a string's start: several small strings'
/// worth.
const WINDOW: usize = 512;

/// How many bytes must follow a string for a stretch to be checked: fewer, and another
/// string read as text is unlikely to fit in them.
const MIN_AFTER: usize = 32;

/// How many times a stretch can be quartered before strings are checked one by one.
const ONE_BY_ONE: u8 = 3;

/// A stretch of the frame known to be UTF-8, and how well stretches have served.
#[derive(Debug, Clone, Default)]
pub(super) struct CheckedText<'de> {
    /// Where `text` starts in the frame.
    start: usize,
    text: &'de str,
    /// Strings handed out from `text` after the one it was checked for.
    served: u32,
    /// How many times the stretch was quartered, less the times it grew back: the next
    /// one is `WINDOW >> (2 * shrunk)` long, and at [`ONE_BY_ONE`] there is none. Set to
    /// `ONE_BY_ONE` at once when a stretch holds bytes that are not UTF-8 (a binary
    /// value next to the text), so a binary frame pays for one stretch only.
    shrunk: u8,
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
                self.checked_text.served += 1;
                return Some(text);
            }
        }
        if self.checked_text.shrunk >= ONE_BY_ONE
            || self.buf.len().saturating_sub(at) < s.len() + MIN_AFTER
        {
            // Strings are checked one by one here, or the frame ends soon after `s` (a
            // reply of one string, or its last one).
            return std::str::from_utf8(s).ok();
        }
        self.text_checking(s)
    }

    /// [`text`](Self::text) for a string outside the checked stretch: checks a new
    /// one from the string's start.
    #[inline(never)]
    fn text_checking(&mut self, s: &'de [u8]) -> Option<&'de str> {
        let at = self.offset_of(s);
        let checked = &mut self.checked_text;
        if !checked.text.is_empty() && checked.shrunk < ONE_BY_ONE {
            // The last stretch is done with: the next one's length follows its use.
            match checked.served {
                0 | 1 => checked.shrunk += 1,
                2 | 3 => {}
                _ => checked.shrunk = checked.shrunk.saturating_sub(1),
            }
            checked.served = 0;
        }
        let reach = match checked.shrunk {
            ONE_BY_ONE.. => 0,
            shrunk => WINDOW >> (2 * shrunk),
        };
        let window = match self.buf.get(at..) {
            // `rest` starts with `s`, which is shorter than the stretch by more than a
            // character, so the stretch's cut never falls inside it.
            Some(rest) if s.len() + 4 <= reach => &rest[..char_start_at_or_before(rest, reach)],
            _ => return std::str::from_utf8(s).ok(),
        };
        match std::str::from_utf8(window) {
            Ok(text) => {
                checked.start = at;
                checked.text = text;
                // `s` is a prefix of a UTF-8 text: it is UTF-8 when it ends on a boundary.
                text.get(..s.len())
            }
            Err(_) => {
                checked.shrunk = ONE_BY_ONE;
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

    use crate::wire::Frame;
    use crate::wire::Reader;

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

    #[test]
    fn stretches_shrink_where_text_is_sparse_and_stay_where_it_is_dense() {
        // Short names between long values read as bytes: every stretch serves at most
        // one more name, so they shrink until names are checked one by one.
        let sparse: Vec<Vec<u8>> = (0..40)
            .map(|i| match i % 2 {
                0 => format!("field:{i:04}").into_bytes(),
                _ => "x".repeat(400).into_bytes(),
            })
            .collect();
        let as_text: Vec<bool> = (0..40).map(|i| i % 2 == 0).collect();
        let frame = array_of(&sparse);
        read_all(&frame, &sparse, &as_text);
        let mut r = Reader::new(&frame);
        r.array_len().unwrap();
        for (i, text) in as_text.iter().enumerate() {
            if *text {
                assert_eq!(r.str().unwrap().as_bytes(), &sparse[i][..]);
            } else {
                r.bytes().unwrap();
            }
        }
        assert_eq!(r.checked_text.shrunk, super::ONE_BY_ONE);

        // Entry ids close together: each stretch serves several, and keeps its length.
        let dense: Vec<Vec<u8>> = (0..400)
            .map(|i| format!("1700000000000-{i}").into_bytes())
            .collect();
        let frame = array_of(&dense);
        let mut r = Reader::new(&frame);
        r.array_len().unwrap();
        for s in &dense {
            assert_eq!(r.str().unwrap().as_bytes(), &s[..]);
        }
        assert_eq!(r.checked_text.shrunk, 0);
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
