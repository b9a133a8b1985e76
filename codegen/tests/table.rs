//! The spec table of a small spec fragment (`fixtures/table/spec.json`: a plain command, a
//! blocking one, one with cluster policies, a container with subcommands, a container
//! known only by its subcommand, unknown flags and policies) must be `fixtures/table/expected.rs`.
//! Set `TYPEDIS_BLESS=1` to rewrite it after an intended change, then review the diff.

use std::path::Path;

#[test]
fn the_table_fixture_generates_its_expected_code() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/table");
    let text = std::fs::read_to_string(dir.join("spec.json")).expect("read the fixture spec");
    let spec = typedis_codegen::Spec::from_json(&text).expect("the fixture spec loads");
    let options = typedis_codegen::Options {
        version: Some("fixture".to_owned()),
        ..typedis_codegen::Options::default()
    };
    let code = typedis_codegen::generate_table(&spec, &options).expect("the fixture generates");
    let expected_path = dir.join("expected.rs");
    if std::env::var_os("TYPEDIS_BLESS").is_some() {
        std::fs::write(&expected_path, &code).expect("write the expected code");
        return;
    }
    let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
    assert!(
        expected == code,
        "generated table differs from {}; if intended, rerun with TYPEDIS_BLESS=1 and review",
        expected_path.display()
    );
}
