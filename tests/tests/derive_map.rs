//! `#[resp(map)]` structs: fields matched by key in a RESP3 map or a RESP2 flat array,
//! unknown keys skipped, optional and default fields, renames, and every way it fails.

#[macro_use]
mod derive_support;

use derive_support::{decode, frame};
use typedis::RespRead;

#[derive(RespRead, Debug, PartialEq)]
struct StreamEntry<'a> {
    id: &'a str,
    fields: Fields<'a>,
}

#[derive(RespRead, Debug, PartialEq)]
#[resp(map)]
struct Fields<'a> {
    field1: &'a [u8],
    #[resp(rename = "ts")]
    timestamp: Option<u64>,
}

#[derive(RespRead, Debug, PartialEq)]
#[resp(map, rename_all = "kebab-case")]
struct Info {
    length: u64,
    last_generated_id: String,
    #[resp(alias = "groups-count")]
    groups: u32,
    #[resp(default)]
    entries_added: u64,
    #[resp(default = "default_max")]
    max_deleted_entry_id: String,
    r#type: Option<String>,
}

fn default_max() -> String {
    "0-0".to_owned()
}

#[derive(RespRead, Debug, PartialEq)]
#[resp(map)]
struct Empty {}

const RESP3_FIELDS: &str = "%2\n+field1\n$5\nhello\n+ts\n:17\n";
const RESP2_FIELDS: &str = "*4\n$6\nfield1\n$5\nhello\n$2\nts\n$2\n17\n";

#[test]
fn map_struct_reads_a_resp3_map_by_key() {
    let f = frame(RESP3_FIELDS);
    let fields: Fields<'_> = f.decode().unwrap();
    assert_eq!(
        fields,
        Fields {
            field1: b"hello",
            timestamp: Some(17)
        }
    );
}

#[test]
fn map_struct_reads_a_resp2_flat_array_by_key() {
    let f = frame(RESP2_FIELDS);
    let fields: Fields<'_> = f.decode().unwrap();
    assert_eq!(fields.field1, b"hello");
    assert_eq!(fields.timestamp, Some(17));
}

#[test]
fn keys_may_come_in_any_order() {
    let f = frame("%2\n+ts\n:1\n+field1\n$1\nx\n");
    let fields: Fields<'_> = f.decode().unwrap();
    assert_eq!(
        (fields.field1, fields.timestamp),
        (b"x".as_slice(), Some(1))
    );
}

#[test]
fn unknown_keys_are_skipped_whatever_their_values_hold() {
    let f = frame("%4\n+other\n*2\n%1\n+a\n:1\n*1\n_\n+field1\n$1\nx\n$7\nnothing\n_\n+ts\n:2\n");
    let fields: Fields<'_> = f.decode().unwrap();
    assert_eq!(
        (fields.field1, fields.timestamp),
        (b"x".as_slice(), Some(2))
    );
}

