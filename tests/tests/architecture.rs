//! The layering ARCHITECTURE.md describes, checked on the source of `typedis`: every
//! `crate::` or `super::` path a file of `client/src/` names is an import of the file that
//! holds it, and no import may point to a higher layer. Imports inside one layer may form
//! circles only among the files ARCHITECTURE.md lists; `client.rs` is in none.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layer of a file (its path under `client/src/`), from the bottom.
fn layer(file: &str) -> u8 {
    let top = file.split('/').next().unwrap_or(file);
    match top {
        "lib.rs" | "private.rs" => 9,
        "trace.rs" | "sync.rs" | "futures" | "futures.rs" => 0,
        "resp" | "read" | "read.rs" | "value.rs" | "error" | "error.rs" => 1,
        "cmd" | "reply" | "json.rs" | "search" | "search.rs" => 2,
        // Telemetry: what an operation measures and records, below the connections.
        "metrics.rs" | "outcome.rs" => 2,
        _ if file == "script/args.rs" || file == "scan/cursor.rs" => 2,
        "cache" => 3,
        "conn" => 4,
        "cluster" | "sentinel" => 6,
        _ => 5,
    }
}

/// The circles ARCHITECTURE.md names, each as its sorted files.
const KNOWN_CIRCLES: &[&[&str]] = &[
    &["pipeline.rs", "redis.rs"],
    &[
        "conn/config.rs",
        "conn/tls/mod.rs",
        "conn/transport.rs",
        "conn/url.rs",
    ],
    &["cmd/command.rs", "cmd/pool.rs"],
    &["sentinel/ask.rs", "sentinel/locator.rs"],
    &["resp/reader/lex.rs", "resp/reader/streamed.rs"],
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../client/src")
}

fn files(dir: &Path, root: &Path, out: &mut BTreeMap<String, String>) {
    for entry in std::fs::read_dir(dir).expect("read client/src") {
        let path = entry.expect("dir entry").path();
        if path.is_dir() {
            files(&path, root, out);
        } else if path.extension().is_some_and(|e| e == "rs")
            && !path.to_string_lossy().ends_with(".snapshot.rs")
        {
            let rel = path.strip_prefix(root).expect("under root");
            let text = std::fs::read_to_string(&path).expect("read source");
            out.insert(rel.to_string_lossy().replace('\\', "/"), text);
        }
    }
}

