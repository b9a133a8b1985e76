//! What rustc reads of a crate's structure, for the architecture test: the module tree from
//! `lib.rs` and its `mod` items (files and inline modules), the items each module defines,
//! and every import of every file, resolved to the file that defines what it names.
//!
//! Over 500 lines: the module tree, the `use` trees and the code paths are read and
//! resolved together.
//!
//! An import is any path a file names that starts at `crate`, `super` or `self`, or at a
//! name a `use` brought in or a child module: `use` trees in every form (grouped, nested,
//! renamed, globs), paths in code and types, macro paths, and paths inside macro bodies
//! (`$crate::support::trace::event!`). A path resolves module by module: a child module,
//! an item defined there, or a name a `use` there brings in (followed to its definition, so
//! `crate::Error` is the file that defines `Error`, not `lib.rs`); a name defined in the
//! crate wins over one taken from another crate, so `crate::RespRead` is the trait, not the
//! derive of the same name.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use proc_macro2::{TokenStream, TokenTree};
use syn::visit::Visit;

/// A crate's modules, keyed by module path (`[]` is the crate root, `["conn", "mux"]` is
/// `crate::conn::mux`).
pub struct Crate {
    pub modules: BTreeMap<Vec<String>, Module>,
    /// The top-level `mod` items of `lib.rs` declared in files, in the order written.
    pub top: Vec<String>,
    /// Every file under the source folder that ends in `.rs`, relative to it, with its
    /// text (whether or not a `mod` item reaches it).
    pub files: BTreeMap<String, String>,
}

/// One module: the file it lives in, what it defines, and what its `use` items bring in.
#[derive(Default)]
pub struct Module {
    pub file: String,
    pub children: BTreeSet<String>,
    pub defines: BTreeSet<String>,
    /// `use` items: the name brought in, and the path it names (absolute, or starting at
    /// another crate's name).
    pub uses: Vec<(String, Vec<String>)>,
    /// Whether it `include!`s a file (generated code the source tree does not hold):
    /// names not found in it are taken as that code's.
    pub includes: bool,
    /// `use path::*` items: the module paths whose names are all brought in.
    pub globs: Vec<Vec<String>>,
    /// The paths its code names, as written (`crate::wire::Frame`, `super::Client`,
    /// `mux::Connection`).
    pub code: Vec<Vec<String>>,
}

impl Crate {
    /// Reads the crate whose `lib.rs` is in `src`.
    pub fn read(src: &Path) -> Crate {
        let mut files = BTreeMap::new();
        collect(src, src, &mut files);
        let mut krate = Crate {
            modules: BTreeMap::new(),
            top: Vec::new(),
            files,
        };
        let lib = parse(src, "lib.rs", &krate.files);
        for item in &lib.items {
            if let syn::Item::Mod(m) = item {
                if m.content.is_none() {
                    krate.top.push(m.ident.to_string());
                }
            }
        }
        krate.module(src, Vec::new(), "lib.rs".into(), &lib.items);
        krate
    }

