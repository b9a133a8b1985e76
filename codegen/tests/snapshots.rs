//! The checked-in generated files (builders and spec table snapshots, conformance cases)
//! must be what the generator makes of the committed `commands.json`, and the typedis
//! crate's copy of the spec (what its build script reads) must equal the root one.

#[test]
fn checked_in_generated_files_are_up_to_date() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut stale = Vec::new();
    for (path, expected) in typedis_codegen::snapshots(&root).expect("commands.json generates") {
        let actual = std::fs::read_to_string(&path).unwrap_or_default();
        if actual != expected {
            stale.push(path.display().to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "out of date: {}; run `cargo run -p typedis-codegen -- regenerate` and commit the result",
        stale.join(", ")
    );
}
