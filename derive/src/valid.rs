//! Rejects what cannot work, each error spanned on the attribute or syntax at fault.

use quote::ToTokens;

use crate::ast::{Container, Data, Field, Style, Variant};
use crate::ctxt::Ctxt;
use crate::kinds::KindSet;
use crate::names;

pub fn check(cx: &Ctxt, cont: &Container<'_>) {
    check_container(cx, cont);
    match &cont.data {
        Data::Struct(style, fields) => {
            if cont.attrs.map.get().is_some() && *style == Style::Struct {
                check_map_fields(cx, fields, cont);
            } else {
                check_positional_fields(cx, fields);
            }
        }
        Data::Enum(variants) if cont.attrs.untagged.get().is_some() => {
            check_untagged(cx, variants, cont);
        }
        Data::Enum(variants) => check_string_enum(cx, variants, cont),
        Data::Union => {}
    }
}

fn check_container(cx: &Ctxt, cont: &Container<'_>) {
    let attrs = &cont.attrs;
    match (&cont.data, &cont.original.data) {
        (Data::Union, syn::Data::Union(u)) => {
            cx.error_spanned_by(
                u.union_token,
                "#[derive(RespRead)] does not support unions: a reply cannot tell which field it fills; use a struct or an enum",
            );
        }
        (Data::Struct(style, _), _) => {
            if let Some(t) = attrs.untagged.tokens() {
                cx.error_spanned_by(t, "#[resp(untagged)] applies to enums only");
            }
            if let Some(t) = attrs.map.tokens() {
                let what = match style {
                    Style::Struct => None,
                    Style::Tuple | Style::Newtype => {
                        Some("a tuple struct: its fields have no names to match the keys against")
                    }
                    Style::Unit => Some("a unit struct: it has no fields"),
                };
                if let Some(what) = what {
                    cx.error_spanned_by(
                        t,
                        format_args!("#[resp(map)] needs named fields, but this is {what}"),
                    );
                }
            }
            if let Some(t) = attrs.rename_all.tokens() {
                if attrs.map.get().is_none() {
                    cx.error_spanned_by(
                        t,
                        "#[resp(rename_all)] applies to #[resp(map)] structs and enums; positional fields have no names on the wire",
                    );
                }
            }
        }
        (Data::Enum(_), _) => {
            if let Some(t) = attrs.map.tokens() {
                cx.error_spanned_by(
                    t,
                    "#[resp(map)] on an enum: put #[resp(untagged)] on the enum and #[resp(map)] on its struct variants",
                );
            }
            if let (Some(_), Some(t)) = (attrs.untagged.get(), attrs.rename_all.tokens()) {
                cx.error_spanned_by(t, "#[resp(rename_all)] conflicts with #[resp(untagged)]: untagged variants are chosen by RESP type, not by name");
            }
        }
        _ => {}
    }
}

