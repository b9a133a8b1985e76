//! The Rust type of a reply, as the generator models it, and how it is written: as Rust
//! tokens in generated code, and as text in the builders' rustdoc.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// A reply type.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ty {
    /// `()`: the simple string `OK`.
    Unit,
    /// `i64`.
    Int,
    /// `f64` (a RESP3 double, or its text in RESP2).
    Float,
    /// `bool` (RESP3 boolean, or the integers 0 and 1).
    Bool,
    /// `Bytes`: any string, zero-copy.
    Bytes,
    /// `Value`: any shape, for what the rules cannot type.
    Value,
    /// `Option<T>`: null or `T`.
    Option(Box<Ty>),
    /// `Vec<T>`; of strings, typedis's `List`, of optional strings its `Values`, and of
    /// stream entries its `StreamEntries`, which keep the reply once and hand out views
    /// of it.
    Vec(Box<Ty>),
    /// A tuple of exactly these elements.
    Tuple(Vec<Ty>),
    /// `HashMap<Bytes, V>`: a RESP3 map or a RESP2 flat key/value array; of strings,
    /// typedis's `Map`, which keeps the reply once and hands out views of it.
    Map(Box<Ty>),
    /// A struct generated for this spec, by name.
    Struct(String),
    /// A type of typedis's `reply` module (`StreamEntry`, `ScanPage<T>`, ...), with its
    /// type arguments.
    Shared(&'static str, Vec<Ty>),
    /// `Result<T, ServerError>`: `T`, or an error reply in its place (an item of a batch
    /// command that failed while the others were done).
    Result(Box<Ty>),
    /// A `bool` const argument of a [`Ty::Shared`] type (`SearchResults<true>`: which
    /// options shaped the reply).
    Flag(bool),
}

/// Where the types a generated file names live.
#[derive(Clone)]
pub struct Paths {
    /// typedis's `reply` module (`crate::reply` inside typedis, `::typedis::reply` outside).
    pub reply: syn::Path,
    /// The module of the structs generated with the builders, as seen from where the type
    /// is written (`super::replies` from a command's module; `None` from inside it).
    pub structs: Option<syn::Path>,
}

impl std::fmt::Debug for Paths {
    /// The paths as they are written (syn's own `Debug` is a feature the build leaves off).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use quote::ToTokens;
        f.debug_struct("Paths")
            .field("reply", &self.reply.to_token_stream().to_string())
            .field(
                "structs",
                &self
                    .structs
                    .as_ref()
                    .map(|p| p.to_token_stream().to_string()),
            )
            .finish()
    }
}

impl Ty {
    /// `Option<self>`, without nesting options (a missing field and a null one are both
    /// `None`).
    pub fn optional(self) -> Ty {
        match self {
            Ty::Option(_) => self,
            other => Ty::Option(Box::new(other)),
        }
    }

