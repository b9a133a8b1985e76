//! Reply structs with text members where the caller asks for them: the members of
//! `ScoredMember` and `GeoMatch` are `Bytes` by default, `String` with `query_as`, and
//! `&str` borrowed from the frame with `send` and `decode`, on RESP2 and RESP3.

use typedis::reply::{GeoMatch, ScoredMember};
use typedis::{b, Client, Config, Protocol};
use typedis_tests::RedisServer;

#[tokio::test]
async fn members_read_as_bytes_strings_or_borrowed_text() {
    let server = RedisServer::start();
    for protocol in [Protocol::Resp2, Protocol::Resp3] {
        let config = Config::from_url(&server.url()).unwrap().protocol(protocol);
        let client = Client::with_config(config).await.unwrap();
        let add = b()
            .zadd()
            .key("board")
            .score_member(1.5, "ann")
            .score_member(3.0, "bob");
        client.query(add).await.unwrap();
        let board = || b().zrange().key("board").start("0").stop("-1").withscores();

        let default: Vec<ScoredMember> = client.query(board()).await.unwrap();
        assert_eq!(default[0].member, "ann", "{protocol:?}");
        let owned: Vec<ScoredMember<String>> = client.query_as(board()).await.unwrap();
        let names: Vec<&str> = owned.iter().map(|m| m.member.as_str()).collect();
        assert_eq!(names, ["ann", "bob"], "{protocol:?}");
        assert_eq!(owned[1].score, 3.0, "{protocol:?}");
        let frame = client.send(board()).await.unwrap();
        let borrowed: Vec<ScoredMember<&str>> = frame.decode().unwrap();
        assert_eq!(borrowed[1].member, "bob", "{protocol:?}");

        let add = b()
            .geoadd()
            .key("places")
            .longitude_latitude_member(13.361389, 38.115556, "Palermo")
            .longitude_latitude_member(15.087269, 37.502669, "Catania");
        client.query(add).await.unwrap();
        let near = || {
            b().geosearch()
                .key("places")
                .frommember("Palermo")
                .byradius_km(200.0)
                .asc()
                .withdist()
        };
        let found: Vec<GeoMatch<String>> = client.query_as(near()).await.unwrap();
        let names: Vec<&str> = found.iter().map(|m| m.member.as_str()).collect();
        assert_eq!(names, ["Palermo", "Catania"], "{protocol:?}");
        assert!(found[1].dist.is_some_and(|d| (160.0..170.0).contains(&d)));
        let frame = client.send(near()).await.unwrap();
        let borrowed: Vec<GeoMatch<&str>> = frame.decode().unwrap();
        assert_eq!(borrowed[0].member, "Palermo", "{protocol:?}");
        client.query(b().flushdb()).await.unwrap();
    }
}

#[tokio::test]
async fn a_member_that_is_not_text_is_a_decode_error_where_it_is() {
    let server = RedisServer::start();
    let client = Client::connect(&server.url()).await.unwrap();
    let add = b().zadd().key("z").score_member(1.0, &b"\xff\xfe"[..]);
    client.query(add).await.unwrap();
    let board = b().zrange().key("z").start("0").stop("-1").withscores();
    let err = client
        .query_as::<Vec<ScoredMember<String>>>(board)
        .await
        .unwrap_err();
    let text = err.to_string();
    assert!(text.contains("member"), "{text}");
    // The default reads it as it is.
    let board = b().zrange().key("z").start("0").stop("-1").withscores();
    let raw = client.query(board).await.unwrap();
    assert_eq!(raw[0].member, &b"\xff\xfe"[..]);
}