#[test]
fn option_fields_may_be_missing_or_null() {
    let f = frame("%1\n+field1\n$1\nx\n");
    assert_eq!(f.decode::<Fields<'_>>().unwrap().timestamp, None);
    let f = frame("*4\n$6\nfield1\n$1\nx\n$2\nts\n$-1\n");
    assert_eq!(f.decode::<Fields<'_>>().unwrap().timestamp, None);
}

#[test]
fn a_missing_required_field_is_named() {
    assert_eq!(
        decode_error!(Fields<'_>, "%1\n+ts\n:1\n"),
        "missing field `field1`"
    );
    assert_eq!(
        decode_error!(Vec<StreamEntry<'_>>, "*1\n*2\n+1-1\n*0\n"),
        "[0].fields: missing field `field1`: the map is empty, as a key that does not exist \
         reads (read an `Option` of the type to get `None` for it)"
    );
}

#[test]
fn a_duplicated_key_is_rejected() {
    assert_eq!(
        decode_error!(Fields<'_>, "%3\n+field1\n$1\nx\n+ts\n:1\n+ts\n:2\n"),
        "duplicate field `ts`"
    );
    assert_eq!(
        decode_error!(Fields<'_>, "*4\n$6\nfield1\n$1\nx\n$6\nfield1\n$1\ny\n"),
        "duplicate field `field1`"
    );
}

#[test]
fn field_errors_carry_the_path_and_the_key() {
    let err = decode_error!(
        Vec<StreamEntry<'_>>,
        "*2\n*2\n+1-1\n%1\n+field1\n$1\nx\n*2\n+1-2\n%1\n+field1\n:5\n",
    );
    assert_eq!(
        err,
        "[1].fields.field1: expected bulk string, found integer"
    );
    assert_eq!(
        decode_error!(Fields<'_>, "%2\n+field1\n$1\nx\n+ts\n$3\nabc\n"),
        "ts: expected integer, found bulk string that is not one"
    );
}

#[test]
fn renames_aliases_rename_all_and_defaults_apply() {
    let info: Info = decode(
        "%5\n+length\n:2\n+last-generated-id\n+1-2\n+groups-count\n:1\n+type\n+stream\n+entries-added\n:9\n",
    );
    assert_eq!(
        info,
        Info {
            length: 2,
            last_generated_id: "1-2".to_owned(),
            groups: 1,
            entries_added: 9,
            max_deleted_entry_id: "0-0".to_owned(),
            r#type: Some("stream".to_owned()),
        }
    );
    let info: Info = decode(
        "*8\n$6\nlength\n:0\n$17\nlast-generated-id\n$3\n0-0\n$6\ngroups\n:0\n$20\nmax-deleted-entry-id\n$3\n5-5\n",
    );
    assert_eq!(info.entries_added, 0);
    assert_eq!(info.max_deleted_entry_id, "5-5");
    assert_eq!(info.r#type, None);
}

#[test]
fn the_rust_name_of_a_renamed_field_is_not_a_key() {
    let f = frame("%2\n+field1\n$1\nx\n+timestamp\n:1\n");
    assert_eq!(f.decode::<Fields<'_>>().unwrap().timestamp, None);
}

#[test]
fn map_struct_rejects_other_shapes() {
    assert_eq!(
        decode_error!(Fields<'_>, "*3\n+field1\n$1\nx\n+ts\n"),
        "expected map or flat array of key/value pairs, found array that is not one"
    );
    assert_eq!(
        decode_error!(Fields<'_>, ":1\n"),
        "expected map, found integer"
    );
    assert_eq!(decode_error!(Fields<'_>, "_\n"), "expected map, found null");
    assert_eq!(
        decode_error!(Fields<'_>, "%1\n:1\n$1\nx\n"),
        "expected bulk string, found integer"
    );
}

#[test]
fn map_struct_without_fields_skips_every_pair() {
    assert_eq!(decode::<Empty>("%2\n+a\n:1\n+b\n*1\n:2\n"), Empty {});
    assert_eq!(decode::<Empty>("*0\n"), Empty {});
}

/// An `Option` of a map struct: null and an empty map (a hash that does not exist) are
/// `None`, on both protocols; a map with pairs is read as the struct.
#[test]
fn an_empty_map_is_none_for_an_optional_map_struct() {
    for empty in ["%0\n", "*0\n", "_\n", "*-1\n", "$-1\n"] {
        assert_eq!(decode::<Option<Info>>(empty), None, "{empty:?}");
        assert_eq!(decode::<Option<Empty>>(empty), None, "{empty:?}");
    }
    let info: Option<Info> = decode("%3\n+length\n:2\n+last-generated-id\n+1-1\n+groups\n:0\n");
    assert_eq!(info.map(|i| i.length), Some(2));
    // Read as the struct itself, the empty map's error says why it is empty.
    assert_eq!(
        decode_error!(Info, "%0\n"),
        "missing field `length`: the map is empty, as a key that does \
         not exist reads (read an `Option` of the type to get `None` for it)"
    );
    // Inside a Vec, each element is read the same way.
    let all: Vec<Option<Info>> = decode("*2\n%0\n*0\n");
    assert_eq!(all, [None, None]);
}
