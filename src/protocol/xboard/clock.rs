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

    /// The move goes out now: what our clock should read at the next `time`.
    pub(super) fn move_sent(&mut self, inc_ms: u64) {
        // Not with `st` or `nps` (no clock, or a clock counted in nodes).
        self.expected_ms = match (self.time_cs, self.time_at, self.per_move_ms.or(self.nps)) {
            (Some(cs), Some(at), None) => {
                Some(cs * 10 - at.elapsed().as_millis() as i64 + inc_ms as i64)
            }
            _ => None,
        };
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
        c.move_sent(0);
        // We took 300 ms of 10 s; the GUI reports 9.6 s: it took about 100 ms more.
        c.time_received(960);
        assert!((95..=105).contains(&c.lag_ms), "{}", c.lag_ms);
        // A move without lag lowers the estimate slowly.
        c.time_cs = Some(960);
        c.time_at = Some(Instant::now());
        c.move_sent(0);
        c.time_received(960);
        assert!((70..=80).contains(&c.lag_ms), "{}", c.lag_ms);
        // A clock that grew is no sample of lag; nor is a second `time`.
        c.time_at = Some(Instant::now());
        c.move_sent(0);
        c.time_received(12_000);
        c.time_received(100);
        assert!((50..=60).contains(&c.lag_ms), "{}", c.lag_ms);
        // No clock per move with `st`.
        c.per_move_ms = Some(1_000);
        c.move_sent(0);
        assert_eq!(c.expected_ms, None);
    }
}
