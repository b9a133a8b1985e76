//! Configs read as data (feature `serde`): from a URL alone, or a table of `url` and
//! options, for the three configs and `ReadFrom`; unknown keys and misplaced URLs are
//! errors that name them; secrets stay out of `Debug`.

use typedis::cluster::ClusterConfig;
use typedis::sentinel::SentinelConfig;
use typedis::{Addr, Config, ReadFrom};

fn tcp(host: &str, port: u16) -> Addr {
    Addr::Tcp {
        host: host.into(),
        port,
    }
}

#[test]
fn a_config_reads_from_its_url_or_from_a_table_of_options() {
    let from_url: Config = serde_json::from_str(r#""redis://cache:6380/2""#).unwrap();
    assert_eq!(from_url.addr(), &tcp("cache", 6380));

    let table: Config = serde_json::from_str(
        r#"{
            "url": "redis://cache:6380",
            "username": "app",
            "password": "hunter2-secret",
            "database": 3,
            "client_name": "worker",
            "protocol": "resp2",
            "connect_timeout_ms": 250,
            "response_timeout_ms": 0,
            "backoff_initial_ms": 10,
            "health_check_ms": 1500,
            "lazy_connect": true,
            "max_dedicated": 0
        }"#,
    )
    .unwrap();
    let debug = format!("{table:?}");
    for field in [
        "username: Some(\"app\")",
        "database: 3",
        "client_name: Some(\"worker\")",
        "protocol: Resp2",
        "connect_timeout: 250ms",
        "response_timeout: None",
        "initial: 10ms",
        "max: 5s",
        "health_check: Some(1.5s)",
        "max_dedicated: None",
        "lazy_connect: true",
    ] {
        assert!(debug.contains(field), "{field} not in {debug}");
    }
    assert!(!debug.contains("hunter2-secret"), "{debug}");
}

#[test]
fn mistakes_are_errors_that_name_them() {
    let unknown =
        serde_json::from_str::<Config>(r#"{ "url": "redis://c", "respone_timeout_ms": 5 }"#)
            .unwrap_err()
            .to_string();
    assert!(
        unknown.contains("unknown field `respone_timeout_ms`"),
        "{unknown}"
    );
    let missing = serde_json::from_str::<Config>(r#"{ "client_name": "x" }"#)
        .unwrap_err()
        .to_string();
    assert!(missing.contains("`url` is missing"), "{missing}");
    let bad_url = serde_json::from_str::<Config>(r#""http://c""#)
        .unwrap_err()
        .to_string();
    assert!(bad_url.contains("http"), "{bad_url}");
    let wrong_type = serde_json::from_str::<Config>("42")
        .unwrap_err()
        .to_string();
    assert!(
        wrong_type.contains("a connection URL, or a table"),
        "{wrong_type}"
    );
    let node_url = serde_json::from_str::<ClusterConfig>(
        r#"{ "url": "redis+cluster://a:7000", "node": { "url": "redis://b" } }"#,
    )
    .unwrap_err()
    .to_string();
    assert!(node_url.contains("node.url"), "{node_url}");
}

#[test]
fn cluster_and_sentinel_configs_read_their_node_tables_and_read_policy() {
    let cluster: ClusterConfig = serde_json::from_str(
        r#"{
            "url": "redis+cluster://:pw@a:7000,b:7001",
            "read_from": { "az_affinity": "zone-b" },
            "max_redirects": 3,
            "refresh_interval_ms": 0,
            "node": { "client_name": "api", "response_timeout_ms": 900 }
        }"#,
    )
    .unwrap();
    assert_eq!(cluster.seeds(), [tcp("a", 7000), tcp("b", 7001)]);
    let debug = format!("{cluster:?}");
    for field in [
        "AzAffinity(\"zone-b\")",
        "max_redirects: 3",
        "refresh_interval: None",
        "client_name: Some(\"api\")",
        "response_timeout: Some(900ms)",
        // The URL's password is kept under the table's options, and hidden.
        "password: Some(\"<hidden>\")",
    ] {
        assert!(debug.contains(field), "{field} not in {debug}");
    }

    let sentinel: SentinelConfig = serde_json::from_str(
        r#"{
            "url": "redis+sentinel://s1,s2/orders",
            "read_from": "prefer_replica",
            "sentinel": { "connect_timeout_ms": 300 }
        }"#,
    )
    .unwrap();
    assert_eq!(sentinel.service(), "orders");
    assert_eq!(sentinel.sentinels().len(), 2);
    assert!(format!("{:?}", sentinel.sentinel_config()).contains("connect_timeout: 300ms"));
    assert!(format!("{sentinel:?}").contains("PreferReplica"));

    for (written, policy) in [
        (r#""primary""#, ReadFrom::Primary),
        (r#""prefer_replica""#, ReadFrom::PreferReplica),
        (
            r#"{ "az_affinity_replicas_and_primary": "z" }"#,
            ReadFrom::AzAffinityReplicasAndPrimary("z".into()),
        ),
    ] {
        assert_eq!(serde_json::from_str::<ReadFrom>(written).unwrap(), policy);
    }
    assert!(serde_json::from_str::<ReadFrom>(r#""replica_first""#).is_err());
}
