//! Many futures polled together, each only when it woke: a fan-out to a thousand nodes
//! polls each node's future once per wake-up of its own, not all of them on every one.

use std::collections::VecDeque;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Wake, Waker};

use crate::support::sync::lock;

/// What the futures' wakers share: which futures woke, and the task to wake for them.
struct Woken {
    indexes: Mutex<Vec<usize>>,
    /// Per future: listed (in `indexes` or in a batch taken from it) and not yet polled
    /// again, so that waking it again lists nothing.
    queued: Vec<AtomicBool>,
    task: Mutex<Option<Waker>>,
}

/// The waker of one future: its index among them.
struct Slot {
    index: usize,
    woken: Arc<Woken>,
}

impl Wake for Slot {
    fn wake(self: Arc<Self>) {
        self.wake_by_ref();
    }

    fn wake_by_ref(self: &Arc<Self>) {
        if self.woken.queued[self.index].swap(true, Ordering::AcqRel) {
            return;
        }
        lock(&self.woken.indexes).push(self.index);
        let task = lock(&self.woken.task).clone();
        if let Some(task) = task {
            task.wake();
        }
    }
}

/// Futures polled together, yielding each output with the future's index as it comes.
pub(crate) struct Unordered<F: Future> {
    futures: Vec<Option<Pin<Box<F>>>>,
    wakers: Vec<Waker>,
    woken: Arc<Woken>,
    /// Taken from `woken` and not polled yet (a call returns at the first output).
    batch: VecDeque<usize>,
    left: usize,
}

impl<F: Future> Unordered<F> {
    /// `futures`, each polled first on the first poll of [`next`](Self::next).
    pub(crate) fn new(futures: impl IntoIterator<Item = F>) -> Self {
        let futures: Vec<Option<Pin<Box<F>>>> =
            futures.into_iter().map(|f| Some(Box::pin(f))).collect();
        // Every future starts listed, in the first batch.
        let woken = Arc::new(Woken {
            indexes: Mutex::new(Vec::new()),
            queued: (0..futures.len()).map(|_| AtomicBool::new(true)).collect(),
            task: Mutex::new(None),
        });
        let wakers = (0..futures.len())
            .map(|index| {
                Waker::from(Arc::new(Slot {
                    index,
                    woken: Arc::clone(&woken),
                }))
            })
            .collect();
        Self {
            batch: (0..futures.len()).collect(),
            left: futures.len(),
            futures,
            wakers,
            woken,
        }
    }

    /// How many futures have not finished.
    pub(crate) fn len(&self) -> usize {
        self.left
    }

    /// The next future to finish, with its index; `None` once all have.
    pub(crate) async fn next(&mut self) -> Option<(usize, F::Output)> {
        std::future::poll_fn(|cx| self.poll_next(cx)).await
    }

    fn poll_next(&mut self, cx: &mut Context<'_>) -> Poll<Option<(usize, F::Output)>> {
        if self.left == 0 {
            return Poll::Ready(None);
        }
        // The task first, then the list: a future that wakes after the list was taken
        // wakes this task again.
        {
            let mut task = lock(&self.woken.task);
            if !task.as_ref().is_some_and(|t| t.will_wake(cx.waker())) {
                *task = Some(cx.waker().clone());
            }
        }
        // At most one list taken per call: a future that wakes itself at every poll (as
        // tokio's budget makes them do) leaves the task to the runtime in between.
        let mut took = false;
        loop {
            let Some(index) = self.batch.pop_front() else {
                if took {
                    return Poll::Pending;
                }
                took = true;
                self.batch
                    .extend(std::mem::take(&mut *lock(&self.woken.indexes)));
                continue;
            };
            self.woken.queued[index].store(false, Ordering::Release);
            let Some(future) = self.futures[index].as_mut() else {
                continue;
            };
            let waker = &self.wakers[index];
            if let Poll::Ready(output) = future.as_mut().poll(&mut Context::from_waker(waker)) {
                self.futures[index] = None;
                self.left -= 1;
                return Poll::Ready(Some((index, output)));
            }
        }
    }
}

/// The outputs of `futures`, in their order, once all are ready.
pub(crate) async fn join_all<F: Future>(futures: impl IntoIterator<Item = F>) -> Vec<F::Output> {
    let mut all = Unordered::new(futures);
    let mut outputs: Vec<Option<F::Output>> = (0..all.len()).map(|_| None).collect();
    while let Some((index, output)) = all.next().await {
        outputs[index] = Some(output);
    }
    outputs.into_iter().flatten().collect()
}

