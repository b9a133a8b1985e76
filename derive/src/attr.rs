//! Parses `#[resp(...)]` on the container, its fields and its variants.
//!
//! Every key may be given once; an unknown key is reported with the list of keys that are
//! valid at that place, spanned on the key itself.

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::meta::ParseNestedMeta;
use syn::parse::Parse;

use crate::case::{RenameRule, RULES};
use crate::ctxt::Ctxt;
use crate::kinds::{KindSet, KIND_NAMES};

/// One attribute value: remembers the tokens it was set from so that a second setting, or a
/// later validation error, can point at them.
pub struct Attr<T> {
    name: &'static str,
    value: Option<(TokenStream, T)>,
}

impl<T> Attr<T> {
    fn none(name: &'static str) -> Self {
        Attr { name, value: None }
    }

    fn set(&mut self, cx: &Ctxt, tokens: impl ToTokens, value: T) {
        let tokens = tokens.into_token_stream();
        if self.value.is_some() {
            cx.error_spanned_by(
                tokens,
                format_args!("duplicate resp attribute `{}`", self.name),
            );
        } else {
            self.value = Some((tokens, value));
        }
    }

    pub fn get(&self) -> Option<&T> {
        self.value.as_ref().map(|(_, v)| v)
    }

    /// The tokens the attribute was written with, for spans of later errors.
    pub fn tokens(&self) -> Option<&TokenStream> {
        self.value.as_ref().map(|(t, _)| t)
    }
}

/// `#[resp(...)]` on a struct or an enum.
pub struct Container {
    pub map: Attr<()>,
    pub untagged: Attr<()>,
    pub krate: Attr<syn::Path>,
    pub bound: Attr<Vec<syn::WherePredicate>>,
    pub rename_all: Attr<RenameRule>,
}

/// `#[resp(...)]` on a field.
pub struct Field {
    pub rename: Attr<String>,
    pub aliases: Vec<(TokenStream, String)>,
    pub default: Attr<Default>,
    pub with: Attr<syn::ExprPath>,
}

/// `#[resp(...)]` on an enum variant.
pub struct Variant {
    pub rename: Attr<String>,
    pub aliases: Vec<(TokenStream, String)>,
    pub kind: Attr<KindSet>,
    pub map: Attr<()>,
}

/// What a `#[resp(map)]` struct does when a field's key is absent.
pub enum Default {
    /// `#[resp(default)]`: `Default::default()`.
    Trait,
    /// `#[resp(default = "path")]`: calls the function.
    Path(syn::ExprPath),
}

const CONTAINER_KEYS: &str = "`map`, `untagged`, `crate`, `bound`, `rename_all`";
const FIELD_KEYS: &str = "`rename`, `alias`, `default`, `with`";
const VARIANT_KEYS: &str = "`rename`, `alias`, `kind`, `map`";

impl Container {
    pub fn from_ast(cx: &Ctxt, attrs: &[syn::Attribute]) -> Self {
        let mut c = Container {
            map: Attr::none("map"),
            untagged: Attr::none("untagged"),
            krate: Attr::none("crate"),
            bound: Attr::none("bound"),
            rename_all: Attr::none("rename_all"),
        };
        for_each_resp_meta(cx, attrs, |meta| {
            let path = meta.path.clone();
            if path.is_ident("map") {
                c.map.set(cx, &path, ());
            } else if path.is_ident("untagged") {
                c.untagged.set(cx, &path, ());
            } else if path.is_ident("crate") {
                let p = parse_path_value(&meta)?;
                c.krate.set(cx, &path, p);
            } else if path.is_ident("bound") {
                let s = string_value(&meta)?;
                let preds = s.parse_with(
                    syn::punctuated::Punctuated::<syn::WherePredicate, syn::Token![,]>::parse_terminated,
                )?;
                c.bound.set(cx, &path, preds.into_iter().collect());
            } else if path.is_ident("rename_all") {
                let s = string_value(&meta)?;
                match RenameRule::from_str(&s.value()) {
                    Some(rule) => c.rename_all.set(cx, &path, rule),
                    None => cx.error_spanned_by(&s, unknown_rule(&s.value())),
                }
            } else {
                return Err(unknown_key(&meta, CONTAINER_KEYS));
            }
            Ok(())
        });
        c
    }
}

