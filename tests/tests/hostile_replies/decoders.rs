//! Every reply type typedis reads, as a decoder each: the types every builder declares (the
//! conformance cases of the core and of each module, one per invocation, options that switch
//! the reply included), the hand-written types in each of their forms, and the collections
//! users read replies into. Shared by `hostile_replies.rs` and the fuzz target
//! `fuzz/fuzz_targets/reply_types.rs`, so both walk the same list.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};

use bytes::Bytes;
use typedis::reply::{
    Added, BloomInfoValue, ClientInfo, ClientList, CompactionRules, ConfigHelp, Fields, GeoMatch,
    Info, JsonKeys, JsonMatches, JsonNumbers, JsonResp, JsonTypes, LastSample, LcsMatch, List, Map,
    MultiSeries, PrimaryAddr, RawVector, Role, ScanPage, ScoredMember, SearchAttribute,
    SearchFields, SearchPage, SearchProfile, SearchResults, SentinelNode, SlotRange, SpellCheck,
    StreamEntries, StreamEntry, Suggestions, Text, Values, VectorMatch,
};
use typedis::resp::Frame;
use typedis::{b, Error, Request, Value};

#[rustfmt::skip]
#[allow(dead_code, unreachable_pub, clippy::all)]
#[path = "../module_conformance/bloom.rs"]
mod bloom;
#[rustfmt::skip]
#[allow(dead_code, unreachable_pub, clippy::all)]
#[path = "../conformance/cases.rs"]
mod core;
#[rustfmt::skip]
#[allow(dead_code, unreachable_pub, clippy::all)]
#[path = "../module_conformance/json.rs"]
mod json;
#[rustfmt::skip]
#[allow(dead_code, unreachable_pub, clippy::all)]
#[path = "../module_conformance/search.rs"]
mod search;
#[rustfmt::skip]
#[allow(dead_code, unreachable_pub, clippy::all)]
#[path = "../module_conformance/timeseries.rs"]
mod timeseries;

/// Reads a frame as one type, and drops what it read.
pub type Decode = fn(&Frame) -> Result<(), Error>;

/// The reader of a builder's declared reply type.
fn declared<R: Request>(_: R) -> Decode {
    |frame| frame.decode::<R::Reply>().map(drop)
}

/// Every distinct reader, named: the builders' (by command and variant, the first case
/// of each reply type) and the hand-written and collection types.
pub fn all() -> Vec<(String, Decode)> {
    let mut out: Vec<(String, Decode)> = Vec::new();
    macro_rules! cases {
        ($($module:ident),*) => {$(
            for case in $module::CASES {
                out.push((format!("{} ({})", case.command, case.variant), (case.build)().1));
            }
        )*};
    }
    cases!(core, bloom, json, search, timeseries);
    macro_rules! types {
        ($($ty:ty),* $(,)?) => {$(
            out.push((stringify!($ty).to_owned(), |frame| frame.decode::<$ty>().map(drop)));
        )*};
    }
    types!(
        // The search results in every layout their flags select.
        SearchResults<false, false, false>,
        SearchResults<true, false, false>,
        SearchResults<false, true, false>,
        SearchResults<false, false, true>,
        SearchResults<true, true, false>,
        SearchResults<true, false, true>,
        SearchResults<false, true, true>,
        SearchResults<true, true, true>,
        SearchPage,
        SearchFields,
        SpellCheck,
        ConfigHelp,
        SearchProfile,
        Suggestions,
        Vec<SearchAttribute>,
        MultiSeries,
        CompactionRules,
        Vec<Added>,
        BloomInfoValue,
        LastSample,
        JsonNumbers,
        JsonTypes,
        JsonMatches<i64>,
        JsonMatches<bool>,
        JsonMatches<Bytes>,
        JsonMatches<JsonResp>,
        JsonResp,
        JsonKeys,
        Info,
        ClientList,
        ClientInfo,
        Role,
        Vec<SlotRange>,
        LcsMatch,
        StreamEntries,
        Vec<StreamEntry>,
        Fields,
        List,
        Map,
        Values,
        Vec<ScoredMember>,
        Vec<GeoMatch>,
        Vec<VectorMatch>,
        RawVector,
        ScanPage<Bytes>,
        ScanPage<(Bytes, Bytes)>,
        Vec<SentinelNode>,
        Option<PrimaryAddr>,
        Value,
        // Collections as users read replies into them.
        Vec<Bytes>,
        Vec<Option<Bytes>>,
        Vec<String>,
        Vec<Text>,
        Option<Text>,
        HashMap<Text, Text>,
        Vec<(Bytes, Bytes)>,
        Vec<Vec<Value>>,
        Vec<Option<Vec<Bytes>>>,
        VecDeque<Bytes>,
        HashMap<String, String>,
        HashMap<Bytes, Vec<Bytes>>,
        BTreeMap<Bytes, Value>,
        HashSet<Bytes>,
        BTreeSet<Bytes>,
        Vec<(i64, f64)>,
        Vec<[Bytes; 4]>,
    );
    out.push(("Vec<&str>".to_owned(), |frame| {
        frame.decode::<Vec<&str>>().map(drop)
    }));
    out.push(("Vec<(&[u8], &[u8])>".to_owned(), |frame| {
        frame.decode::<Vec<(&[u8], &[u8])>>().map(drop)
    }));
    // The Sentinel's own commands (their spec is not among the conformance cases').
    let sentinel: [(&str, Decode); 6] = [
        ("SENTINEL MASTERS", declared(b().sentinel_masters())),
        (
            "SENTINEL REPLICAS",
            declared(b().sentinel_replicas().primary_name("m")),
        ),
        (
            "SENTINEL SENTINELS",
            declared(b().sentinel_sentinels().primary_name("m")),
        ),
        (
            "SENTINEL MASTER",
            declared(b().sentinel_master().primary_name("m")),
        ),
        (
            "SENTINEL INFO-CACHE",
            declared(b().sentinel_info_cache().nodename("m")),
        ),
        ("SENTINEL DEBUG", declared(b().sentinel_debug())),
    ];
    out.extend(sentinel.into_iter().map(|(name, d)| (name.to_owned(), d)));
    // One reader per distinct function: the same reply type twice is read once.
    let mut seen = HashSet::new();
    out.retain(|(_, d)| seen.insert(*d as usize));
    out
}
