//! [`SearchResults`]: the reply of `FT.SEARCH` and `FT.AGGREGATE` on both protocols, and
//! [`SearchPage`], one page of an aggregation read through a cursor (feature `search`).

use std::fmt;

use bytes::Bytes;

use crate::error::Error;
use crate::resp::read::collections::{hold, vec_for};
use crate::resp::read::RespRead;
use crate::resp::value::Value;
use crate::wire::DecodeError;
use crate::wire::Frame;
use crate::wire::Kind;
use crate::wire::Reader;

/// The reply of `FT.SEARCH` or `FT.AGGREGATE`: how many documents matched, and the
/// documents (or aggregated rows) returned, each with its fields kept as one zero-copy
/// slice of the reply, readable into a `#[derive(RespRead)]` struct of yours with
/// [`SearchFields::decode`].
///
/// RESP3 answers a map (`total_results`, `results: [{id, score, extra_attributes, ...}]`,
/// `warning`); RESP2 a flat array whose layout depends on the options given:
/// `[total, id, score?, payload?, sort key?, [field, value, ...]?, id, ...]`. The three
/// parameters say which of `WITHSCORES`, `WITHPAYLOADS` and `WITHSORTKEYS` were given, so
/// the flat form is read exactly; the builders set them (`b().ft_search()...withscores()`
/// replies `SearchResults<true>`), and `NOCONTENT` or `RETURN 0` (no fields) needs none.
/// On RESP3 the parameters change nothing.
///
/// ```
/// use typedis::resp::Frame;
/// use typedis::reply::SearchResults;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// #[derive(typedis::RespRead)]
/// #[resp(map)]
/// struct Title<'a> {
///     title: &'a str,
/// }
///
/// // `FT.SEARCH idx hello WITHSCORES` on RESP2: [total, id, score, fields, ...].
/// let frame = Frame::from_slice(
///     b"*4\r\n:1\r\n$5\r\ndoc:1\r\n$3\r\n0.5\r\n*2\r\n$5\r\ntitle\r\n$11\r\nhello world\r\n",
/// )?;
/// let results: SearchResults<true> = frame.decode()?;
/// assert_eq!(results.total, 1);
/// let doc = &results.docs[0];
/// assert_eq!(doc.id.as_deref(), Some(&b"doc:1"[..]));
/// assert_eq!(doc.score, Some(0.5));
/// let title: Title<'_> = doc.fields.decode()?;
/// assert_eq!(title.title, "hello world");
/// # Ok(())
/// # }
/// ```
#[derive(Clone, PartialEq)]
#[non_exhaustive]
pub struct SearchResults<
    const SCORES: bool = false,
    const PAYLOADS: bool = false,
    const SORTKEYS: bool = false,
> {
    /// How many documents matched, which may be more than were returned (`LIMIT`). Of
    /// `FT.AGGREGATE`, RediSearch's own count, which is not the number of rows (the
    /// number of groups after a `GROUPBY`, 1 for a pipeline without one).
    pub total: i64,
    /// The documents or rows returned, in the order of the reply.
    pub docs: Vec<SearchDoc>,
    /// The server's warnings (RESP3 only: a timeout with `ON_TIMEOUT RETURN`, say).
    pub warnings: Vec<Bytes>,
}

/// One document of [`SearchResults`] (or one row of an aggregation, which has no id).
#[derive(Clone, PartialEq, Default)]
#[non_exhaustive]
pub struct SearchDoc {
    /// The document's key; `None` for a row of `FT.AGGREGATE`.
    pub id: Option<Bytes>,
    /// Its score, with `WITHSCORES`.
    pub score: Option<f64>,
    /// How the score was computed, with `EXPLAINSCORE`.
    pub explanation: Option<Value>,
    /// Its payload, with `WITHPAYLOADS` (`None` too for a document without one).
    pub payload: Option<Bytes>,
    /// The value it was sorted by, with `WITHSORTKEYS`, as RediSearch encodes it: `#` and
    /// the number for a numeric field (`#10.25`), `$` and the text for a text one (`$blue
    /// lamp`); `None` without `SORTBY` or when the document has no such value.
    pub sort_key: Option<Bytes>,
    /// Its fields, or the row's values: empty with `NOCONTENT` or `RETURN 0`. A document
    /// indexed `ON JSON` has its whole JSON text under `$` unless `RETURN` names fields
    /// (with the field `SORTBY` names beside it).
    pub fields: SearchFields,
}

