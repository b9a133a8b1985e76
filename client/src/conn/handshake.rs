//! Opening a connection: the transport, then `HELLO 3` with `AUTH` and `SETNAME`, whose
//! reply says what the server is (or the RESP2 sequence `AUTH`, `CLIENT SETNAME` when the
//! server does not know `HELLO` or RESP2 was asked for), then
//! `SELECT`, and for a node found through Sentinel a `ROLE` check, all within the connect
//! timeout.

use super::config::{Config, Protocol};
use super::mux::{Connection, PushRoute, PushSink, Tuning};
use super::reauth;
use super::transport::{self, ReadHalf, WriteHalf};
use crate::cache::Tracking;
use crate::error::{Error, Unreachable};
use crate::reply::{Role, ServerHello};
use crate::wire::write::encode;
use crate::wire::Frame;
use crate::wire::FrameScanner;
use bytes::BytesMut;
use std::time::Instant;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Opens a connection as `config` says and starts its tasks. Frames that are not replies
/// go to `push` when given (RESP3 pushes; on RESP2, every frame of a subscriber's
/// connection); without it, they are dropped.
pub(crate) async fn connect(config: &Config, push: Option<PushSink>) -> Result<Connection, Error> {
    connect_as(config, push, None).await
}

/// The role a node must report (`ROLE`) for a connection to it to be handed out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Expect {
    Primary,
    Replica,
}

/// As [`connect`], and when `expect` says so, checks with `ROLE` that the node is a
/// primary or a replica: [`Error::Unreachable`] saying what it is otherwise.
#[allow(
    clippy::disallowed_methods,
    reason = "a constant read buffer: the frame scanner bounds what a reply may make it buffer"
)]
pub(crate) async fn connect_as(
    config: &Config,
    push: Option<PushSink>,
    expect: Option<Expect>,
) -> Result<Connection, Error> {
    let setup = async {
        // Asked once the server is reached (TLS included): a refused attempt does not ask
        // the provider, which is asked once per handshake.
        let (read, write) = transport::open(config).await?;
        let auth = Auth::fetch(config).await?;
        let mut hs = Handshake {
            read,
            write,
            buf: BytesMut::with_capacity(4096),
            scanner: FrameScanner::with_limits(config.limits),
        };
        let (protocol, hello) = hs.run(config, &auth).await?;
        if let Some(expect) = expect {
            hs.check_role(config, expect).await?;
        }
        // Client-side caching: the shared connection (the one whose pushes reach the
        // cache) is tracked.
        if let (Some(cache), Some(PushSink::Listeners(_))) = (&config.cache, &push) {
            hs.track(&cache.tracking, protocol).await?;
        }
        // A client's shared connection, whose pushes go to the client's listeners.
        let shared = matches!(push, Some(PushSink::Listeners(_)));
        let tuning = Tuning {
            addr: config.addr.clone(),
            timeout: config.response_timeout,
            write_early: config.write_early,
            // Only a client's shared connection: a subscriber's answers PING as a message,
            // and a dedicated one is watched by the caller that leased it.
            health_check: config.health_check.filter(|_| shared),
            limits: config.limits,
            auth: (auth.fetched, auth.expires),
        };
        let push = push.map(|sink| PushRoute {
            // Everything a subscriber's connection receives is the subscriber's: messages
            // and confirmations (pushes on RESP3), and the error a refused SUBSCRIBE gets
            // (not a push, and no request waits for it). A shared connection receives
            // pushes only on RESP3.
            all_frames: matches!(sink, PushSink::Subscriber(_)),
            sink,
        });
        let conn = Connection::start(hs.read, hs.write, hs.buf, protocol, hello, push, tuning);
        crate::telemetry::metrics::connection_opened(conn.db_system());
        // A client's shared connection authenticates again before its credentials expire.
        if let (true, Some(provider), Some(expires)) = (shared, &config.credentials, auth.expires) {
            reauth::spawn(
                conn.downgrade(),
                provider.clone(),
                auth.fetched,
                expires,
                config,
            );
        }
        Ok(conn)
    };
    match tokio::time::timeout(config.connect_timeout, setup).await {
        Ok(result) => result,
        Err(_) => Err(Error::Timeout(config.connect_timeout)),
    }
}

/// What a handshake authenticates with: the provider's credentials, or the config's.
struct Auth {
    username: Option<String>,
    password: Option<String>,
    /// When the provider gave them, and when they expire.
    fetched: Instant,
    expires: Option<Instant>,
}

impl Auth {
    async fn fetch(config: &Config) -> Result<Auth, Error> {
        let fetched = Instant::now();
        match &config.credentials {
            Some(provider) => {
                let creds = provider.credentials().await.map_err(Error::Credentials)?;
                Ok(Auth {
                    username: creds.username().map(str::to_owned),
                    password: Some(creds.password().to_owned()),
                    fetched,
                    expires: creds.expiry(),
                })
            }
            None => Ok(Auth {
                username: config.username.clone(),
                password: config.password.clone(),
                fetched,
                expires: None,
            }),
        }
    }
}

struct Handshake {
    read: ReadHalf,
    write: WriteHalf,
    buf: BytesMut,
    scanner: FrameScanner,
}

