use typedis::RespRead;

#[derive(RespRead)]
#[resp(map)]
enum Reply {
    A,
}

fn main() {}
