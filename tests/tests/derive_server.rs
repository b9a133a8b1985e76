//! Derived readers against a real redis-server, on RESP2 and on RESP3 connections: XRANGE,
//! XREAD, XINFO STREAM, HGETALL, CONFIG GET, HELLO and CLIENT INFO, COMMAND DOCS.
//!
//! Over 500 lines: one test per derived shape against a server.

use typedis::resp::{DecodeError, Frame, Reader};
use typedis::RespRead;
use typedis_tests::{RawConnection, RedisServer};

#[derive(RespRead, Debug, PartialEq)]
struct StreamEntry<'a> {
    id: &'a str,
    fields: Fields<'a>,
}

#[derive(RespRead, Debug, PartialEq)]
#[resp(map)]
struct Fields<'a> {
    field1: &'a [u8],
    #[resp(rename = "ts")]
    timestamp: Option<u64>,
}

/// One stream of an XREAD reply: `[name, entries]` in RESP2, one pair of a map in RESP3.
#[derive(RespRead, Debug, PartialEq)]
struct StreamEntries<'a> {
    name: &'a str,
    entries: Vec<StreamEntry<'a>>,
}

#[derive(RespRead, Debug)]
#[resp(map, rename_all = "kebab-case")]
struct StreamInfo<'a> {
    length: u64,
    radix_tree_keys: u64,
    last_generated_id: &'a str,
    groups: u64,
    first_entry: Option<StreamEntry<'a>>,
    last_entry: Option<StreamEntry<'a>>,
    // Added in Redis 7.0: optional so that the struct reads older servers too.
    entries_added: Option<u64>,
    max_deleted_entry_id: Option<&'a str>,
}

#[derive(RespRead, Debug, PartialEq)]
#[resp(map)]
struct User {
    name: String,
    age: u32,
    email: Option<String>,
    #[resp(default)]
    visits: u64,
}

#[derive(RespRead, Debug, PartialEq)]
#[resp(map, rename_all = "kebab-case")]
struct MemoryConfig {
    maxmemory: u64,
    maxmemory_policy: EvictionPolicy,
    maxmemory_samples: u32,
}

#[derive(RespRead, Debug, PartialEq)]
#[resp(rename_all = "kebab-case")]
enum EvictionPolicy {
    VolatileLru,
    VolatileLfu,
    VolatileRandom,
    VolatileTtl,
    AllkeysLru,
    AllkeysLfu,
    AllkeysRandom,
    Noeviction,
}

/// The reply of HELLO: a map in RESP3, a flat array in RESP2.
#[derive(RespRead, Debug)]
#[resp(map)]
struct Hello<'a> {
    server: &'a str,
    version: &'a str,
    proto: u8,
    id: u64,
    mode: Mode,
    role: &'a str,
    modules: Vec<Module<'a>>,
}

#[derive(RespRead, Debug)]
#[resp(map)]
struct Module<'a> {
    name: &'a str,
    ver: i64,
    path: &'a str,
    args: Vec<typedis::Value>,
}

#[derive(RespRead, Debug, PartialEq)]
#[resp(rename_all = "lowercase")]
enum Mode {
    Standalone,
    Sentinel,
    Cluster,
}

/// The reply of CLIENT INFO: one line of `key=value` fields (a verbatim string in RESP3),
/// read by a `with` function into a struct.
#[derive(RespRead, Debug)]
struct ClientInfo(#[resp(with = read_client_info)] ClientFields);

#[derive(Debug, Default)]
struct ClientFields {
    id: u64,
    name: String,
    db: u32,
    resp: u8,
}

fn read_client_info(r: &mut Reader<'_>) -> Result<ClientFields, DecodeError> {
    let line = r.str()?;
    let mut fields = ClientFields::default();
    for pair in line.split_whitespace() {
        let (key, value) = pair
            .split_once('=')
            .ok_or_else(|| DecodeError::custom("expected key=value"))?;
        let number = || {
            value
                .parse()
                .map_err(|_| DecodeError::custom(format_args!("bad {key}")))
        };
        match key {
            "id" => fields.id = number()?,
            "name" => fields.name = value.to_owned(),
            "db" => fields.db = u32::try_from(number()?).map_err(DecodeError::custom)?,
            "resp" => fields.resp = u8::try_from(number()?).map_err(DecodeError::custom)?,
            _ => {}
        }
    }
    Ok(fields)
}

/// COMMAND DOCS: `{name: doc}` in RESP3, `[name, doc, ...]` in RESP2.
#[derive(RespRead, Debug)]
struct Named<'a, T> {
    name: &'a str,
    doc: T,
}

