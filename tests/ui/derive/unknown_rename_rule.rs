use typedis::RespRead;

#[derive(RespRead)]
#[resp(map, rename_all = "kebab")]
struct Info {
    last_id: String,
}

fn main() {}
