//! The checked-in generated files of the repository, and what each should hold: `check`
//! compares them, `regenerate` writes them.

use std::path::{Path, PathBuf};

use typedis_codegen::{generate, generate_replies, generate_table, Spec};

use crate::conformance::generate_cases;
use crate::paths::{
    CONFORMANCE_CASES, GENERATED, MODULE_CONFORMANCE_CASES, MODULE_SPECS, SENTINEL_SPEC,
};
use crate::Error;

/// The commands typedis's connections refuse: the file they read, as typedis's build
/// script includes it, so the snapshot's docs are the build's.
#[path = "../../client/src/cmd/refused.rs"]
mod refused;

/// The options typedis's build script generates its own builders with (the refused
/// commands added to `base`).
fn options(base: typedis_codegen::Options) -> typedis_codegen::Options {
    typedis_codegen::Options {
        refused: refused::REFUSED
            .iter()
            .map(|&(name, why)| (name.to_owned(), why.to_owned()))
            .collect(),
        ..base
    }
}

/// The three files generated from one spec, under the names typedis's build script gives
/// them (`<prefix>.rs` or `builders.rs`, `<prefix>_replies.rs`, `<prefix>_table.rs`), in
/// the folder of checked-in copies.
fn generated(
    root: &Path,
    spec: &Spec,
    options: &typedis_codegen::Options,
    names: [&str; 3],
) -> Result<Vec<(PathBuf, String)>, Error> {
    let folder = root.join(GENERATED);
    Ok(vec![
        (folder.join(names[0]), generate(spec, options)?),
        (folder.join(names[1]), generate_replies(spec, options)?),
        (folder.join(names[2]), generate_table(spec, options)?),
    ])
}

/// Every checked-in generated file of the repository at `root`, with the content it
/// should have: the copies of what typedis's build script generates (the core spec
/// [`SPEC`](crate::paths::SPEC) with its overlay, the Sentinel's, each module's), and
/// the conformance cases of the core spec and of each module spec
/// ([`MODULE_CONFORMANCE_CASES`]).
///
/// # Errors
///
/// When a spec cannot be read or generation fails.
pub fn snapshots(root: &Path) -> Result<Vec<(PathBuf, String)>, Error> {
    let spec = crate::corrected(&read(&root.join(crate::paths::SPEC))?)?;
    let core = options(typedis_codegen::typedis_options());
    let mut files = generated(
        root,
        &spec,
        &core,
        ["builders.rs", "replies.rs", "spec_table.rs"],
    )?;
    let (cases, _) = generate_cases(&spec)?;
    files.push((root.join(CONFORMANCE_CASES), cases));
    let sentinel = Spec::from_json(&read(&root.join(SENTINEL_SPEC))?)?;
    let extend = typedis_codegen::Options {
        extend: Some("crate::cmd::Builders".to_owned()),
        ..options(typedis_codegen::typedis_options())
    };
    files.extend(generated(
        root,
        &sentinel,
        &extend,
        [
            "sentinel_builders.rs",
            "sentinel_replies.rs",
            "sentinel_table.rs",
        ],
    )?);
    for (feature, product) in typedis_codegen::MODULE_FEATURES {
        let path = root.join(MODULE_SPECS).join(format!("{feature}.json"));
        let spec = Spec::from_json(&read(&path)?)?;
        let module = options(typedis_codegen::typedis_module_options(product));
        let names = [
            format!("module_{feature}.rs"),
            format!("module_{feature}_replies.rs"),
            format!("module_{feature}_table.rs"),
        ];
        files.extend(generated(
            root,
            &spec,
            &module,
            [&names[0], &names[1], &names[2]],
        )?);
        let (cases, _) = generate_cases(&spec)?;
        let out = root
            .join(MODULE_CONFORMANCE_CASES)
            .join(format!("{feature}.rs"));
        files.push((out, cases));
    }
    Ok(files)
}

/// The text of the file at `path` ([`Error::Io`] when it cannot be read).
pub(crate) fn read(path: &Path) -> Result<String, Error> {
    std::fs::read_to_string(path).map_err(|source| Error::Io {
        path: path.display().to_string(),
        source,
    })
}
