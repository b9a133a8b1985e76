//! The rules that turn a reply's JSON Schema into a Rust type ([`Ty`]).
//!
//! - `integer` → `i64`, `number` → `f64`, `string` → `Bytes`, `const: "OK"` → `()`,
//!   `const` 0 or 1 (alone, or as the two alternatives) → `bool`, other constants → the
//!   type of their value;
//! - `oneOf`/`anyOf`: null among the alternatives → `Option<..>`; an error reply among
//!   them (`{"typedis_type": "ServerError"}`, an item of a batch command that failed) →
//!   `Result<.., ServerError>`; alternatives that read
//!   as one type merge (`OK` or a string → `Bytes`; integers → `i64`; an empty array
//!   → the other array); what remains must be one type, or the alternatives are chosen
//!   by arguments (see [`super::table`]) or at run time (→ `Value`);
//! - `array`: `items` as one schema → `Vec<T>`; as a list → a tuple (or a named struct,
//!   [`super::table::POSITIONAL`]); shared shapes first: stream entries, member/score
//!   pairs, geo matches, scan pages, LCS matches;
//! - `object`: named `properties` → a generated struct read by key (`Option` for what
//!   isn't `required`); `additionalProperties` or one `patternProperties` → a map;
//! - anything else → `Value`, with the reason recorded for the generator's report.
//!
//! Over 500 lines because of its unit tests (the last 110 lines); the rules themselves are
//! under 500.

use crate::json::Value as Json;

use super::structs::{Field, Layout, StructDef, Structs};
use super::table;
use super::ty::Ty;
use crate::naming;

/// The schema keyword that names a type of `typedis::reply` to read a value with
/// (`{"typedis_type": "VectorMatch"}`), for shapes no std type reads on both protocols.
pub const SHARED_KEY: &str = "typedis_type";

/// The type a `typedis_type` names: a type of typedis (`VectorMatch`), with `bool` const
/// arguments where it has them (`SearchResults<true, false, true>`) or the type of its
/// values (`JsonMatches<i64>`: `i64`, `bool`, `Bytes` or a type of typedis without arguments).
fn shared_type(text: &str) -> Option<Ty> {
    let (name, args) = match text.split_once('<') {
        Some((name, rest)) => (name.trim(), rest.strip_suffix('>')?),
        None => (text.trim(), ""),
    };
    let name = table::shared(name)?;
    let args = args
        .split(',')
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .map(|a| match a {
            "true" => Some(Ty::Flag(true)),
            "false" => Some(Ty::Flag(false)),
            "i64" => Some(Ty::Int),
            "bool" => Some(Ty::Bool),
            "Bytes" => Some(Ty::Bytes),
            other => table::shared(other).map(|t| Ty::Shared(t, Vec::new())),
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Ty::Shared(name, args))
}

/// One alternative of a `oneOf`/`anyOf`, before the alternatives are merged.
#[derive(Debug, Clone, PartialEq)]
enum Alt {
    Null,
    /// An array that is always empty (`maxItems: 0`): merges with any other array.
    Empty,
    /// `const: 0` or `const: 1`.
    Bit,
    /// An error reply in place of a value (`{"typedis_type": "ServerError"}`).
    Error,
    Ty(Ty),
}

/// The `typedis_type` of an error reply standing in for a value.
const ERROR_TYPE: &str = "ServerError";

/// Converts the schemas of one command, collecting its structs and the reasons for
/// anything left as `Value`.
pub(crate) struct Converter<'a> {
    pub(crate) command: &'a str,
    pub(crate) structs: &'a mut Structs,
    pub(crate) untyped: Vec<String>,
}