#[derive(RespRead, Debug)]
#[resp(map)]
struct CommandDoc<'a> {
    summary: &'a str,
    since: &'a str,
    group: Group,
    complexity: Option<&'a str>,
    doc_flags: Option<Vec<&'a str>>,
    history: Option<Vec<(&'a str, &'a str)>>,
    #[resp(default)]
    arguments: Vec<Argument<'a>>,
}

#[derive(RespRead, Debug)]
#[resp(map)]
struct Argument<'a> {
    name: &'a str,
    r#type: ArgType,
    display_text: Option<&'a str>,
    key_spec_index: Option<u32>,
    token: Option<&'a str>,
    flags: Option<Vec<&'a str>>,
    since: Option<&'a str>,
    arguments: Option<Vec<Argument<'a>>>,
}

#[derive(RespRead, Debug, PartialEq)]
#[resp(rename_all = "kebab-case")]
enum ArgType {
    String,
    Integer,
    Double,
    Key,
    Pattern,
    UnixTime,
    PureToken,
    Oneof,
    Block,
}

#[derive(RespRead, Debug, PartialEq)]
#[resp(rename_all = "kebab-case")]
enum Group {
    Generic,
    String,
    List,
    Set,
    SortedSet,
    Hash,
    Pubsub,
    Transactions,
    Connection,
    Server,
    Scripting,
    Hyperloglog,
    Cluster,
    Sentinel,
    Geo,
    Stream,
    Bitmap,
    Module,
}

/// A RESP2 and a RESP3 connection to the same server.
fn connections(server: &RedisServer) -> [(u8, RawConnection); 2] {
    let resp2 = RawConnection::connect(server.port());
    let mut resp3 = RawConnection::connect(server.port());
    let hello = resp3.request(&[b"HELLO", b"3"]);
    assert!(hello.as_bytes().starts_with(b"%"), "HELLO 3 answers a map");
    [(2, resp2), (3, resp3)]
}

fn run(c: &mut RawConnection, args: &[&str]) -> Frame {
    let args: Vec<&[u8]> = args.iter().map(|a| a.as_bytes()).collect();
    c.request(&args)
}

fn add_entries(c: &mut RawConnection) {
    run(c, &["XADD", "s", "1-1", "field1", "hello", "ts", "17"]);
    run(c, &["XADD", "s", "2-1", "field1", "world", "other", "x"]);
}

#[test]
fn xrange_reads_into_entries_with_map_fields() {
    let server = RedisServer::start();
    for (proto, mut c) in connections(&server) {
        run(&mut c, &["DEL", "s"]);
        add_entries(&mut c);
        let reply = run(&mut c, &["XRANGE", "s", "-", "+"]);
        let entries: Vec<StreamEntry<'_>> = reply.decode().unwrap();
        assert_eq!(
            entries,
            [
                StreamEntry {
                    id: "1-1",
                    fields: Fields {
                        field1: b"hello",
                        timestamp: Some(17)
                    }
                },
                StreamEntry {
                    id: "2-1",
                    fields: Fields {
                        field1: b"world",
                        timestamp: None
                    }
                },
            ],
            "RESP{proto}"
        );
    }
}

#[test]
fn xrange_with_a_missing_field_names_it_with_its_path() {
    let server = RedisServer::start();
    for (proto, mut c) in connections(&server) {
        run(&mut c, &["DEL", "s"]);
        add_entries(&mut c);
        run(&mut c, &["XADD", "s", "3-1", "ts", "1"]);
        let reply = run(&mut c, &["XRANGE", "s", "-", "+"]);
        let err = reply.decode::<Vec<StreamEntry<'_>>>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "cannot decode reply: [2].fields: missing field `field1`",
            "RESP{proto}"
        );
    }
}

#[test]
fn xread_reads_the_stream_name_level_as_pairs() {
    let server = RedisServer::start();
    for (proto, mut c) in connections(&server) {
        run(&mut c, &["DEL", "s", "t"]);
        add_entries(&mut c);
        run(&mut c, &["XADD", "t", "5-5", "field1", "other"]);
        let reply = run(
            &mut c,
            &["XREAD", "COUNT", "10", "STREAMS", "s", "t", "0", "0"],
        );
        let streams: Vec<StreamEntries<'_>> = reply.decode().unwrap();
        assert_eq!(streams.len(), 2, "RESP{proto}");
        assert_eq!(streams[0].name, "s");
        assert_eq!(streams[0].entries.len(), 2);
        assert_eq!(streams[0].entries[1].fields.field1, b"world");
        assert_eq!(streams[1].name, "t");
        assert_eq!(streams[1].entries[0].id, "5-5");

        let none = run(&mut c, &["XREAD", "STREAMS", "s", "$"]);
        let streams: Option<Vec<StreamEntries<'_>>> = none.decode().unwrap();
        assert!(
            streams.is_none(),
            "RESP{proto}: XREAD with nothing new is null"
        );
    }
}

