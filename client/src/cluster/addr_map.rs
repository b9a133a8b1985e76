//! Maps keyed by node address, hashed with FNV-1a instead of the standard library's
//! SipHash: a cluster command looks up its node's connection by address, and hashing an
//! address such as `127.0.0.1:7001` with SipHash cost about 240 instructions per command,
//! with FNV-1a about 95 (callgrind over the `bigcluster` benchmark).
//!
//! The keys are the addresses the cluster itself reports, at most about a thousand; a
//! server that chose addresses to collide could slow the lookups down to a scan of that
//! many, which is no more than it can do by other means.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

/// A map from node address (`topology::NodeAddr`, named here as what it is, so that the
/// topology can use this map without an import circle) to `V`.
pub(crate) type AddrMap<V> = HashMap<Arc<str>, V, BuildHasherDefault<Fnv1a>>;

/// The 64-bit FNV-1a hash.
pub(crate) struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Self {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv1a {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_matches_the_published_test_vectors() {
        let hash = |bytes: &[u8]| {
            let mut h = Fnv1a::default();
            h.write(bytes);
            h.finish()
        };
        assert_eq!(hash(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(hash(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(hash(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn addresses_are_found_by_value() {
        let mut map: AddrMap<u16> = AddrMap::default();
        for port in 7000..8000u16 {
            map.insert(format!("127.0.0.1:{port}").into(), port);
        }
        for port in 7000..8000u16 {
            let addr: Arc<str> = format!("127.0.0.1:{port}").into();
            assert_eq!(map.get(&addr), Some(&port));
        }
        assert_eq!(map.get(&Arc::<str>::from("127.0.0.1:8000")), None);
    }
}
