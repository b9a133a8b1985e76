//! Replies with a shape of their own: [`Role`] (`ROLE`), [`SlotRange`] (`CLUSTER
//! SLOTS`) and [`LcsMatch`] (`LCS ... IDX`).

use bytes::Bytes;

use crate::resp::read::collections::{hold, vec_for};
use crate::resp::read::RespRead;
use crate::wire::DecodeError;
use crate::wire::Reader;

/// What `ROLE` says a server is.
///
/// ```
/// use typedis::resp::Frame;
/// use typedis::reply::Role;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let frame = Frame::from_slice(b"*5\r\n$5\r\nslave\r\n$9\r\n127.0.0.1\r\n:6379\r\n$9\r\nconnected\r\n:42\r\n")?;
/// match frame.decode()? {
///     Role::Replica { port, state, .. } => assert_eq!((port, &state[..]), (6379, &b"connected"[..])),
///     other => panic!("{other:?}"),
/// }
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Role {
    /// A primary (`master`), with its replication offset and connected replicas.
    Primary {
        /// The primary's replication offset.
        offset: i64,
        /// Its replicas.
        replicas: Vec<RoleReplica>,
    },
    /// A replica (`slave`) of the primary at `host:port`.
    Replica {
        /// The primary's host.
        host: Bytes,
        /// The primary's port.
        port: u16,
        /// The state of replication (`connect`, `connecting`, `sync`, `connected`, ...).
        state: Bytes,
        /// The replication offset received so far (-1 before the first sync).
        offset: i64,
    },
    /// A Sentinel, with the names of the primaries it monitors.
    Sentinel {
        /// The monitored primaries' names.
        primaries: Vec<Bytes>,
    },
}

/// A replica a primary lists in its `ROLE` reply.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct RoleReplica {
    /// Its address.
    pub host: Bytes,
    /// Its port.
    pub port: u16,
    /// The replication offset it acknowledged.
    pub offset: i64,
}

impl<'de> RespRead<'de> for RoleReplica {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let n = r.array_len()?;
        if n != 3 {
            return Err(DecodeError::length(3, n));
        }
        Ok(RoleReplica {
            host: r.bytes_owned().map_err(|e| e.at_field("host"))?,
            port: u16::read(r).map_err(|e| e.at_field("port"))?,
            offset: r.int().map_err(|e| e.at_field("offset"))?,
        })
    }
}

impl<'de> RespRead<'de> for Role {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let n = r.array_len()?;
        let expect = |want: usize| {
            if n == want {
                Ok(())
            } else {
                Err(DecodeError::length(want, n))
            }
        };
        let found = r.peek()?;
        let role = r.bytes().map_err(|e| e.at_index(0))?;
        match role {
            b"master" | b"primary" => {
                expect(3)?;
                Ok(Role::Primary {
                    offset: r.int().map_err(|e| e.at_field("offset"))?,
                    replicas: RespRead::read(r).map_err(|e| e.at_field("replicas"))?,
                })
            }
            b"slave" | b"replica" => {
                expect(5)?;
                Ok(Role::Replica {
                    host: r.bytes_owned().map_err(|e| e.at_field("host"))?,
                    port: u16::read(r).map_err(|e| e.at_field("port"))?,
                    state: r.bytes_owned().map_err(|e| e.at_field("state"))?,
                    offset: r.int().map_err(|e| e.at_field("offset"))?,
                })
            }
            b"sentinel" => {
                expect(2)?;
                Ok(Role::Sentinel {
                    primaries: RespRead::read(r).map_err(|e| e.at_field("primaries"))?,
                })
            }
            _ => Err(DecodeError::invalid("master, slave or sentinel", found).at_index(0)),
        }
    }
}

/// One range of hash slots and the nodes that serve it, as `CLUSTER SLOTS` returns it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct SlotRange {
    /// The first slot.
    pub start: u16,
    /// The last slot (included).
    pub end: u16,
    /// The primary serving it.
    pub primary: SlotNode,
    /// Its replicas.
    pub replicas: Vec<SlotNode>,
}

/// A node of a [`SlotRange`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct SlotNode {
    /// The endpoint clients should use (`None` when the node does not know it).
    pub host: Option<Bytes>,
    /// Its port.
    pub port: u16,
    /// Its node ID (servers before 4.0 do not send it).
    pub id: Option<Bytes>,
    /// Its hostname, when it announces one.
    pub hostname: Option<Bytes>,
    /// Its IP address, when it differs from `host`.
    pub ip: Option<Bytes>,
}

