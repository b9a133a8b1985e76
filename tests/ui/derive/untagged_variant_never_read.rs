use typedis::RespRead;

#[derive(RespRead)]
#[resp(untagged)]
enum Reply {
    Text(String),
    Bytes(Vec<u8>),
    Pair(i64, i64),
    Triple(i64, i64, i64),
}

fn main() {}
