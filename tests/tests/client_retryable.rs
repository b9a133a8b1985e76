//! `Error::is_retryable` on a real server: a reply the server gives for now (`BUSY` while
//! a script runs) and a command that was never sent (the server is gone) are retryable;
//! an answer (`WRONGTYPE`), a script error and a timeout (the command may have run) are
//! not.

use std::time::Duration;
use typedis::{b, cmd, Client, Config, Error};
use typedis_tests::RedisServer;

#[tokio::test]
async fn busy_while_a_script_runs_is_retryable_and_its_own_end_is_not() {
    let server = RedisServer::builder()
        .args(["--busy-reply-threshold", "50"])
        .start();
    let runner = Client::connect(&server.url()).await.unwrap();
    let other = Client::connect(&server.url()).await.unwrap();
    let script = tokio::spawn(async move {
        runner
            .query_as::<()>(cmd("EVAL").arg("while true do end").arg(0))
            .await
    });
    // Until the script has run past the threshold, the server still answers.
    let busy = loop {
        match other.query(b().get().key("k")).await {
            Err(e) => break e,
            Ok(_) => tokio::time::sleep(Duration::from_millis(10)).await,
        }
    };
    assert_eq!(busy.server_code(), Some("BUSY"), "{busy}");
    assert!(busy.is_retryable());
    other
        .query_as::<()>(cmd("SCRIPT").arg("KILL"))
        .await
        .unwrap();
    let killed = script.await.unwrap().unwrap_err();
    assert!(!killed.is_retryable(), "{killed}");
    // Once killed, the retry succeeds.
    assert_eq!(other.query(b().get().key("k")).await.unwrap(), None);

    other
        .query(b().lpush().key("list").element("x"))
        .await
        .unwrap();
    let wrong = other.query(b().get().key("list")).await.unwrap_err();
    assert_eq!(wrong.server_code(), Some("WRONGTYPE"));
    assert!(!wrong.is_retryable());
}

#[tokio::test]
async fn a_command_for_a_server_that_is_gone_was_not_sent_and_is_retryable() {
    let mut server = RedisServer::start();
    let config = Config::from_url(&server.url())
        .unwrap()
        .response_timeout(Some(Duration::from_millis(500)));
    let client = Client::with_config(config).await.unwrap();
    client.query(b().set().key("k").value("v")).await.unwrap();
    server.kill();
    // The first command after the loss may find the dead connection (closed under it, or
    // before it was queued) or an attempt to reconnect that fails; one of the next ones
    // finds the server unreachable, which it was not sent to.
    let mut unreachable = None;
    for _ in 0..20 {
        match client.query(b().incr().key("n")).await {
            Err(e @ Error::Unreachable(_)) => {
                unreachable = Some(e);
                break;
            }
            Err(Error::ConnectionClosed(c)) => {
                assert_eq!(
                    Error::ConnectionClosed(c.clone()).is_retryable(),
                    !c.was_sent()
                );
            }
            Err(other) => panic!("unexpected error: {other}"),
            Ok(n) => panic!("the server is gone, yet INCR answered {n}"),
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let unreachable = unreachable.expect("the server was never reported unreachable");
    assert!(unreachable.is_retryable(), "{unreachable}");
    assert!(unreachable.is_connection_error());
}

#[tokio::test]
async fn a_timeout_is_not_retryable() {
    let server = RedisServer::builder()
        .args(["--enable-debug-command", "yes"])
        .start();
    let config = Config::from_url(&server.url())
        .unwrap()
        .response_timeout(Some(Duration::from_millis(100)));
    let client = Client::with_config(config).await.unwrap();
    // DEBUG SLEEP holds the server past the response timeout: the command ran.
    let slept = client
        .query_as::<()>(cmd("DEBUG").arg("SLEEP").arg(0.5))
        .await
        .unwrap_err();
    assert!(slept.is_timeout(), "{slept}");
    assert!(!slept.is_retryable());
}