impl Handshake {
    /// Runs the handshake: the protocol it settled on, and what the server said of
    /// itself in its `HELLO` reply (`None` on RESP2: asked for, RESP2 keeps to the classic
    /// commands, for proxies that know no `HELLO` and may close a connection that sends
    /// one).
    async fn run(
        &mut self,
        config: &Config,
        auth: &Auth,
    ) -> Result<(Protocol, Option<ServerHello>), Error> {
        let user = auth.username.as_deref();
        let pass = auth.password.as_deref();
        let mut protocol = Protocol::Resp2;
        let mut named = false;
        let mut hello = None;
        if config.protocol == Protocol::Resp3 {
            let mut args: Vec<&[u8]> = vec![b"HELLO", b"3"];
            if let Some(pass) = pass {
                args.extend([
                    b"AUTH".as_slice(),
                    user.unwrap_or("default").as_bytes(),
                    pass.as_bytes(),
                ]);
            }
            if let Some(name) = &config.client_name {
                args.extend([b"SETNAME".as_slice(), name.as_bytes()]);
                named = true;
            }
            let reply = self.roundtrip(&args).await?;
            match server_error(&reply) {
                None => {
                    protocol = Protocol::Resp3;
                    // A server that answers in a shape of its own still connects.
                    hello = reply.decode::<ServerHello>().ok();
                }
                // Servers before 6.0 do not know HELLO; NOPROTO: it knows HELLO but not
                // RESP3. Both speak RESP2 with the classic commands. A server that wants
                // a password may refuse a command it does not know with NOAUTH before
                // looking it up (Valkey does): a HELLO that carried AUTH would have
                // authenticated, so NOAUTH then means HELLO was not run.
                Some(e) if is_unknown_hello(&e) || (pass.is_some() && is_noauth(&e)) => {
                    named = false
                }
                Some(e) => return Err(e),
            }
        }
        if protocol == Protocol::Resp2 {
            if let Some(pass) = pass {
                let mut args: Vec<&[u8]> = vec![b"AUTH"];
                if let Some(user) = user {
                    args.push(user.as_bytes());
                }
                args.push(pass.as_bytes());
                self.expect_ok(&args).await?;
            }
        }
        if let (false, Some(name)) = (named, &config.client_name) {
            self.expect_ok(&[b"CLIENT", b"SETNAME", name.as_bytes()])
                .await?;
        }
        if config.database != 0 {
            let db = config.database.to_string();
            self.expect_ok(&[b"SELECT", db.as_bytes()]).await?;
        }
        Ok((protocol, hello))
    }

    async fn track(&mut self, tracking: &Tracking, protocol: Protocol) -> Result<(), Error> {
        if protocol == Protocol::Resp2 {
            return Err(Error::Config(
                "client-side caching (Config::cache) needs RESP3, whose invalidation pushes \
                 arrive on the connection they are about, in order with its replies; this \
                 connection speaks RESP2 (the server does not know HELLO 3, or \
                 Config::protocol asked for RESP2)"
                    .into(),
            ));
        }
        let mut args: Vec<&[u8]> = vec![b"CLIENT", b"TRACKING", b"ON"];
        match tracking {
            Tracking::Broadcast(prefixes) => {
                args.push(b"BCAST");
                for prefix in prefixes {
                    args.extend([b"PREFIX".as_slice(), prefix.as_slice()]);
                }
            }
            Tracking::OptIn => args.push(b"OPTIN"),
            _ => {}
        }
        self.expect_ok(&args).await
    }

    async fn check_role(&mut self, config: &Config, expect: Expect) -> Result<(), Error> {
        let reply = self.roundtrip(&[b"ROLE"]).await?;
        let role: Role = reply.decode()?;
        let is = match role {
            Role::Primary { .. } => Expect::Primary,
            Role::Replica { .. } => Expect::Replica,
            _ => return Err(wrong_role(config, "a Sentinel", expect)),
        };
        if is != expect {
            let what = match is {
                Expect::Primary => "the primary",
                Expect::Replica => "a replica",
            };
            return Err(wrong_role(config, what, expect));
        }
        Ok(())
    }

    async fn expect_ok(&mut self, args: &[&[u8]]) -> Result<(), Error> {
        let reply = self.roundtrip(args).await?;
        match server_error(&reply) {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    async fn roundtrip(&mut self, args: &[&[u8]]) -> Result<Frame, Error> {
        self.write.write_all(&encode(args)).await?;
        self.write.flush().await?;
        loop {
            if let Some(frame) = self.scanner.next_frame(&mut self.buf)? {
                return Ok(frame);
            }
            #[allow(
                clippy::disallowed_methods,
                reason = "a constant: the frame scanner bounds what a reply may make it buffer"
            )]
            self.buf.reserve(4096);
            if self.read.read_buf(&mut self.buf).await? == 0 {
                return Err(Error::lost("by the server during the handshake"));
            }
        }
    }
}

/// The server error a reply carries, if it is one.
fn server_error(frame: &Frame) -> Option<Error> {
    if frame.is_error() {
        // Decoding an error reply as anything yields it as `Error::Server`.
        frame.decode::<&[u8]>().err()
    } else {
        None
    }
}

fn is_noauth(e: &Error) -> bool {
    matches!(e, Error::Server(s) if s.code() == Some("NOAUTH"))
}

#[cold]
fn wrong_role(config: &Config, is: &str, expect: Expect) -> Error {
    let wanted = match expect {
        Expect::Primary => "the primary",
        Expect::Replica => "a replica",
    };
    let addr = match &config.addr {
        super::Addr::Tcp { host, port } => format!("{host}:{port}"),
        super::Addr::Unix(path) => path.display().to_string(),
    };
    Error::Unreachable(
        Unreachable::new(format!(
            "says it is {is} (ROLE), not {wanted} as the Sentinels said"
        ))
        .at(addr),
    )
}

fn is_unknown_hello(e: &Error) -> bool {
    match e {
        Error::Server(s) => {
            let text = s.to_string();
            text.starts_with("NOPROTO") || text.contains("unknown command")
        }
        _ => false,
    }
}
