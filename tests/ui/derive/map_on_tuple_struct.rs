use typedis::RespRead;

#[derive(RespRead)]
#[resp(map)]
struct Pair(String, i64);

fn main() {}
