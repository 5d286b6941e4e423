//! The clock XBoard sets (`level`, `st`, `sd`, `nps`, `time`, `otim`) and the lag the GUI adds
//! to every move, measured from the clock it reports.

use super::command::Level;
use std::time::Instant;

/// The clock and limits the GUI set.
#[derive(Default)]
pub(super) struct Clock {
    pub(super) level: Option<Level>,
    /// The game's ply count when `level` arrived (0 after `new` or `setboard`): a session's
    /// moves count from there.
    pub(super) level_ply: usize,
    /// `st`: exactly this long per move.
    pub(super) per_move_ms: Option<u64>,
    pub(super) depth: Option<i32>,
    pub(super) nps: Option<u64>,
    /// Centiseconds, from `time` and `otim`.
    pub(super) time_cs: Option<i64>,
    pub(super) otim_cs: Option<i64>,
    /// When `time` arrived (the engine's clock runs from then while it is on move).
    pub(super) time_at: Option<Instant>,
    /// Our clock, in milliseconds, as the next `time` should give it if the GUI charged
    /// only the time we took for our last move (set when the move goes out).
    pub(super) expected_ms: Option<i64>,
    /// What the GUI takes from our clock on each move beyond that (its own delays), from
    /// the difference, kept as a slowly falling maximum; paid on every move planned.
    pub(super) lag_ms: u64,
    /// Our clock as we count it ourselves, in milliseconds, for a GUI that sends no `time`
    /// (one that refused the `time` feature): the level's base less what our moves took,
    /// plus its increments and its next session's base. `None`: the base, untouched.
    pub(super) own_ms: Option<i64>,
    /// When our clock started running for the move being thought about.
    pub(super) own_since: Option<Instant>,
    /// `own_ms` before each of our moves, with the game's ply count after it: a take-back
    /// (`undo`, `remove`) gives the clock back as it was, as the GUI's own clock does.
    pub(super) own_before: Vec<(usize, Option<i64>)>,
}

/// A larger difference between the clock we expect and the GUI's is not lag (the GUI set
/// the clock, or time was added).
const MAX_GUI_LAG_MS: i64 = 2_000;

/// `st`: XBoard forfeits a move that takes longer than the limit by its own watch, which
/// starts when it sends the opponent's move: its delays (under Xvfb 75–100 ms were seen, and
/// a loaded machine adds more before the engine even reads the move) count. A fifth of the
/// limit, at most a second, is kept back (on top of `Move Overhead`).
const PER_MOVE_RESERVE_PERMILLE: u64 = 200;
const PER_MOVE_RESERVE_MAX_MS: u64 = 1_000;

impl Clock {
    /// The time to search for a move under `st`, if set.
    pub(super) fn per_move_search_ms(&self) -> Option<u64> {
        self.per_move_ms.map(|ms| {
            let reserve = (ms * PER_MOVE_RESERVE_PERMILLE / 1000).min(PER_MOVE_RESERVE_MAX_MS);
            (ms - reserve).max(1)
        })
    }

    /// The move goes out now: what our clock should read at the next `time`; without any
    /// `time` from the GUI, our own count of it. `session_done`: this move was the last of a
    /// session of `level`'s moves, whose base is then added again.
    pub(super) fn move_sent(&mut self, level: Level, session_done: bool, ply_after: usize) {
        let inc_ms = level.inc_ms as i64;
        // Not with `st` or `nps` (no clock, or a clock counted in nodes).
        let timed = self.per_move_ms.or(self.nps).is_none();
        self.expected_ms = match (self.time_cs, self.time_at, timed) {
            (Some(cs), Some(at), true) => Some(cs * 10 - at.elapsed().as_millis() as i64 + inc_ms),
            _ => None,
        };
        if let (None, Some(since), true) = (self.time_cs, self.own_since.take(), timed) {
            let left = self.own_ms.unwrap_or(level.base_ms as i64);
            let next_session = if session_done {
                level.base_ms as i64
            } else {
                0
            };
            self.own_before.push((ply_after, self.own_ms));
            self.own_ms = Some(left - since.elapsed().as_millis() as i64 + inc_ms + next_session);
        }
    }

    /// The game went back to `ply` (`undo`, `remove`): our clock as it was before the moves
    /// taken back.
    pub(super) fn taken_back(&mut self, ply: usize) {
        while let Some(&(after, before)) = self.own_before.last() {
            if after <= ply {
                break;
            }
            self.own_ms = before;
            self.own_before.pop();
        }
    }

