//! The test harness itself: a started server answers, and a dropped one is gone.

use std::io::{Read, Write};
use typedis_tests::RedisServer;

#[test]
fn started_server_answers_and_dropped_server_is_gone() {
    let server = RedisServer::start();
    let port = server.port();
    let mut conn = server.connect();
    conn.write_all(b"*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$1\r\nv\r\n*2\r\n$3\r\nGET\r\n$1\r\nk\r\n")
        .unwrap();
    let mut reply = [0u8; 12];
    conn.read_exact(&mut reply).unwrap();
    assert_eq!(&reply, b"+OK\r\n$1\r\nv\r\n");
    let dir = server.dir().to_path_buf();
    drop(server);
    assert!(std::net::TcpStream::connect(("127.0.0.1", port)).is_err());
    assert!(!dir.exists());
}
