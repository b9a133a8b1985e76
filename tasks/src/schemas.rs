//! Reply schemas merged into a dumped spec: a live server's `COMMAND DOCS` carries no
//! `reply_schema` (only servers built for request/response logging do), while the
//! source-tree specs of Redis >= 7.2 and Valkey hold one per command. [`merge`] copies
//! each command's schema from the first source that has it into the `commands.json`
//! text, and records the sources under `_meta`.

use std::path::Path;

use serde_json::{Map, Value};
use typedis_codegen::spec::{Spec, META_KEY};

use crate::Error;

/// One place reply schemas are read from: a source-tree spec (one command file, several
/// combined into one object, or a `src/commands/` folder of them).
#[derive(Debug, Clone)]
pub struct Source {
    /// What the `_meta` record calls it (the file or folder name).
    pub label: String,
    /// Schemas by full uppercase command name (`"CLIENT KILL"`).
    pub schemas: std::collections::BTreeMap<String, Value>,
}

impl Source {
    /// Reads a file or a folder of `*.json` files.
    ///
    /// # Errors
    ///
    /// [`Error::Io`] when the path cannot be read, [`Error::Json`]/[`Error::Spec`] when a
    /// file is not a spec.
    pub fn read(path: &Path) -> Result<Source, Error> {
        let io = |source| Error::Io {
            path: path.display().to_string(),
            source,
        };
        let mut files = Vec::new();
        if path.is_dir() {
            for entry in std::fs::read_dir(path).map_err(io)? {
                let p = entry.map_err(io)?.path();
                if p.extension().is_some_and(|e| e == "json") {
                    files.push(p);
                }
            }
            files.sort();
        } else {
            files.push(path.to_path_buf());
        }
        let mut schemas = std::collections::BTreeMap::new();
        for file in files {
            let text = std::fs::read_to_string(&file).map_err(|source| Error::Io {
                path: file.display().to_string(),
                source,
            })?;
            let spec = Spec::from_json(&text)?;
            for (name, cmd) in spec.commands {
                if let Some(schema) = cmd.reply_schema {
                    schemas.insert(name, crate::to_serde(&schema));
                }
            }
        }
        let label = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        Ok(Source { label, schemas })
    }
}

/// What [`merge`] did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Merged {
    /// Commands that got a schema.
    pub with_schema: usize,
    /// Callable commands no source has a schema for, by name.
    pub without: Vec<String>,
}

/// Copies into the spec `text` (the flat `commands.json` layout) every command's reply
/// schema from the first of `sources` that has it, replacing any it had, and lists the
/// sources under `_meta.reply_schemas`. Returns the new text and what was merged.
///
/// # Errors
///
/// [`Error::Json`] when `text` is not a JSON object; [`Error::Spec`] when it is not a spec.
pub fn merge(text: &str, sources: &[Source]) -> Result<(String, Merged), Error> {
    let spec = Spec::from_json(text)?;
    let mut root: Map<String, Value> = serde_json::from_str(text)?;
    let mut merged = Merged::default();
    for (key, value) in root.iter_mut() {
        if key == META_KEY {
            continue;
        }
        let name = key.to_ascii_uppercase();
        let Some(obj) = value.as_object_mut() else {
            continue;
        };
        obj.remove("reply_schema");
        match sources.iter().find_map(|s| s.schemas.get(&name)) {
            Some(schema) => {
                obj.insert("reply_schema".into(), schema.clone());
                merged.with_schema += 1;
            }
            None => {
                if spec.commands.get(&name).is_some_and(|c| !c.is_container) {
                    merged.without.push(name);
                }
            }
        }
    }
    let meta = root
        .entry(META_KEY)
        .or_insert_with(|| Value::Object(Map::new()));
    if let Some(meta) = meta.as_object_mut() {
        let labels = sources
            .iter()
            .map(|s| Value::String(s.label.clone()))
            .collect();
        meta.insert("reply_schemas".into(), Value::Array(labels));
    }
    let mut out = serde_json::to_string_pretty(&Value::Object(root))?;
    out.push('\n');
    Ok((out, merged))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn source(label: &str, json: &str) -> Source {
        let spec = Spec::from_json(json).unwrap();
        Source {
            label: label.into(),
            schemas: spec
                .commands
                .into_iter()
                .filter_map(|(n, c)| c.reply_schema.map(|s| (n, crate::to_serde(&s))))
                .collect(),
        }
    }

    #[test]
    fn the_first_source_with_a_schema_wins_and_is_recorded() {
        let text = r#"{"_meta": {"server_version": "redis 7.0.15"},
            "GET": {"summary": "g"}, "CLIENT": {"summary": "c"}, "CLIENT ID": {"summary": "i"},
            "LOLWUT": {"summary": "l"}}"#;
        let valkey = source(
            "valkey",
            r#"{"GET": {"reply_schema": {"type": "string"}},
                "ID": {"container": "CLIENT", "reply_schema": {"type": "integer"}}}"#,
        );
        let redis = source(
            "redis",
            r#"{"GET": {"reply_schema": {"type": "null"}}, "LOLWUT": {"reply_schema": {"type": "string"}}}"#,
        );
        let (out, merged) = merge(text, &[valkey, redis]).unwrap();
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["GET"]["reply_schema"]["type"], "string");
        assert_eq!(v["CLIENT ID"]["reply_schema"]["type"], "integer");
        assert_eq!(v["LOLWUT"]["reply_schema"]["type"], "string");
        assert_eq!(v["_meta"]["reply_schemas"][1], "redis");
        assert_eq!(v["_meta"]["server_version"], "redis 7.0.15");
        assert_eq!(merged.with_schema, 3);
        assert!(merged.without.is_empty());
        let spec = Spec::from_json(&out).unwrap();
        assert!(spec.commands["GET"].reply_schema.is_some());
    }

    #[test]
    fn commands_without_a_schema_are_listed() {
        let (_, merged) = merge(r#"{"PING": {"summary": "p"}}"#, &[]).unwrap();
        assert_eq!(merged.without, ["PING"]);
    }
}
