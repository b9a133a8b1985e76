//! typedis-codegen: turns Redis command specs (`commands.json`) into typed command
//! builders for the `typedis` client.
//!
//! ```no_run
//! // In a build.rs: generate builders for your own module commands.
//! let text = std::fs::read_to_string("my-commands.json")?;
//! let spec = typedis_codegen::Spec::from_json(&text)?;
//! let code = typedis_codegen::generate(&spec, &typedis_codegen::Options::default())?;
//! let out = std::path::Path::new(&std::env::var("OUT_DIR")?).join("my_commands.rs");
//! std::fs::write(out, code)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Layout
//!
//! - [`spec`]: the spec model, read from every layout Redis publishes.
//! - [`plan`]: the builder model (type states and methods) of one command.
//! - [`reply`]: reply types from reply schemas, and the structs generated for them.
//! - [`naming`]: how spec names become Rust identifiers.
//! - `emit`: Rust source from plans.
//! - `table`: the spec table (name, flags, policy of every command) behind typedis's
//!   untyped `cmd()`.
//! - [`conformance`]: conformance cases for the test against a real server.
//! - [`overlay`]: typedis's corrections to the specs, applied to its own builders.
//! - [`diff`]: API changes between two specs.
//! - [`dump`]: a spec from a live server (`COMMAND DOCS` + `COMMAND INFO` over RESP3).
//! - [`merge`]: one spec from the dumps of several servers (Redis and Valkey).
//! - [`schemas`]: reply schemas of source-tree specs merged into a dumped spec.
#![deny(missing_docs)]

pub mod compat;
pub mod conformance;
pub mod diff;
pub mod dump;
mod emit;
pub mod merge;
pub mod naming;
pub mod overlay;
pub mod plan;
pub mod reply;
mod resp3;
pub mod schemas;
pub mod spec;
mod table;

pub use emit::{generate, reply_report};
pub use overlay::{corrected, with_overlay};
pub use spec::{Arg, ArgKind, CommandSpec, ReplySwitches, Spec};
pub use table::generate_table;

/// Where the generated builders of typedis itself are snapshotted, relative to the
/// repository root.
pub const BUILDERS_SNAPSHOT: &str = "client/src/cmd/builders.snapshot.rs";

/// Where the generated spec table of typedis itself is snapshotted, relative to the
/// repository root.
pub const SPEC_TABLE_SNAPSHOT: &str = "client/src/cmd/spec_table.snapshot.rs";

/// Where the conformance cases are written, relative to the repository root.
pub const CONFORMANCE_CASES: &str = "tests/tests/conformance/cases.rs";

/// Where the module specs of typedis's module features live, relative to the repository
/// root (one `<feature>.json` each, read by the typedis crate's build script).
pub const MODULE_SPECS: &str = "client/modules";

/// Where the conformance cases of each module spec are written, relative to the
/// repository root (`<feature>.rs`).
pub const MODULE_CONFORMANCE_CASES: &str = "tests/tests/module_conformance";

/// The module features of typedis and the product each one's spec dates its versions by.
pub const MODULE_FEATURES: &[(&str, &str)] = &[
    ("json", "RedisJSON"),
    ("search", "RediSearch"),
    ("bloom", "RedisBloom"),
    ("timeseries", "RedisTimeSeries"),
];

/// The typedis crate's own copy of the root `commands.json`, relative to the repository
/// root: what its build script reads, so that the published crate builds on its own.
pub const PACKAGED_SPEC: &str = "client/commands.json";

/// The options typedis itself is generated with.
pub fn typedis_options() -> Options {
    Options {
        typedis: "crate".to_owned(),
        ..Options::default()
    }
}

/// The options typedis generates the builders of one of its module features with: the
/// commands become methods of typedis's own `b()` (`crate::cmd::Commands`), and their
/// docs date them by `product`'s versions ("since RedisJSON 2.6.0").
pub fn typedis_module_options(product: &str) -> Options {
    Options {
        extend: Some("crate::cmd::Commands".to_owned()),
        product: Some(product.to_owned()),
        ..typedis_options()
    }
}

/// Every checked-in generated file of the repository at `root`, with the content it
/// should have: the builders and spec table snapshots, the conformance cases, and the
/// typedis crate's copy of `commands.json` ([`PACKAGED_SPEC`]), and the conformance cases
/// of each module spec ([`MODULE_CONFORMANCE_CASES`]).
///
/// # Errors
///
/// When `commands.json` cannot be read or generation fails.
pub fn snapshots(root: &std::path::Path) -> Result<Vec<(std::path::PathBuf, String)>, Error> {
    let path = root.join("commands.json");
    let text = std::fs::read_to_string(&path).map_err(|source| Error::Io {
        path: path.display().to_string(),
        source,
    })?;
    let spec = corrected(&text)?;
    let builders = generate(&spec, &typedis_options())?;
    let table = generate_table(&spec, &typedis_options())?;
    let (cases, _) = conformance::generate_cases(&spec)?;
    let mut files = vec![
        (root.join(BUILDERS_SNAPSHOT), builders),
        (root.join(SPEC_TABLE_SNAPSHOT), table),
        (root.join(CONFORMANCE_CASES), cases),
        (root.join(PACKAGED_SPEC), text),
    ];
    for (feature, _) in MODULE_FEATURES {
        let path = root.join(MODULE_SPECS).join(format!("{feature}.json"));
        let text = std::fs::read_to_string(&path).map_err(|source| Error::Io {
            path: path.display().to_string(),
            source,
        })?;
        let spec = Spec::from_json(&text)?;
        let (cases, _) = conformance::generate_cases(&spec)?;
        let out = root
            .join(MODULE_CONFORMANCE_CASES)
            .join(format!("{feature}.rs"));
        files.push((out, cases));
    }
    Ok(files)
}

/// Generation options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Path of the typedis crate in the generated code: `::typedis` in a user's crate
    /// (the default), `crate` inside typedis itself. The builders use its `cmd` module,
    /// the reply types its `reply` module.
    pub typedis: String,
    /// Version label for the first line when the spec records none.
    pub version: Option<String>,
    /// The path of an existing entry type (such as `crate::cmd::Commands`) whose methods the
    /// commands become, instead of a new `Commands` with its own `b()`: how a crate adds
    /// the commands of another spec to an entry point it already has. The generated
    /// file then holds an `impl` of that type, the commands' modules and `replies`.
    pub extend: Option<String>,
    /// The product whose versions the spec's `since` fields count (a module: "RedisJSON"):
    /// the docs then say "since RedisJSON 2.6.0" instead of naming Redis and Valkey.
    pub product: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            typedis: "::typedis".to_owned(),
            version: None,
            extend: None,
            product: None,
        }
    }
}

/// What can go wrong while reading a spec or generating code.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The text is not JSON of the expected shape.
    #[error("invalid spec JSON: {0}")]
    Json(#[from] serde_json::Error),
    /// A spec entry is malformed (the message names the command and argument).
    #[error("invalid spec: {0}")]
    Spec(String),
    /// The options are unusable.
    #[error("invalid options: {0}")]
    Options(String),
    /// Generation produced code that does not parse (a bug in the generator).
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