    /// Our own count starts again from the level's base (`new`, `level`).
    pub(super) fn reset_own(&mut self) {
        self.own_ms = None;
        self.own_before.clear();
    }

    /// Our clock in milliseconds for the next move: the GUI's last `time`, or our own count.
    pub(super) fn ours_ms(&self, level: Level) -> u64 {
        match self.time_cs {
            Some(cs) => cs.max(0) as u64 * 10,
            None => self.own_ms.map_or(level.base_ms, |ms| ms.max(0) as u64),
        }
    }

    /// `time` from the GUI: compared with what we expected, the GUI's lag.
    pub(super) fn time_received(&mut self, cs: i64) {
        if let Some(expected) = self.expected_ms.take() {
            let lag = expected - cs * 10;
            self.lag_ms = if (1..=MAX_GUI_LAG_MS).contains(&lag) {
                (lag as u64).max(self.lag_ms * 3 / 4)
            } else {
                self.lag_ms * 3 / 4
            };
            if self.lag_ms > 0 {
                log::debug!("GUI lag estimate {} ms (last move {lag} ms)", self.lag_ms);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NO_INCREMENT: Level = Level {
        moves: 0,
        base_ms: 10_000,
        inc_ms: 0,
    };

    /// The GUI's lag is what it took from our clock beyond our own time: measured between the
    /// move sent and the next `time`, kept as a falling maximum, not taken from a clock that
    /// grew (time added) or with `st`.
    #[test]
    fn gui_lag_is_measured_from_the_clock() {
        let mut c = Clock {
            time_cs: Some(1_000),
            time_at: Some(Instant::now() - std::time::Duration::from_millis(300)),
            ..Clock::default()
        };
        c.move_sent(NO_INCREMENT, false, 1);
        // We took 300 ms of 10 s; the GUI reports 9.6 s: it took about 100 ms more.
        c.time_received(960);
        assert!((95..=105).contains(&c.lag_ms), "{}", c.lag_ms);
        // A move without lag lowers the estimate slowly.
        c.time_cs = Some(960);
        c.time_at = Some(Instant::now());
        c.move_sent(NO_INCREMENT, false, 1);
        c.time_received(960);
        assert!((70..=80).contains(&c.lag_ms), "{}", c.lag_ms);
        // A clock that grew is no sample of lag; nor is a second `time`.
        c.time_at = Some(Instant::now());
        c.move_sent(NO_INCREMENT, false, 1);
        c.time_received(12_000);
        c.time_received(100);
        assert!((50..=60).contains(&c.lag_ms), "{}", c.lag_ms);
        // No clock per move with `st`.
        c.per_move_ms = Some(1_000);
        c.move_sent(NO_INCREMENT, false, 1);
        assert_eq!(c.expected_ms, None);
    }

    /// A GUI that sends no `time` (it refused the feature): the engine counts its own clock
    /// down from the level's base, move by move, with the increment and each new session's
    /// base; it planned every move on the full base and lost on time (session 52's audit).
    #[test]
    fn without_time_the_engine_counts_its_own_clock() {
        let level = Level {
            moves: 2,
            base_ms: 2_000,
            inc_ms: 100,
        };
        let mut c = Clock::default();
        assert_eq!(c.ours_ms(level), 2_000);
        let took = |ms| Some(Instant::now() - std::time::Duration::from_millis(ms));
        c.own_since = took(300);
        c.move_sent(level, false, 1);
        let first = c.ours_ms(level);
        assert!((1_750..=1_800).contains(&first), "{first}");
        c.own_since = took(500);
        c.move_sent(level, true, 3);
        let left = c.ours_ms(level);
        assert!((3_350..=3_400).contains(&left), "{left}");
        // A move that did not start our clock (no search) changes nothing.
        c.move_sent(level, false, 5);
        assert_eq!(c.ours_ms(level), left);
        // Taking the second move back gives its time and the session's base back, once.
        c.taken_back(2);
        assert_eq!(c.ours_ms(level), first);
        c.taken_back(2);
        assert_eq!(c.ours_ms(level), first);
        c.taken_back(0);
        assert_eq!(c.ours_ms(level), 2_000);
        // Once the GUI sends `time`, its clock counts.
        c.time_cs = Some(50);
        c.own_since = took(100);
        c.move_sent(level, false, 7);
        assert_eq!(c.ours_ms(level), 500);
    }
}
