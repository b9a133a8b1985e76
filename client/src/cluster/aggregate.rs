//! Multi-node commands: splitting a multi-key command into one command per slot, and
//! combining the replies of several nodes into one reply frame as the response policy
//! says (sum, min, max, logical and/or, all or one succeeded, or, without a policy, arrays
//! concatenated and maps merged).

use crate::cmd::{cmd, key_slot, Cmd, Command, ResponsePolicy};
use crate::error::{ClusterErrorKind, Error};
use crate::wire::write;
use crate::wire::Frame;
use crate::wire::Kind;
use crate::wire::Reader;
use std::collections::BTreeMap;

/// One slot's part of a split command: the command and the positions, among the original
/// keys, of the keys it carries.
pub(crate) struct Part {
    pub(crate) command: Command,
    pub(crate) positions: Vec<usize>,
}

/// Splits a multi-key command by slot. The arguments before the first key (the command
/// name and any subcommand) start every part; each key brings the arguments that follow it
/// up to the next key (the value of an `MSET` pair), which is how every multi-shard
/// command of the spec lays out its keys.
pub(crate) fn split(command: &Command) -> Result<Vec<Part>, Error> {
    let args: Vec<&[u8]> = command.args().collect();
    let keys = command.p.keys.as_slice();
    let first = *keys
        .first()
        .ok_or_else(|| cluster_error(ClusterErrorKind::Unroutable, "nothing to split"))?
        as usize;
    let name = std::str::from_utf8(args[0])
        .map_err(|_| cluster_error(ClusterErrorKind::Unroutable, "command name is not UTF-8"))?;
    let mut groups: BTreeMap<u16, (Cmd, Vec<usize>)> = BTreeMap::new();
    for (position, &key) in keys.iter().enumerate() {
        let key = key as usize;
        let end = keys.get(position + 1).map_or(args.len(), |&k| k as usize);
        let slot = key_slot(args[key]);
        let (part, positions) = groups.entry(slot).or_insert_with(|| {
            let mut part = cmd(name).flags(command.flags()).policy(command.policy());
            for arg in &args[1..first] {
                part.push(arg);
            }
            (part, Vec::new())
        });
        part.push_key(&args[key]);
        for arg in &args[key + 1..end] {
            part.push(arg);
        }
        positions.push(position);
    }
    Ok(groups
        .into_values()
        .map(|(part, positions)| Part {
            command: part.build(),
            positions,
        })
        .collect())
}

/// Puts the replies of split parts back together: arrays element by element in the order
/// of the original keys (`MGET`), anything else by the response policy.
pub(crate) fn join_parts(
    parts: &[Part],
    replies: Vec<Frame>,
    policy: Option<ResponsePolicy>,
) -> Result<Frame, Error> {
    if let Some(error) = replies.iter().find(|f| f.is_error()) {
        return Ok(error.clone());
    }
    if policy.is_some() {
        return combine(replies, policy);
    }
    let total: usize = parts.iter().map(|p| p.positions.len()).sum();
    let mut slots: Vec<Option<bytes::Bytes>> = vec![None; total];
    for (part, reply) in parts.iter().zip(&replies) {
        let mut r = Reader::new(reply);
        let n = r.array_len()?;
        if n != part.positions.len() {
            return Err(cluster_error(
                ClusterErrorKind::BadReply,
                format!(
                    "a node answered {n} elements for {} keys",
                    part.positions.len()
                ),
            ));
        }
        for &position in &part.positions {
            slots[position] = Some(r.raw()?);
        }
    }
    let mut out = Vec::new();
    write::header(&mut out, b'*', total);
    for element in slots.into_iter().flatten() {
        out.extend_from_slice(&element);
    }
    frame(out)
}

/// Combines the replies of several nodes by `policy`.
pub(crate) fn combine(replies: Vec<Frame>, policy: Option<ResponsePolicy>) -> Result<Frame, Error> {
    use ResponsePolicy::*;
    let first_error = replies.iter().find(|f| f.is_error()).cloned();
    match policy {
        Some(OneSucceeded) => {
            let ok = replies.iter().find(|f| !f.is_error()).cloned();
            return ok.or(first_error).ok_or_else(no_reply);
        }
        _ if first_error.is_some() => return first_error.ok_or_else(no_reply),
        Some(AllSucceeded) => return replies.into_iter().next().ok_or_else(no_reply),
        _ => {}
    }
    let ints = || -> Result<Vec<i64>, Error> { replies.iter().map(|f| f.decode()).collect() };
    let int = match policy {
        Some(AggSum) => ints()?.into_iter().fold(0i64, i64::saturating_add),
        Some(AggMin) => ints()?.into_iter().min().ok_or_else(no_reply)?,
        Some(AggMax) => ints()?.into_iter().max().ok_or_else(no_reply)?,
        Some(AggLogicalAnd) => i64::from(ints()?.iter().all(|&i| i != 0)),
        Some(AggLogicalOr) => i64::from(ints()?.iter().any(|&i| i != 0)),
        _ => return concat(replies),
    };
    let mut out = Vec::new();
    write::line(&mut out, b':', int.to_string().as_bytes());
    frame(out)
}

