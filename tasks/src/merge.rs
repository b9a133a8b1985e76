//! One spec from the dumps of several servers (`typedis-tasks merge`): every command of
//! every server, and every argument any of them has, with what only some servers have
//! marked.
//!
//! Each command is taken as the last dump that has it describes it (the base), and every
//! argument another dump has and the base lacks is added in its place (after the argument
//! that precedes it there): a union. Arguments are matched by name, by token, by the
//! tokens of their parts (a renamed group), or by place; a group that holds, deeper down,
//! what another dump lists flat (Valkey's `SCHEDULE | CANCEL` around Redis's `SCHEDULE`)
//! is the same arguments in a newer shape, not a new one.
//!
//! Redis and Valkey share their history, and their version numbers, up to Redis 7.2.4,
//! where Valkey forked. So a command or argument that one family's dumps lack is marked
//! `only` for the family that has it when its `since` is past the fork (Valkey's
//! `HEXPIRE`, since 9.0.0, is `"only": "valkey"`), or when a dump of the other family
//! newer than the fork lacks it (which it would not if it were shared history); one
//! older than the fork that only an old dump lacks is shared history that dump predates
//! (`CLIENT NO-TOUCH`, since 7.2.0, is not in Redis 7.0.15 but is in Redis 7.2), and its
//! `since` says enough. Whatever a dump lacks is also listed under `missing_from`
//! (`["redis 7.0.15"]`), since a spec's `since` is not always there or right. Where the
//! families added an item in different versions, `since_in` gives each one's own
//! (`HSETEX`: 9.0.0, and `{"redis": "8.0.0"}`). A module spec (`_meta.module`) speaks
//! only of its own commands. Conformance and the builders' docs read these marks: a
//! server of another family, of a version older than its family's `since`, or of a
//! family and version no newer than one the item is missing from, does not have it.
//!
//! Over 500 lines because of its unit tests (the last 140 lines); the merge itself is under
//! 500.

use std::collections::BTreeMap;

use serde_json::{Map, Value};
use typedis_codegen::spec::META_KEY;

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
    /// The spec, as `typedis-tasks dump` writes it.
    pub spec: Map<String, Value>,
    /// The module a spec file describes (`_meta.module`: `vectorset`): it says nothing of
    /// the commands it does not list.
    pub module: Option<String>,
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
        let module = spec
            .get(META_KEY)
            .and_then(|m| m.get("module"))
            .and_then(Value::as_str)
            .map(str::to_owned);
        Ok(Dump {
            family: family.to_owned(),
            version: version.to_owned(),
            module,
            spec,
        })
    }
}

