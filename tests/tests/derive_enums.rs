//! Enums: unit variants read from a simple or bulk string, and `#[resp(untagged)]` enums
//! that pick a variant by the RESP type of the value at hand.

#[macro_use]
mod derive_support;

use std::collections::HashMap;

use derive_support::{decode, frame};
use typedis::{RespRead, Value};

/// The reply of `TYPE key`.
#[derive(RespRead, Debug, PartialEq)]
#[resp(rename_all = "lowercase")]
enum KeyType {
    None,
    String,
    List,
    Set,
    #[resp(rename = "zset")]
    SortedSet,
    Hash,
    #[resp(alias = "STREAM")]
    Stream,
}

#[derive(RespRead, Debug, PartialEq)]
enum Exact {
    Yes,
    No,
}

#[derive(RespRead, Debug, PartialEq)]
enum Never {}

#[derive(RespRead, Debug, PartialEq)]
#[resp(untagged)]
enum Reply<'a> {
    Nil,
    Number(i64),
    Text(&'a str),
    Entry {
        id: &'a str,
        score: f64,
    },
    #[resp(map)]
    Info {
        name: &'a str,
        flags: Option<Vec<&'a str>>,
    },
}

#[derive(RespRead, Debug, PartialEq)]
#[resp(untagged)]
enum NumberOrAnything {
    Number(u64),
    Other(Value),
}

#[derive(RespRead, Debug, PartialEq)]
#[resp(untagged)]
enum Scalar {
    Number(Option<i64>),
    Flag(bool),
}

#[derive(RespRead, Debug, PartialEq)]
#[resp(untagged)]
enum Pairs {
    Map(HashMap<String, i64>),
    #[resp(kind = "string")]
    Custom(Exact),
}

#[test]
fn unit_variants_read_from_simple_and_bulk_strings() {
    assert_eq!(decode::<KeyType>("+zset\n"), KeyType::SortedSet);
    assert_eq!(decode::<KeyType>("$6\nstring\n"), KeyType::String);
    assert_eq!(decode::<KeyType>("=10\ntxt:stream\n"), KeyType::Stream);
    assert_eq!(decode::<KeyType>("+STREAM\n"), KeyType::Stream);
    assert_eq!(decode::<KeyType>("+none\n"), KeyType::None);
    assert_eq!(decode::<Exact>("+Yes\n"), Exact::Yes);
}

#[test]
fn an_unknown_variant_name_lists_the_known_ones() {
    assert_eq!(
        decode_error!(Exact, "+yes\n"),
        r#"unknown variant "yes", expected one of "Yes", "No""#
    );
    assert_eq!(
        decode_error!(Vec<KeyType>, "*2\n+list\n+sortedset\n"),
        r#"[1]: unknown variant "sortedset", expected one of "none", "string", "list", "set", "zset", "hash", "stream""#
    );
    assert_eq!(
        decode_error!(Never, "+x\n"),
        r#"unknown variant "x", there are no variants"#
    );
}

#[test]
fn an_unknown_variant_is_quoted_at_most_64_bytes() {
    let long = "x".repeat(1000);
    let err = decode_error!(Exact, &format!("${}\n{long}\n", long.len()));
    assert!(err.len() < 150, "{err}");
    assert!(err.contains(&format!("\"{}...\"", "x".repeat(64))), "{err}");
}

#[test]
fn unit_variant_enum_rejects_values_that_are_not_strings() {
    assert_eq!(
        decode_error!(Exact, ":1\n"),
        "expected bulk string, found integer"
    );
    assert_eq!(
        decode_error!(Exact, "_\n"),
        "expected bulk string, found null"
    );
}

#[test]
fn untagged_enum_picks_the_variant_by_resp_type() {
    let f = frame("*5\n_\n:5\n$2\nhi\n*2\n+1-1\n,2.5\n%2\n+name\n+n\n+flags\n~1\n+a\n");
    let replies: Vec<Reply<'_>> = f.decode().unwrap();
    assert_eq!(
        replies,
        vec![
            Reply::Nil,
            Reply::Number(5),
            Reply::Text("hi"),
            Reply::Entry {
                id: "1-1",
                score: 2.5
            },
            Reply::Info {
                name: "n",
                flags: Some(vec!["a"])
            },
        ]
    );
}

#[test]
fn untagged_enum_reads_resp2_nulls_and_simple_strings() {
    let f = frame("*3\n$-1\n*-1\n+ok\n");
    let replies: Vec<Reply<'_>> = f.decode().unwrap();
    assert_eq!(replies, vec![Reply::Nil, Reply::Nil, Reply::Text("ok")]);
}

