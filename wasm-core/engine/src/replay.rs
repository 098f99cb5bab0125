//! One replay for every run (algorithm-visualizer's player: a run is events + a cursor).
//!
//! A simulation that moves one step at a time and can be copied is a [`Stepper`]; a
//! [`Replay`] drives it: it counts the steps (the cursor), records the events of the last step
//! call when asked, keeps copies of the state spread over the run (snapshots, within one memory
//! budget), and seeks to any position exactly by replaying from the nearest copy before it.
//! Runs are deterministic, so stepping back is a replay, not an undo. The buffer cache
//! ([`crate::buffer::Run`]) and the library cache ([`crate::library::Run`]) are both replays;
//! so is any number of instances side by side.

/// Memory the snapshots of one run may take.
pub const SNAPSHOT_BUDGET_BYTES: u64 = 48 << 20;

/// A simulation that advances one step at a time; a clone is a snapshot of it.
pub trait Stepper: Clone {
    type Event;

    /// Do one step; false when there is nothing left to do (nothing was done).
    fn advance(&mut self) -> bool;
    /// Steps done since the start.
    fn position(&self) -> u64;
    /// Start a step call: forget the events of the last one, and record (or not) from now.
    fn begin(&mut self, record: bool);
    /// The events recorded since [`Stepper::begin`].
    fn events(&self) -> &[Self::Event];
    /// A rough size of one copy, for the snapshot budget.
    fn approx_bytes(&self) -> u64;
    /// The run's length, once a dry run has found it (see [`Replay::prime`]); a stepper whose
    /// last step ends differently keeps it.
    fn set_total(&mut self, _total: u64) {}
    /// Run to the end without recording events if the stepper has a faster way than
    /// stepping, and say so (the replay then takes no snapshots on the way); false: step.
    fn finish(&mut self) -> bool {
        false
    }
}

/// What every run is: a [`Replay`] with a scenario around it. The playback a run offers (step,
/// run to the end, seek, reset, record, position, events) is written once, here.
pub trait Replayed {
    type State: Stepper;
    fn replay(&self) -> &Replay<Self::State>;
    fn replay_mut(&mut self) -> &mut Replay<Self::State>;

    /// Record events while stepping (off by default: a full-speed run needs none).
    fn set_record(&mut self, on: bool) {
        self.replay_mut().set_record(on);
    }
    /// Take no more snapshots: for a run that only goes forward (a sweep's point).
    fn forward_only(&mut self) {
        self.replay_mut().forward_only();
    }
    fn position(&self) -> u64 {
        self.replay().position()
    }
    /// The events of the last step call.
    fn events(&self) -> &[<Self::State as Stepper>::Event] {
        self.replay().events()
    }
    /// Up to `n` steps; returns how far the position moved.
    fn step(&mut self, n: u64) -> u64 {
        self.replay_mut().step(n)
    }
    /// Run to the end without recording events.
    fn run_to_end(&mut self) -> u64 {
        self.replay_mut().run_to_end()
    }
    /// The model error that stopped the run, if any: the run goes no further (it may be
    /// short of its end), and its report covers what was done.
    fn fault(&self) -> Option<&crate::SimError> {
        None
    }
    /// Go to position `target` exactly (see [`Replay::seek`]).
    fn seek(&mut self, target: u64) {
        self.replay_mut().seek(target);
    }
    fn reset(&mut self) {
        self.replay_mut().reset();
    }
}

/// A stepper with a cursor, events and snapshots.
#[derive(Clone)]
pub struct Replay<S: Stepper> {
    state: S,
    initial: S,
    /// Snapshots in position order, each with its approximate size.
    snapshots: Vec<(u64, S)>,
    snapshot_bytes: u64,
    /// Positions between snapshots, and where the next one is taken.
    every: u64,
    next_mark: u64,
    total: u64,
    record: bool,
}

impl<S: Stepper> Replay<S> {
    /// A replay of `initial`, `total` steps long, with a snapshot every `every` steps (more
    /// apart once the budget is full).
    pub fn new(initial: S, total: u64, every: u64) -> Replay<S> {
        let every = every.max(1);
        Replay {
            state: initial.clone(),
            initial,
            snapshots: Vec::new(),
            snapshot_bytes: 0,
            every,
            next_mark: every,
            total,
            record: false,
        }
    }

