//! Structs generated for replies whose schema names their fields: each derives
//! `RespRead`, read by key from a RESP3 map or a RESP2 flat array ([`Layout::Map`]), or
//! by position from an array ([`Layout::Positional`]).

use std::collections::BTreeMap;

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::ty::{Paths, Ty};
use crate::emit::doc_lines;
use crate::naming;

/// How a generated struct is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// By key, from a map or a flat key/value array; unknown keys are skipped.
    Map,
    /// By position, from an array of exactly as many elements.
    Positional,
}

/// One field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    /// snake_case name.
    pub name: String,
    /// The key it is read from (for [`Layout::Map`]).
    pub key: String,
    /// Its type.
    pub ty: Ty,
    /// The schema's description.
    pub doc: String,
}

/// One generated struct.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StructDef {
    /// UpperCamelCase name (`XinfoStreamReply`).
    pub name: String,
    /// The schema's description.
    pub doc: String,
    /// Fields, in schema order.
    pub fields: Vec<Field>,
    /// How it is read.
    pub layout: Layout,
}

/// The structs of a spec, by name (sorted, so the output is deterministic).
#[derive(Debug, Clone, Default)]
pub struct Structs {
    defs: BTreeMap<String, StructDef>,
}

impl Structs {
    /// Adds a struct; returns the name it got: the one asked for or, when a different
    /// struct has it already, that name and the first word of its description (one of a
    /// choice of shapes: `...SpecKeyword` for "Keyword type."), or a numbered one.
    pub fn add(&mut self, mut def: StructDef) -> String {
        let base = def.name.clone();
        if self
            .defs
            .get(&def.name)
            .is_some_and(|d| d.fields != def.fields)
        {
            let word = def
                .doc
                .split(|c: char| !c.is_ascii_alphanumeric())
                .find(|w| !w.is_empty())
                .map(naming::camel);
            if let Some(word) = word {
                let named = format!("{base}{word}");
                if self.defs.get(&named).is_none_or(|d| d.fields == def.fields) {
                    def.name = named;
                }
            }
        }
        let mut n = 1;
        loop {
            match self.defs.get(&def.name) {
                None => break,
                Some(existing) if existing.fields == def.fields => return def.name,
                Some(_) => {
                    n += 1;
                    def.name = format!("{base}{n}");
                }
            }
        }
        let name = def.name.clone();
        self.defs.insert(name.clone(), def);
        name
    }

    /// The struct named `name`.
    pub fn get(&self, name: &str) -> Option<&StructDef> {
        self.defs.get(name)
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        self.defs.len()
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.defs.is_empty()
    }

    /// The struct definitions, for the generated `replies` module: `krate` is the typedis
    /// crate's path as a string (`"crate"`, `"::typedis"`).
    pub fn tokens(&self, krate: &syn::Path, krate_text: &str) -> TokenStream {
        let paths = Paths {
            reply: syn::parse_quote!(#krate::reply),
            structs: None,
        };
        let defs = self.defs.values().map(|d| {
            let name = format_ident!("{}", d.name);
            let doc = if d.doc.is_empty() {
                doc_lines(&["A reply, as its schema describes it.".to_owned()])
            } else {
                doc_lines(&[crate::emit::doc_text(&d.doc)])
            };
            let layout = match d.layout {
                Layout::Map => quote!(map,),
                Layout::Positional => quote!(),
            };
            let fields = d.fields.iter().map(|f| {
                let id = naming::ident(&f.name);
                let ty = f.ty.tokens(&paths);
                let doc = if f.doc.is_empty() {
                    doc_lines(&[format!("`{}`.", f.key)])
                } else {
                    doc_lines(&[crate::emit::doc_text(&f.doc)])
                };
                let rename = if d.layout == Layout::Map && f.key != f.name {
                    let key = &f.key;
                    quote!(#[resp(rename = #key)])
                } else {
                    quote!()
                };
                quote! {
                    #doc
                    #rename
                    pub #id: #ty,
                }
            });
            quote! {
                #doc
                #[derive(Debug, Clone, PartialEq, #krate::RespRead)]
                #[resp(#layout crate = #krate_text)]
                #[non_exhaustive]
                pub struct #name {
                    #(#fields)*
                }
            }
        });
        quote!(#(#defs)*)
    }
}
