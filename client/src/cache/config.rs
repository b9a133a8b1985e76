//! [`CacheConfig`]: how large the client-side cache may grow, how long an entry lives,
//! and how the server tracks what the client read ([`Tracking`]).

use std::time::Duration;

/// How the server tells the client what changed (`CLIENT TRACKING`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Tracking {
    /// `CLIENT TRACKING ON`: the server remembers the keys the connection read and says
    /// when one changes. Every cacheable read is cached.
    #[default]
    Default,
    /// `CLIENT TRACKING ON BCAST PREFIX ...`: the server says when any key with one of
    /// these prefixes changes, read or not, and remembers nothing per client. Only reads
    /// of keys with one of the prefixes are cached (with no prefix, every key).
    Broadcast(Vec<Vec<u8>>),
    /// `CLIENT TRACKING ON OPTIN`: only the reads wrapped in [`Cached`](super::Cached) are
    /// tracked (the client sends `CLIENT CACHING YES` before each) and cached.
    OptIn,
}

impl Tracking {
    /// [`Tracking::Broadcast`] for keys with these prefixes.
    ///
    /// ```
    /// use typedis::cache::Tracking;
    ///
    /// let tracking = Tracking::broadcast(["user:", "config:"]);
    /// # let _ = tracking;
    /// ```
    pub fn broadcast<I>(prefixes: I) -> Tracking
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        Tracking::Broadcast(prefixes.into_iter().map(|p| p.as_ref().to_vec()).collect())
    }
}

/// A client-side cache: replies of reads kept in the client and served from there until
/// the server says the key changed. Set with [`Config::cache`](crate::Config::cache).
///
/// ```
/// use std::time::Duration;
/// use typedis::cache::CacheConfig;
///
/// let cache = CacheConfig::new()
///     .max_entries(50_000)
///     .max_bytes(128 << 20)
///     .ttl(Some(Duration::from_secs(300)));
/// let config = typedis::Config::default().cache(cache);
/// # let _ = config;
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CacheConfig {
    pub(crate) max_entries: usize,
    pub(crate) max_bytes: usize,
    pub(crate) ttl: Option<Duration>,
    pub(crate) tracking: Tracking,
}

impl Default for CacheConfig {
    fn default() -> Self {
        CacheConfig::new()
    }
}

impl CacheConfig {
    /// At most 10,000 entries and 64 MiB, no time to live, [`Tracking::Default`].
    pub fn new() -> CacheConfig {
        CacheConfig {
            max_entries: 10_000,
            max_bytes: 64 << 20,
            ttl: None,
            tracking: Tracking::Default,
        }
    }

    /// At most this many entries (at least 1); past it, the least recently used go.
    pub fn max_entries(mut self, n: usize) -> CacheConfig {
        self.max_entries = n.max(1);
        self
    }

    /// At most this many bytes (each entry counts its command, key and reply, plus about
    /// 100 bytes of bookkeeping); past it, the least recently used go, and a reply larger
    /// than a shard's share of it is not cached.
    pub fn max_bytes(mut self, n: usize) -> CacheConfig {
        self.max_bytes = n;
        self
    }

    /// An entry older than this is not served (it is read again); `None` (the default):
    /// entries live until the server invalidates them or room is needed.
    pub fn ttl(mut self, ttl: Option<Duration>) -> CacheConfig {
        self.ttl = ttl;
        self
    }

    /// How the server tracks what changed (see [`Tracking`]).
    pub fn tracking(mut self, tracking: Tracking) -> CacheConfig {
        self.tracking = tracking;
        self
    }
}
