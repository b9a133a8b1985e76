//! The slot map: which shard (a primary and its replicas) serves each of the 16384 hash
//! slots, read from `CLUSTER SHARDS` (Redis 7) or `CLUSTER SLOTS` (older servers), and
//! patched slot by slot as `MOVED` redirects arrive.

use crate::cmd::SLOT_COUNT;
use crate::value::Value;
use std::sync::Arc;

/// A node's address as the cluster announces it: `host:port`.
pub(crate) type NodeAddr = Arc<str>;

/// Splits `host:port` (the host may be an IPv6 address without brackets).
pub(crate) fn split_addr(addr: &str) -> Option<(&str, u16)> {
    let (host, port) = addr.rsplit_once(':')?;
    let host = host.trim_start_matches('[').trim_end_matches(']');
    Some((host, port.parse().ok()?))
}

/// A primary and its replicas.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Shard {
    pub(crate) primary: NodeAddr,
    pub(crate) replicas: Vec<NodeAddr>,
}

/// Marks a slot no shard serves.
const UNSERVED: u16 = u16::MAX;

/// The whole slot map.
#[derive(Debug, Clone)]
pub(crate) struct Topology {
    /// Index into `shards` for every slot, or [`UNSERVED`].
    slots: Vec<u16>,
    shards: Vec<Shard>,
}

impl Topology {
    fn empty() -> Topology {
        Topology {
            slots: vec![UNSERVED; usize::from(SLOT_COUNT)],
            shards: Vec::new(),
        }
    }

    /// A map from `(slot ranges, shard)` pairs; later ranges win where they overlap.
    pub(crate) fn from_shards(shards: Vec<(Vec<(u16, u16)>, Shard)>) -> Topology {
        let mut t = Topology::empty();
        for (ranges, shard) in shards {
            let index = t.index_of(&shard.primary, Some(&shard.replicas));
            for (start, end) in ranges {
                let end = end.min(SLOT_COUNT - 1);
                for slot in start..=end {
                    t.slots[usize::from(slot)] = index;
                }
            }
        }
        t
    }

    /// The shard serving `slot`.
    pub(crate) fn shard(&self, slot: u16) -> Option<&Shard> {
        let index = *self.slots.get(usize::from(slot))?;
        self.shards.get(usize::from(index))
    }

    /// Whether every slot has a shard.
    pub(crate) fn is_complete(&self) -> bool {
        !self.slots.contains(&UNSERVED)
    }

    /// How many slots have a shard.
    pub(crate) fn served(&self) -> usize {
        self.slots.iter().filter(|&&s| s != UNSERVED).count()
    }

    /// Records what a `MOVED` says: `slot` is now served by the primary at `addr`.
    pub(crate) fn set_primary(&mut self, slot: u16, addr: &NodeAddr) {
        let index = self.index_of(addr, None);
        if let Some(s) = self.slots.get_mut(usize::from(slot)) {
            *s = index;
        }
    }

    /// The shard whose primary is `addr`, added if unknown (its replicas are set when
    /// given).
    fn index_of(&mut self, addr: &NodeAddr, replicas: Option<&[NodeAddr]>) -> u16 {
        let index = match self.shards.iter().position(|s| &s.primary == addr) {
            Some(i) => i,
            None => {
                self.shards.push(Shard {
                    primary: addr.clone(),
                    replicas: Vec::new(),
                });
                self.shards.len() - 1
            }
        };
        if let Some(replicas) = replicas {
            self.shards[index].replicas = replicas.to_vec();
        }
        // At most one shard per slot plus a few announced by redirects: far below u16::MAX.
        u16::try_from(index).unwrap_or(UNSERVED - 1)
    }

    /// The primaries that serve at least one slot, each once, in shard order.
    pub(crate) fn primaries(&self) -> Vec<NodeAddr> {
        let mut used = vec![false; self.shards.len()];
        for &i in &self.slots {
            if let Some(u) = used.get_mut(usize::from(i)) {
                *u = true;
            }
        }
        self.shards
            .iter()
            .zip(used)
            .filter(|(_, u)| *u)
            .map(|(s, _)| s.primary.clone())
            .collect()
    }

    /// Every node of a shard that serves slots: primaries, then their replicas.
    pub(crate) fn nodes(&self) -> Vec<NodeAddr> {
        let primaries = self.primaries();
        let mut all = primaries.clone();
        for shard in self
            .shards
            .iter()
            .filter(|s| primaries.contains(&s.primary))
        {
            all.extend(shard.replicas.iter().cloned());
        }
        all
    }