    fn module(&mut self, src: &Path, path: Vec<String>, file: String, items: &[syn::Item]) {
        let mut module = Module {
            file: file.clone(),
            ..Module::default()
        };
        let dir = match file.as_str() {
            "lib.rs" => String::new(),
            f if f.ends_with("/mod.rs") => f.trim_end_matches("mod.rs").to_owned(),
            f => format!("{}/", f.trim_end_matches(".rs")),
        };
        let mut paths = Paths::default();
        for item in items {
            if !matches!(item, syn::Item::Mod(_) | syn::Item::Use(_)) {
                paths.visit_item(item);
            }
            if let syn::Item::Use(u) = item {
                flatten_use(&u.tree, &path, Vec::new(), &mut module);
            }
            if let Some(name) = defined_name(item) {
                module.defines.insert(name);
            }
            if let syn::Item::Macro(m) = item {
                module.includes |= m.mac.path.is_ident("include");
            }
            let syn::Item::Mod(m) = item else { continue };
            let name = m.ident.to_string();
            module.children.insert(name.clone());
            let mut child = path.clone();
            child.push(name.clone());
            match &m.content {
                Some((_, inner)) => self.module(src, child, file.clone(), inner),
                None => {
                    let flat = format!("{dir}{name}.rs");
                    let nested = format!("{dir}{name}/mod.rs");
                    let child_file = if self.files.contains_key(&flat) {
                        flat
                    } else {
                        nested
                    };
                    let parsed = parse(src, &child_file, &self.files);
                    self.module(src, child, child_file, &parsed.items);
                }
            }
        }
        // A `use` that starts at a child module's name (`use handle::Client;`) is relative.
        let relative = |target: &mut Vec<String>| {
            let child = target.first().and_then(|f| f.strip_prefix("::"));
            if let Some(child) = child.filter(|c| module.children.contains(*c)) {
                let mut full = path.clone();
                full.push(child.to_owned());
                full.extend(target.drain(..).skip(1));
                *target = full;
            }
        };
        module.code = paths.found;
        let (mut uses, mut globs) = (
            std::mem::take(&mut module.uses),
            std::mem::take(&mut module.globs),
        );
        uses.iter_mut().for_each(|(_, t)| relative(t));
        globs.iter_mut().for_each(relative);
        (module.uses, module.globs) = (uses, globs);
        self.modules.insert(path, module);
    }

    /// The file that defines what `path` (absolute) names, or `None` for another crate's.
    pub fn resolve(&self, path: &[String]) -> Option<String> {
        self.resolve_in(path, &mut BTreeSet::new())
    }

    fn resolve_in(&self, path: &[String], seen: &mut BTreeSet<Vec<String>>) -> Option<String> {
        if !seen.insert(path.to_vec()) {
            return None;
        }
        let mut at: Vec<String> = Vec::new();
        for (i, segment) in path.iter().enumerate() {
            let module = self.modules.get(&at)?;
            if module.children.contains(segment) {
                at.push(segment.clone());
                continue;
            }
            if module.defines.contains(segment) {
                return Some(module.file.clone());
            }
            let rest = &path[i + 1..];
            for (name, target) in &module.uses {
                if name == segment && self.is_local(target) {
                    let full: Vec<String> = target.iter().chain(rest).cloned().collect();
                    if let Some(file) = self.resolve_in(&full, seen) {
                        return Some(file);
                    }
                }
            }
            for glob in &module.globs {
                let full: Vec<String> = glob.iter().chain(&path[i..]).cloned().collect();
                if let Some(file) = self.resolve_in(&full, seen) {
                    return Some(file);
                }
            }
            return module.includes.then(|| module.file.clone());
        }
        self.modules.get(&at).map(|m| m.file.clone())
    }

    /// Whether `path` names something of this crate's (another crate's paths start with
    /// `::name`).
    fn is_local(&self, path: &[String]) -> bool {
        path.first().is_none_or(|first| !first.starts_with("::"))
    }

    /// The paths files name through the crate root's re-exports (`crate::Error`), each
    /// as `file: path`.
    pub fn through_root(&self) -> Vec<String> {
        let mut found = Vec::new();
        for module in self.modules.values().filter(|m| m.file != "lib.rs") {
            for (_, target) in &module.uses {
                if self.is_reexport(target) {
                    found.push(format!("{}: crate::{}", module.file, target.join("::")));
                }
            }
            for raw in &module.code {
                if raw.first().is_some_and(|f| f == "crate") && self.is_reexport(&raw[1..]) {
                    found.push(format!("{}: {}", module.file, raw.join("::")));
                }
            }
        }
        found.sort();
        found.dedup();
        found
    }