impl Dump {
    /// `family version` (`redis 8.2.3`), as `missing_from` and `arity_in` name servers.
    pub fn server(&self) -> String {
        format!("{} {}", self.family, self.version)
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

/// Merges `dumps` (oldest first) into one spec: each command as the last dump that has
/// it describes it, with every argument any other dump has added in its place (a union,
/// argument by argument); `only`, `missing_from`, `since_in` and `arity_in` say which
/// server has what (see the module docs). A module spec (`_meta.module`) describes its
/// own commands only: what it lacks is not marked missing. Returns the spec text.
///
/// # Errors
///
/// [`Error::Spec`] without dumps; [`Error::Json`] if the result cannot be written.
pub fn merge(dumps: &[Dump]) -> Result<String, Error> {
    if dumps.is_empty() {
        return Err(Error::Spec("nothing to merge".into()));
    }
    let mut names: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, d) in dumps.iter().enumerate() {
        for name in d.spec.keys().filter(|k| *k != META_KEY) {
            names.entry(name).or_default().push(i);
        }
    }
    let mut root = Map::new();
    root.insert(META_KEY.into(), Value::Object(meta(dumps)));
    for (name, have) in names {
        root.insert(name.to_owned(), merge_command(dumps, name, &have));
    }
    let mut text = serde_json::to_string_pretty(&Value::Object(root))?;
    text.push('\n');
    Ok(text)
}

/// The merged spec's `_meta`: the servers (`server_version`, `servers`), the modules.
fn meta(dumps: &[Dump]) -> Map<String, Value> {
    let servers: Vec<String> = dumps
        .iter()
        .filter(|d| d.module.is_none())
        .map(Dump::server)
        .collect();
    let mut meta = Map::new();
    meta.insert("server_version".into(), Value::String(servers.join(" + ")));
    meta.insert(
        "servers".into(),
        Value::Array(servers.into_iter().map(Value::String).collect()),
    );
    let modules: Vec<Value> = dumps
        .iter()
        .filter_map(|d| d.module.clone().map(Value::String))
        .collect();
    if !modules.is_empty() {
        meta.insert("modules".into(), Value::Array(modules));
    }
    meta.insert(
        "source".into(),
        Value::String(format!(
            "typedis-tasks merge of COMMAND DOCS + COMMAND INFO dumps and module specs: \
             every argument of every server; `only` marks what exists past the fork at \
             {FORK} in one family alone, `since_in` a family's own `since`"
        )),
    );
    meta
}

/// Command `name` from the dumps at `have` (which have it): the last one's description
/// with every other one's arguments added, and the marks of what each server has.
fn merge_command(dumps: &[Dump], name: &str, have: &[usize]) -> Value {
    let last = *have.last().expect("a name comes from a dump");
    let mut cmd = dumps[last].spec[name].clone();
    // The union: what each other description has and this one lacks, newest first.
    for &i in have.iter().rev().filter(|&&i| i != last) {
        let theirs = &dumps[i].spec[name];
        if let (Some(ours), Some(theirs)) = (
            cmd.get_mut("arguments").and_then(Value::as_array_mut),
            theirs.get("arguments").and_then(Value::as_array),
        ) {
            union(ours, theirs);
        } else if cmd.get("arguments").is_none() {
            if let (Some(o), Some(args)) = (cmd.as_object_mut(), theirs.get("arguments")) {
                o.insert("arguments".into(), args.clone());
            }
        }
    }
    let since = since_of(&cmd, "0.0.0");
    if let Some(only) = exclusive(dumps, &families(dumps, have), &since) {
        set(&mut cmd, "only", only);
    }
    // A server lacks the command when its dump does and no module spec of that server
    // describes it (the vector set commands Redis 8's dump leaves out).
    let described_for: Vec<String> = have.iter().map(|&i| dumps[i].server()).collect();
    for (_, d) in dumps.iter().enumerate().filter(|(i, d)| {
        !have.contains(i) && d.module.is_none() && !described_for.contains(&d.server())
    }) {
        missing_from(&mut cmd, d);
    }
    let mut since_in = BTreeMap::new();
    for &i in have {
        let other = &dumps[i].spec[name];
        if let Some(s) = other.get("since").and_then(Value::as_str) {
            if s != since && dumps[i].family != dumps[last].family {
                since_in.insert(dumps[i].family.clone(), s.to_owned());
            }
        }
        // An older server that counts the command's words otherwise (Redis 7.0's
        // `COMMAND GETKEYS` wants one more): conformance keeps to its count there.
        if i != last && other.get("arity") != cmd.get("arity") {
            if let (Some(o), Some(arity)) = (cmd.as_object_mut(), other.get("arity")) {
                let list = o
                    .entry("arity_in")
                    .or_insert_with(|| Value::Object(Map::new()));
                if let Value::Object(m) = list {
                    m.insert(dumps[i].server(), arity.clone());
                }
            }
        }
    }
    set_since_in(&mut cmd, since_in.clone());
    // Which dump with the command has which argument.
    let all = families(dumps, &(0..dumps.len()).collect::<Vec<_>>());
    if let Some(args) = cmd.get_mut("arguments").and_then(Value::as_array_mut) {
        let described: Vec<Described<'_>> = have
            .iter()
            .filter_map(|&i| {
                let other = &dumps[i].spec[name];
                // A dump that lists no arguments at all says nothing about them.
                let theirs = other.get("arguments").and_then(Value::as_array)?;
                Some((&dumps[i], theirs.as_slice(), since_of(other, &since)))
            })
            .collect();
        mark(args, &described, &all, &since, &since_in);
    }
    cmd
}

/// An item's own `since`, or `inherited`.
fn since_of(v: &Value, inherited: &str) -> String {
    v.get("since")
        .and_then(Value::as_str)
        .unwrap_or(inherited)
        .to_owned()
}

fn set_since_in(v: &mut Value, since_in: BTreeMap<String, String>) {
    if since_in.is_empty() {
        return;
    }
    if let Some(o) = v.as_object_mut() {
        let map = since_in
            .into_iter()
            .map(|(f, s)| (f, Value::String(s)))
            .collect();
        o.insert("since_in".into(), Value::Object(map));
    }
}

/// The tokens an argument and its parts write, which name a group with no name or token
/// of its own in common (`condition` and `fields-condition` both being `FNX | FXX`).
fn tokens(v: &Value, out: &mut Vec<String>) {
    if let Some(t) = v.get("token").and_then(Value::as_str) {
        out.push(t.to_ascii_uppercase());
    }
    for c in v
        .get("arguments")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        tokens(c, out);
    }
}

