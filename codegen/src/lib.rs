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
//! # What a build script uses
//!
//! [`Spec::from_json`] (or [`with_overlay`], with corrections of your own: reply schemas,
//! option switches, argument fixes), then [`generate`] with [`Options`]; [`reply_report`]
//! says which replies stay untyped and why, [`generate_table`] writes the spec table
//! (name, flags and policy of every command) typedis's untyped `cmd()` routes by.
//!
//! # Layout
//!
//! - `spec`: the spec model, read from every layout Redis publishes.
//! - `overlay`: corrections to a spec ([`with_overlay`]).
//! - `plan`: the builder model (type states and methods) of one command.
//! - `compat`: the deprecated aliases a spec records for methods an older spec named
//!   otherwise.
//! - `reply`: reply types from reply schemas, and the structs generated for them.
//! - `naming`: how spec names become Rust identifiers.
//! - `json`: the JSON reader and writer the specs are read with.
//! - `emit`: Rust source from plans.
//! - `table`: the spec table behind typedis's untyped `cmd()`.
//!
//! The modules and items hidden from these docs serve the repository's own tasks (dumping
//! specs from servers, merging them, regenerating the snapshots: the `typedis-tasks` crate
//! beside this one, not published) and typedis's own build script: they are not part of
//! this crate's supported API and may change in any release.
#![deny(missing_docs)]

/// `json!(...)` in tests: the JSON written as `serde_json` reads it, as a [`json::Value`].
#[cfg(test)]
macro_rules! json {
    ($($t:tt)+) => {
        $crate::json::Value::parse(&serde_json::json!($($t)+).to_string()).expect("valid JSON")
    };
}

#[doc(hidden)]
pub mod compat;
mod emit;
#[doc(hidden)]
pub mod json;
#[doc(hidden)]
pub mod naming;
mod overlay;
#[doc(hidden)]
pub mod plan;
#[doc(hidden)]
pub mod reply;
#[doc(hidden)]
pub mod spec;
mod table;

pub use emit::{generate, generate_replies, reply_report};
pub use overlay::with_overlay;
pub use reply::Report;
pub use spec::{Arg, ArgKind, CommandSpec, ReplySwitches, Spec};
pub use table::generate_table;

/// The module features of typedis and the product each one's spec dates its versions by.
#[doc(hidden)]
pub const MODULE_FEATURES: &[(&str, &str)] = &[
    ("json", "RedisJSON"),
    ("search", "RediSearch"),
    ("bloom", "RedisBloom"),
    ("timeseries", "RedisTimeSeries"),
];

/// The options typedis itself is generated with.
#[doc(hidden)]
pub fn typedis_options() -> Options {
    Options {
        typedis: "crate".to_owned(),
        replies: Some("crate::reply".to_owned()),
        ..Options::default()
    }
}

/// The options typedis generates the builders of one of its module features with: the
/// commands become methods of typedis's own `b()` (`crate::cmd::Builders`), and their
/// docs date them by `product`'s versions ("since RedisJSON 2.6.0").
#[doc(hidden)]
pub fn typedis_module_options(product: &str) -> Options {
    Options {
        extend: Some("crate::cmd::Builders".to_owned()),
        product: Some(product.to_owned()),
        ..typedis_options()
    }
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
    /// The path of an existing entry type (such as `crate::cmd::Builders`) whose methods the
    /// commands become, instead of a new `Builders` with its own `b()`: how a crate adds
    /// the commands of another spec to an entry point it already has. The generated
    /// file then holds an `impl` of that type, the commands' modules and `replies`.
    pub extend: Option<String>,
    /// The product whose versions the spec's `since` fields count (a module: "RedisJSON"):
    /// the docs then say "since RedisJSON 2.6.0" instead of naming Redis and Valkey.
    pub product: Option<String>,
    /// Commands the client refuses to send on a connection shared by many callers, by
    /// full name (`HELLO`, `CLIENT REPLY`), each with the reason and what to use instead:
    /// their builders' docs say so first. typedis's build script fills it from the list
    /// its connections use.
    pub refused: Vec<(String, String)>,
    /// Where the structs replies are read into live, as a path the builders name them by.
    /// `None` (the default) puts them in a `replies` module of the generated file; with a
    /// path (typedis's own: `crate::reply`), [`generate`] leaves them out and
    /// [`generate_replies`] writes them as a file of their own, to be included in the
    /// module that path names, so that the builders and the replies can live in different
    /// layers.
    pub replies: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            typedis: "::typedis".to_owned(),
            version: None,
            extend: None,
            product: None,
            refused: Vec::new(),
            replies: None,
        }
    }
}

/// What can go wrong while reading a spec or generating code.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The text is not JSON of the expected shape.
    #[error("invalid spec JSON: {0}")]
    Json(#[from] json::ParseError),
    /// A spec entry is malformed (the message names the command and argument).
    #[error("invalid spec: {0}")]
    Spec(String),
    /// The options are unusable.
    #[error("invalid options: {0}")]
    Options(String),
    /// Generation produced code that does not parse (a bug in the generator).
    #[error("generation failed: {0}")]
    Generate(String),
}
