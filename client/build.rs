//! Generates the typed command builders from the repository's `commands.json` into
//! `OUT_DIR/builders.rs` (included by `src/cmd/builders.rs`).

use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let spec_path = manifest.join("../commands.json");
    println!("cargo:rerun-if-changed={}", spec_path.display());
    println!("cargo:rerun-if-changed=build.rs");
    let text = std::fs::read_to_string(&spec_path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", spec_path.display()));
    let spec = typedis_codegen::Spec::from_json(&text)
        .unwrap_or_else(|e| panic!("{}: {e}", spec_path.display()));
    let code = typedis_codegen::generate(&spec, &typedis_codegen::typedis_options())
        .unwrap_or_else(|e| panic!("{}: {e}", spec_path.display()));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo")).join("builders.rs");
    std::fs::write(&out, code).unwrap_or_else(|e| panic!("cannot write {}: {e}", out.display()));
}