/// The fields of a [`SearchDoc`] (or the values of an aggregated row), kept as one
/// zero-copy slice of the reply and read when asked for: by name with
/// [`get`](Self::get), in order with [`iter`](Self::iter), or whole into a
/// `#[derive(RespRead)]` `#[resp(map)]` struct of yours with [`decode`](Self::decode),
/// borrowing from the reply.
///
/// A value is usually a string; it may also be null (a JSONPath `RETURN` names that a
/// document lacks), a list (`REDUCE TOLIST`) or a map (`FORMAT EXPAND`): `get` and `iter`
/// give the strings, `decode` reads any of them as the struct's field types say.
#[derive(Clone, Default)]
pub struct SearchFields {
    /// The `[field, value, ...]` array (or a RESP3 map); `None` when the reply had none.
    frame: Option<Frame>,
}

/// An empty map, what fields the reply does not have decode from.
const NO_FIELDS: &[u8] = b"*0\r\n";

impl SearchFields {
    /// The number of fields.
    pub fn len(&self) -> usize {
        self.pairs().map_or(0, |(n, _)| n)
    }

    /// True when there are none (`NOCONTENT`, `RETURN 0`, or an empty document).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The fields in the order of the reply: each name, and its value when it is a
    /// string (`None` for a null, a list or a map).
    pub fn iter(&self) -> impl Iterator<Item = (&[u8], Option<&[u8]>)> + '_ {
        let (n, mut reader) = match self.pairs() {
            Some((n, reader)) => (n, Some(reader)),
            None => (0, None),
        };
        (0..n).map_while(move |_| {
            let r = reader.as_mut()?;
            let name = r.bytes().ok()?;
            let value = match r.peek().ok()? {
                Kind::BulkString | Kind::SimpleString | Kind::VerbatimString => r.bytes().ok(),
                _ => {
                    r.skip().ok()?;
                    None
                }
            };
            Some((name, value))
        })
    }

    /// The value of the first field named `field`, when it is a string.
    pub fn get(&self, field: impl AsRef<[u8]>) -> Option<&[u8]> {
        let field = field.as_ref();
        self.iter().find(|(f, _)| *f == field).and_then(|(_, v)| v)
    }

    /// Reads the fields into a type of yours: a `#[derive(RespRead)]` `#[resp(map)]`
    /// struct reads them by name (a document without fields reads as an empty map, so
    /// its `Option` fields are `None`), borrowing from the reply.
    ///
    /// # Errors
    ///
    /// [`Error::Decode`] when the fields do not fit `T`.
    pub fn decode<'de, T: RespRead<'de>>(&'de self) -> Result<T, Error> {
        static EMPTY: std::sync::OnceLock<Frame> = std::sync::OnceLock::new();
        match &self.frame {
            Some(frame) => frame.decode(),
            None => EMPTY
                .get_or_init(|| Frame::from_slice(NO_FIELDS).expect("an empty map is a frame"))
                .decode(),
        }
    }

    fn pairs(&self) -> Option<(usize, Reader<'_>)> {
        let frame = self.frame.as_ref()?;
        let mut reader = Reader::new(frame);
        // Checked to be a map or an even array of named values when it was read.
        let n = reader.map_len().ok()?;
        Some((n, reader))
    }
}

impl<'de> RespRead<'de> for SearchFields {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        if r.try_null()? {
            return Ok(SearchFields { frame: None });
        }
        match r.peek()? {
            Kind::Array | Kind::Map => {}
            other => return Err(DecodeError::unexpected("fields", other)),
        }
        let frame = Frame::read(r)?;
        // Checked once here, so that reading them later cannot fail: names are strings.
        let mut check = Reader::new(&frame);
        let n = check.map_len()?;
        for i in 0..n {
            check.bytes().map_err(|e| e.at_index(2 * i))?;
            check.skip().map_err(|e| e.at_index(2 * i + 1))?;
        }
        Ok(SearchFields { frame: Some(frame) })
    }
}

impl PartialEq for SearchFields {
    fn eq(&self, other: &SearchFields) -> bool {
        // By value: the same fields sent as a RESP2 array and as a RESP3 map are equal.
        let value = |f: &SearchFields| f.decode::<Vec<(Bytes, Value)>>().ok();
        value(self) == value(other)
    }
}

impl fmt::Debug for SearchFields {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(self.iter().map(|(k, v)| {
                (
                    String::from_utf8_lossy(k),
                    v.map(|v| String::from_utf8_lossy(v).into_owned()),
                )
            }))
            .finish()
    }
}

