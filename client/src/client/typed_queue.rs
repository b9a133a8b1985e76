//! The typed `add`/`push` of command queues (pipelines and transactions, on one node or a
//! cluster): the queue's type parameter records the replies it will read.
//!
//! A queue starts as `Q<Vec<T>>` with `T` left for the first command to decide:
//! - `push`, for loops, keeps it a `Vec<T>` of commands that all reply `T`;
//! - `add`, for chains, turns it into a tuple that grows by one reply type per command.
//!
//! So `pipeline().add(get).add(incr).query()` reads `(Option<Bytes>, i64)` and a loop of
//! `push(get)` reads `Vec<Option<Bytes>>`, with no annotation.

/// Implements the typed `add` and `push` for a queue type `$q<L>` (or `$q<L, C>` with the
/// bound given for `C`) that has `fn append(&mut self, Command)` and
/// `fn retype<M>(self) -> $q<M, ..>`.
macro_rules! typed_queue {
    ($q:ident $(, $c:ident: $bound:path)?) => {
        impl<T $(, $c: $bound)?> $q<::std::vec::Vec<T> $(, $c)?> {
            /// Appends a command: the first of a chain of `add`s, whose replies are read as a
            /// tuple with one element per command.
            // `add` reads as "add a command" in a builder chain; `Queue + Command` would not.
            #[allow(clippy::should_implement_trait)]
            pub fn add<R: $crate::cmd::Request<Reply = T>>(mut self, request: R) -> $q<(T,) $(, $c)?> {
                self.append(request.into_command());
                self.retype()
            }

            /// Appends a command (for loops): the replies are read as a `Vec` of the one type
            /// every command pushed replies (use [`Command`](crate::Command)s, which reply
            /// [`Value`](crate::Value), to mix commands).
            pub fn push<R: $crate::cmd::Request<Reply = T>>(&mut self, request: R) -> &mut Self {
                self.append(request.into_command());
                self
            }
        }

        typed_queue!(@tuple $q [$($c: $bound)?]; A);
        typed_queue!(@tuple $q [$($c: $bound)?]; A, B);
        typed_queue!(@tuple $q [$($c: $bound)?]; A, B, C);
        typed_queue!(@tuple $q [$($c: $bound)?]; A, B, C, D);
        typed_queue!(@tuple $q [$($c: $bound)?]; A, B, C, D, E);
        typed_queue!(@tuple $q [$($c: $bound)?]; A, B, C, D, E, F);
        typed_queue!(@tuple $q [$($c: $bound)?]; A, B, C, D, E, F, G);
        typed_queue!(@tuple $q [$($c: $bound)?]; A, B, C, D, E, F, G, H);
        typed_queue!(@tuple $q [$($c: $bound)?]; A, B, C, D, E, F, G, H, I);
        typed_queue!(@tuple $q [$($c: $bound)?]; A, B, C, D, E, F, G, H, I, J);
        typed_queue!(@tuple $q [$($c: $bound)?]; A, B, C, D, E, F, G, H, I, J, K);

        // A thirteenth `add` says why there is none.
        impl<A, B, C, D, E, F, G, H, I, J, K, L $(, $c: $bound)?>
            $q<(A, B, C, D, E, F, G, H, I, J, K, L) $(, $c)?>
        {
            /// Not available: a tuple of replies holds at most 12 (the compiler says what
            /// to do instead).
            #[doc(hidden)]
            #[allow(clippy::should_implement_trait)]
            pub fn add<R: $crate::cmd::Request + $crate::client::typed_queue::AtMostTwelve>(
                self,
                request: R,
            ) -> Self {
                let _ = request;
                self
            }
        }
    };
    (@tuple $q:ident [$($c:ident: $bound:path)?]; $($t:ident),+) => {
        impl<$($t,)+ $($c: $bound)?> $q<($($t,)+) $(, $c)?> {
            /// Appends a command; its reply type joins the tuple.
            #[allow(clippy::should_implement_trait)]
            pub fn add<R: $crate::cmd::Request>(mut self, request: R) -> $q<($($t,)+ R::Reply,) $(, $c)?> {
                self.append(request.into_command());
                self.retype()
            }
        }
    };
}

pub(crate) use typed_queue;

/// Implemented by no type: what a thirteenth `add` asks for, so that its error says why.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "a tuple of replies holds at most 12: this is the 13th `add`",
    label = "a 13th command added to a tuple-typed queue",
    note = "`push` the commands instead (`let mut q = client.pipeline(); q.push(..);`, or \
            `client.multi()`), which \
            reads a `Vec` of their one reply type (of `Value`s, with `cmd(..)` or `Command`s, \
            to mix types), or split the queue in two"
)]
pub trait AtMostTwelve {}