impl Field {
    pub fn from_ast(cx: &Ctxt, attrs: &[syn::Attribute]) -> Self {
        let mut f = Field {
            rename: Attr::none("rename"),
            aliases: Vec::new(),
            default: Attr::none("default"),
            with: Attr::none("with"),
        };
        for_each_resp_meta(cx, attrs, |meta| {
            let path = meta.path.clone();
            if path.is_ident("rename") {
                let s = string_value(&meta)?;
                f.rename.set(cx, &path, s.value());
            } else if path.is_ident("alias") {
                let s = string_value(&meta)?;
                f.aliases.push((path.into_token_stream(), s.value()));
            } else if path.is_ident("default") {
                if meta.input.peek(syn::Token![=]) {
                    let p = parse_expr_path_value(&meta)?;
                    f.default.set(cx, &path, Default::Path(p));
                } else {
                    f.default.set(cx, &path, Default::Trait);
                }
            } else if path.is_ident("with") {
                let p = parse_expr_path_value(&meta)?;
                f.with.set(cx, &path, p);
            } else {
                return Err(unknown_key(&meta, FIELD_KEYS));
            }
            Ok(())
        });
        f
    }
}

impl Variant {
    pub fn from_ast(cx: &Ctxt, attrs: &[syn::Attribute]) -> Self {
        let mut v = Variant {
            rename: Attr::none("rename"),
            aliases: Vec::new(),
            kind: Attr::none("kind"),
            map: Attr::none("map"),
        };
        for_each_resp_meta(cx, attrs, |meta| {
            let path = meta.path.clone();
            if path.is_ident("rename") {
                let s = string_value(&meta)?;
                v.rename.set(cx, &path, s.value());
            } else if path.is_ident("alias") {
                let s = string_value(&meta)?;
                v.aliases.push((path.into_token_stream(), s.value()));
            } else if path.is_ident("kind") {
                let s = string_value(&meta)?;
                match KindSet::parse(&s.value()) {
                    Some(kinds) => v.kind.set(cx, &path, kinds),
                    None => cx.error_spanned_by(
                        &s,
                        format_args!(
                            "unknown RESP kind {:?}; expected one or more of {} separated by `|`",
                            s.value(),
                            KIND_NAMES
                        ),
                    ),
                }
            } else if path.is_ident("map") {
                v.map.set(cx, &path, ());
            } else {
                return Err(unknown_key(&meta, VARIANT_KEYS));
            }
            Ok(())
        });
        v
    }
}

/// Runs `f` on each key of every `#[resp(...)]` attribute; parse errors are recorded and the
/// rest of that attribute is skipped, so the other attributes are still checked.
fn for_each_resp_meta(
    cx: &Ctxt,
    attrs: &[syn::Attribute],
    mut f: impl FnMut(ParseNestedMeta<'_>) -> syn::Result<()>,
) {
    for attr in attrs.iter().filter(|a| a.path().is_ident("resp")) {
        if let syn::Meta::List(list) = &attr.meta {
            if list.tokens.is_empty() {
                continue;
            }
        } else {
            cx.error_spanned_by(attr, "expected `#[resp(...)]`");
            continue;
        }
        if let Err(err) = attr.parse_nested_meta(&mut f) {
            cx.syn_error(err);
        }
    }
}

fn unknown_key(meta: &ParseNestedMeta<'_>, expected: &str) -> syn::Error {
    let name = meta.path.to_token_stream().to_string().replace(' ', "");
    meta.error(format_args!(
        "unknown resp attribute `{name}`; expected one of {expected}"
    ))
}

fn unknown_rule(value: &str) -> String {
    let names: Vec<String> = RULES.iter().map(|(n, _)| format!("\"{n}\"")).collect();
    format!(
        "unknown rename_all rule {value:?}; expected one of {}",
        names.join(", ")
    )
}

fn string_value(meta: &ParseNestedMeta<'_>) -> syn::Result<syn::LitStr> {
    let value = meta.value()?;
    value.parse::<syn::LitStr>()
}

/// `key = "a::path"` or `key = a::path`.
fn parse_path_value(meta: &ParseNestedMeta<'_>) -> syn::Result<syn::Path> {
    parse_either(meta)
}

fn parse_expr_path_value(meta: &ParseNestedMeta<'_>) -> syn::Result<syn::ExprPath> {
    parse_either(meta)
}

fn parse_either<T: Parse>(meta: &ParseNestedMeta<'_>) -> syn::Result<T> {
    let value = meta.value()?;
    if value.peek(syn::LitStr) {
        let s: syn::LitStr = value.parse()?;
        s.parse()
    } else {
        value.parse()
    }
}
