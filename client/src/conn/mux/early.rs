//! When callers write gathered requests early, chosen by measurement.
//!
//! Writing gathered requests early (see `Config::write_early_after`) lets a server on
//! another CPU start on them while later callers are still adding theirs: against such a
//! server it about doubles what many callers on one connection get done. Against a server
//! that shares the client's CPU it halves it, since every early write hands the CPU to the
//! server for a few requests at a time. Which one the server is cannot be told from the
//! client (a client confined to one CPU may talk to a server on another, or on the same),
//! so a connection measures: while it is busy, it tries both ways in turn, keeps the one
//! that answers more requests per second, and tries again now and then.
//!
//! The measure is of busy time: from the request that found the connection idle to the
//! reply that left it idle again, and the replies in between. Idle time between bursts is
//! left out, and so are lone requests, for which the way does not matter: on a lightly
//! used connection the clock is read once per request that finds the connection idle, and
//! the tuner never.

use crate::trace;
use std::time::{Duration, Instant};

/// Replies per measured epoch.
pub(super) const EPOCH: usize = 128;

/// Measured epochs of each way per trial.
const TRIAL_EPOCHS: u8 = 3;

/// Epochs of each way per trial: one to settle in, then the measured ones.
const PHASE_EPOCHS: usize = 1 + TRIAL_EPOCHS as usize;

/// Epochs between trials.
const SETTLED_EPOCHS: u32 = 1024;

/// The other way is taken when it answers this much faster (a ratio of rates).
const MARGIN: f64 = 1.1;

/// The two ways a busy connection may write: early after this many gathered requests, or
/// only once no task has more to add (`usize::MAX`).
const WAYS: [usize; 2] = [16, usize::MAX];

/// The measurement, kept by the connection's reader task.
#[derive(Debug)]
pub(super) struct EarlyWriteTuner {
    /// The way in use, an index into [`WAYS`].
    way: usize,
    /// The way the connection settled on, between trials.
    settled: usize,
    /// When the busy time not yet counted began, once known.
    start: Option<Instant>,
    /// The current epoch: the replies and the busy time counted so far.
    counted: usize,
    busy: Duration,
    /// A trial in progress: its epochs so far, and each way's measured rates.
    trial: Option<Trial>,
    /// Epochs left before the next trial.
    until_trial: u32,
}

#[derive(Debug, Default)]
struct Trial {
    epochs: u8,
    /// Each way's epochs, in replies per second of busy time.
    rates: [[f64; TRIAL_EPOCHS as usize]; 2],
}

impl Trial {
    /// The median of a way's epochs: a pause of the process (a page fault, another
    /// program's turn on the CPU) in one epoch does not decide.
    fn rate(&self, way: usize) -> f64 {
        let mut rates = self.rates[way];
        rates.sort_by(f64::total_cmp);
        rates[rates.len() / 2]
    }
}

impl EarlyWriteTuner {
    /// Starts with `early_after` (the default's guess: `Some(16)` on more than one CPU).
    pub(super) fn new(early_after: Option<usize>) -> EarlyWriteTuner {
        let way = usize::from(early_after.is_none());
        EarlyWriteTuner {
            way,
            settled: way,
            start: None,
            counted: 0,
            busy: Duration::ZERO,
            trial: None,
            // The first trial comes after the first busy epoch.
            until_trial: 1,
        }
    }

    /// Counts `answered` replies just delivered, `waiting` requests having waited before
    /// they were (theirs included) and `left` still waiting after. `busy_since` tells when
    /// the request that found the connection idle came, and `now` the time: both are read
    /// only when several requests waited. Returns the new `early_after` of the outbox when
    /// the way changes.
    pub(super) fn delivered(
        &mut self,
        answered: usize,
        waiting: usize,
        left: usize,
        busy_since: impl FnOnce() -> Instant,
        now: impl FnOnce() -> Instant,
    ) -> Option<usize> {
        if waiting < 2 {
            // A lone request: how it was written does not matter.
            self.start = None;
            return None;
        }
        let start = *self.start.get_or_insert_with(busy_since);
        self.counted += answered;
        if left > 0 && self.counted < EPOCH {
            return None;
        }
        let now = now();
        self.busy += now.saturating_duration_since(start);
        // Once nothing waits, the connection may sit idle: the next busy time begins with
        // the next request.
        self.start = (left > 0).then_some(now);
        if self.counted < EPOCH {
            return None;
        }
        let replies = std::mem::take(&mut self.counted);
        let busy = std::mem::take(&mut self.busy);
        self.epoch_done(replies, busy)
    }

