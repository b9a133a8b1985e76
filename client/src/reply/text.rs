//! [`Text`]: owned UTF-8 text read from a reply without an allocation per string: a short
//! one inline, a long one a slice of the reply's buffer.

use crate::error::Error;
use crate::resp::read::collections::vec_for;
use crate::resp::read::RespRead;
use crate::wire::{DecodeError, Frame, Reader};
use arrayvec::ArrayString;
use bytes::Bytes;
use bytestring::ByteString;
use std::borrow::Borrow;
use std::borrow::Cow;
use std::fmt;
use std::ops::Deref;

/// Owned UTF-8 text read from a reply without an allocation per string: up to
/// 20 bytes it is held inline (copied, as a `&str`'s bytes are small), longer it is a
/// [`Bytes`] slice of the reply's buffer (shared, never copied). Checked to be UTF-8 once,
/// it outlives the frame, is an argument ([`ToArg`](crate::ToArg)), derefs to `str` (so
/// it goes where a `&str` does) and is `Display`, `Hash`, `Ord` and, with the `serde`
/// feature, a string to serde.
///
/// Where `Vec<String>` allocates and copies every member of a 10,000-member `LRANGE`,
/// `Vec<Text>` allocates the vector alone.
///
/// ```
/// use typedis::reply::Text;
///
/// let members: Vec<Text> = typedis::resp::decode(b"*2\r\n$3\r\nann\r\n$4\r\nb\xc3\xb6b\r\n")?;
/// assert_eq!(members, ["ann", "böb"]);
/// assert_eq!(members[1].len(), 4);
/// assert!(members[0].starts_with('a')); // any `str` method
/// println!("{}", members[1]);
///
/// // Bytes that are not UTF-8 are a decode error that says where.
/// let wrong = typedis::resp::decode::<Vec<Text>>(b"*1\r\n$1\r\n\xff\r\n").unwrap_err();
/// assert!(wrong.to_string().contains("utf-8"), "{wrong}");
/// # Ok::<(), typedis::Error>(())
/// ```
#[derive(Clone)]
pub struct Text(Repr);

/// Where a [`Text`]'s bytes are.
#[derive(Clone)]
enum Repr {
    /// Up to [`INLINE`] bytes, in the value itself.
    Inline(ArrayString<INLINE>),
    /// A slice of a shared buffer (the reply's, or a `String` given).
    Shared(ByteString),
}

/// The longest text held inline: an `ArrayString` of 20 bytes and its 4-byte length fit
/// beside the pointer of a [`Bytes`] that tells the two forms apart, so that a `Text` is
/// no bigger than a `Bytes` on 64-bit targets.
const INLINE: usize = 20;

#[cfg(target_pointer_width = "64")]
const _: () = assert!(size_of::<Text>() == size_of::<Bytes>());

impl Text {
    /// The text of a static string, without a copy.
    pub const fn from_static(text: &'static str) -> Text {
        Text(Repr::Shared(ByteString::from_static(text)))
    }

    /// `text`, held inline when short, else copied into a buffer of its own.
    fn copied(text: &str) -> Text {
        match ArrayString::from(text) {
            Ok(inline) => Text(Repr::Inline(inline)),
            Err(_) => Text(Repr::Shared(ByteString::from(text))),
        }
    }

    /// The text as a `str`.
    #[inline]
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Repr::Inline(s) => s.as_str(),
            Repr::Shared(s) => s,
        }
    }

    /// The text's bytes (a slice of the buffer it shares, or a copy of a short text).
    pub fn into_bytes(self) -> Bytes {
        match self.0 {
            Repr::Inline(s) => Bytes::copy_from_slice(s.as_bytes()),
            Repr::Shared(s) => s.into_bytes(),
        }
    }
}

impl Default for Text {
    fn default() -> Text {
        Text::from_static("")
    }
}

