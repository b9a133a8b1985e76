//! How an operation (a command, a pipeline, a transaction) ended, as its span and its
//! metrics record it: the error, or the first error reply among its replies.

use crate::error::Error;
use crate::support::trace::{self, Record};
use crate::wire::Frame;

/// An operation's replies, whose first server error reply is the operation's failure.
pub(crate) trait Replies {
    fn server_error(&self) -> Option<Error>;
}

impl Replies for Frame {
    fn server_error(&self) -> Option<Error> {
        // Decoding an error reply as anything yields it as `Error::Server`.
        self.is_error()
            .then(|| self.decode::<&[u8]>().err())
            .flatten()
    }
}

impl Replies for Vec<Frame> {
    fn server_error(&self) -> Option<Error> {
        self.iter().find_map(Replies::server_error)
    }
}

/// Records in `span` how an operation ended: on failure its `error.type` (the server's
/// error code, or the kind of client error), the server's code as
/// `db.response.status_code`, and the error status.
pub(crate) fn record<T: Replies>(span: &trace::Span, result: &Result<T, Error>) {
    match result {
        Err(e) => failed(span, e),
        Ok(replies) => {
            if let Some(e) = replies.server_error() {
                failed(span, &e);
            }
        }
    }
}

fn failed(span: &trace::Span, e: &Error) {
    // A known code only: a script's own code, a module's message, is no status.
    if let Some(code) = e.known_code() {
        span.set("db.response.status_code", code);
    }
    span.set("error.type", e.type_name());
    span.set("otel.status_code", "ERROR");
}
