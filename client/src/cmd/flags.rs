//! What the spec says about a command that matters for routing: its flags
//! ([`CommandFlags`]) and its cluster request/response policies ([`Policy`]).

use std::fmt;
use std::ops::{BitOr, BitOrAssign};

/// The spec's `command_flags` of a command, as a set of bits.
///
/// The client routes on them: [`BLOCKING`](Self::BLOCKING) commands go to a dedicated
/// connection, [`READONLY`](Self::READONLY) ones may go to replicas, [`PUBSUB`](Self::PUBSUB)
/// ones change the connection's mode.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CommandFlags(u32);

macro_rules! flags {
    ($($(#[$doc:meta])* $name:ident = $bit:expr, $text:literal;)*) => {
        impl CommandFlags {
            $($(#[$doc])* pub const $name: CommandFlags = CommandFlags(1 << $bit);)*

            /// Every flag with its name as the spec spells it (lowercase).
            const NAMED: &'static [(CommandFlags, &'static str)] = &[$((CommandFlags::$name, $text)),*];
        }
    };
}

flags! {
    /// Reads data and never modifies it.
    READONLY = 0, "readonly";
    /// May modify data.
    WRITE = 1, "write";
    /// May grow memory use: refused when the server is out of memory.
    DENYOOM = 2, "denyoom";
    /// Runs in O(1) or O(log N) time.
    FAST = 3, "fast";
    /// May block the connection until data arrives or a timeout expires.
    BLOCKING = 4, "blocking";
    /// An administrative command.
    ADMIN = 5, "admin";
    /// A publish/subscribe command.
    PUBSUB = 6, "pubsub";
    /// Not allowed inside scripts.
    NOSCRIPT = 7, "noscript";
    /// Allowed while the server loads its data.
    LOADING = 8, "loading";
    /// Allowed on a replica with stale data.
    STALE = 9, "stale";
    /// Not shown by MONITOR.
    SKIP_MONITOR = 10, "skip_monitor";
    /// Not logged by SLOWLOG.
    SKIP_SLOWLOG = 11, "skip_slowlog";
    /// Allowed on an importing slot after ASKING.
    ASKING = 12, "asking";
    /// Allowed before authentication.
    NO_AUTH = 13, "no_auth";
    /// May be replicated even when it does not write.
    MAY_REPLICATE = 14, "may_replicate";
    /// Its keys are optional.
    NO_MANDATORY_KEYS = 15, "no_mandatory_keys";
    /// Not allowed inside MULTI.
    NO_MULTI = 16, "no_multi";
    /// Its keys can only be found by parsing its arguments.
    MOVABLEKEYS = 17, "movablekeys";
    /// Allowed while a script or function is busy.
    ALLOW_BUSY = 18, "allow_busy";
    /// Refused during asynchronous loading.
    NO_ASYNC_LOADING = 19, "no_async_loading";
    /// Allowed on Sentinel.
    SENTINEL = 20, "sentinel";
    /// Only allowed on Sentinel.
    ONLY_SENTINEL = 21, "only_sentinel";
    /// Protected: refused unless the server enables it.
    PROTECTED = 22, "protected";
    /// May touch keys it does not name.
    TOUCHES_ARBITRARY_KEYS = 23, "touches_arbitrary_keys";
    /// Provided by a module.
    MODULE = 24, "module";
}

impl CommandFlags {
    /// No flag.
    pub const fn empty() -> Self {
        CommandFlags(0)
    }

    /// The raw bits (stable only within one version of typedis).
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Every flag of `self` and of `other`.
    #[must_use]
    pub const fn union(self, other: CommandFlags) -> Self {
        CommandFlags(self.0 | other.0)
    }

    /// True when every flag of `other` is set in `self`.
    pub const fn contains(self, other: CommandFlags) -> bool {
        self.0 & other.0 == other.0
    }

    /// True when no flag is set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The flag a spec spells `name` (case-insensitive: `READONLY`, `readonly`), if known.
    pub fn from_name(name: &str) -> Option<CommandFlags> {
        Self::NAMED
            .iter()
            .find(|(_, n)| n.eq_ignore_ascii_case(name))
            .map(|&(f, _)| f)
    }

    /// The names of the flags set, in a fixed order.
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        Self::NAMED
            .iter()
            .filter(move |(f, _)| self.contains(*f))
            .map(|&(_, n)| n)
    }
}

impl BitOr for CommandFlags {
    type Output = CommandFlags;
    fn bitor(self, rhs: CommandFlags) -> CommandFlags {
        self.union(rhs)
    }
}

impl BitOrAssign for CommandFlags {
    fn bitor_assign(&mut self, rhs: CommandFlags) {
        *self = self.union(rhs);
    }
}

impl fmt::Debug for CommandFlags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.names()).finish()
    }
}