impl PartialEq for Text {
    fn eq(&self, other: &Text) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Text {}

impl PartialOrd for Text {
    fn partial_cmp(&self, other: &Text) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Text {
    fn cmp(&self, other: &Text) -> std::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

/// Hashes as its `str`, as `Borrow<str>` needs.
impl std::hash::Hash for Text {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Text {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Text {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Text, D::Error> {
        let text = <Cow<'de, str>>::deserialize(deserializer)?;
        Ok(match text {
            Cow::Borrowed(s) => Text::copied(s),
            Cow::Owned(s) => Text::from(s),
        })
    }
}

impl Deref for Text {
    type Target = str;

    #[inline]
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Text {
    fn as_ref(&self) -> &str {
        self
    }
}

impl AsRef<[u8]> for Text {
    fn as_ref(&self) -> &[u8] {
        self.as_str().as_bytes()
    }
}

impl Borrow<str> for Text {
    fn borrow(&self) -> &str {
        self
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self)
    }
}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl From<String> for Text {
    /// Keeps the `String`'s buffer (a short text is held inline).
    fn from(text: String) -> Text {
        if text.len() <= INLINE {
            Text::copied(&text)
        } else {
            Text(Repr::Shared(ByteString::from(text)))
        }
    }
}

impl From<&str> for Text {
    /// Copies the text.
    fn from(text: &str) -> Text {
        Text::copied(text)
    }
}

impl From<Text> for Bytes {
    fn from(text: Text) -> Bytes {
        text.into_bytes()
    }
}

impl From<Text> for String {
    /// Copies the text.
    fn from(text: Text) -> String {
        text.as_str().to_owned()
    }
}

impl TryFrom<Bytes> for Text {
    type Error = std::str::Utf8Error;

    /// The bytes, when they are UTF-8, without a copy.
    fn try_from(bytes: Bytes) -> Result<Text, Self::Error> {
        ByteString::try_from(bytes).map(|s| Text(Repr::Shared(s)))
    }
}

impl PartialEq<str> for Text {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for Text {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<Text> for str {
    fn eq(&self, other: &Text) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<Text> for &str {
    fn eq(&self, other: &Text) -> bool {
        *self == other.as_str()
    }
}

impl Text {
    /// The text a step read: a short one copied inline (cheaper than counting a reference
    /// to the frame), a long one a slice of the frame.
    #[inline(always)]
    fn of_reply<'de>(r: &Reader<'de>, text: Cow<'de, str>) -> Text {
        match text {
            Cow::Borrowed(s) if s.len() <= INLINE => Text::copied(s),
            other => Text::of_reply_long(r, other),
        }
    }

    /// [`of_reply`](Self::of_reply) of a long or joined text.
    #[inline(never)]
    fn of_reply_long<'de>(r: &Reader<'de>, text: Cow<'de, str>) -> Text {
        match text {
            Cow::Borrowed(s) => {
                // Checked already: the second check cannot fail.
                Text::try_from(r.slice_of(s.as_bytes())).unwrap_or_else(|_| Text::copied(s))
            }
            Cow::Owned(s) => Text::from(s),
        }
    }
}

impl<'de> RespRead<'de> for Text {
    #[inline]
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let text = r.text_cow()?;
        Ok(Text::of_reply(r, text))
    }

    /// A short text is copied straight into the place the vector keeps it (an empty
    /// inline text pushed, then filled): built elsewhere and moved there, its pieces'
    /// stores would stall the wider loads that move it, which measured as most of the
    /// read's time. The vector reserves at first no more than the frame can hold
    /// ([`vec_for`]) and grows as texts are read.
    fn read_vec(r: &mut Reader<'de>) -> Result<Vec<Self>, DecodeError> {
        let n = r.array_len()?;
        let mut out = vec_for::<Text>(r, n, 3);
        for i in 0..n {
            match r.text_cow() {
                Ok(Cow::Borrowed(s)) if s.len() <= INLINE => {
                    out.push(Text(Repr::Inline(ArrayString::new())));
                    if let Some(Text(Repr::Inline(inline))) = out.last_mut() {
                        // Fits: `s` is at most `INLINE` bytes.
                        inline.push_str(s);
                    }
                }
                Ok(text) => out.push(Text::of_reply(r, text)),
                Err(e) => return Err(e.at_index(i)),
            }
        }
        Ok(out)
    }

    /// A reply of one bulk string is read without a [`Reader`]: copied inline when short
    /// (so that a short text keeps no reply buffer alive), else a slice of the frame.
    fn read_frame(frame: &'de Frame) -> Result<Self, Error> {
        match frame.bulk() {
            Some(s) if s.len() <= INLINE => match std::str::from_utf8(s) {
                Ok(text) => Ok(Text::copied(text)),
                Err(_) => frame.read_whole(),
            },
            Some(s) => {
                Text::try_from(frame.as_bytes().slice_ref(s)).or_else(|_| frame.read_whole())
            }
            None => frame.read_whole(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_a_slice_of_the_reply_and_reads_back_as_written() {
        let frame = Frame::from_slice(b"*2\r\n$6\r\nh\xc3\xa9llo\r\n+ok\r\n").unwrap();
        let texts: Vec<Text> = frame.decode().unwrap();
        assert_eq!(texts, ["héllo", "ok"]);
        // A long text shares the frame's buffer: no copy.
        let long = Frame::from_slice(b"*1\r\n$30\r\nabcdefghijklmnopqrstuvwxyz0123\r\n").unwrap();
        let texts_long: Vec<Text> = long.decode().unwrap();
        let inside = long.as_bytes().as_ptr_range();
        assert!(inside.contains(&texts_long[0].as_ptr()));
        assert_eq!(texts_long[0].len(), 30);
        let short = Frame::from_slice(b"$2\r\nhi\r\n").unwrap();
        let one: Text = short.decode().unwrap();
        assert_eq!(one, "hi");
        // A reply of one short text is copied: it keeps no reply buffer alive.
        assert!(!short.as_bytes().as_ptr_range().contains(&one.as_ptr()));
        let long = Frame::from_slice(b"$21\r\nabcdefghijklmnopqrstu\r\n").unwrap();
        let one: Text = long.decode().unwrap();
        assert!(long.as_bytes().as_ptr_range().contains(&one.as_ptr()));
        let wrong = Frame::from_slice(b"$2\r\n\xff!\r\n").unwrap();
        let err = wrong.decode::<Text>().unwrap_err();
        assert!(err.to_string().contains("utf-8"), "{err}");
        let missing: Option<Text> = Frame::from_slice(b"$-1\r\n").unwrap().decode().unwrap();
        assert_eq!(missing, None);
    }

    #[test]
    fn a_vec_of_text_reads_every_form_of_string_in_order() {
        // Short, long (a slice of the frame), empty, simple, verbatim, a streamed string
        // of two chunks (joined), and one after an attribute.
        let frame = Frame::from_slice(
            b"*7\r\n$2\r\nab\r\n$30\r\nabcdefghijklmnopqrstuvwxyz0123\r\n$0\r\n\r\n\
              +ok\r\n=7\r\ntxt:hey\r\n$?\r\n;2\r\nst\r\n;2\r\nre\r\n;0\r\n\
              |1\r\n+a\r\n:1\r\n$4\r\nlast\r\n",
        )
        .unwrap();
        let texts: Vec<Text> = frame.decode().unwrap();
        assert_eq!(
            texts,
            [
                "ab",
                "abcdefghijklmnopqrstuvwxyz0123",
                "",
                "ok",
                "hey",
                "stre",
                "last"
            ]
        );
        let inside = frame.as_bytes().as_ptr_range();
        assert!(inside.contains(&texts[1].as_ptr()));
        // Up to 20 bytes a text is copied inline; from 21 it is a slice of the frame.
        let frame = Frame::from_slice(
            b"*2\r\n$20\r\nabcdefghijklmnopqrst\r\n$21\r\nabcdefghijklmnopqrstu\r\n",
        )
        .unwrap();
        let texts: Vec<Text> = frame.decode().unwrap();
        assert_eq!(texts, ["abcdefghijklmnopqrst", "abcdefghijklmnopqrstu"]);
        let inside = frame.as_bytes().as_ptr_range();
        assert!(!inside.contains(&texts[0].as_ptr()));
        assert!(inside.contains(&texts[1].as_ptr()));
        // The same limit for text not ASCII (18 bytes and a two-byte character), for a
        // simple string, and for a single text.
        let frame = Frame::from_slice(
            "*2\r\n$20\r\nbbbbbbbbbbbbbbbbbb\u{e9}\r\n+abcdefghijklmnopqrstu\r\n".as_bytes(),
        )
        .unwrap();
        let texts: Vec<Text> = frame.decode().unwrap();
        assert_eq!(texts, ["bbbbbbbbbbbbbbbbbb\u{e9}", "abcdefghijklmnopqrstu"]);
        let inside = frame.as_bytes().as_ptr_range();
        assert!(!inside.contains(&texts[0].as_ptr()));
        assert!(inside.contains(&texts[1].as_ptr()));
        let frame = Frame::from_slice(b"*1\r\n$21\r\nabcdefghijklmnopqrstu\r\n").unwrap();
        let one: Vec<Option<Text>> = frame.decode().unwrap();
        let inside = frame.as_bytes().as_ptr_range();
        assert!(inside.contains(&one[0].as_ref().unwrap().as_ptr()));
        // Text given, not read: inline up to 20 bytes as well.
        for (given, inline) in [("x".repeat(20), true), ("x".repeat(21), false)] {
            let from_str = Text::from(given.as_str());
            let from_string = Text::from(given.clone());
            assert_eq!(from_str, given.as_str());
            assert_eq!(from_string, given.as_str());
            assert_eq!(matches!(from_str.0, Repr::Inline(_)), inline, "{given}");
            assert_eq!(matches!(from_string.0, Repr::Inline(_)), inline, "{given}");
        }
        // A value that is not a string fails at its index.
        let err = Frame::from_slice(b"*3\r\n$1\r\na\r\n$1\r\nb\r\n:7\r\n")
            .unwrap()
            .decode::<Vec<Text>>()
            .unwrap_err();
        assert!(err.to_string().contains("[2]"), "{err}");
    }

    #[test]
    fn a_vec_of_text_longer_than_one_reservation_is_read_whole() {
        // More texts than one reservation allows (`MAX_RESERVED` bytes of `Text`s).
        let n = 3 * crate::resp::read::collections::MAX_RESERVED / size_of::<Text>() + 7;
        let mut wire = format!("*{n}\r\n").into_bytes();
        for i in 0..n {
            let item = format!("item:{i}");
            wire.extend_from_slice(format!("${}\r\n{item}\r\n", item.len()).as_bytes());
        }
        let texts: Vec<Text> = Frame::from_slice(&wire).unwrap().decode().unwrap();
        assert_eq!(texts.len(), n);
        assert!(texts
            .iter()
            .enumerate()
            .all(|(i, t)| *t == format!("item:{i}")));
        // A bad one past the first reservation fails at its index.
        let bad = n - 3;
        let item = format!("item:{bad}\r\n");
        let at = wire
            .windows(item.len())
            .position(|w| w == item.as_bytes())
            .unwrap();
        wire[at] = 0xff;
        let err = Frame::from_slice(&wire)
            .unwrap()
            .decode::<Vec<Text>>()
            .unwrap_err();
        assert!(err.to_string().contains(&format!("[{bad}]")), "{err}");
    }

    proptest::proptest! {
        /// `Vec<Text>` reads what `Vec<String>` reads, and fails where it fails.
        #[test]
        fn a_vec_of_text_reads_as_a_vec_of_string(
            items in proptest::collection::vec(
                proptest::collection::vec(proptest::prelude::any::<u8>(), 0..40), 0..40),
            texts in proptest::collection::vec(".{0,30}", 0..40),
        ) {
            let mut wire = format!("*{}\r\n", items.len() + texts.len()).into_bytes();
            for item in texts.iter().map(String::as_bytes).chain(items.iter().map(Vec::as_slice)) {
                wire.extend_from_slice(format!("${}\r\n", item.len()).as_bytes());
                wire.extend_from_slice(item);
                wire.extend_from_slice(b"\r\n");
            }
            let frame = Frame::from_slice(&wire).unwrap();
            let owned = frame.decode::<Vec<String>>().map_err(|e| e.to_string());
            let ours = frame.decode::<Vec<Text>>().map_err(|e| e.to_string());
            let ours = ours.map(|v| v.into_iter().map(String::from).collect::<Vec<_>>());
            proptest::prop_assert_eq!(ours, owned);
        }
    }

    #[cfg(feature = "serde")]
    #[test]
    fn text_is_a_string_to_serde() {
        let text = Text::from_static("héllo");
        assert_eq!(serde_json::to_string(&text).unwrap(), r#""héllo""#);
        let back: Text = serde_json::from_str(r#""héllo""#).unwrap();
        assert_eq!(back, text);
    }

    #[test]
    fn bytes_that_are_not_utf8_are_a_decode_error_where_they_are() {
        let err = Frame::from_slice(b"*2\r\n$1\r\na\r\n$2\r\n\xc3\x28\r\n")
            .unwrap()
            .decode::<Vec<Text>>()
            .unwrap_err();
        assert!(err.to_string().contains("[1]"), "{err}");
        assert!(err.to_string().contains("utf-8"), "{err}");
        let err = Frame::from_slice(b"$1\r\n\xff\r\n")
            .unwrap()
            .decode::<Text>()
            .unwrap_err();
        assert!(err.to_string().contains("utf-8"), "{err}");
    }
}
