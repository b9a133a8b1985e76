// Options that change neither the reply nor a rule share one parameter (`TOnce`): each is
// still given once, and a second one of the same option (or of its `oneof`) is refused
// with the option's own message.
fn main() {
    let _ = typedis::b().set().key("k").value("v").ex(1).px(5).build();
    let _ = typedis::b()
        .xpending()
        .key("s")
        .group("g")
        .range("-", "+", 10)
        .consumer("c")
        .consumer("d")
        .build();
}
