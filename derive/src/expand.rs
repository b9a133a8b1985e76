//! Generates the `RespRead` impl: straight-line reads, one call per field, checked headers.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use crate::ast::{Container, Data, Field, Style, Variant};
use crate::attr;
use crate::case::RenameRule;
use crate::ctxt::Ctxt;
use crate::{bound, dispatch, fallback, names, valid};

pub fn derive(input: &syn::DeriveInput) -> TokenStream {
    let cx = Ctxt::default();
    let cont = Container::from_ast(&cx, input);
    valid::check(&cx, &cont);
    let krate = cont.krate();
    match cx.into_compile_errors() {
        Some(errors) => fallback::stub(input, &krate, errors),
        None => impl_read(&cont, &krate),
    }
}

/// What the generated body needs to know besides the fields.
struct Gen<'c> {
    krate: &'c syn::Path,
    de: syn::Lifetime,
    generics: &'c syn::Generics,
    rename_all: Option<RenameRule>,
}

fn impl_read(cont: &Container<'_>, krate: &syn::Path) -> TokenStream {
    let de = bound::de_lifetime(cont.generics);
    let generics = bound::impl_generics(cont, &de, krate);
    let g = Gen {
        krate,
        de: de.clone(),
        generics: cont.generics,
        rename_all: cont.attrs.rename_all.get().copied(),
    };
    let self_path = quote!(Self);
    let body = match &cont.data {
        Data::Struct(style @ (Style::Struct | Style::Tuple), fields)
            if fields.len() == 2 && cont.attrs.map.get().is_none() =>
        {
            return wrap(cont, &g, &generics, &g.pair_items(*style, fields));
        }
        Data::Struct(Style::Struct, fields) if cont.attrs.map.get().is_some() => {
            g.map(fields, &self_path)
        }
        Data::Struct(style, fields) => g.shape(*style, fields, &self_path),
        Data::Enum(variants) if cont.attrs.untagged.get().is_some() => g.untagged(variants),
        Data::Enum(variants) => g.string_enum(variants),
        Data::Union => unreachable!("unions are rejected by validation"),
    };
    let private = g.private();
    // A map-shaped struct read as an `Option`: an empty map (a hash that does not exist)
    // is `None`.
    let read_option = cont.attrs.map.get().is_some().then(|| {
        quote! {
            fn read_option(
                __reader: &mut #private::Reader<#de>,
            ) -> ::core::result::Result<::core::option::Option<Self>, #private::DecodeError> {
                #private::map_or_none(__reader)
            }
        }
    });
    let items = quote! {
        fn read(
            __reader: &mut #private::Reader<#de>,
        ) -> ::core::result::Result<Self, #private::DecodeError> {
            #body
        }
        #read_option
    };
    wrap(cont, &g, &generics, &items)
}

/// The impl block around its items, inside an anonymous const.
fn wrap(
    cont: &Container<'_>,
    g: &Gen<'_>,
    generics: &syn::Generics,
    items: &TokenStream,
) -> TokenStream {
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    let ident = cont.ident;
    let private = g.private();
    let de = &g.de;
    quote! {
        #[doc(hidden)]
        const _: () = {
            #[automatically_derived]
            impl #impl_generics #private::RespRead<#de> for #ident #ty_generics #where_clause {
                #items
            }
        };
    }
}

