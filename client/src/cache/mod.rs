//! Client-side caching: replies of reads kept in the client, served without a round trip,
//! and dropped when the server says (RESP3 `CLIENT TRACKING`) that their key changed.
// Layout (private modules, for readers of the source):
//
// - `config`: [`CacheConfig`] and [`Tracking`] (default, broadcast, opt-in).
// - `policy`: which commands may be cached (spec flags plus a reviewed list).
// - `shard`: one lock's worth of entries: LRU order, bounds, per-key generations.
// - this file: the sharded `Cache` a client consults, the invalidation pushes, the
//   counters ([`CacheStats`]), and [`Cached`] for opt-in reads.
//!
//! # What a cached read guarantees
//!
//! A hit returns the reply the server gave for the same command bytes, unchanged since
//! by anything the server told the client about: no value older than the last write
//! whose invalidation this client has received is ever served. The one race there is,
//! a read whose reply was on its way while the server invalidated its key, is closed by
//! generations: a read notes its key's generation as it begins, every invalidation of the
//! key bumps it, and the reply is cached only if it did not move (the reader task applies
//! invalidations in the order the server sent them, after the replies before them).
//! Everything is flushed when the connection is lost, when it is opened again (the server
//! forgets its tracking with the connection), on `FLUSHALL`/`FLUSHDB` (an invalidation
//! without keys) and on `tracking-redir-broken`.
//!
//! The client's own writes (single commands, pipelines, transactions, blocking commands)
//! drop their keys as soon as their reply is in, before the caller sees it: a read right
//! after a write of one's own never returns the value it replaced, even though the
//! server's invalidation for it comes later (or, for a dedicated connection, on another
//! socket). Entries are copies, so the cache's byte bound is what it keeps alive; an
//! `MGET`'s nil parts are not kept (nil there also stands for a key of another type, where
//! `GET` answers `WRONGTYPE`). `CLIENT TRACKING` is refused on a client with a cache.

mod config;
mod policy;
mod shard;

pub use config::{CacheConfig, Tracking};

use crate::cmd::{Command, CommandFlags, Request};
use crate::support::sync;
use crate::wire::length_line;
use crate::wire::write;
use crate::wire::Frame;
use crate::wire::FrameScanner;
use bytes::Bytes;
pub(crate) use policy::changes_tracking;
use policy::{get_of, shape, Shape};
use shard::{Mark, Shard};
use std::hash::BuildHasher;
use std::sync::{Arc, Mutex, MutexGuard};

/// Counters of a client-side cache, in [`ClientStats::cache`](crate::ClientStats::cache).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct CacheStats {
    /// Reads served from the cache.
    pub hits: u64,
    /// Cacheable reads sent to the server (an `MGET` counts one per key).
    pub misses: u64,
    /// Entries dropped because the server said their key changed (flushes included).
    pub invalidations: u64,
    /// Entries dropped to make room, or past their time to live.
    pub evictions: u64,
    /// Entries held now.
    pub entries: usize,
    /// Bytes they count for (see [`CacheConfig::max_bytes`]).
    pub bytes: usize,
    /// Times the whole cache was flushed (lost connection, `FLUSHALL`, ...).
    pub flushes: u64,
}

impl CacheStats {
    /// Adds `other`'s counts to these (the caches of a cluster's nodes, added up).
    #[cfg(feature = "cluster")]
    pub(crate) fn add(&mut self, other: &CacheStats) {
        self.hits += other.hits;
        self.misses += other.misses;
        self.invalidations += other.invalidations;
        self.evictions += other.evictions;
        self.entries += other.entries;
        self.bytes += other.bytes;
        self.flushes += other.flushes;
    }
}

