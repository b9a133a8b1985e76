//! Where the repository keeps the spec and the files generated from it, relative to the
//! repository root.

use std::path::{Path, PathBuf};

/// The spec of typedis's builders: the typedis crate's, which its build script reads (so
/// the published crate builds on its own), and the one every task reads and writes by
/// default.
pub const SPEC: &str = "client/spec/commands.json";

/// typedis's corrections to the spec, applied when its builders are generated.
pub const OVERLAY: &str = "client/spec/overlay.json";

/// The dumps of the servers (and the vector set spec) the spec is merged from.
pub const SOURCES: &str = "client/spec/sources";

/// The Sentinel's commands, dumped from a Sentinel of each server.
pub const SENTINEL_SPEC: &str = "client/spec/sentinel.json";

/// The checked-in copies of every file typedis's build script generates, under the names
/// it gives them in `OUT_DIR` (`builders.rs`, `module_search.rs`, ...).
pub const GENERATED: &str = "client/generated";

/// Where the conformance cases are written.
pub const CONFORMANCE_CASES: &str = "tests/tests/conformance/cases.rs";

/// Where the module specs of typedis's module features live (one `<feature>.json` each,
/// read by the typedis crate's build script).
pub const MODULE_SPECS: &str = "client/spec/modules";

/// Where the conformance cases of each module spec are written (`<feature>.rs`).
pub const MODULE_CONFORMANCE_CASES: &str = "tests/tests/module_conformance";

/// The repository root: the folder above this crate's.
pub fn root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest
        .parent()
        .map_or_else(|| manifest.join(".."), Path::to_path_buf)
}
