//! One spec from the dumps of several servers (`typedis-codegen merge`): every command of
//! every server, each as the newest server describes it, with what only some servers
//! have marked.
//!
//! Redis and Valkey share their history, and their version numbers, up to Redis 7.2.4,
//! where Valkey forked. So a command or argument that one dump lacks is marked `only`
//! for the family of the servers that have it when its `since` is past the fork (Valkey's
//! `HEXPIRE`, since 9.0.0, is `"only": "valkey"`); one that is older than the fork is
//! shared history that the older dump predates (`CLIENT NO-TOUCH`, since 7.2.0, is not in
//! Redis 7.0.15 but is in Redis 7.2), and its `since` says enough. Whatever a dump lacks
//! is also listed under `missing_from` (`["redis 7.0.15"]`), since a spec's `since` is not
//! always there or right. Conformance and the builders' docs read them: a server of
//! another family, of a version older than `since`, or of a family and version no newer
//! than one the item is missing from, does not have it.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use crate::spec::META_KEY;
use crate::Error;

/// The last version Redis and Valkey share.
pub const FORK: &str = "7.2.4";

/// One server's dump: its family (`redis`, `valkey`), version and spec text.
#[derive(Debug, Clone)]
pub struct Dump {
    /// `redis` or `valkey`, as the server names itself in `HELLO`.
    pub family: String,
    /// Its version (`9.1.2`).
    pub version: String,
    /// The spec, as `typedis-codegen dump` writes it.
    pub spec: Map<String, Value>,
}

impl Dump {
    /// Reads a dump; its family and version come from `_meta.server_version`
    /// (`"valkey 9.1.2"`).
    ///
    /// # Errors
    ///
    /// [`Error::Json`] for text that is not a JSON object, [`Error::Spec`] when it does
    /// not say which server it comes from.
    pub fn from_json(text: &str) -> Result<Dump, Error> {
        let spec: Map<String, Value> = serde_json::from_str(text)?;
        let server = spec
            .get(META_KEY)
            .and_then(|m| m.get("server_version"))
            .and_then(Value::as_str)
            .ok_or_else(|| Error::Spec("a dump without _meta.server_version".into()))?;
        let (family, version) = server.split_once(' ').ok_or_else(|| {
            Error::Spec(format!("server_version {server:?} is not \"family x.y.z\""))
        })?;
        Ok(Dump {
            family: family.to_owned(),
            version: version.to_owned(),
            spec,
        })
    }
}

/// Compares dotted versions numerically (`7.10.0` > `7.2.4`); missing parts are 0.
pub fn version_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    let parts = |v: &str| -> Vec<u64> { v.split('.').map(|p| p.parse().unwrap_or(0)).collect() };
    let (a, b) = (parts(a), parts(b));
    for i in 0..a.len().max(b.len()) {
        let o = a.get(i).unwrap_or(&0).cmp(b.get(i).unwrap_or(&0));
        if o.is_ne() {
            return o;
        }
    }
    std::cmp::Ordering::Equal
}

