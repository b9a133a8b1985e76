//! TLS against a real redis-server started with `--tls-port`, with a CA, server and client
//! certificates the test makes: `rediss://` connects when the CA is trusted, fails when it
//! is not, and a server that demands client certificates accepts ours; reconnections and
//! dedicated connections reuse the client's TLS configuration; a Sentinel deployment that
//! speaks TLS throughout is followed through a failover. RESP2 and RESP3, on each TLS
//! backend (rustls and native-tls). The server is [`tls_server_binary`], a build with
//! TLS, whichever server the other tests run against.

use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, KeyPair};
use std::path::Path;
use std::time::{Duration, Instant};
use typedis::sentinel::{SentinelClient, SentinelConfig};
use typedis::{b, cmd, Client, Config, Error, Protocol, ReadFrom, TlsBackend, TlsOptions};
use typedis_tests::{tls_server_binary, RedisServer, SentinelSetup, TlsFiles, SERVICE};

const BACKENDS: [TlsBackend; 2] = [TlsBackend::Rustls, TlsBackend::NativeTls];

/// A throwaway CA and the PEM texts of a server and a client certificate it signed.
struct Pki {
    ca: String,
    server_cert: String,
    server_key: String,
    client_cert: String,
    client_key: String,
}

fn make_pki() -> Pki {
    let ca_key = KeyPair::generate().unwrap();
    let mut ca = CertificateParams::new(Vec::<String>::new()).unwrap();
    ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    ca.distinguished_name
        .push(DnType::CommonName, "typedis test CA");
    let ca_cert = ca.self_signed(&ca_key).unwrap();
    let leaf = |names: Vec<String>| {
        let key = KeyPair::generate().unwrap();
        let cert = CertificateParams::new(names)
            .unwrap()
            .signed_by(&key, &ca_cert, &ca_key)
            .unwrap();
        (cert.pem(), key.serialize_pem())
    };
    let (server_cert, server_key) = leaf(vec!["localhost".into(), "127.0.0.1".into()]);
    let (client_cert, client_key) = leaf(vec!["typedis-client".into()]);
    Pki {
        ca: ca_cert.pem(),
        server_cert,
        server_key,
        client_cert,
        client_key,
    }
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_owned()
}

