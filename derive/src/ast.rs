//! The derive input as the macro sees it: the container, its variants and fields with their
//! parsed `#[resp(...)]` attributes, keeping the original syntax for error spans.

use crate::attr;
use crate::ctxt::Ctxt;

/// A struct or enum with `#[derive(RespRead)]`.
pub struct Container<'a> {
    pub ident: &'a syn::Ident,
    pub attrs: attr::Container,
    pub data: Data<'a>,
    pub generics: &'a syn::Generics,
    pub original: &'a syn::DeriveInput,
}

pub enum Data<'a> {
    Struct(Style, Vec<Field<'a>>),
    Enum(Vec<Variant<'a>>),
    /// Unions are rejected by validation; kept so that attributes are still checked.
    Union,
}

/// How the fields of a struct or variant are written.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// `{ a: A, b: B }`
    Struct,
    /// `(A, B)` with two or more fields, or zero.
    Tuple,
    /// `(A)`: reads as its one field.
    Newtype,
    /// No fields.
    Unit,
}

pub struct Variant<'a> {
    pub ident: &'a syn::Ident,
    pub attrs: attr::Variant,
    pub style: Style,
    pub fields: Vec<Field<'a>>,
}

pub struct Field<'a> {
    pub member: syn::Member,
    pub attrs: attr::Field,
    pub ty: &'a syn::Type,
}

impl<'a> Container<'a> {
    pub fn from_ast(cx: &Ctxt, input: &'a syn::DeriveInput) -> Container<'a> {
        let attrs = attr::Container::from_ast(cx, &input.attrs);
        let data = match &input.data {
            syn::Data::Struct(s) => {
                let (style, fields) = fields_from_ast(cx, &s.fields);
                Data::Struct(style, fields)
            }
            syn::Data::Enum(e) => Data::Enum(
                e.variants
                    .iter()
                    .map(|v| {
                        let (style, fields) = fields_from_ast(cx, &v.fields);
                        Variant {
                            ident: &v.ident,
                            attrs: attr::Variant::from_ast(cx, &v.attrs),
                            style,
                            fields,
                        }
                    })
                    .collect(),
            ),
            syn::Data::Union(u) => {
                for f in &u.fields.named {
                    attr::Field::from_ast(cx, &f.attrs);
                }
                Data::Union
            }
        };
        Container {
            ident: &input.ident,
            attrs,
            data,
            generics: &input.generics,
            original: input,
        }
    }

    /// The path of the typedis crate the generated code names: `#[resp(crate = "...")]`,
    /// else `::typedis`.
    pub fn krate(&self) -> syn::Path {
        self.attrs
            .krate
            .get()
            .cloned()
            .unwrap_or_else(|| syn::parse_quote!(::typedis))
    }

    /// Every field of the container, across variants.
    pub fn all_fields(&self) -> impl Iterator<Item = &Field<'a>> {
        let (structs, enums): (&[Field<'a>], &[Variant<'a>]) = match &self.data {
            Data::Struct(_, fields) => (fields, &[]),
            Data::Enum(variants) => (&[], variants),
            Data::Union => (&[], &[]),
        };
        structs
            .iter()
            .chain(enums.iter().flat_map(|v| v.fields.iter()))
    }
}

impl Field<'_> {
    /// The name in error paths and, for map structs, the default key: the Rust name without
    /// any `r#` prefix, or the index of a tuple field.
    pub fn rust_name(&self) -> String {
        match &self.member {
            syn::Member::Named(ident) => {
                let s = ident.to_string();
                s.strip_prefix("r#").map_or(s.clone(), str::to_owned)
            }
            syn::Member::Unnamed(index) => index.index.to_string(),
        }
    }
}

fn fields_from_ast<'a>(cx: &Ctxt, fields: &'a syn::Fields) -> (Style, Vec<Field<'a>>) {
    let style = match fields {
        syn::Fields::Named(_) => Style::Struct,
        syn::Fields::Unnamed(f) if f.unnamed.len() == 1 => Style::Newtype,
        syn::Fields::Unnamed(_) => Style::Tuple,
        syn::Fields::Unit => Style::Unit,
    };
    let fields = fields
        .iter()
        .enumerate()
        .map(|(i, f)| Field {
            member: f
                .ident
                .clone()
                .map_or_else(|| syn::Member::Unnamed(i.into()), syn::Member::Named),
            attrs: attr::Field::from_ast(cx, &f.attrs),
            ty: &f.ty,
        })
        .collect();
    (style, fields)
}
