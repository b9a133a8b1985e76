//! A stream of the items an async step yields, each step taking the state the last one
//! gave back.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use futures_core::Stream;

pin_project_lite::pin_project! {
    /// See [`unfold`].
    #[must_use = "streams do nothing unless polled"]
    pub(crate) struct Unfold<S, F, Fut> {
        state: Option<S>,
        step: F,
        #[pin]
        pending: Option<Fut>,
    }
}

/// The stream of what `step` yields: `step(state)` resolves to `Some((item, next
/// state))`, or to `None` at the end. No allocation per item.
pub(crate) fn unfold<S, T, F, Fut>(state: S, step: F) -> Unfold<S, F, Fut>
where
    F: FnMut(S) -> Fut,
    Fut: Future<Output = Option<(T, S)>>,
{
    Unfold {
        state: Some(state),
        step,
        pending: None,
    }
}

impl<S, T, F, Fut> Stream for Unfold<S, F, Fut>
where
    F: FnMut(S) -> Fut,
    Fut: Future<Output = Option<(T, S)>>,
{
    type Item = T;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<T>> {
        let mut this = self.project();
        if let Some(state) = this.state.take() {
            this.pending.set(Some((this.step)(state)));
        }
        let Some(pending) = this.pending.as_mut().as_pin_mut() else {
            // Ended: `step` gave no state back.
            return Poll::Ready(None);
        };
        let next = std::task::ready!(pending.poll(cx));
        this.pending.set(None);
        Poll::Ready(next.map(|(item, state)| {
            *this.state = Some(state);
            item
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The next item of `stream`.
    async fn next<St: Stream + Unpin>(stream: &mut St) -> Option<St::Item> {
        std::future::poll_fn(|cx| Pin::new(&mut *stream).poll_next(cx)).await
    }

    #[tokio::test]
    async fn yields_each_step_then_ends_for_good() {
        let mut counting = Box::pin(unfold(0, |n| async move {
            tokio::task::yield_now().await;
            (n < 3).then_some((n * 10, n + 1))
        }));
        let mut seen = Vec::new();
        while let Some(item) = next(&mut counting).await {
            seen.push(item);
        }
        assert_eq!(seen, [0, 10, 20]);
        assert_eq!(next(&mut counting).await, None, "still ended");
    }
}