/// The index in `ours` of the argument that is `arg` of another description at `index`:
/// by name, by token (a rename that kept what the server reads), by the tokens of its
/// parts (a renamed group), or (a rename) in the same place with the same type and token.
fn find(ours: &[Value], arg: &Value, index: usize) -> Option<usize> {
    let name = arg.get("name").and_then(Value::as_str);
    let token = arg.get("token").filter(|t| !t.is_null());
    let same = |a: &Value, key: &str| a.get(key) == arg.get(key);
    let mut parts = Vec::new();
    if arg.get("token").is_none() {
        tokens(arg, &mut parts);
    }
    ours.iter()
        .position(|a| a.get("name").and_then(Value::as_str) == name)
        .or_else(|| token.and_then(|t| ours.iter().position(|a| a.get("token") == Some(t))))
        .or_else(|| {
            (!parts.is_empty())
                .then(|| {
                    ours.iter().position(|a| {
                        let mut theirs = Vec::new();
                        tokens(a, &mut theirs);
                        a.get("token").is_none() && same(a, "type") && theirs == parts
                    })
                })
                .flatten()
        })
        .or_else(|| {
            ours.get(index)
                .filter(|a| same(a, "type") && same(a, "token") && share_a_part(a, arg))
                .map(|_| index)
        })
}

/// True when two arguments in the same place can be one renamed: plain values, or
/// groups with a part in common (BITOP's operations, a choice Redis 8 added to); not a
/// group and another that only holds some of its parts deeper down (SHUTDOWN's
/// `NOSAVE | SAVE` and Valkey's `abort-selector`).
fn share_a_part(a: &Value, b: &Value) -> bool {
    let parts = |v: &Value| v.get("arguments").and_then(Value::as_array).cloned();
    match (parts(a), parts(b)) {
        (Some(x), Some(y)) => x.iter().any(|p| y.iter().any(|q| same_item(p, q))),
        (None, None) => true,
        _ => false,
    }
}

/// True when `arg` is `other` by name and type, or by token.
fn same_item(arg: &Value, other: &Value) -> bool {
    let token = arg.get("token").filter(|t| !t.is_null());
    (arg.get("name") == other.get("name") && arg.get("type") == other.get("type"))
        || token.is_some_and(|t| other.get("token") == Some(t))
}

/// True when one of `group`'s parts, at any depth, is `arg`, or holds all of `arg`'s
/// parts (Redis's `NOSAVE | SAVE` inside Valkey's `abort-selector`).
fn holds(group: &Value, arg: &Value) -> bool {
    let parts = |v: &Value| -> Vec<Value> {
        v.get("arguments")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default()
    };
    let mine = parts(group);
    mine.iter().any(|c| same_item(c, arg) || holds(c, arg)) || {
        let theirs = parts(arg);
        // A bare grouping (no token of its own) of parts held elsewhere.
        arg.get("token").is_none_or(Value::is_null)
            && !mine.is_empty()
            && !theirs.is_empty()
            && theirs.iter().all(|p| holds(group, p))
    }
}

/// Adds to `ours` every argument of `theirs` it lacks, after the argument that precedes
/// it there; recursive into groups both have.
fn union(ours: &mut Vec<Value>, theirs: &[Value]) {
    // What goes after each of ours (`None`: before the first).
    let mut inserts: BTreeMap<Option<usize>, Vec<Value>> = BTreeMap::new();
    let mut anchor = None;
    for (j, a) in theirs.iter().enumerate() {
        // One that a group of ours holds (Valkey made BGSAVE's `SCHEDULE` a branch of
        // `SCHEDULE | CANCEL`) is there already, in the newer shape.
        if find(ours, a, j).is_none() {
            if let Some(i) = ours.iter().position(|g| holds(g, a)) {
                anchor = Some(i);
                continue;
            }
        }
        match find(ours, a, j) {
            Some(i) => {
                anchor = Some(i);
                if let (Some(mine), Some(parts)) = (
                    ours[i].get_mut("arguments").and_then(Value::as_array_mut),
                    a.get("arguments").and_then(Value::as_array),
                ) {
                    union(mine, parts);
                }
            }
            None => {
                // Its `since`, when its server says none, is unknown (not the
                // command's): the overlay gives it where it is known.
                inserts.entry(anchor).or_default().push(a.clone());
            }
        }
    }
    if inserts.is_empty() {
        return;
    }
    let old = std::mem::take(ours);
    ours.extend(inserts.remove(&None).unwrap_or_default());
    for (i, a) in old.into_iter().enumerate() {
        ours.push(a);
        ours.extend(inserts.remove(&Some(i)).unwrap_or_default());
    }
}