    /// A dry run from the start to the end: its length becomes the total, with snapshots
    /// spread over all of it; `at_end` reads what it needs of the final state; then back to
    /// the start. For a stepper whose length is known only by running it.
    pub fn prime<T>(&mut self, at_end: impl FnOnce(&S) -> T) -> T {
        self.state.begin(false);
        while self.advance() {}
        let total = self.state.position();
        let out = at_end(&self.state);
        self.total = total;
        for (_, s) in &mut self.snapshots {
            s.set_total(total);
        }
        self.initial.set_total(total);
        self.reset();
        out
    }

    /// Record events while stepping (off by default: a full-speed run needs none).
    pub fn set_record(&mut self, on: bool) {
        self.record = on;
    }
    /// Take no more snapshots (a seek back then replays from the start or the last snapshot
    /// taken): a run that only goes forward to its end copies its state for nothing.
    pub fn forward_only(&mut self) {
        self.next_mark = u64::MAX;
    }
    pub fn state(&self) -> &S {
        &self.state
    }
    pub fn position(&self) -> u64 {
        self.state.position()
    }
    pub fn total(&self) -> u64 {
        self.total
    }
    /// The events of the last step call.
    pub fn events(&self) -> &[S::Event] {
        self.state.events()
    }

    #[inline]
    fn advance(&mut self) -> bool {
        if !self.state.advance() {
            return false;
        }
        if self.state.position() >= self.next_mark {
            self.snapshot();
        }
        true
    }

    /// Keep a copy of the state; over the budget, keep every other copy and take them half as
    /// often, so that they stay spread over the whole run.
    #[cold]
    fn snapshot(&mut self) {
        let bytes = self.state.approx_bytes();
        while !self.snapshots.is_empty() && self.snapshot_bytes + bytes > SNAPSHOT_BUDGET_BYTES {
            let mut k = 0;
            self.snapshots.retain(|_| {
                k += 1;
                k % 2 == 0
            });
            self.snapshot_bytes = self.snapshots.iter().map(|(b, _)| b).sum();
            self.every = self.every.saturating_mul(2);
        }
        self.next_mark = self.state.position().saturating_add(self.every);
        let mut snap = self.state.clone();
        snap.begin(false);
        self.snapshot_bytes += bytes;
        self.snapshots.push((bytes, snap));
    }

    /// Up to `n` steps; returns how far the position moved.
    pub fn step(&mut self, n: u64) -> u64 {
        self.state.begin(self.record);
        let start = self.position();
        let mut done = 0;
        while done < n && self.advance() {
            done += 1;
        }
        self.position() - start
    }

    /// Step until `stop` says the state has reached the end of a larger unit (an execution, a
    /// statement), or the run ends; returns how far the position moved.
    pub fn step_until(&mut self, mut stop: impl FnMut(&S) -> bool) -> u64 {
        self.state.begin(self.record);
        let start = self.position();
        while self.advance() {
            if stop(&self.state) {
                break;
            }
        }
        self.position() - start
    }

    /// Run to the end without recording events; returns how far the position moved.
    pub fn run_to_end(&mut self) -> u64 {
        let start = self.position();
        self.state.begin(false);
        if !self.state.finish() {
            while self.advance() {}
        }
        self.state.begin(self.record);
        self.position() - start
    }

    /// Go to position `target` exactly: from the latest snapshot before it (or from where the
    /// run is, if that is nearer), replay. The events are those of the last step, as if it had
    /// just been stepped.
    pub fn seek(&mut self, target: u64) {
        let target = target.min(self.total);
        let i = self
            .snapshots
            .partition_point(|(_, s)| s.position() < target);
        let snap = i.checked_sub(1).map(|i| &self.snapshots[i].1);
        let snap_pos = snap.map_or(self.initial.position(), |s| s.position());
        if target <= self.position() || snap_pos > self.position() {
            self.state = snap.unwrap_or(&self.initial).clone();
        }
        self.state.begin(false);
        while self.position() + 1 < target && self.advance() {}
        self.state.begin(self.record);
        if self.position() < target {
            self.advance();
        }
    }

    /// Back to the start (snapshots are kept: the run is the same).
    pub fn reset(&mut self) {
        self.state = self.initial.clone();
        self.state.begin(self.record);
    }

