//! Locks, taken one way. A panic while a lock is held cannot leave typedis's state
//! half-updated in a way that matters (every critical section is a push, a pop, a swap, a
//! flag or a count), so a poisoned lock is used as it is: one task's panic must not make
//! every other caller of the client panic too. Every lock in the crate is taken through
//! these functions.

use std::sync::{Mutex, MutexGuard, RwLock, RwLockReadGuard, RwLockWriteGuard};

/// Locks `m`, poisoned or not.
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Read-locks `l`, poisoned or not.
pub(crate) fn read<T>(l: &RwLock<T>) -> RwLockReadGuard<'_, T> {
    l.read().unwrap_or_else(|p| p.into_inner())
}

/// Write-locks `l`, poisoned or not.
pub(crate) fn write<T>(l: &RwLock<T>) -> RwLockWriteGuard<'_, T> {
    l.write().unwrap_or_else(|p| p.into_inner())
}
