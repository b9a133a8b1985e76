//! Derived code is clean under strict lints: CI compiles this file with
//! `cargo clippy --all-targets -D warnings`, and the lints below turn any finding in the
//! expansion into an error.

#![deny(
    warnings,
    unused_qualifications,
    unused_results,
    unused_lifetimes,
    single_use_lifetimes,
    trivial_casts,
    trivial_numeric_casts,
    unreachable_pub,
    rust_2018_idioms,
    clippy::all,
    clippy::pedantic
)]
#![allow(dead_code)]

use typedis::resp::{DecodeError, Frame, Reader};
use typedis::{RespRead, Value};

#[derive(RespRead, Debug)]
struct Positional<'a> {
    id: &'a str,
    n: i64,
    fields: Map<'a>,
}

#[derive(RespRead, Debug)]
struct Tuple<'a>(&'a [u8], u64);

#[derive(RespRead, Debug)]
struct Newtype(i64);

#[derive(RespRead, Debug)]
struct Unit;

#[derive(RespRead, Debug)]
struct Empty {}

#[derive(RespRead, Debug)]
#[resp(map, rename_all = "kebab-case")]
struct Map<'a> {
    name: &'a str,
    #[resp(rename = "x", alias = "y")]
    opt: Option<u64>,
    #[resp(default)]
    def: i64,
    #[resp(default = "seven")]
    seven: i64,
    #[resp(with = read_upper)]
    upper: String,
}

#[derive(RespRead, Debug)]
#[resp(map)]
struct OneField {
    only: i64,
}

#[derive(RespRead, Debug)]
#[resp(map)]
struct EmptyMap {}

fn seven() -> i64 {
    7
}

fn read_upper(r: &mut Reader<'_>) -> Result<String, DecodeError> {
    Ok(r.str()?.to_uppercase())
}

#[derive(RespRead, Debug)]
enum OneVariant {
    Only,
}

#[derive(RespRead, Debug)]
enum NoVariant {}

#[derive(RespRead, Debug)]
#[resp(rename_all = "lowercase")]
enum Tag {
    A,
    #[resp(rename = "bee", alias = "B")]
    B,
}

#[derive(RespRead, Debug)]
#[resp(untagged)]
enum Untagged<'a> {
    Nil,
    Int(i64),
    Text(&'a str),
    Pair(i64, i64),
    #[resp(map)]
    Map {
        name: &'a str,
    },
    Any(Value),
}

#[derive(RespRead, Debug)]
#[resp(untagged)]
enum OnlyInt {
    Int(i64),
}

#[derive(RespRead, Debug)]
struct Generic<'de, T, const N: usize>
where
    T: Clone,
{
    items: [T; N],
    name: &'de str,
}

#[test]
fn strictly_linted_derives_still_read() {
    let frame = Frame::from_slice(b"*2\r\n:1\r\n:2\r\n").unwrap();
    let t: Untagged<'_> = frame.decode().unwrap();
    assert!(matches!(t, Untagged::Pair(1, 2)));
}