fn check_positional_fields(cx: &Ctxt, fields: &[Field<'_>]) {
    for field in fields {
        let a = &field.attrs;
        let keyed = [
            ("rename", a.rename.tokens()),
            ("default", a.default.tokens()),
        ];
        let aliases = a.aliases.iter().map(|(t, _)| ("alias", Some(t)));
        for (name, tokens) in keyed.into_iter().chain(aliases) {
            if let Some(t) = tokens {
                cx.error_spanned_by(
                    t,
                    format_args!("#[resp({name})] applies to fields of #[resp(map)] structs; this field is read by position"),
                );
            }
        }
    }
}

fn check_map_fields(cx: &Ctxt, fields: &[Field<'_>], cont: &Container<'_>) {
    let mut seen: Vec<String> = Vec::new();
    for field in fields {
        for (tokens, key) in names::field_keys(field, cont.attrs.rename_all.get().copied()) {
            if seen.contains(&key) {
                let tokens = tokens.unwrap_or_else(|| field.member.to_token_stream());
                cx.error_spanned_by(tokens, format_args!("key {key:?} is read into two fields"));
            } else {
                seen.push(key);
            }
        }
    }
}

fn check_string_enum(cx: &Ctxt, variants: &[Variant<'_>], cont: &Container<'_>) {
    let mut seen: Vec<String> = Vec::new();
    for v in variants {
        if v.style != Style::Unit {
            cx.error_spanned_by(
                v.ident,
                format_args!(
                    "variant `{}` has fields, but an enum without #[resp(untagged)] reads unit variants from a string; add #[resp(untagged)] to choose variants by the RESP type of the reply",
                    v.ident
                ),
            );
        }
        for (name, tokens) in [
            ("kind", v.attrs.kind.tokens()),
            ("map", v.attrs.map.tokens()),
        ] {
            if let Some(t) = tokens {
                cx.error_spanned_by(
                    t,
                    format_args!(
                        "#[resp({name})] on a variant needs #[resp(untagged)] on the enum"
                    ),
                );
            }
        }
        for (tokens, name) in names::variant_names(v, cont.attrs.rename_all.get().copied()) {
            if seen.contains(&name) {
                let tokens = tokens.unwrap_or_else(|| v.ident.to_token_stream());
                cx.error_spanned_by(tokens, format_args!("two variants are read from {name:?}"));
            } else {
                seen.push(name);
            }
        }
    }
}

fn check_untagged(cx: &Ctxt, variants: &[Variant<'_>], cont: &Container<'_>) {
    for v in variants {
        let named = [("rename", v.attrs.rename.tokens())];
        let aliases = v.attrs.aliases.iter().map(|(t, _)| ("alias", Some(t)));
        for (name, tokens) in named.into_iter().chain(aliases) {
            if let Some(t) = tokens {
                cx.error_spanned_by(
                    t,
                    format_args!("#[resp({name})] conflicts with #[resp(untagged)]: untagged variants are chosen by RESP type, not by name"),
                );
            }
        }
        if let Some(t) = v.attrs.kind.tokens() {
            if v.style != Style::Newtype {
                cx.error_spanned_by(
                    t,
                    "#[resp(kind)] applies to newtype variants; a unit variant reads null, a struct or tuple variant reads an array (or a map with #[resp(map)])",
                );
            }
        }
        if let Some(t) = v.attrs.map.tokens() {
            if v.style != Style::Struct {
                cx.error_spanned_by(t, "#[resp(map)] needs a variant with named fields");
            }
        }
        if v.attrs.map.get().is_some() && v.style == Style::Struct {
            check_map_fields(cx, &v.fields, cont);
        } else {
            check_positional_fields(cx, &v.fields);
        }
        if v.style == Style::Newtype
            && v.attrs.kind.get().is_none()
            && KindSet::infer(v.fields[0].ty).is_none()
        {
            cx.error_spanned_by(
                v.fields[0].ty,
                format_args!(
                    "cannot tell which RESP types `{}` reads from its name; say so with #[resp(kind = \"array\")] on variant `{}` (kinds: {})",
                    v.fields[0].ty.to_token_stream().to_string().replace(' ', ""),
                    v.ident,
                    crate::kinds::KIND_NAMES
                ),
            );
        }
    }
    if cx_has_no_errors_for_kinds(variants) {
        let claims = crate::dispatch::claims(variants);
        for (i, v) in variants.iter().enumerate() {
            if !claims.iter().any(|(_, owner)| *owner == i) && !claims.is_any(i) {
                cx.error_spanned_by(
                    v.ident,
                    format_args!("variant `{}` can never be read: every RESP type it accepts is taken by an earlier variant", v.ident),
                );
            }
        }
    }
}

fn cx_has_no_errors_for_kinds(variants: &[Variant<'_>]) -> bool {
    variants.iter().all(|v| {
        v.style != Style::Newtype
            || v.attrs.kind.get().is_some()
            || KindSet::infer(v.fields[0].ty).is_some()
    })
}
