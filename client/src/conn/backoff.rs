//! [`Backoff`]: how connection attempts are paced (exponential, capped, jittered).

use std::time::Duration;

/// How long to wait between connection attempts: `initial`, doubled after each failure,
/// capped at `max`, and each wait drawn at random between half of that and all of it
/// (jitter, so that many clients that lost the same server do not come back in step).
///
/// Every reconnection follows it: the shared connection, dedicated connections (blocking
/// commands, transactions), subscribers and each node of a cluster. Attempts are made only
/// while something needs the connection (a caller waits, or a subscriber is read), one at
/// a time per connection. A connection that opens but is lost within
/// [`Backoff::STABLE_AFTER`] counts as a failed attempt: the next one waits longer, so a
/// server that accepts and drops every connection (or kills each subscriber) is not
/// reconnected to in a loop. One that lived longer starts again from no wait.
///
/// A caller waits for the connection up to its deadline (the
/// [response timeout](crate::Config::response_timeout)), however many attempts fail
/// meanwhile; [`max_attempts`](Self::max_attempts) caps them, for callers without a
/// deadline or that would rather know at once.
///
/// ```
/// use std::time::Duration;
/// use typedis::Backoff;
///
/// let backoff = Backoff::new(Duration::from_millis(100), Duration::from_secs(2)).max_attempts(5);
/// assert_eq!(backoff.delay(3), Duration::from_millis(400));
/// let wait = backoff.jittered(3);
/// assert!(wait >= Duration::from_millis(200) && wait <= Duration::from_millis(400));
/// assert_eq!(backoff.max_attempts, Some(5));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Backoff {
    /// Delay before the second attempt (the first one is immediate).
    pub initial: Duration,
    /// Longest delay between attempts.
    pub max: Duration,
    /// Attempts that may fail in a row before a caller waiting for the connection gets
    /// the last failure, whatever time its deadline leaves; `None` (the default): as many
    /// as fit before its deadline. The count starts again after a connection that lived.
    pub max_attempts: Option<u32>,
}

impl Backoff {
    /// Waits from `initial`, doubled after each failure, up to `max`, with no cap on the
    /// attempts.
    pub const fn new(initial: Duration, max: Duration) -> Backoff {
        Backoff {
            initial,
            max,
            max_attempts: None,
        }
    }

    /// The same, with callers giving up after `attempts` failed attempts in a row (at
    /// least 1).
    #[must_use]
    pub const fn max_attempts(mut self, attempts: u32) -> Backoff {
        self.max_attempts = Some(if attempts == 0 { 1 } else { attempts });
        self
    }

    /// How long a connection must stay open to count as established: lost sooner, it
    /// counts as a failed attempt.
    pub const STABLE_AFTER: Duration = Duration::from_secs(1);

    /// The longest wait after `failures` consecutive failed attempts (no wait before the
    /// first attempt).
    pub fn delay(&self, failures: u32) -> Duration {
        if failures == 0 {
            return Duration::ZERO;
        }
        let factor = 1u32 << failures.saturating_sub(1).min(20);
        self.initial.saturating_mul(factor).min(self.max)
    }

    /// The wait after `failures` consecutive failed attempts: drawn at random between half
    /// of [`delay`](Self::delay) and all of it.
    pub fn jittered(&self, failures: u32) -> Duration {
        let full = self.delay(failures);
        let half = full / 2;
        let nanos = u64::try_from((full - half).as_nanos()).unwrap_or(u64::MAX);
        half + Duration::from_nanos(random().checked_rem(nanos.saturating_add(1)).unwrap_or(0))
    }
}

/// A random number for jitter: the process's random hash keys, mixed with a counter so
/// that calls in the same instant differ.
fn random() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    use std::sync::atomic::{AtomicU64, Ordering};
    static CALLS: AtomicU64 = AtomicU64::new(0);
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(CALLS.fetch_add(1, Ordering::Relaxed));
    hasher.finish()
}

impl Default for Backoff {
    fn default() -> Self {
        Backoff::new(Duration::from_millis(50), Duration::from_secs(5))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_from_initial_and_stops_at_max() {
        let b = Backoff::new(Duration::from_millis(10), Duration::from_millis(70));
        let delays: Vec<_> = (0..6).map(|n| b.delay(n).as_millis()).collect();
        assert_eq!(delays, [0, 10, 20, 40, 70, 70]);
        assert_eq!(b.delay(u32::MAX), Duration::from_millis(70));
    }

    #[test]
    fn jittered_waits_stay_between_half_the_delay_and_the_delay() {
        let b = Backoff::new(Duration::from_millis(10), Duration::from_millis(70));
        let mut seen = std::collections::BTreeSet::new();
        for failures in 0..8 {
            for _ in 0..50 {
                let wait = b.jittered(failures);
                let full = b.delay(failures);
                assert!(wait >= full / 2 && wait <= full, "{wait:?} for {full:?}");
                seen.insert(wait);
            }
        }
        assert!(seen.len() > 100, "waits barely vary: {}", seen.len());
        assert_eq!(b.jittered(0), Duration::ZERO);
    }
}
