use typedis::resp::Frame;
use typedis::RespRead;

#[derive(RespRead)]
struct Entry<'a> {
    id: &'a str,
}

fn first_id() -> Entry<'static> {
    let frame = Frame::from_slice(b"*1\r\n+1-1\r\n").unwrap();
    frame.decode().unwrap()
}

fn main() {
    let entry = {
        let frame = Frame::from_slice(b"*1\r\n+1-1\r\n").unwrap();
        frame.decode::<Entry<'_>>().unwrap()
    };
    println!("{}", entry.id);
    let _ = first_id();
}
