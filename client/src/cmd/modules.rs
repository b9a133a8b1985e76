//! The builders of the module features, generated at build time from the project's own
//! spec of each module (`client/spec/modules/<feature>.json`) as more methods of [`b()`](super::b):
//! `b().json_set()` with `json`, `b().ft_search()` with `search`, `b().bf_add()` with
//! `bloom`, `b().ts_add()` with `timeseries`. Each feature's module here holds its
//! commands' type states and the structs their replies are read into (`replies`).

/// Includes the generated builders of one module feature.
macro_rules! module_builders {
    ($($feature:literal $name:ident $file:literal $doc:literal),* $(,)?) => {
        $(
            #[cfg(feature = $feature)]
            #[cfg_attr(docsrs, doc(cfg(feature = $feature)))]
            #[doc = $doc]
            // Generated method names follow the module's words, and argument counts its
            // spec, which the style lints would otherwise flag.
            #[allow(
                clippy::should_implement_trait,
                clippy::too_many_arguments,
                clippy::new_ret_no_self,
                clippy::type_complexity
            )]
            pub mod $name {
                include!(concat!(env!("OUT_DIR"), $file));

                /// The structs replies are read into, where they were before they moved
                /// to [`reply`](crate::reply): kept so that old paths compile.
                #[doc(hidden)]
                pub mod replies {
                    #[allow(unused_imports)] // a module whose replies need no struct
                    pub use crate::reply::generated::$name::*;
                }
            }
        )*
    };
}

module_builders! {
    "json" json "/module_json.rs"
        "RedisJSON 2.8 (part of Redis 8; Redis Stack before): the `JSON.*` commands' type states.",
    "search" search "/module_search.rs"
        "RediSearch 2.10 (part of Redis 8; Redis Stack before): the `FT.*` commands' type states.",
    "bloom" bloom "/module_bloom.rs"
        "RedisBloom 2.8 (part of Redis 8; Redis Stack before): the `BF.*`, `CF.*`, `CMS.*`, \
         `TOPK.*` and `TDIGEST.*` commands' type states.",
    "timeseries" timeseries "/module_timeseries.rs"
        "RedisTimeSeries 1.12 (part of Redis 8; Redis Stack before): the `TS.*` commands' \
         type states.",
}
