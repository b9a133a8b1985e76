//! Cluster hash slots: CRC16 (XMODEM) of a key, or of its `{hashtag}`, modulo 16384.

/// Number of hash slots in a Redis Cluster.
pub const SLOT_COUNT: u16 = 16384;

/// Where a command's keys live in a Redis Cluster.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Slot {
    /// The command has no key: any node can serve it (or its request policy decides).
    #[default]
    None,
    /// Every key of the command hashes to this slot.
    One(u16),
    /// The keys hash to different slots: a cluster rejects the command with `CROSSSLOT`.
    Cross,
}

impl Slot {
    /// The slot after one more key that hashes to `slot` is added.
    #[inline]
    #[must_use]
    pub fn with(self, slot: u16) -> Slot {
        match self {
            Slot::None => Slot::One(slot),
            Slot::One(s) if s == slot => self,
            _ => Slot::Cross,
        }
    }

    /// The single slot, if the command has keys and they all hash to one slot.
    pub fn get(self) -> Option<u16> {
        match self {
            Slot::One(s) => Some(s),
            Slot::None | Slot::Cross => None,
        }
    }
}

/// The CRC16 table of the XMODEM polynomial (0x1021) that Redis Cluster uses, computed at
/// compile time.
const CRC16_TABLE: [u16; 256] = {
    let mut table = [0u16; 256];
    let mut i = 0;
    while i < 256 {
        let mut crc = (i as u16) << 8;
        let mut bit = 0;
        while bit < 8 {
            crc = if crc & 0x8000 != 0 {
                (crc << 1) ^ 0x1021
            } else {
                crc << 1
            };
            bit += 1;
        }
        table[i] = crc;
        i += 1;
    }
    table
};

/// CRC16/XMODEM of `data`, as Redis Cluster computes it.
pub fn crc16(data: &[u8]) -> u16 {
    data.iter().fold(0u16, |crc, &b| {
        (crc << 8) ^ CRC16_TABLE[usize::from((crc >> 8) as u8 ^ b)]
    })
}

/// The hash slot of `key`: if the key holds a non-empty `{...}` section, only the bytes
/// between the first `{` and the next `}` are hashed, so related keys can share a slot.
pub fn key_slot(key: &[u8]) -> u16 {
    crc16(hash_tag(key)) % SLOT_COUNT
}

/// The first `byte` in `hay`: a plain loop for the short keys most commands carry, where
/// calling into `memchr` costs more than it saves.
fn find(byte: u8, hay: &[u8]) -> Option<usize> {
    if hay.len() <= 32 {
        hay.iter().position(|&b| b == byte)
    } else {
        memchr::memchr(byte, hay)
    }
}

/// The part of `key` that is hashed (the rule of the Redis Cluster specification).
fn hash_tag(key: &[u8]) -> &[u8] {
    if let Some(open) = find(b'{', key) {
        let rest = &key[open + 1..];
        if let Some(close) = find(b'}', rest) {
            if close > 0 {
                return &rest[..close];
            }
        }
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc16_matches_the_reference_check_value() {
        // The check value of CRC-16/XMODEM given in the Redis Cluster specification.
        assert_eq!(crc16(b"123456789"), 0x31C3);
        assert_eq!(crc16(b""), 0);
    }

    #[test]
    fn key_slot_matches_values_redis_reports() {
        assert_eq!(key_slot(b"foo"), 12182);
        assert_eq!(key_slot(b"bar"), 5061);
        assert_eq!(key_slot(b"hello"), 866);
        assert_eq!(key_slot(b""), 0);
    }

    #[test]
    fn hashtag_keys_share_a_slot() {
        assert_eq!(
            key_slot(b"{user1000}.following"),
            key_slot(b"{user1000}.followers")
        );
        assert_eq!(key_slot(b"{user1000}.following"), key_slot(b"user1000"));
    }

    #[test]
    fn empty_or_unclosed_hashtag_hashes_the_whole_key() {
        assert_eq!(hash_tag(b"foo{}{bar}"), b"foo{}{bar}");
        assert_eq!(hash_tag(b"foo{{bar}}zap"), b"{bar");
        assert_eq!(hash_tag(b"foo{bar}{zap}"), b"bar");
        assert_eq!(hash_tag(b"foo{bar"), b"foo{bar");
        assert_eq!(hash_tag(b"}foo{"), b"}foo{");
    }

    #[test]
    fn slot_accumulates_keyless_one_and_cross() {
        let s = Slot::None;
        assert_eq!(s.get(), None);
        let s = s.with(5);
        assert_eq!(s, Slot::One(5));
        assert_eq!(s.with(5), Slot::One(5));
        assert_eq!(s.with(6), Slot::Cross);
        assert_eq!(Slot::Cross.with(5), Slot::Cross);
    }
}