#[test]
fn xinfo_stream_reads_into_a_map_struct() {
    let server = RedisServer::start();
    for (proto, mut c) in connections(&server) {
        run(&mut c, &["DEL", "s"]);
        add_entries(&mut c);
        let reply = run(&mut c, &["XINFO", "STREAM", "s"]);
        let info: StreamInfo<'_> = reply.decode().unwrap();
        assert_eq!(info.length, 2, "RESP{proto}");
        assert!(info.radix_tree_keys >= 1);
        assert_eq!(info.last_generated_id, "2-1");
        assert_eq!(info.groups, 0);
        assert_eq!(info.first_entry.unwrap().id, "1-1");
        assert_eq!(info.last_entry.unwrap().fields.field1, b"world");
        assert_eq!(info.entries_added, Some(2));
        assert_eq!(info.max_deleted_entry_id, Some("0-0"));

        run(&mut c, &["DEL", "empty"]);
        run(&mut c, &["XADD", "empty", "MAXLEN", "0", "*", "f", "v"]);
        let reply = run(&mut c, &["XINFO", "STREAM", "empty"]);
        let info: StreamInfo<'_> = reply.decode().unwrap();
        assert!(
            info.first_entry.is_none() && info.last_entry.is_none(),
            "RESP{proto}"
        );
    }
}

#[test]
fn hgetall_reads_into_a_map_struct() {
    let server = RedisServer::start();
    for (proto, mut c) in connections(&server) {
        run(&mut c, &["DEL", "h"]);
        run(
            &mut c,
            &["HSET", "h", "name", "ada", "age", "36", "lang", "en"],
        );
        let user: User = run(&mut c, &["HGETALL", "h"]).decode().unwrap();
        assert_eq!(
            user,
            User {
                name: "ada".to_owned(),
                age: 36,
                email: None,
                visits: 0
            },
            "RESP{proto}"
        );
        run(&mut c, &["HSET", "h", "age", "old"]);
        let err = run(&mut c, &["HGETALL", "h"]).decode::<User>().unwrap_err();
        assert!(
            err.to_string()
                == "cannot decode reply: age: expected integer, found bulk string that is not one",
            "RESP{proto}: {err}"
        );
        run(&mut c, &["DEL", "h"]);
        let err = run(&mut c, &["HGETALL", "h"]).decode::<User>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "cannot decode reply: missing field `name`: the map is empty, as a key that does \
             not exist reads (read an `Option` of the type to get `None` for it)"
        );
        // "Load this hash, if it exists": an empty map is None.
        let user: Option<User> = run(&mut c, &["HGETALL", "h"]).decode().unwrap();
        assert_eq!(user, None, "RESP{proto}");
        run(&mut c, &["HSET", "h", "name", "ada", "age", "36"]);
        let user: Option<User> = run(&mut c, &["HGETALL", "h"]).decode().unwrap();
        assert_eq!(user.map(|u| u.age), Some(36), "RESP{proto}");
        // A hash that exists but lacks a field is still an error, which names it.
        run(&mut c, &["HDEL", "h", "name"]);
        let err = run(&mut c, &["HGETALL", "h"])
            .decode::<Option<User>>()
            .unwrap_err();
        assert_eq!(err.to_string(), "cannot decode reply: missing field `name`");
    }
}

/// The same through the client's typed builders, on both protocols.
#[tokio::test]
async fn a_hash_that_does_not_exist_reads_as_none() {
    use typedis::{b, Client, Config, Protocol};
    let server = RedisServer::start();
    for protocol in [Protocol::Resp2, Protocol::Resp3] {
        let config = Config::from_url(&server.url()).unwrap().protocol(protocol);
        let client = Client::with_config(config).await.unwrap();
        let key = format!("session:{protocol:?}");
        let missing: Option<User> = client.query_as(b().hgetall().key(&key)).await.unwrap();
        assert_eq!(missing, None);
        let added: i64 = client
            .query_as(
                b().hset()
                    .key(&key)
                    .field_value("name", "ada")
                    .field_value("age", 36),
            )
            .await
            .unwrap();
        assert_eq!(added, 2);
        let found: Option<User> = client.query_as(b().hgetall().key(&key)).await.unwrap();
        assert_eq!(found.map(|u| u.name), Some("ada".to_owned()));
    }
}