/// Merges `dumps` (oldest first): each command as the last dump that has it describes
/// it, `only` on what some dumps lack (see the module docs). Returns the spec text.
///
/// # Errors
///
/// [`Error::Spec`] without dumps; [`Error::Json`] if the result cannot be written.
pub fn merge(dumps: &[Dump]) -> Result<String, Error> {
    let Some(newest) = dumps.last() else {
        return Err(Error::Spec("nothing to merge".into()));
    };
    let mut names: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, d) in dumps.iter().enumerate() {
        for name in d.spec.keys().filter(|k| *k != META_KEY) {
            names.entry(name).or_default().push(i);
        }
    }
    let mut root = Map::new();
    let servers: Vec<Value> = dumps
        .iter()
        .map(|d| Value::String(format!("{} {}", d.family, d.version)))
        .collect();
    let mut meta = Map::new();
    meta.insert(
        "server_version".into(),
        Value::String(
            dumps
                .iter()
                .map(|d| format!("{} {}", d.family, d.version))
                .collect::<Vec<_>>()
                .join(" + "),
        ),
    );
    meta.insert("servers".into(), Value::Array(servers));
    meta.insert(
        "source".into(),
        Value::String(format!(
            "typedis-codegen merge of COMMAND DOCS + COMMAND INFO dumps; `only` marks what \
             exists past the fork at {FORK} in one family alone"
        )),
    );
    root.insert(META_KEY.into(), Value::Object(meta));
    for (name, have) in names {
        let last = *have.last().expect("a name comes from a dump");
        let mut cmd = dumps[last].spec[name].clone();
        let families = families(dumps, &have);
        let since = cmd
            .get("since")
            .and_then(Value::as_str)
            .unwrap_or("0.0.0")
            .to_owned();
        if let Some(only) = exclusive(dumps, &families, &since) {
            set(&mut cmd, "only", only);
        }
        for (i, d) in dumps.iter().enumerate() {
            if !have.contains(&i) {
                missing_from(&mut cmd, d);
            }
        }
        // Arguments some dump with the command lacks.
        let others: Vec<&Value> = have
            .iter()
            .filter(|&&i| i != last)
            .map(|&i| &dumps[i].spec[name])
            .collect();
        for (i, other) in have.iter().filter(|&&i| i != last).zip(&others) {
            // An older server that counts the command's words otherwise (Redis 7.0's
            // `COMMAND GETKEYS` wants one more): conformance keeps to its count there.
            if other.get("arity") != cmd.get("arity") {
                if let (Some(o), Some(arity)) = (cmd.as_object_mut(), other.get("arity")) {
                    let list = o
                        .entry("arity_in")
                        .or_insert_with(|| Value::Object(Map::new()));
                    if let Value::Object(m) = list {
                        m.insert(
                            format!("{} {}", dumps[*i].family, dumps[*i].version),
                            arity.clone(),
                        );
                    }
                }
            }
            // A dump that lists no arguments at all says nothing about them.
            let Some(theirs) = other.get("arguments").and_then(Value::as_array) else {
                continue;
            };
            if let Some(args) = cmd.get_mut("arguments").and_then(Value::as_array_mut) {
                mark_arguments(args, theirs, &dumps[last], &dumps[*i], &since);
            }
        }
        root.insert(name.to_owned(), cmd);
    }
    let _ = newest;
    let mut text = serde_json::to_string_pretty(&Value::Object(root))?;
    text.push('\n');
    Ok(text)
}

/// The families of the dumps at `have`.
fn families<'a>(dumps: &'a [Dump], have: &[usize]) -> Vec<&'a str> {
    let mut f: Vec<&str> = have.iter().map(|&i| dumps[i].family.as_str()).collect();
    f.sort_unstable();
    f.dedup();
    f
}

/// The one family that has an item, when the item is past the fork and the other
/// families' dumps lack it.
fn exclusive(dumps: &[Dump], have: &[&str], since: &str) -> Option<String> {
    let all = families(dumps, &(0..dumps.len()).collect::<Vec<_>>());
    if have.len() == all.len() || version_cmp(since, FORK).is_le() {
        return None;
    }
    (have.len() == 1).then(|| have[0].to_owned())
}

/// Lists `dump`'s server under the item's `missing_from`.
fn missing_from(v: &mut Value, dump: &Dump) {
    if let Some(o) = v.as_object_mut() {
        let list = o
            .entry("missing_from")
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(items) = list {
            items.push(Value::String(format!("{} {}", dump.family, dump.version)));
        }
    }
}

fn set(v: &mut Value, key: &str, value: String) {
    if let Some(o) = v.as_object_mut() {
        o.insert(key.into(), Value::String(value));
    }
}

