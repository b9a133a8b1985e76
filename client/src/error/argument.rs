//! [`InvalidArgument`]: a value that could not be written as an argument of a command.

use std::fmt;
use std::sync::Arc;

/// A value that could not be written as an argument of a command, so the command was
/// refused before anything was sent ([`Error::InvalidArgument`](crate::Error)): a
/// [`Json`](crate::Json) value serde cannot serialize or that holds a NaN or infinite float
/// (JSON has neither), a NaN float, a [`ToArg`](crate::ToArg) of yours that called
/// [`ArgWriter::fail`](crate::cmd::ArgWriter::fail). The cause is the
/// [`source`](std::error::Error::source).
///
/// ```
/// use typedis::b;
///
/// // Redis stores no NaN: the command is refused, not sent with the text "NaN".
/// let set = b().set().key("ratio").value(f64::NAN).build();
/// let invalid = set.invalid_argument().expect("refused before it is sent");
/// assert_eq!(invalid.index(), 2); // SET ratio <value>
/// assert_eq!(invalid.to_string(), "argument 2 of SET: NaN is not a number Redis can store");
/// ```
#[derive(Debug, Clone)]
pub struct InvalidArgument {
    command: String,
    index: usize,
    source: Arc<dyn std::error::Error + Send + Sync>,
}

impl InvalidArgument {
    /// Argument `index` of a command could not be written, as `source` says.
    pub(crate) fn new(index: usize, source: crate::BoxError) -> InvalidArgument {
        InvalidArgument {
            command: String::new(),
            index,
            source: Arc::from(source),
        }
    }

    /// Counts the argument `by` places further on, where the list it was written in
    /// starts in its command.
    pub(crate) fn shift(&mut self, by: usize) {
        self.index += by;
    }

    /// Names the command the argument was given to.
    pub(crate) fn set_command(&mut self, name: &str) {
        name.clone_into(&mut self.command);
    }

    /// The name of the command (`JSON.SET`, `CLIENT KILL`).
    pub fn command(&self) -> &str {
        &self.command
    }

    /// Where the argument is in the command as it would have been sent, its name's first
    /// word being 0 (`SET key value`: the value is 2).
    pub fn index(&self) -> usize {
        self.index
    }
}

impl fmt::Display for InvalidArgument {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.command.is_empty() {
            write!(f, "argument {}: {}", self.index, self.source)
        } else {
            write!(
                f,
                "argument {} of {}: {}",
                self.index, self.command, self.source
            )
        }
    }
}

impl std::error::Error for InvalidArgument {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&*self.source)
    }
}
