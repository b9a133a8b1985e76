//! Which variant of an `#[resp(untagged)]` enum reads which RESP kind.
//!
//! Variants are considered in declaration order and each takes the kinds it accepts that no
//! earlier variant took; the RESP2 spellings (a number in a bulk string, a map as a flat
//! array) are handed out only after every variant has taken its own kinds. A variant that
//! accepts any kind takes everything left and becomes the catch-all.

use crate::ast::{Style, Variant};
use crate::kinds::{KindName, KindSet};

/// Every kind `Reader::peek` can report (attributes are skipped by the reader).
pub const ALL_KINDS: &[KindName] = &[
    "Null",
    "SimpleString",
    "BulkString",
    "VerbatimString",
    "Integer",
    "Double",
    "Boolean",
    "BigNumber",
    "Array",
    "Set",
    "Push",
    "Map",
    "SimpleError",
    "BulkError",
];

pub struct Claims {
    /// Kind → index of the variant that reads it, in claim order.
    pub table: Vec<(KindName, usize)>,
    /// The variant that accepts any kind, if any.
    pub any: Option<usize>,
}

impl Claims {
    pub fn iter(&self) -> impl Iterator<Item = &(KindName, usize)> {
        self.table.iter()
    }

    pub fn is_any(&self, variant: usize) -> bool {
        self.any == Some(variant)
    }

    /// The kinds one variant reads, in a stable order.
    pub fn kinds_of(&self, variant: usize) -> Vec<KindName> {
        self.table
            .iter()
            .filter(|(_, v)| *v == variant)
            .map(|(k, _)| *k)
            .collect()
    }
}

/// The kinds a variant accepts.
pub fn kinds_of(v: &Variant<'_>) -> KindSet {
    if let Some(kinds) = v.attrs.kind.get() {
        return kinds.clone();
    }
    match v.style {
        Style::Unit => KindSet::null(),
        Style::Newtype => KindSet::infer(v.fields[0].ty).unwrap_or_default(),
        Style::Struct if v.attrs.map.get().is_some() => KindSet::map(),
        Style::Struct | Style::Tuple => KindSet::array(),
    }
}

pub fn claims(variants: &[Variant<'_>]) -> Claims {
    let sets: Vec<KindSet> = variants.iter().map(kinds_of).collect();
    let mut claims = Claims {
        table: Vec::new(),
        any: None,
    };
    let claim = |claims: &mut Claims, kind: KindName, i: usize| {
        if claims.any.is_none() && !claims.table.iter().any(|(k, _)| *k == kind) {
            claims.table.push((kind, i));
        }
    };
    for (i, set) in sets.iter().enumerate() {
        if set.null {
            claim(&mut claims, "Null", i);
        }
        for kind in &set.primary {
            claim(&mut claims, kind, i);
        }
        if set.any && claims.any.is_none() {
            claims.any = Some(i);
        }
    }
    for (i, set) in sets.iter().enumerate() {
        for kind in &set.secondary {
            claim(&mut claims, kind, i);
        }
    }
    claims
}

/// "integer, bulk string or null": what an untagged enum expected, for its error message.
pub fn describe(kinds: &[KindName]) -> String {
    let names: Vec<&str> = ALL_KINDS
        .iter()
        .filter(|k| kinds.contains(k))
        .map(|k| human(k))
        .collect();
    match names.split_last() {
        None => "nothing".to_owned(),
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

fn human(kind: &str) -> &'static str {
    match kind {
        "Null" => "null",
        "SimpleString" => "simple string",
        "BulkString" => "bulk string",
        "VerbatimString" => "verbatim string",
        "Integer" => "integer",
        "Double" => "double",
        "Boolean" => "boolean",
        "BigNumber" => "big number",
        "Array" => "array",
        "Set" => "set",
        "Push" => "push",
        "Map" => "map",
        "SimpleError" => "simple error",
        _ => "bulk error",
    }
}
