//! [`Request`]: a command that knows what it returns, what every API that sends a
//! command takes.

use super::builder::Cmd;
use super::command::Command;
use std::marker::PhantomData;

use crate::resp::read::DecodeOwned;
use crate::resp::value::Value;

/// A command ready to send, that knows the type of its reply.
///
/// Every complete generated builder is one: `b().get().key("k")` is a `Request` whose
/// `Reply` is `Option<Bytes>`, and [`Client::query`](crate::Client::query) returns that
/// type with no annotation. Options that change the reply change the type:
/// `b().zrange().key("z").start(0).stop(-1)` replies [`List`](crate::reply::List), and with
/// `.withscores()` `Vec<ScoredMember>`. An untyped [`cmd`](super::cmd) or a built
/// [`Command`] replies [`Value`]; [`Client::query_as`](crate::Client::query_as) reads any
/// request's reply as a type of your choice.
///
/// An incomplete builder is not a `Request`: sending `b().xrange().key("s")` fails to
/// compile with "`XRANGE` needs `start` and `end` before it can be sent".
///
/// ```
/// use typedis::{b, Request};
///
/// fn reply_type<R: Request>(_: &R) -> &'static str {
///     std::any::type_name::<R::Reply>()
/// }
///
/// assert_eq!(reply_type(&b().incr().key("hits")), "i64");
/// assert_eq!(reply_type(&b().set().key("k").value("v")), "()");
/// assert!(reply_type(&b().set().key("k").value("v").get()).contains("Option<bytes::bytes::Bytes>"));
/// ```
///
/// Implement it for your own request types (a test double, a command built at run
/// time): leave `Missing` at its default.
///
/// ```
/// use typedis::{cmd, Command, Request};
///
/// /// `INCRBY key n`, always read as an `i64`.
/// struct AddTo(&'static str, i64);
///
/// impl Request for AddTo {
///     type Reply = i64;
///     fn into_command(self) -> Command {
///         cmd("INCRBY").key(self.0).arg(self.1).build()
///     }
/// }
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a command that can be sent",
    label = "not a complete command",
    note = "a generated builder can be sent once its required arguments are given; a block \
            option that was started (`Open<..>`) must be finished first",
    note = "to read a reply as a type of your choice, write `query_as::<T>(..)`, not \
            `query::<T>(..)`"
)]
pub trait Request<Missing = ()> {
    /// What the command returns: the type [`Client::query`](crate::Client::query) reads.
    type Reply: DecodeOwned;

    /// The encoded command.
    fn into_command(self) -> Command;
}

/// A built command has forgotten its reply type: it replies [`Value`].
impl Request for Command {
    type Reply = Value;

    #[inline]
    fn into_command(self) -> Command {
        self
    }
}

/// An untyped command replies [`Value`].
impl Request for Cmd {
    type Reply = Value;

    #[inline]
    fn into_command(self) -> Command {
        self.build()
    }
}

/// A script command whose reply is read as the type its script returns: what
/// `.returning::<T>()` makes of a complete `EVAL`, `EVALSHA`, `EVAL_RO`, `EVALSHA_RO`,
/// `FCALL` or `FCALL_RO` builder, whose reply is otherwise [`Value`]. It sends the same
/// command; [`Client::query`](crate::Client::query) and pipelines read its reply as `T`.
///
/// ```
/// use typedis::resp::Frame;
/// use typedis::{b, Request};
///
/// let eval = b()
///     .eval()
///     .script("return redis.call('INCRBY', KEYS[1], ARGV[1])")
///     .key("hits")
///     .arg(5)
///     .returning::<i64>();
/// fn reply_type<R: Request>(_: &R) -> &'static str {
///     std::any::type_name::<R::Reply>()
/// }
/// assert_eq!(reply_type(&eval), "i64");
/// assert_eq!(eval.into_command().name(), "EVAL");
/// ```
#[must_use = "a command builder does nothing until it is sent"]
pub struct Returning<R, T> {
    request: R,
    reply: PhantomData<fn() -> T>,
}

impl<R, T> Returning<R, T> {
    /// `request`, its reply read as `T`.
    #[doc(hidden)]
    pub fn new(request: R) -> Returning<R, T> {
        Returning {
            request,
            reply: PhantomData,
        }
    }
}

impl<R: Request, T: DecodeOwned> Request for Returning<R, T> {
    type Reply = T;

    #[inline]
    fn into_command(self) -> Command {
        self.request.into_command()
    }
}

impl<R: std::fmt::Debug, T> std::fmt::Debug for Returning<R, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Returning")
            .field("request", &self.request)
            .field("reply", &std::any::type_name::<T>())
            .finish()
    }
}