    /// Whether `path` (absolute) starts at a name the crate root only re-exports.
    fn is_reexport(&self, path: &[String]) -> bool {
        let root = &self.modules[&Vec::new()];
        path.first().is_some_and(|first| {
            !root.children.contains(first)
                && !root.defines.contains(first)
                && root.uses.iter().any(|(n, _)| n == first)
        })
    }

    /// Every file's imports: the files it names, with the first path that names each.
    pub fn imports(&self) -> BTreeMap<String, BTreeMap<String, String>> {
        let mut out: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
        for module in self.modules.values() {
            let mut named = Vec::new();
            for (_, target) in &module.uses {
                named.push(target.clone());
            }
            named.extend(module.globs.iter().cloned());
            let to = out.entry(module.file.clone()).or_default();
            for target in named {
                if !self.is_local(&target) {
                    continue;
                }
                if let Some(file) = self.resolve(&target) {
                    if file != module.file {
                        to.entry(file).or_insert_with(|| target.join("::"));
                    }
                }
            }
        }
        for (path, module) in &self.modules {
            let to = out.entry(module.file.clone()).or_default();
            for raw in &module.code {
                let Some(absolute) = self.absolute(path, module, raw) else {
                    continue;
                };
                if let Some(target) = self.resolve(&absolute) {
                    if target != module.file {
                        to.entry(target).or_insert_with(|| raw.join("::"));
                    }
                }
            }
        }
        out
    }

    /// `raw`, a path named in code in `module` (at `path`), made absolute; `None` when it
    /// starts at nothing of this crate's.
    fn absolute(&self, path: &[String], module: &Module, raw: &[String]) -> Option<Vec<String>> {
        let first = raw.first()?;
        let mut at = path.to_vec();
        let mut rest = raw;
        match first.as_str() {
            "crate" if raw.len() > 1 => return Some(raw[1..].to_vec()),
            "crate" => return None,
            "self" => rest = &raw[1..],
            "super" => {
                while rest.first().is_some_and(|s| s == "super") {
                    at.pop();
                    rest = &rest[1..];
                }
            }
            name if module.children.contains(name) => {}
            name => {
                let (_, target) = module.uses.iter().find(|(n, _)| n == name)?;
                if !self.is_local(target) {
                    return None;
                }
                return Some(target.iter().chain(&raw[1..]).cloned().collect());
            }
        }
        at.extend(rest.iter().cloned());
        Some(at)
    }
}

fn collect(dir: &Path, root: &Path, out: &mut BTreeMap<String, String>) {
    for entry in std::fs::read_dir(dir).expect("read the source folder") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            collect(&path, root, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(root).expect("under the root");
            let text = std::fs::read_to_string(&path).expect("read a source file");
            out.insert(rel.to_string_lossy().replace('\\', "/"), text);
        }
    }
}

fn parse(src: &Path, file: &str, files: &BTreeMap<String, String>) -> syn::File {
    let text = files
        .get(file)
        .unwrap_or_else(|| panic!("{} has no {file}", src.display()));
    syn::parse_file(text).unwrap_or_else(|e| panic!("{file}: {e}"))
}

fn defined_name(item: &syn::Item) -> Option<String> {
    let ident = match item {
        syn::Item::Const(i) => &i.ident,
        syn::Item::Enum(i) => &i.ident,
        syn::Item::Fn(i) => &i.sig.ident,
        syn::Item::Static(i) => &i.ident,
        syn::Item::Struct(i) => &i.ident,
        syn::Item::Trait(i) => &i.ident,
        syn::Item::TraitAlias(i) => &i.ident,
        syn::Item::Type(i) => &i.ident,
        syn::Item::Union(i) => &i.ident,
        syn::Item::Macro(i) => i.ident.as_ref()?,
        _ => return None,
    };
    Some(ident.to_string())
}