/// A read to be cached under [`Tracking::OptIn`]: the client sends `CLIENT CACHING YES`
/// just before it, so the server tracks its key. Under the other modes it changes
/// nothing (every cacheable read is cached).
///
/// ```no_run
/// # async fn demo(client: typedis::Client) -> Result<(), typedis::Error> {
/// use typedis::b;
/// use typedis::cache::Cached;
///
/// let hot = client.query(Cached(b().get().key("config:colour"))).await?; // cached
/// let cold = client.query(b().get().key("report:2026")).await?; // not cached
/// # let _ = (hot, cold); Ok(()) }
/// ```
#[derive(Debug, Clone)]
pub struct Cached<R>(pub R);

impl<R: Request> Request for Cached<R> {
    type Reply = R::Reply;

    fn into_command(self) -> Command {
        let mut command = self.0.into_command();
        command.p.cache_opt_in = true;
        command
    }
}

/// The cache of one client.
pub(crate) struct Cache {
    shards: Box<[Mutex<Shard>]>,
    hasher: std::collections::hash_map::RandomState,
    tracking: Tracking,
    flushes: std::sync::atomic::AtomicU64,
}

/// What the cache says about a command about to be sent.
pub(crate) enum Lookup<'a> {
    /// Its reply, from the cache.
    Hit(Frame),
    /// Not cached yet: send it, then hand the reply to the read.
    Miss(Read<'a>),
    /// Not for the cache.
    Bypass,
}

/// A cacheable read in flight.
pub(crate) struct Read<'a> {
    cache: &'a Cache,
    /// The keys read, each with what it is cached under and its mark; several for an
    /// `MGET`.
    parts: Vec<Part>,
    /// An `MGET` (its reply is split into parts).
    split: bool,
    /// `CLIENT CACHING YES` must go first.
    pub(crate) opt_in: bool,
}

struct Part {
    shard: usize,
    key: Bytes,
    command: Bytes,
    mark: Mark,
}

impl Cache {
    pub(crate) fn new(config: &CacheConfig) -> Cache {
        // One shard per 64 entries, up to 16: a small cache keeps an exact LRU order.
        let want = (config.max_entries / 64).clamp(1, 16);
        let n = 1usize << (usize::BITS - 1 - want.leading_zeros());
        let shards = (0..n)
            .map(|_| {
                Mutex::new(Shard::new(
                    config.max_entries / n,
                    config.max_bytes / n,
                    config.ttl,
                ))
            })
            .collect();
        Cache {
            shards,
            hasher: std::collections::hash_map::RandomState::new(),
            tracking: config.tracking.clone(),
            flushes: std::sync::atomic::AtomicU64::new(0),
        }
    }

    fn shard_of(&self, key: &[u8]) -> usize {
        (self.hasher.hash_one(key) as usize) & (self.shards.len() - 1)
    }

