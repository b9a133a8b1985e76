//! One shard of the client-side cache: entries (a command's bytes and its reply frame)
//! in least-recently-used order, bounded by count and bytes, and per key what depends on
//! it: its entries, the reads of it in flight, and how many times it was invalidated
//! (its generation), so that a read that raced an invalidation is not cached.

use crate::wire::Frame;
use bytes::Bytes;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// Bytes an entry counts for beyond its command, key and reply.
pub(super) const OVERHEAD: usize = 96;

const NIL: usize = usize::MAX;

struct Entry {
    command: Bytes,
    key: Bytes,
    frame: Frame,
    size: usize,
    inserted: Instant,
    /// Neighbours in recency order: `prev` is more recent.
    prev: usize,
    next: usize,
}

#[derive(Default)]
struct KeyState {
    /// Slots of the entries that hold a reply about this key.
    slots: Vec<usize>,
    /// Reads of this key in flight.
    readers: u32,
    /// Invalidations of this key seen while a read of it was in flight.
    generation: u64,
}

/// What a read in flight took note of as it began.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Mark {
    generation: u64,
    flushes: u64,
}

/// Counters of one shard.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct Counts {
    pub(super) hits: u64,
    pub(super) misses: u64,
    pub(super) invalidations: u64,
    pub(super) evictions: u64,
    pub(super) entries: usize,
    pub(super) bytes: usize,
}

pub(super) struct Shard {
    slots: Vec<Option<Entry>>,
    free: Vec<usize>,
    by_command: HashMap<Bytes, usize>,
    keys: HashMap<Bytes, KeyState>,
    head: usize,
    tail: usize,
    max_entries: usize,
    max_bytes: usize,
    ttl: Option<Duration>,
    /// Times the whole shard was flushed.
    flushes: u64,
    pub(super) counts: Counts,
}

impl Shard {
    pub(super) fn new(max_entries: usize, max_bytes: usize, ttl: Option<Duration>) -> Shard {
        Shard {
            slots: Vec::new(),
            free: Vec::new(),
            by_command: HashMap::new(),
            keys: HashMap::new(),
            head: NIL,
            tail: NIL,
            max_entries: max_entries.max(1),
            max_bytes,
            ttl,
            flushes: 0,
            counts: Counts::default(),
        }
    }

    fn slot(&self, i: usize) -> &Entry {
        self.slots[i].as_ref().expect("a linked slot is filled")
    }

    fn slot_mut(&mut self, i: usize) -> &mut Entry {
        self.slots[i].as_mut().expect("a linked slot is filled")
    }

    fn unlink(&mut self, i: usize) {
        let (prev, next) = {
            let s = self.slot(i);
            (s.prev, s.next)
        };
        match prev {
            NIL => self.head = next,
            p => self.slot_mut(p).next = next,
        }
        match next {
            NIL => self.tail = prev,
            n => self.slot_mut(n).prev = prev,
        }
    }

    fn push_front(&mut self, i: usize) {
        let head = self.head;
        {
            let s = self.slot_mut(i);
            s.prev = NIL;
            s.next = head;
        }
        match head {
            NIL => self.tail = i,
            h => self.slot_mut(h).prev = i,
        }
        self.head = i;
    }

    /// The reply cached for `command`, made the most recent; an entry past its time to
    /// live is dropped instead.
    pub(super) fn get(&mut self, command: &[u8]) -> Option<Frame> {
        let Some(&i) = self.by_command.get(command) else {
            self.counts.misses += 1;
            return None;
        };
        if self
            .ttl
            .is_some_and(|ttl| self.slot(i).inserted.elapsed() >= ttl)
        {
            self.remove(i);
            self.counts.evictions += 1;
            self.counts.misses += 1;
            return None;
        }
        if self.head != i {
            self.unlink(i);
            self.push_front(i);
        }
        self.counts.hits += 1;
        Some(self.slot(i).frame.clone())
    }

    /// A read of `key` begins: what it must find unchanged to cache its reply.
    pub(super) fn begin(&mut self, key: &Bytes) -> Mark {
        let state = self.keys.entry(key.clone()).or_default();
        state.readers += 1;
        Mark {
            generation: state.generation,
            flushes: self.flushes,
        }
    }

    /// A read of `key` that began at `mark` ended; `reply` (command, frame) is cached when
    /// given and nothing invalidated the key or flushed the shard meanwhile.
    pub(super) fn end(&mut self, key: &Bytes, mark: Mark, reply: Option<(Bytes, Frame)>) {
        let Some(state) = self.keys.get_mut(key) else {
            return;
        };
        state.readers = state.readers.saturating_sub(1);
        let unchanged = state.generation == mark.generation && self.flushes == mark.flushes;
        if let (true, Some((command, frame))) = (unchanged, reply) {
            self.insert(key.clone(), command, frame);
        }
        self.forget_if_unused(key);
    }

    fn forget_if_unused(&mut self, key: &Bytes) {
        if self
            .keys
            .get(key)
            .is_some_and(|s| s.readers == 0 && s.slots.is_empty())
        {
            self.keys.remove(key);
        }
    }

