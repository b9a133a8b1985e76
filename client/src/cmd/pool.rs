//! Recycled command buffers: building a command takes a buffer that a command dropped
//! earlier on the same thread gave back, so a steady stream of commands (each one built,
//! copied into the connection's outbox or a pipeline, and dropped) allocates nothing.

use std::cell::RefCell;

/// Buffers kept per thread.
const KEEP: usize = 32;

/// Larger buffers (a command that carried a big value) are freed, not kept.
const MAX_KEPT_CAPACITY: usize = 4096;

thread_local! {
    static FREE: RefCell<Vec<Vec<u8>>> = const { RefCell::new(Vec::new()) };
}

/// An empty buffer with room for at least `capacity` bytes.
pub(crate) fn take(capacity: usize) -> Vec<u8> {
    let recycled = FREE
        .try_with(|free| free.try_borrow_mut().ok().and_then(|mut f| f.pop()))
        .ok()
        .flatten();
    match recycled {
        Some(mut buf) => {
            buf.reserve(capacity);
            buf
        }
        None => Vec::with_capacity(capacity),
    }
}

/// Keeps `buf` for the next command built on this thread, if it is worth keeping.
pub(crate) fn give(mut buf: Vec<u8>) {
    if buf.capacity() == 0 || buf.capacity() > MAX_KEPT_CAPACITY {
        return;
    }
    buf.clear();
    // During thread teardown (or a reentrant call) the buffer is simply freed.
    let _ = FREE.try_with(|free| {
        if let Ok(mut free) = free.try_borrow_mut() {
            if free.len() < KEEP {
                free.push(buf);
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_given_buffer_is_taken_again_empty_and_big_ones_are_not_kept() {
        let mut buf = Vec::with_capacity(200);
        buf.extend_from_slice(b"leftover");
        let ptr = buf.as_ptr();
        give(buf);
        let again = take(100);
        assert_eq!(again.as_ptr(), ptr, "the same allocation comes back");
        assert!(again.is_empty() && again.capacity() >= 200);

        let kept = || FREE.with(|f| f.borrow().len());
        let before = kept();
        give(Vec::with_capacity(MAX_KEPT_CAPACITY + 1));
        give(Vec::new());
        assert_eq!(kept(), before, "big and unallocated buffers are not kept");
        give(Vec::with_capacity(64));
        assert_eq!(kept(), before + 1);
    }
}
