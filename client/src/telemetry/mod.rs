//! What an operation records: how it ended ([`outcome`]) and the metrics it counts
//! ([`metrics`]), below the connections that report them.

pub(crate) mod metrics;
pub(crate) mod outcome;
