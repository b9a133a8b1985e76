use typedis::RespRead;

#[derive(RespRead)]
enum Reply {
    Nil,
    Int(i64),
    Entry { id: String },
}

fn main() {}