impl<const S: bool, const P: bool, const K: bool> SearchResults<S, P, K> {
    /// The document whose key is `id`.
    pub fn get(&self, id: impl AsRef<[u8]>) -> Option<&SearchDoc> {
        let id = id.as_ref();
        self.docs.iter().find(|d| d.id.as_deref() == Some(id))
    }

    /// The number of documents or rows returned.
    pub fn len(&self) -> usize {
        self.docs.len()
    }

    /// True when none was returned.
    pub fn is_empty(&self) -> bool {
        self.docs.is_empty()
    }

    /// The documents or rows returned.
    pub fn iter(&self) -> std::slice::Iter<'_, SearchDoc> {
        self.docs.iter()
    }

    /// The results without the layout parameters (for a function that takes any).
    pub fn into_plain(self) -> SearchResults {
        SearchResults {
            total: self.total,
            docs: self.docs,
            warnings: self.warnings,
        }
    }
}

impl<'a, const S: bool, const P: bool, const K: bool> IntoIterator for &'a SearchResults<S, P, K> {
    type Item = &'a SearchDoc;
    type IntoIter = std::slice::Iter<'a, SearchDoc>;

    fn into_iter(self) -> Self::IntoIter {
        self.docs.iter()
    }
}

impl<'de, const S: bool, const P: bool, const K: bool> RespRead<'de> for SearchResults<S, P, K> {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        match r.peek()? {
            Kind::Map => read_map(r),
            Kind::Array => read_flat::<S, P, K>(r),
            other => Err(DecodeError::unexpected("search results", other)),
        }
        .map(|(total, docs, warnings)| SearchResults {
            total,
            docs,
            warnings,
        })
    }
}

type Parts = (i64, Vec<SearchDoc>, Vec<Bytes>);

/// RESP3: `{attributes, total_results, format, results: [{..}], warning}`, in any order.
fn read_map(r: &mut Reader<'_>) -> Result<Parts, DecodeError> {
    let n = r.map_len()?;
    let (mut total, mut docs, mut warnings) = (None, Vec::new(), Vec::new());
    for _ in 0..n {
        match r.bytes()? {
            b"total_results" => total = Some(r.int().map_err(|e| e.at_field("total_results"))?),
            b"results" => {
                let len = r.array_len().map_err(|e| e.at_field("results"))?;
                if docs.is_empty() {
                    docs = vec_for(r, len, 4);
                }
                for i in 0..len {
                    let doc = read_doc_map(r).and_then(|doc| hold::<SearchDoc>(r).map(|()| doc));
                    docs.push(doc.map_err(|e| e.at_index(i).at_field("results"))?);
                }
            }
            b"warning" => {
                warnings = RespRead::read(r).map_err(|e: DecodeError| e.at_field("warning"))?;
            }
            _ => r.skip()?,
        }
    }
    let total = total.ok_or_else(|| DecodeError::missing_field("total_results"))?;
    Ok((total, docs, warnings))
}

/// One RESP3 result: `{id?, score?, payload?, sortkey?, extra_attributes?, values}`.
fn read_doc_map(r: &mut Reader<'_>) -> Result<SearchDoc, DecodeError> {
    let n = r.map_len()?;
    let mut doc = SearchDoc::default();
    for _ in 0..n {
        match r.bytes()? {
            b"id" => doc.id = Some(r.bytes_owned().map_err(|e| e.at_field("id"))?),
            b"score" => read_score(r, &mut doc).map_err(|e| e.at_field("score"))?,
            b"payload" => {
                doc.payload = RespRead::read(r).map_err(|e: DecodeError| e.at_field("payload"))?
            }
            b"sortkey" => {
                doc.sort_key = RespRead::read(r).map_err(|e: DecodeError| e.at_field("sortkey"))?
            }
            b"extra_attributes" => {
                doc.fields = SearchFields::read(r).map_err(|e| e.at_field("extra_attributes"))?;
            }
            _ => r.skip()?,
        }
    }
    Ok(doc)
}

