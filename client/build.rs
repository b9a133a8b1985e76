//! Generates, from `commands.json`, the typed command builders into `OUT_DIR/builders.rs`
//! (included by `src/cmd/builders.rs`) and the spec table of every command's name, flags
//! and policy into `OUT_DIR/spec_table.rs` (included by `src/cmd/spec_table.rs`).
//!
//! The spec read is the crate's own copy (`client/commands.json`), so the published crate
//! builds on its own; in the repository it is kept equal to the root `commands.json` by
//! `typedis-codegen regenerate`, and the snapshot test fails while they differ.

use std::path::{Path, PathBuf};

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let spec_path = manifest.join("commands.json");
    println!("cargo:rerun-if-changed={}", spec_path.display());
    println!("cargo:rerun-if-changed=build.rs");
    let text = std::fs::read_to_string(&spec_path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", spec_path.display()));
    // With typedis's corrections (argument types, reply schemas) applied.
    let spec = typedis_codegen::corrected(&text)
        .unwrap_or_else(|e| panic!("{}: {e}", spec_path.display()));
    let options = typedis_codegen::typedis_options();
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo"));
    let builders = typedis_codegen::generate(&spec, &options)
        .unwrap_or_else(|e| panic!("{}: {e}", spec_path.display()));
    write(&out.join("builders.rs"), &builders);
    let table = typedis_codegen::generate_table(&spec, &options)
        .unwrap_or_else(|e| panic!("{}: {e}", spec_path.display()));
    write(&out.join("spec_table.rs"), &table);
}

fn write(path: &Path, code: &str) {
    std::fs::write(path, code).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
}
