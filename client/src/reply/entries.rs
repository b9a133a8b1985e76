//! [`StreamEntries`]: the entries of a stream reply (`XRANGE`, `XREAD`'s per stream,
//! ...), kept as one slice of the reply and handed out as views.

use std::fmt;

use bytes::{Bytes, BytesMut};

use super::extents::Extent;
use super::stream::{check_pairs, copy_pairs, FieldsRef, StreamEntry};
use crate::resp::read::collections::vec_for;
use crate::resp::read::RespRead;
use crate::wire::DecodeError;
use crate::wire::Reader;

/// The entries of a stream: what `XRANGE`, `XREVRANGE` and `XCLAIM` return, and what
/// `XREAD`, `XREADGROUP` and `XAUTOCLAIM` return for each stream.
///
/// The reply is kept once, as a zero-copy slice of the frame, with the place of each
/// entry's ID and fields in it: reading 1,000 entries costs one allocation and no
/// reference count per entry. [`get`](Self::get) and [`iter`](Self::iter) hand out
/// [`StreamEntryRef`] views, whose `id` is a `&[u8]` and whose [`fields`](FieldsRef) are
/// read where they lie; a `for` loop over an owned `StreamEntries` (or
/// [`to_vec`](Self::to_vec)) gives owned [`StreamEntry`]s, still zero-copy.
///
/// To read the entries into structs of your own (a `#[derive(RespRead)]` entry whose
/// fields are a `#[resp(map)]` struct), ask for a `Vec` of them with
/// [`Client::query_as`](crate::Client::query_as).
///
/// ```
/// use typedis::resp::Frame;
/// use typedis::reply::StreamEntries;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let frame = Frame::from_slice(
///     b"*2\r\n*2\r\n$3\r\n1-1\r\n*2\r\n$4\r\ntemp\r\n$2\r\n21\r\n*2\r\n$3\r\n1-2\r\n*2\r\n$4\r\ntemp\r\n$2\r\n22\r\n",
/// )?;
/// let entries: StreamEntries = frame.decode()?;
/// assert_eq!(entries.len(), 2);
/// for entry in &entries {
///     assert!(entry.id.starts_with(b"1-"));
///     assert!(entry.fields.get("temp").is_some());
/// }
/// assert_eq!(entries.last().unwrap().id, b"1-2");
/// assert_eq!(entries.get(0).unwrap().fields.get_str("temp"), Some("21"));
/// let owned: Vec<typedis::reply::StreamEntry> = entries.into_iter().collect();
/// assert_eq!(owned[1].id, "1-2");
/// # Ok(())
/// # }
/// ```
#[derive(Clone, Default)]
pub struct StreamEntries {
    /// The buffer the extents point into: the reply's array, or a copy of its entries.
    buf: Bytes,
    entries: Vec<Entry>,
}

/// Where one entry's parts are in the buffer.
#[derive(Debug, Clone, Copy)]
struct Entry {
    id: Extent,
    /// The `[field, value, ...]` array or map, well-formed RESP; `NULL` when deleted.
    fields: Extent,
    pairs: u32,
}

impl StreamEntries {
    /// The number of entries.
    #[inline]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entry at `index`, borrowed from the reply.
    #[inline]
    pub fn get(&self, index: usize) -> Option<StreamEntryRef<'_>> {
        self.entries.get(index).map(|e| view(&self.buf, e))
    }

    /// The first entry.
    pub fn first(&self) -> Option<StreamEntryRef<'_>> {
        self.get(0)
    }

    /// The last entry: its ID is where the next `XREAD` or `XRANGE` page starts.
    pub fn last(&self) -> Option<StreamEntryRef<'_>> {
        self.entries.last().map(|e| view(&self.buf, e))
    }

    /// The entries in order, borrowed from the reply.
    #[inline]
    pub fn iter(&self) -> StreamEntriesIter<'_> {
        StreamEntriesIter {
            buf: &self.buf,
            entries: self.entries.iter(),
        }
    }

    /// The entries as owned [`StreamEntry`]s, zero-copy slices of the reply.
    pub fn to_vec(&self) -> Vec<StreamEntry> {
        self.iter().map(|e| e.to_entry()).collect()
    }
}

/// The view of `entry`, which points into `buf`.
#[inline(always)]
fn view<'a>(buf: &'a Bytes, entry: &Entry) -> StreamEntryRef<'a> {
    StreamEntryRef {
        id: entry.id.of(buf),
        fields: FieldsRef::new(buf, entry.fields, entry.pairs as usize),
    }
}

