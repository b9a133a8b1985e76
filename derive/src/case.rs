//! `#[resp(rename_all = "...")]`: turns Rust field and variant names into wire names.

use std::fmt::Write;

/// A naming convention of the wire names.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RenameRule {
    Lower,
    Upper,
    Pascal,
    Camel,
    Snake,
    ScreamingSnake,
    Kebab,
    ScreamingKebab,
}

/// The accepted spellings, in the order the error message lists them.
pub const RULES: &[(&str, RenameRule)] = &[
    ("lowercase", RenameRule::Lower),
    ("UPPERCASE", RenameRule::Upper),
    ("PascalCase", RenameRule::Pascal),
    ("camelCase", RenameRule::Camel),
    ("snake_case", RenameRule::Snake),
    ("SCREAMING_SNAKE_CASE", RenameRule::ScreamingSnake),
    ("kebab-case", RenameRule::Kebab),
    ("SCREAMING-KEBAB-CASE", RenameRule::ScreamingKebab),
];

impl RenameRule {
    pub fn from_str(s: &str) -> Option<Self> {
        RULES
            .iter()
            .find(|(name, _)| *name == s)
            .map(|(_, rule)| *rule)
    }

    /// Applies the rule to a name written in Rust's conventions (`snake_case` fields,
    /// `PascalCase` variants): the name is split into words first.
    pub fn apply(self, name: &str) -> String {
        let words = split_words(name);
        let mut out = String::with_capacity(name.len() + words.len());
        for (i, word) in words.iter().enumerate() {
            let sep = match self {
                RenameRule::Snake | RenameRule::ScreamingSnake => "_",
                RenameRule::Kebab | RenameRule::ScreamingKebab => "-",
                _ => "",
            };
            if i > 0 {
                out.push_str(sep);
            }
            match self {
                RenameRule::Lower | RenameRule::Snake | RenameRule::Kebab => {
                    out.push_str(&word.to_lowercase());
                }
                RenameRule::Upper | RenameRule::ScreamingSnake | RenameRule::ScreamingKebab => {
                    out.push_str(&word.to_uppercase());
                }
                RenameRule::Camel if i == 0 => out.push_str(&word.to_lowercase()),
                RenameRule::Pascal | RenameRule::Camel => {
                    let mut chars = word.chars();
                    if let Some(first) = chars.next() {
                        let _ = write!(
                            out,
                            "{}{}",
                            first.to_uppercase(),
                            chars.as_str().to_lowercase()
                        );
                    }
                }
            }
        }
        out
    }
}

/// Splits `snake_case` on underscores and `PascalCase` before each capital.
fn split_words(name: &str) -> Vec<&str> {
    let mut words = Vec::new();
    for part in name.split('_').filter(|p| !p.is_empty()) {
        let mut start = 0;
        for (i, c) in part.char_indices().skip(1) {
            let prev_lower = part[..i]
                .chars()
                .next_back()
                .is_some_and(|p| !p.is_uppercase());
            if c.is_uppercase() && prev_lower {
                words.push(&part[start..i]);
                start = i;
            }
        }
        words.push(&part[start..]);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::RenameRule::*;

    #[test]
    fn fields_and_variants_convert_to_every_rule() {
        assert_eq!(Kebab.apply("last_generated_id"), "last-generated-id");
        assert_eq!(Kebab.apply("FirstEntry"), "first-entry");
        assert_eq!(Lower.apply("SortedSet"), "sortedset");
        assert_eq!(Upper.apply("max_len"), "MAXLEN");
        assert_eq!(Snake.apply("SortedSet"), "sorted_set");
        assert_eq!(ScreamingSnake.apply("SortedSet"), "SORTED_SET");
        assert_eq!(ScreamingKebab.apply("max_len"), "MAX-LEN");
        assert_eq!(Camel.apply("max_len"), "maxLen");
        assert_eq!(Pascal.apply("max_len"), "MaxLen");
        assert_eq!(Camel.apply("SortedSet"), "sortedSet");
        assert_eq!(Lower.apply("Ok"), "ok");
    }
}
