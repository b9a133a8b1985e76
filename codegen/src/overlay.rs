//! Corrections to a command spec (an overlay), applied when builders are generated;
//! typedis's own (`client/spec/overlay.json`) are argument types the specs get wrong, reply schemas that do
//! not match what the servers send, and which fields of a reply are always present. Each
//! entry says why, and the conformance test checks it against real servers.
//!
//! An entry, keyed by command name, may hold:
//! - `arguments`: `[{"at": "/1", "merge": {...}}]`: objects merged into the arguments at
//!   those JSON Pointers (relative to the command's `arguments` array); a patch with
//!   `"if_present": true` is skipped by a spec that lacks its place (an older one);
//! - `append_arguments`: arguments added after the command's;
//! - `summary`, `complexity`: the project's own words, for a command whose spec has none
//!   (one only a server dumped with `--facts-only` has);
//! - `reply_schema`: a schema replacing the command's;
//! - `reply_switches`: which arguments pick which alternative of the reply schema (see
//!   [`ReplySwitches`](crate::ReplySwitches));
//! - `reply_patches`: `[{"at": "/oneOf/1/items/1", "merge": {...}}]`: objects merged into
//!   the reply schema at those pointers (a key set to null is removed);
//! - `exactly_one`: groups of argument names exactly one of which the command needs, a
//!   constraint the spec cannot say (the types then require one, and refuse two);
//! - `requires`: `[{"arg": "limit", "needs": "sortby", "hint": "..."}]`: an argument the
//!   server takes only beside another (the types refuse it alone; `hint` says what to
//!   call, in the compile error, and `with`, if given, how it names what is needed);
//! - `at_most_one`: groups of argument names the server refuses together (the types
//!   refuse two);
//! - `why`: the reason, required.

use crate::json::{Map, Value};

use crate::spec::{Spec, META_KEY};
use crate::Error;

/// Reads a spec (any layout [`Spec::from_json`] reads) with the corrections of an
/// overlay of your own applied: the same format as typedis's (see the module docs), so a
/// module's spec can stay as dumped while your reply schemas, option switches and
/// argument fixes live beside it.
///
/// ```
/// let spec = r#"{"MYMOD.GET": {"summary": "Gets.", "since": "1.0.0", "group": "module",
///     "arity": -2, "arguments": [{"name": "key", "type": "key", "key_spec_index": 0},
///     {"name": "withmeta", "type": "pure-token", "token": "WITHMETA", "optional": true}]}}"#;
/// let overlay = r#"{"MYMOD.GET": {"why": "the module ships no reply schema",
///     "reply_schema": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
///     "reply_switches": {"rules": [{"given": ["WITHMETA"], "alternatives": [1]}], "default": [0]}}}"#;
/// let spec = typedis_codegen::with_overlay(spec, overlay)?;
/// assert!(spec.commands["MYMOD.GET"].reply_switches.is_some());
/// # Ok::<(), typedis_codegen::Error>(())
/// ```
///
/// # Errors
///
/// As [`Spec::from_json`], [`Error::Json`] when the overlay is not a JSON object, and
/// [`Error::Spec`] when a correction has no `why` or does not apply.
pub fn with_overlay(text: &str, overlay: &str) -> Result<Spec, Error> {
    let mut root = Value::parse_object(text)?;
    let overlay = Value::parse_object(overlay)?;
    apply(&mut root, &overlay)?;
    Spec::from_json(&Value::Object(root).to_string())
}

