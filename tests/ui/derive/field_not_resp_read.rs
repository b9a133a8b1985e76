use typedis::RespRead;

struct Timestamp(u64);

#[derive(RespRead)]
struct Entry {
    id: String,
    at: Timestamp,
}

fn main() {}
