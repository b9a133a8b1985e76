//! The slot map: which shard (a primary and its replicas) serves each of the 16384 hash
//! slots, read from `CLUSTER SHARDS` (Redis 7) or `CLUSTER SLOTS` (older servers), and
//! patched slot by slot as `MOVED` redirects arrive.
//!
//! Over 500 lines: because of its unit tests (from line 384).

use super::addr_map::AddrMap;
use crate::cmd::SLOT_COUNT;
use crate::resp::value::Value;
use std::collections::HashSet;
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
///
/// Everything a command's routing asks of it is O(1): the shard of a slot is an index, and
/// the primaries that serve slots are kept in a list, updated only when a shard gains its
/// first slot or loses its last. A `MOVED` patches one slot in O(1) (a hash lookup of the
/// named primary); comparing two maps is one pass over the slots with no string compares.
#[derive(Debug, Clone)]
pub(crate) struct Topology {
    /// Index into `shards` for every slot, or [`UNSERVED`].
    slots: Vec<u16>,
    shards: Vec<Shard>,
    /// The index of each primary's shard.
    by_primary: AddrMap<u16>,
    /// How many slots each shard serves.
    counts: Vec<u16>,
    /// The shards that serve at least one slot, in shard order.
    live: Vec<u16>,
    /// How many slots have a shard.
    served: usize,
}