impl Gen<'_> {
    fn private(&self) -> TokenStream {
        let krate = self.krate;
        quote!(#krate::__private)
    }

    /// A positional struct of two fields is also a key/value pair: `Vec<S>` then reads a
    /// map or a RESP2 flat key/value array as well as an array of two-element arrays, as
    /// `Vec<(K, V)>` does (an XREAD reply is `{stream name: entries}` in RESP3 and
    /// `[[stream name, entries], ...]` in RESP2).
    fn pair_items(&self, style: Style, fields: &[Field<'_>]) -> TokenStream {
        let private = self.private();
        let de = &self.de;
        let flat = self.fields_in_order(style, fields, &quote!(Self));
        quote! {
            const PAIR: bool = true;

            fn read(
                __reader: &mut #private::Reader<#de>,
            ) -> ::core::result::Result<Self, #private::DecodeError> {
                #private::array_exact(__reader, 2)?;
                <Self as #private::RespRead<#de>>::read_flat_pair(__reader)
            }

            fn read_flat_pair(
                __reader: &mut #private::Reader<#de>,
            ) -> ::core::result::Result<Self, #private::DecodeError> {
                #flat
            }
        }
    }

    /// A struct or a struct-like variant read by position (or, for a newtype, as its field).
    fn shape(&self, style: Style, fields: &[Field<'_>], construct: &TokenStream) -> TokenStream {
        let private = self.private();
        match style {
            Style::Unit => quote! {
                #private::unit(__reader)?;
                ::core::result::Result::Ok(#construct)
            },
            Style::Newtype => {
                let read = self.read_expr(&fields[0]);
                quote!(::core::result::Result::Ok(#construct(#read?)))
            }
            Style::Struct | Style::Tuple => self.positional(style, fields, construct),
        }
    }

    fn positional(
        &self,
        style: Style,
        fields: &[Field<'_>],
        construct: &TokenStream,
    ) -> TokenStream {
        let private = self.private();
        let len = fields.len();
        let read = self.fields_in_order(style, fields, construct);
        quote! {
            #private::array_exact(__reader, #len)?;
            #read
        }
    }

    /// The fields one after the other, after the array header (or, for a pair, with none).
    fn fields_in_order(
        &self,
        style: Style,
        fields: &[Field<'_>],
        construct: &TokenStream,
    ) -> TokenStream {
        let private = self.private();
        let vars: Vec<_> = (0..fields.len())
            .map(|i| format_ident!("__field{}", i))
            .collect();
        let reads = fields.iter().zip(&vars).enumerate().map(|(i, (f, var))| {
            let ty = f.ty;
            let read = self.read_expr(f);
            let located = match &f.member {
                syn::Member::Named(_) => {
                    let name = f.rust_name();
                    quote!(#private::at_field(#read, #name))
                }
                syn::Member::Unnamed(_) => {
                    let index = Literal::usize_unsuffixed(i);
                    quote!(#private::at_index(#read, #index))
                }
            };
            quote!(let #var: #ty = #located?;)
        });
        let value = construct_with(style, fields, &vars, construct);
        quote! {
            #(#reads)*
            ::core::result::Result::Ok(#value)
        }
    }

    /// A `#[resp(map)]` struct: a loop over the pairs, one match arm per field on the key's
    /// bytes, one `Option` slot per field; no map is built.
    fn map(&self, fields: &[Field<'_>], construct: &TokenStream) -> TokenStream {
        let private = self.private();
        let vars: Vec<_> = (0..fields.len())
            .map(|i| format_ident!("__field{}", i))
            .collect();
        let slots = fields.iter().zip(&vars).map(|(f, var)| {
            let ty = f.ty;
            quote!(let mut #var: ::core::option::Option<#ty> = ::core::option::Option::None;)
        });
        let arms = fields.iter().zip(&vars).map(|(f, var)| {
            let key = names::field_key(f, self.rename_all);
            let patterns = names::field_keys(f, self.rename_all)
                .into_iter()
                .map(|(_, k)| Literal::byte_string(k.as_bytes()));
            let read = self.read_expr(f);
            quote! {
                #(#patterns)|* => {
                    if ::core::option::Option::is_some(&#var) {
                        return ::core::result::Result::Err(#private::duplicate_field(#key));
                    }
                    #var = ::core::option::Option::Some(#private::at_field(#read, #key)?);
                }
            }
        });
        let pairs = if fields.is_empty() {
            quote! {
                #private::map_key(__reader)?;
                #private::skip(__reader)?;
            }
        } else {
            quote! {
                match #private::map_key(__reader)? {
                    #(#arms)*
                    _ => #private::skip(__reader)?,
                }
            }
        };
        let finish = fields.iter().zip(&vars).map(|(f, var)| {
            let key = names::field_key(f, self.rename_all);
            let value = match f.attrs.default.get() {
                Some(attr::Default::Path(path)) => {
                    quote!(::core::option::Option::unwrap_or_else(#var, #path))
                }
                Some(attr::Default::Trait) => {
                    quote!(::core::option::Option::unwrap_or_default(#var))
                }
                None if is_option(f.ty) => quote!(::core::option::Option::unwrap_or_default(#var)),
                None => quote!(#private::required_of(#var, #key, __len)?),
            };
            quote!(let #var = #value;)
        });
        let value = construct_with(Style::Struct, fields, &vars, construct);
        quote! {
            let __len = #private::map_len(__reader)?;
            #(#slots)*
            for _ in 0..__len {
                #pairs
            }
            #(#finish)*
            ::core::result::Result::Ok(#value)
        }
    }

    /// An enum of unit variants read from a simple or bulk string.
    fn string_enum(&self, variants: &[Variant<'_>]) -> TokenStream {
        let private = self.private();
        let expected: Vec<String> = variants
            .iter()
            .map(|v| names::variant_names(v, self.rename_all).swap_remove(0).1)
            .collect();
        let arms = variants.iter().map(|v| {
            let ident = v.ident;
            let patterns = names::variant_names(v, self.rename_all)
                .into_iter()
                .map(|(_, k)| Literal::byte_string(k.as_bytes()));
            quote!(#(#patterns)|* => ::core::result::Result::Ok(Self::#ident),)
        });
        let unknown = quote!(#private::unknown_variant(__tag, &[#(#expected),*]));
        if variants.is_empty() {
            return quote! {
                let __tag = #private::tag(__reader)?;
                ::core::result::Result::Err(#unknown)
            };
        }
        quote! {
            let __tag = #private::tag(__reader)?;
            match __tag {
                #(#arms)*
                _ => ::core::result::Result::Err(#unknown),
            }
        }
    }

    /// An untagged enum: one look at the kind of the next value picks the variant.
    fn untagged(&self, variants: &[Variant<'_>]) -> TokenStream {
        let private = self.private();
        let claims = dispatch::claims(variants);
        let mut arms = Vec::new();
        for (i, v) in variants.iter().enumerate() {
            let kinds = claims.kinds_of(i);
            if kinds.is_empty() || claims.is_any(i) {
                continue;
            }
            let kinds = kinds.iter().map(|k| format_ident!("{}", k));
            let body = self.variant_body(v);
            arms.push(quote!(#(#private::Kind::#kinds)|* => { #body }));
        }
        let last = match claims.any {
            Some(i) => {
                let body = self.variant_body(&variants[i]);
                quote!(_ => { #body })
            }
            None => {
                let all: Vec<_> = claims.iter().map(|(k, _)| *k).collect();
                let expected = dispatch::describe(&all);
                quote!(__kind => ::core::result::Result::Err(#private::unexpected(#expected, __kind)),)
            }
        };
        if arms.is_empty() && claims.any.is_none() {
            return quote! {
                let __kind = #private::peek(__reader)?;
                ::core::result::Result::Err(#private::unexpected("nothing", __kind))
            };
        }
        quote! {
            match #private::peek(__reader)? {
                #(#arms)*
                #last
            }
        }
    }

    fn variant_body(&self, v: &Variant<'_>) -> TokenStream {
        let ident = v.ident;
        let construct = quote!(Self::#ident);
        match v.style {
            Style::Unit => {
                let private = self.private();
                quote! {
                    #private::null(__reader)?;
                    ::core::result::Result::Ok(#construct)
                }
            }
            Style::Struct if v.attrs.map.get().is_some() => self.map(&v.fields, &construct),
            style => self.shape(style, &v.fields, &construct),
        }
    }

    /// `<T as RespRead<'de>>::read(__reader)` spanned on the field's type, so that a type
    /// that cannot be read is reported there; or the field's `with` function.
    fn read_expr(&self, f: &Field<'_>) -> TokenStream {
        if let Some(path) = f.attrs.with.get() {
            return quote!(#path(__reader));
        }
        let private = self.private();
        let de = &self.de;
        let ty = bound::type_as_read(f.ty, self.generics, de);
        let read = quote_spanned!(f.ty.span()=> <#ty as #private::RespRead<#de>>::read);
        quote!(#read(__reader))
    }
}

fn construct_with(
    style: Style,
    fields: &[Field<'_>],
    vars: &[syn::Ident],
    construct: &TokenStream,
) -> TokenStream {
    if style == Style::Struct {
        let members = fields.iter().map(|f| &f.member);
        quote!(#construct { #(#members: #vars),* })
    } else {
        quote!(#construct(#(#vars),*))
    }
}

/// `Option<T>` by its last path segment, as serde recognises it: such a map field may be
/// missing.
fn is_option(ty: &syn::Type) -> bool {
    match ty {
        syn::Type::Path(p) if p.qself.is_none() => p.path.segments.last().is_some_and(|s| {
            s.ident == "Option" && matches!(s.arguments, syn::PathArguments::AngleBracketed(_))
        }),
        syn::Type::Group(g) => is_option(&g.elem),
        _ => false,
    }
}
