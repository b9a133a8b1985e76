//! The push hub of a client's shared connection: RESP3 push frames that are no reply to any
//! command go to every listener the client handed out (each bounded; one that falls
//! behind is told what it missed), and invalidations to the client-side cache first.

use super::push_queue::{push_queue, Gap, PushReceiver, PushSender};
use crate::cache::Cache;
use crate::support::sync;
use crate::wire::Frame;
use std::sync::{Arc, Mutex};

/// The listeners of one client's pushes.
pub(crate) struct PushHub {
    listeners: Mutex<Vec<PushSender>>,
    /// The client-side cache, which applies the invalidations first.
    cache: Option<Arc<Cache>>,
    /// Each listener's bound, in bytes (see `Config::push_buffer`).
    buffer: usize,
}

impl PushHub {
    pub(crate) fn new(buffer: usize, cache: Option<Arc<Cache>>) -> PushHub {
        PushHub {
            listeners: Mutex::new(Vec::new()),
            cache,
            buffer,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<PushSender>> {
        sync::lock(&self.listeners)
    }

    /// Hands `frame` to every live listener that has room (the others are told they
    /// missed it); with no listener, it is dropped. Never waits: the reader of the shared
    /// connection calls it.
    pub(crate) fn send(&self, frame: Frame) {
        self.lock().retain(|tx| tx.offer(frame.clone()));
    }

    /// Tells every listener that the shared connection was opened again: pushes sent
    /// meanwhile were lost, and server-side state such as `CLIENT TRACKING` is gone.
    pub(crate) fn reconnected(&self) {
        if let Some(cache) = &self.cache {
            cache.flush();
        }
        let gap = Gap {
            dropped: 0,
            reconnected: true,
        };
        self.lock().retain(|tx| tx.gap(gap));
    }

    /// Applies `frame` to the client-side cache, if it is an invalidation: the reader calls
    /// it as soon as the frame is delimited, so that it takes effect before the replies
    /// that followed it reach their callers.
    pub(crate) fn invalidate(&self, frame: &Frame) {
        if let Some(cache) = &self.cache {
            cache.on_push(frame);
        }
    }

    /// The shared connection was lost: invalidations can no longer arrive, so nothing
    /// cached can be trusted.
    pub(crate) fn connection_lost(&self) {
        if let Some(cache) = &self.cache {
            cache.flush();
        }
    }

    /// Each listener's bound, in bytes.
    pub(crate) fn buffer(&self) -> usize {
        self.buffer
    }

    /// A new listener.
    pub(crate) fn listen(&self) -> PushReceiver {
        let (tx, rx) = push_queue(self.buffer);
        self.lock().push(tx);
        rx
    }
}
