use typedis::RespRead;

#[derive(RespRead)]
union Number {
    int: i64,
    float: f64,
}

fn main() {}
