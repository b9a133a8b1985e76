// GET is a once-only option: it cannot be given twice.
fn main() {
    let _ = typedis::b().set().key("k").value("v").get().get().build();
}
