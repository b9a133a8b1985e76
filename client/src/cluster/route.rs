//! How a command travels in a cluster: to the shard of its slot, to every primary or every
//! node, split by slot, or refused, from its slot and the spec's request policy. Commands
//! built with the untyped `cmd()` carry no policy: a small table of the common keyless
//! and multi-key commands stands in for the spec's tips.

use crate::cmd::{Command, CommandFlags, Policy, RequestPolicy, ResponsePolicy, Slot};

/// Where one command goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Plan {
    /// To the shard serving this slot.
    Slot(u16),
    /// To any one node (keyless, no policy).
    Any,
    /// To every primary; replies combined by the policy.
    AllPrimaries(Option<ResponsePolicy>),
    /// To every node, replicas included.
    AllNodes(Option<ResponsePolicy>),
    /// Split by slot, one sub-command per slot; replies combined by the policy.
    Split(Option<ResponsePolicy>),
}

/// Why a command cannot be sent to a cluster.
pub(crate) fn plan(command: &Command) -> Result<Plan, String> {
    let policy = policy_of(command);
    if is_connection_state(command.name()) {
        return Err(format!(
            "{} cannot be sent through a cluster client: use ClusterClient::transaction \
             (MULTI/EXEC/WATCH) or a subscriber (SUBSCRIBE and friends)",
            command.name()
        ));
    }
    Ok(match (command.slot(), policy.request) {
        (Slot::One(slot), _) => Plan::Slot(slot),
        (Slot::Cross, Some(RequestPolicy::MultiShard)) => Plan::Split(policy.response),
        (Slot::Cross, _) => {
            return Err(format!(
                "{} has keys in different hash slots and cannot be split: give related keys \
                 a common {{hashtag}}",
                command.name()
            ))
        }
        (Slot::None, Some(RequestPolicy::AllShards)) => Plan::AllPrimaries(policy.response),
        (Slot::None, Some(RequestPolicy::AllNodes)) => Plan::AllNodes(policy.response),
        (Slot::None, Some(RequestPolicy::Special)) => {
            return Err(format!(
                "{} has no cluster-wide meaning: run it on each node (ClusterClient::primaries), \
                 or use ClusterClient::scan for SCAN",
                command.name()
            ))
        }
        (Slot::None, _) => Plan::Any,
    })
}

/// The command's policy: the spec's, or the table's for a command without one.
pub(crate) fn policy_of(command: &Command) -> Policy {
    let policy = command.policy();
    if policy.request.is_some() || policy.response.is_some() {
        return policy;
    }
    use RequestPolicy::{AllShards, MultiShard, Special};
    use ResponsePolicy::{AggSum, AllSucceeded};
    // The spec's tips for these commands, for untyped commands that carry none.
    const TABLE: &[(&str, RequestPolicy, Option<ResponsePolicy>)] = &[
        ("DBSIZE", AllShards, Some(AggSum)),
        ("KEYS", AllShards, None),
        ("FLUSHALL", AllShards, Some(AllSucceeded)),
        ("FLUSHDB", AllShards, Some(AllSucceeded)),
        ("MGET", MultiShard, None),
        ("DEL", MultiShard, Some(AggSum)),
        ("EXISTS", MultiShard, Some(AggSum)),
        ("UNLINK", MultiShard, Some(AggSum)),
        ("TOUCH", MultiShard, Some(AggSum)),
        ("MSET", MultiShard, Some(AllSucceeded)),
        ("SCAN", Special, None),
        ("RANDOMKEY", Special, None),
    ];
    let name = command.name();
    match TABLE.iter().find(|(n, _, _)| n.eq_ignore_ascii_case(name)) {
        Some(&(_, request, response)) => Policy {
            request: Some(request),
            response,
        },
        None => policy,
    }
}

/// Whether the command may go to a replica (it only reads).
pub(crate) fn is_read_only(command: &Command) -> bool {
    if command.flags().contains(CommandFlags::READONLY) {
        return true;
    }
    if !command.flags().is_empty() {
        return false;
    }
    const READS: &[&str] = &[
        "GET",
        "MGET",
        "EXISTS",
        "STRLEN",
        "GETRANGE",
        "TTL",
        "PTTL",
        "TYPE",
        "HGET",
        "HMGET",
        "HGETALL",
        "HLEN",
        "HEXISTS",
        "LRANGE",
        "LLEN",
        "LINDEX",
        "SMEMBERS",
        "SCARD",
        "SISMEMBER",
        "ZRANGE",
        "ZSCORE",
        "ZCARD",
        "ZRANK",
        "XRANGE",
        "XLEN",
    ];
    READS.iter().any(|n| n.eq_ignore_ascii_case(command.name()))
}

/// Commands that change the connection's state: on a shared connection to each node they
/// would affect every caller, so a cluster client refuses them.
fn is_connection_state(name: &str) -> bool {
    const STATEFUL: &[&str] = &[
        "MULTI",
        "EXEC",
        "DISCARD",
        "WATCH",
        "UNWATCH",
        "SUBSCRIBE",
        "PSUBSCRIBE",
        "SSUBSCRIBE",
        "UNSUBSCRIBE",
        "PUNSUBSCRIBE",
        "SUNSUBSCRIBE",
        "SELECT",
        "READONLY",
        "READWRITE",
        "ASKING",
    ];
    STATEFUL.iter().any(|n| n.eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::{cmd, key_slot};

    #[test]
    fn keyed_commands_go_to_their_slot() {
        let c = cmd("GET").key("foo").build();
        assert_eq!(plan(&c), Ok(Plan::Slot(key_slot(b"foo"))));
    }

    #[test]
    fn untyped_multi_key_commands_split_and_others_are_refused() {
        let mget = cmd("MGET").key("a").key("b").build();
        assert_eq!(plan(&mget), Ok(Plan::Split(None)));
        let del = cmd("DEL").key("a").key("b").build();
        assert_eq!(plan(&del), Ok(Plan::Split(Some(ResponsePolicy::AggSum))));
        let err = plan(&cmd("SUNION").key("a").key("b").build()).unwrap_err();
        assert!(err.contains("different hash slots"), "{err}");
    }

    #[test]
    fn keyless_commands_follow_their_policy() {
        assert_eq!(
            plan(&cmd("DBSIZE").build()),
            Ok(Plan::AllPrimaries(Some(ResponsePolicy::AggSum)))
        );
        assert_eq!(plan(&cmd("PING").build()), Ok(Plan::Any));
        assert!(plan(&cmd("SCAN").arg(0).build()).is_err());
        assert_eq!(
            plan(&crate::b().dbsize().build()),
            Ok(Plan::AllPrimaries(Some(ResponsePolicy::AggSum)))
        );
    }

    #[test]
    fn connection_state_commands_are_refused() {
        let err = plan(&cmd("MULTI").build()).unwrap_err();
        assert!(err.contains("ClusterClient::transaction"), "{err}");
    }

    #[test]
    fn reads_are_recognised_with_or_without_flags() {
        assert!(is_read_only(&cmd("GET").key("k").build()));
        assert!(!is_read_only(&cmd("SET").key("k").arg("v").build()));
        assert!(is_read_only(&crate::b().get().key("k").build()));
        assert!(!is_read_only(&crate::b().incr().key("k").build()));
    }
}