impl<'de> RespRead<'de> for SlotNode {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let n = r.array_len()?;
        if !(2..=4).contains(&n) {
            return Err(DecodeError::length(4, n));
        }
        let host = Option::<Bytes>::read(r).map_err(|e| e.at_field("host"))?;
        let port = u16::read(r).map_err(|e| e.at_field("port"))?;
        let id = if n > 2 {
            Some(r.bytes_owned().map_err(|e| e.at_field("id"))?)
        } else {
            None
        };
        let (mut hostname, mut ip) = (None, None);
        if n > 3 {
            let pairs = r.map_len().map_err(|e| e.at_field("metadata"))?;
            for _ in 0..pairs {
                let key = r.bytes().map_err(|e| e.at_field("metadata"))?;
                let value = r.bytes_owned().map_err(|e| e.at_field("metadata"))?;
                match key {
                    b"hostname" => hostname = Some(value),
                    b"ip" => ip = Some(value),
                    _ => {}
                }
            }
        }
        Ok(SlotNode {
            host,
            port,
            id,
            hostname,
            ip,
        })
    }
}

impl<'de> RespRead<'de> for SlotRange {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let n = r.array_len()?;
        if n < 3 {
            return Err(DecodeError::length(3, n));
        }
        let start = u16::read(r).map_err(|e| e.at_field("start"))?;
        let end = u16::read(r).map_err(|e| e.at_field("end"))?;
        let primary = SlotNode::read(r).map_err(|e| e.at_field("primary"))?;
        let mut replicas = vec_for(r, n - 3, 3);
        for i in 3..n {
            let node = SlotNode::read(r).and_then(|node| hold::<SlotNode>(r).map(|()| node));
            replicas.push(node.map_err(|e| e.at_index(i))?);
        }
        Ok(SlotRange {
            start,
            end,
            primary,
            replicas,
        })
    }
}

/// One match of `LCS ... IDX`: where it is in each string, and its length with
/// `WITHMATCHLEN`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct LcsMatch {
    /// First and last position in the first string.
    pub a: (i64, i64),
    /// First and last position in the second string.
    pub b: (i64, i64),
    /// The match's length (`WITHMATCHLEN`).
    pub len: Option<i64>,
}

impl<'de> RespRead<'de> for LcsMatch {
    fn read(r: &mut Reader<'de>) -> Result<Self, DecodeError> {
        let n = r.array_len()?;
        if !(2..=3).contains(&n) {
            return Err(DecodeError::length(3, n));
        }
        let a = <(i64, i64)>::read(r).map_err(|e| e.at_field("a"))?;
        let b = <(i64, i64)>::read(r).map_err(|e| e.at_field("b"))?;
        let len = if n == 3 {
            Some(r.int().map_err(|e| e.at_field("len"))?)
        } else {
            None
        };
        Ok(LcsMatch { a, b, len })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::Frame;

    #[test]
    fn role_reads_each_kind_of_server() {
        let primary = Frame::from_slice(
            b"*3\r\n$6\r\nmaster\r\n:10\r\n*1\r\n*3\r\n$9\r\n127.0.0.1\r\n$4\r\n6380\r\n$1\r\n9\r\n",
        )
        .unwrap();
        assert_eq!(
            primary.decode::<Role>().unwrap(),
            Role::Primary {
                offset: 10,
                replicas: vec![RoleReplica {
                    host: "127.0.0.1".into(),
                    port: 6380,
                    offset: 9
                }]
            }
        );
        let sentinel = Frame::from_slice(b"*2\r\n$8\r\nsentinel\r\n*1\r\n$2\r\nmy\r\n").unwrap();
        assert_eq!(
            sentinel.decode::<Role>().unwrap(),
            Role::Sentinel {
                primaries: vec!["my".into()]
            }
        );
        let bogus = Frame::from_slice(b"*1\r\n$5\r\nchief\r\n").unwrap();
        assert!(bogus.decode::<Role>().is_err());
    }

    #[test]
    fn slot_ranges_read_nodes_with_and_without_metadata() {
        let frame = Frame::from_slice(
            b"*1\r\n*4\r\n:0\r\n:5460\r\n*4\r\n$9\r\n127.0.0.1\r\n:30001\r\n$2\r\nid\r\n%1\r\n$8\r\nhostname\r\n$1\r\nh\r\n*3\r\n_\r\n:30004\r\n$3\r\nid2\r\n",
        )
        .unwrap();
        let ranges: Vec<SlotRange> = frame.decode().unwrap();
        assert_eq!(ranges[0].end, 5460);
        assert_eq!(ranges[0].primary.hostname.as_deref(), Some(&b"h"[..]));
        assert_eq!(ranges[0].replicas[0].host, None);
        assert_eq!(ranges[0].replicas[0].port, 30004);
    }
}