impl Converter<'_> {
    /// The type of a whole reply (or one switched alternative of it), named `hint` when
    /// it needs a struct.
    pub(crate) fn reply(&mut self, schema: &Json, hint: &str) -> Ty {
        self.ty(schema, &Hint::top(hint), "")
    }

    /// The merged type of the alternatives `alts` of the schema's top `oneOf`/`anyOf`.
    pub(crate) fn alternatives(&mut self, alts: &[&Json], hint: &str) -> Ty {
        let hint = Hint::top(hint);
        let converted: Vec<Alt> = alts.iter().map(|a| self.alt(a, &hint, "")).collect();
        self.merge(converted, "")
    }

    fn ty(&mut self, s: &Json, hint: &Hint, at: &str) -> Ty {
        match self.alt(s, hint, at) {
            Alt::Ty(t) => t,
            Alt::Bit => Ty::Bool,
            Alt::Null => self.untyped(at, "a reply that is always null"),
            Alt::Error => self.untyped(at, "a reply that is always an error"),
            Alt::Empty => Ty::Vec(Box::new(Ty::Value)),
        }
    }

    fn untyped(&mut self, at: &str, why: &str) -> Ty {
        let place = if at.is_empty() {
            String::new()
        } else {
            format!(" at {at}")
        };
        self.untyped.push(format!("{}{place}: {why}", self.command));
        Ty::Value
    }

    fn alt(&mut self, s: &Json, hint: &Hint, at: &str) -> Alt {
        // A shape typedis reads with a type of its own, named by the overlay.
        if let Some(name) = s.get(SHARED_KEY).and_then(Json::as_str) {
            if name == ERROR_TYPE {
                return Alt::Error;
            }
            return Alt::Ty(match shared_type(name) {
                Some(ty) => ty,
                None => self.untyped(at, &format!("{SHARED_KEY} {name:?} is no typedis type")),
            });
        }
        if let Some(alts) = s.get("oneOf").or_else(|| s.get("anyOf")) {
            let alts = alts.as_array().map(Vec::as_slice).unwrap_or_default();
            let converted = alts.iter().map(|a| self.alt(a, hint, at)).collect();
            return Alt::Ty(self.merge(converted, at));
        }
        if let Some(c) = s.get("const") {
            return match c {
                Json::String(t) if t == "OK" => Alt::Ty(Ty::Unit),
                Json::String(_) => Alt::Ty(Ty::Bytes),
                Json::Number(n) if n.as_i64() == Some(0) || n.as_i64() == Some(1) => Alt::Bit,
                Json::Number(n) if n.is_i64() => Alt::Ty(Ty::Int),
                Json::Number(_) => Alt::Ty(Ty::Float),
                Json::Bool(_) => Alt::Ty(Ty::Bool),
                _ => Alt::Ty(self.untyped(at, "a constant of no known type")),
            };
        }
        match s.get("type") {
            Some(Json::String(t)) => self.typed(t, s, hint, at),
            Some(Json::Array(ts)) => {
                let converted = ts
                    .iter()
                    .filter_map(Json::as_str)
                    .map(|t| self.typed(t, s, hint, at))
                    .collect();
                Alt::Ty(self.merge(converted, at))
            }
            _ => Alt::Ty(self.untyped(at, "no type")),
        }
    }

    fn typed(&mut self, t: &str, s: &Json, hint: &Hint, at: &str) -> Alt {
        match t {
            "null" => Alt::Null,
            "integer" => Alt::Ty(Ty::Int),
            "number" => Alt::Ty(Ty::Float),
            "string" => Alt::Ty(Ty::Bytes),
            "boolean" => Alt::Ty(Ty::Bool),
            "array" => self.array(s, hint, at),
            "object" => Alt::Ty(self.object(s, hint, at)),
            other => Alt::Ty(self.untyped(at, &format!("type {other:?}"))),
        }
    }

    fn array(&mut self, s: &Json, hint: &Hint, at: &str) -> Alt {
        if let Some(shared) = shared_shape(s) {
            return Alt::Ty(shared);
        }
        match s.get("items") {
            Some(Json::Array(items)) => {
                if s.get("additionalItems").is_some() {
                    return Alt::Ty(self.untyped(at, "a tuple with a variable tail"));
                }
                if let Some(scan) = scan_page(items) {
                    let inner = self.ty(scan, &hint.items(), &format!("{at}[1]"));
                    let item = match inner {
                        Ty::Vec(t) => *t,
                        other => other,
                    };
                    return Alt::Ty(Ty::Shared("ScanPage", vec![item]));
                }
                let parts: Vec<Ty> = items
                    .iter()
                    .enumerate()
                    .map(|(i, item)| self.ty(item, &hint.part(i, item), &format!("{at}[{i}]")))
                    .collect();
                if let Some(names) = table::positional(self.command, at) {
                    return Alt::Ty(self.positional(s, hint, names, parts));
                }
                if parts.len() > 12 {
                    return Alt::Ty(self.untyped(at, "a tuple of more than 12 elements"));
                }
                Alt::Ty(Ty::Tuple(parts))
            }
            Some(item) => {
                let inner = self.ty(item, &hint.items(), &format!("{at}[]"));
                Alt::Ty(Ty::Vec(Box::new(inner)))
            }
            None if s.get("maxItems").and_then(Json::as_u64) == Some(0) => Alt::Empty,
            None => Alt::Ty(self.untyped(at, "an array of elements the schema does not describe")),
        }
    }

    /// A fixed-length array read into a struct with the field names of the table.
    fn positional(&mut self, s: &Json, hint: &Hint, names: &[&str], parts: Vec<Ty>) -> Ty {
        let items = s
            .get("items")
            .and_then(Json::as_array)
            .cloned()
            .unwrap_or_default();
        let fields = names
            .iter()
            .zip(parts)
            .zip(items.iter())
            .map(|((name, ty), item)| Field {
                name: (*name).to_owned(),
                key: (*name).to_owned(),
                ty,
                doc: description(item),
            })
            .collect();
        let def = StructDef {
            name: hint.struct_name(),
            doc: description(s),
            fields,
            layout: Layout::Positional,
        };
        Ty::Struct(self.structs.add(def))
    }

    fn object(&mut self, s: &Json, hint: &Hint, at: &str) -> Ty {
        if let Some(Json::Object(props)) = s.get("properties") {
            let required: Vec<&str> = s
                .get("required")
                .and_then(Json::as_array)
                .map(|r| r.iter().filter_map(Json::as_str).collect())
                .unwrap_or_default();
            let name = hint.struct_name();
            let mut fields = Vec::new();
            for (key, prop) in props {
                let ty = self.ty(prop, &hint.field(&name, key), &format!("{at}.{key}"));
                let ty = if required.contains(&key.as_str()) {
                    ty
                } else {
                    ty.optional()
                };
                fields.push(Field {
                    name: naming::method(key, "field"),
                    key: key.clone(),
                    ty,
                    doc: description(prop),
                });
            }
            let def = StructDef {
                name,
                doc: description(s),
                fields,
                layout: Layout::Map,
            };
            return Ty::Struct(self.structs.add(def));
        }
        if let Some(v) = s.get("additionalProperties").filter(|v| v.is_object()) {
            let inner = self.ty(v, &hint.items(), &format!("{at}{{}}"));
            return Ty::Map(Box::new(inner));
        }
        if let Some(Json::Object(patterns)) = s.get("patternProperties") {
            if patterns.len() == 1 {
                let v = patterns.values().next().expect("one pattern");
                let inner = self.ty(v, &hint.items(), &format!("{at}{{}}"));
                return Ty::Map(Box::new(inner));
            }
        }
        self.untyped(at, "an object whose keys the schema does not describe")
    }

    /// Merges alternatives into one type (see the module docs).
    fn merge(&mut self, alts: Vec<Alt>, at: &str) -> Ty {
        let nullable = alts.contains(&Alt::Null);
        let error = alts.contains(&Alt::Error);
        let bits = alts.contains(&Alt::Bit);
        let empty = alts.contains(&Alt::Empty);
        let mut types: Vec<Ty> = Vec::new();
        for a in alts {
            if let Alt::Ty(t) = a {
                if !types.contains(&t) {
                    types.push(t);
                }
            }
        }
        if bits {
            // 0 and 1 alone are a flag; with other integers, a number.
            if types.is_empty() {
                types.push(Ty::Bool);
            } else if !types.contains(&Ty::Int) {
                types.push(Ty::Int);
            }
        }
        // `OK` or a string: the string type reads both.
        if types.contains(&Ty::Unit) && types.contains(&Ty::Bytes) {
            types.retain(|t| *t != Ty::Unit);
        }
        if empty && types.is_empty() {
            types.push(Ty::Vec(Box::new(Ty::Value)));
        }
        let one = match types.len() {
            1 => types.pop().expect("one type"),
            0 => return self.untyped(at, "a reply that is always null"),
            _ => {
                let shown: Vec<String> = types.iter().map(Ty::text).collect();
                return self.untyped(
                    at,
                    &format!(
                        "alternatives {} chosen at run time or by arguments the reply table \
                         does not map",
                        shown.join(" | ")
                    ),
                );
            }
        };
        // `Value` reads null itself.
        let one = if nullable && one != Ty::Value {
            one.optional()
        } else {
            one
        };
        if error {
            Ty::Result(Box::new(one))
        } else {
            one
        }
    }
}

