//! Memory follows the work: after a 200 MB reply has been read and dropped, the client's
//! resident memory is back near where it was, although the client (and its connection)
//! lives on. Alone in its test binary, because it reads the process's resident memory.

use typedis::{cmd, Client};
use typedis_tests::RedisServer;

/// Resident memory of this process, in bytes.
fn rss() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap();
    kb * 1024
}

const MIB: u64 = 1 << 20;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_huge_reply_leaves_the_client_near_its_baseline_once_dropped() {
    let server = RedisServer::start();
    let client = Client::connect(&server.url()).await.unwrap();
    let len: u64 = 200_000_000;
    // Made by the server, so the client never holds the value to send it.
    let made: u64 = client
        .query_as(cmd("SETRANGE").arg("huge").arg(len - 1).arg("x"))
        .await
        .unwrap();
    assert_eq!(made, len);
    client
        .query_as::<()>(cmd("SET").arg("small").arg("v"))
        .await
        .unwrap();
    let baseline = rss();

    let frame = client.send(cmd("GET").arg("huge")).await.unwrap();
    let value: &[u8] = frame.decode().unwrap();
    assert_eq!(value.len() as u64, len);
    let peak = rss();
    drop(frame);
    // The connection goes on working, and reads into a buffer of its own.
    for _ in 0..10 {
        let v: String = client.query_as(cmd("GET").arg("small")).await.unwrap();
        assert_eq!(v, "v");
    }
    let after = rss();
    eprintln!(
        "baseline {} MiB, with the reply {} MiB, after dropping it {} MiB",
        baseline / MIB,
        peak / MIB,
        after / MIB
    );
    assert!(
        peak > baseline + len / 2,
        "the reply was not resident: {peak}"
    );
    assert!(
        after < baseline + 32 * MIB,
        "{} MiB still resident after the reply was dropped",
        (after - baseline) / MIB
    );
}
