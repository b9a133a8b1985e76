// EXPIRE's `seconds` is an integer: a string does not fit.
fn main() {
    let _ = typedis::b().expire().key("k").seconds("ten").build();
}