/// Where a cluster client sends a keyless command (the spec's `request_policy` tip).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RequestPolicy {
    /// To every node, primaries and replicas.
    AllNodes,
    /// To every primary.
    AllShards,
    /// Split by slot across the shards that own the keys.
    MultiShard,
    /// Needs command-specific handling.
    Special,
}

/// How a cluster client combines the replies of several nodes (the `response_policy` tip).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ResponsePolicy {
    /// The first non-error reply.
    OneSucceeded,
    /// An error if any node failed, else one reply.
    AllSucceeded,
    /// Logical AND of integer replies.
    AggLogicalAnd,
    /// Logical OR of integer replies.
    AggLogicalOr,
    /// The minimum of integer replies.
    AggMin,
    /// The maximum of integer replies.
    AggMax,
    /// The sum of integer replies.
    AggSum,
    /// Needs command-specific handling.
    Special,
}

impl RequestPolicy {
    /// Parses the tip's value (`all_nodes`, `ALL_SHARDS`, ...).
    pub fn from_name(name: &str) -> Option<Self> {
        Some(match name.to_ascii_lowercase().as_str() {
            "all_nodes" => Self::AllNodes,
            "all_shards" => Self::AllShards,
            "multi_shard" => Self::MultiShard,
            "special" => Self::Special,
            _ => return None,
        })
    }
}

impl ResponsePolicy {
    /// Parses the tip's value (`agg_sum`, `ONE_SUCCEEDED`, ...).
    pub fn from_name(name: &str) -> Option<Self> {
        Some(match name.to_ascii_lowercase().as_str() {
            "one_succeeded" => Self::OneSucceeded,
            "all_succeeded" => Self::AllSucceeded,
            "agg_logical_and" => Self::AggLogicalAnd,
            "agg_logical_or" => Self::AggLogicalOr,
            "agg_min" => Self::AggMin,
            "agg_max" => Self::AggMax,
            "agg_sum" => Self::AggSum,
            "special" => Self::Special,
            _ => return None,
        })
    }
}

/// A command's cluster routing hints; `None` means the spec gives no tip (route by key, or
/// to any node when keyless).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Policy {
    /// Where to send it.
    pub request: Option<RequestPolicy>,
    /// How to combine replies from several nodes.
    pub response: Option<ResponsePolicy>,
}

impl Policy {
    /// No tip at all: what most commands have (`Policy::default()`, as a const for the
    /// generated builders and spec table).
    pub const NONE: Policy = Policy {
        request: None,
        response: None,
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_parse_in_either_case_and_print_their_names() {
        let f =
            CommandFlags::from_name("READONLY").unwrap() | CommandFlags::from_name("fast").unwrap();
        assert!(f.contains(CommandFlags::READONLY));
        assert!(f.contains(CommandFlags::FAST));
        assert!(!f.contains(CommandFlags::WRITE));
        assert_eq!(format!("{f:?}"), r#"{"readonly", "fast"}"#);
        assert_eq!(CommandFlags::from_name("no-such-flag"), None);
        assert!(CommandFlags::empty().is_empty());
    }

    #[test]
    fn policies_parse_tip_values() {
        assert_eq!(
            RequestPolicy::from_name("ALL_SHARDS"),
            Some(RequestPolicy::AllShards)
        );
        assert_eq!(
            ResponsePolicy::from_name("agg_sum"),
            Some(ResponsePolicy::AggSum)
        );
        assert_eq!(ResponsePolicy::from_name("sum"), None);
    }
}