impl Topology {
    fn empty() -> Topology {
        Topology {
            slots: vec![UNSERVED; usize::from(SLOT_COUNT)],
            shards: Vec::new(),
            by_primary: AddrMap::default(),
            counts: Vec::new(),
            live: Vec::new(),
            served: 0,
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
                    t.assign(slot, index);
                }
            }
        }
        t.relist();
        t
    }

    /// Gives `slot` to shard `index`, keeping the counts; returns whether a shard gained
    /// its first slot or lost its last (the list of live shards is then out of date).
    fn assign(&mut self, slot: u16, index: u16) -> bool {
        let Some(s) = self.slots.get_mut(usize::from(slot)) else {
            return false;
        };
        let old = std::mem::replace(s, index);
        if old == index {
            return false;
        }
        let mut changed = false;
        match self.counts.get_mut(usize::from(old)) {
            Some(c) => {
                *c -= 1;
                changed |= *c == 0;
            }
            None => self.served += 1,
        }
        match self.counts.get_mut(usize::from(index)) {
            Some(c) => {
                *c += 1;
                changed |= *c == 1;
            }
            None => self.served -= 1,
        }
        changed
    }

    /// Lists again the shards that serve slots.
    fn relist(&mut self) {
        self.live = (0..self.shards.len())
            .filter(|&i| self.counts[i] > 0)
            .filter_map(|i| u16::try_from(i).ok())
            .collect();
    }

    /// The shard serving `slot`.
    pub(crate) fn shard(&self, slot: u16) -> Option<&Shard> {
        let index = *self.slots.get(usize::from(slot))?;
        self.shards.get(usize::from(index))
    }

    /// Whether every slot has a shard.
    pub(crate) fn is_complete(&self) -> bool {
        self.served == usize::from(SLOT_COUNT)
    }

    /// How many slots have a shard.
    pub(crate) fn served(&self) -> usize {
        self.served
    }

    /// Records what a `MOVED` says: `slot` is now served by the primary at `addr`.
    pub(crate) fn set_primary(&mut self, slot: u16, addr: &NodeAddr) {
        let index = self.index_of(addr, None);
        if self.assign(slot, index) {
            self.relist();
        }
    }

    /// Whether `addr` is the primary of a shard that serves slots.
    pub(crate) fn is_primary(&self, addr: &str) -> bool {
        self.by_primary
            .get(addr)
            .is_some_and(|&i| self.counts.get(usize::from(i)).is_some_and(|&c| c > 0))
    }

    /// The shard whose primary is `addr`, added if unknown (its replicas are set when
    /// given).
    fn index_of(&mut self, addr: &NodeAddr, replicas: Option<&[NodeAddr]>) -> u16 {
        let index = match self.by_primary.get(addr) {
            Some(&i) => i,
            None => {
                // At most one shard per slot plus a few announced by redirects: far below
                // u16::MAX.
                let Ok(i) = u16::try_from(self.shards.len()) else {
                    return UNSERVED;
                };
                if i == UNSERVED {
                    return UNSERVED;
                }
                self.shards.push(Shard {
                    primary: addr.clone(),
                    replicas: Vec::new(),
                });
                self.counts.push(0);
                self.by_primary.insert(addr.clone(), i);
                i
            }
        };
        if let Some(replicas) = replicas {
            self.shards[usize::from(index)].replicas = replicas.to_vec();
        }
        index
    }

    /// The primaries that serve at least one slot, each once, in shard order.
    pub(crate) fn primaries(&self) -> Vec<NodeAddr> {
        self.live
            .iter()
            .map(|&i| self.shards[usize::from(i)].primary.clone())
            .collect()
    }

    /// The `n`-th primary that serves slots, counting round (for keyless commands, which
    /// any primary may answer).
    pub(crate) fn nth_primary(&self, n: usize) -> Option<&NodeAddr> {
        let count = self.live.len();
        let &i = self.live.get(n % count.max(1))?;
        Some(&self.shards[usize::from(i)].primary)
    }

    /// Every node of a shard that serves slots: primaries, then their replicas.
    pub(crate) fn nodes(&self) -> Vec<NodeAddr> {
        let mut all = self.primaries();
        for &i in &self.live {
            all.extend(self.shards[usize::from(i)].replicas.iter().cloned());
        }
        all
    }

    /// Fills the slots this map leaves unserved (their primary failed and no replica has
    /// taken over yet) from `old`: commands for them keep going to the last known
    /// primary, fail there as unreachable, and ask for the next refresh.
    pub(crate) fn fill_from(&mut self, old: &Topology) {
        if self.is_complete() {
            return;
        }
        for slot in 0..SLOT_COUNT {
            if self.slots[usize::from(slot)] != UNSERVED {
                continue;
            }
            if let Some(shard) = old.shard(slot) {
                let index = self.index_of(&shard.primary, Some(&shard.replicas));
                self.assign(slot, index);
            }
        }
        self.relist();
    }

    /// Whether both maps send every slot to the same primary.
    pub(crate) fn same_routes(&self, other: &Topology) -> bool {
        // Each of this map's shards as the other map's index of the same primary.
        let there: Vec<u16> = self
            .shards
            .iter()
            .map(|s| {
                other
                    .by_primary
                    .get(&s.primary)
                    .copied()
                    .unwrap_or(UNSERVED - 1)
            })
            .collect();
        self.slots.iter().zip(&other.slots).all(|(&a, &b)| {
            if a == UNSERVED || b == UNSERVED {
                a == b
            } else {
                there[usize::from(a)] == b
            }
        })
    }

    /// Every address this map names, primaries and replicas.
    pub(crate) fn addresses(&self) -> HashSet<&str> {
        self.shards
            .iter()
            .flat_map(|s| std::iter::once(&s.primary).chain(&s.replicas))
            .map(|a| &**a)
            .collect()
    }

    /// Whether `addr` is a node of this map.
    #[cfg(test)]
    pub(crate) fn knows(&self, addr: &str) -> bool {
        self.addresses().contains(addr)
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
            if field(&node, "health")
                .is_some_and(|h| bytes_of(h).is_some_and(|h| h.starts_with(b"fail")))
            {
                continue;
            }
            let port = field(&node, "port").and_then(as_u16)?;
            let host = match text("endpoint").or_else(|| text("ip")) {
                Some(h) if h == "?" => continue,
                Some(h) if !h.is_empty() => h,
                _ => asked.to_owned(),
            };
            let addr: NodeAddr = format!("{host}:{port}").into();
            if field(&node, "role").and_then(bytes_of) == Some(b"master") {
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
        .find(|(k, _)| bytes_of(k) == Some(name.as_bytes()))
        .map(|(_, v)| *v)
}

/// A string's bytes, without copying them.
fn bytes_of(v: &Value) -> Option<&[u8]> {
    match v {
        Value::Bulk(b) | Value::SimpleString(b) => Some(b),
        Value::Verbatim { text, .. } => Some(text),
        _ => None,
    }
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
    use crate::wire::Frame;

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
        assert!(!t.is_primary("b:2"));
        t.set_primary(7, &"b:2".into());
        assert_eq!(&*t.shard(7).unwrap().primary, "b:2");
        assert_eq!(&*t.shard(8).unwrap().primary, "a:1");
        assert!(t.knows("b:2"));
        assert!(t.is_primary("b:2"));
        assert_eq!(t.primaries().len(), 2);
        assert!(t.is_complete());
        // Its one slot moved back: b serves none and is no longer listed.
        t.set_primary(7, &"a:1".into());
        assert_eq!(t.primaries(), [NodeAddr::from("a:1")]);
        assert!(!t.is_primary("b:2"));
        assert_eq!(t.served(), usize::from(SLOT_COUNT));
    }

    #[test]
    fn keyless_commands_turn_over_the_primaries_that_serve_slots() {
        let shard = |p: &str| Shard {
            primary: p.into(),
            replicas: vec![format!("{p}r").into()],
        };
        let t = Topology::from_shards(vec![
            (vec![(0, 99)], shard("a:1")),
            (vec![(100, 16383)], shard("b:2")),
            (vec![], shard("c:3")),
        ]);
        let picked: Vec<&str> = (0..4).map(|n| &**t.nth_primary(n).unwrap()).collect();
        assert_eq!(picked, ["a:1", "b:2", "a:1", "b:2"]);
        assert_eq!(t.nodes().len(), 4, "{:?}", t.nodes());
        assert!(Topology::empty().nth_primary(3).is_none());
    }

    #[test]
    fn maps_with_the_same_routes_compare_equal_whatever_their_shard_order() {
        let shard = |p: &str| Shard {
            primary: p.into(),
            replicas: vec![],
        };
        let one = Topology::from_shards(vec![
            (vec![(0, 8000)], shard("a:1")),
            (vec![(8001, 16383)], shard("b:2")),
        ]);
        let other = Topology::from_shards(vec![
            (vec![(8001, 16383)], shard("b:2")),
            (vec![(0, 8000)], shard("a:1")),
        ]);
        assert!(one.same_routes(&other) && other.same_routes(&one));
        let mut moved = other.clone();
        moved.set_primary(5, &"b:2".into());
        assert!(!one.same_routes(&moved));
        let partial = Topology::from_shards(vec![(vec![(0, 8000)], shard("a:1"))]);
        assert!(!one.same_routes(&partial) && !partial.same_routes(&one));
        assert_eq!(partial.served(), 8001);
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
