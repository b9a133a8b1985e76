//! Compile-fail tests of the generated builders: an incomplete command, two choices of one
//! `oneof`, an option given twice, a value of the wrong type, and a block part without
//! its block do not compile, each with a readable error.

#[test]
fn builder_misuse_does_not_compile() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/builder/*.rs");
}
