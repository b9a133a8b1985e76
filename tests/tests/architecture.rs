//! The structure ARCHITECTURE.md describes, checked on the source of `typedis`, with the
//! layers taken from the code itself: `client/src` holds `lib.rs` and one folder per
//! layer, and `lib.rs` declares the layers' modules from the bottom. A file imports only
//! its own layer and the layers declared before it; the layers form no circle; files
//! import each other in a circle only where ARCHITECTURE.md lists it; no file imports
//! through the crate root's re-exports; and a file over 500 lines says why at its top.
//!
//! Each rule is also tried on a small crate with one breach planted, which it must find.

mod architecture_support;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use architecture_support::{circles, typedis_src, Crate};

/// The file-level circles ARCHITECTURE.md's "Known circles" lists, each as its sorted
/// files: an item of the list names a circle's modules in backticks before its first
/// colon.
fn known_circles(doc: &str) -> BTreeSet<Vec<String>> {
    let section = doc
        .split("\n## ")
        .find(|s| s.starts_with("Known circles"))
        .expect("ARCHITECTURE.md has a \"Known circles\" section");
    let mut items: Vec<String> = Vec::new();
    for line in section.lines() {
        if let Some(item) = line.strip_prefix("- ") {
            items.push(item.to_owned());
        } else if line.starts_with("  ") && !items.is_empty() {
            items.last_mut().expect("an item").push_str(line);
        } else if !line.starts_with("  ") {
            // A paragraph ends the item before it.
            items.push(String::new());
        }
    }
    items
        .iter()
        .filter(|item| !item.is_empty())
        .map(|item| {
            // The files come before the first colon outside backticks.
            let mut quoted = false;
            let end = item
                .char_indices()
                .find(|&(_, c)| {
                    quoted ^= c == '`';
                    c == ':' && !quoted
                })
                .map_or(item.len(), |(i, _)| i);
            let mut files: Vec<String> = item[..end]
                .split('`')
                .skip(1)
                .step_by(2)
                .map(|module| format!("{module}.rs"))
                .collect();
            files.sort();
            files
        })
        .collect()
}

/// ARCHITECTURE.md, the one source of the known circles.
fn architecture_md() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../ARCHITECTURE.md"))
        .expect("read ARCHITECTURE.md")
}

/// At most this many entries at the top of `client/src`.
const ROOT_ENTRIES: usize = 15;

/// The layer of each file: the index of its top-level module among `lib.rs`'s; `None`
/// for `lib.rs`, which re-exports from every layer.
fn layers(krate: &Crate) -> BTreeMap<String, Option<usize>> {
    krate
        .files
        .keys()
        .map(|file| {
            let top = file
                .split('/')
                .next()
                .unwrap_or(file)
                .trim_end_matches(".rs");
            (file.clone(), krate.top.iter().position(|t| t == top))
        })
        .collect()
}

/// Imports that point up a layer, as `from -> to (by path)`.
fn upward(krate: &Crate) -> Vec<String> {
    let layer = layers(krate);
    let mut found = Vec::new();
    for (from, to) in krate.imports() {
        let Some(Some(low)) = layer.get(&from) else {
            continue;
        };
        for (target, path) in to {
            let Some(Some(high)) = layer.get(&target) else {
                continue;
            };
            if high > low {
                found.push(format!(
                    "{from} -> {target} (by {path}): {} is declared before {} in lib.rs",
                    krate.top[*low], krate.top[*high]
                ));
            }
        }
    }
    found
}

/// Circles between layers (top-level modules).
fn layer_circles(krate: &Crate) -> Vec<Vec<String>> {
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let top = |file: &str| {
        file.split('/')
            .next()
            .unwrap_or(file)
            .trim_end_matches(".rs")
            .to_owned()
    };
    for (from, to) in krate.imports() {
        for target in to.keys() {
            if from != "lib.rs" && top(&from) != top(target) {
                edges.entry(top(&from)).or_default().insert(top(target));
            }
        }
    }
    circles(&edges)
}

