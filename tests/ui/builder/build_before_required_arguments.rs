// SET needs a key and a value: a builder without them has no `build()`.
fn main() {
    let _ = typedis::b().set().key("k").build();
}
