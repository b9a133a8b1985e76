//! Where a command may run: the one table of what the connections need to know about
//! commands, consulted alike by [`Client`](crate::Client) and
//! [`ClusterClient`](crate::ClusterClient).
//!
//! Over 500 lines: because of its unit tests (from line 273).
//!
//! - Commands refused on a connection shared by many callers (or pooled and handed to the
//!   next caller): they change what the connection replies (Pub/Sub mode, `MONITOR`,
//!   `CLIENT REPLY`, `RESET`, a new `HELLO`), open state that other callers' commands
//!   would fall into (`MULTI`, `WATCH`, `READONLY`, `ASKING`), or change what every later
//!   command means (`SELECT`, `AUTH`). Their list, each with the API that does the job,
//!   is [`REFUSED`], which the builders' docs are written from.
//! - Blocking commands, which need a dedicated connection, and where their block time is
//!   written, so their client-side limit can be that time plus a margin instead of the
//!   response timeout.
//! - `WAIT` and `WAITAOF`, which block too but count the replicas that have the writes
//!   made *on their own connection*: they run on the connection the caller's writes went
//!   on, right behind them, never on a dedicated one that made no write.

use super::refused::{CLIENT_REPLY, REFUSED};
use super::{Command, CommandFlags};
use std::time::Duration;

/// Where a command may run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Placement {
    /// On any shared connection.
    Shared,
    /// On a dedicated connection, which it holds for as long as it blocks.
    Dedicated(BlockTime),
    /// On the connection the caller's writes went on, behind them: `WAIT` and `WAITAOF`,
    /// which count the replicas (or fsyncs) of the writes made on their own connection. It
    /// holds that connection for up to its block time: the server answers none of the
    /// connection's later commands meanwhile.
    Waits(BlockTime),
    /// Neither on a shared nor on a pooled connection; the text says what to use instead.
    Refused(&'static str),
    /// Nowhere: an argument could not be written ([`Command::invalid_argument`] says
    /// which).
    Invalid,
}

/// A blocking command's block time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BlockTime {
    /// Blocks until data arrives (timeout 0).
    Forever,
    /// Blocks at most this long.
    For(Duration),
    /// The command blocks but its block time could not be read.
    Unknown,
}

impl BlockTime {
    /// How long a caller waits for the reply: the block time plus `margin`, or, when the
    /// block time is unknown, the response timeout plus `margin`.
    pub(crate) fn limit(self, margin: Duration, timeout: Option<Duration>) -> Option<Duration> {
        match self {
            BlockTime::Forever => None,
            BlockTime::For(d) => Some(d.saturating_add(margin)),
            BlockTime::Unknown => timeout.map(|t| t.saturating_add(margin)),
        }
    }

    /// [`limit`](Self::limit), for a command sent with a timeout of its own (`own`): the
    /// block time still counts (a longer one is waited for), and a command that blocks
    /// until data arrives waits no longer than `own`.
    pub(crate) fn limit_within(
        self,
        margin: Duration,
        timeout: Option<Duration>,
        own: Option<Duration>,
    ) -> Option<Duration> {
        match (self, own) {
            (_, None) => self.limit(margin, timeout),
            (BlockTime::Forever, Some(own)) => Some(own),
            (BlockTime::For(d), Some(own)) => Some(d.saturating_add(margin).max(own)),
            (BlockTime::Unknown, Some(own)) => Some(own.saturating_add(margin)),
        }
    }
}

