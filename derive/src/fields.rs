//! Generates the `ToFields` impl: a struct's named fields as field-value pairs, under the
//! names `RespRead` reads them by, with `None` fields left out.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use crate::ast::{Container, Data, Field, Style};
use crate::ctxt::Ctxt;
use crate::names;

pub fn derive(input: &syn::DeriveInput) -> TokenStream {
    let cx = Ctxt::default();
    let cont = Container::from_ast(&cx, input);
    let krate = cont.krate();
    let fields = match &cont.data {
        Data::Struct(Style::Struct, fields) => fields.as_slice(),
        _ => {
            cx.error_spanned_by(
                &input.ident,
                "ToFields is derived for structs with named fields (the names are written \
                 before the values); implement `ToFields` by hand for another shape",
            );
            &[]
        }
    };
    for field in fields {
        if let Some(tokens) = field.attrs.with.tokens() {
            cx.error_spanned_by(
                tokens,
                "`with` changes how a field is read; ToFields writes a field as its type's \
                 `ToArg` does: give the field a type that implements `ToArg`",
            );
        }
    }
    let body = match cx.into_compile_errors() {
        // A stub next to the errors, so uses of the type add no "ToFields is not
        // implemented" errors.
        Some(errors) => quote! { #errors ::core::unimplemented!() },
        None => pairs(&cont, fields, &krate),
    };
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    quote! {
        const _: () = {
            #[automatically_derived]
            impl #impl_generics #krate::cmd::ToFields for #ident #ty_generics #where_clause {
                fn to_fields(&self) -> #krate::cmd::FieldPairs<'_> {
                    #body
                }
            }
        };
    }
}

/// `FieldPairs::new([(name, Some(&self.field as &dyn ToArg)), ...])`, an `Option` field
/// as `self.field.as_ref().map(...)`.
fn pairs(cont: &Container<'_>, fields: &[Field<'_>], krate: &syn::Path) -> TokenStream {
    let rule = cont.attrs.rename_all.get().copied();
    let pairs = fields.iter().map(|field| {
        let name = names::field_key(field, rule);
        let member = &field.member;
        // Spanned on the field's type: a type that is not an argument is reported there.
        let span = field.ty.span();
        let value = if option_inner(field.ty).is_some() {
            quote_spanned! {span=>
                ::core::option::Option::map(
                    ::core::option::Option::as_ref(&self.#member),
                    |__value| __value as &dyn #krate::cmd::ToArg,
                )
            }
        } else {
            quote_spanned! {span=>
                ::core::option::Option::Some(&self.#member as &dyn #krate::cmd::ToArg)
            }
        };
        quote!((#name, #value))
    });
    quote! { #krate::cmd::FieldPairs::new([#(#pairs),*]) }
}

/// `T` of a field written `Option<T>` (or `std::option::Option<T>`, `core::option::Option<T>`).
fn option_inner(ty: &syn::Type) -> Option<&syn::Type> {
    let syn::Type::Path(path) = ty else {
        return None;
    };
    if path.qself.is_some() {
        return None;
    }
    let last = path.path.segments.last()?;
    if last.ident != "Option" {
        return None;
    }
    match &last.arguments {
        syn::PathArguments::AngleBracketed(args) if args.args.len() == 1 => match &args.args[0] {
            syn::GenericArgument::Type(inner) => Some(inner),
            _ => None,
        },
        _ => None,
    }
}
