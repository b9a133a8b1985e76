use typedis::RespRead;

#[derive(RespRead)]
#[resp(map, untagged)]
struct Info {
    a: i64,
}

#[derive(RespRead)]
struct Positional {
    #[resp(rename = "id")]
    a: i64,
    #[resp(default)]
    b: i64,
}

#[derive(RespRead)]
#[resp(untagged, rename_all = "lowercase")]
enum Reply {
    #[resp(rename = "nil")]
    Nil,
    Int(i64),
}

fn main() {}
