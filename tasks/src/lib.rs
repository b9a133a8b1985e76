//! typedis-tasks: the repository's command-spec tasks, beside the generator
//! (`typedis-codegen`) they drive. Not published: a user's build compiles the generator
//! alone.
//!
//! # Layout
//!
//! - [`dump`]: a spec from a live server (`COMMAND DOCS` + `COMMAND INFO` over RESP3).
//! - [`merge`]: one spec from the dumps of several servers (Redis and Valkey).
//! - [`schemas`]: reply schemas of source-tree specs merged into a dumped spec.
//! - [`compat`]: the builder methods of an older spec recorded in a newer one as aliases.
//! - [`diff`]: API changes between two specs.
//! - [`conformance`]: conformance cases for the test against a real server.
//! - [`paths`]: where the repository keeps the spec and the generated files.
//! - [`corrected`]: a spec read with typedis's corrections (`client/spec/overlay.json`).
//! - [`snapshots`]: the checked-in generated files and what they should hold.
#![deny(missing_docs)]

pub mod compat;
pub mod conformance;
pub mod diff;
pub mod dump;
pub mod merge;
pub mod paths;
mod resp3;
/// A value the generator read or made, as the tasks' JSON (through its text).
pub(crate) fn to_serde(v: &typedis_codegen::json::Value) -> serde_json::Value {
    serde_json::from_str(&v.to_string()).expect("the generator writes valid JSON")
}
pub mod schemas;
pub mod snapshots;

/// Reads a spec (any layout `Spec::from_json` reads) with typedis's corrections
/// (`client/spec/overlay.json`, as the repository holds it now) applied, as typedis's
/// build script reads its own.
///
/// # Errors
///
/// When the overlay cannot be read, or as `typedis_codegen::with_overlay`.
pub fn corrected(text: &str) -> Result<typedis_codegen::Spec, Error> {
    let overlay = snapshots::read(&paths::root().join(paths::OVERLAY))?;
    Ok(typedis_codegen::with_overlay(text, &overlay)?)
}

/// What can go wrong in a task.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The generator failed (reading a spec or generating code).
    #[error(transparent)]
    Codegen(#[from] typedis_codegen::Error),
    /// The text is not JSON of the expected shape.
    #[error("invalid spec JSON: {0}")]
    Json(#[from] serde_json::Error),
    /// A spec entry is malformed (the message names the command and argument).
    #[error("invalid spec: {0}")]
    Spec(String),
    /// Generated code does not parse (a bug in the task).
    #[error("generation failed: {0}")]
    Generate(String),
    /// Talking to a server failed.
    #[error("dump failed: {0}")]
    Dump(String),
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The error.
        source: std::io::Error,
    },
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_overlay_is_valid_and_applies_to_the_repository_spec() {
        let path = crate::paths::root().join(crate::paths::SPEC);
        let text = std::fs::read_to_string(path).expect("read commands.json");
        let spec = super::corrected(&text).expect("the overlay applies");
        let zincrby = &spec.commands["ZINCRBY"];
        assert_eq!(zincrby.arguments[1].kind, typedis_codegen::ArgKind::Double);
    }
}