/// One entry of [`StreamEntries`], borrowed from the reply.
#[derive(Clone, Copy, PartialEq)]
#[non_exhaustive]
pub struct StreamEntryRef<'a> {
    /// The entry's ID (`1700000000000-0`).
    pub id: &'a [u8],
    /// Its field/value pairs.
    pub fields: FieldsRef<'a>,
}

impl<'a> StreamEntryRef<'a> {
    /// The ID as text (`None` if a server sent one that is not UTF-8).
    pub fn id_str(&self) -> Option<&'a str> {
        std::str::from_utf8(self.id).ok()
    }

    /// The entry as an owned [`StreamEntry`], a zero-copy slice of the reply.
    pub fn to_entry(&self) -> StreamEntry {
        StreamEntry {
            id: self.fields.buf().slice_ref(self.id),
            fields: self.fields.to_fields(),
        }
    }
}

impl fmt::Debug for StreamEntryRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StreamEntry")
            .field("id", &String::from_utf8_lossy(self.id))
            .field("fields", &self.fields)
            .finish()
    }
}

/// Where an entry's parts go as the walk reads them: extents of the frame itself, or of a
/// copy.
trait Place<'de> {
    fn id(&mut self, r: &mut Reader<'de>) -> Result<Extent, DecodeError>;

    /// Reads fields that are not null: where they are, and how many pairs they hold.
    fn fields(&mut self, r: &mut Reader<'de>) -> Result<(Extent, usize), DecodeError>;
}

/// Spans of the frame, from `base`, where the kept slice of it starts.
struct Kept {
    base: usize,
}

impl<'de> Place<'de> for Kept {
    #[inline(always)]
    fn id(&mut self, r: &mut Reader<'de>) -> Result<Extent, DecodeError> {
        let s = r.bytes()?;
        if s.is_empty() {
            // Not necessarily in the frame (a streamed string of no chunks).
            return Ok(Extent::EMPTY);
        }
        Extent::new(r.offset_of(s) - self.base, s.len()).map_err(|_| too_large())
    }

    #[inline(always)]
    fn fields(&mut self, r: &mut Reader<'de>) -> Result<(Extent, usize), DecodeError> {
        let (n, at) = r.read_and_mark(check_pairs)?;
        let extent = Extent::new(at.start - self.base, at.len()).map_err(|_| too_large())?;
        Ok((extent, n))
    }
}

/// Spans of a copy: the IDs as they are, the fields written out as RESP2 arrays of
/// plain strings (which a borrowed read of the frame cannot take: a RESP3 string
/// streamed in chunks, a streamed aggregate).
#[derive(Default)]
struct Copied {
    buf: BytesMut,
}

impl<'de> Place<'de> for Copied {
    fn id(&mut self, r: &mut Reader<'de>) -> Result<Extent, DecodeError> {
        let s = r.bytes_owned()?;
        let extent = Extent::new(self.buf.len(), s.len()).map_err(|_| too_large())?;
        self.buf.extend_from_slice(&s);
        Ok(extent)
    }

    fn fields(&mut self, r: &mut Reader<'de>) -> Result<(Extent, usize), DecodeError> {
        let start = self.buf.len();
        let n = copy_pairs(r, &mut self.buf)?;
        let extent = Extent::new(start, self.buf.len() - start).map_err(|_| too_large())?;
        Ok((extent, n))
    }
}

#[cold]
fn too_large() -> DecodeError {
    DecodeError::custom("stream entries longer than 4 GiB: read them as `Vec<StreamEntry>`")
}

/// Reads the array of entries, each `[id, fields]`.
#[inline(always)]
fn walk<'de>(r: &mut Reader<'de>, place: &mut impl Place<'de>) -> Result<Vec<Entry>, DecodeError> {
    let n = r.array_len()?;
    let mut entries = vec_for(r, n, 8);
    for i in 0..n {
        entries.push(entry(r, place).map_err(|e| e.at_index(i))?);
    }
    Ok(entries)
}

#[inline(always)]
fn entry<'de>(r: &mut Reader<'de>, place: &mut impl Place<'de>) -> Result<Entry, DecodeError> {
    let n = r.array_len()?;
    if n != 2 {
        return Err(DecodeError::length(2, n));
    }
    let id = place.id(r).map_err(|e| e.at_field("id"))?;
    let (fields, pairs) = if r.try_null()? {
        (Extent::NULL, 0)
    } else {
        place.fields(r).map_err(|e| e.at_field("fields"))?
    };
    // A pair takes at least 8 bytes, and the fields fit in 4 GiB.
    let pairs = u32::try_from(pairs).map_err(|_| too_large())?;
    Ok(Entry { id, fields, pairs })
}

