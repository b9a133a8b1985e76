use typedis::RespRead;

#[derive(RespRead)]
#[resp(mapp)]
struct Info {
    #[resp(renamed = "x")]
    a: i64,
}

#[derive(RespRead)]
enum Tag {
    #[resp(skip)]
    A,
}

fn main() {}