/// Flattens a `use` tree into `module`'s uses and globs, paths made absolute where they
/// start at `crate`, `self` or `super` (seen from `at`).
fn flatten_use(tree: &syn::UseTree, at: &[String], mut prefix: Vec<String>, module: &mut Module) {
    // An absolute path is kept with a leading `crate` until it is recorded; another
    // crate's (or a child module's, resolved later) starts with `::name`.
    let push = |prefix: &mut Vec<String>, segment: String| {
        if prefix.is_empty() {
            match segment.as_str() {
                "crate" => prefix.push(segment),
                "self" | "super" => {
                    prefix.push("crate".to_owned());
                    prefix.extend(at.iter().cloned());
                    if segment == "super" {
                        prefix.pop();
                    }
                }
                _ => prefix.push(format!("::{segment}")),
            }
        } else if segment == "super" {
            prefix.pop();
        } else if segment != "self" {
            prefix.push(segment);
        }
    };
    let recorded = |mut path: Vec<String>| {
        if path.first().is_some_and(|f| f == "crate") {
            path.remove(0);
        }
        path
    };
    match tree {
        syn::UseTree::Path(p) => {
            push(&mut prefix, p.ident.to_string());
            flatten_use(&p.tree, at, prefix, module);
        }
        syn::UseTree::Name(n) => {
            let name = n.ident.to_string();
            if name == "self" {
                if let Some(last) = prefix.last().cloned() {
                    module.uses.push((last, recorded(prefix)));
                }
            } else {
                push(&mut prefix, name.clone());
                module.uses.push((name, recorded(prefix)));
            }
        }
        syn::UseTree::Rename(r) => {
            let name = r.ident.to_string();
            if name != "self" {
                push(&mut prefix, name);
            }
            module.uses.push((r.rename.to_string(), recorded(prefix)));
        }
        syn::UseTree::Glob(_) => module.globs.push(recorded(prefix)),
        syn::UseTree::Group(g) => {
            for tree in &g.items {
                flatten_use(tree, at, prefix.clone(), module);
            }
        }
    }
}

/// The paths named in code: types, expressions, patterns, macro paths, and the paths in
/// macro bodies' tokens that start at `crate` (or `$crate`), `super` or `self`.
#[derive(Default)]
struct Paths {
    found: Vec<Vec<String>>,
}

impl<'ast> Visit<'ast> for Paths {
    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.segments.len() > 1 || path.leading_colon.is_none() {
            self.found
                .push(path.segments.iter().map(|s| s.ident.to_string()).collect());
        }
        syn::visit::visit_path(self, path);
    }

    /// `pub(crate)`, `pub(super)`: no import.
    fn visit_visibility(&mut self, _: &'ast syn::Visibility) {}

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        token_paths(mac.tokens.clone(), &mut self.found);
        syn::visit::visit_macro(self, mac);
    }
}

/// Paths in `tokens` that start at `crate`, `super` or `self` and go on with `::`.
fn token_paths(tokens: TokenStream, found: &mut Vec<Vec<String>>) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut i = 0;
    while i < tokens.len() {
        if let TokenTree::Group(g) = &tokens[i] {
            token_paths(g.stream(), found);
        }
        let starts = matches!(&tokens[i], TokenTree::Ident(id)
            if matches!(id.to_string().as_str(), "crate" | "super" | "self"));
        if !starts {
            i += 1;
            continue;
        }
        let mut path = vec![tokens[i].to_string()];
        let mut j = i + 1;
        while j + 2 < tokens.len() + 1 {
            let colons = matches!((&tokens.get(j), &tokens.get(j + 1)),
                (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b))) if a.as_char() == ':' && b.as_char() == ':');
            match (colons, tokens.get(j + 2)) {
                (true, Some(TokenTree::Ident(id))) => {
                    path.push(id.to_string());
                    j += 3;
                }
                _ => break,
            }
        }
        if path.len() > 1 {
            found.push(path);
        }
        i = j.max(i + 1);
    }
}

/// The source folder of the `typedis` crate.
pub fn typedis_src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../client/src")
}

/// The strongly connected groups of more than one node (Tarjan's algorithm), each sorted.
pub fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
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
