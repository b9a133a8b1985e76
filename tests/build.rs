//! Generates typed builders and typed replies for a module spec of the tests' own
//! (`specs/user-vectors.json`, with reply schemas and option switches in
//! `specs/user-vectors.overlay.json`), exactly as a user's build script does; the code is
//! included by `tests/user_module.rs`.

use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let spec_path = manifest.join("specs/user-vectors.json");
    let overlay_path = manifest.join("specs/user-vectors.overlay.json");
    for path in [&spec_path, &overlay_path] {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    let read = |p: &PathBuf| {
        std::fs::read_to_string(p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()))
    };
    let spec = typedis_codegen::with_overlay(&read(&spec_path), &read(&overlay_path))
        .unwrap_or_else(|e| panic!("{}: {e}", spec_path.display()));
    let code = typedis_codegen::generate(&spec, &typedis_codegen::Options::default())
        .unwrap_or_else(|e| panic!("{}: {e}", spec_path.display()));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo"));
    std::fs::write(out.join("user_vectors.rs"), code).expect("write the generated builders");
}