/// How a struct found at some place of a reply is named.
#[derive(Debug, Clone)]
struct Hint {
    /// UpperCamelCase stem (`XinfoStream`, `ClusterShardsNode`).
    stem: String,
    /// True for the reply itself: its struct is `{stem}Reply`, its elements `{stem}Entry`.
    top: bool,
}

impl Hint {
    fn top(stem: &str) -> Hint {
        Hint {
            stem: stem.to_owned(),
            top: true,
        }
    }

    fn struct_name(&self) -> String {
        if self.top {
            format!("{}Reply", self.stem)
        } else {
            self.stem.clone()
        }
    }

    /// The elements of an array (or the values of a map) here.
    fn items(&self) -> Hint {
        let stem = if self.top {
            format!("{}Entry", self.stem)
        } else {
            singular(&self.stem)
        };
        Hint { stem, top: false }
    }

    /// Element `i` of a tuple here, named by what its schema's description says beyond
    /// the names already in the stem (`COMMAND INFO`'s "Command key specs." is
    /// `CommandInfoKeySpecs`), or by its position when the description adds nothing.
    fn part(&self, i: usize, item: &Json) -> Hint {
        let base = self.stem.strip_suffix("Entry").unwrap_or(&self.stem);
        let taken = base.to_ascii_lowercase();
        let text = item.get("description").and_then(Json::as_str).unwrap_or("");
        let words: Vec<String> = text
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| {
                let w = w.to_ascii_lowercase();
                !w.is_empty() && !taken.contains(&w) && !FILLER.contains(&w.as_str())
            })
            .take(3)
            .map(naming::camel)
            .collect();
        let stem = if words.is_empty() {
            format!("{}Part{i}", self.struct_name())
        } else {
            format!("{base}{}", words.concat())
        };
        Hint { stem, top: false }
    }

    /// The value of field `key` of the struct `parent` made here.
    fn field(&self, parent: &str, key: &str) -> Hint {
        let base = parent
            .strip_suffix("Reply")
            .or_else(|| parent.strip_suffix("Entry"))
            .unwrap_or(parent);
        Hint {
            stem: format!("{base}{}", naming::camel(key)),
            top: false,
        }
    }
}

