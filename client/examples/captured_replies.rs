//! Reads real Redis replies into typed Rust values: an XRANGE, an HGETALL, a ZRANGE with
//! scores and a missing HGET, each as RESP2 and as RESP3.
//!
//! Run with `cargo run -p typedis --example captured_replies` (no server needed).
//!
//! The replies below were captured from redis-server 7.0.15 by writing the commands on a
//! plain TCP connection and recording the bytes it answered, first on a new (RESP2)
//! connection, then after `HELLO 3`, with this data:
//!
//! ```text
//! XADD sensor:1 1700000000000-0 temp 21.5 unit C
//! XADD sensor:1 1700000000001-0 temp 21.7 unit C
//! XADD sensor:1 1700000000002-0 temp 22.0 unit C note "door open"
//! HSET user:1 name "Ada Lovelace" born 1815 langs 3
//! ZADD scores 1.5 ada -inf bob 12 cy
//! ```

use std::collections::HashMap;

use typedis::reply::{ScoredMember, StreamEntries};
use typedis::resp::Frame;
use typedis::Value;

/// `XRANGE sensor:1 - +` (the same bytes in RESP2 and RESP3).
const XRANGE: &[u8] = b"*3\r\n\
*2\r\n$15\r\n1700000000000-0\r\n*4\r\n$4\r\ntemp\r\n$4\r\n21.5\r\n$4\r\nunit\r\n$1\r\nC\r\n\
*2\r\n$15\r\n1700000000001-0\r\n*4\r\n$4\r\ntemp\r\n$4\r\n21.7\r\n$4\r\nunit\r\n$1\r\nC\r\n\
*2\r\n$15\r\n1700000000002-0\r\n*6\r\n$4\r\ntemp\r\n$4\r\n22.0\r\n$4\r\nunit\r\n$1\r\nC\r\n\
$4\r\nnote\r\n$9\r\ndoor open\r\n";

/// `HGETALL user:1`: a flat key/value array in RESP2, a map in RESP3.
const HGETALL_RESP2: &[u8] = b"*6\r\n$4\r\nname\r\n$12\r\nAda Lovelace\r\n\
$4\r\nborn\r\n$4\r\n1815\r\n$5\r\nlangs\r\n$1\r\n3\r\n";
const HGETALL_RESP3: &[u8] = b"%3\r\n$4\r\nname\r\n$12\r\nAda Lovelace\r\n\
$4\r\nborn\r\n$4\r\n1815\r\n$5\r\nlangs\r\n$1\r\n3\r\n";

/// `ZRANGE scores 0 -1 WITHSCORES`: a flat array of strings in RESP2, an array of
/// [member, double] pairs in RESP3.
const ZRANGE_RESP2: &[u8] =
    b"*6\r\n$3\r\nbob\r\n$4\r\n-inf\r\n$3\r\nada\r\n$3\r\n1.5\r\n$2\r\ncy\r\n$2\r\n12\r\n";
const ZRANGE_RESP3: &[u8] =
    b"*3\r\n*2\r\n$3\r\nbob\r\n,-inf\r\n*2\r\n$3\r\nada\r\n,1.5\r\n*2\r\n$2\r\ncy\r\n,12\r\n";

/// `HGET user:1 missing`: a null in both protocols.
const HGET_MISSING_RESP2: &[u8] = b"$-1\r\n";
const HGET_MISSING_RESP3: &[u8] = b"_\r\n";

/// One stream entry, borrowed from the reply: no string is copied.
type Entry<'a> = (&'a str, Vec<(&'a str, &'a str)>);

fn main() -> Result<(), typedis::Error> {
    let xrange = Frame::from_slice(XRANGE)?;
    let entries: Vec<Entry<'_>> = xrange.decode()?;
    println!("XRANGE sensor:1 - +");
    for (id, fields) in &entries {
        println!("  {id}: {fields:?}");
    }
    // `StreamEntries` is what `client.query(b().xrange()...)` returns: entries and their
    // fields looked up where they are, not copied out of the reply.
    let entries: StreamEntries = xrange.decode()?;
    let notes: Vec<Option<&str>> = entries.iter().map(|e| e.fields.get_str("note")).collect();
    println!("  notes, as the command's own reply type: {notes:?}");

    for (protocol, hgetall, zrange, missing) in [
        ("RESP2", HGETALL_RESP2, ZRANGE_RESP2, HGET_MISSING_RESP2),
        ("RESP3", HGETALL_RESP3, ZRANGE_RESP3, HGET_MISSING_RESP3),
    ] {
        println!("{protocol}:");

        // The same types read both protocols' shapes.
        let hgetall = Frame::from_slice(hgetall)?;
        let user: HashMap<&str, &str> = hgetall.decode()?;
        println!(
            "  HGETALL user:1 -> name = {:?}, born = {:?}, langs = {:?}",
            user["name"], user["born"], user["langs"]
        );
        // Or, when the shape is not known in advance, as a `Value`.
        let value: Value = hgetall.decode()?;
        println!("  ... as a Value: {value:?}");

        let scores: Vec<(String, f64)> = Frame::from_slice(zrange)?.decode()?;
        println!("  ZRANGE scores 0 -1 WITHSCORES -> {scores:?}");
        // `ScoredMember` is what `client.query(b().zrange()...withscores())` returns.
        let members: Vec<ScoredMember> = Frame::from_slice(zrange)?.decode()?;
        println!("  ... as the command's own reply type: {members:?}");

        let missing: Option<String> = Frame::from_slice(missing)?.decode()?;
        println!("  HGET user:1 missing -> {missing:?}");
    }

    // A reply of the wrong shape is an error that says where and what.
    let wrong = xrange
        .decode::<Vec<(&str, Vec<(&str, u32)>)>>()
        .unwrap_err();
    println!("reading XRANGE temperatures as u32: {wrong}");
    Ok(())
}
