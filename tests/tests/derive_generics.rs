//! Generic parameters, lifetimes of any name, inferred and explicit bounds, `with` readers
//! and the `crate` override.

#[macro_use]
mod derive_support;

use std::marker::PhantomData;

use derive_support::{decode, frame};
use typedis::resp::{DecodeError, Reader};
use typedis::RespRead;

/// A cursor and a page of items, like the reply of SCAN.
#[derive(RespRead, Debug, PartialEq)]
struct Page<T> {
    cursor: u64,
    items: Vec<T>,
}

#[derive(RespRead, Debug, PartialEq)]
struct Entry<'de> {
    id: &'de str,
}

#[derive(RespRead, Debug, PartialEq)]
struct TwoLifetimes<'k, 'v> {
    key: &'k str,
    value: &'v [u8],
}

#[derive(RespRead, Debug, PartialEq)]
#[resp(map)]
struct Lookup<'x, V>
where
    V: Clone,
{
    name: &'x str,
    value: Option<V>,
}

#[derive(RespRead, Debug, PartialEq)]
struct Fixed<T, const N: usize>([T; N], u8);

/// `T` is only in a field read by a `with` function, so no `T: RespRead` bound is inferred.
#[derive(RespRead, Debug, PartialEq)]
struct Tagged<T> {
    id: u64,
    #[resp(with = read_marker)]
    marker: PhantomData<T>,
}

fn read_marker<T>(r: &mut Reader<'_>) -> Result<PhantomData<T>, DecodeError> {
    r.null()?;
    Ok(PhantomData)
}

struct NotReadable;

/// The inferred bound would ask `T: RespRead`; this one asks for what is really read.
#[derive(RespRead, Debug, PartialEq)]
#[resp(bound = "Vec<T>: RespRead<'de>")]
struct Explicit<T> {
    items: Vec<T>,
}

/// A field read by a function of the user's instead of its type's `RespRead` impl.
#[derive(RespRead, Debug, PartialEq)]
struct Hex {
    #[resp(with = read_hex)]
    value: u32,
    #[resp(with = "read_hex")]
    other: u32,
}

#[derive(RespRead, Debug, PartialEq)]
#[resp(map)]
struct HexMap {
    #[resp(with = read_hex)]
    value: u32,
}

fn read_hex(r: &mut Reader<'_>) -> Result<u32, DecodeError> {
    let text = r.str()?;
    u32::from_str_radix(text, 16)
        .map_err(|e| DecodeError::custom(format_args!("bad hex {text:?}: {e}")))
}

mod reexport {
    pub use typedis as renamed;
}

#[derive(RespRead, Debug, PartialEq)]
#[resp(crate = "reexport::renamed")]
struct ThroughReexport(i64, i64);

#[derive(RespRead, Debug, PartialEq)]
#[resp(crate = reexport::renamed)]
struct ThroughReexportPath(i64);

#[test]
fn generic_parameters_are_read_with_their_own_impls() {
    let page: Page<String> = decode("*2\n$1\n0\n*2\n$1\na\n$1\nb\n");
    assert_eq!(page.items, ["a", "b"]);
    let f = frame("*2\n:5\n*1\n*1\n+1-1\n");
    let page: Page<Entry<'_>> = f.decode().unwrap();
    assert_eq!(
        page,
        Page {
            cursor: 5,
            items: vec![Entry { id: "1-1" }]
        }
    );
    assert_eq!(
        decode_error!(Page<u16>, "*2\n:0\n*1\n:70000\n"),
        "items[0]: expected u16, found out of range integer 70000"
    );
}

#[test]
fn a_lifetime_named_de_and_several_lifetimes_work() {
    let f = frame("*2\n+k\n$1\nv\n");
    let both: TwoLifetimes<'_, '_> = f.decode().unwrap();
    assert_eq!((both.key, both.value), ("k", b"v".as_slice()));
    let f = frame("*1\n+x\n");
    assert_eq!(f.decode::<Entry<'_>>().unwrap().id, "x");
}

#[test]
fn where_clauses_and_map_structs_with_type_parameters() {
    let f = frame("%2\n+name\n+n\n+value\n:3\n");
    let l: Lookup<'_, i64> = f.decode().unwrap();
    assert_eq!(
        l,
        Lookup {
            name: "n",
            value: Some(3)
        }
    );
}

#[test]
fn const_generics_and_parameters_without_bounds() {
    assert_eq!(
        decode::<Fixed<i64, 2>>("*2\n*2\n:1\n:2\n:3\n"),
        Fixed([1, 2], 3)
    );
    assert_eq!(
        decode_error!(Fixed<i64, 2>, "*2\n*1\n:1\n:3\n"),
        "[0]: expected 2 elements, found 1"
    );
    let t: Tagged<NotReadable> = decode("*2\n:1\n_\n");
    assert_eq!(t.id, 1);
}

#[test]
fn explicit_bounds_replace_inferred_ones() {
    assert_eq!(decode::<Explicit<u8>>("*1\n$2\nab\n").items, b"ab");
}

#[test]
fn with_reads_a_field_by_a_function() {
    assert_eq!(
        decode::<Hex>("*2\n+ff\n$2\n10\n"),
        Hex {
            value: 255,
            other: 16
        }
    );
    assert_eq!(
        decode_error!(Hex, "*2\n+ff\n+zz\n"),
        "other: bad hex \"zz\": invalid digit found in string"
    );
    assert_eq!(decode::<HexMap>("%1\n+value\n+a\n"), HexMap { value: 10 });
    assert_eq!(
        decode_error!(HexMap, "%1\n+value\n:1\n"),
        "value: expected bulk string, found integer"
    );
}

#[test]
fn the_crate_path_can_be_overridden_for_reexports() {
    assert_eq!(
        decode::<ThroughReexport>("*2\n:1\n:2\n"),
        ThroughReexport(1, 2)
    );
    assert_eq!(
        decode::<ThroughReexportPath>(":1\n"),
        ThroughReexportPath(1)
    );
}
