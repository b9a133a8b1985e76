// A borrowed field needs a lifetime declared on the type: rustc reports it on the field,
// with the fix, and the derive adds no error of its own.
use typedis::RespRead;

#[derive(RespRead)]
struct Entry {
    id: &str,
    fields: Vec<&[u8]>,
}

fn main() {}

#[derive(RespRead)]
struct Anon<'a> {
    id: &'_ str,
    name: &'a str,
}
