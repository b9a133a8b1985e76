//! Compile-fail tests of typed replies: a reply an option switched cannot be read as the
//! other type, an incomplete command says what it lacks when sent, a key count cannot be
//! written by hand, a reply type given to `query` points to `query_as`, a 13th `add`
//! to a tuple-typed queue points to `push`, `exec` looked for on a `Transaction` points to
//! what its `add` returned, and options the server refuses together
//! (`ZRANGE`'s `LIMIT` without `BYSCORE`/`BYLEX`, `RESTORE`'s `IDLETIME` with `FREQ`) say
//! what to add or drop.

#[test]
fn reply_misuse_does_not_compile() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/reply/*.rs");
}
