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
//! reply that left it idle again, and the replies in between. A short pause between two
//! bursts counts too (see [`gap_allowed`]): it is the callers' own turn, reading replies and
//! making the next requests, which is what writing early overlaps with the server's work.
//! Longer idle time is left out, and so are lone requests, for which the way does not
//! matter: on a lightly used connection the clock is read once per request that finds the
//! connection idle, and the tuner never.

use crate::support::trace;
use std::time::{Duration, Instant};

/// Replies per measured epoch, at least.
pub(super) const EPOCH: usize = 128;

/// Rounds of its callers (a reply each) per epoch, at least. With many callers one read
/// may deliver most of a round: an epoch of a fixed count would take a large delivery and
/// the short wait for it in one epoch, a small one and a long wait in the next, and their
/// rates would say nothing alone.
const EPOCH_ROUNDS: usize = 2;

/// Replies of an epoch in which at most `callers` requests waited at once.
fn epoch_len(callers: usize) -> usize {
    EPOCH.max(EPOCH_ROUNDS.saturating_mul(callers))
}

/// Measured epochs of each way per trial.
const TRIAL_EPOCHS: usize = 3;

/// Rounds of its callers (a reply each) the other way runs in a trial before it is
/// measured. Right after a switch, the callers still move to the old way's rhythm: when
/// early writes stop, they answer in staggered groups for a while, nearly as fast as early
/// writes, before they fall into step in one burst each round (measured: fewer than 20
/// rounds of 64 callers).
const SETTLE_ROUNDS: usize = 24;

/// The fewest and the most epochs the other way runs before it is measured.
const SETTLE_EPOCHS: (usize, usize) = (1, 64);

/// Busy epochs before the first trial: the first replies of a process pay for its warm-up.
const FIRST_TRIAL_AFTER: u32 = 4;

/// Epochs between trials.
const SETTLED_EPOCHS: u32 = 1024;

/// The other way is taken when it answers this much faster (a ratio of rates).
const MARGIN: f64 = 1.1;

/// The longest pause after a burst of `replies` that counts as busy time: 50 µs per reply
/// of the burst, and at least 1 ms. Without it, a connection that never writes early would be
/// measured only while the server works: the callers' turn in between, reading the replies
/// and making the next requests (about 1.5 ms for 1,024 callers that do nothing else),
/// would be left out, although writing early is what lets the server work during it. A
/// longer pause is the application having nothing to send.
fn gap_allowed(replies: usize) -> Duration {
    const LEAST: Duration = Duration::from_millis(1);
    const PER_REPLY: Duration = Duration::from_micros(50);
    PER_REPLY
        .saturating_mul(u32::try_from(replies).unwrap_or(u32::MAX))
        .max(LEAST)
}

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
    /// Replies of the burst in progress.
    burst: usize,
    /// When the last burst ended and how long a pause after it counts, while the
    /// connection is idle after it.
    idle_since: Option<(Instant, Duration)>,
    /// The current epoch: the replies and the busy time counted so far, and the most
    /// requests seen waiting at once.
    counted: usize,
    callers: usize,
    busy: Duration,
    /// A trial in progress: its epochs so far, and each way's measured rates.
    trial: Option<Trial>,
    /// Epochs left before the next trial.
    until_trial: u32,
}