/// Words of a description that name no part of a reply: articles, and the shapes every
/// reply has.
const FILLER: &[&str] = &[
    "a", "an", "the", "of", "and", "or", "for", "to", "in", "with", "map", "array", "list",
    "object", "reply",
];

/// `Groups` → `Group`, `Nodes` → `Node`; other names get `Entry`.
fn singular(stem: &str) -> String {
    match stem.strip_suffix('s') {
        Some(s) if s.len() > 2 && !s.ends_with('s') => s.to_owned(),
        _ => format!("{stem}Entry"),
    }
}

/// The schema's description, for rustdoc.
pub(crate) fn description(s: &Json) -> String {
    let own = s
        .get("description")
        .and_then(Json::as_str)
        .unwrap_or_default()
        .trim();
    if !own.is_empty() {
        return own.to_owned();
    }
    // A choice of replies described one by one (GET: the value, or nothing).
    let alternatives = ["oneOf", "anyOf"]
        .iter()
        .find_map(|k| s.get(k).and_then(Json::as_array));
    let Some(alternatives) = alternatives else {
        return String::new();
    };
    let said: Vec<String> = alternatives
        .iter()
        .map(|a| {
            let d = a
                .get("description")
                .and_then(Json::as_str)
                .unwrap_or_default();
            let d = d.trim().trim_end_matches('.');
            // "Key does not exist" reads "key does not exist" after "One of:"; "OK" stays.
            let mut chars = d.chars();
            match (chars.next(), chars.next()) {
                (Some(first), Some(second)) if first.is_uppercase() && second.is_lowercase() => {
                    first
                        .to_lowercase()
                        .chain(d[first.len_utf8()..].chars())
                        .collect()
                }
                _ => d.to_owned(),
            }
        })
        .filter(|d| !d.is_empty())
        .collect();
    if said.len() < 2 {
        return said.into_iter().next().unwrap_or_default();
    }
    format!("One of: {}.", said.join("; "))
}

