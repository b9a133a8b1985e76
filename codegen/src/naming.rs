//! How spec names become Rust identifiers.
//!
//! Rules (stable, so generated names are predictable):
//! 1. Lowercase; every run of characters other than ASCII letters and digits becomes one
//!    `_` (`unix-time-seconds` → `unix_time_seconds`, `CLIENT KILL` → `client_kill`);
//!    leading and trailing `_` are dropped.
//! 2. A name that starts with a digit gets an `_` in front (`2d` → `_2d`).
//! 3. A Rust keyword becomes a raw identifier (`type` → `r#type`, `match` → `r#match`,
//!    `async` → `r#async`), and the builders add the same method under the keyword with a
//!    trailing `_` (`match_`, `type_`, `move_`), so no caller has to write `r#`; the few
//!    keywords that cannot be raw get the trailing `_` alone (`self` → `self_`, `crate` →
//!    `crate_`, `super` → `super_`, `Self` → `Self_`).
//! 4. A name with no letter or digit at all (a token like `=` or `~`) falls back to the
//!    argument's name; the caller decides that.
//! 5. State type names are the UpperCamelCase of rule 1 (`client_kill` → `ClientKill`).

/// Strict and reserved keywords of Rust 2021 (and the weak `union` is fine as a method).
const KEYWORDS: &[&str] = &[
    "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "crate",
    "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl",
    "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub", "ref",
    "return", "self", "static", "struct", "super", "trait", "true", "try", "type", "typeof",
    "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

/// Keywords that cannot be written as raw identifiers.
const NOT_RAW: &[&str] = &["crate", "self", "super", "Self", "_"];

/// Rule 1 and 2: the snake_case form, or `None` when the name has no letter or digit.
pub fn snake(name: &str) -> Option<String> {
    let mut out = String::with_capacity(name.len());
    let mut pending_sep = false;
    for ch in name.chars() {
        if ch.is_ascii_alphanumeric() {
            if pending_sep && !out.is_empty() {
                out.push('_');
            }
            pending_sep = false;
            out.push(ch.to_ascii_lowercase());
        } else {
            pending_sep = true;
        }
    }
    if out.is_empty() {
        return None;
    }
    if out.as_bytes()[0].is_ascii_digit() {
        out.insert(0, '_');
    }
    Some(out)
}

/// Rule 3: the identifier text to write in Rust source for a snake_case name.
pub fn ident_text(snake: &str) -> String {
    if NOT_RAW.contains(&snake) {
        format!("{snake}_")
    } else if KEYWORDS.contains(&snake) {
        format!("r#{snake}")
    } else {
        snake.to_owned()
    }
}

/// Rule 3 as a caller writes the name: a keyword with the trailing `_` the builders add
/// beside its raw identifier (`type` → `type_`), any other name as `ident_text` writes it.
pub fn callable(snake: &str) -> String {
    let text = ident_text(snake);
    match text.strip_prefix("r#") {
        Some(keyword) => format!("{keyword}_"),
        None => text,
    }
}

/// A method or function identifier for a spec name (rules 1–3); `fallback` when the name
/// has no letter or digit.
pub fn method(name: &str, fallback: &str) -> String {
    snake(name)
        .or_else(|| snake(fallback))
        .unwrap_or_else(|| "arg".to_owned())
}

/// Rule 5: an UpperCamelCase type name.
pub fn camel(name: &str) -> String {
    let snake = snake(name).unwrap_or_else(|| "Arg".to_owned());
    let mut out = String::with_capacity(snake.len());
    let mut upper = true;
    for ch in snake.chars() {
        if ch == '_' {
            upper = true;
        } else if upper {
            out.push(ch.to_ascii_uppercase());
            upper = false;
        } else {
            out.push(ch);
        }
    }
    if out.as_bytes().first().is_some_and(u8::is_ascii_digit) {
        out.insert(0, 'N');
    }
    out
}

/// A proc-macro2 identifier for generated source (raw when needed).
pub fn ident(snake: &str) -> proc_macro2::Ident {
    let text = ident_text(snake);
    match text.strip_prefix("r#") {
        Some(raw) => proc_macro2::Ident::new_raw(raw, proc_macro2::Span::call_site()),
        None => proc_macro2::Ident::new(&text, proc_macro2::Span::call_site()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_names_become_snake_case() {
        assert_eq!(snake("unix-time-seconds").unwrap(), "unix_time_seconds");
        assert_eq!(snake("CLIENT KILL").unwrap(), "client_kill");
        assert_eq!(snake("client|list").unwrap(), "client_list");
        assert_eq!(snake("ip:port").unwrap(), "ip_port");
        assert_eq!(snake("--weird--name--").unwrap(), "weird_name");
        assert_eq!(snake("2d").unwrap(), "_2d");
        assert_eq!(snake("="), None);
        assert_eq!(snake("~"), None);
    }

    #[test]
    fn keywords_become_raw_or_suffixed() {
        assert_eq!(ident_text("type"), "r#type");
        assert_eq!(ident_text("match"), "r#match");
        assert_eq!(ident_text("async"), "r#async");
        assert_eq!(ident_text("self"), "self_");
        assert_eq!(ident_text("crate"), "crate_");
        assert_eq!(ident_text("key"), "key");
        assert_eq!(ident("type").to_string(), "r#type");
        assert_eq!(callable("type"), "type_");
        assert_eq!(callable("self"), "self_");
        assert_eq!(callable("get"), "get");
        assert_eq!(ident("self").to_string(), "self_");
    }

    #[test]
    fn symbol_tokens_fall_back_to_the_argument_name() {
        assert_eq!(method("=", "equal"), "equal");
        assert_eq!(method("~", "approximately"), "approximately");
        assert_eq!(method("*", "*"), "arg");
    }

    #[test]
    fn type_names_are_upper_camel_case() {
        assert_eq!(camel("client kill"), "ClientKill");
        assert_eq!(camel("geosearchstore"), "Geosearchstore");
        assert_eq!(camel("3d"), "N3d");
    }
}