#[derive(Debug, Default)]
struct Trial {
    epochs: usize,
    /// The most requests seen waiting at once: the callers of the connection.
    callers: usize,
    /// Epochs the other way settles in before it is measured, once it is known.
    settle: usize,
    /// Each way's epochs, in replies per second of busy time.
    rates: [[f64; TRIAL_EPOCHS]; 2],
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
            burst: 0,
            idle_since: None,
            counted: 0,
            callers: 0,
            busy: Duration::ZERO,
            trial: None,
            until_trial: FIRST_TRIAL_AFTER,
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
            self.idle_since = None;
            return None;
        }
        let start = match self.start {
            Some(start) => start,
            None => {
                let start = busy_since();
                if let Some((idle_since, allowed)) = self.idle_since.take() {
                    let gap = start.saturating_duration_since(idle_since);
                    if gap <= allowed {
                        self.busy += gap;
                    }
                }
                self.burst = 0;
                *self.start.insert(start)
            }
        };
        self.counted += answered;
        self.burst += answered;
        self.callers = self.callers.max(waiting);
        if let Some(trial) = &mut self.trial {
            trial.callers = trial.callers.max(waiting);
        }
        let len = epoch_len(self.callers);
        if left > 0 && self.counted < len {
            return None;
        }
        let now = now();
        self.busy += now.saturating_duration_since(start);
        // Once nothing waits, the connection may sit idle: the next busy time begins with
        // the next request, and the pause counts if it is short.
        self.start = (left > 0).then_some(now);
        self.idle_since = (left == 0).then(|| (now, gap_allowed(self.burst)));
        if self.counted < len {
            return None;
        }
        self.callers = 0;
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
                    self.trial = Some(Trial::default());
                }
            }
            Some(trial) => {
                // The way in use is measured first, as it has been running (after the
                // other way, it would still move to the other's rhythm); then the other
                // way, once it has settled in.
                let epoch = trial.epochs;
                trial.epochs += 1;
                let rate = replies as f64 / elapsed.as_secs_f64().max(1e-9);
                if epoch < TRIAL_EPOCHS {
                    trial.rates[self.way][epoch] = rate;
                    if trial.epochs == TRIAL_EPOCHS {
                        let (fewest, most) = SETTLE_EPOCHS;
                        let rounds = SETTLE_ROUNDS.saturating_mul(trial.callers);
                        let epoch = epoch_len(trial.callers);
                        trial.settle = rounds.div_ceil(epoch).clamp(fewest, most);
                        self.way = 1 - self.settled;
                    }
                } else if epoch >= TRIAL_EPOCHS + trial.settle {
                    trial.rates[self.way][epoch - TRIAL_EPOCHS - trial.settle] = rate;
                }
                if trial.epochs == 2 * TRIAL_EPOCHS + trial.settle {
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

    /// Epochs of the longest trial.
    const LONGEST_TRIAL: usize = 2 * TRIAL_EPOCHS + SETTLE_EPOCHS.1;

    /// Feeds epochs in which early writes answer `early` replies per second and gathered
    /// ones `gathered` (reads of 64 replies, 64 waiting and none left, the next requests
    /// made 1 µs later), until the tuner settles after a trial; returns what it chose and
    /// how often it switched.
    fn run(start: Option<usize>, early: f64, gathered: f64) -> (Option<usize>, usize) {
        let mut tuner = EarlyWriteTuner::new(start);
        let mut now = Instant::now();
        let mut switches = 0;
        let mut way = start.unwrap_or(usize::MAX);
        // The busy epochs before the trial, a whole trial, and a few settled epochs after.
        for _ in 0..(FIRST_TRIAL_AFTER as usize + LONGEST_TRIAL + 2) * (EPOCH / 64) {
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
        // The one in use, then the other way, then back: two switches.
        assert_eq!(run(Some(16), 500_000.0, 500_000.0), (Some(16), 2));
        assert_eq!(run(None, 500_000.0, 500_000.0), (None, 2));
    }

    /// Feeds the epochs before the first trial and the trial's measure of the way in use,
    /// all taking `current`; then the other way's, settling in at `settling` and measured
    /// at `measured`.
    fn trial(
        tuner: &mut EarlyWriteTuner,
        current: Duration,
        settling: Duration,
        measured: [Duration; TRIAL_EPOCHS],
    ) {
        for _ in 0..FIRST_TRIAL_AFTER as usize + TRIAL_EPOCHS {
            tuner.epoch_done(EPOCH, current);
        }
        let settle = tuner.trial.as_ref().map(|t| t.settle).unwrap();
        assert_eq!(settle, SETTLE_EPOCHS.0, "no callers were seen");
        for _ in 0..settle {
            tuner.epoch_done(EPOCH, settling);
        }
        for epoch in measured {
            tuner.epoch_done(EPOCH, epoch);
        }
        assert!(tuner.trial.is_none(), "the trial is over");
    }

    #[test]
    fn the_other_way_is_measured_once_settled_in() {
        // Gathering takes 2 ms an epoch. Early writes are fast while they still answer
        // requests gathered before (1 ms, not counted), then slow (4 ms).
        let ms = Duration::from_millis;
        let mut tuner = EarlyWriteTuner::new(None);
        trial(&mut tuner, ms(2), ms(1), [ms(4); TRIAL_EPOCHS]);
        assert_eq!(tuner.settled(), None);
    }

    #[test]
    fn the_other_way_settles_in_for_rounds_of_the_callers() {
        let settle = |callers: usize| {
            let mut tuner = EarlyWriteTuner::new(None);
            let mut now = Instant::now();
            while tuner.trial.as_ref().is_none_or(|t| t.epochs < TRIAL_EPOCHS) {
                let start = now;
                now += Duration::from_micros(50);
                tuner.delivered(callers, callers, 0, || start, || now);
            }
            tuner.trial.as_ref().unwrap().settle
        };
        // 24 rounds of 8, 64 and 1,024 callers, in epochs of 128 replies or two rounds.
        assert_eq!(settle(8), 2);
        assert_eq!(settle(64), 12);
        assert_eq!(settle(1024), 12);
    }

    #[test]
    fn one_paused_epoch_does_not_decide() {
        // Gathering takes 2 ms an epoch; early writes 1 ms, but once 9 (the process was
        // paused).
        let ms = Duration::from_millis;
        let mut tuner = EarlyWriteTuner::new(None);
        trial(&mut tuner, ms(2), ms(1), [ms(1), ms(9), ms(1)]);
        assert_eq!(tuner.settled(), Some(16));
    }

    /// The measure that decides between the ways: callers that take 60 µs to read 64
    /// replies and make the next requests, and a server that takes 60 µs to answer them.
    /// Gathered, each round waits for the callers (the pause between bursts), then for the
    /// server; written early, the two overlap. With pauses left out, both would measure 64
    /// replies per 60 µs, and gathering would stay.
    #[test]
    fn the_callers_turn_counts_against_gathering() {
        let mut tuner = EarlyWriteTuner::new(None);
        let mut now = Instant::now();
        let mut way = usize::MAX;
        for _ in 0..(FIRST_TRIAL_AFTER as usize + LONGEST_TRIAL + 2) * (EPOCH / 64) {
            let pause = if way == usize::MAX { 60 } else { 0 };
            let start = now + Duration::from_micros(pause);
            now = start + Duration::from_micros(60);
            if let Some(n) = tuner.delivered(64, 64, 0, || start, || now) {
                way = n;
            }
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

    /// A clock for a test: the instant `micros` microseconds after the test began.
    fn clock() -> impl Fn(u64) -> Instant {
        let t0 = Instant::now();
        move |micros| t0 + Duration::from_micros(micros)
    }

    #[test]
    fn idle_time_between_bursts_is_left_out() {
        let mut tuner = EarlyWriteTuner::new(Some(16));
        let at = clock();
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
    fn a_short_pause_between_bursts_counts() {
        let mut tuner = EarlyWriteTuner::new(None);
        let at = clock();
        // Two bursts of 16, 0 to 100 µs and 160 to 260 µs: the 60 µs between them were
        // the callers' turn, and count.
        tuner.delivered(16, 16, 0, || at(0), || at(100));
        tuner.delivered(8, 16, 8, || at(160), || unreachable!());
        tuner.delivered(8, 8, 0, || unreachable!(), || at(260));
        assert_eq!(tuner.counted, 32);
        assert_eq!(tuner.busy, Duration::from_micros(260));
        // A lone request between the next two bursts: the pause before it does not count.
        tuner.delivered(1, 1, 0, || unreachable!(), || unreachable!());
        tuner.delivered(8, 8, 0, || at(300), || at(310));
        assert_eq!(tuner.busy, Duration::from_micros(270));
    }

    #[test]
    fn the_pause_allowed_grows_with_the_burst() {
        let mut tuner = EarlyWriteTuner::new(None);
        let at = clock();
        // After a burst of 40 replies (0 to 100 µs), a pause of 1.9 ms counts (40 callers
        // may take 2 ms); after the next burst of 40 (2,000 to 2,100 µs), one of 2.1 ms
        // does not.
        tuner.delivered(40, 40, 0, || at(0), || at(100));
        tuner.delivered(40, 40, 0, || at(2_000), || at(2_100));
        assert_eq!(tuner.busy, Duration::from_micros(2_100));
        tuner.delivered(40, 40, 0, || at(4_200), || at(4_300));
        assert_eq!(tuner.busy, Duration::from_micros(2_200));
        assert_eq!(gap_allowed(2), Duration::from_millis(1));
    }

    #[test]
    fn an_epoch_spans_two_rounds_of_many_callers() {
        // 1,024 callers, whose replies come in reads of 853 and then 171: an epoch ends
        // with the read that completes 2,048 replies, two whole rounds.
        let mut tuner = EarlyWriteTuner::new(None);
        let at = clock();
        tuner.delivered(853, 1024, 171, || at(0), || at(600));
        tuner.delivered(171, 171, 0, || unreachable!(), || at(970));
        tuner.delivered(853, 1024, 171, || at(990), || at(1_590));
        assert_eq!(tuner.counted, 1_877);
        tuner.delivered(171, 171, 0, || unreachable!(), || at(1_960));
        assert_eq!((tuner.counted, tuner.callers), (0, 0));
        assert_eq!(tuner.until_trial, FIRST_TRIAL_AFTER - 1);
    }

    #[test]
    fn a_long_burst_is_cut_into_epochs() {
        let mut tuner = EarlyWriteTuner::new(Some(16));
        let t0 = Instant::now();
        // Reads of a quarter of an epoch's replies, from 64 callers, that always leave
        // requests waiting: the fourth read ends the first epoch at 2 ms, and the next one
        // starts there.
        let quarter = EPOCH / 4;
        tuner.delivered(quarter, 64, 32, || t0, || unreachable!());
        for _ in 0..2 {
            tuner.delivered(quarter, 64, 32, || unreachable!(), || unreachable!());
        }
        let end = || t0 + Duration::from_millis(2);
        tuner.delivered(quarter, 64, 32, || unreachable!(), end);
        assert_eq!((tuner.counted, tuner.busy), (0, Duration::ZERO));
        assert_eq!(tuner.start, Some(t0 + Duration::from_millis(2)));
    }
}