#[test]
fn config_get_reads_numbers_and_enums_from_strings() {
    let server = RedisServer::builder()
        .arg("--maxmemory")
        .arg("10mb")
        .arg("--maxmemory-policy")
        .arg("allkeys-lru")
        .start();
    for (proto, mut c) in connections(&server) {
        let config: MemoryConfig = run(&mut c, &["CONFIG", "GET", "maxmemory*"])
            .decode()
            .unwrap();
        assert_eq!(
            config,
            MemoryConfig {
                maxmemory: 10 * 1024 * 1024,
                maxmemory_policy: EvictionPolicy::AllkeysLru,
                maxmemory_samples: 5,
            },
            "RESP{proto}"
        );
    }
}

#[test]
fn hello_and_client_info_read_into_structs() {
    let server = RedisServer::start();
    for (proto, mut c) in connections(&server) {
        let reply = run(&mut c, &["HELLO", &proto.to_string()]);
        let hello: Hello<'_> = reply.decode().unwrap();
        assert_eq!(hello.server, typedis_tests::server_family());
        assert_eq!(hello.proto, proto);
        assert_eq!(hello.mode, Mode::Standalone);
        assert_eq!(hello.role, "master");
        assert!(hello.version.starts_with(|c: char| c.is_ascii_digit()));
        // Valkey's Lua engine is a module that it loads itself; Redis 8 has vector sets
        // built in as a module (with no path).
        let modules: Vec<&str> = hello.modules.iter().map(|m| m.name).collect();
        let major: u32 = hello.version.split('.').next().unwrap().parse().unwrap();
        let expected: &[&str] = match typedis_tests::server_family() {
            "valkey" => &["lua"],
            _ if major >= 8 => &["vectorset"],
            _ => &[],
        };
        assert_eq!(modules, expected);
        assert!(hello
            .modules
            .iter()
            .all(|m| m.ver > 0 && (!m.path.is_empty() || m.name == "vectorset")));
        assert!(hello.modules.iter().all(|m| m.args.is_empty()));

        run(&mut c, &["CLIENT", "SETNAME", "derive-test"]);
        let info: ClientInfo = run(&mut c, &["CLIENT", "INFO"]).decode().unwrap();
        assert_eq!(info.0.id, hello.id, "RESP{proto}");
        assert_eq!(info.0.name, "derive-test");
        assert_eq!(info.0.db, 0);
        assert_eq!(info.0.resp, proto);
    }
}

#[test]
fn command_docs_read_into_a_typed_spec() {
    let server = RedisServer::start();
    for (proto, mut c) in connections(&server) {
        let reply = run(&mut c, &["COMMAND", "DOCS", "GET", "XADD", "ZADD"]);
        let docs: Vec<Named<'_, CommandDoc<'_>>> = reply.decode().unwrap();
        assert_eq!(docs.len(), 3, "RESP{proto}");
        let doc = |name: &str| &docs.iter().find(|d| d.name == name).unwrap().doc;

        let get = doc("get");
        assert_eq!(get.group, Group::String);
        assert_eq!(get.since, "1.0.0");
        assert_eq!(get.arguments.len(), 1);
        assert_eq!(get.arguments[0].name, "key");
        assert_eq!(get.arguments[0].r#type, ArgType::Key);
        assert_eq!(get.arguments[0].key_spec_index, Some(0));
        assert!(get.arguments[0].display_text.is_none_or(|t| !t.is_empty()));
        assert!(get.doc_flags.is_none());

        let xadd = doc("xadd");
        assert_eq!(xadd.group, Group::Stream);
        assert!(xadd.history.as_ref().is_some_and(|h| !h.is_empty()));
        let nomkstream = xadd
            .arguments
            .iter()
            .find(|a| a.name == "nomkstream")
            .unwrap();
        assert_eq!(nomkstream.since, Some("6.2.0"));
        assert_eq!(nomkstream.r#type, ArgType::PureToken);
        let trim = xadd.arguments.iter().find(|a| a.name == "trim").unwrap();
        assert_eq!(trim.r#type, ArgType::Block);
        let strategy = &trim.arguments.as_ref().unwrap()[0];
        assert_eq!(strategy.r#type, ArgType::Oneof);
        assert_eq!(
            strategy.arguments.as_ref().unwrap()[0].token,
            Some("MAXLEN")
        );
        assert!(xadd.summary.contains("stream"));

        let zadd = doc("zadd");
        assert_eq!(zadd.group, Group::SortedSet);
        assert!(zadd.complexity.is_some());
        assert!(zadd
            .arguments
            .iter()
            .any(|a| a.flags.as_ref().is_some_and(|f| f.contains(&"multiple"))));
    }
}