    /// Fills the slots this map leaves unserved (their primary failed and no replica has
    /// taken over yet) from `old`: commands for them keep going to the last known
    /// primary, fail there as unreachable, and ask for the next refresh.
    pub(crate) fn fill_from(&mut self, old: &Topology) {
        for slot in 0..SLOT_COUNT {
            if self.slots[usize::from(slot)] != UNSERVED {
                continue;
            }
            if let Some(shard) = old.shard(slot) {
                let index = self.index_of(&shard.primary, Some(&shard.replicas));
                self.slots[usize::from(slot)] = index;
            }
        }
    }

    /// Whether both maps send every slot to the same primary.
    pub(crate) fn same_routes(&self, other: &Topology) -> bool {
        (0..SLOT_COUNT).all(|slot| {
            self.shard(slot).map(|s| &s.primary) == other.shard(slot).map(|s| &s.primary)
        })
    }

    /// Whether `addr` is a node of this map.
    pub(crate) fn knows(&self, addr: &str) -> bool {
        self.shards
            .iter()
            .any(|s| &*s.primary == addr || s.replicas.iter().any(|r| &**r == addr))
    }
}

/// Reads a `CLUSTER SHARDS` reply. `asked` is the host of the node that answered, used
/// for nodes that announce no endpoint of their own.
pub(crate) fn parse_shards(reply: &Value, asked: &str) -> Option<Topology> {
    let mut shards = Vec::new();
    for shard in as_list(reply)? {
        let fields = pairs(shard)?;
        let slots = as_list(field(&fields, "slots")?)?;
        let mut ranges = Vec::new();
        for pair in slots.chunks(2) {
            let [start, end] = pair else { return None };
            ranges.push((as_u16(start)?, as_u16(end)?));
        }
        let mut primary = None;
        let mut replicas = Vec::new();
        for node in as_list(field(&fields, "nodes")?)? {
            let node = pairs(node)?;
            let text = |name: &str| field(&node, name).and_then(as_text);
            // Redis reports a replica as `loading` from the replication offsets it has
            // heard of, which lag; such a replica answers `LOADING` if it really is, and
            // the client then reads from the primary. Failed nodes are left out.
            if text("health").is_some_and(|h| h.starts_with("fail")) {
                continue;
            }
            let port = field(&node, "port").and_then(as_u16)?;
            let host = match text("endpoint").or_else(|| text("ip")) {
                Some(h) if h == "?" => continue,
                Some(h) if !h.is_empty() => h,
                _ => asked.to_owned(),
            };
            let addr: NodeAddr = format!("{host}:{port}").into();
            if text("role").as_deref() == Some("master") {
                primary = Some(addr);
            } else {
                replicas.push(addr);
            }
        }
        if let (Some(primary), false) = (primary, ranges.is_empty()) {
            shards.push((ranges, Shard { primary, replicas }));
        }
    }
    Some(Topology::from_shards(shards))
}

/// Reads a `CLUSTER SLOTS` reply (see [`parse_shards`] for `asked`).
pub(crate) fn parse_slots(reply: &Value, asked: &str) -> Option<Topology> {
    let mut shards = Vec::new();
    for range in as_list(reply)? {
        let items = as_list(range)?;
        let [start, end, nodes @ ..] = items else {
            return None;
        };
        let mut addrs = Vec::new();
        for node in nodes {
            let node = as_list(node)?;
            let host = match node.first().and_then(as_text) {
                Some(h) if h == "?" => continue,
                Some(h) if !h.is_empty() => h,
                _ => asked.to_owned(),
            };
            let port = node.get(1).and_then(as_u16)?;
            addrs.push(NodeAddr::from(format!("{host}:{port}")));
        }
        let mut addrs = addrs.into_iter();
        if let Some(primary) = addrs.next() {
            let shard = Shard {
                primary,
                replicas: addrs.collect(),
            };
            shards.push((vec![(as_u16(start)?, as_u16(end)?)], shard));
        }
    }
    Some(Topology::from_shards(shards))
}

fn as_list(v: &Value) -> Option<&[Value]> {
    match v {
        Value::Array(items) | Value::Set(items) => Some(items),
        _ => None,
    }
}

/// A RESP3 map, or a RESP2 flat array of key/value pairs.
fn pairs(v: &Value) -> Option<Vec<(&Value, &Value)>> {
    match v {
        Value::Map(pairs) => Some(pairs.iter().map(|(k, v)| (k, v)).collect()),
        Value::Array(items) if items.len() % 2 == 0 => {
            Some(items.chunks(2).map(|p| (&p[0], &p[1])).collect())
        }
        _ => None,
    }
}