    fn lock(&self, i: usize) -> MutexGuard<'_, Shard> {
        // Every critical section leaves the shard consistent: poisoning cannot matter.
        sync::lock(&self.shards[i])
    }

    /// Whether a read of `key` may be cached under the tracking mode.
    fn tracks(&self, key: &[u8], command: &Command) -> bool {
        match &self.tracking {
            Tracking::Default => true,
            Tracking::Broadcast(prefixes) => {
                prefixes.is_empty() || prefixes.iter().any(|p| key.starts_with(p))
            }
            Tracking::OptIn => command.p.cache_opt_in,
        }
    }

    /// Looks `command` up: its cached reply, or a read to hand the reply to.
    pub(crate) fn lookup(&self, command: &Command) -> Lookup<'_> {
        match shape(command) {
            Shape::No => Lookup::Bypass,
            Shape::One(key) => {
                if !self.tracks(key, command) {
                    return Lookup::Bypass;
                }
                let i = self.shard_of(key);
                let mut shard = self.lock(i);
                if let Some(frame) = shard.get(command.as_bytes()) {
                    return Lookup::Hit(frame);
                }
                let key = Bytes::copy_from_slice(key);
                let mark = shard.begin(&key);
                drop(shard);
                Lookup::Miss(Read {
                    cache: self,
                    parts: vec![Part {
                        shard: i,
                        key,
                        command: Bytes::copy_from_slice(command.as_bytes()),
                        mark,
                    }],
                    split: false,
                    opt_in: matches!(self.tracking, Tracking::OptIn),
                })
            }
            Shape::Parts => self.lookup_parts(command),
        }
    }

    /// An `MGET`: a hit when every key's `GET` is cached, else a read of them all.
    fn lookup_parts(&self, command: &Command) -> Lookup<'_> {
        let keys: Vec<&[u8]> = command.keys().collect();
        if keys.is_empty() || !keys.iter().all(|k| self.tracks(k, command)) {
            return Lookup::Bypass;
        }
        #[allow(
            clippy::disallowed_methods,
            reason = "one slot per key of the client's own command"
        )]
        let mut found = Vec::with_capacity(keys.len());
        for key in &keys {
            match self.lock(self.shard_of(key)).get(&get_of(key)) {
                Some(frame) => found.push(frame),
                None => break,
            }
        }
        if found.len() == keys.len() {
            let mut out = Vec::new();
            write::header(&mut out, b'*', keys.len());
            for frame in &found {
                out.extend_from_slice(frame.as_bytes());
            }
            return Lookup::Hit(Frame::from_scanned(Bytes::from(out)));
        }
        let parts = keys
            .iter()
            .map(|key| {
                let shard = self.shard_of(key);
                let key = Bytes::copy_from_slice(key);
                let mark = self.lock(shard).begin(&key);
                Part {
                    shard,
                    command: Bytes::from(get_of(&key)),
                    key,
                    mark,
                }
            })
            .collect();
        Lookup::Miss(Read {
            cache: self,
            parts,
            split: true,
            opt_in: matches!(self.tracking, Tracking::OptIn),
        })
    }

    /// Applies a push of the shared connection: `invalidate` with keys drops those keys,
    /// `invalidate` without (`FLUSHALL`, `FLUSHDB`) and `tracking-redir-broken` drop
    /// everything. Other pushes are not the cache's.
    pub(crate) fn on_push(&self, frame: &Frame) {
        let Ok((kind, keys)) = frame.decode::<(&[u8], Option<Vec<&[u8]>>)>() else {
            // Not an invalidation's shape; `tracking-redir-broken` has a number instead.
            if let Ok((kind, _)) = frame.decode::<(&[u8], crate::resp::value::Value)>() {
                if kind == b"tracking-redir-broken" {
                    self.flush();
                }
            }
            return;
        };
        match (kind, keys) {
            (b"invalidate", Some(keys)) => {
                for key in keys {
                    self.lock(self.shard_of(key)).invalidate(key);
                }
            }
            (b"invalidate", None) | (b"tracking-redir-broken", _) => self.flush(),
            _ => {}
        }
    }

    /// A write of this client's own whose reply is in: its keys are dropped (everything,
    /// for `FLUSHALL`/`FLUSHDB`) before the caller sees the reply. The server's
    /// invalidation for it comes after the reply, maybe in a later read of the socket, or
    /// after the reply of a dedicated connection (transactions, blocking commands): too
    /// late for a read the caller makes at once.
    pub(crate) fn wrote(&self, command: &Command) {
        if !command.flags().contains(CommandFlags::WRITE) {
            return;
        }
        if matches!(command.name(), "FLUSHALL" | "FLUSHDB") {
            self.flush();
            return;
        }
        for key in command.keys() {
            self.lock(self.shard_of(key)).invalidate(key);
        }
    }

    /// Drops everything; reads in flight will not cache what they read.
    pub(crate) fn flush(&self) {
        self.flushes
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        for i in 0..self.shards.len() {
            self.lock(i).flush();
        }
    }

    pub(crate) fn stats(&self) -> CacheStats {
        let mut stats = CacheStats {
            flushes: self.flushes.load(std::sync::atomic::Ordering::Relaxed),
            ..CacheStats::default()
        };
        for i in 0..self.shards.len() {
            let c = self.lock(i).counts;
            stats.hits += c.hits;
            stats.misses += c.misses;
            stats.invalidations += c.invalidations;
            stats.evictions += c.evictions;
            stats.entries += c.entries;
            stats.bytes += c.bytes;
        }
        stats
    }
}

