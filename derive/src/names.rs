//! Wire names: the keys a map field is read from and the strings a unit variant is read from.

use proc_macro2::TokenStream;

use crate::ast::{Field, Variant};
use crate::case::RenameRule;

/// The main key of a map field first, then its aliases; each with the attribute tokens that
/// set it (none for a name derived from the Rust name).
pub fn field_keys(
    field: &Field<'_>,
    rule: Option<RenameRule>,
) -> Vec<(Option<TokenStream>, String)> {
    let main = match field.attrs.rename.get() {
        Some(name) => (field.attrs.rename.tokens().cloned(), name.clone()),
        None => {
            let rust = field.rust_name();
            (None, rule.map_or(rust.clone(), |r| r.apply(&rust)))
        }
    };
    with_aliases(main, &field.attrs.aliases)
}

/// The main key of a field: what error paths and missing-field errors name.
pub fn field_key(field: &Field<'_>, rule: Option<RenameRule>) -> String {
    field_keys(field, rule).swap_remove(0).1
}

/// The strings a unit variant is read from, main name first.
pub fn variant_names(
    v: &Variant<'_>,
    rule: Option<RenameRule>,
) -> Vec<(Option<TokenStream>, String)> {
    let main = match v.attrs.rename.get() {
        Some(name) => (v.attrs.rename.tokens().cloned(), name.clone()),
        None => {
            let rust = v.ident.to_string();
            let rust = rust.strip_prefix("r#").unwrap_or(&rust).to_owned();
            (None, rule.map_or(rust.clone(), |r| r.apply(&rust)))
        }
    };
    with_aliases(main, &v.attrs.aliases)
}

fn with_aliases(
    main: (Option<TokenStream>, String),
    aliases: &[(TokenStream, String)],
) -> Vec<(Option<TokenStream>, String)> {
    let mut all = vec![main];
    all.extend(aliases.iter().map(|(t, s)| (Some(t.clone()), s.clone())));
    all
}
