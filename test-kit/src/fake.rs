//! A fake server on a free 127.0.0.1 port, for faults a real `redis-server` will not
//! produce: silence with the socket open, bytes that are not RESP, replies nobody asked
//! for, connections dropped right after they open. Each accepted connection is handed to
//! the test's script, in a thread of its own, with its number (0 for the first).

use std::io::Write;
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use bytes::BytesMut;
use typedis::resp::{Frame, FrameScanner};

use crate::io::read_some;

/// A fake server; it stops accepting when dropped.
#[derive(Debug)]
pub struct FakeServer {
    port: u16,
    accepted: Arc<AtomicUsize>,
    stop: Arc<AtomicBool>,
}

impl FakeServer {
    /// Listens on a free port and runs `script` on every connection it accepts.
    ///
    /// # Panics
    ///
    /// When no port can be bound.
    pub fn start<F>(script: F) -> FakeServer
    where
        F: Fn(usize, FakeConnection) + Send + Sync + 'static,
    {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind a free port");
        let port = listener.local_addr().expect("local address").port();
        listener
            .set_nonblocking(true)
            .expect("a non-blocking listener");
        let accepted = Arc::new(AtomicUsize::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let script = Arc::new(script);
        {
            let (accepted, stop) = (accepted.clone(), stop.clone());
            std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    match listener.accept() {
                        Ok((stream, _)) => {
                            let n = accepted.fetch_add(1, Ordering::Relaxed);
                            let script = script.clone();
                            let stop = stop.clone();
                            std::thread::spawn(move || {
                                script(n, FakeConnection::new(stream, stop));
                            });
                        }
                        Err(_) => std::thread::sleep(Duration::from_millis(2)),
                    }
                }
            });
        }
        FakeServer {
            port,
            accepted,
            stop,
        }
    }

    /// The port it listens on.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// `redis://127.0.0.1:<port>`.
    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    /// Connections accepted so far.
    pub fn accepted(&self) -> usize {
        self.accepted.load(Ordering::Relaxed)
    }
}

impl Drop for FakeServer {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// One accepted connection, as a script sees it.
#[derive(Debug)]
pub struct FakeConnection {
    stream: TcpStream,
    buf: BytesMut,
    scanner: FrameScanner,
    stop: Arc<AtomicBool>,
}

impl FakeConnection {
    fn new(stream: TcpStream, stop: Arc<AtomicBool>) -> FakeConnection {
        // Short read timeouts, so a script notices its server was dropped.
        let _ = stream.set_read_timeout(Some(Duration::from_millis(50)));
        let _ = stream.set_nodelay(true);
        FakeConnection {
            stream,
            buf: BytesMut::new(),
            scanner: FrameScanner::new(),
            stop,
        }
    }

    /// The next request's arguments; `None` when the client closed the connection (or
    /// the server was dropped).
    pub fn request(&mut self) -> Option<Vec<Vec<u8>>> {
        loop {
            if let Ok(Some(n)) = self.scanner.scan(&self.buf) {
                let frame = Frame::new(self.buf.split_to(n).freeze()).ok()?;
                return frame
                    .decode::<Vec<Vec<u8>>>()
                    .ok()
                    .or_else(|| Some(Vec::new()));
            }
            if !self.fill() {
                return None;
            }
        }
    }

    /// The next request's command name, upper-cased (see [`request`](Self::request)).
    pub fn command(&mut self) -> Option<String> {
        let args = self.request()?;
        let name = args
            .first()
            .map(|n| String::from_utf8_lossy(n).to_uppercase());
        Some(name.unwrap_or_default())
    }

    /// Writes raw bytes; `false` once the client is gone.
    pub fn send(&mut self, bytes: &[u8]) -> bool {
        self.stream.write_all(bytes).is_ok()
    }

    /// Reads and drops whatever comes, answering nothing, until the client closes the
    /// connection (or the server is dropped).
    pub fn silence(mut self) {
        while self.fill() {
            self.buf.clear();
        }
    }

    /// Reads more bytes into the buffer; `false` at the end of the stream.
    fn fill(&mut self) -> bool {
        let mut chunk = [0u8; 16 * 1024];
        loop {
            if self.stop.load(Ordering::Relaxed) {
                return false;
            }
            match read_some(&mut self.stream, &mut chunk) {
                Ok(0) => return false,
                Ok(n) => {
                    self.buf.extend_from_slice(&chunk[..n]);
                    return true;
                }
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(_) => return false,
            }
        }
    }
}

/// Answers requests as a healthy server would, for the commands the tests send: `PING`,
/// `ECHO`, `GET` (nil), `SET` and anything else (`OK`), until the client closes the
/// connection.
pub fn answer_healthily(mut conn: FakeConnection) {
    while let Some(args) = conn.request() {
        let name = args
            .first()
            .map(|n| String::from_utf8_lossy(n).to_uppercase());
        let reply: Vec<u8> = match name.as_deref() {
            Some("PING") => b"+PONG\r\n".to_vec(),
            Some("ECHO") if args.len() == 2 => {
                let mut r = format!("${}\r\n", args[1].len()).into_bytes();
                r.extend_from_slice(&args[1]);
                r.extend_from_slice(b"\r\n");
                r
            }
            Some("GET") => b"$-1\r\n".to_vec(),
            _ => b"+OK\r\n".to_vec(),
        };
        if !conn.send(&reply) {
            return;
        }
    }
}