/// One server's description of the command: the dump, its arguments at this level, and
/// the `since` they inherit there.
type Described<'a> = (&'a Dump, &'a [Value], String);

/// Marks each of `ours` that some of `described` lack (`missing_from`), the one family
/// that alone has it past the fork (`only`), and each family's own `since` where it is
/// not the one `ours` inherits (`since_in`). Recursive.
fn mark(
    ours: &mut [Value],
    described: &[Described<'_>],
    all: &[&str],
    parent_since: &str,
    parent_since_in: &BTreeMap<String, String>,
) {
    for (index, arg) in ours.iter_mut().enumerate() {
        let since = since_of(arg, parent_since);
        // Our description's `since` for a family, before this item's `since_in`: its
        // own, or what its group has for that family.
        let own = arg.get("since").is_some();
        let ours_for = |family: &str| -> String {
            match parent_since_in.get(family) {
                Some(s) if !own => s.clone(),
                _ => since.clone(),
            }
        };
        let mut have_families: Vec<&str> = Vec::new();
        let mut since_in: BTreeMap<String, String> = BTreeMap::new();
        let mut children: Vec<Described<'_>> = Vec::new();
        let mut lacking = Vec::new();
        for (dump, theirs, their_parent_since) in described {
            match find(theirs, arg, index) {
                // Ours is a group that holds what they list flat (or the other way
                // round): they have it, in another shape; its parts are looked up
                // among theirs.
                None if theirs.iter().any(|t| holds(arg, t)) => {
                    have_families.push(dump.family.as_str());
                    children.push((dump, theirs, their_parent_since.clone()));
                }
                None if theirs.iter().any(|t| holds(t, arg)) => {
                    have_families.push(dump.family.as_str());
                }
                None => lacking.push(*dump),
                Some(i) => {
                    have_families.push(dump.family.as_str());
                    let found = &theirs[i];
                    let theirs_since = since_of(found, their_parent_since);
                    if theirs_since != ours_for(&dump.family) {
                        since_in.insert(dump.family.clone(), theirs_since.clone());
                    }
                    // One that takes a plain value where ours has parts (a string that
                    // became a choice of tokens) says nothing about the parts.
                    if let Some(parts) = found.get("arguments").and_then(Value::as_array) {
                        children.push((dump, parts.as_slice(), theirs_since));
                    }
                }
            }
        }
        have_families.sort_unstable();
        have_families.dedup();
        // One family alone has it, and it is no shared history an older dump predates:
        // it is past the fork, or a server of another family newer than the fork (which
        // has all that history) lacks it.
        let post_fork = version_cmp(&since, FORK).is_gt()
            || lacking
                .iter()
                .any(|d| version_cmp(&d.version, FORK).is_gt() && d.module.is_none());
        if have_families.len() == 1
            && all.len() > 1
            && post_fork
            && described
                .iter()
                .any(|(d, _, _)| d.family != have_families[0])
        {
            set(arg, "only", have_families[0].to_owned());
        }
        for d in lacking {
            missing_from(arg, d);
        }
        // What its parts inherit: its own `since` in each family.
        let mut inherited_in = if own {
            BTreeMap::new()
        } else {
            parent_since_in.clone()
        };
        inherited_in.extend(since_in.clone());
        set_since_in(arg, since_in);
        if let Some(parts) = arg.get_mut("arguments").and_then(Value::as_array_mut) {
            mark(parts, &children, all, &since, &inherited_in);
        }
    }
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
            let server = Value::String(dump.server());
            if !items.contains(&server) {
                items.push(server);
            }
        }
    }
}

