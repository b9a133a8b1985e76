use super::*;
use crate::cmd::b;

fn frame(bytes: &[u8]) -> Frame {
    Frame::from_slice(bytes).unwrap()
}

#[test]
fn a_miss_then_a_hit_returns_the_same_frame() {
    let cache = Cache::new(&CacheConfig::new());
    let get = b().get().key("k").into_command();
    let Lookup::Miss(read) = cache.lookup(&get) else {
        panic!("a first read is a miss")
    };
    read.finish(&frame(b"$1\r\nv\r\n"));
    match cache.lookup(&get) {
        Lookup::Hit(f) => assert_eq!(f.as_bytes().as_ref(), b"$1\r\nv\r\n"),
        _ => panic!("a second read is a hit"),
    };
    let stats = cache.stats();
    assert_eq!((stats.hits, stats.misses, stats.entries), (1, 1, 1));
}

#[test]
fn mget_parts_are_cached_as_gets_and_served_together() {
    let cache = Cache::new(&CacheConfig::new());
    let mget = b().mget().key("a").key("b").into_command();
    let Lookup::Miss(read) = cache.lookup(&mget) else {
        panic!("a first read is a miss")
    };
    read.finish(&frame(b"*2\r\n$1\r\n1\r\n$1\r\n2\r\n"));
    assert!(matches!(
        cache.lookup(&b().get().key("b").into_command()),
        Lookup::Hit(f) if f.as_bytes().as_ref() == b"$1\r\n2\r\n"
    ));
    match cache.lookup(&mget) {
        Lookup::Hit(f) => assert_eq!(f.as_bytes().as_ref(), b"*2\r\n$1\r\n1\r\n$1\r\n2\r\n"),
        _ => panic!("every part is cached"),
    };
}

#[test]
fn nil_mget_parts_are_not_cached_and_parts_own_their_bytes() {
    let cache = Cache::new(&CacheConfig::new());
    let mget = b().mget().key("a").key("b").key("c").into_command();
    let Lookup::Miss(read) = cache.lookup(&mget) else {
        panic!("a first read is a miss")
    };
    // `b` may be a list (MGET says nil, GET says WRONGTYPE); `c` a RESP2 nil.
    let reply = frame(b"*3\r\n$1\r\n1\r\n_\r\n$-1\r\n");
    read.finish(&reply);
    for key in ["b", "c"] {
        let get = b().get().key(key).into_command();
        assert!(matches!(cache.lookup(&get), Lookup::Miss(_)), "{key}");
    }
    let Lookup::Hit(a) = cache.lookup(&b().get().key("a").into_command()) else {
        panic!("a is cached")
    };
    // A copy: the entry does not keep the reply's buffer alive.
    let within = reply.as_bytes().as_ptr_range();
    assert!(!within.contains(&a.as_bytes().as_ptr()));
}

#[test]
fn invalidation_pushes_drop_keys_and_a_keyless_one_drops_everything() {
    let cache = Cache::new(&CacheConfig::new());
    for key in ["a", "b"] {
        let Lookup::Miss(read) = cache.lookup(&b().get().key(key).into_command()) else {
            panic!()
        };
        read.finish(&frame(b"$1\r\nv\r\n"));
    }
    cache.on_push(&frame(b">2\r\n$10\r\ninvalidate\r\n*1\r\n$1\r\na\r\n"));
    assert_eq!(cache.stats().entries, 1);
    cache.on_push(&frame(b">2\r\n$10\r\ninvalidate\r\n_\r\n"));
    assert_eq!(cache.stats().entries, 0);
    assert_eq!(cache.stats().flushes, 1);
    cache.on_push(&frame(b">2\r\n$21\r\ntracking-redir-broken\r\n:7\r\n"));
    assert_eq!(cache.stats().flushes, 2);
}

#[test]
fn errors_are_not_cached_and_broadcast_caches_only_its_prefixes() {
    let cache = Cache::new(&CacheConfig::new().tracking(Tracking::broadcast(["user:"])));
    assert!(matches!(
        cache.lookup(&b().get().key("other").into_command()),
        Lookup::Bypass
    ));
    let get = b().get().key("user:1").into_command();
    let Lookup::Miss(read) = cache.lookup(&get) else {
        panic!()
    };
    read.finish(&frame(b"-WRONGTYPE no\r\n"));
    assert!(matches!(cache.lookup(&get), Lookup::Miss(_)));
}

#[test]
fn opt_in_caches_only_reads_wrapped_in_cached() {
    let cache = Cache::new(&CacheConfig::new().tracking(Tracking::OptIn));
    assert!(matches!(
        cache.lookup(&b().get().key("k").into_command()),
        Lookup::Bypass
    ));
    let wrapped = Cached(b().get().key("k")).into_command();
    assert!(matches!(cache.lookup(&wrapped), Lookup::Miss(r) if r.opt_in));
}

#[test]
fn bounds_hold_across_shards() {
    let cache = Cache::new(&CacheConfig::new().max_entries(1000).max_bytes(1 << 30));
    for i in 0..5000 {
        if let Lookup::Miss(read) = cache.lookup(&b().get().key(i.to_string()).into_command()) {
            read.finish(&frame(b"$1\r\nv\r\n"));
        }
    }
    let stats = cache.stats();
    assert!(stats.entries <= 1000 && stats.entries >= 900, "{stats:?}");
    assert_eq!(stats.evictions as usize, 5000 - stats.entries);
}
