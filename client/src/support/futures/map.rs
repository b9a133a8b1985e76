//! A future whose output goes through a function.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

pin_project_lite::pin_project! {
    /// `future`'s output passed through `f`. A combinator, where an `async` block awaiting
    /// `future` would hold it twice in its state.
    #[must_use = "futures do nothing unless polled"]
    pub(crate) struct Map<Fut, F> {
        #[pin]
        future: Fut,
        f: Option<F>,
    }
}

impl<Fut, F> Map<Fut, F> {
    /// `future`, its output passed through `f`.
    pub(crate) fn new<T>(future: Fut, f: F) -> Self
    where
        Fut: Future,
        F: FnOnce(Fut::Output) -> T,
    {
        Self { future, f: Some(f) }
    }
}

impl<Fut: Future, F: FnOnce(Fut::Output) -> T, T> Future for Map<Fut, F> {
    type Output = T;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<T> {
        let this = self.project();
        let output = std::task::ready!(this.future.poll(cx));
        let f = this
            .f
            .take()
            .expect("a `Map` is not polled again after it is ready");
        Poll::Ready(f(output))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_output_goes_through_the_function() {
        let doubled = Map::new(async { 21 }, |n: i32| n * 2).await;
        assert_eq!(doubled, 42);
    }
}
