//! A small blocking connection that writes raw bytes and reads back whole frames, for tests
//! that talk to a real server below the level of the client.

use std::io::Write;
use std::net::TcpStream;
use std::time::Duration;

use bytes::BytesMut;
use typedis::resp::{Frame, FrameScanner};

use crate::io::read_some;

/// A blocking TCP connection to a Redis server that reads replies with the
/// [`FrameScanner`], one [`Frame`] at a time.
///
/// Every call panics on failure (with the cause): it is meant for tests, where a failure
/// to talk to the server must fail the test. Reads time out after 10 seconds rather than
/// hang.
#[derive(Debug)]
pub struct RawConnection {
    stream: TcpStream,
    buf: BytesMut,
    scanner: FrameScanner,
}

impl RawConnection {
    /// Connects to `127.0.0.1:port` (RESP2 until a `HELLO 3` is sent).
    ///
    /// # Panics
    ///
    /// When the connection cannot be made.
    pub fn connect(port: u16) -> RawConnection {
        let stream = TcpStream::connect(("127.0.0.1", port))
            .unwrap_or_else(|e| panic!("connect to 127.0.0.1:{port}: {e}"));
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .expect("set a read timeout");
        stream.set_nodelay(true).expect("set TCP_NODELAY");
        RawConnection {
            stream,
            buf: BytesMut::with_capacity(16 * 1024),
            scanner: FrameScanner::new(),
        }
    }

    /// Writes `bytes` as they are, then reads exactly one frame.
    ///
    /// # Panics
    ///
    /// On an I/O error, a timeout, or bytes from the server that are not RESP.
    pub fn send(&mut self, bytes: &[u8]) -> Frame {
        self.write(bytes);
        self.read_frame()
    }

    /// Sends one command, its arguments encoded as a RESP array of bulk strings, and
    /// reads its reply.
    ///
    /// # Panics
    ///
    /// As [`send`](Self::send).
    pub fn request(&mut self, args: &[&[u8]]) -> Frame {
        let bytes = encode_command(args);
        self.send(&bytes)
    }

    /// Writes `bytes` without reading anything (for pipelines: read the replies with
    /// [`read_frame`](Self::read_frame)).
    ///
    /// # Panics
    ///
    /// On an I/O error.
    pub fn write(&mut self, bytes: &[u8]) {
        self.stream.write_all(bytes).expect("write to redis-server");
    }

    /// Reads the next frame: a reply, or a push.
    ///
    /// # Panics
    ///
    /// On an I/O error, a timeout, end of stream, or bytes that are not RESP.
    pub fn read_frame(&mut self) -> Frame {
        loop {
            match self.scanner.scan(&self.buf) {
                Ok(Some(n)) => {
                    let bytes = self.buf.split_to(n).freeze();
                    return Frame::new(bytes).expect("a scanned frame is one frame");
                }
                Ok(None) => {}
                Err(e) => panic!("redis-server sent bytes that are not RESP: {e}"),
            }
            let mut chunk = [0u8; 16 * 1024];
            let n = read_some(&mut self.stream, &mut chunk).expect("read from redis-server");
            assert!(n > 0, "redis-server closed the connection");
            self.buf.extend_from_slice(&chunk[..n]);
        }
    }
}

/// `args` as a RESP request: an array of bulk strings.
pub fn encode_command(args: &[&[u8]]) -> Vec<u8> {
    let mut out = format!("*{}\r\n", args.len()).into_bytes();
    for arg in args {
        out.extend_from_slice(format!("${}\r\n", arg.len()).as_bytes());
        out.extend_from_slice(arg);
        out.extend_from_slice(b"\r\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RedisServer;

    #[test]
    fn raw_connection_reads_one_frame_per_reply_in_resp2_and_resp3() {
        let server = RedisServer::start();
        let mut conn = RawConnection::connect(server.port());
        assert_eq!(conn.send(b"PING\r\n").as_bytes().as_ref(), b"+PONG\r\n");
        assert_eq!(
            conn.request(&[b"SET", b"k", b"v"]).decode::<()>().unwrap(),
            ()
        );
        let v: Option<String> = conn.request(&[b"GET", b"k"]).decode().unwrap();
        assert_eq!(v.as_deref(), Some("v"));
        assert_eq!(
            conn.request(&[b"GET", b"nope"]).as_bytes().as_ref(),
            b"$-1\r\n"
        );

        assert!(conn.request(&[b"HELLO", b"3"]).as_bytes().starts_with(b"%"));
        assert_eq!(
            conn.request(&[b"GET", b"nope"]).as_bytes().as_ref(),
            b"_\r\n"
        );
        let err = conn.request(&[b"INCR", b"k"]);
        assert!(err.is_error());
    }

    #[test]
    fn pipelined_replies_come_back_as_separate_frames() {
        let server = RedisServer::start();
        let mut conn = RawConnection::connect(server.port());
        let mut batch = encode_command(&[b"RPUSH", b"l", b"a", b"b"]);
        batch.extend(encode_command(&[b"LRANGE", b"l", b"0", b"-1"]));
        conn.write(&batch);
        assert_eq!(conn.read_frame().decode::<i64>().unwrap(), 2);
        assert_eq!(
            conn.read_frame().decode::<Vec<String>>().unwrap(),
            ["a", "b"]
        );
    }
}
