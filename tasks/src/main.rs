//! `typedis-tasks`: the repository's command-spec tasks (`cargo run -p typedis-tasks --
//! TASK`). The spec they read and write by default is typedis's, `client/spec/commands.json`.
//!
//! - `dump redis://host:port [--out FILE] [--schemas PATH]... [--facts-only]`: writes a
//!   spec from a live server (default: the spec), with the reply schemas of the
//!   source-tree specs at each `PATH` merged in (see `schemas`); with `--facts-only`,
//!   without the server's prose (summaries, complexities, history), for a server whose
//!   licence is not the project's;
//! - `schemas PATH... [--into FILE]`: merges into a spec (default: the spec) each
//!   command's `reply_schema` from the first source-tree spec that has one: a
//!   `src/commands/` folder, one of its files, or a combined file;
//! - `merge DUMP... [--out FILE]`: one spec from the dumps of several servers, oldest
//!   first (default output: the spec);
//! - `compat OLD... [--into FILE]`: records in a spec (default: the spec) the builder
//!   methods of the older specs `OLD` that it renamed, as deprecated aliases, and lists
//!   what is breaking;
//! - `regenerate`: rewrites the checked-in generated files (`client/generated/`) and
//!   conformance cases from the specs;
//! - `check`: fails when a checked-in generated file is out of date;
//! - `diff OLD NEW`: prints the API changes between two spec files;
//! - `generate SPEC [--out FILE]`: generates the builders of a spec file (a module's, a
//!   user's) as a build script would, and prints its reply report: how a spec being
//!   written reads as Rust.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use typedis_codegen::Spec;
use typedis_tasks::paths::{self, SPEC};
use typedis_tasks::snapshots::snapshots;
use typedis_tasks::{compat, diff, dump, merge, schemas};

const USAGE: &str = "usage: typedis-tasks <dump redis://host:port [--out FILE] [--schemas PATH]... [--facts-only] | schemas PATH... [--into FILE] | merge DUMP... [--out FILE] | compat OLD... [--into FILE] | regenerate | check | diff OLD NEW | generate SPEC [--out FILE]>";

fn main() -> ExitCode {
    match try_main(std::env::args().skip(1).collect()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("typedis-tasks: {e}");
            ExitCode::FAILURE
        }
    }
}

fn try_main(args: Vec<String>) -> Result<(), String> {
    let root = paths::root();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["dump", url, rest @ ..] => write_dump(url, &dump_options(rest, &root)?),
        ["schemas", rest @ ..] => {
            let (into, paths) = schemas_options(rest, &root)?;
            let text =
                std::fs::read_to_string(&into).map_err(|e| format!("{}: {e}", into.display()))?;
            let text = merge_schemas(&text, &paths)?;
            write(&into, &text)
        }
        ["merge", rest @ ..] => {
            let (out, paths) = merge_options(rest, &root)?;
            let dumps = paths
                .iter()
                .map(|p| {
                    let text =
                        std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?;
                    merge::Dump::from_json(&text).map_err(|e| format!("{}: {e}", p.display()))
                })
                .collect::<Result<Vec<_>, _>>()?;
            let text = merge::merge(&dumps).map_err(err)?;
            write(&out, &text)?;
            println!("wrote {} from {} dumps", out.display(), dumps.len());
            Ok(())
        }
        ["compat", rest @ ..] => {
            let (into, olds) = schemas_options(rest, &root)?;
            let text =
                std::fs::read_to_string(&into).map_err(|e| format!("{}: {e}", into.display()))?;
            let mut text = text;
            for old in &olds {
                let old_text =
                    std::fs::read_to_string(old).map_err(|e| format!("{}: {e}", old.display()))?;
                let (next, report) = compat::record(&old_text, &text).map_err(err)?;
                print!("{report}");
                text = next;
            }
            write(&into, &text)
        }
        ["regenerate"] => {
            for (path, code) in snapshots(&root).map_err(err)? {
                write(&path, &code)?;
                println!("wrote {}", path.display());
            }
            let path = root.join(SPEC);
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let spec = typedis_tasks::corrected(&text).map_err(err)?;
            print!("{}", typedis_codegen::reply_report(&spec));
            Ok(())
        }
        ["check"] => {
            let mut stale = Vec::new();
            for (path, code) in snapshots(&root).map_err(err)? {
                if std::fs::read_to_string(&path).ok().as_deref() != Some(code.as_str()) {
                    stale.push(path.display().to_string());
                }
            }
            if stale.is_empty() {
                println!("the checked-in generated files are up to date");
                Ok(())
            } else {
                Err(format!(
                    "out of date: {}; run `cargo run -p typedis-tasks -- regenerate`",
                    stale.join(", ")
                ))
            }
        }
        ["generate", spec, rest @ ..] => {
            let path = Path::new(spec);
            let text = std::fs::read_to_string(path).map_err(|e| format!("{spec}: {e}"))?;
            let spec_model = Spec::from_json(&text).map_err(|e| format!("{spec}: {e}"))?;
            let code = typedis_codegen::generate(&spec_model, &typedis_codegen::Options::default())
                .map_err(|e| format!("{spec}: {e}"))?;
            match rest {
                [] => print!("{code}"),
                ["--out", out] => write(Path::new(out), &code)?,
                _ => return Err(USAGE.to_owned()),
            }
            eprint!("{}", typedis_codegen::reply_report(&spec_model));
            Ok(())
        }
        ["diff", old, new] => {
            let (old, new) = (read_spec(Path::new(old))?, read_spec(Path::new(new))?);
            print!("{}", diff::report(&diff::diff(&old, &new)));
            Ok(())
        }
        _ => Err(USAGE.to_owned()),
    }
}