/// A server with a plain port (for the harness's readiness check) and a TLS port.
fn tls_server(pki: &Pki, client_auth: bool) -> (RedisServer, u16, std::path::PathBuf) {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("typedis-tls-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let tls_port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let server = RedisServer::builder()
        .binary(tls_server_binary())
        .args(["--tls-port".to_owned(), tls_port.to_string()])
        .args([
            "--tls-cert-file".to_owned(),
            write(&dir, "server.crt", &pki.server_cert),
        ])
        .args([
            "--tls-key-file".to_owned(),
            write(&dir, "server.key", &pki.server_key),
        ])
        .args([
            "--tls-ca-cert-file".to_owned(),
            write(&dir, "ca.crt", &pki.ca),
        ])
        .args(["--tls-auth-clients", if client_auth { "yes" } else { "no" }])
        .start();
    (server, tls_port, dir)
}

#[tokio::test]
async fn rediss_connects_to_a_server_whose_ca_is_trusted() {
    let pki = make_pki();
    let (_server, port, dir) = tls_server(&pki, false);
    for (backend, protocol, host) in BACKENDS.into_iter().flat_map(|backend| {
        [Protocol::Resp2, Protocol::Resp3]
            .into_iter()
            .flat_map(move |p| ["localhost", "127.0.0.1"].map(|h| (backend, p, h)))
    }) {
        {
            let tls = TlsOptions::new()
                .backend(backend)
                .root_certificates_pem(pki.ca.as_bytes())
                .unwrap();
            let config = Config::from_url(&format!("rediss://{host}:{port}/1"))
                .unwrap()
                .protocol(protocol)
                .tls_options(tls);
            let client = Client::with_config(config).await.unwrap();
            client
                .query_as::<()>(cmd("SET").arg("secure").arg("yes"))
                .await
                .unwrap();
            let v: String = client.query_as(cmd("GET").arg("secure")).await.unwrap();
            assert_eq!(v, "yes");
            // Many requests at once go through the TLS writer together.
            let mut p = client.pipeline();
            for _ in 0..200 {
                p.push(cmd("INCR").arg("n"));
            }
            let counts: Vec<i64> = p.query_as().await.unwrap();
            assert_eq!(counts.len(), 200);
            let info: String = client.query_as(cmd("CLIENT").arg("INFO")).await.unwrap();
            assert!(
                info.contains(" db=1 "),
                "{backend:?} {protocol:?} {host}: {info}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn reconnections_and_dedicated_connections_use_the_clients_tls_configuration() {
    let pki = make_pki();
    let (_server, port, dir) = tls_server(&pki, false);
    for backend in BACKENDS {
        let tls = TlsOptions::new()
            .backend(backend)
            .root_certificates_pem(pki.ca.as_bytes())
            .unwrap();
        let config = Config::from_url(&format!("rediss://localhost:{port}"))
            .unwrap()
            .tls_options(tls);
        let client = Client::with_config(config).await.unwrap();
        let id: i64 = client.query_as(cmd("CLIENT").arg("ID")).await.unwrap();
        let killed: i64 = client
            .query_as(
                cmd("CLIENT")
                    .arg("KILL")
                    .arg("ID")
                    .arg(id)
                    .arg("SKIPME")
                    .arg("no"),
            )
            .await
            .unwrap_or(1);
        assert_eq!(killed, 1, "{backend:?}");
        // The next command opens a new TLS connection.
        let mut reconnected = false;
        for _ in 0..100 {
            if let Ok(pong) = client.query_as::<String>(cmd("PING")).await {
                assert_eq!(pong, "PONG");
                reconnected = client.stats().reconnects >= 1;
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert!(reconnected, "{backend:?}: no reconnection over TLS");
        // A blocking command goes to a dedicated TLS connection.
        let popped = client
            .query(b().blpop().key("tls:list").timeout(0.1))
            .await
            .unwrap();
        assert!(popped.is_none(), "{backend:?}: {popped:?}");
        // So does a subscriber.
        let mut subscriber = client.subscriber().await.unwrap();
        subscriber.subscribe(&["tls:news"]).await.unwrap();
        let receivers: i64 = client
            .query_as(cmd("PUBLISH").arg("tls:news").arg("hi"))
            .await
            .unwrap();
        assert_eq!(receivers, 1, "{backend:?}");
        let message = subscriber.next_message().await.unwrap().unwrap();
        assert_eq!(&message.payload[..], b"hi", "{backend:?}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn rediss_refuses_a_server_signed_by_an_unknown_ca() {
    let pki = make_pki();
    let other = make_pki();
    let (_server, port, dir) = tls_server(&pki, false);
    for backend in BACKENDS {
        let tls = TlsOptions::new()
            .backend(backend)
            .root_certificates_pem(other.ca.as_bytes())
            .unwrap();
        let config = Config::from_url(&format!("rediss://localhost:{port}"))
            .unwrap()
            .tls_options(tls);
        match Client::with_config(config).await {
            Err(Error::Io(e)) => assert!(e.to_string().contains("certificate"), "{backend:?}: {e}"),
            other => panic!("{backend:?}: expected a certificate error, got {other:?}"),
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn server_demanding_client_certificates_accepts_ours_and_refuses_none() {
    let pki = make_pki();
    let (_server, port, dir) = tls_server(&pki, true);
    let url = format!("rediss://localhost:{port}");
    for backend in BACKENDS {
        let tls = TlsOptions::new()
            .backend(backend)
            .root_certificates_pem(pki.ca.as_bytes())
            .unwrap()
            .client_certificate_pem(pki.client_cert.as_bytes(), pki.client_key.as_bytes())
            .unwrap();
        let client = Client::with_config(Config::from_url(&url).unwrap().tls_options(tls))
            .await
            .unwrap();
        let pong: String = client.query_as(cmd("PING")).await.unwrap();
        assert_eq!(pong, "PONG", "{backend:?}");

        let anonymous = TlsOptions::new()
            .backend(backend)
            .root_certificates_pem(pki.ca.as_bytes())
            .unwrap();
        let refused =
            Client::with_config(Config::from_url(&url).unwrap().tls_options(anonymous)).await;
        assert!(
            refused.is_err(),
            "{backend:?}: connected without a client certificate"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sentinel_over_tls_finds_the_primary_reads_from_replicas_and_follows_a_failover() {
    let pki = make_pki();
    let dir = std::env::temp_dir().join(format!("typedis-tls-sentinel-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let files = TlsFiles {
        cert: write(&dir, "server.crt", &pki.server_cert).into(),
        key: write(&dir, "server.key", &pki.server_key).into(),
        ca: write(&dir, "ca.crt", &pki.ca).into(),
    };
    let setup = SentinelSetup::builder()
        .binary(tls_server_binary())
        .tls(files)
        .start();
    let url = setup.url();
    assert!(url.starts_with("rediss+sentinel://"), "{url}");
    // One client per backend: TLS to the Sentinels (asked, and subscribed to for
    // `+switch-master`), to the primary and to the replicas they name.
    let mut clients = Vec::new();
    for backend in BACKENDS {
        let tls = TlsOptions::new()
            .backend(backend)
            .root_certificates_pem(pki.ca.as_bytes())
            .unwrap();
        let config = SentinelConfig::from_url(&url).unwrap();
        let node = config.node_config().clone().tls_options(tls.clone());
        let sentinel = config.sentinel_config().clone().tls_options(tls);
        let config = config
            .node(node)
            .sentinel(sentinel)
            .read_from(ReadFrom::PreferReplica);
        let client = SentinelClient::with_config(config).await.unwrap();
        let key = format!("tls:{backend:?}");
        client.query(b().set().key(&key).value("1")).await.unwrap();
        let role: Vec<typedis::Value> = client.replica().query_as(b().role()).await.unwrap();
        assert_eq!(role[0], typedis::Value::Bulk("slave".into()), "{backend:?}");
        let mut subscriber = client.subscriber().await.unwrap();
        subscriber.subscribe(&[key.as_str()]).await.unwrap();
        clients.push((backend, client, subscriber, key));
    }
    let old = clients[0].1.primary_addr().unwrap();

    let () = setup
        .sentinel(0, &["SENTINEL", "FAILOVER", SERVICE])
        .decode()
        .unwrap();
    let old_port: u16 = old.rsplit(':').next().unwrap().parse().unwrap();
    let new =
        tokio::task::block_in_place(|| setup.wait_new_primary(old_port, Duration::from_secs(30)));
    for (backend, client, subscriber, key) in &mut clients {
        // Writes reach the new primary (over TLS: the Sentinels hand out TLS ports only),
        // and the subscription was made again there.
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let written = client.query(b().set().key(&*key).value("2")).await;
            if written.is_ok() && client.primary_addr() == Some(format!("127.0.0.1:{new}")) {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "{backend:?}: still on {:?} after the failover: {written:?}",
                client.primary_addr()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut gaps = 0;
        let message = loop {
            client
                .query(b().publish().channel(&*key).message("after"))
                .await
                .unwrap();
            let next = tokio::time::timeout(Duration::from_millis(200), subscriber.next_message());
            match next.await {
                Ok(Some(Ok(m))) => break m,
                // The subscription moved to another node: the stream says what may be
                // lost in between, once, then goes on.
                Ok(Some(Err(Error::MissedMessages(_)))) => gaps += 1,
                Ok(other) => panic!("{backend:?}: {other:?}"),
                Err(_) => {}
            }
            assert!(
                Instant::now() < deadline,
                "{backend:?}: no message after the failover"
            );
        };
        assert_eq!(message.payload_str(), Ok("after"), "{backend:?}");
        assert!(
            gaps <= 1,
            "{backend:?}: {gaps} gaps reported for one failover"
        );
        let stats = client.stats();
        assert!(stats.failovers >= 1, "{backend:?}: {stats:?}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_pem_is_a_config_error() {
    assert!(matches!(
        TlsOptions::new().root_certificates_pem(b"not a pem"),
        Err(Error::Config(_))
    ));
    assert!(matches!(
        TlsOptions::new().client_certificate_pem(b"", b""),
        Err(Error::Config(_))
    ));
}
