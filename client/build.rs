//! Generates, from `spec/commands.json` with typedis's corrections (`spec/overlay.json`),
//! the typed command builders into `OUT_DIR/builders.rs` (included by
//! `src/cmd/builders.rs`), the structs their replies are read into into
//! `OUT_DIR/replies.rs` (included by `src/reply/generated.rs`), and the spec table of every
//! command's name, flags and policy into `OUT_DIR/spec_table.rs` (included by
//! `src/cmd/spec_table.rs`).
//!
//! Each module feature that is on (`json`, `search`, `bloom`, `timeseries`) adds the
//! builders of its module's spec (`spec/modules/<feature>.json`) as more methods of `b()`,
//! into `OUT_DIR/module_<feature>.rs` (included by `src/cmd/modules.rs`), its reply
//! structs into `OUT_DIR/module_<feature>_replies.rs`, and its commands' table into
//! `OUT_DIR/module_<feature>_table.rs`.
//!
//! The Sentinel's own commands (`spec/sentinel.json`, dumped from a Sentinel of each
//! server) are more methods of `b()` too, whatever the features: `OUT_DIR/sentinel_builders.rs`
//! (included by `src/cmd/sentinel_commands.rs`) and `OUT_DIR/sentinel_table.rs`.
//!
//! The spec read is the crate's own (`client/spec/`, the repository's one copy; its
//! README says what each file is), so the published crate builds on its own.

use std::path::{Path, PathBuf};

/// The commands the connections refuse, the same file they read: each builder's docs say
/// so, with the reason.
#[path = "src/cmd/refused.rs"]
mod refused;

fn refused() -> Vec<(String, String)> {
    refused::REFUSED
        .iter()
        .map(|&(name, why)| (name.to_owned(), why.to_owned()))
        .collect()
}

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo"));
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/cmd/refused.rs");
    let spec_path = manifest.join("spec/commands.json");
    // With typedis's corrections (argument types, reply schemas) applied.
    let overlay = read(&manifest.join("spec/overlay.json"));
    let spec = typedis_codegen::with_overlay(&read(&spec_path), &overlay)
        .unwrap_or_else(|e| panic!("{}: {e}", spec_path.display()));
    let options = typedis_codegen::Options {
        refused: refused(),
        ..typedis_codegen::typedis_options()
    };
    let builders = typedis_codegen::generate(&spec, &options)
        .unwrap_or_else(|e| panic!("{}: {e}", spec_path.display()));
    write(&out.join("builders.rs"), &builders);
    let replies = typedis_codegen::generate_replies(&spec, &options)
        .unwrap_or_else(|e| panic!("{}: {e}", spec_path.display()));
    write(&out.join("replies.rs"), &replies);
    let table = typedis_codegen::generate_table(&spec, &options)
        .unwrap_or_else(|e| panic!("{}: {e}", spec_path.display()));
    write(&out.join("spec_table.rs"), &table);

    // The Sentinel's own commands, from the dump of a Sentinel of each server: more
    // methods of `b()`, whatever the features.
    let path = manifest.join("spec/sentinel.json");
    let spec = typedis_codegen::Spec::from_json(&read(&path))
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let options = typedis_codegen::Options {
        refused: refused(),
        extend: Some("crate::cmd::Builders".to_owned()),
        ..typedis_codegen::typedis_options()
    };
    let builders = typedis_codegen::generate(&spec, &options)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    write(&out.join("sentinel_builders.rs"), &builders);
    let replies = typedis_codegen::generate_replies(&spec, &options)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    write(&out.join("sentinel_replies.rs"), &replies);
    let table = typedis_codegen::generate_table(&spec, &options)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    write(&out.join("sentinel_table.rs"), &table);

    for (feature, product) in typedis_codegen::MODULE_FEATURES {
        let var = format!("CARGO_FEATURE_{}", feature.to_ascii_uppercase());
        if std::env::var_os(var).is_none() {
            continue;
        }
        let path = manifest
            .join("spec/modules")
            .join(format!("{feature}.json"));
        let spec = typedis_codegen::Spec::from_json(&read(&path))
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let options = typedis_codegen::Options {
            refused: refused(),
            ..typedis_codegen::typedis_module_options(product)
        };
        let builders = typedis_codegen::generate(&spec, &options)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        write(&out.join(format!("module_{feature}.rs")), &builders);
        let replies = typedis_codegen::generate_replies(&spec, &options)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        write(&out.join(format!("module_{feature}_replies.rs")), &replies);
        let table = typedis_codegen::generate_table(&spec, &options)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        write(&out.join(format!("module_{feature}_table.rs")), &table);
    }
}

fn read(path: &Path) -> String {
    println!("cargo:rerun-if-changed={}", path.display());
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn write(path: &Path, code: &str) {
    std::fs::write(path, code).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
}
