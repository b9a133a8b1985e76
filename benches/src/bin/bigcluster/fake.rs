//! Fake cluster nodes, for sizes a machine cannot run as real servers (1,000 primaries
//! would take some 13 GB): one child process (this program again, with `--fake-serve N`)
//! listens on `n` ports and answers as a cluster of `n` primaries with an even share of
//! the slots each, announced as real nodes announce themselves in `CLUSTER SHARDS`
//! (`CLUSTER SLOTS` too); `GET` finds a value, anything else is `+OK` (`HELLO` is refused,
//! so the handshake is the RESP2 one). Keys are not checked against the node's slots:
//! these nodes measure the client's side (connections, memory, refresh cost), not the
//! servers'.

use std::io::{BufRead, Write};
use std::process::{Child, Command as Process, Stdio};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

type Res<T> = Result<T, Box<dyn std::error::Error>>;

/// The child process serving the fake nodes; killed when dropped.
pub struct FakeNodes {
    child: Child,
    /// The nodes' ports.
    pub ports: Vec<u16>,
}

impl Drop for FakeNodes {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl FakeNodes {
    /// Starts `n` fake nodes in a child process.
    pub fn start(n: usize) -> Res<FakeNodes> {
        let mut child = Process::new(std::env::current_exe()?)
            .args(["--fake-serve", &n.to_string()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let mut line = String::new();
        std::io::BufReader::new(stdout).read_line(&mut line)?;
        let ports = line
            .trim()
            .split(',')
            .map(str::parse)
            .collect::<Result<Vec<u16>, _>>()?;
        Ok(FakeNodes { child, ports })
    }

    /// `redis+cluster://` naming the first three nodes.
    pub fn url(&self) -> String {
        super::nodes::seed_url(&self.ports)
    }
}

/// The child's side: listens on `n` ports, prints them, serves until its stdin closes
/// (the parent exited).
pub fn serve(n: usize) -> Res<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let mut listeners = Vec::with_capacity(n);
        for _ in 0..n {
            listeners.push(TcpListener::bind("127.0.0.1:0").await?);
        }
        let ports: Vec<u16> = listeners
            .iter()
            .map(|l| l.local_addr().map(|a| a.port()))
            .collect::<Result<_, _>>()?;
        let shards: &'static [u8] = Box::leak(shards_reply(&ports).into_boxed_slice());
        let slots: &'static [u8] = Box::leak(slots_reply(&ports).into_boxed_slice());
        let list: Vec<String> = ports.iter().map(u16::to_string).collect();
        println!("{}", list.join(","));
        std::io::stdout().flush()?;
        for listener in listeners {
            tokio::spawn(async move {
                while let Ok((stream, _)) = listener.accept().await {
                    tokio::spawn(answer(stream, shards, slots));
                }
            });
        }
        // The parent holds our stdin: its end (exit, kill, crash) ends us too.
        tokio::task::spawn_blocking(|| {
            let mut sink = String::new();
            while std::io::stdin().read_line(&mut sink).is_ok_and(|n| n > 0) {}
        })
        .await?;
        Ok(())
    })
}

/// Answers one connection's commands (arrays of bulk strings) until it closes.
async fn answer(mut stream: TcpStream, shards: &'static [u8], slots: &'static [u8]) {
    let mut buf = Vec::with_capacity(4096);
    let mut out = Vec::with_capacity(4096);
    let mut chunk = [0u8; 16384];
    loop {
        let Ok(read) = stream.read(&mut chunk).await else {
            return;
        };
        if read == 0 {
            return;
        }
        buf.extend_from_slice(&chunk[..read]);
        let mut used = 0;
        while let Some((args, len)) = parse(&buf[used..]) {
            used += len;
            let name = args
                .first()
                .map(|a| a.to_ascii_uppercase())
                .unwrap_or_default();
            let sub = args
                .get(1)
                .map(|a| a.to_ascii_uppercase())
                .unwrap_or_default();
            match (&name[..], &sub[..]) {
                (b"HELLO", _) => out.extend_from_slice(b"-ERR unknown command 'HELLO'\r\n"),
                (b"CLUSTER", b"SHARDS") => out.extend_from_slice(shards),
                (b"CLUSTER", b"SLOTS") => out.extend_from_slice(slots),
                (b"GET", _) => out.extend_from_slice(b"$5\r\nvalue\r\n"),
                (b"PING", _) => out.extend_from_slice(b"+PONG\r\n"),
                _ => out.extend_from_slice(b"+OK\r\n"),
            }
        }
        buf.drain(..used);
        if !out.is_empty() {
            if stream.write_all(&out).await.is_err() {
                return;
            }
            out.clear();
        }
    }
}

