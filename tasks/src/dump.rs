//! A spec from a live server: `COMMAND DOCS` and `COMMAND INFO` over RESP3, merged per
//! command and subcommand into the flat `commands.json` layout (keys sorted, fields in a
//! fixed order), with the server's version recorded under `_meta`.

use std::io::{BufReader, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::{Map, Value};
use typedis_codegen::spec::META_KEY;

use crate::resp3::read_value;
use crate::Error;

/// Connects to `url` (`redis://host:port`), reads its specs and returns the JSON text.
///
/// # Errors
///
/// [`Error::Dump`] when the URL is malformed, the server cannot be reached, or a reply
/// is not what `COMMAND DOCS` / `COMMAND INFO` return.
pub fn dump(url: &str) -> Result<String, Error> {
    let addr = url
        .strip_prefix("redis://")
        .ok_or_else(|| Error::Dump(format!("{url}: expected redis://host:port")))?
        .trim_end_matches('/');
    let stream = TcpStream::connect(addr).map_err(|e| Error::Dump(format!("{addr}: {e}")))?;
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .map_err(|e| Error::Dump(e.to_string()))?;
    let mut writer = stream.try_clone().map_err(|e| Error::Dump(e.to_string()))?;
    let mut reader = BufReader::new(stream);
    let mut request = |args: &[&str]| -> Result<Value, Error> {
        let mut out = format!("*{}\r\n", args.len());
        for a in args {
            out.push_str(&format!("${}\r\n{a}\r\n", a.len()));
        }
        writer
            .write_all(out.as_bytes())
            .map_err(|e| Error::Dump(format!("write: {e}")))?;
        read_value(&mut reader)
    };
    let hello = request(&["HELLO", "3"])?;
    let docs = request(&["COMMAND", "DOCS"])?;
    let info = request(&["COMMAND", "INFO"])?;
    let server = hello
        .get("server")
        .and_then(Value::as_str)
        .unwrap_or("redis");
    let version = hello
        .get("version")
        .and_then(Value::as_str)
        .unwrap_or("unknown");
    merge(&format!("{server} {version}"), &docs, &info)
}

/// Merges parsed `COMMAND DOCS` (a map) and `COMMAND INFO` (an array of 10-element
/// arrays) into the committed JSON text.
///
/// # Errors
///
/// [`Error::Dump`] when the replies do not have those shapes.
pub fn merge(version: &str, docs: &Value, info: &Value) -> Result<String, Error> {
    let docs = docs
        .as_object()
        .ok_or_else(|| Error::Dump("COMMAND DOCS did not return a map".into()))?;
    let infos = info
        .as_array()
        .ok_or_else(|| Error::Dump("COMMAND INFO did not return an array".into()))?;
    let mut by_name = std::collections::BTreeMap::new();
    collect_info(infos, &mut by_name)?;
    let mut out = std::collections::BTreeMap::new();
    for (name, doc) in docs {
        add(name, doc, &by_name, &mut out)?;
    }
    for name in undocumented(&out) {
        eprintln!(
            "dump: {name} left out: a module command that documents no arguments \
             (describe it in a spec file of your own)"
        );
        out.remove(&name);
    }
    let mut root = Map::new();
    let mut meta = Map::new();
    meta.insert("server_version".into(), Value::String(version.to_owned()));
    meta.insert(
        "source".into(),
        Value::String("typedis-tasks dump: COMMAND DOCS + COMMAND INFO".into()),
    );
    root.insert(META_KEY.into(), Value::Object(meta));
    for (k, v) in out {
        root.insert(k, v);
    }
    let mut text = serde_json::to_string_pretty(&Value::Object(root))?;
    text.push('\n');
    Ok(text)
}

/// The prose `COMMAND DOCS` gives (a command's `summary`, `complexity` and `history`).
const PROSE: &[&str] = &["summary", "complexity", "history"];

/// A dump without the server's prose: the interface facts alone (names, arguments,
/// tokens, versions, arity, flags, key specs). For a server whose licence is not the
/// project's (Redis 8): what a merge takes from it then needs no notice, and the
/// commands only it has get summaries of the project's own (`overlay.json`).
///
/// # Errors
///
/// [`Error::Json`] when `text` is not a JSON object.
pub fn facts_only(text: &str) -> Result<String, Error> {
    let mut root: Map<String, Value> = serde_json::from_str(text)?;
    for (name, cmd) in root.iter_mut() {
        if name == META_KEY {
            if let Some(meta) = cmd.as_object_mut() {
                meta.insert(
                    "source".into(),
                    Value::String(
                        "typedis-tasks dump --facts-only: COMMAND DOCS + COMMAND INFO, \
                         without summaries, complexities and history"
                            .into(),
                    ),
                );
            }
            continue;
        }
        if let Some(o) = cmd.as_object_mut() {
            for field in PROSE {
                o.remove(*field);
            }
        }
    }
    let mut text = serde_json::to_string_pretty(&Value::Object(root))?;
    text.push('\n');
    Ok(text)
}

/// Module commands (`COMMAND DOCS` names their module) that document no arguments
/// although their arity lets them take some (Redis 8's vector set commands): a builder
/// made from them would send the bare name. Core commands that document none (Redis
/// 7.0's `COMMAND GETKEYS`) are kept: the generator gives them generic arguments.
fn undocumented(out: &std::collections::BTreeMap<String, Value>) -> Vec<String> {
    out.iter()
        .filter(|(name, c)| {
            let words = name.split(' ').count() as i64;
            let arity = c.get("arity").and_then(Value::as_i64).unwrap_or(0);
            c.get("module").is_some()
                && c.get("arguments").is_none()
                && (arity < 0 || arity > words)
        })
        .map(|(name, _)| name.clone())
        .collect()
}

fn collect_info(
    infos: &[Value],
    by_name: &mut std::collections::BTreeMap<String, Vec<Value>>,
) -> Result<(), Error> {
    for entry in infos {
        let fields = entry
            .as_array()
            .filter(|f| f.len() >= 10)
            .ok_or_else(|| Error::Dump(format!("bad COMMAND INFO entry {entry}")))?;
        let name = fields[0]
            .as_str()
            .ok_or_else(|| Error::Dump("COMMAND INFO entry without a name".into()))?;
        if let Some(subs) = fields[9].as_array() {
            collect_info(subs, by_name)?;
        }
        by_name.insert(name.to_ascii_lowercase(), fields.clone());
    }
    Ok(())
}

fn upper_name(name: &str) -> String {
    name.split('|')
        .collect::<Vec<_>>()
        .join(" ")
        .to_ascii_uppercase()
}

fn add(
    name: &str,
    doc: &Value,
    infos: &std::collections::BTreeMap<String, Vec<Value>>,
    out: &mut std::collections::BTreeMap<String, Value>,
) -> Result<(), Error> {
    let doc = doc
        .as_object()
        .ok_or_else(|| Error::Dump(format!("COMMAND DOCS entry {name} is not a map")))?;
    let mut o = Map::new();
    for field in [
        "summary",
        "since",
        "group",
        "complexity",
        "deprecated_since",
        "replaced_by",
        "history",
        "doc_flags",
        "module",
    ] {
        if let Some(v) = doc.get(field) {
            o.insert(field.into(), v.clone());
        }
    }
    if let Some(info) = infos.get(&name.to_ascii_lowercase()) {
        o.insert("arity".into(), info[1].clone());
        o.insert("command_flags".into(), info[2].clone());
        o.insert("acl_categories".into(), info[6].clone());
        o.insert("hints".into(), info[7].clone());
        let specs = info[8]
            .as_array()
            .map(|specs| specs.iter().map(key_spec).collect())
            .unwrap_or_default();
        o.insert("key_specs".into(), Value::Array(specs));
    }
    if let Some(args) = doc.get("arguments").and_then(Value::as_array) {
        o.insert(
            "arguments".into(),
            Value::Array(args.iter().map(argument).collect()),
        );
    }
    out.insert(upper_name(name), Value::Object(o));
    if let Some(subs) = doc.get("subcommands").and_then(Value::as_object) {
        for (sub, sub_doc) in subs {
            add(sub, sub_doc, infos, out)?;
        }
    }
    Ok(())
}

/// `flags: ["optional", "multiple"]` → `"optional": true, "multiple": true`, recursively,
/// as Redis's own `generate-commands-json.py` writes them.
fn argument(arg: &Value) -> Value {
    let Some(obj) = arg.as_object() else {
        return arg.clone();
    };
    let mut o = Map::new();
    for (k, v) in obj {
        match k.as_str() {
            "flags" => {
                for f in v.as_array().into_iter().flatten().filter_map(Value::as_str) {
                    o.insert(f.to_owned(), Value::Bool(true));
                }
            }
            "arguments" => {
                let children = v.as_array().into_iter().flatten().map(argument).collect();
                o.insert(k.clone(), Value::Array(children));
            }
            _ => {
                o.insert(k.clone(), v.clone());
            }
        }
    }
    Value::Object(o)
}

/// Key-spec `flags` set → boolean properties (the `commands.json` convention).
fn key_spec(spec: &Value) -> Value {
    let Some(obj) = spec.as_object() else {
        return spec.clone();
    };
    let mut o = Map::new();
    for (k, v) in obj {
        if k == "flags" {
            for f in v.as_array().into_iter().flatten().filter_map(Value::as_str) {
                o.insert(f.to_owned(), Value::Bool(true));
            }
        } else {
            o.insert(k.clone(), v.clone());
        }
    }
    Value::Object(o)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn merges_docs_and_info_per_command_and_subcommand() {
        let docs = json!({
            "get": {"summary": "Get", "since": "1.0.0", "group": "string", "complexity": "O(1)",
                    "arguments": [{"name": "key", "type": "key", "key_spec_index": 0,
                                   "flags": ["optional"]}]},
            "client": {"summary": "c", "subcommands": {"client|id": {"summary": "id"}}}
        });
        let info = json!([
            ["get", 2, ["readonly", "fast"], 1, 1, 1, ["@read"], [],
             [{"flags": ["RO", "access"], "begin_search": {"type": "index", "spec": {"index": 1}}}], []],
            ["client", -2, [], 0, 0, 0, [], [], [], [
                ["client|id", 2, ["noscript"], 0, 0, 0, [], ["request_policy:all_nodes"], [], []]]]
        ]);
        let text = merge("redis 7.0.15", &docs, &info).unwrap();
        let v: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["_meta"]["server_version"], "redis 7.0.15");
        assert_eq!(v["GET"]["arity"], 2);
        assert_eq!(v["GET"]["arguments"][0]["optional"], true);
        assert_eq!(v["GET"]["key_specs"][0]["RO"], true);
        assert_eq!(v["CLIENT ID"]["hints"][0], "request_policy:all_nodes");
        let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["_meta", "CLIENT", "CLIENT ID", "GET"]);
        let spec = typedis_codegen::Spec::from_json(&text).unwrap();
        assert_eq!(spec.version.as_deref(), Some("redis 7.0.15"));
        assert!(spec.commands["CLIENT"].is_container);
    }

    #[test]
    fn leaves_out_module_commands_that_document_no_arguments() {
        let docs = json!({
            "vadd": {"summary": "", "since": "8.0.0", "group": "module", "module": "vectorset"},
            "vcard": {"summary": "", "group": "module", "module": "vectorset",
                      "arguments": [{"name": "key", "type": "key"}]},
            "dbsize": {"summary": "", "since": "1.0.0", "group": "server"}
        });
        let info = json!([
            ["vadd", -1, ["write", "module"], 1, 1, 1, [], [], [], []],
            ["vcard", 2, ["readonly", "module"], 1, 1, 1, [], [], [], []],
            ["dbsize", 1, ["readonly"], 0, 0, 0, [], [], [], []]
        ]);
        let v: Value = serde_json::from_str(&merge("redis 8.2.3", &docs, &info).unwrap()).unwrap();
        assert!(v.get("VADD").is_none());
        assert_eq!(v["VCARD"]["module"], "vectorset");
        assert_eq!(v["DBSIZE"]["arity"], 1);
    }

    #[test]
    fn rejects_replies_of_the_wrong_shape() {
        assert!(merge("x", &json!([]), &json!([])).is_err());
        assert!(merge("x", &json!({}), &json!([["get"]])).is_err());
        assert!(dump("http://localhost").is_err());
    }
}
