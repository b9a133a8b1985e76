//! The checked-in generated files of the repository, and what each should hold: `check`
//! compares them, `regenerate` writes them.

use std::path::{Path, PathBuf};

use typedis_codegen::{generate, generate_replies, generate_table, typedis_options, Spec};

use crate::conformance::generate_cases;
use crate::paths::{
    BUILDERS_SNAPSHOT, CONFORMANCE_CASES, MODULE_CONFORMANCE_CASES, MODULE_SPECS, REPLIES_SNAPSHOT,
    SPEC_TABLE_SNAPSHOT,
};
use crate::Error;

/// The commands typedis's connections refuse: the file they read, as typedis's build
/// script includes it, so the snapshot's docs are the build's.
#[path = "../../client/src/cmd/refused.rs"]
mod refused;

/// The options typedis's build script generates its own builders with.
fn options() -> typedis_codegen::Options {
    typedis_codegen::Options {
        refused: refused::REFUSED
            .iter()
            .map(|&(name, why)| (name.to_owned(), why.to_owned()))
            .collect(),
        ..typedis_options()
    }
}

/// Every checked-in generated file of the repository at `root`, with the content it
/// should have: the builders and spec table snapshots and the conformance cases of the
/// spec ([`SPEC`](crate::paths::SPEC)), and the conformance cases of each module spec
/// ([`MODULE_CONFORMANCE_CASES`]).
///
/// # Errors
///
/// When a spec cannot be read or generation fails.
pub fn snapshots(root: &Path) -> Result<Vec<(PathBuf, String)>, Error> {
    let spec = crate::corrected(&read(&root.join(crate::paths::SPEC))?)?;
    let builders = generate(&spec, &options())?;
    let replies = generate_replies(&spec, &options())?;
    let table = generate_table(&spec, &options())?;
    let (cases, _) = generate_cases(&spec)?;
    let mut files = vec![
        (root.join(BUILDERS_SNAPSHOT), builders),
        (root.join(REPLIES_SNAPSHOT), replies),
        (root.join(SPEC_TABLE_SNAPSHOT), table),
        (root.join(CONFORMANCE_CASES), cases),
    ];
    for (feature, _) in typedis_codegen::MODULE_FEATURES {
        let path = root.join(MODULE_SPECS).join(format!("{feature}.json"));
        let spec = Spec::from_json(&read(&path)?)?;
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
