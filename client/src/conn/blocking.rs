//! How long a blocking command may block, read from its own arguments, so its client-side
//! timeout can be its block time plus a margin instead of the default response timeout.

use crate::cmd::Command;
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

/// Reads the block time of `command`.
pub(crate) fn block_time(command: &Command) -> BlockTime {
    let args = args(command.as_bytes());
    let Some(name) = args.first() else { return BlockTime::Unknown };
    let name = name.to_ascii_uppercase();
    match name.as_slice() {
        b"BLPOP" | b"BRPOP" | b"BRPOPLPUSH" | b"BLMOVE" | b"BZPOPMIN" | b"BZPOPMAX" => {
            seconds(args.last().copied())
        }
        b"BLMPOP" | b"BZMPOP" => seconds(args.get(1).copied()),
        b"WAIT" | b"WAITAOF" => millis(args.last().copied()),
        b"XREAD" | b"XREADGROUP" => {
            // BLOCK comes before STREAMS; a key named "block" after STREAMS is no option.
            let options = args.iter().skip(1).take_while(|a| !a.eq_ignore_ascii_case(b"STREAMS"));
            let mut options = options.copied();
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

/// The arguments of an encoded command (a RESP array of bulk strings); stops at anything
/// else, which a well-built command never contains.
fn args(mut bytes: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    let Some(n) = header(&mut bytes, b'*') else { return out };
    for _ in 0..n {
        let Some(len) = header(&mut bytes, b'$') else { break };
        let Some(arg) = bytes.get(..len) else { break };
        out.push(arg);
        bytes = bytes.get(len + 2..).unwrap_or_default();
    }
    out
}

fn header(bytes: &mut &[u8], kind: u8) -> Option<usize> {
    let rest = bytes.strip_prefix(&[kind])?;
    let end = memchr::memchr(b'\r', rest)?;
    let n = std::str::from_utf8(&rest[..end]).ok()?.parse().ok()?;
    *bytes = rest.get(end + 2..)?;
    Some(n)
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
        block_time(&c.into())
    }

    #[test]
    fn list_pops_block_for_their_last_argument_in_seconds() {
        assert_eq!(time(&["BLPOP", "a", "b", "1.5"]), BlockTime::For(Duration::from_millis(1500)));
        assert_eq!(time(&["brpop", "a", "0"]), BlockTime::Forever);
        assert_eq!(time(&["BLMPOP", "2", "1", "k", "LEFT"]), BlockTime::For(Duration::from_secs(2)));
    }

    #[test]
    fn xread_blocks_only_with_block_before_streams() {
        assert_eq!(
            time(&["XREAD", "COUNT", "1", "BLOCK", "250", "STREAMS", "s", "$"]),
            BlockTime::For(Duration::from_millis(250))
        );
        assert_eq!(time(&["XREAD", "STREAMS", "block", "5"]), BlockTime::NotBlocking);
        assert_eq!(time(&["WAIT", "1", "0"]), BlockTime::Forever);
    }

    #[test]
    fn unreadable_block_times_are_unknown() {
        assert_eq!(time(&["BLPOP", "a", "soon"]), BlockTime::Unknown);
        assert_eq!(time(&["BLPOP", "a", "-1"]), BlockTime::Unknown);
        assert_eq!(time(&["SOMETHING"]), BlockTime::Unknown);
    }
}