/// A task's error (the tasks' or the generator's) as the message printed.
fn err(e: impl std::fmt::Display) -> String {
    e.to_string()
}

/// `[--out FILE] [--schemas PATH]...` of `dump`.
/// What `dump` is asked for.
struct DumpOptions {
    out: PathBuf,
    schemas: Vec<PathBuf>,
    facts_only: bool,
}

fn dump_options(args: &[&str], root: &Path) -> Result<DumpOptions, String> {
    let mut options = DumpOptions {
        out: root.join(SPEC),
        schemas: Vec::new(),
        facts_only: false,
    };
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        if *flag == "--facts-only" {
            options.facts_only = true;
            continue;
        }
        let value = args.next().ok_or_else(|| USAGE.to_owned())?;
        match *flag {
            "--out" => options.out = PathBuf::from(value),
            "--schemas" => options.schemas.push(PathBuf::from(value)),
            _ => return Err(USAGE.to_owned()),
        }
    }
    Ok(options)
}

/// `PATH... [--into FILE]` of `schemas`.
fn schemas_options(args: &[&str], root: &Path) -> Result<(PathBuf, Vec<PathBuf>), String> {
    let mut into = root.join(SPEC);
    let mut paths = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if *arg == "--into" {
            into = PathBuf::from(args.next().ok_or_else(|| USAGE.to_owned())?);
        } else {
            paths.push(PathBuf::from(arg));
        }
    }
    if paths.is_empty() {
        return Err(USAGE.to_owned());
    }
    Ok((into, paths))
}

/// `DUMP... [--out FILE]` of `merge`.
fn merge_options(args: &[&str], root: &Path) -> Result<(PathBuf, Vec<PathBuf>), String> {
    let mut out = root.join(SPEC);
    let mut paths = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if *arg == "--out" {
            out = PathBuf::from(args.next().ok_or_else(|| USAGE.to_owned())?);
        } else {
            paths.push(PathBuf::from(arg));
        }
    }
    if paths.is_empty() {
        return Err(USAGE.to_owned());
    }
    Ok((out, paths))
}

/// Merges the schemas at `paths` into the spec `text`, saying what it did.
fn merge_schemas(text: &str, paths: &[PathBuf]) -> Result<String, String> {
    let sources = paths
        .iter()
        .map(|p| schemas::Source::read(p).map_err(|e| format!("{}: {e}", p.display())))
        .collect::<Result<Vec<_>, _>>()?;
    let (text, merged) = schemas::merge(text, &sources).map_err(err)?;
    println!(
        "reply schemas: {} commands; none for {} ({})",
        merged.with_schema,
        merged.without.len(),
        merged.without.join(", ")
    );
    Ok(text)
}

fn write_dump(url: &str, options: &DumpOptions) -> Result<(), String> {
    let mut text = dump::dump(url).map_err(err)?;
    if options.facts_only {
        text = dump::facts_only(&text).map_err(err)?;
    }
    if !options.schemas.is_empty() {
        text = merge_schemas(&text, &options.schemas)?;
    }
    let out = &options.out;
    write(out, &text)?;
    let spec = Spec::from_json(&text).map_err(err)?;
    println!(
        "wrote {} ({} commands, {})",
        out.display(),
        spec.commands.len(),
        spec.version.unwrap_or_default()
    );
    Ok(())
}

fn read_spec(path: &Path) -> Result<Spec, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Spec::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}
