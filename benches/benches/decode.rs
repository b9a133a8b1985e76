//! Decode benchmarks: every fixture decoded by the framing floor, typedis, redis-rs,
//! redis-protocol and fred, side by side in one run.
//!
//! `cargo bench -p typedis-benches --bench decode`; filter with a fixture name, e.g.
//! `-- xrange_1000`. The timed part of an operation is everything after the first read of
//! the reply landed in the buffer: later reads landing, the decoder's attempts, the typed
//! conversion, and dropping the result. Runs are kept short (1 s warm-up, 3 s
//! measurement) because the benchmark machine is shared.

use std::time::Duration;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use typedis_benches::arrival::Arrival;
use typedis_benches::cases;

fn decode(c: &mut Criterion) {
    let fixtures = cases::fixtures();
    let all = cases::all();
    let mut names: Vec<&str> = all.iter().map(|case| case.fixture).collect();
    names.dedup();
    for name in names {
        let fixture = &fixtures[name];
        let mut group = c.benchmark_group(format!("decode/{name}"));
        group.throughput(Throughput::Bytes(fixture.len() as u64));
        for case in all.iter().filter(|case| case.fixture == name) {
            let id = format!("{}/{}", case.lib.name(), case.shape);
            // Many inputs per batch amortise the timer, but every input holds a copy of
            // the reply: keep batches small for the large ones.
            let batch = if fixture.len() > 1 << 16 {
                BatchSize::NumIterations(4)
            } else {
                BatchSize::LargeInput
            };
            group.bench_function(id, |b| {
                b.iter_batched_ref(|| Arrival::new(fixture), case.run, batch)
            });
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = decode
}
criterion_main!(benches);
