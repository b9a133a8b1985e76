//! The types replies are read into by default: what [`Client::query`](crate::Client::query)
//! returns for each command, with no annotation.
//!
//! Each generated builder says in its rustdoc what it returns. Most replies are std types
//! (`i64`, `f64`, `bool`, `()` for `OK`, `Option`, `Vec`, tuples, `HashMap<Bytes, V>`) of
//! [`Bytes`] strings, which are zero-copy slices of the reply. Shapes many commands
//! share have a type here:
//!
//! - [`List`] (`LRANGE`, `SMEMBERS`, `KEYS`, ...), [`Values`] (`MGET`, `HMGET`, ...: strings
//!   or nulls) and [`Map`] (`HGETALL`, `CONFIG GET`, ...): the strings of an array or a
//!   map, kept as one slice of the reply and handed out as `&[u8]`/`&str` views or
//!   zero-copy `Bytes`, at the cost of a borrowed read;
//! - [`StreamEntries`] (`XRANGE`, `XREAD`'s per stream, `XAUTOCLAIM`, ...): the entries
//!   kept as one slice of the reply, each a [`StreamEntryRef`] view whose [`FieldsRef`]
//!   are read when asked for; [`StreamEntry`] one owned entry (`XINFO STREAM`'s first and
//!   last), its [`Fields`] kept as a slice of the reply;
//! - [`ScoredMember`] (`ZRANGE ... WITHSCORES`, `ZPOPMIN`, ...);
//! - [`GeoMatch`] (`GEOSEARCH ... WITHDIST`, ...);
//! - [`ScanPage`] (`SCAN`, `HSCAN`, `SSCAN`, `ZSCAN`);
//! - [`LcsMatch`], [`SlotRange`], [`Role`];
//! - [`Info`] (`INFO`, by section and field), [`ClientInfo`] (`CLIENT INFO`) and
//!   [`ClientList`] (`CLIENT LIST`); [`ServerHello`], what a server said of itself when a
//!   connection opened ([`Client::server`](crate::Client::server));
//! - [`VectorMatch`] (`VSIM ... WITHSCORES WITHATTRIBS`), [`RawVector`] (`VEMB ... RAW`);
//! - [`Text`]: owned UTF-8 text sharing the reply's buffer, where a `String` would copy;
//! - with the `bloom` feature, `Added` (`CF.INSERT`) and `BloomInfoValue` (`BF.INFO` of one
//!   field);
//! - with the `json` feature, `JsonNumbers` (`JSON.NUMINCRBY`, `JSON.NUMMULTBY`),
//!   `JsonTypes` (`JSON.TYPE`), `JsonMatches` (a value per match of a path, JSONPath or
//!   legacy: `JSON.STRLEN`, `JSON.ARRPOP`, `JSON.TOGGLE`...), `JsonKeys`
//!   (`JSON.OBJKEYS`) and `JsonResp` (`JSON.RESP`);
//! - with the `search` feature, `SearchResults` (`FT.SEARCH`, `FT.AGGREGATE`) and
//!   `SearchPage` (`FT.AGGREGATE ... WITHCURSOR`, `FT.CURSOR READ`), `Suggestions`
//!   (`FT.SUGGET ... WITHSCORES WITHPAYLOADS`), `SearchAttribute` (`FT.INFO`'s
//!   `attributes`), `SpellCheck`,
//!   `ConfigHelp` and `SearchProfile`;
//! - with the `timeseries` feature, `MultiSeries` (`TS.MGET`, `TS.MRANGE`,
//!   `TS.MREVRANGE`), `LastSample` (`TS.GET`) and `CompactionRules` (`TS.INFO`'s `rules`).
//!
//! Replies whose schema names their fields (`XINFO STREAM`, `HELLO`, `CLUSTER SHARDS`, ...)
//! are read into structs generated with the builders, named after the command
//! (`XinfoStreamReply`, `ClusterShardsEntry`): every field the server may leave out is an
//! `Option`, keys a struct does not know are skipped, and the structs are
//! `#[non_exhaustive]` so that a server adding fields is not a breaking change.
//!
//! A RESP2 reply and its RESP3 form read into the same type: flat key/value arrays and
//! maps, flat member/score arrays and arrays of pairs, doubles sent as strings.