    /// How many snapshots are kept, and their approximate bytes.
    pub fn snapshot_usage(&self) -> (usize, u64) {
        (self.snapshots.len(), self.snapshot_bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A counter whose state after n steps is a pure function of n; it records the positions
    /// it reaches.
    #[derive(Clone)]
    struct Count {
        pos: u64,
        end: u64,
        value: u64,
        record: bool,
        events: Vec<u64>,
        bytes: u64,
    }

    impl Stepper for Count {
        type Event = u64;
        fn advance(&mut self) -> bool {
            if self.pos == self.end {
                return false;
            }
            self.pos += 1;
            self.value = self
                .value
                .wrapping_mul(6364136223846793005)
                .wrapping_add(self.pos);
            if self.record {
                self.events.push(self.pos);
            }
            true
        }
        fn position(&self) -> u64 {
            self.pos
        }
        fn begin(&mut self, record: bool) {
            self.events.clear();
            self.record = record;
        }
        fn events(&self) -> &[u64] {
            &self.events
        }
        fn approx_bytes(&self) -> u64 {
            self.bytes
        }
    }

    fn count(end: u64, bytes: u64) -> Count {
        Count {
            pos: 0,
            end,
            value: 1,
            record: false,
            events: Vec::new(),
            bytes,
        }
    }

    fn value_at(n: u64) -> u64 {
        let mut c = count(n, 0);
        while c.advance() {}
        c.value
    }

    #[test]
    fn seek_either_way_is_exact_and_replays_the_last_step_with_its_events() {
        let mut r = Replay::new(count(10_000, 100), 10_000, 512);
        r.set_record(true);
        for target in [7_000, 3, 9_999, 512, 513, 0, 10_000, 4_096, 4_095] {
            r.seek(target);
            assert_eq!(r.position(), target);
            assert_eq!(r.state().value, value_at(target));
            let want: Vec<u64> = if target == 0 { vec![] } else { vec![target] };
            assert_eq!(r.events(), want.as_slice(), "events at {target}");
        }
    }

    #[test]
    fn snapshots_are_taken_at_the_frontier_only_and_stay_in_budget() {
        let mut r = Replay::new(count(100_000, SNAPSHOT_BUDGET_BYTES / 10), 100_000, 1_000);
        r.run_to_end();
        let (n, bytes) = r.snapshot_usage();
        assert!(n <= 10 && bytes <= SNAPSHOT_BUDGET_BYTES, "{n} {bytes}");
        let positions: Vec<u64> = r.snapshots.iter().map(|(_, s)| s.pos).collect();
        assert!(positions.windows(2).all(|w| w[0] < w[1]), "{positions:?}");
        // spread over the whole run, not stopped when the budget was first full
        assert!(*positions.last().unwrap() > 50_000, "{positions:?}");
        // going back and forward again takes none twice
        r.seek(10);
        r.run_to_end();
        assert_eq!(r.snapshot_usage().0, n);
    }

    #[test]
    fn a_forward_only_run_takes_no_snapshots_and_still_seeks_exactly() {
        let mut r = Replay::new(count(10_000, 100), 10_000, 512);
        r.forward_only();
        r.run_to_end();
        assert_eq!(r.snapshot_usage().0, 0);
        r.seek(4_321);
        assert_eq!(r.state().value, value_at(4_321));
    }

    #[test]
    fn prime_finds_the_length_and_returns_to_the_start() {
        let mut r = Replay::new(count(777, 1), 0, 100);
        assert_eq!(r.prime(|s| s.pos), 777);
        assert_eq!((r.position(), r.total()), (0, 777));
        assert_eq!(r.snapshot_usage().0, 7);
        r.seek(777);
        assert_eq!(r.state().value, value_at(777));
    }

    #[test]
    fn step_until_stops_after_the_step_that_reaches_the_unit() {
        let mut r = Replay::new(count(100, 1), 100, 10);
        assert_eq!(r.step_until(|s| s.pos % 7 == 0), 7);
        assert_eq!(r.step_until(|s| s.pos % 7 == 0), 7);
        assert_eq!(r.step(1_000), 86);
        assert_eq!(r.step(1), 0);
    }
}
