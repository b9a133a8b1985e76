// A tuple of replies holds at most 12: the 13th `add` says to `push` instead.
use typedis::{b, Client};

fn build(client: &Client) {
    let _ = client
        .pipeline()
        .add(b().incr().key("k1"))
        .add(b().incr().key("k2"))
        .add(b().incr().key("k3"))
        .add(b().incr().key("k4"))
        .add(b().incr().key("k5"))
        .add(b().incr().key("k6"))
        .add(b().incr().key("k7"))
        .add(b().incr().key("k8"))
        .add(b().incr().key("k9"))
        .add(b().incr().key("k10"))
        .add(b().incr().key("k11"))
        .add(b().incr().key("k12"))
        .add(b().incr().key("k13"));
}

fn main() {
    let _ = build;
}