/// An array of entries, as `Vec<StreamEntry>` reads it. One walk over the frame; should
/// it fail, the array is read again with owned strings copied into a new buffer: that
/// reads the rare forms a borrowed string cannot be, and reports any other failure where
/// it is.
impl<'de> RespRead<'de> for StreamEntries {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let from = r.clone();
        let kept = r.read_and_keep(|r| {
            let base = r.position();
            walk(r, &mut Kept { base })
        });
        match kept {
            Ok((entries, buf)) => Ok(StreamEntries { buf, entries }),
            Err(_) => {
                *r = from;
                let mut copy = Copied::default();
                let entries = walk(r, &mut copy)?;
                Ok(StreamEntries {
                    buf: copy.buf.freeze(),
                    entries,
                })
            }
        }
    }
}

impl fmt::Debug for StreamEntries {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for StreamEntries {
    fn eq(&self, other: &StreamEntries) -> bool {
        self.iter().eq(other.iter())
    }
}

impl From<StreamEntries> for Vec<StreamEntry> {
    fn from(entries: StreamEntries) -> Vec<StreamEntry> {
        entries.to_vec()
    }
}

impl<'a> IntoIterator for &'a StreamEntries {
    type Item = StreamEntryRef<'a>;
    type IntoIter = StreamEntriesIter<'a>;

    fn into_iter(self) -> StreamEntriesIter<'a> {
        self.iter()
    }
}

impl IntoIterator for StreamEntries {
    type Item = StreamEntry;
    type IntoIter = StreamEntriesIntoIter;

    /// The entries as owned, zero-copy [`StreamEntry`]s.
    fn into_iter(self) -> StreamEntriesIntoIter {
        StreamEntriesIntoIter {
            buf: self.buf,
            entries: self.entries.into_iter(),
        }
    }
}

/// The entries of [`StreamEntries`], borrowed, in order.
#[derive(Debug, Clone)]
pub struct StreamEntriesIter<'a> {
    buf: &'a Bytes,
    entries: std::slice::Iter<'a, Entry>,
}

impl<'a> Iterator for StreamEntriesIter<'a> {
    type Item = StreamEntryRef<'a>;

    #[inline]
    fn next(&mut self) -> Option<StreamEntryRef<'a>> {
        self.entries.next().map(|e| view(self.buf, e))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.entries.size_hint()
    }
}

impl DoubleEndedIterator for StreamEntriesIter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.entries.next_back().map(|e| view(self.buf, e))
    }
}

impl ExactSizeIterator for StreamEntriesIter<'_> {}

/// The entries of [`StreamEntries`] as owned, zero-copy [`StreamEntry`]s, in order.
// Hidden from the docs, as the other owned iterators of replies: its page would list
// `Iterator`'s provided methods and nothing of its own (~180 KB); `for x in reply` uses it.
#[doc(hidden)]
#[derive(Debug, Clone)]
pub struct StreamEntriesIntoIter {
    buf: Bytes,
    entries: std::vec::IntoIter<Entry>,
}

impl Iterator for StreamEntriesIntoIter {
    type Item = StreamEntry;

    fn next(&mut self) -> Option<StreamEntry> {
        self.entries.next().map(|e| view(&self.buf, &e).to_entry())
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.entries.size_hint()
    }
}

impl DoubleEndedIterator for StreamEntriesIntoIter {
    fn next_back(&mut self) -> Option<StreamEntry> {
        self.entries
            .next_back()
            .map(|e| view(&self.buf, &e).to_entry())
    }
}

impl ExactSizeIterator for StreamEntriesIntoIter {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::Frame;

    fn entries(wire: &[u8]) -> Result<StreamEntries, crate::error::Error> {
        Frame::from_slice(wire).expect("one whole frame").decode()
    }

