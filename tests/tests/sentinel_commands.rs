//! The Sentinel's own commands, typed: every `SENTINEL` subcommand the server's Sentinel
//! has, sent through its builder to a real Sentinel watching a primary and two replicas
//! (beside two more Sentinels), its reply read as the builder's type on RESP2 and RESP3,
//! and what the reply says checked against the deployment. `SENTINEL FAILOVER` last: the
//! Sentinels then name another primary.

use std::collections::BTreeSet;
use std::time::Duration;
use typedis::reply::{PrimaryAddr, SentinelNode};
use typedis::{b, Client, Config, Protocol};
use typedis_tests::{server_family, SentinelSetup, SERVICE};

async fn connect(port: u16, protocol: Protocol) -> Client {
    let url = format!("redis://127.0.0.1:{port}");
    Client::with_config(Config::from_url(&url).unwrap().protocol(protocol))
        .await
        .unwrap()
}

fn ports(nodes: &[SentinelNode]) -> BTreeSet<u16> {
    nodes
        .iter()
        .filter_map(|n| n.addr())
        .map(|(_, p)| p)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_sentinel_command_reads_its_typed_reply_and_says_what_the_deployment_is() {
    let setup = SentinelSetup::start();
    let nodes = setup.node_ports();
    let (primary, replicas) = (nodes[0], &nodes[1..]);
    let sentinels = setup.sentinel_ports();
    let valkey = server_family() == "valkey";
    for protocol in [Protocol::Resp2, Protocol::Resp3] {
        let sentinel = connect(sentinels[0], protocol).await;
        let at = format!("{protocol:?}");

        let id = sentinel.query(b().sentinel_myid()).await.unwrap();
        assert_eq!(id.len(), 40, "{at}: {id:?}");
        assert!(id.iter().all(u8::is_ascii_hexdigit), "{at}: {id:?}");

        // The primary: alone in the list, and by name.
        let watched: Vec<SentinelNode> = sentinel.query(b().sentinel_masters()).await.unwrap();
        assert_eq!(watched.len(), 1, "{at}: {watched:?}");
        let node = sentinel
            .query(b().sentinel_master().primary_name(SERVICE))
            .await
            .unwrap();
        // The same node (its fields count milliseconds: they differ from one reply to the next).
        assert_eq!(node.run_id(), watched[0].run_id(), "{at}");
        assert_eq!(node.name(), Some(SERVICE), "{at}");
        assert_eq!(node.addr(), Some(("127.0.0.1", primary)), "{at}");
        assert!(node.has_flag("master") && !node.is_down(), "{at}: {node:?}");
        assert_eq!(node.parse::<usize>("num-slaves").unwrap(), 2, "{at}");
        assert_eq!(
            node.parse::<usize>("num-other-sentinels").unwrap(),
            2,
            "{at}"
        );
        assert_eq!(node.run_id().map(str::len), Some(40), "{at}: {node:?}");
        let e = node.parse::<u16>("flags").unwrap_err();
        assert!(e.to_string().contains("`flags`"), "{at}: {e}");
        if valkey {
            let named = sentinel.query(b().sentinel_primaries()).await.unwrap();
            assert_eq!(ports(&named), ports(&watched), "{at}");
            let named = sentinel
                .query(b().sentinel_primary().primary_name(SERVICE))
                .await
                .unwrap();
            assert_eq!(named.run_id(), node.run_id(), "{at}");
        }

        // Its replicas and the other Sentinels.
        let listed = sentinel
            .query(b().sentinel_replicas().primary_name(SERVICE))
            .await
            .unwrap();
        assert_eq!(ports(&listed), replicas.iter().copied().collect(), "{at}");
        assert!(
            listed.iter().all(|r| r.has_flag("slave")),
            "{at}: {listed:?}"
        );
        // SLAVES, the old name of REPLICAS, deprecated since Redis 5.0: read the same.
        #[allow(deprecated)]
        let slaves = sentinel
            .query(b().sentinel_slaves().primary_name(SERVICE))
            .await
            .unwrap();
        assert_eq!(ports(&slaves), ports(&listed), "{at}");
        let others = sentinel
            .query(b().sentinel_sentinels().primary_name(SERVICE))
            .await
            .unwrap();
        assert_eq!(
            ports(&others),
            sentinels[1..].iter().copied().collect(),
            "{at}"
        );
        assert!(
            others.iter().all(|s| s.has_flag("sentinel")),
            "{at}: {others:?}"
        );

        // Where the primary is; a service it does not watch is `None`.
        let expected = Some(PrimaryAddr {
            host: "127.0.0.1".into(),
            port: primary,
        });
        let addr = sentinel
            .query(b().sentinel_get_master_addr_by_name().primary_name(SERVICE))
            .await
            .unwrap();
        assert_eq!(addr, expected, "{at}");
        let none = sentinel
            .query(
                b().sentinel_get_master_addr_by_name()
                    .primary_name("no-such-service"),
            )
            .await
            .unwrap();
        assert_eq!(none, None, "{at}");
        if valkey {
            let addr = sentinel
                .query(
                    b().sentinel_get_primary_addr_by_name()
                        .primary_name(SERVICE),
                )
                .await
                .unwrap();
            assert_eq!(addr, expected, "{at}");
        }

        let quorum = sentinel
            .query(b().sentinel_ckquorum().primary_name(SERVICE))
            .await
            .unwrap();
        assert!(quorum.starts_with(b"OK"), "{at}: {quorum:?}");
        // Asked whether the primary is down, as another Sentinel would ask (`*`: no vote).
        let (down, leader, _epoch) = sentinel
            .query(
                b().sentinel_is_master_down_by_addr()
                    .ip("127.0.0.1")
                    .port(primary)
                    .current_epoch(0)
                    .runid("*"),
            )
            .await
            .unwrap();
        assert!(!down, "{at}");
        assert_eq!(&leader[..], b"*", "{at}");
        if valkey {
            let (down, _, _) = sentinel
                .query(
                    b().sentinel_is_primary_down_by_addr()
                        .ip("127.0.0.1")
                        .port(primary)
                        .current_epoch(0)
                        .runid("*"),
                )
                .await
                .unwrap();
            assert!(!down, "{at}");
        }

        // The Sentinel's settings and caches.
        let config = sentinel
            .query(b().sentinel_config().get("resolve-hostnames"))
            .await
            .unwrap();
        assert!(
            format!("{config:?}").contains("resolve-hostnames"),
            "{at}: {config:?}"
        );
        let debug = sentinel.query(b().sentinel_debug()).await.unwrap();
        assert!(
            format!("{debug:?}").to_uppercase().contains("INFO-PERIOD"),
            "{at}: {debug:?}"
        );
        let cache = sentinel
            .query(b().sentinel_info_cache().nodename(SERVICE))
            .await
            .unwrap();
        assert_eq!(cache.len(), 1, "{at}: {cache:?}");
        let (name, cached) = &cache[0];
        assert_eq!(&name[..], SERVICE.as_bytes(), "{at}");
        // The primary's INFO and each replica's, as last read.
        assert_eq!(cached.len(), 3, "{at}: {cached:?}");
        let roles: BTreeSet<String> = cached
            .iter()
            .filter_map(|(_, info)| info.as_ref()?.get("role"))
            .map(str::to_owned)
            .collect();
        assert_eq!(
            roles,
            BTreeSet::from(["master".into(), "slave".into()]),
            "{at}"
        );
        let scripts = sentinel
            .query(b().sentinel_pending_scripts())
            .await
            .unwrap();
        assert!(scripts.is_empty(), "{at}: {scripts:?}");
        let help = sentinel.query(b().sentinel_help()).await.unwrap();
        assert!(help.iter().any(|l| l.starts_with(b"MYID")), "{at}");
        let simulate = sentinel
            .query(b().sentinel_simulate_failure().help())
            .await
            .unwrap();
        assert!(
            format!("{simulate:?}").contains("crash-after"),
            "{at}: {simulate:?}"
        );
        sentinel.query(b().sentinel_flushconfig()).await.unwrap();

        // A setting changed, a second service watched, then forgotten.
        let down_after = if protocol == Protocol::Resp2 {
            600
        } else {
            700
        };
        sentinel
            .query(
                b().sentinel_set()
                    .primary_name(SERVICE)
                    .option_value("down-after-milliseconds", down_after),
            )
            .await
            .unwrap();
        let node = sentinel
            .query(b().sentinel_master().primary_name(SERVICE))
            .await
            .unwrap();
        assert_eq!(
            node.parse::<u32>("down-after-milliseconds").unwrap(),
            down_after,
            "{at}"
        );
        sentinel
            .query(
                b().sentinel_monitor()
                    .name("second")
                    .ip("127.0.0.1")
                    .port(primary)
                    .quorum(2),
            )
            .await
            .unwrap();
        let watched = sentinel.query(b().sentinel_masters()).await.unwrap();
        let names: BTreeSet<&str> = watched.iter().filter_map(|n| n.name()).collect();
        assert_eq!(names, BTreeSet::from([SERVICE, "second"]), "{at}");
        let reset = sentinel
            .query(b().sentinel_reset().pattern("second"))
            .await
            .unwrap();
        assert_eq!(reset, 1, "{at}");
        sentinel
            .query(b().sentinel_remove().primary_name("second"))
            .await
            .unwrap();
        assert_eq!(
            sentinel.query(b().sentinel_masters()).await.unwrap().len(),
            1,
            "{at}"
        );
    }

    // A failover on demand: the Sentinels name a replica.
    let sentinel = connect(sentinels[0], Protocol::Resp3).await;
    sentinel
        .query(b().sentinel_failover().primary_name(SERVICE))
        .await
        .unwrap();
    let promoted = setup.wait_new_primary(primary, Duration::from_secs(30));
    assert!(replicas.contains(&promoted), "{promoted}");
    let addr = sentinel
        .query(b().sentinel_get_master_addr_by_name().primary_name(SERVICE))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(addr.port, promoted);
}
