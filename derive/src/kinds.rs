//! Which RESP kinds an `#[resp(untagged)]` variant accepts, inferred from its field's type or
//! given with `#[resp(kind = "...")]`.
//!
//! Dispatch looks at the kind of the next value once (`Reader::peek`) and reads the variant
//! that claimed it: there is no trial decoding and nothing is read twice.

/// Names of `typedis::Kind` variants.
pub type KindName = &'static str;

const STRING: &[KindName] = &["SimpleString", "BulkString", "VerbatimString"];
const INTEGER: &[KindName] = &["Integer"];
const DOUBLE: &[KindName] = &["Double"];
const BOOLEAN: &[KindName] = &["Boolean"];
const BIG_NUMBER: &[KindName] = &["BigNumber"];
const ARRAY: &[KindName] = &["Array", "Set", "Push"];
const MAP: &[KindName] = &["Map"];
const ERROR: &[KindName] = &["SimpleError", "BulkError"];

/// The values `#[resp(kind = "...")]` accepts.
pub const KIND_NAMES: &str =
    "\"string\", \"integer\", \"double\", \"boolean\", \"bignumber\", \"array\", \"map\", \"null\", \"error\", \"any\"";

/// The kinds one variant accepts. `primary` kinds are claimed in variant order first;
/// `secondary` kinds (RESP2 spellings: a number sent as a bulk string, a map sent as a flat
/// array) go to a variant only when no variant claims them as primary.
#[derive(Clone, Default, Debug)]
pub struct KindSet {
    pub primary: Vec<KindName>,
    pub secondary: Vec<KindName>,
    pub null: bool,
    pub any: bool,
}

impl KindSet {
    fn of(primary: &[KindName], secondary: &[KindName]) -> Self {
        KindSet {
            primary: primary.to_vec(),
            secondary: secondary.to_vec(),
            null: false,
            any: false,
        }
    }

    pub fn null() -> Self {
        KindSet {
            null: true,
            ..KindSet::default()
        }
    }

    pub fn array() -> Self {
        KindSet::of(ARRAY, &[])
    }

    pub fn map() -> Self {
        KindSet::of(MAP, &["Array"])
    }

    /// Parses `"string | integer"`.
    pub fn parse(s: &str) -> Option<Self> {
        let mut set = KindSet::default();
        for word in s.split('|').map(str::trim) {
            match word {
                "string" => set.primary.extend_from_slice(STRING),
                "integer" => set.primary.extend_from_slice(INTEGER),
                "double" => set.primary.extend_from_slice(DOUBLE),
                "boolean" => set.primary.extend_from_slice(BOOLEAN),
                "bignumber" => set.primary.extend_from_slice(BIG_NUMBER),
                "array" => set.primary.extend_from_slice(ARRAY),
                "map" => set.primary.extend_from_slice(MAP),
                "error" => set.primary.extend_from_slice(ERROR),
                "null" => set.null = true,
                "any" => set.any = true,
                _ => return None,
            }
        }
        Some(set)
    }

    /// Infers the kinds from the Rust type of a newtype variant's field, or `None` when the
    /// type is not one whose RESP form is known from its name (a user's own type).
    pub fn infer(ty: &syn::Type) -> Option<Self> {
        match ty {
            syn::Type::Reference(r) => Self::infer(&r.elem),
            syn::Type::Group(g) => Self::infer(&g.elem),
            syn::Type::Paren(p) => Self::infer(&p.elem),
            syn::Type::Slice(s) if is_u8(&s.elem) => Some(KindSet::of(STRING, &[])),
            syn::Type::Slice(_) | syn::Type::Array(_) | syn::Type::Tuple(_) => {
                Some(KindSet::array())
            }
            syn::Type::Path(p) if p.qself.is_none() => {
                let last = p.path.segments.last()?;
                let name = last.ident.to_string();
                let first_arg = || match &last.arguments {
                    syn::PathArguments::AngleBracketed(a) => {
                        a.args.iter().find_map(|arg| match arg {
                            syn::GenericArgument::Type(t) => Some(t),
                            _ => None,
                        })
                    }
                    _ => None,
                };
                match name.as_str() {
                    "str" | "String" | "Bytes" | "BytesMut" => Some(KindSet::of(STRING, &[])),
                    "Cow" => first_arg().and_then(Self::infer),
                    "i8" | "i16" | "i32" | "i64" | "i128" | "isize" | "u8" | "u16" | "u32"
                    | "u64" | "u128" | "usize" => {
                        Some(KindSet::of(INTEGER, &["BulkString", "SimpleString"]))
                    }
                    "f32" | "f64" => Some(KindSet::of(
                        DOUBLE,
                        &["Integer", "BulkString", "SimpleString"],
                    )),
                    "bool" => Some(KindSet::of(BOOLEAN, &["Integer"])),
                    "Vec" if first_arg().is_some_and(is_u8) => Some(KindSet::of(STRING, &[])),
                    "Vec" | "VecDeque" | "HashSet" | "BTreeSet" => Some(KindSet::array()),
                    "HashMap" | "BTreeMap" => Some(KindSet::map()),
                    "ServerError" => Some(KindSet::of(ERROR, &[])),
                    "Value" | "Frame" => Some(KindSet {
                        any: true,
                        ..KindSet::default()
                    }),
                    "Option" => {
                        let mut inner = first_arg().and_then(Self::infer)?;
                        inner.null = true;
                        Some(inner)
                    }
                    "Box" => first_arg().and_then(Self::infer),
                    _ => None,
                }
            }
            _ => None,
        }
    }
}

fn is_u8(ty: &syn::Type) -> bool {
    matches!(ty, syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident("u8"))
}