#[test]
fn an_array_goes_to_the_positional_variant_before_a_map_variant() {
    // RESP2 sends maps as flat arrays: with a positional variant declared first, a flat
    // array is read positionally.
    assert_eq!(
        decode_error!(Reply<'_>, "*4\n$4\nname\n$1\nm\n$5\nflags\n*-1\n"),
        "expected 2 elements, found 4"
    );
}

#[test]
fn a_map_variant_reads_a_flat_array_when_no_variant_reads_arrays() {
    let v: Pairs = decode("*4\n$1\na\n:1\n$1\nb\n$1\n2\n");
    assert_eq!(
        v,
        Pairs::Map(HashMap::from([("a".into(), 1), ("b".into(), 2)]))
    );
    assert_eq!(
        decode::<Pairs>("%1\n+a\n:1\n"),
        Pairs::Map(HashMap::from([("a".into(), 1)]))
    );
    assert_eq!(decode::<Pairs>("+No\n"), Pairs::Custom(Exact::No));
}

#[test]
fn untagged_enum_names_the_types_it_accepts() {
    assert_eq!(
        decode_error!(Reply<'_>, ",1.5\n"),
        "expected null, simple string, bulk string, verbatim string, integer, array, set, push or map, found double"
    );
    assert_eq!(
        decode_error!(Vec<Scalar>, "*2\n#t\n*0\n"),
        "[1]: expected null, simple string, bulk string, integer or boolean, found array"
    );
    assert_eq!(
        decode_error!(Vec<Scalar>, "*2\n#t\n$1\nx\n"),
        "[1]: expected integer, found bulk string that is not one"
    );
}

#[test]
fn variant_field_errors_carry_their_path() {
    assert_eq!(
        decode_error!(Vec<Reply<'_>>, "*2\n:1\n*2\n+1-1\n+abc\n"),
        "[1].score: expected double, found simple string that is not one"
    );
    assert_eq!(
        decode_error!(Reply<'_>, "%1\n+flags\n:3\n"),
        "flags: expected array, found integer"
    );
    assert_eq!(
        decode_error!(Reply<'_>, "%0\n"),
        "missing field `name`: the map is empty, as a key that does not exist reads (read \
         an `Option` of the type to get `None` for it)"
    );
}

#[test]
fn resp2_numbers_in_strings_go_to_the_number_variant_when_no_string_variant_exists() {
    assert_eq!(decode::<Scalar>(":3\n"), Scalar::Number(Some(3)));
    assert_eq!(decode::<Scalar>("$2\n42\n"), Scalar::Number(Some(42)));
    assert_eq!(decode::<Scalar>("_\n"), Scalar::Number(None));
    assert_eq!(decode::<Scalar>("#f\n"), Scalar::Flag(false));
}

#[test]
fn a_catch_all_variant_reads_every_other_type() {
    assert_eq!(
        decode::<NumberOrAnything>(":7\n"),
        NumberOrAnything::Number(7)
    );
    assert!(matches!(
        decode::<NumberOrAnything>("*1\n+x\n"),
        NumberOrAnything::Other(Value::Array(_))
    ));
    assert!(matches!(
        decode::<NumberOrAnything>("_\n"),
        NumberOrAnything::Other(Value::Nil)
    ));
}

#[derive(RespRead, Debug, PartialEq)]
struct Score(f64);

#[derive(RespRead, Debug, PartialEq)]
struct Name<'a>(&'a str);

#[derive(RespRead, Debug, PartialEq)]
#[resp(untagged)]
enum Member<'a> {
    #[resp(kind = "double | integer | string")]
    Score(Score),
    #[resp(kind = "array")]
    Names(Vec<Name<'a>>),
    #[resp(kind = "null | boolean")]
    Flag(Option<bool>),
}

#[test]
fn kind_says_what_a_variant_of_the_users_own_type_reads() {
    assert_eq!(
        frame(",1.5\n").decode::<Member<'_>>().unwrap(),
        Member::Score(Score(1.5))
    );
    assert_eq!(
        frame(":2\n").decode::<Member<'_>>().unwrap(),
        Member::Score(Score(2.0))
    );
    assert_eq!(
        frame("$3\n2.5\n").decode::<Member<'_>>().unwrap(),
        Member::Score(Score(2.5))
    );
    assert_eq!(
        frame("_\n").decode::<Member<'_>>().unwrap(),
        Member::Flag(None)
    );
    assert_eq!(
        frame("#t\n").decode::<Member<'_>>().unwrap(),
        Member::Flag(Some(true))
    );
    let f = frame("*2\n+a\n$1\nb\n");
    assert_eq!(
        f.decode::<Member<'_>>().unwrap(),
        Member::Names(vec![Name("a"), Name("b")])
    );
    assert_eq!(
        decode_error!(Member<'_>, "%0\n"),
        "expected null, simple string, bulk string, verbatim string, integer, double, boolean, array, set or push, found map"
    );
}

#[derive(RespRead, Debug, PartialEq)]
#[resp(untagged)]
enum NoVariants {}

#[test]
fn an_untagged_enum_without_variants_reads_nothing() {
    assert_eq!(
        decode_error!(NoVariants, ":1\n"),
        "expected nothing, found integer"
    );
}
