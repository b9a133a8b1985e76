use typedis::RespRead;

#[derive(RespRead)]
#[resp(map, map)]
struct Info {
    #[resp(rename = "a")]
    #[resp(rename = "b")]
    a: i64,
}

fn main() {}
