//! The commands a Sentinel answers (`SENTINEL MASTERS`, `SENTINEL GET-MASTER-ADDR-BY-NAME`,
//! ...), generated at build time from the dump of a Sentinel of each server
//! (`client/spec/sentinel.json`) as more methods of [`b()`](super::b). Send them to a Sentinel
//! (a [`Client`](crate::Client) connected to its port): a data node does not know them.
//! Their replies are typed like the rest ([`SentinelNode`](crate::reply::SentinelNode),
//! [`PrimaryAddr`](crate::reply::PrimaryAddr), ...).
//!
//! ```no_run
//! use typedis::{b, Client};
//!
//! # async fn run() -> Result<(), typedis::Error> {
//! let sentinel = Client::connect("redis://127.0.0.1:26379").await?;
//! let primary = sentinel
//!     .query(b().sentinel_get_master_addr_by_name().primary_name("mymaster"))
//!     .await?; // Option<PrimaryAddr>
//! for replica in sentinel.query(b().sentinel_replicas().primary_name("mymaster")).await? {
//!     println!("{:?} down: {}", replica.addr(), replica.is_down());
//! }
//! # let _ = primary;
//! # Ok(())
//! # }
//! ```

// Generated method names follow the spec's words, and argument counts its spec, which the
// style lints would otherwise flag.
#![allow(
    clippy::should_implement_trait,
    clippy::too_many_arguments,
    clippy::new_ret_no_self,
    clippy::type_complexity
)]

include!(concat!(env!("OUT_DIR"), "/sentinel_builders.rs"));

/// The structs replies are read into, where they were before they moved to
/// [`reply`](crate::reply): kept so that old paths compile.
#[doc(hidden)]
pub mod replies {
    #[allow(unused_imports)] // when the Sentinel's replies need no struct
    pub use crate::reply::generated::sentinel::*;
}