/// File-level circles `known` does not list, and circles it lists that the code no
/// longer has.
fn unlisted_and_gone_circles(
    krate: &Crate,
    known: &BTreeSet<Vec<String>>,
) -> (Vec<Vec<String>>, Vec<Vec<String>>) {
    let edges: BTreeMap<String, BTreeSet<String>> = krate
        .imports()
        .into_iter()
        .map(|(from, to)| (from, to.into_keys().collect()))
        .collect();
    let found: BTreeSet<Vec<String>> = circles(&edges).into_iter().collect();
    (
        found.difference(known).cloned().collect(),
        known.difference(&found).cloned().collect(),
    )
}

/// What is wrong with the top of the source folder: too many entries, or an entry that is
/// no layer `lib.rs` declares.
fn root_breaches(src: &Path, krate: &Crate) -> Vec<String> {
    let mut found = Vec::new();
    let entries: Vec<String> = std::fs::read_dir(src)
        .expect("read the source folder")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    if entries.len() > ROOT_ENTRIES {
        found.push(format!(
            "{} entries at the top (at most {ROOT_ENTRIES})",
            entries.len()
        ));
    }
    for entry in entries {
        if entry != "lib.rs" && !krate.top.contains(&entry) {
            found.push(format!("{entry} is no layer folder lib.rs declares"));
        }
    }
    found
}

/// Files over 500 lines whose top (first 30 lines) does not say why (`Over 500 lines`)
/// and that are not generated (`@generated`).
fn long_files(files: &BTreeMap<String, String>) -> Vec<String> {
    files
        .iter()
        .filter(|(_, text)| text.lines().count() > 500)
        .filter(|(_, text)| {
            let top: Vec<&str> = text.lines().take(30).collect();
            !top.iter()
                .any(|l| l.contains("Over 500 lines") || l.contains("@generated"))
        })
        .map(|(file, text)| format!("{file}: {} lines", text.lines().count()))
        .collect()
}

