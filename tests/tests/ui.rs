//! Compile-fail tests: code that must not compile, with the errors users should see.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/derive/*.rs");
}