    fn epoch_done(&mut self, replies: usize, elapsed: Duration) -> Option<usize> {
        let before = self.way;
        match &mut self.trial {
            None => {
                self.until_trial = self.until_trial.saturating_sub(1);
                if self.until_trial == 0 {
                    // Trials begin with the other way.
                    self.trial = Some(Trial::default());
                    self.way = 1 - self.settled;
                }
            }
            Some(trial) => {
                // Each way runs one epoch to settle in (requests written the other way are
                // still being answered), then its measured epochs: the other way first,
                // then the one in use.
                let phase = usize::from(trial.epochs) / PHASE_EPOCHS;
                let index = usize::from(trial.epochs) % PHASE_EPOCHS;
                if index > 0 {
                    let rate = replies as f64 / elapsed.as_secs_f64().max(1e-9);
                    trial.rates[self.way][index - 1] = rate;
                }
                trial.epochs += 1;
                if usize::from(trial.epochs) == PHASE_EPOCHS && phase == 0 {
                    self.way = self.settled;
                } else if usize::from(trial.epochs) == 2 * PHASE_EPOCHS {
                    let rate = |w: usize| trial.rate(w);
                    let (current, other) = (self.settled, 1 - self.settled);
                    if rate(other) > MARGIN * rate(current) {
                        self.settled = other;
                    }
                    trace::debug!(
                        early = rate(0),
                        gathered = rate(1),
                        writes_early = self.settled == 0,
                        "measured replies per second of busy time, writing early and not"
                    );
                    self.way = self.settled;
                    self.trial = None;
                    self.until_trial = SETTLED_EPOCHS;
                }
            }
        }
        (self.way != before).then_some(WAYS[self.way])
    }