fn set(v: &mut Value, key: &str, value: String) {
    if let Some(o) = v.as_object_mut() {
        o.insert(key.into(), Value::String(value));
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
        assert!(typedis_codegen::Spec::from_json(&text).is_ok());
    }

    #[test]
    fn the_merge_is_a_union_of_every_servers_arguments() {
        let redis7 = dump(
            "redis 7.0.15",
            r#"{"BGSAVE": {"since": "1.0.0", "arguments": [
                    {"name": "schedule", "type": "pure-token", "token": "SCHEDULE", "optional": true}]}}"#,
        );
        let redis8 = dump(
            "redis 8.2.3",
            r#"{"BGSAVE": {"since": "1.0.0", "arguments": [
                    {"name": "schedule", "type": "pure-token", "token": "SCHEDULE", "optional": true}]},
                "HSETEX": {"since": "8.0.0", "arguments": [
                    {"name": "key", "type": "key"},
                    {"name": "condition", "type": "oneof", "optional": true, "arguments": [
                        {"name": "fnx", "type": "pure-token", "token": "FNX"},
                        {"name": "fxx", "type": "pure-token", "token": "FXX"}]},
                    {"name": "keepttl", "type": "pure-token", "token": "KEEPTTL", "optional": true}]}}"#,
        );
        let vectors = {
            let mut d = dump(
                "redis 8.2.3",
                r#"{"VCARD": {"since": "8.0.0", "arguments": [{"name": "key", "type": "key"}]}}"#,
            );
            d.module = Some("vectorset".into());
            d
        };
        let valkey = dump(
            "valkey 9.1.2",
            r#"{"BGSAVE": {"since": "1.0.0", "arguments": [
                    {"name": "operation", "type": "oneof", "optional": true, "arguments": [
                        {"name": "schedule", "type": "pure-token", "token": "SCHEDULE", "since": "3.2.2"},
                        {"name": "cancel", "type": "pure-token", "token": "CANCEL", "since": "8.1.0"}]}]},
                "HSETEX": {"since": "9.0.0", "arguments": [
                    {"name": "key", "type": "key"},
                    {"name": "key-condition", "type": "oneof", "optional": true, "arguments": [
                        {"name": "nx", "type": "pure-token", "token": "NX"},
                        {"name": "xx", "type": "pure-token", "token": "XX"}]},
                    {"name": "fields-condition", "type": "oneof", "optional": true, "arguments": [
                        {"name": "fnx", "type": "pure-token", "token": "FNX"},
                        {"name": "fxx", "type": "pure-token", "token": "FXX"}]}]}}"#,
        );
        let text = merge(&[redis7, redis8, vectors, valkey]).unwrap();
        let v: Value = serde_json::from_str(&text).unwrap();
        // Valkey's shape is the base; what only Redis 8 has is added in its place.
        let hsetex = v["HSETEX"]["arguments"].as_array().unwrap();
        let names: Vec<&str> = hsetex.iter().map(|a| a["name"].as_str().unwrap()).collect();
        assert_eq!(
            names,
            ["key", "key-condition", "fields-condition", "keepttl"]
        );
        assert_eq!(hsetex[1]["only"], "valkey");
        assert_eq!(
            hsetex[1]["missing_from"],
            serde_json::json!(["redis 8.2.3"])
        );
        assert!(
            hsetex[2].get("missing_from").is_none(),
            "a renamed group is one argument"
        );
        assert_eq!(hsetex[3]["only"], "redis");
        assert_eq!(
            hsetex[3]["missing_from"],
            serde_json::json!(["valkey 9.1.2"])
        );
        assert_eq!(v["HSETEX"]["since"], "9.0.0");
        assert_eq!(v["HSETEX"]["since_in"]["redis"], "8.0.0");
        // A group Valkey made of an argument Redis lists flat is not added twice, and
        // its new branch is Valkey's alone.
        let bgsave = v["BGSAVE"]["arguments"].as_array().unwrap();
        assert_eq!(bgsave.len(), 1);
        assert!(bgsave[0].get("missing_from").is_none());
        assert_eq!(bgsave[0]["arguments"][1]["only"], "valkey");
        // A module spec speaks for its server: the dump that left VCARD out does not
        // make it missing there.
        assert_eq!(v["VCARD"]["only"], "redis");
        assert_eq!(
            v["VCARD"]["missing_from"],
            serde_json::json!(["redis 7.0.15", "valkey 9.1.2"])
        );
        assert_eq!(
            v["_meta"]["server_version"],
            "redis 7.0.15 + redis 8.2.3 + valkey 9.1.2"
        );
        assert!(typedis_codegen::Spec::from_json(&text).is_ok());
    }
}
