//! How long a blocking command may block, read from its own arguments, so its client-side
//! timeout can be its block time plus a margin instead of the default response timeout.

use crate::cmd::{Command, CommandFlags};
use std::time::Duration;

/// A blocking command's block time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BlockTime {
    /// Blocks until data arrives (timeout 0).
    Forever,
    /// Blocks at most this long.
    For(Duration),
    /// The command blocks but its block time could not be read.
    Unknown,
    /// The command as written does not block (`XREAD` without `BLOCK`).
    NotBlocking,
}

/// Commands that hold the connection until replicas acknowledge or their timeout expires,
/// although Redis's spec does not flag them `BLOCKING` (Redis 7.0 and 7.2 leave `WAIT`
/// and `WAITAOF` unflagged; Valkey flags both).
const UNFLAGGED_BLOCKING: [&str; 2] = ["WAIT", "WAITAOF"];

/// The block time of `command` when it is a blocking command, `None` when it is not.
///
/// A command is blocking when it carries the spec's `BLOCKING` flag, which typed builders
/// and untyped `cmd()` commands the spec knows get from the spec (and other commands from
/// their caller, [`Cmd::flags`](crate::cmd::Cmd::flags)), or when it is one of
/// [`UNFLAGGED_BLOCKING`].
pub(crate) fn blocking(command: &Command) -> Option<BlockTime> {
    if !command.flags().contains(CommandFlags::BLOCKING) {
        let name = command.name();
        if !UNFLAGGED_BLOCKING
            .iter()
            .any(|n| n.eq_ignore_ascii_case(name))
        {
            return None;
        }
    }
    match block_time(command) {
        BlockTime::NotBlocking => None,
        time => Some(time),
    }
}

/// Reads the block time of `command`.
pub(crate) fn block_time(command: &Command) -> BlockTime {
    let args: Vec<&[u8]> = command.args().collect();
    let Some(name) = args.first() else {
        return BlockTime::Unknown;
    };
    let name = name.to_ascii_uppercase();
    match name.as_slice() {
        b"BLPOP" | b"BRPOP" | b"BRPOPLPUSH" | b"BLMOVE" | b"BZPOPMIN" | b"BZPOPMAX" => {
            seconds(args.last().copied())
        }
        b"BLMPOP" | b"BZMPOP" => seconds(args.get(1).copied()),
        b"WAIT" | b"WAITAOF" => millis(args.last().copied()),
        b"XREAD" | b"XREADGROUP" => {
            // BLOCK comes before STREAMS; a key named "block" after STREAMS is no option.
            let mut options = args
                .iter()
                .skip(1)
                .take_while(|a| !a.eq_ignore_ascii_case(b"STREAMS"))
                .copied();
            while let Some(a) = options.next() {
                if a.eq_ignore_ascii_case(b"BLOCK") {
                    return millis(options.next());
                }
            }
            BlockTime::NotBlocking
        }
        _ => BlockTime::Unknown,
    }
}

fn seconds(arg: Option<&[u8]>) -> BlockTime {
    let Some(secs) = arg.and_then(|a| std::str::from_utf8(a).ok()?.parse::<f64>().ok()) else {
        return BlockTime::Unknown;
    };
    if secs == 0.0 {
        BlockTime::Forever
    } else {
        Duration::try_from_secs_f64(secs).map_or(BlockTime::Unknown, BlockTime::For)
    }
}

fn millis(arg: Option<&[u8]>) -> BlockTime {
    match arg.and_then(|a| std::str::from_utf8(a).ok()?.parse::<u64>().ok()) {
        Some(0) => BlockTime::Forever,
        Some(ms) => BlockTime::For(Duration::from_millis(ms)),
        None => BlockTime::Unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::cmd;

    fn time(args: &[&str]) -> BlockTime {
        let mut c = cmd(args[0]);
        for a in &args[1..] {
            c = c.arg(*a);
        }
        block_time(&c.build())
    }

    #[test]
    fn list_pops_block_for_their_last_argument_in_seconds() {
        assert_eq!(
            time(&["BLPOP", "a", "b", "1.5"]),
            BlockTime::For(Duration::from_millis(1500))
        );
        assert_eq!(time(&["brpop", "a", "0"]), BlockTime::Forever);
        assert_eq!(
            time(&["BLMPOP", "2", "1", "k", "LEFT"]),
            BlockTime::For(Duration::from_secs(2))
        );
    }

    #[test]
    fn xread_blocks_only_with_block_before_streams() {
        assert_eq!(
            time(&["XREAD", "COUNT", "1", "BLOCK", "250", "STREAMS", "s", "$"]),
            BlockTime::For(Duration::from_millis(250))
        );
        assert_eq!(
            time(&["XREAD", "STREAMS", "block", "5"]),
            BlockTime::NotBlocking
        );
        assert_eq!(time(&["WAIT", "1", "0"]), BlockTime::Forever);
    }

    #[test]
    fn untyped_blocking_commands_are_recognised_by_the_spec_flag() {
        let blpop = cmd("blpop").arg("k").arg("1").build();
        assert!(blpop.flags().contains(CommandFlags::BLOCKING));
        assert_eq!(
            blocking(&blpop),
            Some(BlockTime::For(Duration::from_secs(1)))
        );
        let xread = cmd("xreadgroup")
            .arg("GROUP")
            .arg("g")
            .arg("c")
            .arg("BLOCK")
            .arg(0)
            .arg("STREAMS")
            .arg("s")
            .arg(">");
        assert_eq!(blocking(&xread.build()), Some(BlockTime::Forever));
        assert!(blocking(&cmd("XREAD").arg("STREAMS").arg("s").arg("0").build()).is_none());
        assert!(blocking(&cmd("GET").arg("k").build()).is_none());
        // A module command blocks when its caller says so.
        assert!(blocking(&cmd("MODULE.WAIT").build()).is_none());
        let flagged = cmd("MODULE.WAIT").flags(CommandFlags::BLOCKING).build();
        assert_eq!(blocking(&flagged), Some(BlockTime::Unknown));
    }

    #[test]
    fn wait_blocks_although_the_spec_does_not_flag_it() {
        let wait = cmd("wait").arg(1).arg(250).build();
        assert!(!wait.flags().contains(CommandFlags::BLOCKING));
        assert_eq!(
            blocking(&wait),
            Some(BlockTime::For(Duration::from_millis(250)))
        );
        let waitaof = cmd("WAITAOF").arg(1).arg(0).arg(0).build();
        assert_eq!(blocking(&waitaof), Some(BlockTime::Forever));
        let typed = crate::b().wait().numreplicas(1).timeout(100).build();
        assert_eq!(
            blocking(&typed),
            Some(BlockTime::For(Duration::from_millis(100)))
        );
    }

    #[test]
    fn unreadable_block_times_are_unknown() {
        assert_eq!(time(&["BLPOP", "a", "soon"]), BlockTime::Unknown);
        assert_eq!(time(&["BLPOP", "a", "-1"]), BlockTime::Unknown);
        assert_eq!(time(&["SOMETHING"]), BlockTime::Unknown);
    }
}
