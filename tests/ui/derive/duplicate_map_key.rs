use typedis::RespRead;

#[derive(RespRead)]
#[resp(map)]
struct Info {
    name: String,
    #[resp(rename = "name")]
    title: String,
    #[resp(alias = "name")]
    label: String,
}

fn main() {}
