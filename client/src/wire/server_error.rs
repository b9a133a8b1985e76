//! [`ServerError`]: an error reply, its code split from its message.

use std::fmt;

/// An error reply from the server (`-WRONGTYPE Operation against a key ...` or a RESP3
/// bulk error), with its code split out.
///
/// By Redis convention the first word of the reply is an upper-case code (`ERR`,
/// `WRONGTYPE`, `MOVED`, `NOSCRIPT`, ...) and the rest is a message. Not every error
/// follows it (RediSearch answers `idx:users: no such index`, `Unknown index name`): a
/// first word that is not upper-case letters, digits and `_` is no code, and the whole
/// reply is the message.
///
/// ```
/// use typedis::ServerError;
///
/// let e = ServerError::new("MOVED 3999 127.0.0.1:6381");
/// assert_eq!(e.code(), Some("MOVED"));
/// assert_eq!(e.message(), "3999 127.0.0.1:6381");
/// assert_eq!(e.to_string(), "MOVED 3999 127.0.0.1:6381");
///
/// let search = ServerError::new("idx:customer-0815: no such index");
/// assert_eq!(search.code(), None);
/// assert_eq!(search.message(), "idx:customer-0815: no such index");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct ServerError {
    line: Box<str>,
    code_len: usize,
}

impl ServerError {
    /// An error reply from its text (without the leading `-` and the final CRLF).
    pub fn new(line: impl Into<String>) -> Self {
        let line = line.into().into_boxed_str();
        let word = line.find([' ', '\r', '\n']).unwrap_or(line.len());
        let code_len = if is_code(&line[..word]) { word } else { 0 };
        ServerError { line, code_len }
    }

    /// The code: the first word of the reply, such as `ERR`, `WRONGTYPE` or `MOVED`, when
    /// it is one (upper-case letters, digits and `_`, starting with a letter, at most 32
    /// characters); `None` otherwise.
    pub fn code(&self) -> Option<&str> {
        (self.code_len > 0).then(|| &self.line[..self.code_len])
    }

    /// The code when it is one of the codes Redis, Valkey and the modules answer with:
    /// what telemetry names, so that no reply text (a script's own code, a module's
    /// message) becomes a label of its own.
    pub(crate) fn known_code(&self) -> Option<&'static str> {
        let code = self.code()?;
        KNOWN_CODES.iter().find(|known| **known == code).copied()
    }

    /// The text after the code (empty when the reply is only a code).
    pub fn message(&self) -> &str {
        self.line[self.code_len..].trim_start_matches(' ')
    }

    /// The whole reply text, code included.
    pub fn as_str(&self) -> &str {
        &self.line
    }
}

/// Whether `word` is an error code by Redis's convention.
fn is_code(word: &str) -> bool {
    let mut bytes = word.bytes();
    word.len() <= 32
        && bytes.next().is_some_and(|b| b.is_ascii_uppercase())
        && bytes.all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
}

/// The error codes Redis, Valkey and the modules answer with, which telemetry names as
/// they are.
const KNOWN_CODES: &[&str] = &[
    "ASK",
    "BUSY",
    "BUSYGROUP",
    "BUSYKEY",
    "CLUSTERDOWN",
    "CROSSSLOT",
    "ERR",
    "EXECABORT",
    "LOADING",
    "MASTERDOWN",
    "MISCONF",
    "MOVED",
    "NOAUTH",
    "NOGROUP",
    "NOPERM",
    "NOPROTO",
    "NOREPLICAS",
    "NOSCRIPT",
    "NOTBUSY",
    "OOM",
    "READONLY",
    "REDIRECT",
    "TRYAGAIN",
    "UNBLOCKED",
    "UNKILLABLE",
    "WRONGPASS",
    "WRONGTYPE",
];

impl fmt::Display for ServerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.line)
    }
}

impl fmt::Debug for ServerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("ServerError").field(&self.line).finish()
    }
}

impl std::error::Error for ServerError {}