    /// The way the connection settled on: `Some(n)` writes early, `None` does not.
    #[cfg(test)]
    fn settled(&self) -> Option<usize> {
        Some(WAYS[self.settled]).filter(|&n| n != usize::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feeds epochs in which early writes answer `early` replies per second and gathered
    /// ones `gathered` (reads of 64 replies, 64 waiting and none left, the next requests
    /// made 1 µs later), until the tuner settles after a trial; returns what it chose and
    /// how often it switched.
    fn run(start: Option<usize>, early: f64, gathered: f64) -> (Option<usize>, usize) {
        let mut tuner = EarlyWriteTuner::new(start);
        let mut now = Instant::now();
        let mut switches = 0;
        let mut way = start.unwrap_or(usize::MAX);
        // One busy epoch, a whole trial, and a few settled epochs after it.
        for _ in 0..(1 + 2 * PHASE_EPOCHS + 2) * (EPOCH / 64) {
            let rate = if way == usize::MAX { gathered } else { early };
            let since = now + Duration::from_micros(1);
            now = since + Duration::from_secs_f64(64.0 / rate);
            if let Some(n) = tuner.delivered(64, 64, 0, || since, || now) {
                way = n;
                switches += 1;
            }
        }
        (tuner.settled(), switches)
    }

    #[test]
    fn keeps_the_faster_way() {
        // A server on another CPU: early writes twice as fast.
        assert_eq!(run(None, 800_000.0, 400_000.0).0, Some(16));
        assert_eq!(run(Some(16), 800_000.0, 400_000.0).0, Some(16));
        // A server on the client's CPU: gathering twice as fast.
        assert_eq!(run(Some(16), 420_000.0, 830_000.0).0, None);
        assert_eq!(run(None, 420_000.0, 830_000.0).0, None);
    }

    #[test]
    fn stays_put_within_the_margin() {
        assert_eq!(run(Some(16), 500_000.0, 520_000.0).0, Some(16));
        assert_eq!(run(None, 520_000.0, 500_000.0).0, None);
    }

    #[test]
    fn a_trial_tries_the_other_way_and_comes_back() {
        // The other way for a trial's first half, the one in use for its second half:
        // two switches.
        assert_eq!(run(Some(16), 500_000.0, 500_000.0), (Some(16), 2));
        assert_eq!(run(None, 500_000.0, 500_000.0), (None, 2));
    }

    #[test]
    fn the_epoch_after_a_switch_is_not_measured() {
        let mut tuner = EarlyWriteTuner::new(None);
        let ms = Duration::from_millis;
        // The epoch before the trial; then early writes, whose first epoch still answers
        // requests gathered before (fast, not counted); then gathered ones, whose first
        // epoch still answers requests written early (fast too, not counted).
        tuner.epoch_done(EPOCH, ms(2));
        tuner.epoch_done(EPOCH, ms(1));
        for _ in 0..TRIAL_EPOCHS {
            tuner.epoch_done(EPOCH, ms(4));
        }
        tuner.epoch_done(EPOCH, ms(1));
        for _ in 0..TRIAL_EPOCHS {
            tuner.epoch_done(EPOCH, ms(2));
        }
        assert_eq!(tuner.settled(), None);
    }

    #[test]
    fn one_paused_epoch_does_not_decide() {
        let mut tuner = EarlyWriteTuner::new(None);
        let ms = Duration::from_millis;
        // The epoch before the trial, then the trial: early writes (tried first) answer in
        // 1 ms but once took 9 (the process was paused); gathered ones take 2 ms.
        tuner.epoch_done(EPOCH, ms(2));
        for early in [ms(1), ms(1), ms(9), ms(1)] {
            tuner.epoch_done(EPOCH, early);
        }
        for _ in 0..PHASE_EPOCHS {
            tuner.epoch_done(EPOCH, ms(2));
        }
        assert_eq!(tuner.settled(), Some(16));
    }

    #[test]
    fn lone_requests_are_not_measured() {
        let mut tuner = EarlyWriteTuner::new(Some(16));
        for _ in 0..10 * EPOCH {
            let read = tuner.delivered(1, 1, 0, || unreachable!(), || unreachable!());
            assert_eq!(read, None);
        }
        assert_eq!(tuner.counted, 0);
    }

    #[test]
    fn idle_time_between_bursts_is_left_out() {
        let mut tuner = EarlyWriteTuner::new(Some(16));
        let t0 = Instant::now();
        let at = |micros| t0 + Duration::from_micros(micros);
        // A burst from 0 to 300 µs: reads at 100 and 200 leave requests waiting, the one
        // at 300 answers the last.
        tuner.delivered(32, 64, 32, || at(0), || unreachable!());
        tuner.delivered(16, 32, 16, || unreachable!(), || unreachable!());
        tuner.delivered(16, 16, 0, || unreachable!(), || at(300));
        // Idle for a second; the next burst's first request comes at 1 s, its replies by
        // 1 s + 150 µs.
        tuner.delivered(8, 8, 0, || at(1_000_000), || at(1_000_150));
        assert_eq!(tuner.counted, 72);
        assert_eq!(tuner.busy, Duration::from_micros(450));
    }

    #[test]
    fn a_long_burst_is_cut_into_epochs() {
        let mut tuner = EarlyWriteTuner::new(Some(16));
        let t0 = Instant::now();
        // Reads of half an epoch's replies that always leave requests waiting: the second
        // read ends the first epoch at 2 ms, and the next one starts there.
        let half = EPOCH / 2;
        tuner.delivered(half, half + 88, 88, || t0, || unreachable!());
        let end = || t0 + Duration::from_millis(2);
        tuner.delivered(half, half + 88, 88, || unreachable!(), end);
        assert_eq!((tuner.counted, tuner.busy), (0, Duration::ZERO));
        assert_eq!(tuner.start, Some(t0 + Duration::from_millis(2)));
    }
}
