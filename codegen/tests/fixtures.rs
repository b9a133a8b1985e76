//! Fixture pairs: a small spec per argument kind (`fixtures/<kind>.json`) and the code the
//! generator must make of it (`fixtures/<kind>.rs`). Set `TYPEDIS_BLESS=1` to rewrite the
//! expected files after an intended change, then review the diff.

use std::path::Path;

#[test]
fn every_fixture_generates_its_expected_code() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut specs: Vec<_> = std::fs::read_dir(&dir)
        .expect("read the fixtures")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    specs.sort();
    assert!(specs.len() >= 8, "fixtures missing: {specs:?}");
    let bless = std::env::var_os("TYPEDIS_BLESS").is_some();
    let mut mismatches = Vec::new();
    for spec_path in specs {
        let text = std::fs::read_to_string(&spec_path).expect("read a fixture spec");
        let spec = typedis_codegen::Spec::from_json(&text).expect("a fixture spec loads");
        let options = typedis_codegen::Options {
            version: Some("fixture".to_owned()),
            ..typedis_codegen::Options::default()
        };
        let code = typedis_codegen::generate(&spec, &options).expect("a fixture generates");
        let expected_path = spec_path.with_extension("rs");
        if bless {
            std::fs::write(&expected_path, &code).expect("write the expected code");
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if expected != code {
            mismatches.push(expected_path.display().to_string());
        }
    }
    assert!(
        mismatches.is_empty(),
        "generated code differs from {}; if intended, rerun with TYPEDIS_BLESS=1 and review",
        mismatches.join(", ")
    );
}
