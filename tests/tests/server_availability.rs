//! The client refuses, before sending, a command or an option the server it is connected
//! to does not have (the builders know which versions of Redis and Valkey have each; the
//! server says what it is in its `HELLO`), on every server; on RESP2, which sends no
//! `HELLO`, and with the check turned off, the server answers for itself; a required list
//! given no item is refused on both protocols.

use typedis::{b, Client, Config, Error, Protocol};
use typedis_tests::{server_family, server_version, RedisServer};

const PROTOCOLS: [Protocol; 2] = [Protocol::Resp2, Protocol::Resp3];

async fn connect(server: &RedisServer, protocol: Protocol, check: bool) -> Client {
    let config = Config::from_url(&server.url())
        .unwrap()
        .protocol(protocol)
        .check_availability(check);
    Client::with_config(config).await.unwrap()
}

/// Whether the server is `family` at `major.minor` or later.
fn at_least(family: &str, major: u32, minor: u32) -> bool {
    let mut parts = server_version()
        .split('.')
        .map(|p| p.parse::<u32>().unwrap());
    let found = (parts.next().unwrap(), parts.next().unwrap());
    server_family() == family && found >= (major, minor)
}

/// `HSETEX k NX FIELDS 1 f v`: Valkey 9's `NX` (Redis 8 has `FNX` instead).
fn hsetex_nx(key: &str) -> impl typedis::Request<Reply = bool> + '_ {
    b().hsetex().key(key).nx().field_value("f", "v")
}

#[tokio::test]
async fn what_the_server_lacks_is_refused_before_it_is_sent() {
    let server = RedisServer::start();
    let (family, version) = (server_family(), server_version());
    let client = connect(&server, Protocol::Resp3, true).await;
    {
        let hello = client.server().expect("connected");
        assert_eq!(
            (hello.name.as_str(), hello.version.as_str()),
            (family, version)
        );

        // An option of one family (Valkey 9's HSETEX NX).
        let result = client.query(hsetex_nx("h")).await;
        if at_least("valkey", 9, 0) {
            assert!(result.unwrap(), "{family} {version}");
        } else {
            let Err(Error::InvalidUse(e)) = &result else {
                panic!("{family} {version}: {result:?}");
            };
            let text = e.to_string();
            assert!(text.starts_with("HSETEX: "), "{text}");
            let want = if family == "redis" && at_least("redis", 8, 0) {
                format!("NX is on Valkey only; the server is Redis {version}")
            } else {
                // Redis 7 has no HSETEX at all.
                format!("the command needs Redis 8.0.0 or later; the server is Redis {version}")
            };
            assert!(text.contains(&want), "{text}");
            assert!(text.contains("Config::check_availability(false)"), "{text}");
        }

        // A command of the other family (Redis 8's vector sets, Valkey's DELIFEQ).
        let vcard = client.query(b().vcard().key("v")).await;
        assert_eq!(
            matches!(&vcard, Err(Error::InvalidUse(_))),
            !at_least("redis", 8, 0),
            "{family} {version}: {vcard:?}"
        );
        let delifeq = client.query(b().delifeq().key("k").value("v")).await;
        assert_eq!(
            matches!(&delifeq, Err(Error::InvalidUse(_))),
            family != "valkey",
            "{family} {version}: {delifeq:?}"
        );

        // BITCOUNT's range: both ends everywhere; the start alone (Valkey 8's form) where
        // the server is Valkey 8 or later, refused elsewhere with what to call instead.
        client
            .query(b().set().key("bits").value(&b"\xff\xf0\x00"[..]))
            .await
            .unwrap();
        let both = client.query(b().bitcount().key("bits").range(1, -1)).await;
        assert_eq!(both.unwrap(), 4, "{family} {version}");
        let from = client.query(b().bitcount().key("bits").range_from(1)).await;
        if at_least("valkey", 8, 0) {
            assert_eq!(from.unwrap(), 4, "{family} {version}");
        } else {
            let Err(Error::InvalidUse(e)) = &from else {
                panic!("{family} {version}: {from:?}");
            };
            let text = e.to_string();
            assert!(text.starts_with("BITCOUNT: "), "{text}");
            assert!(text.contains("on Valkey only"), "{text}");
        }

        // In a pipeline or a transaction, nothing of it is sent.
        if !at_least("valkey", 9, 0) {
            let piped = client
                .pipeline()
                .add(b().incr().key("n"))
                .add(hsetex_nx("h"))
                .query()
                .await;
            assert!(matches!(piped, Err(Error::InvalidUse(_))), "{piped:?}");
            let multi = client
                .multi()
                .add(b().incr().key("n"))
                .add(hsetex_nx("h"))
                .exec()
                .await;
            assert!(matches!(multi, Err(Error::InvalidUse(_))), "{multi:?}");
            assert_eq!(client.query(b().get().key("n")).await.unwrap(), None);
        }
    }
}

#[tokio::test]
async fn with_the_check_off_or_on_resp2_the_server_answers_for_itself() {
    let server = RedisServer::start();
    let clients = [
        connect(&server, Protocol::Resp3, false).await,
        connect(&server, Protocol::Resp2, true).await,
    ];
    for (client, key) in clients.iter().zip(["h:3", "h:2"]) {
        let result = client.query(hsetex_nx(key)).await;
        if at_least("valkey", 9, 0) {
            assert!(result.unwrap());
        } else {
            assert!(matches!(result, Err(Error::Server(_))), "{result:?}");
        }
    }
}

#[tokio::test]
async fn a_required_list_given_no_item_is_refused() {
    let server = RedisServer::start();
    for protocol in PROTOCOLS {
        let client = connect(&server, protocol, true).await;
        refuse_empty_list(&client).await;
    }
}

async fn refuse_empty_list(client: &Client) {
    let none: Vec<&str> = Vec::new();
    let result = client.query(b().del().key_iter(none)).await;
    let Err(Error::InvalidArgument(e)) = &result else {
        panic!("{result:?}");
    };
    assert_eq!(e.command(), "DEL");
    assert!(
        e.to_string()
            .contains("key_iter was given no item, and the command needs at least one"),
        "{e}"
    );
    // The connection is unharmed.
    assert_eq!(client.query(b().exists().key("k")).await.unwrap(), 0);
}