/// The writes of a pipeline or transaction, which [`Cache::wrote`] is told of once their
/// replies are in. Empty, and costing nothing, for a client without a cache.
#[derive(Default)]
pub(crate) struct Writes {
    cache: Option<Arc<Cache>>,
    commands: Vec<Command>,
}

impl Writes {
    pub(crate) fn new(cache: Option<&Arc<Cache>>) -> Writes {
        Writes {
            cache: cache.cloned(),
            commands: Vec::new(),
        }
    }

    /// Keeps `command` if it writes and there is a cache to tell.
    #[inline]
    pub(crate) fn note(&mut self, command: &Command) {
        if self.cache.is_some() && command.flags().contains(CommandFlags::WRITE) {
            self.commands.push(command.clone());
        }
    }

    /// Writes of `command` alone, told to the same cache.
    pub(crate) fn one(&self, command: &Command) -> Writes {
        let mut writes = Writes::new(self.cache.as_ref());
        writes.note(command);
        writes
    }

    /// The replies are in: the cache drops what the writes changed.
    pub(crate) fn done(self) {
        if let Some(cache) = self.cache {
            for command in &self.commands {
                cache.wrote(command);
            }
        }
    }
}

impl Read<'_> {
    /// The reply came: cache it (an `MGET`'s, part by part), unless it is an error or an
    /// invalidation overtook it.
    pub(crate) fn finish(mut self, frame: &Frame) {
        let parts = std::mem::take(&mut self.parts);
        let replies: Vec<Option<Frame>> = if frame.is_error() {
            vec![None; parts.len()]
        } else if self.split {
            // A nil part is not kept: `MGET` says nil for a key of another type, where
            // `GET` says `-WRONGTYPE`.
            match split(frame, parts.len()) {
                Some(elements) => elements
                    .into_iter()
                    .map(|f| (!f.is_null()).then(|| own(&f)))
                    .collect(),
                None => vec![None; parts.len()],
            }
        } else {
            vec![Some(own(frame))]
        };
        for (part, reply) in parts.into_iter().zip(replies) {
            let reply = reply.map(|f| (part.command, f));
            self.cache.lock(part.shard).end(&part.key, part.mark, reply);
        }
    }
}

impl Drop for Read<'_> {
    fn drop(&mut self) {
        // The read failed or was cancelled: its keys' readers are done.
        for part in self.parts.drain(..) {
            self.cache.lock(part.shard).end(&part.key, part.mark, None);
        }
    }
}

/// A copy of `frame` in a buffer of its own: a frame read from the connection is a slice of
/// a read buffer that also held other replies, which the cache must not keep alive (its
/// byte bound counts the frame alone).
fn own(frame: &Frame) -> Frame {
    Frame::from_scanned(Bytes::copy_from_slice(frame.as_bytes()))
}

/// The `n` elements of an array reply, as frames of their own (slices of it).
fn split(frame: &Frame, n: usize) -> Option<Vec<Frame>> {
    let bytes = frame.as_bytes();
    if bytes.first() != Some(&b'*') {
        return None;
    }
    let (count, header) = length_line(bytes, 1).ok()??;
    if count != n as u64 {
        return None;
    }
    let mut scanner = FrameScanner::new();
    let mut at = header;
    #[allow(
        clippy::disallowed_methods,
        reason = "`n` is the number of the client's own keys, checked against the reply's count above"
    )]
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        let len = scanner.scan(&bytes[at..]).ok()??;
        out.push(Frame::from_scanned(bytes.slice(at..at + len)));
        at += len;
    }
    Some(out)
}

#[cfg(test)]
mod tests;
