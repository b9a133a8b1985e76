//! How a command travels in a cluster: to the shard of its slot, to every primary or every
//! node, split by slot, or refused, from its slot and the spec's request policy. Typed
//! builders and untyped `cmd()` commands the spec knows carry the spec's policy and flags
//! alike; a command the spec does not know has none, unless its caller gave them.

use crate::cmd::placement::{placement, Placement};
use crate::cmd::{Command, CommandFlags, RequestPolicy, ResponsePolicy, Slot};
use crate::error::{ClusterError, ClusterErrorKind};

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

/// Where a command goes in a cluster, or why it cannot be sent to one. (A command with an
/// argument that could not be written is refused before it is planned.)
pub(crate) fn plan(command: &Command) -> Result<Plan, ClusterError> {
    let policy = command.policy();
    // Each node's connection is shared by every caller, as a single-node client's is.
    if let Placement::Refused(why) = placement(command) {
        return Err(ClusterError::new(
            ClusterErrorKind::Unroutable,
            format!("{}: {why}", command.name()),
        ));
    }
    Ok(match (command.slot(), policy.request) {
        (Slot::One(slot), _) => Plan::Slot(slot),
        (Slot::Cross, Some(RequestPolicy::MultiShard)) => Plan::Split(policy.response),
        (Slot::Cross, _) => {
            return Err(ClusterError::new(
                ClusterErrorKind::CrossSlot,
                format!(
                    "{} has keys in different hash slots and cannot be split: give related \
                     keys a common {{hashtag}}",
                    command.name()
                ),
            ))
        }
        (Slot::None, Some(RequestPolicy::AllShards)) => Plan::AllPrimaries(policy.response),
        (Slot::None, Some(RequestPolicy::AllNodes)) => Plan::AllNodes(policy.response),
        (Slot::None, Some(RequestPolicy::Special)) => {
            return Err(ClusterError::new(
                ClusterErrorKind::Unroutable,
                format!(
                    "{} has no cluster-wide meaning: run it on each node \
                     (ClusterClient::primaries), or use ClusterClient::scan for SCAN",
                    command.name()
                ),
            ))
        }
        (Slot::None, _) => Plan::Any,
    })
}

/// Whether the command may go to a replica (the spec says it only reads).
pub(crate) fn is_read_only(command: &Command) -> bool {
    command.flags().contains(CommandFlags::READONLY)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::{cmd, key_slot};

    #[test]
    fn commands_that_change_a_node_connection_are_refused() {
        for c in [
            cmd("CLIENT").arg("REPLY").arg("SKIP"),
            cmd("HELLO").arg("3"),
            cmd("RESET"),
            cmd("MONITOR"),
            cmd("QUIT"),
            cmd("AUTH").arg("pass"),
            cmd("MULTI"),
            cmd("SELECT").arg("1"),
            cmd("READONLY"),
        ] {
            let c = c.build();
            assert!(plan(&c).is_err(), "{} was not refused", c.name());
        }
        let reply = crate::cmd::b().client_reply().on().build();
        assert!(plan(&reply).is_err());
    }

    #[test]
    fn keyed_commands_go_to_their_slot() {
        let c = cmd("GET").key("foo").build();
        assert_eq!(plan(&c), Ok(Plan::Slot(key_slot(b"foo"))));
    }

    #[test]
    fn untyped_multi_key_commands_split_and_others_are_refused() {
        let mget = cmd("MGET").key("a").key("b").build();
        assert_eq!(plan(&mget), Ok(Plan::Split(None)));
        let del = cmd("del").key("a").key("b").build();
        assert_eq!(plan(&del), Ok(Plan::Split(Some(ResponsePolicy::AggSum))));
        // Pinned to the spec of commands.json (Redis 7.0.15 + Valkey 9.1.2): Valkey dropped
        // MSETNX's multi-shard tip, as split parts would not be all-or-nothing, so it is
        // refused across slots like SUNION.
        for c in [
            cmd("MSETNX").key("a").arg(1).key("b").arg(2),
            cmd("SUNION").key("a").key("b"),
        ] {
            let err = plan(&c.build()).unwrap_err();
            assert!(err.message().contains("different hash slots"), "{err}");
            assert_eq!(err.kind(), ClusterErrorKind::CrossSlot);
        }
        // A command the spec does not know splits only when its caller says so.
        let policy = crate::cmd::Policy {
            request: Some(RequestPolicy::MultiShard),
            response: None,
        };
        let module = cmd("MODULE.MGET").key("a").key("b").policy(policy).build();
        assert_eq!(plan(&module), Ok(Plan::Split(None)));
        assert!(plan(&cmd("MODULE.MGET").key("a").key("b").build()).is_err());
    }

    #[test]
    fn keyless_commands_follow_their_policy() {
        assert_eq!(
            plan(&cmd("DBSIZE").build()),
            Ok(Plan::AllPrimaries(Some(ResponsePolicy::AggSum)))
        );
        // The spec sends PING to every primary; a command without a tip goes to any node.
        assert_eq!(
            plan(&cmd("PING").build()),
            Ok(Plan::AllPrimaries(Some(ResponsePolicy::AllSucceeded)))
        );
        assert_eq!(plan(&cmd("ECHO").arg("hi").build()), Ok(Plan::Any));
        assert_eq!(
            plan(&cmd("CONFIG").arg("SET").arg("a").arg("b").build()),
            Ok(Plan::AllNodes(Some(ResponsePolicy::AllSucceeded)))
        );
        assert!(plan(&cmd("SCAN").arg(0).build()).is_err());
        assert_eq!(
            plan(&crate::cmd::b().dbsize().build()),
            Ok(Plan::AllPrimaries(Some(ResponsePolicy::AggSum)))
        );
    }

    #[test]
    fn connection_state_commands_are_refused() {
        let err = plan(&cmd("MULTI").build()).unwrap_err();
        assert!(
            err.message().contains("ClusterClient::transaction"),
            "{err}"
        );
        assert_eq!(err.kind(), ClusterErrorKind::Unroutable);
    }

    #[test]
    fn reads_are_recognised_by_the_spec_flag_typed_or_not() {
        assert!(is_read_only(&cmd("GET").key("k").build()));
        assert!(is_read_only(&cmd("xinfo").arg("stream").key("s").build()));
        assert!(!is_read_only(&cmd("SET").key("k").arg("v").build()));
        assert!(is_read_only(&crate::cmd::b().get().key("k").build()));
        assert!(!is_read_only(&crate::cmd::b().incr().key("k").build()));
        assert!(!is_read_only(&cmd("MODULE.GET").key("k").build()));
    }
}
