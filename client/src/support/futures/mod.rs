//! The few future and stream combinators the client needs: joining many futures while
//! polling only those that woke, a stream unfolded from an async step, and a mapped
//! future. Written here rather than taken from `futures-util`, which took about 1.5 s to
//! compile in every clean build of an application, for these three (see
//! benches/HISTORY.md, "Without `futures-util`").

mod map;
mod unfold;
// The cluster's joins; a single-node client joins nothing.
#[cfg(feature = "cluster")]
mod unordered;

pub(crate) use map::Map;
pub(crate) use unfold::unfold;
#[cfg(feature = "cluster")]
pub(crate) use unordered::{join_all, try_join_all, Unordered};
