//! [`ReadFrom`]: where read-only commands go when there are replicas to read from, for
//! the cluster and the Sentinel clients alike.

/// Which nodes serve read-only commands, in a cluster
/// (`ClusterConfig::read_from`) or behind Sentinel
/// ([`SentinelConfig::read_from`](crate::sentinel::SentinelConfig::read_from)).
///
/// Writes, blocking commands and transactions always go to the primary. Replicas may lag
/// behind their primary. A node's availability zone is what it says in its `HELLO` reply
/// (Valkey 8.0 and later, set with its `availability-zone` option); a node that says none
/// is in no zone. In a cluster each read picks among its slot's nodes by the policy's
/// order, in turn among the nodes that rank first (round-robin); through Sentinel the
/// replica connection goes to a replica the policy prefers, and reads share it.
///
/// ```
/// use typedis::cluster::ClusterConfig;
/// use typedis::ReadFrom;
///
/// let config = ClusterConfig::from_url("redis+cluster://10.0.0.1:7000")?
///     .read_from(ReadFrom::AzAffinity("us-east-1a".into()));
/// # let _ = config; Ok::<(), typedis::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum ReadFrom {
    /// Every command goes to the primary (of its slot, in a cluster).
    #[default]
    Primary,
    /// Read-only commands go to a replica when there is one (in a cluster, one of their
    /// slot's shard in turn, whose connection is put in `READONLY` mode first), else to
    /// the primary.
    PreferReplica,
    /// Read-only commands go to a replica in this availability zone, else to any replica,
    /// else to the primary.
    AzAffinity(String),
    /// Read-only commands go to a replica in this availability zone, else to the primary
    /// if it is in the zone, else to any replica, else to the primary.
    AzAffinityReplicasAndPrimary(String),
}

impl ReadFrom {
    /// Whether read-only commands may go to replicas.
    pub(crate) fn reads_replicas(&self) -> bool {
        *self != ReadFrom::Primary
    }

    /// The zone the policy prefers, if it prefers one.
    pub(crate) fn zone(&self) -> Option<&str> {
        match self {
            ReadFrom::AzAffinity(z) | ReadFrom::AzAffinityReplicasAndPrimary(z) => Some(z),
            _ => None,
        }
    }

    /// Where a node in `zone` (a primary when `primary`) ranks for a read: lower is
    /// preferred.
    #[cfg(feature = "cluster")]
    pub(crate) fn rank(&self, zone: Option<&str>, primary: bool) -> u8 {
        let here = zone.is_some() && zone == self.zone();
        match (self, primary) {
            (ReadFrom::Primary, true) => 0,
            (ReadFrom::Primary, false) => 1,
            (ReadFrom::PreferReplica, false) => 0,
            (ReadFrom::PreferReplica, true) => 1,
            (ReadFrom::AzAffinity(_), false) => u8::from(!here),
            (ReadFrom::AzAffinity(_), true) => 2,
            (ReadFrom::AzAffinityReplicasAndPrimary(_), false) => 2 * u8::from(!here),
            (ReadFrom::AzAffinityReplicasAndPrimary(_), true) => 1 + 2 * u8::from(!here),
        }
    }
}

/// `"primary"`, `"prefer_replica"`, or a table naming the zone:
/// `{ az_affinity = "us-east-1a" }`, `{ az_affinity_replicas_and_primary = "us-east-1a" }`.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for ReadFrom {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(rename_all = "snake_case", deny_unknown_fields)]
        enum Written {
            Primary,
            PreferReplica,
            AzAffinity(String),
            AzAffinityReplicasAndPrimary(String),
        }
        Ok(match Written::deserialize(d)? {
            Written::Primary => ReadFrom::Primary,
            Written::PreferReplica => ReadFrom::PreferReplica,
            Written::AzAffinity(z) => ReadFrom::AzAffinity(z),
            Written::AzAffinityReplicasAndPrimary(z) => ReadFrom::AzAffinityReplicasAndPrimary(z),
        })
    }
}

#[cfg(all(test, feature = "cluster"))]
mod tests {
    use super::*;

    /// The nodes of a shard ranked by a policy, best first: (name, zone, primary).
    fn order(policy: &ReadFrom) -> Vec<&'static str> {
        let nodes = [
            ("primary-a", Some("a"), true),
            ("replica-a", Some("a"), false),
            ("replica-b", Some("b"), false),
            ("replica-none", None, false),
        ];
        let mut ranked: Vec<_> = nodes
            .iter()
            .map(|&(name, zone, primary)| (policy.rank(zone, primary), name))
            .collect();
        ranked.sort();
        ranked.into_iter().map(|(_, name)| name).collect()
    }

    #[test]
    fn policies_rank_nodes_in_their_documented_order() {
        assert_eq!(order(&ReadFrom::Primary)[0], "primary-a");
        assert_eq!(order(&ReadFrom::PreferReplica).last(), Some(&"primary-a"));
        assert_eq!(
            order(&ReadFrom::AzAffinity("b".into())),
            ["replica-b", "replica-a", "replica-none", "primary-a"]
        );
        assert_eq!(
            order(&ReadFrom::AzAffinityReplicasAndPrimary("a".into())),
            ["replica-a", "primary-a", "replica-b", "replica-none"]
        );
        assert_eq!(
            order(&ReadFrom::AzAffinityReplicasAndPrimary("b".into())),
            ["replica-b", "replica-a", "replica-none", "primary-a"]
        );
    }
}
