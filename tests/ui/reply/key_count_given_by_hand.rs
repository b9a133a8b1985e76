// EVAL's numkeys is written by the builder from the keys given: there is no method for it,
// so a wrong count cannot be written.
fn main() {
    let _ = typedis::b().eval().script("return 1").numkeys(1).key("k");
}