fn field<'a>(pairs: &[(&'a Value, &'a Value)], name: &str) -> Option<&'a Value> {
    pairs
        .iter()
        .find(|(k, _)| as_text(k).is_some_and(|k| k == name))
        .map(|(_, v)| *v)
}

fn as_text(v: &Value) -> Option<String> {
    match v {
        Value::Bulk(b) | Value::SimpleString(b) => Some(String::from_utf8_lossy(b).into_owned()),
        Value::Verbatim { text, .. } => Some(String::from_utf8_lossy(text).into_owned()),
        _ => None,
    }
}

fn as_u16(v: &Value) -> Option<u16> {
    match v {
        Value::Int(i) => u16::try_from(*i).ok(),
        _ => as_text(v)?.parse().ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resp::Frame;

    fn value(bytes: &[u8]) -> Value {
        Frame::from_slice(bytes).unwrap().decode().unwrap()
    }

    #[test]
    fn slots_reply_maps_ranges_to_primary_and_replicas() {
        let reply = value(
            b"*2\r\n*4\r\n:0\r\n:99\r\n*3\r\n$9\r\n127.0.0.1\r\n:7000\r\n$2\r\nid\r\n\
              *3\r\n$0\r\n\r\n:7003\r\n$2\r\nid\r\n\
              *3\r\n:100\r\n:16383\r\n*3\r\n$1\r\nh\r\n:7001\r\n$2\r\nid\r\n",
        );
        let t = parse_slots(&reply, "10.0.0.9").unwrap();
        assert!(t.is_complete());
        let s = t.shard(5).unwrap();
        assert_eq!(&*s.primary, "127.0.0.1:7000");
        assert_eq!(s.replicas, [NodeAddr::from("10.0.0.9:7003")]);
        assert_eq!(&*t.shard(16383).unwrap().primary, "h:7001");
        assert_eq!(t.primaries().len(), 2);
        assert_eq!(t.nodes().len(), 3);
    }

    #[test]
    fn shards_reply_skips_failed_nodes_and_slotless_shards() {
        let reply = value(
            b"*2\r\n%2\r\n$5\r\nslots\r\n*2\r\n:0\r\n:16383\r\n$5\r\nnodes\r\n*2\r\n\
              %4\r\n$4\r\nport\r\n:7000\r\n$8\r\nendpoint\r\n$1\r\na\r\n$4\r\nrole\r\n$6\r\nmaster\r\n$6\r\nhealth\r\n$6\r\nonline\r\n\
              %4\r\n$4\r\nport\r\n:7001\r\n$8\r\nendpoint\r\n$1\r\nb\r\n$4\r\nrole\r\n$7\r\nreplica\r\n$6\r\nhealth\r\n$4\r\nfail\r\n\
              %2\r\n$5\r\nslots\r\n*0\r\n$5\r\nnodes\r\n*0\r\n",
        );
        let t = parse_shards(&reply, "x").unwrap();
        assert!(t.is_complete());
        let s = t.shard(42).unwrap();
        assert_eq!(&*s.primary, "a:7000");
        assert!(s.replicas.is_empty());
    }

    #[test]
    fn moved_patches_one_slot_and_adds_unknown_primaries() {
        let mut t = Topology::from_shards(vec![(
            vec![(0, 16383)],
            Shard {
                primary: "a:1".into(),
                replicas: vec![],
            },
        )]);
        t.set_primary(7, &"b:2".into());
        assert_eq!(&*t.shard(7).unwrap().primary, "b:2");
        assert_eq!(&*t.shard(8).unwrap().primary, "a:1");
        assert!(t.knows("b:2"));
        assert_eq!(t.primaries().len(), 2);
    }

    #[test]
    fn unserved_slots_keep_their_last_known_primary() {
        let shard = |p: &str| Shard {
            primary: p.into(),
            replicas: vec![],
        };
        let old = Topology::from_shards(vec![(vec![(0, 16383)], shard("a:1"))]);
        let mut new = Topology::from_shards(vec![(vec![(0, 99)], shard("b:2"))]);
        assert!(!new.is_complete());
        new.fill_from(&old);
        assert!(new.is_complete());
        assert_eq!(&*new.shard(5).unwrap().primary, "b:2");
        assert_eq!(&*new.shard(100).unwrap().primary, "a:1");
    }

    #[test]
    fn garbage_replies_are_refused() {
        assert!(parse_slots(&Value::Int(3), "x").is_none());
        assert!(parse_shards(&value(b"*1\r\n:1\r\n"), "x").is_none());
        assert_eq!(split_addr("::1:7000"), Some(("::1", 7000)));
        assert_eq!(split_addr("[::1]:7000"), Some(("::1", 7000)));
        assert_eq!(split_addr("nope"), None);
    }
}