/// RESP2: `[total, (id, score?, payload?, sort key?, fields?)...]` for a search, `[total,
/// fields...]` for an aggregation: a document starts with its id (a string), a row is an
/// array; a document's fields, when sent, are the one array after its id and flags.
fn read_flat<const S: bool, const P: bool, const K: bool>(
    r: &mut Reader<'_>,
) -> Result<Parts, DecodeError> {
    let n = r.array_len()?;
    if n == 0 {
        return Err(DecodeError::unexpected_end("total"));
    }
    let total = r.int().map_err(|e| e.at_index(0))?;
    let mut docs = Vec::new();
    let mut i = 1;
    // Every document of a reply has its fields, or none has (`NOCONTENT`, `RETURN 0`):
    // a mix means the layout parameters do not match the options the search was sent
    // with, and the items were read out of place.
    let (mut with_fields, mut without) = (false, false);
    while i < n {
        let at = i;
        let doc = read_flat_doc::<S, P, K>(r, n, &mut i)
            .and_then(|doc| hold::<SearchDoc>(r).map(|()| doc))
            .map_err(|e| e.at_index(at))?;
        if doc.id.is_some() {
            with_fields |= doc.fields.frame.is_some();
            without |= doc.fields.frame.is_none();
        }
        if with_fields && without {
            return Err(DecodeError::malformed(
                "a search reply laid out as its type's WITHSCORES, WITHPAYLOADS and WITHSORTKEYS \
                 parameters say (read it as the builder's reply type)",
            )
            .at_index(at));
        }
        docs.push(doc);
    }
    Ok((total, docs, Vec::new()))
}

/// The document or row at item `*i` of a flat reply of `n` items; `*i` moves past it.
fn read_flat_doc<const S: bool, const P: bool, const K: bool>(
    r: &mut Reader<'_>,
    n: usize,
    i: &mut usize,
) -> Result<SearchDoc, DecodeError> {
    let mut doc = SearchDoc::default();
    *i += 1;
    if r.peek()? == Kind::Array {
        doc.fields = SearchFields::read(r)?;
        return Ok(doc);
    }
    doc.id = Some(r.bytes_owned()?);
    let flags = usize::from(S) + usize::from(P) + usize::from(K);
    if *i + flags > n {
        return Err(DecodeError::unexpected_end(
            "a document's score, payload or sort key",
        ));
    }
    *i += flags;
    if S {
        read_score(r, &mut doc)?;
    }
    if P {
        doc.payload = RespRead::read(r)?;
    }
    if K {
        doc.sort_key = RespRead::read(r)?;
    }
    if *i < n && matches!(r.peek()?, Kind::Array | Kind::Map) {
        doc.fields = SearchFields::read(r)?;
        *i += 1;
    }
    Ok(doc)
}

/// A score, or with `EXPLAINSCORE` `[score, explanation]`.
fn read_score(r: &mut Reader<'_>, doc: &mut SearchDoc) -> Result<(), DecodeError> {
    if r.peek()? == Kind::Array {
        let n = r.array_len()?;
        if n != 2 {
            return Err(DecodeError::length(2, n));
        }
        doc.score = Some(r.double()?);
        doc.explanation = Some(Value::read(r)?);
    } else {
        doc.score = Some(r.double()?);
    }
    Ok(())
}

/// One page of an aggregation read through a cursor: the reply of `FT.AGGREGATE ...
/// WITHCURSOR` and of `FT.CURSOR READ`, `[results, cursor]` on both protocols. A cursor
/// of 0 means the last page; otherwise pass it to `FT.CURSOR READ` for the next one.
#[derive(Clone, PartialEq)]
#[non_exhaustive]
pub struct SearchPage {
    /// The rows of this page.
    pub results: SearchResults,
    /// The cursor for the next page; 0 when this page is the last.
    pub cursor: i64,
}

impl SearchPage {
    /// True when this is the last page (the server closed the cursor).
    pub fn is_last(&self) -> bool {
        self.cursor == 0
    }
}

impl<'de> RespRead<'de> for SearchPage {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let n = r.array_len()?;
        if n != 2 {
            return Err(DecodeError::length(2, n));
        }
        let results = SearchResults::read(r).map_err(|e| e.at_index(0))?;
        let cursor = r.int().map_err(|e| e.at_index(1))?;
        Ok(SearchPage { results, cursor })
    }
}

impl<const S: bool, const P: bool, const K: bool> fmt::Debug for SearchResults<S, P, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SearchResults")
            .field("total", &self.total)
            .field("docs", &self.docs)
            .field("warnings", &self.warnings)
            .finish()
    }
}

impl fmt::Debug for SearchPage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SearchPage")
            .field("results", &self.results)
            .field("cursor", &self.cursor)
            .finish()
    }
}

impl fmt::Debug for SearchDoc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = |b: &Option<Bytes>| b.as_ref().map(|b| String::from_utf8_lossy(b).into_owned());
        f.debug_struct("SearchDoc")
            .field("id", &text(&self.id))
            .field("score", &self.score)
            .field("payload", &text(&self.payload))
            .field("sort_key", &text(&self.sort_key))
            .field("fields", &self.fields)
            .finish()
    }
}

#[cfg(test)]
mod tests;
