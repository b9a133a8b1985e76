//! What the conformance tests share: one exchange with a server on a fresh connection, the
//! keys the server finds in a request, and whether a reply says the request was malformed.

use typedis::resp::Frame;

use crate::RawConnection;

/// What a reply says about the request's syntax.
pub fn syntax_problem(reply: &Frame) -> Option<String> {
    let bytes = reply.as_bytes();
    if !reply.is_error() {
        return None;
    }
    let text = String::from_utf8_lossy(bytes).to_ascii_lowercase();
    [
        "wrong number of arguments",
        "syntax error",
        "unknown subcommand",
        "unknown command",
    ]
    .iter()
    .any(|p| text.contains(p))
    .then(|| String::from_utf8_lossy(bytes).trim_end().to_owned())
}

/// The keys `COMMAND GETKEYS` finds, or `None` when it refuses (no key arguments).
pub fn server_keys(port: u16, args: &[&[u8]]) -> Option<Vec<Vec<u8>>> {
    let mut conn = RawConnection::connect(port);
    let mut request: Vec<&[u8]> = vec![b"COMMAND", b"GETKEYS"];
    request.extend_from_slice(args);
    let reply = conn.request(&request);
    if reply.is_error() {
        return None;
    }
    Some(
        reply
            .decode::<Vec<Vec<u8>>>()
            .expect("GETKEYS replies with an array of keys"),
    )
}

/// The reply to `bytes` on a new connection speaking RESP `protocol`, after `seed` ran
/// (pushes, such as invalidations, are not replies, unless `pushed`: RESP3 confirms a
/// subscription with a push).
pub fn exchange(
    port: u16,
    protocol: u8,
    seed: &[Vec<Vec<u8>>],
    bytes: &[u8],
    pushed: bool,
) -> Frame {
    let mut conn = RawConnection::connect(port);
    if protocol == 3 {
        let hello = conn.request(&[b"HELLO", b"3"]);
        assert!(!hello.is_error(), "HELLO 3 refused");
    }
    for command in seed {
        let args: Vec<&[u8]> = command.iter().map(Vec::as_slice).collect();
        let reply = conn.request(&args);
        assert!(
            !reply.is_error(),
            "seeding {:?} failed: {reply:?}",
            String::from_utf8_lossy(args[0])
        );
    }
    conn.write(bytes);
    loop {
        let frame = conn.read_frame();
        if pushed || !frame.is_push() {
            return frame;
        }
    }
}

/// What `COMMAND GETKEYS` says of the keys a builder recorded.
#[derive(Debug, PartialEq, Eq)]
pub enum KeysCheck {
    /// The same keys (or none, where GETKEYS finds none).
    Agree,
    /// GETKEYS refused the arguments while the builder recorded keys: it refuses those it
    /// finds no key in, and some it cannot parse, so this is not a mismatch.
    NotCheckable,
    /// Different keys: the message says both.
    Differ(String),
}

/// Checks the keys `ours` a builder recorded for `args` against `COMMAND GETKEYS`.
pub fn check_keys<'a>(
    port: u16,
    args: &[&[u8]],
    ours: impl Iterator<Item = &'a [u8]>,
) -> KeysCheck {
    let mut ours: Vec<&[u8]> = ours.collect();
    let Some(mut theirs) = server_keys(port, args) else {
        return if ours.is_empty() {
            KeysCheck::Agree
        } else {
            KeysCheck::NotCheckable
        };
    };
    ours.sort();
    theirs.sort();
    if ours.iter().copied().eq(theirs.iter().map(Vec::as_slice)) {
        return KeysCheck::Agree;
    }
    let text = |k: &[u8]| String::from_utf8_lossy(k).into_owned();
    KeysCheck::Differ(format!(
        "builder keys {:?} but GETKEYS {:?}",
        ours.iter().map(|k| text(k)).collect::<Vec<_>>(),
        theirs.iter().map(|k| text(k)).collect::<Vec<_>>(),
    ))
}
