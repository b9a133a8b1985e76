// NX and XX are two choices of one `oneof`: once NX is given, XX is gone.
fn main() {
    let _ = typedis::b().set().key("k").value("v").nx().xx().build();
}
