// VSIM's WITHSCORES comes after the query: given before it, the error says which calls
// give the query.
fn main() {
    let _ = typedis::b().vsim().key("v").withscores().ele("e").build();
}
