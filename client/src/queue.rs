//! The typed `add`/`push` of command queues (pipelines and transactions, on one node or a
//! cluster): the queue's type parameter records the replies it will read.
//!
//! A queue starts as `Q<Vec<T>>` with `T` left for the first command to decide:
//! - `push`, for loops, keeps it a `Vec<T>` of commands that all reply `T`;
//! - `add`, for chains, turns it into a tuple that grows by one reply type per command.
//!
//! So `pipeline().add(get).add(incr).query()` reads `(Option<Bytes>, i64)` and a loop of
//! `push(get)` reads `Vec<Option<Bytes>>`, with no annotation.

/// Implements the typed `add` and `push` for a queue type `$q<L>` that has
/// `fn append(&mut self, Command)` and `fn retype<M>(self) -> $q<M>`; the second form is
/// for a queue that borrows a client: `$q<'a, C, L>`.
macro_rules! typed_queue {
    ($q:ident) => {
        typed_queue!(@all [] [] $q);
    };
    ($q:ident<$lt:lifetime, $c:ident: ?Sized + $bound:path>) => {
        typed_queue!(@all [$lt, $c: ?Sized + $bound,] [$lt, $c,] $q);
    };
    (@all [$($gen:tt)*] [$($arg:tt)*] $q:ident) => {
        impl<$($gen)* T> $q<$($arg)* ::std::vec::Vec<T>> {
            /// Appends a command: the first of a chain of `add`s, whose replies are read as a
            /// tuple with one element per command.
            // `add` reads as "add a command" in a builder chain; `Queue + Command` would not.
            #[allow(clippy::should_implement_trait)]
            pub fn add<R: $crate::cmd::Request<Reply = T>>(mut self, request: R) -> $q<$($arg)* (T,)> {
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

        typed_queue!(@tuple [$($gen)*] [$($arg)*] $q; A);
        typed_queue!(@tuple [$($gen)*] [$($arg)*] $q; A, B);
        typed_queue!(@tuple [$($gen)*] [$($arg)*] $q; A, B, C);
        typed_queue!(@tuple [$($gen)*] [$($arg)*] $q; A, B, C, D);
        typed_queue!(@tuple [$($gen)*] [$($arg)*] $q; A, B, C, D, E);
        typed_queue!(@tuple [$($gen)*] [$($arg)*] $q; A, B, C, D, E, F);
        typed_queue!(@tuple [$($gen)*] [$($arg)*] $q; A, B, C, D, E, F, G);
        typed_queue!(@tuple [$($gen)*] [$($arg)*] $q; A, B, C, D, E, F, G, H);
        typed_queue!(@tuple [$($gen)*] [$($arg)*] $q; A, B, C, D, E, F, G, H, I);
        typed_queue!(@tuple [$($gen)*] [$($arg)*] $q; A, B, C, D, E, F, G, H, I, J);
        typed_queue!(@tuple [$($gen)*] [$($arg)*] $q; A, B, C, D, E, F, G, H, I, J, K);
    };
    (@tuple [$($gen:tt)*] [$($arg:tt)*] $q:ident; $($t:ident),+) => {
        impl<$($gen)* $($t),+> $q<$($arg)* ($($t,)+)> {
            /// Appends a command; its reply type joins the tuple.
            #[allow(clippy::should_implement_trait)]
            pub fn add<R: $crate::cmd::Request>(mut self, request: R) -> $q<$($arg)* ($($t,)+ R::Reply,)> {
                self.append(request.into_command());
                self.retype()
            }
        }
    };
}

pub(crate) use typed_queue;