/// What the table says about one command name.
#[derive(Clone, Copy)]
enum Fact {
    Refused(&'static str),
    /// Blocks, with its block time written as `Arg` says.
    Blocks(Arg),
    /// Waits for the writes of its own connection, its block time written as `Arg` says.
    Waits(Arg),
}

/// Where a blocking command writes its block time.
#[derive(Clone, Copy)]
enum Arg {
    /// The last argument, in seconds (`BLPOP k1 k2 1.5`).
    LastSeconds,
    /// The second argument, in seconds (`BLMPOP 1.5 2 k1 k2 LEFT`).
    FirstSeconds,
    /// The last argument, in milliseconds (`WAIT 1 100`).
    LastMillis,
    /// After `BLOCK`, before `STREAMS`, in milliseconds; without it the command does not
    /// block (`XREAD COUNT 1 BLOCK 100 STREAMS s $`).
    BlockOption,
}

/// Every blocking command whose block time the connections read, with where it is
/// written (the refused commands are [`REFUSED`]'s).
const TABLE: &[(&str, Fact)] = &[
    ("BLPOP", Fact::Blocks(Arg::LastSeconds)),
    ("BRPOP", Fact::Blocks(Arg::LastSeconds)),
    ("BRPOPLPUSH", Fact::Blocks(Arg::LastSeconds)),
    ("BLMOVE", Fact::Blocks(Arg::LastSeconds)),
    ("BZPOPMIN", Fact::Blocks(Arg::LastSeconds)),
    ("BZPOPMAX", Fact::Blocks(Arg::LastSeconds)),
    ("BLMPOP", Fact::Blocks(Arg::FirstSeconds)),
    ("BZMPOP", Fact::Blocks(Arg::FirstSeconds)),
    // Redis 7.0 and 7.2 leave WAIT and WAITAOF without the BLOCKING flag (Valkey flags
    // both), although they hold the connection until replicas answer or time runs out.
    ("WAIT", Fact::Waits(Arg::LastMillis)),
    ("WAITAOF", Fact::Waits(Arg::LastMillis)),
    ("XREAD", Fact::Blocks(Arg::BlockOption)),
    ("XREADGROUP", Fact::Blocks(Arg::BlockOption)),
];

/// Where `command` may run.
///
/// A command blocks when the table lists it, or when it carries the spec's `BLOCKING`
/// flag (typed builders and untyped `cmd()` commands the spec knows get it from the spec,
/// other commands from their caller, [`Cmd::flags`](crate::cmd::Cmd::flags)); its block
/// time is then [`BlockTime::Unknown`] unless the table says where it is written.
#[inline]
pub(crate) fn placement(command: &Command) -> Placement {
    if command.always_shared() {
        return Placement::Shared;
    }
    looked_up(command)
}

/// [`placement`] of a command not known to run shared: what the tables and its flags say.
#[inline(never)]
fn looked_up(command: &Command) -> Placement {
    if command.invalid_argument().is_some() {
        return Placement::Invalid;
    }
    match fact(command) {
        Some(Fact::Refused(why)) => Placement::Refused(why),
        Some(Fact::Blocks(arg)) => match block_time(command, arg) {
            Some(time) => Placement::Dedicated(time),
            None => Placement::Shared,
        },
        Some(Fact::Waits(arg)) => {
            Placement::Waits(block_time(command, arg).unwrap_or(BlockTime::Unknown))
        }
        None if command.flags().contains(CommandFlags::BLOCKING) => {
            Placement::Dedicated(BlockTime::Unknown)
        }
        None => Placement::Shared,
    }
}

/// The longest name in [`TABLE`] and [`REFUSED`].
const LONGEST: usize = 12;

/// For each name length, the first letters of the names of that length in [`TABLE`] and
/// [`REFUSED`] (bit
/// `n` for the `n`th letter): every other command (most of them, on every call) is told
/// apart in a few instructions, without looking at the table.
const FIRST_LETTERS: [u32; LONGEST + 1] = {
    let mut letters = [0u32; LONGEST + 1];
    let mut i = 0;
    while i < TABLE.len() {
        let name = TABLE[i].0.as_bytes();
        letters[name.len()] |= 1 << (name[0] - b'A');
        i += 1;
    }
    let mut i = 0;
    while i < REFUSED.len() {
        let name = REFUSED[i].0.as_bytes();
        letters[name.len()] |= 1 << (name[0] - b'A');
        i += 1;
    }
    // `CLIENT REPLY` of a command named by its first argument only.
    letters[6] |= 1 << (b'C' - b'A');
    letters
};

/// Whether a command named `name` (as the spec spells it) with `flags` runs on a shared
/// connection whatever its arguments: it does not block, and neither [`TABLE`] nor
/// [`REFUSED`] can list it. A builder works it out as it starts a command, so that
/// [`placement`] need not look again; of a generated builder's constants, the compiler
/// works it out.
#[inline(always)]
pub(crate) fn always_shared(name: &str, flags: CommandFlags) -> bool {
    !flags.contains(CommandFlags::BLOCKING) && !may_be_listed(name)
}

/// Whether [`TABLE`] or [`REFUSED`] may list `name`: false for most names, told apart by
/// their length and first letter.
#[inline(always)]
fn may_be_listed(name: &str) -> bool {
    let Some(first) = name.as_bytes().first() else {
        return false;
    };
    let first = first.to_ascii_uppercase();
    name.len() <= LONGEST
        && first.is_ascii_uppercase()
        && FIRST_LETTERS[name.len()] & (1 << (first - b'A')) != 0
}

/// The table's entry for `command`, if it has one.
fn fact(command: &Command) -> Option<Fact> {
    let name = command.name();
    if !may_be_listed(name) {
        return None;
    }
    if name.eq_ignore_ascii_case("CLIENT") {
        // A command the spec does not know by its subcommand is named by its first
        // argument only.
        let reply = command
            .args()
            .nth(1)
            .is_some_and(|a| a.eq_ignore_ascii_case(b"REPLY"));
        return reply.then_some(Fact::Refused(CLIENT_REPLY));
    }
    if let Some(&(_, why)) = REFUSED.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
        return Some(Fact::Refused(why));
    }
    TABLE
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|&(_, fact)| fact)
}

