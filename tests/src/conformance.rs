//! What the conformance tests share: one exchange with a server on a fresh connection, the
//! keys the server finds in a request, and whether a reply says the request was malformed.

use typedis::resp::Frame;
use typedis::Value;

use std::collections::BTreeMap;

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

/// The arguments of `args` that the server's own key specs flagged `NOT_KEY` point at (a
/// shard channel): the server routes them as keys, but `COMMAND GETKEYS` leaves them out.
/// Read from `COMMAND INFO`; only the form such specs take is read (a start index, then a
/// range), which is all the servers' `NOT_KEY` specs use; a subcommand has none.
pub fn routed_not_keys(port: u16, args: &[&[u8]]) -> Vec<Vec<u8>> {
    let mut conn = RawConnection::connect(port);
    let info = conn.request(&[b"COMMAND", b"INFO", args[0]]);
    let Ok(Value::Array(mut commands)) = info.decode::<Value>() else {
        return Vec::new();
    };
    let Some(Value::Array(info)) = commands.pop() else {
        return Vec::new();
    };
    let Some(Value::Array(specs)) = info.get(8) else {
        return Vec::new();
    };
    let mut routed = Vec::new();
    for spec in specs {
        let spec = fields(spec);
        let not_key = matches!(spec.get("flags"), Some(Value::Array(flags))
            if flags.iter().any(|f| text(f).is_some_and(|f| f.eq_ignore_ascii_case("not_key"))));
        let (Some(begin), Some(find)) = (spec.get("begin_search"), spec.get("find_keys")) else {
            continue;
        };
        let (begin, find) = (fields(begin), fields(find));
        if !not_key
            || begin.get("type").and_then(|v| text(v)).as_deref() != Some("index")
            || find.get("type").and_then(|v| text(v)).as_deref() != Some("range")
        {
            continue;
        }
        let (begin, find) = (
            begin.get("spec").map(|v| fields(v)).unwrap_or_default(),
            find.get("spec").map(|v| fields(v)).unwrap_or_default(),
        );
        let int = |m: &BTreeMap<String, &Value>, k: &str| match m.get(k) {
            Some(Value::Int(n)) => Some(*n),
            _ => None,
        };
        let (Some(first), Some(last), Some(step)) = (
            int(&begin, "index"),
            int(&find, "lastkey"),
            int(&find, "keystep"),
        ) else {
            continue;
        };
        let last = if last < 0 {
            args.len() as i64 + last
        } else {
            first + last
        };
        let mut i = first;
        while i <= last && (i as usize) < args.len() {
            routed.push(args[i as usize].to_vec());
            i += step.max(1);
        }
    }
    routed
}

/// A key spec's map, in either protocol's form (RESP2 flattens it into an array).
fn fields(value: &Value) -> BTreeMap<String, &Value> {
    match value {
        Value::Map(pairs) => pairs
            .iter()
            .filter_map(|(k, v)| Some((text(k)?, v)))
            .collect(),
        Value::Array(flat) => flat
            .chunks(2)
            .filter_map(|pair| Some((text(&pair[0])?, pair.get(1)?)))
            .collect(),
        _ => BTreeMap::new(),
    }
}

fn text(value: &Value) -> Option<String> {
    match value {
        Value::Bulk(b) | Value::SimpleString(b) => Some(String::from_utf8_lossy(b).into_owned()),
        _ => None,
    }
}

/// Checks the keys `ours` a builder recorded for `args` against `COMMAND GETKEYS`, with the
/// arguments the server routes as keys though GETKEYS leaves them out (see
/// [`routed_not_keys`]).
pub fn check_keys<'a>(
    port: u16,
    args: &[&[u8]],
    ours: impl Iterator<Item = &'a [u8]>,
) -> KeysCheck {
    let mut ours: Vec<&[u8]> = ours.collect();
    let routed = routed_not_keys(port, args);
    let mut theirs = match server_keys(port, args) {
        Some(keys) => keys,
        None if !routed.is_empty() => Vec::new(),
        None if ours.is_empty() => return KeysCheck::Agree,
        None => return KeysCheck::NotCheckable,
    };
    theirs.extend(routed);
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
