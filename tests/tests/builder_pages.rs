//! A command's page (its builder module's docs) lists every method its states offer, and
//! only those: the states are hidden from the docs, so the page is where a reader finds
//! them.

use std::collections::BTreeSet;
use std::path::Path;

use syn::{Attribute, ImplItem, Item, Meta};

/// The generated builder files checked in beside the crate (a test keeps them equal to
/// what the build generates).
const FILES: &[&str] = &[
    "builders.rs",
    "sentinel_builders.rs",
    "module_bloom.rs",
    "module_json.rs",
    "module_search.rs",
    "module_timeseries.rs",
];

fn is_hidden(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("doc")
            && matches!(&a.meta, Meta::List(l) if l.tokens.to_string() == "hidden")
    })
}

fn doc_text(attrs: &[Attribute]) -> String {
    attrs
        .iter()
        .filter_map(|a| match &a.meta {
            Meta::NameValue(nv) if nv.path.is_ident("doc") => match &nv.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => Some(s.value()),
                _ => None,
            },
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The methods a page's table names, by state: a row whose first cell is not empty starts
/// the next state's rows; a method is the second cell, `` `name(..)` ``.
fn listed_by_state(doc: &str) -> Vec<BTreeSet<String>> {
    let mut states: Vec<BTreeSet<String>> = Vec::new();
    for row in doc.lines().filter(|l| l.trim_start().starts_with('|')) {
        let cells: Vec<&str> = row.split('|').collect();
        let (Some(step), Some(method)) = (cells.get(1), cells.get(2)) else {
            continue;
        };
        let Some(method) = method.trim().strip_prefix('`') else {
            continue; // the header and its rule
        };
        if !step.trim().is_empty() {
            states.push(BTreeSet::new());
        }
        // `returning::<T>()` is `returning`.
        let end = method.find(['(', ':']).unwrap_or(method.len());
        states
            .last_mut()
            .expect("a page's first row names its step")
            .insert(method[..end].to_owned());
    }
    states
}

fn listed(doc: &str) -> BTreeSet<String> {
    listed_by_state(doc).into_iter().flatten().collect()
}

/// The name of the type an impl is for (`Ready` of `impl<..> Ready<..>`).
fn self_name(imp: &syn::ItemImpl) -> Option<String> {
    match &*imp.self_ty {
        syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
        _ => None,
    }
}

/// The methods a module's states offer a caller (of the state `only` names, or of all):
/// public, inherent, not hidden (the hidden ones are early-option stubs that fail to
/// compile and older names).
fn offered_by(items: &[Item], only: Option<&str>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for item in items {
        let Item::Impl(imp) = item else { continue };
        if imp.trait_.is_some() || is_hidden(&imp.attrs) {
            continue;
        }
        if only.is_some_and(|state| self_name(imp).as_deref() != Some(state)) {
            continue;
        }
        for it in &imp.items {
            let ImplItem::Fn(f) = it else { continue };
            if matches!(f.vis, syn::Visibility::Public(_)) && !is_hidden(&f.attrs) {
                let name = f.sig.ident.to_string();
                // `r#match` and `match_` are one method; the page shows `match_`, which
                // must exist in its own right.
                if !name.starts_with("r#") {
                    out.insert(name);
                }
            }
        }
    }
    out
}

fn offered(items: &[Item]) -> BTreeSet<String> {
    offered_by(items, None)
}

#[test]
fn every_page_lists_exactly_the_methods_of_its_states() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../client/generated");
    let mut pages = 0;
    for file in FILES {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let ast = syn::parse_file(&text).unwrap();
        for item in &ast.items {
            let Item::Mod(m) = item else { continue };
            let Some((_, items)) = &m.content else {
                continue;
            };
            if m.ident == "prelude" || !matches!(m.vis, syn::Visibility::Public(_)) {
                continue;
            }
            // Every state is hidden from the docs.
            for it in items {
                if let Item::Struct(s) = it {
                    assert!(
                        is_hidden(&s.attrs),
                        "{file}: state {}::{} shows in the docs",
                        m.ident,
                        s.ident
                    );
                }
            }
            let doc = doc_text(&m.attrs);
            let on_page = listed(&doc);
            let offered = offered(items);
            assert_eq!(
                on_page, offered,
                "{file}: module {}'s page (left) and its states' methods (right) differ",
                m.ident
            );
            // Each state's rows (in the order the states are declared) name methods of
            // that state.
            let states: Vec<String> = items
                .iter()
                .filter_map(|it| match it {
                    Item::Struct(s) => Some(s.ident.to_string()),
                    _ => None,
                })
                .collect();
            let by_state = listed_by_state(&doc);
            assert_eq!(by_state.len(), states.len(), "{file}: {}'s steps", m.ident);
            for (rows, state) in by_state.iter().zip(&states) {
                let has = offered_by(items, Some(state));
                let stray: Vec<&String> = rows.difference(&has).collect();
                assert!(
                    stray.is_empty(),
                    "{file}: {}'s page lists {stray:?} under {state}, which has no such method",
                    m.ident
                );
            }
            pages += 1;
        }
    }
    // The core alone has some 400 commands: a parse that found none would pass above.
    assert!(pages > 500, "only {pages} command pages found");
}

#[test]
fn the_table_reader_reads_a_row_and_skips_the_header() {
    let doc = "intro\n\n| Awaiting | Method | Writes | |\n|---|---|---|---|\n\
               | `key` | `key(key)` | `key` | required |\n\
               |  | `limit_opt(value)` | `LIMIT count` | the same, when given |";
    let names: Vec<String> = listed(doc).into_iter().collect();
    assert_eq!(names, ["key", "limit_opt"]);
    assert_eq!(listed_by_state(doc).len(), 1);
}
