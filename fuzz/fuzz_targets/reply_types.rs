//! Fuzz target: arbitrary frames decoded into every reply type the builders declare.
//!
//! The decoders are the conformance cases' (`tests/tests/conformance/cases.rs`, generated
//! by `typedis-tasks regenerate`): one per invocation of every command, options that
//! switch the reply included, so every generated reply type and struct is read. Checks:
//! no panic, no hang, and no allocation beyond what the input justifies (at most
//! `PER_BYTE` bytes per input byte, plus a small constant, while one frame is decoded).
#![no_main]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::OnceLock;

use bytes::Bytes;
use libfuzzer_sys::fuzz_target;
use typedis::resp::Frame;

#[allow(dead_code, unreachable_pub, clippy::all)]
#[path = "../../tests/tests/conformance/cases.rs"]
mod cases;

/// Bytes a decode may allocate per byte of its frame (a `Bytes` handle of 32 bytes for a
/// string of 4 bytes, `$0\r\n\r\n` counted as 6, plus a struct's other fields).
const PER_BYTE: usize = 64;
/// What a decode may allocate whatever its frame (an error's path and message).
const CONSTANT: usize = 16 * 1024;

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
fn decoders() -> &'static [cases::Decode] {
    static DECODERS: OnceLock<Vec<cases::Decode>> = OnceLock::new();
    DECODERS.get_or_init(|| {
        let mut all: Vec<cases::Decode> = cases::CASES.iter().map(|c| (c.build)().1).collect();
        all.sort_by_key(|d| *d as usize);
        all.dedup_by_key(|d| *d as usize);
        all
    })
}

fuzz_target!(|data: &[u8]| {
    let decoders = decoders();
    let Ok(frame) = Frame::new(Bytes::copy_from_slice(data)) else {
        return;
    };
    for decode in decoders {
        ALLOCATED.store(0, Ordering::Relaxed);
        COUNTING.store(true, Ordering::Relaxed);
        let result = decode(&frame);
        COUNTING.store(false, Ordering::Relaxed);
        drop(result);
        let allocated = ALLOCATED.load(Ordering::Relaxed);
        assert!(
            allocated <= PER_BYTE * data.len() + CONSTANT,
            "{allocated} bytes allocated decoding a frame of {} bytes",
            data.len()
        );
    }
});
