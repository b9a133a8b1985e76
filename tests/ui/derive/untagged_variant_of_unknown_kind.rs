use typedis::RespRead;

#[derive(RespRead)]
struct Entry {
    id: String,
}

#[derive(RespRead)]
#[resp(untagged)]
enum Reply {
    Int(i64),
    One(Entry),
}

fn main() {}