/// No policy: arrays (and sets) are concatenated, maps merged; of other replies the first
/// that is not null is returned (`RANDOMKEY`: a key of any shard that has one, nil only
/// when every shard is empty).
fn concat(replies: Vec<Frame>) -> Result<Frame, Error> {
    let kinds: Vec<Kind> = replies
        .iter()
        .map(|f| Reader::new(f).peek())
        .collect::<Result<_, _>>()?;
    let aggregate = |k: &Kind| matches!(k, Kind::Array | Kind::Set | Kind::Map);
    if kinds.is_empty() || !kinds.iter().all(aggregate) {
        let chosen = kinds.iter().position(|k| *k != Kind::Null).unwrap_or(0);
        return replies.into_iter().nth(chosen).ok_or_else(no_reply);
    }
    let is_map = kinds.iter().all(|k| *k == Kind::Map);
    let mut total = 0;
    let mut body = Vec::new();
    for reply in &replies {
        let mut r = Reader::new(reply);
        let n = if is_map { r.map_len()? } else { r.array_len()? };
        let items = if is_map { n * 2 } else { n };
        for _ in 0..items {
            body.extend_from_slice(&r.raw()?);
        }
        total += n;
    }
    #[allow(
        clippy::disallowed_methods,
        reason = "the bytes of replies already received, not a declared count"
    )]
    let mut out = Vec::with_capacity(body.len() + 24);
    write::header(&mut out, if is_map { b'%' } else { b'*' }, total);
    out.extend_from_slice(&body);
    frame(out)
}

fn frame(bytes: Vec<u8>) -> Result<Frame, Error> {
    Ok(Frame::new(bytes.into())?)
}

#[cold]
fn no_reply() -> Error {
    cluster_error(ClusterErrorKind::NoNode, "no node answered")
}

#[cold]
pub(crate) fn cluster_error(kind: ClusterErrorKind, why: impl Into<String>) -> Error {
    Error::cluster(kind, why)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(bytes: &[u8]) -> Frame {
        Frame::from_slice(bytes).unwrap()
    }

    #[test]
    fn mset_splits_into_key_value_pairs_per_slot() {
        let c = cmd("MSET")
            .key("a")
            .arg("1")
            .key("b")
            .arg("2")
            .key("{a}x")
            .arg("3")
            .build();
        let parts = split(&c).unwrap();
        assert_eq!(parts.len(), 2);
        let a = parts.iter().find(|p| p.positions == [0, 2]).unwrap();
        let args: Vec<&[u8]> = a.command.args().collect();
        assert_eq!(args, [&b"MSET"[..], b"a", b"1", b"{a}x", b"3"]);
        assert_eq!(a.command.slot().get(), Some(key_slot(b"a")));
    }

    #[test]
    fn mget_replies_come_back_in_key_order() {
        let c = cmd("MGET").key("a").key("b").key("{a}2").build();
        let parts = split(&c).unwrap();
        let replies: Vec<Frame> = parts
            .iter()
            .map(|p| {
                if p.positions == [0, 2] {
                    f(b"*2\r\n$2\r\nva\r\n_\r\n")
                } else {
                    f(b"*1\r\n$2\r\nvb\r\n")
                }
            })
            .collect();
        let joined = join_parts(&parts, replies, None).unwrap();
        let v: Vec<Option<String>> = joined.decode().unwrap();
        assert_eq!(v, [Some("va".into()), Some("vb".into()), None]);
    }

    #[test]
    fn policies_sum_and_keep_errors() {
        let sum = combine(
            vec![f(b":2\r\n"), f(b":3\r\n")],
            Some(ResponsePolicy::AggSum),
        )
        .unwrap();
        assert_eq!(sum.decode::<i64>().unwrap(), 5);
        let err = combine(
            vec![f(b":2\r\n"), f(b"-ERR no\r\n")],
            Some(ResponsePolicy::AggSum),
        )
        .unwrap();
        assert!(err.is_error());
        let keys = combine(vec![f(b"*1\r\n$1\r\na\r\n"), f(b"*1\r\n$1\r\nb\r\n")], None).unwrap();
        assert_eq!(keys.decode::<Vec<String>>().unwrap(), ["a", "b"]);
        let and = combine(
            vec![f(b":1\r\n"), f(b":0\r\n")],
            Some(ResponsePolicy::AggLogicalAnd),
        )
        .unwrap();
        assert_eq!(and.decode::<i64>().unwrap(), 0);
    }

    #[test]
    fn single_replies_without_policy_prefer_one_that_is_not_null() {
        let key = combine(vec![f(b"$-1\r\n"), f(b"_\r\n"), f(b"$1\r\nk\r\n")], None).unwrap();
        assert_eq!(
            key.decode::<Option<String>>().unwrap().as_deref(),
            Some("k")
        );
        let none = combine(vec![f(b"$-1\r\n"), f(b"_\r\n")], None).unwrap();
        assert_eq!(none.decode::<Option<String>>().unwrap(), None);
    }
}
