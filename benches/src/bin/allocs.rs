//! Counts the heap allocations of one decode, for every benchmark case.
//!
//! `cargo run --release -p typedis-benches --bin allocs [FILTER]` prints one tab-separated
//! line per case: fixture, library, shape, allocations, reallocations, bytes allocated.
//! A case is run a few times first (so thread-local state and one-time promotions are
//! settled, as on a warm connection), then counted over several runs, which must agree.
//! What is counted is what the timed benchmark times: from the first read in the buffer
//! to the dropped result.

use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use typedis_benches::arrival::Arrival;
use typedis_benches::cases;

#[global_allocator]
static GLOBAL: &StatsAlloc<std::alloc::System> = &INSTRUMENTED_SYSTEM;

const WARM_UP: usize = 3;
const RUNS: usize = 5;

/// Allocator calls made by one decode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Count {
    allocations: usize,
    reallocations: usize,
    bytes: usize,
}

fn main() {
    let filter = std::env::args().nth(1).unwrap_or_default();
    let fixtures = cases::fixtures();
    println!("fixture\tlib\tshape\tallocations\treallocations\tbytes");
    for case in cases::all() {
        if !case.id().contains(&filter) {
            continue;
        }
        let fixture = &fixtures[case.fixture];
        for _ in 0..WARM_UP {
            (case.run)(&mut Arrival::new(fixture));
        }
        let mut counts = Vec::with_capacity(RUNS);
        for _ in 0..RUNS {
            let mut arrival = Arrival::new(fixture);
            let region = Region::new(GLOBAL);
            std::hint::black_box((case.run)(&mut arrival));
            let stats = region.change();
            counts.push(Count {
                allocations: stats.allocations,
                reallocations: stats.reallocations,
                bytes: stats.bytes_allocated + stats.bytes_reallocated.max(0) as usize,
            });
        }
        let first = counts[0];
        if let Some(other) = counts.iter().find(|c| **c != first) {
            eprintln!(
                "{}: counts differ between runs: {first:?} vs {other:?}",
                case.id()
            );
        }
        println!(
            "{}\t{}\t{}\t{}\t{}\t{}",
            case.fixture,
            case.lib.name(),
            case.shape,
            first.allocations,
            first.reallocations,
            first.bytes
        );
    }
}