/// The block time of `command`, written as `arg` says; `None` when the command as written
/// does not block.
fn block_time(command: &Command, arg: Arg) -> Option<BlockTime> {
    let mut args = command.args().skip(1);
    Some(match arg {
        Arg::LastSeconds => seconds(args.last()),
        Arg::FirstSeconds => seconds(args.next()),
        Arg::LastMillis => millis(args.last()),
        Arg::BlockOption => {
            // BLOCK comes before STREAMS; a key named "block" after STREAMS is no option.
            let mut options = args.take_while(|a| !a.eq_ignore_ascii_case(b"STREAMS"));
            loop {
                let a = options.next()?;
                if a.eq_ignore_ascii_case(b"BLOCK") {
                    break millis(options.next());
                }
            }
        }
    })
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

    fn of(args: &[&str]) -> Placement {
        let mut c = cmd(args[0]);
        for a in &args[1..] {
            c = c.arg(*a);
        }
        placement(&c.build())
    }

    fn blocks(args: &[&str]) -> BlockTime {
        match of(args) {
            Placement::Dedicated(time) | Placement::Waits(time) => time,
            other => panic!("{args:?} is {other:?}"),
        }
    }

    #[test]
    fn commands_that_change_a_shared_connection_are_refused() {
        for c in [
            &["subscribe", "ch"][..],
            &["MULTI"],
            &["WATCH", "k"],
            &["MONITOR"],
            &["client", "reply", "off"],
            &["HELLO", "2"],
            &["select", "1"],
            &["AUTH", "user", "pass"],
            &["READONLY"],
            &["asking"],
            &["QUIT"],
            &["RESET"],
        ] {
            assert!(matches!(of(c), Placement::Refused(_)), "{c:?}");
        }
        let reply = crate::cmd::b().client_reply().on().build();
        assert!(matches!(placement(&reply), Placement::Refused(_)));
        for c in [
            &["GET", "k"][..],
            &["CLIENT", "INFO"],
            &["PUBLISH", "c", "m"],
            &["XREAD", "STREAMS", "block", "5"],
        ] {
            assert_eq!(of(c), Placement::Shared, "{c:?}");
        }
    }

    #[test]
    fn list_pops_block_for_their_last_argument_in_seconds() {
        assert_eq!(
            blocks(&["BLPOP", "a", "b", "1.5"]),
            BlockTime::For(Duration::from_millis(1500))
        );
        assert_eq!(blocks(&["brpop", "a", "0"]), BlockTime::Forever);
        assert_eq!(
            blocks(&["BLMPOP", "2", "1", "k", "LEFT"]),
            BlockTime::For(Duration::from_secs(2))
        );
    }

    #[test]
    fn xread_blocks_only_with_block_before_streams() {
        assert_eq!(
            blocks(&["XREAD", "COUNT", "1", "BLOCK", "250", "STREAMS", "s", "$"]),
            BlockTime::For(Duration::from_millis(250))
        );
        assert_eq!(of(&["XREAD", "STREAMS", "block", "5"]), Placement::Shared);
        assert_eq!(
            blocks(&[
                "xreadgroup",
                "GROUP",
                "g",
                "c",
                "BLOCK",
                "0",
                "STREAMS",
                "s",
                ">"
            ]),
            BlockTime::Forever
        );
    }

    #[test]
    fn a_command_known_to_run_shared_is_placed_as_the_table_would_place_it() {
        // Every name the tables list is looked at; the untyped `cmd` always looks.
        for name in TABLE
            .iter()
            .map(|(n, _)| *n)
            .chain(REFUSED.iter().map(|(n, _)| *n))
            .chain(["CLIENT", "client reply", "blpop"])
        {
            assert!(!always_shared(name, CommandFlags::empty()), "{name}");
        }
        assert!(always_shared("GET", CommandFlags::READONLY));
        assert!(!always_shared("GET", CommandFlags::BLOCKING));
        let b = crate::cmd::b;
        let typed_and_untyped = [
            (b().get().key("k").build(), of(&["GET", "k"])),
            (
                b().set().key("k").value("v").build(),
                of(&["SET", "k", "v"]),
            ),
            (
                b().blpop().key("k").timeout(2).build(),
                of(&["BLPOP", "k", "2"]),
            ),
            (
                b().bzpopmin().key("k").timeout(0).build(),
                of(&["BZPOPMIN", "k", "0"]),
            ),
            (
                b().wait().numreplicas(1).timeout(5).build(),
                of(&["WAIT", "1", "5"]),
            ),
            (
                b().xread().block(7).key("s").id("$").build(),
                of(&["XREAD", "BLOCK", "7", "STREAMS", "s", "$"]),
            ),
            (
                b().xread().key("s").id("0").build(),
                of(&["XREAD", "STREAMS", "s", "0"]),
            ),
            (
                b().subscribe().channel("c").build(),
                of(&["SUBSCRIBE", "c"]),
            ),
            (b().multi().build(), of(&["MULTI"])),
            (b().select().index(1).build(), of(&["SELECT", "1"])),
            (b().readonly().build(), of(&["READONLY"])),
            (b().monitor().build(), of(&["MONITOR"])),
            (
                b().client_reply().on().build(),
                of(&["CLIENT", "REPLY", "ON"]),
            ),
        ];
        for (typed, untyped) in typed_and_untyped {
            assert_eq!(placement(&typed), untyped, "{}", typed.name());
        }
        // A flag added after the start counts.
        let flagged = Command::from(
            crate::cmd::Cmd::new_static(
                "MODULE.WAIT",
                &["MODULE.WAIT"],
                CommandFlags::empty(),
                Default::default(),
            )
            .flags(CommandFlags::BLOCKING),
        );
        assert_eq!(
            placement(&flagged),
            Placement::Dedicated(BlockTime::Unknown)
        );
    }

    #[test]
    fn blocking_commands_unknown_to_the_table_block_when_flagged() {
        let blpop = cmd("blpop").arg("k").arg("1").build();
        assert!(blpop.flags().contains(CommandFlags::BLOCKING));
        assert_eq!(of(&["GET", "k"]), Placement::Shared);
        // A module command blocks when its caller says so.
        assert_eq!(of(&["MODULE.WAIT"]), Placement::Shared);
        let flagged = cmd("MODULE.WAIT").flags(CommandFlags::BLOCKING).build();
        assert_eq!(
            placement(&flagged),
            Placement::Dedicated(BlockTime::Unknown)
        );
    }

    #[test]
    fn wait_runs_behind_the_writes_for_its_timeout_whether_or_not_the_spec_flags_it() {
        // Redis 7.0's spec does not flag WAIT as blocking, Valkey 9.1's does; the table
        // places it, with its block time from its arguments, either way.
        assert_eq!(
            blocks(&["WAIT", "1", "250"]),
            BlockTime::For(Duration::from_millis(250))
        );
        let wait = cmd("wait").arg(1).arg(250).build();
        assert_eq!(
            placement(&wait),
            Placement::Waits(BlockTime::For(Duration::from_millis(250)))
        );
        assert_eq!(
            of(&["WAITAOF", "1", "0", "0"]),
            Placement::Waits(BlockTime::Forever)
        );
        let typed = crate::cmd::b().wait().numreplicas(1).timeout(100).build();
        assert_eq!(
            placement(&typed),
            Placement::Waits(BlockTime::For(Duration::from_millis(100)))
        );
    }

    #[test]
    fn unreadable_block_times_are_unknown() {
        assert_eq!(blocks(&["BLPOP", "a", "soon"]), BlockTime::Unknown);
        assert_eq!(blocks(&["BLPOP", "a", "-1"]), BlockTime::Unknown);
    }

    #[test]
    fn every_table_name_passes_the_first_letter_filter() {
        let names = TABLE.iter().map(|(n, _)| *n);
        for name in names.chain(REFUSED.iter().map(|(n, _)| *n)) {
            assert!(name.len() <= LONGEST, "{name}");
            let c = cmd(&name.to_ascii_lowercase()).build();
            assert!(fact(&c).is_some(), "{name}");
        }
        assert!(fact(&cmd("GET").build()).is_none());
        assert!(fact(&cmd("").build()).is_none());
        assert!(fact(&cmd("4X").build()).is_none());
    }

    #[test]
    fn limits_add_the_margin_to_the_block_time() {
        let margin = Duration::from_secs(1);
        let timeout = Some(Duration::from_secs(5));
        assert_eq!(BlockTime::Forever.limit(margin, timeout), None);
        assert_eq!(
            BlockTime::For(Duration::from_secs(2)).limit(margin, timeout),
            Some(Duration::from_secs(3))
        );
        assert_eq!(
            BlockTime::Unknown.limit(margin, timeout),
            Some(Duration::from_secs(6))
        );
        assert_eq!(BlockTime::Unknown.limit(margin, None), None);
    }
}
