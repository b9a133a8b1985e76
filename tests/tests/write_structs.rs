//! Structs written as field-value pairs by `#[derive(ToFields)]` and read back by
//! `#[derive(RespRead)]`, against a real server on RESP2 and RESP3: a hash (`HSET`, and
//! `HSETEX` where the server has it), a stream entry (`XADD`), renamed fields, a `None`
//! left out, and a hash that does not exist read as `None`.

use bytes::Bytes;
use typedis::{b, Client, Error, Protocol, RespRead, ToFields};
use typedis_tests::{connect_with_protocol, server_family, server_version, RedisServer, PROTOCOLS};

#[derive(ToFields, RespRead, Debug, Clone, PartialEq)]
#[resp(map, rename_all = "kebab-case")]
struct Session {
    user_id: u64,
    name: String,
    admin: bool,
    balance: f64,
    #[resp(rename = "avatar")]
    picture: Bytes,
    theme: Option<String>,
}

fn sessions() -> [Session; 2] {
    let first = Session {
        user_id: 42,
        name: "ann é".into(),
        admin: true,
        balance: -12.5,
        picture: Bytes::from_static(b"\x89PNG\r\n\0"),
        theme: Some("dark".into()),
    };
    let second = Session {
        user_id: 7,
        admin: false,
        theme: None,
        ..first.clone()
    };
    [first, second]
}

/// A client of `server` on each protocol.
async fn clients(server: &RedisServer) -> Vec<(Protocol, Client)> {
    let mut clients = Vec::new();
    for protocol in PROTOCOLS {
        clients.push((
            protocol,
            connect_with_protocol(&server.url(), protocol).await,
        ));
    }
    clients
}

#[tokio::test]
async fn a_struct_written_to_a_hash_reads_back_the_same() {
    let server = RedisServer::start();
    for (protocol, client) in clients(&server).await {
        for (i, session) in sessions().iter().enumerate() {
            let key = format!("session:{protocol:?}:{i}");
            let set = b()
                .hset()
                .key(key.as_str())
                .field_value_iter(session.to_fields());
            let added = client.query(set).await.unwrap();
            // The `None` theme is not written.
            let expected = if session.theme.is_some() { 6 } else { 5 };
            assert_eq!(added, expected, "{protocol:?}");
            let read: Option<Session> = client
                .query_as(b().hgetall().key(key.as_str()))
                .await
                .unwrap();
            assert_eq!(read.as_ref(), Some(session), "{protocol:?}");
            let user_id: Option<u64> = client
                .query_as(b().hget().key(key.as_str()).field("user-id"))
                .await
                .unwrap();
            assert_eq!(user_id, Some(session.user_id), "{protocol:?}");
        }
        let missing: Option<Session> = client
            .query_as(b().hgetall().key("no-such-session"))
            .await
            .unwrap();
        assert_eq!(missing, None, "{protocol:?}");
    }
}

#[tokio::test]
async fn a_struct_written_with_a_ttl_reads_back_the_same_where_the_server_has_hsetex() {
    let server = RedisServer::start();
    let major: u32 = server_version().split('.').next().unwrap().parse().unwrap();
    let has_hsetex = server_family() == "valkey" || major >= 8;
    for (protocol, client) in clients(&server).await {
        let [session, _] = sessions();
        let key = format!("session:{protocol:?}:ttl");
        let set = b()
            .hsetex()
            .key(key.as_str())
            .ex(600)
            .field_value_iter(session.to_fields());
        let result = client.query(set).await;
        if !has_hsetex {
            // Redis 7 has no HSETEX: refused before it is sent where the server said in
            // its HELLO what it is (RESP3), refused by the server otherwise.
            match protocol {
                Protocol::Resp3 => {
                    assert!(matches!(result, Err(Error::InvalidUse(_))), "{result:?}")
                }
                _ => assert!(matches!(result, Err(Error::Server(_))), "{result:?}"),
            }
            continue;
        }
        assert!(result.unwrap(), "{protocol:?}");
        let read: Session = client
            .query_as(b().hgetall().key(key.as_str()))
            .await
            .unwrap();
        assert_eq!(read, session, "{protocol:?}");
        let ttl = client
            .query(b().httl().key(key.as_str()).field("name"))
            .await
            .unwrap();
        assert!(ttl.iter().all(|t| (1..=600).contains(t)), "{ttl:?}");
    }
}

#[tokio::test]
async fn a_struct_written_to_a_stream_reads_back_from_its_entry() {
    let server = RedisServer::start();
    for (protocol, client) in clients(&server).await {
        let key = format!("sessions:{protocol:?}");
        for session in sessions() {
            let add = b()
                .xadd()
                .key(key.as_str())
                .auto_id()
                .field_value_iter(session.to_fields());
            client.query(add).await.unwrap();
        }
        let entries = client
            .query(b().xrange().key(key.as_str()).start("-").end("+"))
            .await
            .unwrap();
        let read: Vec<Session> = entries.iter().map(|e| e.fields.decode().unwrap()).collect();
        assert_eq!(read, sessions(), "{protocol:?}");
    }
}