/// Applies `overlay` to the spec object `root` (commands missing from `root` are
/// skipped: a spec of another version may not have them).
fn apply(root: &mut Map, overlay: &Map) -> Result<(), Error> {
    for (name, entry) in overlay {
        if name.starts_with('_') {
            continue;
        }
        let bad = |what: &str| Error::Spec(format!("overlay entry {name}: {what}"));
        if entry
            .get("why")
            .and_then(Value::as_str)
            .is_none_or(str::is_empty)
        {
            return Err(bad("has no `why`"));
        }
        let Some(cmd) = root.get_mut(name).filter(|_| name != META_KEY) else {
            continue;
        };
        if let Some(patches) = entry.get("arguments") {
            let args = cmd
                .get_mut("arguments")
                .ok_or_else(|| bad("the command has no arguments"))?;
            patch(args, patches).map_err(|e| bad(&e))?;
        }
        if let Some(more) = entry.get("append_arguments").and_then(Value::as_array) {
            cmd.get_mut("arguments")
                .and_then(Value::as_array_mut)
                .ok_or_else(|| bad("the command has no arguments"))?
                .extend(more.iter().cloned());
        }
        if let Some(schema) = entry.get("reply_schema") {
            cmd.as_object_mut()
                .ok_or_else(|| bad("the command is not an object"))?
                .insert("reply_schema".into(), schema.clone());
        }
        for field in ["summary", "complexity"] {
            if let Some(text) = entry.get(field) {
                cmd.as_object_mut()
                    .ok_or_else(|| bad("the command is not an object"))?
                    .insert(field.into(), text.clone());
            }
        }
        if let Some(switches) = entry.get("reply_switches") {
            cmd.as_object_mut()
                .ok_or_else(|| bad("the command is not an object"))?
                .insert("reply_switches".into(), switches.clone());
        }
        for field in ["exactly_one", "requires", "at_most_one"] {
            if let Some(rules) = entry.get(field) {
                cmd.as_object_mut()
                    .ok_or_else(|| bad("the command is not an object"))?
                    .insert(field.into(), rules.clone());
            }
        }
        if let Some(patches) = entry.get("reply_patches") {
            let schema = cmd
                .get_mut("reply_schema")
                .ok_or_else(|| bad("the command has no reply schema"))?;
            patch(schema, patches).map_err(|e| bad(&e))?;
        }
    }
    Ok(())
}

/// Merges each patch's `merge` object into `target` at its `at` pointer.
fn patch(target: &mut Value, patches: &Value) -> Result<(), String> {
    for p in patches.as_array().ok_or("patches are not a list")? {
        let at = p
            .get("at")
            .and_then(Value::as_str)
            .ok_or("a patch has no `at`")?;
        let merge = p
            .get("merge")
            .and_then(Value::as_object)
            .ok_or("a patch has no `merge` object")?;
        let Some(place) = target.pointer_mut(at).and_then(Value::as_object_mut) else {
            // A patch of what older specs lack (a `since` Redis 8's dump does not give)
            // says so, and is skipped there.
            if p.get("if_present").and_then(Value::as_bool) == Some(true) {
                continue;
            }
            return Err(format!("no object at {at}"));
        };
        for (k, v) in merge {
            if v.is_null() {
                place.remove(k);
            } else {
                place.insert(k.clone(), v.clone());
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patches_merge_and_remove_and_report_a_missing_place() {
        let mut root = Value::parse_object(
            r#"{"GET": {"arguments": [{"name": "key", "type": "key"}],
                       "reply_schema": {"type": "string", "description": "x"}}}"#,
        )
        .unwrap();
        let overlay = Value::parse_object(
            r#"{"GET": {"why": "test",
                "arguments": [{"at": "/0", "merge": {"type": "string"}}],
                "reply_patches": [{"at": "", "merge": {"description": null, "type": "integer"}}]},
               "ABSENT": {"why": "another version's command"}}"#,
        )
        .unwrap();
        apply(&mut root, &overlay).unwrap();
        assert_eq!(root["GET"]["arguments"][0]["type"], "string");
        assert_eq!(
            root["GET"]["reply_schema"],
            Value::parse(r#"{"type": "integer"}"#).unwrap()
        );
        let bad = Value::parse_object(
            r#"{"GET": {"why": "x", "arguments": [{"at": "/7", "merge": {}}]}}"#,
        )
        .unwrap();
        let err = apply(&mut root, &bad).unwrap_err();
        assert!(err.to_string().contains("no object at /7"), "{err}");
        let no_reason = Value::parse_object(r#"{"GET": {}}"#).unwrap();
        assert!(apply(&mut root, &no_reason).is_err());
    }
}