/// The module path of a file: `conn/mux.rs` is `conn::mux`, `cluster/mod.rs` is `cluster`.
fn module_of(file: &str) -> Vec<String> {
    let mut parts: Vec<String> = file
        .trim_end_matches(".rs")
        .split('/')
        .map(String::from)
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The code of a file without comments and without its unit tests.
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => text,
    };
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Paths named after `prefix` (`crate::` or `super::`), with the names a `{...}` group
/// lists appended one by one.
fn paths(code: &str, prefix: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find(prefix) {
        let before = rest[..i].chars().last();
        rest = &rest[i + prefix.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(rest.len());
        let base: Vec<String> = rest[..end]
            .split("::")
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect();
        if rest[end..].starts_with('{') && rest[..end].ends_with("::") {
            let group = &rest[end + 1..rest[end..].find('}').map_or(rest.len(), |j| end + j)];
            for item in group.split(',') {
                let name = item.trim().split([' ', ':']).next().unwrap_or("");
                if !name.is_empty() {
                    let mut path = base.clone();
                    path.push(name.to_owned());
                    found.push(path);
                }
            }
        } else {
            found.push(base);
        }
    }
    found
}

#[test]
fn imports_point_down_the_layers_and_no_circle_runs_through_client_rs() {
    let root = src();
    let mut sources = BTreeMap::new();
    files(&root, &root, &mut sources);
    let modules: BTreeMap<Vec<String>, String> =
        sources.keys().map(|f| (module_of(f), f.clone())).collect();
    let reexports = reexports(&sources["lib.rs"]);
    let resolve = |path: &[String]| -> Option<String> {
        // `crate::Error` is `error::Error`, as `lib.rs` re-exports it.
        let path: Vec<String> = match path.first().and_then(|n| reexports.get(n)) {
            Some(module) if !modules.contains_key(&path[..1]) => {
                module.iter().chain(&path[1..]).cloned().collect()
            }
            _ => path.to_vec(),
        };
        (1..=path.len())
            .rev()
            .find_map(|n| modules.get(&path[..n]).cloned())
    };
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (file, text) in &sources {
        let code = code(text);
        let module = module_of(file);
        let parent = &module[..module.len().saturating_sub(1)];
        let mut targets: Vec<Option<String>> =
            paths(&code, "crate::").iter().map(|p| resolve(p)).collect();
        targets.extend(paths(&code, "super::").iter().map(|p| {
            let mut full = parent.to_vec();
            full.extend(p.iter().cloned());
            resolve(&full)
        }));
        let to = edges.entry(file.clone()).or_default();
        to.extend(targets.into_iter().flatten().filter(|t| t != file));
    }
    assert!(
        edges.len() > 100,
        "found only {} files under {}",
        edges.len(),
        root.display()
    );

    let upward: Vec<String> = edges
        .iter()
        .flat_map(|(from, to)| to.iter().map(move |t| (from, t)))
        .filter(|(from, to)| layer(to) > layer(from))
        .map(|(from, to)| {
            format!(
                "{from} (layer {}) -> {to} (layer {})",
                layer(from),
                layer(to)
            )
        })
        .collect();
    assert!(
        upward.is_empty(),
        "imports pointing up a layer:\n{}",
        upward.join("\n")
    );

    let circles = circles(&edges);
    let known: BTreeSet<Vec<String>> = KNOWN_CIRCLES
        .iter()
        .map(|c| c.iter().map(|f| f.to_string()).collect())
        .collect();
    let unknown: Vec<&Vec<String>> = circles.iter().filter(|c| !known.contains(*c)).collect();
    assert!(
        unknown.is_empty(),
        "import circles ARCHITECTURE.md does not list: {unknown:?}"
    );
    assert!(circles.iter().all(|c| !c.contains(&"client.rs".to_owned())));
}

/// The names `lib.rs` re-exports (`pub use client::{Client, ClientStats};`), each with the
/// module path it comes from.
fn reexports(lib: &str) -> BTreeMap<String, Vec<String>> {
    let mut names = BTreeMap::new();
    for statement in code(lib).split(';') {
        let Some(rest) = statement.trim().strip_prefix("pub use ") else {
            continue;
        };
        let (module, items) = match rest.split_once("::{") {
            Some((module, items)) => (module, items.trim_end_matches('}').to_owned()),
            None => match rest.rsplit_once("::") {
                Some((module, item)) => (module, item.to_owned()),
                None => continue,
            },
        };
        let module: Vec<String> = module.split("::").map(String::from).collect();
        for item in items.split(',') {
            let name = item.split(" as ").last().unwrap_or("").trim();
            if !name.is_empty() {
                names.insert(name.to_owned(), module.clone());
            }
        }
    }
    names
}

/// The strongly connected groups of more than one file (Tarjan's algorithm), each sorted.
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct State<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        let i = s.index.len();
        s.index.insert(v, i);
        s.low.insert(v, i);
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in s.edges.get(v).into_iter().flatten() {
            if !s.index.contains_key(w.as_str()) {
                visit(s, w);
                let low = s.low[w.as_str()].min(s.low[v]);
                s.low.insert(v, low);
            } else if s.on_stack.contains(w.as_str()) {
                let low = s.index[w.as_str()].min(s.low[v]);
                s.low.insert(v, low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut group = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                group.push(w.to_owned());
                if w == v {
                    break;
                }
            }
            if group.len() > 1 {
                group.sort();
                s.found.push(group);
            }
        }
    }
    let mut s = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in edges.keys() {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.found
}