/// Shapes that typedis's `reply` module has a type for.
fn shared_shape(s: &Json) -> Option<Ty> {
    let items = s.get("items")?.as_array()?;
    let additional = s.get("additionalItems");
    match (items.as_slice(), additional) {
        // [id, [field, value, ...]] (the fields may be null for a deleted entry).
        ([id, fields], None) if is_entry_id(id) && is_string_list_or_null(fields) => {
            Some(Ty::Shared("StreamEntry", vec![]))
        }
        // [member, score]
        ([member, score], None) if is_type(member, "string") && is_type(score, "number") => {
            Some(Ty::Shared("ScoredMember", vec![]))
        }
        // [member, ...dist | hash | [lon, lat]]
        ([member], Some(_)) if is_type(member, "string") => Some(Ty::Shared("GeoMatch", vec![])),
        // [[start, end], [start, end], ...len]
        ([a, b], Some(len))
            if is_type(a, "array") && is_type(b, "array") && is_type(len, "integer") =>
        {
            Some(Ty::Shared("LcsMatch", vec![]))
        }
        _ => None,
    }
}

/// `[cursor, [item, ...]]`: the page of a `SCAN`-style command; the list's schema.
fn scan_page(items: &[Json]) -> Option<&Json> {
    match items {
        [cursor, list]
            if is_type(cursor, "string")
                && description(cursor).to_ascii_lowercase().contains("cursor")
                && is_type(list, "array") =>
        {
            Some(list)
        }
        _ => None,
    }
}

fn is_type(s: &Json, t: &str) -> bool {
    s.get("type").and_then(Json::as_str) == Some(t)
}

fn is_entry_id(s: &Json) -> bool {
    is_type(s, "string")
        && (s.get("pattern").and_then(Json::as_str) == Some("[0-9]+-[0-9]+")
            || description(s).to_ascii_lowercase().contains("id"))
}

