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

#[test]
fn a_server_whose_port_another_server_holds_is_not_taken_for_it() {
    // The second server cannot bind the port; the first one answers there, and must not
    // be mistaken for the second (two tests given one port by the kernel did that).
    let first = RedisServer::start();
    let second = std::panic::catch_unwind(|| RedisServer::builder().port(first.port()).start());
    let message = match second {
        Ok(server) => panic!("port {} taken for a second server", server.port()),
        Err(payload) => payload
            .downcast_ref::<String>()
            .cloned()
            .unwrap_or_default(),
    };
    assert!(
        message.contains("another server's") || message.contains("exited at start"),
        "{message}"
    );
    // The first one is untouched.
    let mut conn = first.connect();
    conn.write_all(b"PING\r\n").unwrap();
    let mut reply = [0u8; 7];
    conn.read_exact(&mut reply).unwrap();
    assert_eq!(&reply, b"+PONG\r\n");
}