    fn insert(&mut self, key: Bytes, command: Bytes, frame: Frame) {
        let size = command.len() + key.len() + frame.as_bytes().len() + OVERHEAD;
        if size > self.max_bytes {
            return;
        }
        if let Some(&old) = self.by_command.get(&command) {
            self.remove(old);
        }
        while self.tail != NIL
            && (self.counts.entries >= self.max_entries
                || self.counts.bytes + size > self.max_bytes)
        {
            self.remove(self.tail);
            self.counts.evictions += 1;
        }
        let slot = Entry {
            command: command.clone(),
            key: key.clone(),
            frame,
            size,
            inserted: Instant::now(),
            prev: NIL,
            next: NIL,
        };
        let i = match self.free.pop() {
            Some(i) => {
                self.slots[i] = Some(slot);
                i
            }
            None => {
                self.slots.push(Some(slot));
                self.slots.len() - 1
            }
        };
        self.push_front(i);
        self.by_command.insert(command, i);
        self.keys.entry(key).or_default().slots.push(i);
        self.counts.entries += 1;
        self.counts.bytes += size;
    }

    fn remove(&mut self, i: usize) {
        self.unlink(i);
        let slot = self.slots[i].take().expect("a linked slot is filled");
        self.free.push(i);
        self.by_command.remove(&slot.command);
        if let Some(state) = self.keys.get_mut(&slot.key) {
            state.slots.retain(|&s| s != i);
        }
        self.forget_if_unused(&slot.key);
        self.counts.entries -= 1;
        self.counts.bytes -= slot.size;
    }

    /// The server said `key` changed: its entries go, and reads of it in flight will not
    /// cache what they read.
    pub(super) fn invalidate(&mut self, key: &[u8]) {
        let Some(state) = self.keys.get_mut(key) else {
            return;
        };
        state.generation += 1;
        let slots = std::mem::take(&mut state.slots);
        self.counts.invalidations += slots.len() as u64;
        for i in slots {
            self.remove(i);
        }
    }

    /// Everything goes, and no read in flight caches what it read.
    pub(super) fn flush(&mut self) {
        self.flushes += 1;
        self.counts.invalidations += self.counts.entries as u64;
        self.slots.clear();
        self.free.clear();
        self.by_command.clear();
        self.keys.retain(|_, s| {
            s.slots.clear();
            s.readers > 0
        });
        self.head = NIL;
        self.tail = NIL;
        self.counts.entries = 0;
        self.counts.bytes = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(v: &str) -> Frame {
        Frame::from_slice(format!("${}\r\n{v}\r\n", v.len()).as_bytes()).unwrap()
    }

    fn cached(shard: &mut Shard, key: &'static str, command: &'static str, v: &str) {
        let key = Bytes::from_static(key.as_bytes());
        let mark = shard.begin(&key);
        shard.end(
            &key,
            mark,
            Some((Bytes::from_static(command.as_bytes()), frame(v))),
        );
    }

    #[test]
    fn the_least_recently_used_entry_goes_first() {
        let mut s = Shard::new(2, 1 << 20, None);
        cached(&mut s, "a", "GET a", "1");
        cached(&mut s, "b", "GET b", "2");
        assert!(s.get(b"GET a").is_some());
        cached(&mut s, "c", "GET c", "3");
        assert!(s.get(b"GET b").is_none(), "b was the least recently used");
        assert!(s.get(b"GET a").is_some() && s.get(b"GET c").is_some());
        assert_eq!((s.counts.entries, s.counts.evictions), (2, 1));
        assert!(
            s.keys.len() == 2,
            "a key without entries or readers is forgotten"
        );
    }

    #[test]
    fn bytes_bound_the_shard_and_an_entry_too_large_is_not_kept() {
        let one = "GET a".len() + 1 + frame("x").as_bytes().len() + OVERHEAD;
        let mut s = Shard::new(100, 2 * one, None);
        cached(&mut s, "a", "GET a", "x");
        cached(&mut s, "b", "GET b", "x");
        cached(&mut s, "c", "GET c", "x");
        assert_eq!(s.counts.entries, 2);
        assert!(s.counts.bytes <= 2 * one);
        cached(&mut s, "d", "GET d", &"y".repeat(4 * one));
        assert!(s.get(b"GET d").is_none());
        assert_eq!(s.counts.entries, 2);
    }

    #[test]
    fn a_read_that_raced_an_invalidation_or_a_flush_is_not_cached() {
        let mut s = Shard::new(10, 1 << 20, None);
        let key = Bytes::from_static(b"k");
        let mark = s.begin(&key);
        s.invalidate(b"k");
        s.end(
            &key,
            mark,
            Some((Bytes::from_static(b"GET k"), frame("old"))),
        );
        assert!(s.get(b"GET k").is_none());
        let mark = s.begin(&key);
        s.flush();
        s.end(
            &key,
            mark,
            Some((Bytes::from_static(b"GET k"), frame("old"))),
        );
        assert!(s.get(b"GET k").is_none());
        assert!(s.keys.is_empty());
        // Without a race, it is.
        cached(&mut s, "k", "GET k", "new");
        assert!(s.get(b"GET k").is_some());
        s.invalidate(b"k");
        assert!(s.get(b"GET k").is_none());
        assert_eq!(s.counts.invalidations, 1);
    }

    #[test]
    fn entries_past_their_time_to_live_are_misses() {
        let mut s = Shard::new(10, 1 << 20, Some(Duration::from_millis(20)));
        cached(&mut s, "k", "GET k", "v");
        assert!(s.get(b"GET k").is_some());
        std::thread::sleep(Duration::from_millis(30));
        assert!(s.get(b"GET k").is_none());
        assert_eq!(s.counts.entries, 0);
    }

    #[test]
    fn several_commands_on_one_key_go_together() {
        let mut s = Shard::new(10, 1 << 20, None);
        cached(&mut s, "h", "HGET h a", "1");
        cached(&mut s, "h", "HGETALL h", "x");
        s.invalidate(b"h");
        assert_eq!(s.counts.entries, 0);
        assert!(s.get(b"HGET h a").is_none() && s.get(b"HGETALL h").is_none());
    }
}
