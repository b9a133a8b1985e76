//! The checked-in copies of every file the build script generates (`client/generated/`,
//! read in review like any other diff) must equal what it generated for this build: a
//! change to a spec or to the generator that the copies do not show fails here.
//! `cargo run -p typedis-tasks -- regenerate` writes them.

/// Fails unless `client/generated/<name>` holds `generated`.
fn check(name: &str, generated: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("generated")
        .join(name);
    let copy = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    assert!(
        copy == generated,
        "client/generated/{name} is not what the build generated: run \
         `cargo run -p typedis-tasks -- regenerate` and commit the result"
    );
}

/// One test per generated file: `OUT_DIR/<file>` against its copy.
macro_rules! copies {
    ($($(#[$cfg:meta])? $test:ident $file:literal,)*) => {
        $(
            $(#[$cfg])?
            #[test]
            fn $test() {
                check($file, include_str!(concat!(env!("OUT_DIR"), "/", $file)));
            }
        )*
    };
}

copies! {
    builders "builders.rs",
    replies "replies.rs",
    spec_table "spec_table.rs",
    sentinel_builders "sentinel_builders.rs",
    sentinel_replies "sentinel_replies.rs",
    sentinel_table "sentinel_table.rs",
    #[cfg(feature = "json")] json_builders "module_json.rs",
    #[cfg(feature = "json")] json_replies "module_json_replies.rs",
    #[cfg(feature = "json")] json_table "module_json_table.rs",
    #[cfg(feature = "search")] search_builders "module_search.rs",
    #[cfg(feature = "search")] search_replies "module_search_replies.rs",
    #[cfg(feature = "search")] search_table "module_search_table.rs",
    #[cfg(feature = "bloom")] bloom_builders "module_bloom.rs",
    #[cfg(feature = "bloom")] bloom_replies "module_bloom_replies.rs",
    #[cfg(feature = "bloom")] bloom_table "module_bloom_table.rs",
    #[cfg(feature = "timeseries")] timeseries_builders "module_timeseries.rs",
    #[cfg(feature = "timeseries")] timeseries_replies "module_timeseries_replies.rs",
    #[cfg(feature = "timeseries")] timeseries_table "module_timeseries_table.rs",
}
