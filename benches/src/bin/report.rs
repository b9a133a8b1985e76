//! Turns saved criterion runs of the decode bench and the output of `allocs` into the
//! markdown tables of BENCHMARKS.md.
//!
//! `cargo run -p typedis-benches --bin report -- ALLOCS_TSV BASELINE...`, where each
//! BASELINE is a name given to `cargo bench ... -- --save-baseline NAME`. Times are
//! criterion's median estimates; with several baselines the table shows the first and the
//! spread (lowest to highest) across them. Ratios are within one run: "x floor" is this
//! row's time over the framing floor's, "redis-rs / this" is redis-rs's (first shape's)
//! time over this row's, so above 1 means faster than redis-rs.

use std::collections::{BTreeMap, HashMap};
use std::error::Error;
use std::fs;
use std::path::{Path, PathBuf};

use typedis_benches::cases::{self, Lib};

type Res<T> = Result<T, Box<dyn Error>>;

/// Median time (ns) of each benchmark id (`decode/<fixture>/<lib>/<shape>`) in one run.
fn read_baseline(root: &Path, baseline: &str) -> Res<HashMap<String, f64>> {
    let mut out = HashMap::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir)? {
            let path = entry?.path();
            if !path.is_dir() {
                continue;
            }
            if path.file_name().is_some_and(|n| n == baseline) {
                let bench: serde_json::Value =
                    serde_json::from_slice(&fs::read(path.join("benchmark.json"))?)?;
                let estimates: serde_json::Value =
                    serde_json::from_slice(&fs::read(path.join("estimates.json"))?)?;
                let id = bench["full_id"].as_str().ok_or("no full_id")?.to_owned();
                let median = estimates["median"]["point_estimate"]
                    .as_f64()
                    .ok_or("no median")?;
                out.insert(id, median);
            } else {
                dirs.push(path);
            }
        }
    }
    Ok(out)
}

/// `(allocations, reallocations, bytes)` per `fixture/lib/shape`.
fn read_allocs(path: &Path) -> Res<HashMap<String, (usize, usize, usize)>> {
    let mut out = HashMap::new();
    for line in fs::read_to_string(path)?.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        if let [fixture, lib, shape, a, r, b] = f[..] {
            out.insert(
                format!("{fixture}/{lib}/{shape}"),
                (a.parse()?, r.parse()?, b.parse()?),
            );
        }
    }
    Ok(out)
}

fn time(ns: f64) -> String {
    if ns >= 1e6 {
        format!("{:.2} ms", ns / 1e6)
    } else if ns >= 1e3 {
        format!("{:.2} µs", ns / 1e3)
    } else {
        format!("{ns:.1} ns")
    }
}

fn bytes(n: usize) -> String {
    if n >= 1 << 20 {
        format!("{:.1} MiB", n as f64 / f64::from(1 << 20))
    } else if n >= 1 << 10 {
        format!("{:.1} KiB", n as f64 / 1024.0)
    } else {
        format!("{n} B")
    }
}

fn main() -> Res<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [allocs, baselines @ ..] = &args[..] else {
        return Err("usage: report ALLOCS_TSV BASELINE...".into());
    };
    if baselines.is_empty() {
        return Err("give at least one criterion baseline name".into());
    }
    let root = std::env::var_os("CRITERION_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("target/criterion"));
    let runs = baselines
        .iter()
        .map(|b| read_baseline(&root, b))
        .collect::<Res<Vec<_>>>()?;
    let allocs = read_allocs(Path::new(allocs))?;

    let mut by_fixture: BTreeMap<usize, (&str, Vec<cases::Case>)> = BTreeMap::new();
    let order: Vec<&str> = typedis_benches::fixtures::all()
        .iter()
        .map(|f| f.name)
        .collect();
    for case in cases::all() {
        let i = order
            .iter()
            .position(|n| *n == case.fixture)
            .unwrap_or(usize::MAX);
        by_fixture
            .entry(i)
            .or_insert((case.fixture, Vec::new()))
            .1
            .push(case);
    }
    for (fixture, cases) in by_fixture.values() {
        let t = |run: &HashMap<String, f64>, c: &cases::Case| {
            run.get(&format!(
                "decode/{}/{}/{}",
                c.fixture,
                c.lib.name(),
                c.shape
            ))
            .copied()
        };
        let first = |lib: Lib| cases.iter().find(|c| c.lib == lib);
        if !cases.iter().any(|c| t(&runs[0], c).is_some()) {
            continue;
        }
        println!("#### {fixture}\n");
        println!("| library | type | time (median) | spread over runs | x floor (per run) | redis-rs / this (per run) | allocations (+reallocs) | bytes allocated |");
        println!("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |");
        for c in cases {
            let times: Vec<f64> = runs.iter().filter_map(|r| t(r, c)).collect();
            let Some(&now) = times.first() else { continue };
            let lo = times.iter().copied().fold(f64::INFINITY, f64::min);
            let hi = times.iter().copied().fold(0.0, f64::max);
            // One ratio per run, each within its own run: "run1 / run2 / ...".
            let per_run = |f: &dyn Fn(f64, f64) -> f64, base: Option<&cases::Case>| {
                let parts: Vec<String> = runs
                    .iter()
                    .map(|run| match (t(run, c), base.and_then(|b| t(run, b))) {
                        (Some(this), Some(b)) => format!("{:.2}", f(this, b)),
                        _ => "-".into(),
                    })
                    .collect();
                parts.join(" / ")
            };
            let x_floor = per_run(&|this, floor| this / floor, first(Lib::Floor));
            let x_redis = per_run(&|this, redis| redis / this, first(Lib::RedisRs));
            let (a, b) = allocs
                .get(&c.id())
                .map_or(("?".into(), "?".into()), |&(a, r, b)| {
                    let a = if r > 0 {
                        format!("{a} (+{r})")
                    } else {
                        a.to_string()
                    };
                    (a, bytes(b))
                });
            println!(
                "| {} | `{}` | {} | {} – {} | {} | {} | {} | {} |",
                c.lib.name(),
                c.shape,
                time(now),
                time(lo),
                time(hi),
                x_floor,
                x_redis,
                a,
                b
            );
        }
        println!();
    }
    Ok(())
}
