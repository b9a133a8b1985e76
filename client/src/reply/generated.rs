//! The structs replies are read into that the generator writes from the specs' reply
//! schemas at build time (`client/build.rs`), one module per spec; [`reply`](super)
//! re-exports them. The builders (`cmd`, the layer above) name them there.

/// The server commands' (`client/spec/commands.json`).
pub(crate) mod server {
    include!(concat!(env!("OUT_DIR"), "/replies.rs"));
}

/// The Sentinel commands' (`client/spec/sentinel.json`).
pub(crate) mod sentinel {
    include!(concat!(env!("OUT_DIR"), "/sentinel_replies.rs"));
}

macro_rules! module_replies {
    ($($feature:literal $name:ident $file:literal),* $(,)?) => {
        $(
            #[doc = concat!("The `", $feature, "` feature's module commands'.")]
            #[cfg(feature = $feature)]
            pub(crate) mod $name {
                include!(concat!(env!("OUT_DIR"), $file));
            }
        )*
    };
}

module_replies! {
    "json" json "/module_json_replies.rs",
    "search" search "/module_search_replies.rs",
    "bloom" bloom "/module_bloom_replies.rs",
    "timeseries" timeseries "/module_timeseries_replies.rs",
}
