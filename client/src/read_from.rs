//! [`ReadFrom`]: where read-only commands go when there are replicas to read from, for
//! the cluster and the Sentinel clients alike.

/// Which nodes serve read-only commands, in a cluster
/// (`ClusterConfig::read_from`) or behind Sentinel
/// ([`SentinelConfig::read_from`](crate::sentinel::SentinelConfig::read_from)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum ReadFrom {
    /// Every command goes to the primary (of its slot, in a cluster).
    #[default]
    Primary,
    /// Read-only commands go to a replica when there is one (in a cluster, one of their
    /// slot's shard, whose connection is put in `READONLY` mode first); writes, blocking
    /// commands and transactions always go to the primary. Replicas may lag behind their
    /// primary.
    PreferReplica,
}
