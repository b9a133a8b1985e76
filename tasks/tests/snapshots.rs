//! The checked-in generated files (the copies in `client/generated/`, the conformance
//! cases) must be what the generator makes of the committed specs (`client/spec/`).

#[test]
fn checked_in_generated_files_are_up_to_date() {
    let root = typedis_tasks::paths::root();
    let mut stale = Vec::new();
    for (path, expected) in typedis_tasks::snapshots::snapshots(&root).expect("the spec generates")
    {
        let actual = std::fs::read_to_string(&path).unwrap_or_default();
        if actual != expected {
            stale.push(path.display().to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "out of date: {}; run `cargo run -p typedis-tasks -- regenerate` and commit the result",
        stale.join(", ")
    );
}