/// Every hand-written Rust file of the workspace, by path from the repository's root.
fn workspace_files() -> BTreeMap<String, String> {
    fn walk(dir: &Path, root: &Path, out: &mut BTreeMap<String, String>) {
        for entry in std::fs::read_dir(dir).expect("read a folder") {
            let path = entry.expect("an entry").path();
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            if path.is_dir() {
                if !matches!(name.as_ref(), "target" | "fixtures" | "ui" | ".git") {
                    walk(&path, root, out);
                }
            } else if name.ends_with(".rs") {
                let rel = path.strip_prefix(root).expect("under the root");
                let text = std::fs::read_to_string(&path).expect("read a file");
                out.insert(rel.to_string_lossy().replace('\\', "/"), text);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut out = BTreeMap::new();
    for dir in [
        "client", "derive", "codegen", "tasks", "tests", "benches", "fuzz",
    ] {
        let dir = root.join(dir);
        if dir.is_dir() {
            walk(&dir, &root, &mut out);
        }
    }
    out
}

#[test]
fn imports_point_down_the_layers_declared_in_lib_rs() {
    let krate = Crate::read(&typedis_src());
    assert!(
        krate.files.len() > 100,
        "found only {} files",
        krate.files.len()
    );
    assert!(krate.top.len() >= 10, "lib.rs declares {:?}", krate.top);
    let up = upward(&krate);
    assert!(up.is_empty(), "imports up a layer:\n{}", up.join("\n"));
}

#[test]
fn the_layers_form_no_circle_and_files_only_the_circles_architecture_md_lists() {
    let krate = Crate::read(&typedis_src());
    let layers = layer_circles(&krate);
    assert!(layers.is_empty(), "circles between layers: {layers:?}");
    let known = known_circles(&architecture_md());
    assert!(known.len() >= 10, "ARCHITECTURE.md lists {known:?}");
    let (unlisted, gone) = unlisted_and_gone_circles(&krate, &known);
    assert!(
        unlisted.is_empty(),
        "circles ARCHITECTURE.md does not list: {unlisted:?}"
    );
    assert!(
        gone.is_empty(),
        "circles ARCHITECTURE.md lists that the code no longer has: {gone:?}"
    );
}

#[test]
fn the_top_of_client_src_is_lib_rs_and_the_layer_folders() {
    let src = typedis_src();
    let krate = Crate::read(&src);
    let found = root_breaches(&src, &krate);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn no_file_imports_through_the_crate_root() {
    let found = Crate::read(&typedis_src()).through_root();
    assert!(
        found.is_empty(),
        "imports through lib.rs's re-exports:\n{}",
        found.join("\n")
    );
}

#[test]
fn every_file_over_500_lines_says_why_at_its_top() {
    let files = workspace_files();
    assert!(files.len() > 200, "found only {} files", files.len());
    let found = long_files(&files);
    assert!(
        found.is_empty(),
        "over 500 lines, with no reason at the top:\n{}",
        found.join("\n")
    );
}

/// A crate written to a fresh folder, for the planted breaches.
fn planted(files: &[(&str, &str)]) -> (tempdir::Dir, Crate) {
    let dir = tempdir::Dir::new();
    for (file, text) in files {
        let path = dir.path().join(file);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("create a folder");
        std::fs::write(&path, text).expect("write a file");
    }
    let krate = Crate::read(dir.path());
    (dir, krate)
}

/// A folder under the system's temporary folder, removed on drop.
mod tempdir {
    use std::path::{Path, PathBuf};
    use std::sync::atomic::{AtomicUsize, Ordering};

    pub struct Dir(PathBuf);

    impl Dir {
        pub fn new() -> Dir {
            static NEXT: AtomicUsize = AtomicUsize::new(0);
            let n = NEXT.fetch_add(1, Ordering::Relaxed);
            let path = std::env::temp_dir()
                .join(format!("typedis-architecture-{}-{n}", std::process::id()));
            let _ = std::fs::remove_dir_all(&path);
            std::fs::create_dir_all(&path).expect("create a temporary folder");
            Dir(path)
        }

        pub fn path(&self) -> &Path {
            &self.0
        }
    }

    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

const LIB: &str = "mod low;\nmod high;\npub use high::Thing;\n";
const HIGH: &str = "pub struct Thing;\npub mod inner;\n";
const INNER: &str = "pub struct Deep;\n";

#[test]
fn a_planted_upward_import_is_found_in_every_form_of_import() {
    for (form, low) in [
        ("plain", "use crate::high::Thing;\n"),
        ("grouped", "use crate::{high::Thing};\n"),
        ("nested", "use crate::{high::{inner::{Deep}}};\n"),
        ("renamed", "use crate::high::Thing as Other;\n"),
        ("glob", "use crate::high::*;\n"),
        (
            "module then path",
            "use crate::high;\nfn f() -> high::Thing { high::Thing }\n",
        ),
        (
            "path in code",
            "fn f() { let _ = crate::high::inner::Deep; }\n",
        ),
        (
            "super from a child",
            "mod child { fn f() { let _ = super::super::high::Thing; } }\n",
        ),
        (
            "in a macro body",
            "macro_rules! m { () => { $crate::high::Thing }; }\n",
        ),
        ("through the root's re-export", "use crate::Thing;\n"),
    ] {
        let (_dir, krate) = planted(&[
            ("lib.rs", LIB),
            ("low/mod.rs", low),
            ("high/mod.rs", HIGH),
            ("high/inner.rs", INNER),
        ]);
        let found = upward(&krate);
        assert!(
            found.iter().any(|f| f.starts_with("low/mod.rs -> high/")),
            "{form}: not found in {found:?}"
        );
    }
}

#[test]
fn imports_down_the_layers_and_names_of_other_crates_are_no_breach() {
    let (_dir, krate) = planted(&[
        ("lib.rs", "mod low;\nmod high;\n"),
        ("low/mod.rs", "pub struct Base;\npub use std::fmt::Debug;\n"),
        (
            "high/mod.rs",
            "use crate::low::{self, Base};\nuse std::fmt;\nfn f(_: low::Base, _: Base) {}\n",
        ),
    ]);
    assert_eq!(upward(&krate), Vec::<String>::new());
    assert!(krate.imports()["high/mod.rs"].contains_key("low/mod.rs"));
}

#[test]
fn a_name_defined_in_the_crate_wins_over_another_crates_of_the_same_name() {
    // As `resp::read` holds the trait `RespRead` and re-exports the derive of that name.
    let (_dir, krate) = planted(&[
        ("lib.rs", "mod low;\nmod high;\npub use low::RespRead;\n"),
        (
            "low/mod.rs",
            "pub trait RespRead {}\npub use typedis_derive::RespRead;\n",
        ),
        ("high/mod.rs", "use crate::low::RespRead;\n"),
    ]);
    assert_eq!(
        krate.resolve(&["RespRead".to_owned()]).as_deref(),
        Some("low/mod.rs")
    );
    assert!(krate.imports()["high/mod.rs"].contains_key("low/mod.rs"));
}

#[test]
fn a_planted_import_through_the_root_is_found() {
    for high in [
        "pub struct Thing;\npub mod inner;\nuse crate::Thing as Again;\n",
        "pub struct Thing;\npub mod inner;\nfn f() {\n    let _ = crate::Thing;\n}\n",
    ] {
        let (_dir, krate) = planted(&[
            ("lib.rs", LIB),
            ("low/mod.rs", ""),
            ("high/mod.rs", high),
            ("high/inner.rs", INNER),
        ]);
        assert_eq!(
            krate.through_root(),
            ["high/mod.rs: crate::Thing"],
            "{high}"
        );
    }
}

#[test]
fn a_planted_circle_is_found_between_layers_and_between_files() {
    let (_dir, krate) = planted(&[
        ("lib.rs", "mod a;\nmod b;\n"),
        ("a/mod.rs", "pub mod one;\npub mod two;\nuse crate::b::B;\n"),
        ("a/one.rs", "pub struct One;\nuse super::two::Two;\n"),
        ("a/two.rs", "pub struct Two;\nuse super::one::One;\n"),
        ("b/mod.rs", "pub struct B;\nuse crate::a::one::One;\n"),
    ]);
    assert_eq!(layer_circles(&krate), [["a", "b"]]);
    let (files, _) = unlisted_and_gone_circles(&krate, &BTreeSet::new());
    assert!(
        files.contains(&vec!["a/one.rs".to_owned(), "a/two.rs".to_owned()]),
        "{files:?}"
    );
    // A parent and its child module importing each other are a circle too.
    let (_dir, krate) = planted(&[
        ("lib.rs", "mod a;\n"),
        (
            "a/mod.rs",
            "mod child;\npub struct Parent;\nuse child::Child;\n",
        ),
        ("a/child.rs", "pub struct Child;\nuse super::Parent;\n"),
    ]);
    let (unlisted, _) = unlisted_and_gone_circles(&krate, &BTreeSet::new());
    assert_eq!(unlisted, [["a/child.rs", "a/mod.rs"]]);
    // Listed, the circle is no breach; a listed circle the code does not have is.
    let doc = "# A\n\n## Known circles\n\nWhy.\n\n\
               - `a/mod`, `a/child`: a parent and its\n  `child`: used.\n\
               - `a/gone`, `a/mod`: no longer.\n\n\
               ## Next\n\n- `a/x`: not a circle.\n";
    let known = known_circles(doc);
    assert_eq!(
        known,
        BTreeSet::from([
            vec!["a/child.rs".to_owned(), "a/mod.rs".to_owned()],
            vec!["a/gone.rs".to_owned(), "a/mod.rs".to_owned()],
        ])
    );
    let (unlisted, gone) = unlisted_and_gone_circles(&krate, &known);
    assert!(unlisted.is_empty(), "{unlisted:?}");
    assert_eq!(gone, [["a/gone.rs", "a/mod.rs"]]);
}

#[test]
fn a_planted_stray_file_at_the_top_is_found() {
    let (dir, krate) = planted(&[
        ("lib.rs", "mod a;\nmod stray;\n"),
        ("a/mod.rs", ""),
        ("stray.rs", ""),
    ]);
    // `stray.rs` is declared, but as a file: only folders are layers.
    assert_eq!(
        root_breaches(dir.path(), &krate),
        ["stray.rs is no layer folder lib.rs declares"]
    );
}

#[test]
fn a_planted_long_file_without_a_reason_is_found() {
    let long = "fn f() {}\n".repeat(501);
    let files = BTreeMap::from([
        ("short.rs".to_owned(), "fn f() {}\n".to_owned()),
        ("long.rs".to_owned(), long.clone()),
        (
            "said.rs".to_owned(),
            format!("//! Over 500 lines: a planted reason.\n{long}"),
        ),
        (
            "generated.rs".to_owned(),
            format!("// @generated by a tool\n{long}"),
        ),
    ]);
    assert_eq!(long_files(&files), ["long.rs: 501 lines"]);
}