#[cfg(feature = "bloom")]
mod bloom;
#[cfg(feature = "timeseries")]
mod compaction;
mod entries;
mod extents;
pub(crate) mod generated;
mod geo;
mod hello;
mod info;
#[cfg(feature = "json")]
mod json;
#[cfg(feature = "json")]
mod json_matches;
#[cfg(feature = "json")]
mod json_resp;
mod list;
mod map;
mod scan;
mod scored;
#[cfg(feature = "search")]
mod search;
#[cfg(feature = "search")]
mod search_admin;
#[cfg(feature = "search")]
mod search_attribute;
mod sentinel;
mod server;
mod stream;
#[cfg(feature = "search")]
mod suggestions;
mod text;
#[cfg(feature = "timeseries")]
mod timeseries;
mod values;
mod vector;

// A link to the `bytes` crate's page: inlined, its slice methods made a 440 KB page.
#[doc(no_inline)]
pub use bytes::Bytes;

#[doc(no_inline)]
pub use crate::resp::value::Value;
/// An error reply in place of a value: the error half of a batch command's per-item
/// `Result`s (`BF.MADD`, `TS.MADD`, ...).
#[doc(no_inline)]
pub use crate::wire::ServerError;
#[cfg(feature = "bloom")]
#[cfg_attr(docsrs, doc(cfg(feature = "bloom")))]
pub use bloom::{Added, BloomInfoValue};
#[cfg(feature = "timeseries")]
#[cfg_attr(docsrs, doc(cfg(feature = "timeseries")))]
pub use compaction::{CompactionRule, CompactionRules};
pub use entries::{StreamEntries, StreamEntriesIntoIter, StreamEntriesIter, StreamEntryRef};
#[cfg(feature = "bloom")]
#[allow(unused_imports)] // a module whose replies need no struct
pub use generated::bloom::*;
#[cfg(feature = "json")]
#[allow(unused_imports)] // a module whose replies need no struct
pub use generated::json::*;
#[cfg(feature = "search")]
#[allow(unused_imports)] // a module whose replies need no struct
pub use generated::search::*;
#[allow(unused_imports)] // when the Sentinel's replies need no struct
pub use generated::sentinel::*;
pub use generated::server::*;
#[cfg(feature = "timeseries")]
#[allow(unused_imports)] // a module whose replies need no struct
pub use generated::timeseries::*;
pub use geo::GeoMatch;
pub use hello::ServerHello;
pub use info::{ClientInfo, ClientList, Info, InfoSection};
#[cfg(feature = "json")]
#[cfg_attr(docsrs, doc(cfg(feature = "json")))]
pub use json::{JsonNumbers, JsonTypes};
#[cfg(feature = "json")]
#[cfg_attr(docsrs, doc(cfg(feature = "json")))]
pub use json_matches::{JsonKeys, JsonMatch, JsonMatches};
#[cfg(feature = "json")]
#[cfg_attr(docsrs, doc(cfg(feature = "json")))]
pub use json_resp::JsonResp;
pub use list::{List, ListIntoIter, ListIter};
pub use map::{Map, MapIntoIter, MapIter};
pub use scan::ScanPage;
pub use scored::ScoredMember;
#[cfg(feature = "search")]
#[cfg_attr(docsrs, doc(cfg(feature = "search")))]
pub use search::{SearchDoc, SearchFields, SearchPage, SearchResults};
#[cfg(feature = "search")]
#[cfg_attr(docsrs, doc(cfg(feature = "search")))]
pub use search_admin::{ConfigHelp, ConfigOption, Misspelled, SearchProfile, SpellCheck};
#[cfg(feature = "search")]
#[cfg_attr(docsrs, doc(cfg(feature = "search")))]
pub use search_attribute::SearchAttribute;
pub use sentinel::{PrimaryAddr, SentinelNode};
pub use server::{LcsMatch, Role, RoleReplica, SlotNode, SlotRange};
pub use stream::{Fields, FieldsIter, FieldsRef, StreamEntry};
#[cfg(feature = "search")]
#[cfg_attr(docsrs, doc(cfg(feature = "search")))]
pub use suggestions::{Suggestion, Suggestions};
pub use text::Text;
#[cfg(feature = "timeseries")]
#[cfg_attr(docsrs, doc(cfg(feature = "timeseries")))]
pub use timeseries::{LastSample, MultiSeries, Sample, Series};
pub use values::{Values, ValuesIntoIter, ValuesIter};
pub use vector::{RawVector, VectorMatch};
