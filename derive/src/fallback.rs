//! On a compile error, emit the errors and a stub impl, so that uses of the type elsewhere do
//! not add a cascade of "RespRead is not implemented" errors.

use proc_macro2::TokenStream;
use quote::quote;

pub fn stub(input: &syn::DeriveInput, krate: &syn::Path, errors: TokenStream) -> TokenStream {
    let de = crate::bound::de_lifetime(&input.generics);
    let mut generics = input.generics.clone();
    generics.params.insert(
        0,
        syn::GenericParam::Lifetime(syn::LifetimeParam::new(de.clone())),
    );
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let (_, ty_generics, _) = input.generics.split_for_impl();
    let ident = &input.ident;
    quote! {
        #errors
        const _: () = {
            #[automatically_derived]
            impl #impl_generics #krate::__private::RespRead<#de> for #ident #ty_generics #where_clause {
                fn read(
                    _: &mut #krate::__private::Reader<#de>,
                ) -> ::core::result::Result<Self, #krate::__private::DecodeError> {
                    ::core::unimplemented!()
                }
            }
        };
    }
}