/// Marks the arguments of the newest description (`ours`, from `newest`) that `theirs`
/// (from `other`, which has the command) lacks: `missing_from` names `other`, and `only`
/// names `newest`'s family when the argument came after the fork. Recursive.
fn mark_arguments(
    ours: &mut [Value],
    theirs: &[Value],
    newest: &Dump,
    other: &Dump,
    parent_since: &str,
) {
    for (index, arg) in ours.iter_mut().enumerate() {
        let name = arg
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        let since = arg
            .get("since")
            .and_then(Value::as_str)
            .unwrap_or(parent_since)
            .to_owned();
        // By name, by token (a rename that kept what the server reads), or (a rename)
        // in the same place with the same type and token.
        let same = |a: &Value, key: &str| a.get(key) == arg.get(key);
        let token = arg.get("token").filter(|t| !t.is_null());
        let found = theirs
            .iter()
            .find(|a| a.get("name").and_then(Value::as_str) == Some(name.as_str()))
            .or_else(|| {
                token.and_then(|token| theirs.iter().find(|a| a.get("token") == Some(token)))
            })
            .or_else(|| {
                theirs
                    .get(index)
                    .filter(|a| same(a, "type") && same(a, "token"))
            });
        match found {
            None => {
                if newest.family != other.family && version_cmp(&since, FORK).is_gt() {
                    set(arg, "only", newest.family.clone());
                }
                missing_from(arg, other);
            }
            Some(o) => {
                // One that takes a plain value where ours has parts (a string that
                // became a choice of tokens) says nothing about the parts.
                let Some(theirs) = o.get("arguments").and_then(Value::as_array) else {
                    continue;
                };
                if let Some(children) = arg.get_mut("arguments").and_then(Value::as_array_mut) {
                    mark_arguments(children, theirs, newest, other, &since);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dump(server: &str, json: &str) -> Dump {
        let mut spec: Map<String, Value> = serde_json::from_str(json).unwrap();
        spec.insert(
            META_KEY.into(),
            serde_json::json!({ "server_version": server }),
        );
        Dump::from_json(&serde_json::to_string(&spec).unwrap()).unwrap()
    }

    #[test]
    fn versions_compare_by_number() {
        use std::cmp::Ordering::*;
        assert_eq!(version_cmp("7.10.0", "7.2.4"), Greater);
        assert_eq!(version_cmp("7.2", "7.2.0"), Equal);
        assert_eq!(version_cmp("6.2.0", FORK), Less);
    }

    #[test]
    fn what_one_family_alone_has_past_the_fork_is_marked() {
        let redis = dump(
            "redis 7.0.15",
            r#"{"SET": {"since": "1.0.0", "arguments": [{"name": "key", "type": "key"}]},
                "GET": {"since": "1.0.0", "summary": "old"}}"#,
        );
        let valkey = dump(
            "valkey 9.1.2",
            r#"{"SET": {"since": "1.0.0", "arguments": [{"name": "key", "type": "key"},
                    {"name": "ifeq", "type": "string", "since": "8.1.0"},
                    {"name": "nx", "type": "pure-token", "since": "2.6.12"}]},
                "GET": {"since": "1.0.0", "summary": "new"},
                "HEXPIRE": {"since": "9.0.0"}, "WAITAOF": {"since": "7.2.0"}}"#,
        );
        let text = merge(&[redis, valkey]).unwrap();
        let v: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["GET"]["summary"], "new");
        assert_eq!(v["HEXPIRE"]["only"], "valkey");
        assert!(
            v["WAITAOF"].get("only").is_none(),
            "shared history before the fork"
        );
        assert_eq!(v["SET"]["arguments"][1]["only"], "valkey");
        assert!(v["SET"]["arguments"][2].get("only").is_none());
        assert_eq!(v["SET"]["arguments"][2]["missing_from"][0], "redis 7.0.15");
        assert_eq!(v["WAITAOF"]["missing_from"][0], "redis 7.0.15");
        assert_eq!(v["_meta"]["server_version"], "redis 7.0.15 + valkey 9.1.2");
        assert!(crate::Spec::from_json(&text).is_ok());
    }
}
