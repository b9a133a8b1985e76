//! [`InvalidArgument`]: a value that could not be written as an argument of a command.

use std::fmt;
use std::sync::Arc;

/// A value that could not be written as an argument of a command, so the command was
/// refused before anything was sent ([`Error::InvalidArgument`](crate::Error)): a
/// `Json` value (feature `serde`) serde cannot serialize or that holds a NaN or infinite float
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
#[derive(Clone)]
pub struct InvalidArgument(Box<Inner>);

/// Boxed: an [`Error`](crate::Error) is as large as its largest variant.
#[derive(Debug, Clone)]
struct Inner {
    command: String,
    index: usize,
    source: Arc<dyn std::error::Error + Send + Sync>,
}

impl fmt::Debug for InvalidArgument {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl InvalidArgument {
    /// Argument `index` of a command could not be written, as `source` says.
    pub(crate) fn new(index: usize, source: crate::error::BoxError) -> InvalidArgument {
        InvalidArgument(Box::new(Inner {
            command: String::new(),
            index,
            source: Arc::from(source),
        }))
    }

    /// Counts the argument `by` places further on, where the list it was written in
    /// starts in its command.
    pub(crate) fn shift(&mut self, by: usize) {
        self.0.index += by;
    }

    /// Names the command the argument was given to.
    pub(crate) fn set_command(&mut self, name: &str) {
        name.clone_into(&mut self.0.command);
    }

    /// The name of the command (`JSON.SET`, `CLIENT KILL`).
    pub fn command(&self) -> &str {
        &self.0.command
    }

    /// Where the argument is in the command as it would have been sent, its name's first
    /// word being 0 (`SET key value`: the value is 2).
    pub fn index(&self) -> usize {
        self.0.index
    }
}

impl fmt::Display for InvalidArgument {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.command.is_empty() {
            write!(f, "argument {}: {}", self.0.index, self.0.source)
        } else {
            write!(
                f,
                "argument {} of {}: {}",
                self.0.index, self.0.command, self.0.source
            )
        }
    }
}

impl std::error::Error for InvalidArgument {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&*self.0.source)
    }
}
