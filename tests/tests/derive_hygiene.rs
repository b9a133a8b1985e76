//! The derived code names everything by absolute path: it still compiles where the prelude's
//! names (`Result`, `Ok`, `Option`, `Some`, `Vec`, ...) and `core`/`typedis` are shadowed;
//! `ToFields` too.

#![allow(dead_code, non_camel_case_types, clippy::upper_case_acronyms)]

#[macro_use]
mod derive_support;

mod shadowed {
    use ::typedis::{RespRead, ToFields};

    struct Result;
    struct Ok;
    struct Err;
    struct Option;
    struct Some;
    struct None;
    struct Vec;
    struct Box;
    struct String;
    struct Default;
    struct usize;
    struct DecodeError;
    struct Reader;
    struct Kind;
    mod core {}
    mod std {}
    mod typedis {}
    mod __private {}
    trait Into {}
    trait From {}
    trait Iterator {}
    trait IntoIterator {}
    fn unreachable() {}

    #[derive(RespRead, Debug, PartialEq)]
    pub struct Positional<'a> {
        pub id: &'a str,
        pub n: i64,
    }

    #[derive(RespRead, Debug, PartialEq)]
    pub struct Tuple(pub i64, pub i64);

    #[derive(RespRead, Debug, PartialEq)]
    pub struct Newtype(pub i64);

    #[derive(RespRead, Debug, PartialEq)]
    pub struct Unit;

    #[derive(RespRead, ToFields, Debug, PartialEq)]
    #[resp(map)]
    pub struct Map<'a> {
        pub name: &'a str,
        pub opt: ::core::option::Option<i64>,
        #[resp(default)]
        pub def: i64,
    }

    #[derive(RespRead, Debug, PartialEq)]
    pub enum Tag {
        A,
        B,
    }

    #[derive(RespRead, Debug, PartialEq)]
    #[resp(untagged)]
    pub enum Untagged<'a> {
        Nil,
        Int(i64),
        Pair(i64, i64),
        #[resp(map)]
        Map {
            name: &'a str,
        },
    }

    #[derive(RespRead, Debug, PartialEq)]
    pub struct Generic<T> {
        pub items: ::std::vec::Vec<T>,
    }
}

use derive_support::{decode, frame};
use shadowed::*;

#[test]
fn derives_compile_and_read_with_prelude_names_shadowed() {
    let f = frame("*2\n+x\n:1\n");
    assert_eq!(
        f.decode::<Positional<'_>>().unwrap(),
        Positional { id: "x", n: 1 }
    );
    assert_eq!(decode::<Tuple>("*2\n:1\n:2\n"), Tuple(1, 2));
    assert_eq!(decode::<Newtype>(":3\n"), Newtype(3));
    assert_eq!(decode::<Unit>("+OK\n"), Unit);
    let f = frame("%1\n+name\n+n\n");
    assert_eq!(
        f.decode::<Map<'_>>().unwrap(),
        Map {
            name: "n",
            opt: None,
            def: 0
        }
    );
    let written = ::typedis::b()
        .hset()
        .key("k")
        .field_value_iter(::typedis::ToFields::to_fields(&Map {
            name: "n",
            opt: None,
            def: 2,
        }))
        .build();
    let args: ::std::vec::Vec<&[u8]> = written.args().collect();
    assert_eq!(args, [&b"HSET"[..], b"k", b"name", b"n", b"def", b"2"]);
    assert_eq!(decode::<Tag>("+B\n"), Tag::B);
    let f = frame(":4\n");
    assert_eq!(f.decode::<Untagged<'_>>().unwrap(), Untagged::Int(4));
    assert_eq!(decode::<Generic<i64>>("*1\n*1\n:1\n").items, [1]);
}