    #[test]
    fn resp2_resp3_deleted_and_attributed_entries_read_alike() {
        let resp2 = entries(
            b"*2\r\n*2\r\n$3\r\n1-1\r\n*2\r\n$1\r\na\r\n$1\r\nb\r\n*2\r\n$3\r\n1-2\r\n*-1\r\n",
        )
        .unwrap();
        let resp3 = entries(
            b"*2\r\n*2\r\n$3\r\n1-1\r\n|1\r\n+k\r\n+v\r\n%1\r\n$1\r\na\r\n$1\r\nb\r\n*2\r\n$3\r\n1-2\r\n_\r\n",
        )
        .unwrap();
        assert_eq!(resp2, resp3);
        let first = resp2.first().unwrap();
        assert_eq!((first.id, first.id_str()), (&b"1-1"[..], Some("1-1")));
        assert_eq!(first.fields.get("a"), Some(&b"b"[..]));
        assert_eq!(first.fields.len(), 1);
        let deleted = resp2.last().unwrap().fields;
        assert!(deleted.is_deleted() && deleted.is_empty() && deleted.get("a").is_none());
        assert!(deleted.decode::<Vec<Bytes>>().is_err());
        assert_eq!(
            format!("{resp2:?}"),
            r#"[StreamEntry { id: "1-1", fields: {"a": "b"} }, StreamEntry { id: "1-2", fields: Fields(deleted) }]"#
        );
        let owned: Vec<StreamEntry> = resp2.clone().into_iter().collect();
        assert_eq!(owned, resp2.to_vec());
        assert_eq!(owned[0].fields.get("a"), Some(&b"b"[..]));
        assert!(owned[1].fields.is_deleted());
        assert_eq!(
            resp2.iter().rev().map(|e| e.id).collect::<Vec<_>>(),
            [b"1-2", b"1-1"]
        );
        assert!(entries(b"*0\r\n").unwrap().is_empty());
    }

    #[test]
    fn streamed_and_chunked_forms_are_copied_and_read() {
        // A chunked string in the fields, a streamed map of fields, a chunked ID.
        let chunked = entries(
            b"*1\r\n*2\r\n$3\r\n1-1\r\n*2\r\n$1\r\na\r\n$?\r\n;1\r\nb\r\n;1\r\nc\r\n;0\r\n",
        )
        .unwrap();
        let streamed = entries(
            b"*1\r\n*2\r\n$?\r\n;2\r\n1-\r\n;1\r\n1\r\n;0\r\n%?\r\n$1\r\na\r\n$2\r\nbc\r\n.\r\n",
        )
        .unwrap();
        assert_eq!(chunked, streamed);
        let entry = streamed.get(0).unwrap();
        assert_eq!(entry.id, b"1-1");
        assert_eq!(entry.fields.get_str("a"), Some("bc"));
        let owned = entry.to_entry();
        assert_eq!(
            owned.fields.to_vec(),
            [(Bytes::from("a"), Bytes::from("bc"))]
        );
        // A streamed map of fields alone, in a frame otherwise borrowed.
        let map = entries(b"*1\r\n*2\r\n$3\r\n1-1\r\n%?\r\n$1\r\na\r\n$1\r\nb\r\n.\r\n").unwrap();
        assert_eq!(map.get(0).unwrap().fields.get("a"), Some(&b"b"[..]));
        // And the same forms read as one owned entry.
        let one =
            Frame::from_slice(b"*2\r\n$3\r\n1-1\r\n%?\r\n$1\r\na\r\n$?\r\n;1\r\nb\r\n;0\r\n.\r\n")
                .unwrap();
        let one: StreamEntry = one.decode().unwrap();
        assert_eq!(one.fields.get("a"), Some(&b"b"[..]));
    }

    #[test]
    fn fields_decode_into_a_type_of_ones_own() {
        let e =
            entries(b"*1\r\n*2\r\n$3\r\n1-1\r\n*4\r\n$1\r\na\r\n$1\r\nb\r\n$1\r\nc\r\n$1\r\nd\r\n")
                .unwrap();
        let fields = e.get(0).unwrap().fields;
        let pairs: Vec<(&str, &str)> = fields.decode().unwrap();
        assert_eq!(pairs, [("a", "b"), ("c", "d")]);
        let err = fields.decode::<Vec<i64>>().unwrap_err();
        assert!(err.to_string().contains("[0]"), "{err}");
    }

    #[test]
    fn a_wrong_entry_is_refused_where_it_is() {
        let odd = entries(b"*1\r\n*2\r\n$3\r\n1-1\r\n*1\r\n$1\r\na\r\n").unwrap_err();
        assert!(odd.to_string().contains("[0].fields"), "{odd}");
        let number =
            entries(b"*2\r\n*2\r\n$1\r\n1\r\n*0\r\n*2\r\n$1\r\n2\r\n*2\r\n$1\r\na\r\n:1\r\n")
                .unwrap_err();
        assert_eq!(
            number.to_string(),
            "cannot decode reply: [1].fields[1]: expected bulk string, found integer"
        );
        let short = entries(b"*1\r\n*1\r\n$3\r\n1-1\r\n").unwrap_err();
        assert!(short.to_string().contains("[0]"), "{short}");
        let id = entries(b"*1\r\n*2\r\n:1\r\n*0\r\n").unwrap_err();
        assert!(id.to_string().contains("[0].id"), "{id}");
        assert!(entries(b"$1\r\na\r\n").is_err());
    }
}
