//! Fuzz target: arbitrary frames decoded into every reply type typedis reads.
//!
//! The decoders are `tests/tests/hostile_replies/decoders.rs`'s: the conformance cases'
//! of the core and of the four modules (one per invocation of every command, options that
//! switch the reply included, so every generated reply type and struct is read), the
//! hand-written types in each of their forms (`SearchResults` in every flag combination,
//! `MultiSeries`, `Info`, `ClientList`, ...) and the collections users read replies into.
//! Checks: no panic, no hang, and no allocation beyond what the input justifies (at most
//! `PER_BYTE` bytes per input byte, plus a constant, while one frame is decoded).
#![no_main]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::OnceLock;

use bytes::Bytes;
use libfuzzer_sys::fuzz_target;
use typedis::resp::Frame;

#[rustfmt::skip]
#[allow(dead_code, unreachable_pub, clippy::all)]
#[path = "../../tests/tests/hostile_replies/decoders.rs"]
mod decoders;

/// Bytes a decode may allocate per byte of its frame: the collections of a decode hold at
/// most 48 bytes per byte received (`client/src/resp/read/collections.rs`), and a `Vec` grows
/// by doubling.
const PER_BYTE: usize = 100;
/// What a decode may allocate whatever its frame: what large elements may hold however
/// short the frame (64 KiB, doubled), and an error's path and message.
const CONSTANT: usize = 256 * 1024;

/// Counts the bytes allocated while `COUNTING` is set.
struct Counting;

static COUNTING: AtomicBool = AtomicBool::new(false);
static ALLOCATED: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            ALLOCATED.fetch_add(layout.size(), Ordering::Relaxed);
        }
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            ALLOCATED.fetch_add(new_size, Ordering::Relaxed);
        }
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// One decoder per distinct reply type, built once.
fn decoders() -> &'static [(String, decoders::Decode)] {
    static DECODERS: OnceLock<Vec<(String, decoders::Decode)>> = OnceLock::new();
    DECODERS.get_or_init(decoders::all)
}

fuzz_target!(|data: &[u8]| {
    let decoders = decoders();
    let Ok(frame) = Frame::new(Bytes::copy_from_slice(data)) else {
        return;
    };
    for (name, decode) in decoders {
        ALLOCATED.store(0, Ordering::Relaxed);
        COUNTING.store(true, Ordering::Relaxed);
        let result = decode(&frame);
        COUNTING.store(false, Ordering::Relaxed);
        drop(result);
        let allocated = ALLOCATED.load(Ordering::Relaxed);
        assert!(
            allocated <= PER_BYTE * data.len() + CONSTANT,
            "{allocated} bytes allocated decoding a frame of {} bytes as {name}",
            data.len()
        );
    }
});
