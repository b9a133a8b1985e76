use typedis::RespRead;

#[derive(RespRead)]
#[resp(untagged)]
enum Reply {
    #[resp(kind = "list")]
    Items(Vec<i64>),
}

fn main() {}