/// One command (`*n` then `n` bulk strings) at the start of `buf`, and its length.
fn parse(buf: &[u8]) -> Option<(Vec<Vec<u8>>, usize)> {
    let line = |at: usize| -> Option<(&[u8], usize)> {
        let end = buf.get(at..)?.windows(2).position(|w| w == b"\r\n")? + at;
        Some((&buf[at..end], end + 2))
    };
    let (head, mut at) = line(0)?;
    let n: usize = std::str::from_utf8(head.strip_prefix(b"*")?)
        .ok()?
        .parse()
        .ok()?;
    let mut args = Vec::with_capacity(n);
    for _ in 0..n {
        let (len, next) = line(at)?;
        let len: usize = std::str::from_utf8(len.strip_prefix(b"$")?)
            .ok()?
            .parse()
            .ok()?;
        let end = next + len;
        if buf.len() < end + 2 {
            return None;
        }
        args.push(buf[next..end].to_vec());
        at = end + 2;
    }
    Some((args, at))
}

fn bulk(out: &mut Vec<u8>, s: &str) {
    out.extend_from_slice(format!("${}\r\n{s}\r\n", s.len()).as_bytes());
}

/// `CLUSTER SHARDS` (RESP2) for primaries on `ports`, each with an even share of slots,
/// each node described with the fields a real node gives.
fn shards_reply(ports: &[u16]) -> Vec<u8> {
    let n = ports.len();
    let mut out = format!("*{n}\r\n").into_bytes();
    for (i, port) in ports.iter().enumerate() {
        let (start, end) = super::nodes::share(i, n);
        out.extend_from_slice(b"*4\r\n");
        bulk(&mut out, "slots");
        out.extend_from_slice(format!("*2\r\n:{start}\r\n:{end}\r\n").as_bytes());
        bulk(&mut out, "nodes");
        out.extend_from_slice(b"*1\r\n*14\r\n");
        bulk(&mut out, "id");
        bulk(&mut out, &format!("{i:040x}"));
        bulk(&mut out, "port");
        out.extend_from_slice(format!(":{port}\r\n").as_bytes());
        for (k, v) in [
            ("ip", "127.0.0.1"),
            ("endpoint", "127.0.0.1"),
            ("role", "master"),
        ] {
            bulk(&mut out, k);
            bulk(&mut out, v);
        }
        bulk(&mut out, "replication-offset");
        out.extend_from_slice(b":0\r\n");
        bulk(&mut out, "health");
        bulk(&mut out, "online");
    }
    out
}

/// `CLUSTER SLOTS` (RESP2) for the same map.
fn slots_reply(ports: &[u16]) -> Vec<u8> {
    let n = ports.len();
    let mut out = format!("*{n}\r\n").into_bytes();
    for (i, port) in ports.iter().enumerate() {
        let (start, end) = super::nodes::share(i, n);
        out.extend_from_slice(format!("*3\r\n:{start}\r\n:{end}\r\n*3\r\n").as_bytes());
        bulk(&mut out, "127.0.0.1");
        out.extend_from_slice(format!(":{port}\r\n").as_bytes());
        bulk(&mut out, &format!("{i:040x}"));
    }
    out
}
