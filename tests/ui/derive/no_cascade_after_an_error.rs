// A derive that fails reports its own errors and still implements the trait (with a stub),
// so the type's uses elsewhere add no errors of their own.
use typedis::resp::Frame;
use typedis::RespRead;

#[derive(RespRead)]
#[resp(mapp)]
struct Info {
    a: i64,
}

#[derive(RespRead)]
struct Outer {
    info: Info,
    all: Vec<Info>,
}

fn main() {
    let frame = Frame::from_slice(b"*0\r\n").unwrap();
    let _: Info = frame.decode().unwrap();
    let _: Outer = frame.decode().unwrap();
}
