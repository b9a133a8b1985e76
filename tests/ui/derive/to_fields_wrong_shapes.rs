use typedis::ToFields;

/// Not named fields: nothing to name the values by.
#[derive(ToFields)]
struct Pair(String, u32);

#[derive(ToFields)]
enum Choice {
    One { a: u32 },
}

struct NotAnArgument;

#[derive(ToFields)]
struct Holder {
    name: String,
    inner: NotAnArgument,
}

fn read_it(_: &mut typedis::__private::Reader<'_>) -> Result<u32, typedis::__private::DecodeError> {
    Ok(1)
}

#[derive(ToFields)]
struct WithReader {
    #[resp(with = read_it)]
    n: u32,
}

fn main() {}