    /// The type of typedis's `reply` module that stands for this `Vec` or map, keeping
    /// the reply once and handing out views of it: `List` for strings, `Values` for
    /// optional strings, `StreamEntries` for stream entries, `Map` for a map of strings.
    fn view(&self) -> Option<&'static str> {
        match self {
            Ty::Vec(t) => match &**t {
                Ty::Bytes => Some("List"),
                Ty::Option(t) if **t == Ty::Bytes => Some("Values"),
                Ty::Shared("StreamEntry", args) if args.is_empty() => Some("StreamEntries"),
                _ => None,
            },
            Ty::Map(v) if **v == Ty::Bytes => Some("Map"),
            _ => None,
        }
    }

    /// True when the type is, or holds, the `Value` fallback.
    pub fn is_untyped(&self) -> bool {
        match self {
            Ty::Value => true,
            Ty::Option(t) | Ty::Vec(t) | Ty::Map(t) | Ty::Result(t) => t.is_untyped(),
            Ty::Tuple(ts) | Ty::Shared(_, ts) => ts.iter().any(Ty::is_untyped),
            _ => false,
        }
    }

    /// The type as Rust tokens.
    pub fn tokens(&self, paths: &Paths) -> TokenStream {
        let reply = &paths.reply;
        if let Some(view) = self.view() {
            let id = format_ident!("{}", view);
            return quote!(#reply::#id);
        }
        match self {
            Ty::Unit => quote!(()),
            Ty::Int => quote!(i64),
            Ty::Float => quote!(f64),
            Ty::Bool => quote!(bool),
            Ty::Bytes => quote!(#reply::Bytes),
            Ty::Value => quote!(#reply::Value),
            Ty::Flag(on) => quote!(#on),
            Ty::Option(t) => {
                let t = t.tokens(paths);
                quote!(::core::option::Option<#t>)
            }
            Ty::Vec(t) => {
                let t = t.tokens(paths);
                quote!(::std::vec::Vec<#t>)
            }
            Ty::Result(t) => {
                let t = t.tokens(paths);
                quote!(::core::result::Result<#t, #reply::ServerError>)
            }
            Ty::Tuple(ts) => {
                let ts = ts.iter().map(|t| t.tokens(paths));
                quote!((#(#ts,)*))
            }
            Ty::Map(v) => {
                let v = v.tokens(paths);
                quote!(::std::collections::HashMap<#reply::Bytes, #v>)
            }
            Ty::Struct(name) => {
                let id = format_ident!("{}", name);
                match &paths.structs {
                    Some(p) => quote!(#p::#id),
                    None => quote!(#id),
                }
            }
            Ty::Shared(name, args) => {
                let id = format_ident!("{}", name);
                if args.is_empty() {
                    quote!(#reply::#id)
                } else {
                    let args = args.iter().map(|t| t.tokens(paths));
                    quote!(#reply::#id<#(#args),*>)
                }
            }
        }
    }

    /// The type as a reader sees it in docs (`Option<Bytes>`, `Vec<ScoredMember>`).
    pub fn text(&self) -> String {
        if let Some(view) = self.view() {
            return view.into();
        }
        match self {
            Ty::Unit => "()".into(),
            Ty::Int => "i64".into(),
            Ty::Float => "f64".into(),
            Ty::Bool => "bool".into(),
            Ty::Bytes => "Bytes".into(),
            Ty::Value => "Value".into(),
            Ty::Flag(on) => on.to_string(),
            Ty::Option(t) => format!("Option<{}>", t.text()),
            Ty::Vec(t) => format!("Vec<{}>", t.text()),
            Ty::Result(t) => format!("Result<{}, ServerError>", t.text()),
            Ty::Tuple(ts) => {
                let parts: Vec<String> = ts.iter().map(Ty::text).collect();
                if parts.len() == 1 {
                    format!("({},)", parts[0])
                } else {
                    format!("({})", parts.join(", "))
                }
            }
            Ty::Map(v) => format!("HashMap<Bytes, {}>", v.text()),
            Ty::Struct(name) => name.clone(),
            Ty::Shared(name, args) if args.is_empty() => (*name).to_owned(),
            Ty::Shared(name, args) => {
                let parts: Vec<String> = args.iter().map(Ty::text).collect();
                format!("{name}<{}>", parts.join(", "))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_read_as_rust_in_docs() {
        let t = Ty::Option(Box::new(Ty::Vec(Box::new(Ty::Shared(
            "ScanPage",
            vec![Ty::Tuple(vec![Ty::Bytes, Ty::Float])],
        )))));
        assert_eq!(t.text(), "Option<Vec<ScanPage<(Bytes, f64)>>>");
        assert_eq!(Ty::Tuple(vec![Ty::Int]).text(), "(i64,)");
        assert_eq!(Ty::Map(Box::new(Ty::Bytes)).text(), "Map");
        assert_eq!(Ty::Map(Box::new(Ty::Int)).text(), "HashMap<Bytes, i64>");
        assert_eq!(Ty::Vec(Box::new(Ty::Bytes)).text(), "List");
        assert_eq!(Ty::Vec(Box::new(Ty::Bytes.optional())).text(), "Values");
        let entry = Ty::Shared("StreamEntry", vec![]);
        assert_eq!(Ty::Vec(Box::new(entry.clone())).text(), "StreamEntries");
        assert_eq!(Ty::Option(Box::new(entry)).text(), "Option<StreamEntry>");
        assert_eq!(
            Ty::Vec(Box::new(Ty::Int.optional())).text(),
            "Vec<Option<i64>>"
        );
        assert_eq!(
            Ty::Vec(Box::new(Ty::Result(Box::new(Ty::Bool)))).text(),
            "Vec<Result<bool, ServerError>>"
        );
    }

    #[test]
    fn optional_never_nests() {
        assert_eq!(Ty::Int.optional().optional(), Ty::Option(Box::new(Ty::Int)));
        assert_eq!(Ty::Value.optional(), Ty::Option(Box::new(Ty::Value)));
    }

    #[test]
    fn tokens_name_the_reply_module_and_the_struct_module() {
        let paths = Paths {
            reply: syn::parse_str("crate::reply").unwrap(),
            structs: Some(syn::parse_str("super::replies").unwrap()),
        };
        let t = Ty::Vec(Box::new(Ty::Struct("XinfoGroupsEntry".into())));
        assert_eq!(
            t.tokens(&paths).to_string(),
            quote!(::std::vec::Vec<super::replies::XinfoGroupsEntry>).to_string()
        );
        assert_eq!(
            Ty::Map(Box::new(Ty::Float)).tokens(&paths).to_string(),
            quote!(::std::collections::HashMap<crate::reply::Bytes, f64>).to_string()
        );
        assert_eq!(
            Ty::Map(Box::new(Ty::Bytes)).tokens(&paths).to_string(),
            quote!(crate::reply::Map).to_string()
        );
        let entries = Ty::Vec(Box::new(Ty::Shared("StreamEntry", vec![])));
        assert_eq!(
            entries.tokens(&paths).to_string(),
            quote!(crate::reply::StreamEntries).to_string()
        );
    }
}