fn is_string_list_or_null(s: &Json) -> bool {
    let list =
        |s: &Json| is_type(s, "array") && s.get("items").is_some_and(|i| is_type(i, "string"));
    if let Some(alts) = s.get("oneOf").and_then(Json::as_array) {
        return alts.iter().all(|a| list(a) || is_type(a, "null"));
    }
    list(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn convert(schema: Json) -> (Ty, Structs, Vec<String>) {
        let mut structs = Structs::default();
        let mut c = Converter {
            command: "TEST",
            structs: &mut structs,
            untyped: Vec::new(),
        };
        let ty = c.reply(&schema, "Test");
        let untyped = c.untyped;
        (ty, structs, untyped)
    }

    #[test]
    fn a_typedis_type_may_take_the_type_of_its_values() {
        let (ty, _, untyped) = convert(json!({"typedis_type": "JsonMatches<i64>"}));
        assert_eq!(ty, Ty::Shared("JsonMatches", vec![Ty::Int]));
        assert!(untyped.is_empty());
        let (ty, _, _) = convert(json!({"typedis_type": "JsonMatches<Vec<i64>>"}));
        assert_eq!(ty, Ty::Value);
    }

    #[test]
    fn a_typedis_type_may_take_bool_arguments() {
        let (ty, _, untyped) = convert(json!({"typedis_type": "SearchResults<true, false, true>"}));
        assert_eq!(
            ty,
            Ty::Shared(
                "SearchResults",
                vec![Ty::Flag(true), Ty::Flag(false), Ty::Flag(true)]
            )
        );
        assert_eq!(ty.text(), "SearchResults<true, false, true>");
        assert!(untyped.is_empty());
        let (ty, _, untyped) = convert(json!({"typedis_type": "SearchResults<maybe>"}));
        assert_eq!(ty, Ty::Value);
        assert_eq!(untyped.len(), 1, "{untyped:?}");
    }

    #[test]
    fn an_error_alternative_is_a_result() {
        let (ty, _, untyped) = convert(json!({"type": "array", "items":
            {"oneOf": [{"type": "boolean"}, {"typedis_type": "ServerError"}]}}));
        assert_eq!(ty, Ty::Vec(Box::new(Ty::Result(Box::new(Ty::Bool)))));
        assert!(untyped.is_empty());
        let nullable = json!({"oneOf": [{"type": "integer"}, {"type": "null"}, {"typedis_type": "ServerError"}]});
        assert_eq!(
            convert(nullable).0.text(),
            "Result<Option<i64>, ServerError>"
        );
        let (ty, _, untyped) = convert(json!({"typedis_type": "ServerError"}));
        assert_eq!((ty, untyped.len()), (Ty::Value, 1));
    }

    #[test]
    fn scalars_and_null_alternatives() {
        assert_eq!(convert(json!({"type": "integer"})).0, Ty::Int);
        assert_eq!(convert(json!({"const": "OK"})).0, Ty::Unit);
        let get = json!({"oneOf": [{"type": "string"}, {"type": "null"}]});
        assert_eq!(convert(get).0, Ty::Option(Box::new(Ty::Bytes)));
        let exists = json!({"oneOf": [{"const": 0}, {"const": 1}]});
        assert_eq!(convert(exists).0, Ty::Bool);
        let ttl = json!({"oneOf": [{"type": "integer"}, {"const": -1}, {"const": -2}]});
        assert_eq!(convert(ttl).0, Ty::Int);
        let ping = json!({"anyOf": [{"const": "PONG"}, {"type": "string"}]});
        assert_eq!(convert(ping).0, Ty::Bytes);
        let dryrun = json!({"anyOf": [{"const": "OK"}, {"type": "string"}]});
        assert_eq!(convert(dryrun).0, Ty::Bytes);
    }

    #[test]
    fn shared_shapes_are_recognised() {
        let xrange = json!({"type": "array", "items": {"type": "array", "items": [
            {"type": "string", "pattern": "[0-9]+-[0-9]+"},
            {"type": "array", "items": {"type": "string"}}]}});
        assert_eq!(
            convert(xrange).0,
            Ty::Vec(Box::new(Ty::Shared("StreamEntry", vec![])))
        );
        let scan = json!({"type": "array", "items": [
            {"type": "string", "description": "Cursor."},
            {"type": "array", "items": {"type": "string"}}]});
        assert_eq!(convert(scan).0, Ty::Shared("ScanPage", vec![Ty::Bytes]));
        let withscores = json!({"type": "array", "items": {"type": "array",
            "items": [{"type": "string"}, {"type": "number"}]}});
        assert_eq!(
            convert(withscores).0,
            Ty::Vec(Box::new(Ty::Shared("ScoredMember", vec![])))
        );
    }

    #[test]
    fn objects_become_structs_and_maps() {
        let info = json!({"type": "object", "properties": {
            "radix-tree-keys": {"type": "integer"},
            "first-entry": {"oneOf": [{"type": "null"}, {"type": "string"}]},
            "groups": {"type": "array", "items": {"type": "object",
                "properties": {"name": {"type": "string"}}, "required": ["name"]}}},
            "required": ["radix-tree-keys"]});
        let (ty, structs, untyped) = convert(info);
        assert!(untyped.is_empty(), "{untyped:?}");
        assert_eq!(ty, Ty::Struct("TestReply".into()));
        let def = structs.get("TestReply").unwrap();
        assert_eq!(def.fields[0].name, "radix_tree_keys");
        assert_eq!(def.fields[0].ty, Ty::Int);
        assert_eq!(def.fields[1].ty, Ty::Option(Box::new(Ty::Bytes)));
        assert_eq!(
            def.fields[2].ty,
            Ty::Option(Box::new(Ty::Vec(Box::new(Ty::Struct("TestGroup".into())))))
        );
        assert_eq!(structs.get("TestGroup").unwrap().fields[0].ty, Ty::Bytes);
        let hgetall = json!({"type": "object", "additionalProperties": {"type": "string"}});
        assert_eq!(convert(hgetall).0, Ty::Map(Box::new(Ty::Bytes)));
    }

    #[test]
    fn what_the_rules_cannot_type_is_value_with_a_reason() {
        let (ty, _, untyped) = convert(json!({"type": "array"}));
        assert_eq!(ty, Ty::Value);
        assert_eq!(
            untyped,
            ["TEST: an array of elements the schema does not describe"]
        );
        let (ty, _, untyped) = convert(json!({"anyOf": [{"type": "integer"}, {"type": "string"}]}));
        assert_eq!(ty, Ty::Value);
        assert!(untyped[0].contains("i64 | Bytes"), "{untyped:?}");
    }
}
