//! What one in-flight command costs: the size of the future a caller holds while it waits.
//! The cold paths (reconnecting, the handshake, blocking commands, resending) are boxed, so
//! they do not weigh on every command.

use typedis::{b, cmd, Client};
use typedis_tests::RedisServer;

/// The bound on one command's future.
const MAX_FUTURE: usize = 512;

#[tokio::test]
async fn a_command_future_is_at_most_512_bytes() {
    let server = RedisServer::start();
    let client = Client::connect(&server.url()).await.unwrap();
    let query = client.query(b().set().key("k").value("v"));
    let typed = client.query(b().get().key("k"));
    let untyped = client.query_as::<Option<String>>(cmd("GET").arg("k"));
    let send = client.send(cmd("GET").arg("k"));
    let pipeline = client
        .pipeline()
        .add(cmd("GET").arg("k"))
        .query_as::<(Option<String>,)>();
    let sizes = [
        ("query(SET)", size_of_val(&query)),
        ("query(GET)", size_of_val(&typed)),
        ("query_as::<Option<String>>", size_of_val(&untyped)),
        ("send", size_of_val(&send)),
    ];
    for (what, size) in sizes {
        println!("{what}: {size} bytes");
    }
    // Not bounded here: a pipeline is one future for many commands.
    println!("pipeline query: {} bytes", size_of_val(&pipeline));
    for (what, size) in sizes {
        assert!(size <= MAX_FUTURE, "{what} future is {size} bytes");
    }
    // They still run.
    query.await.unwrap();
    assert_eq!(typed.await.unwrap().as_deref(), Some(&b"v"[..]));
    assert_eq!(untyped.await.unwrap().as_deref(), Some("v"));
    assert!(!send.await.unwrap().is_error());
    assert_eq!(pipeline.await.unwrap().0.as_deref(), Some("v"));
}