/// The values of `futures`, in their order, once all are ready; or the first error, as
/// soon as it comes (the futures not yet ready are dropped).
pub(crate) async fn try_join_all<F, T, E>(futures: impl IntoIterator<Item = F>) -> Result<Vec<T>, E>
where
    F: Future<Output = Result<T, E>>,
{
    let mut all = Unordered::new(futures);
    let mut values: Vec<Option<T>> = (0..all.len()).map(|_| None).collect();
    while let Some((index, output)) = all.next().await {
        values[index] = Some(output?);
    }
    Ok(values.into_iter().flatten().collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;
    use std::time::Duration;

    /// `future`, its polls counted in `polls`.
    async fn counted<F: Future>(polls: &AtomicUsize, future: F) -> F::Output {
        let mut future = std::pin::pin!(future);
        std::future::poll_fn(|cx| {
            polls.fetch_add(1, Ordering::Relaxed);
            future.as_mut().poll(cx)
        })
        .await
    }

    #[tokio::test]
    async fn outputs_come_back_in_the_order_of_the_futures() {
        let delays = [30u64, 10, 20, 0];
        let joined = join_all(delays.iter().map(|&ms| async move {
            tokio::time::sleep(Duration::from_millis(ms)).await;
            ms
        }))
        .await;
        assert_eq!(joined, delays);
        assert!(join_all(Vec::<std::future::Ready<u8>>::new())
            .await
            .is_empty());
    }

    #[tokio::test]
    async fn each_future_is_polled_only_when_it_woke() {
        // The first future yields 100 times, then lets the 999 others finish. Polling every
        // future at every wake-up would poll about 100,000 times; polling the one that woke,
        // 101 times the first and twice each of the others.
        let polls = AtomicUsize::new(0);
        let go = tokio::sync::Notify::new();
        let first = async {
            for _ in 0..100 {
                tokio::task::yield_now().await;
            }
            go.notify_waiters();
            0usize
        };
        let mut futures: Vec<Pin<Box<dyn Future<Output = usize> + '_>>> =
            vec![Box::pin(counted(&polls, first))];
        for i in 1..1000usize {
            let go = &go;
            futures.push(Box::pin(counted(&polls, async move {
                go.notified().await;
                i
            })));
        }
        let joined = join_all(futures).await;
        assert_eq!(joined, (0..1000).collect::<Vec<_>>());
        assert_eq!(polls.load(Ordering::Relaxed), 101 + 2 * 999);
    }

    /// A boxed future of a fallible `u8`, so that unlike futures share a type.
    type Fallible = Pin<Box<dyn Future<Output = Result<u8, &'static str>> + Send>>;

    #[tokio::test]
    async fn the_first_error_ends_the_join_and_drops_the_rest() {
        let (_keep, never) = tokio::sync::oneshot::channel::<()>();
        let dropped = Arc::new(AtomicBool::new(false));
        struct Flag(Arc<AtomicBool>);
        impl Drop for Flag {
            fn drop(&mut self) {
                self.0.store(true, Ordering::Relaxed);
            }
        }
        let flag = Flag(Arc::clone(&dropped));
        let pending: Fallible = Box::pin(async move {
            let _flag = flag;
            let _ = never.await;
            Ok(1)
        });
        let failing: Fallible = Box::pin(async { Err("refused") });
        let ok: Fallible = Box::pin(async { Ok(3) });
        assert_eq!(try_join_all([pending, failing, ok]).await, Err("refused"));
        assert!(
            dropped.load(Ordering::Relaxed),
            "the pending future was dropped"
        );
        let all_ok: Vec<Fallible> = vec![Box::pin(async { Ok(1) }), Box::pin(async { Ok(2) })];
        assert_eq!(try_join_all(all_ok).await, Ok(vec![1, 2]));
    }

    #[tokio::test]
    async fn next_yields_each_index_as_it_finishes() {
        let mut all = Unordered::new([50u64, 0, 25].map(|ms| async move {
            tokio::time::sleep(Duration::from_millis(ms)).await;
        }));
        let mut order = Vec::new();
        while let Some((index, ())) = all.next().await {
            order.push(index);
        }
        assert_eq!(order, [1, 2, 0]);
        assert_eq!(all.len(), 0);
        assert!(all.next().await.is_none());
    }
}
