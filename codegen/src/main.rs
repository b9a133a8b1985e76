//! `typedis-codegen`: the repository's command-spec tasks.
//!
//! - `dump redis://host:port [--out FILE]`: writes a spec from a live server
//!   (default: the repository's `commands.json`);
//! - `regenerate`: rewrites the checked-in snapshots from `commands.json`;
//! - `check`: fails when a snapshot is out of date;
//! - `diff OLD NEW`: prints the API changes between two spec files.

use std::path::Path;
use std::process::ExitCode;

use typedis_codegen::{diff, dump, Error, Spec};

const USAGE: &str = "usage: typedis-codegen <dump redis://host:port [--out FILE] | regenerate | check | diff OLD NEW>";

fn main() -> ExitCode {
    match try_main(std::env::args().skip(1).collect()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("typedis-codegen: {e}");
            ExitCode::FAILURE
        }
    }
}

fn try_main(args: Vec<String>) -> Result<(), String> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = manifest
        .parent()
        .map_or_else(|| manifest.join(".."), Path::to_path_buf);
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["dump", url] => write_dump(url, &root.join("commands.json")),
        ["dump", url, "--out", out] => write_dump(url, Path::new(out)),
        ["regenerate"] => {
            for (path, code) in typedis_codegen::snapshots(&root).map_err(err)? {
                write(&path, &code)?;
                println!("wrote {}", path.display());
            }
            Ok(())
        }
        ["check"] => {
            let mut stale = Vec::new();
            for (path, code) in typedis_codegen::snapshots(&root).map_err(err)? {
                if std::fs::read_to_string(&path).ok().as_deref() != Some(code.as_str()) {
                    stale.push(path.display().to_string());
                }
            }
            if stale.is_empty() {
                println!("snapshots are up to date");
                Ok(())
            } else {
                Err(format!(
                    "out of date: {}; run `cargo run -p typedis-codegen -- regenerate`",
                    stale.join(", ")
                ))
            }
        }
        ["diff", old, new] => {
            let (old, new) = (read_spec(Path::new(old))?, read_spec(Path::new(new))?);
            print!("{}", diff::report(&diff::diff(&old, &new)));
            Ok(())
        }
        _ => Err(USAGE.to_owned()),
    }
}

fn err(e: Error) -> String {
    e.to_string()
}

fn write_dump(url: &str, out: &Path) -> Result<(), String> {
    let text = dump::dump(url).map_err(err)?;
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
