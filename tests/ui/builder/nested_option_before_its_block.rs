// XPENDING's IDLE and consumer belong to its range: given before `range`, the error says
// to give `range` first.
fn main() {
    let _ = typedis::b()
        .xpending()
        .key("s")
        .group("g")
        .idle(std::time::Duration::from_secs(1))
        .range("-", "+", 10)
        .build();
}
