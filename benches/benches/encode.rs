//! Request encoding benchmarks: building GET commands with typedis (typed builder and
//! untyped `cmd()`) and redis-rs, next to copying the same bytes encoded in advance (the
//! floor: what a pipeline costs when nothing is built).
//!
//! `cargo bench -p typedis-benches --bench encode`. `get` builds one command and drops
//! it; `get_x100` builds 100 and gathers their bytes in one buffer, as a pipeline does;
//! `getex` builds a command that not every server has (Redis 6.2+), which records so for
//! the client's availability check.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn keys() -> Vec<String> {
    (0..100).map(|i| format!("key:{i}")).collect()
}

fn encode(c: &mut Criterion) {
    let keys = keys();

    let mut group = c.benchmark_group("encode/get");
    group.throughput(Throughput::Elements(1));
    group.bench_function("typedis/typed", |b| {
        b.iter(|| typedis::b().get().key(black_box("key:1")).build())
    });
    group.bench_function("typedis/cmd", |b| {
        b.iter(|| typedis::cmd("GET").key(black_box("key:1")).build())
    });
    group.bench_function("redis-rs", |b| {
        b.iter(|| {
            redis::cmd("GET")
                .arg(black_box("key:1"))
                .get_packed_command()
        })
    });
    group.finish();

    let mut group = c.benchmark_group("encode/getex");
    group.throughput(Throughput::Elements(1));
    group.bench_function("typedis/typed", |b| {
        b.iter(|| {
            typedis::b()
                .getex()
                .key(black_box("key:1"))
                .persist()
                .build()
        })
    });
    group.bench_function("redis-rs", |b| {
        b.iter(|| {
            redis::cmd("GETEX")
                .arg(black_box("key:1"))
                .arg("PERSIST")
                .get_packed_command()
        })
    });
    group.finish();

    let mut group = c.benchmark_group("encode/get_x100");
    group.throughput(Throughput::Elements(keys.len() as u64));
    let encoded: Vec<u8> = keys
        .iter()
        .flat_map(|k| {
            typedis::cmd("GET")
                .key(k.as_str())
                .build()
                .as_bytes()
                .to_vec()
        })
        .collect();
    group.bench_function("floor (copy of the encoded bytes)", |b| {
        b.iter(|| black_box(&encoded).clone())
    });
    group.bench_function("typedis/typed", |b| {
        b.iter(|| {
            let mut out = Vec::new();
            for k in &keys {
                let command = typedis::b().get().key(k.as_str()).build();
                out.extend_from_slice(command.as_bytes());
            }
            out
        })
    });
    group.bench_function("redis-rs", |b| {
        b.iter(|| {
            let mut p = redis::pipe();
            for k in &keys {
                p.cmd("GET").arg(k.as_str());
            }
            p.get_packed_pipeline()
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = encode
}
criterion_main!(benches);
