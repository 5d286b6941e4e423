//! Time management: a soft limit (do not start another iteration past it) and a hard limit
//! (stop at once), both from the clock, the increment, moves to go and `Move Overhead`.
//! The clock starts when `go` is received and restarts at `ponderhit`.

use super::limits::{SearchLimits, SearchOptions};
use super::params::*;
use crate::types::Color;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

pub struct TimeManager {
    origin: Instant,
    /// Microseconds from `origin` to the moment the clock started (moves at `ponderhit`).
    start_us: AtomicU64,
    /// Milliseconds; `None`: no clock (depth, nodes, infinite).
    soft: Option<u64>,
    hard: Option<u64>,
    /// `movetime`: spend it all; no soft-limit heuristics.
    fixed: bool,
    /// Pondering: the clock does not run until `ponderhit`.
    pondering: AtomicBool,
}

/// (soft, hard) in milliseconds for the side to move.
pub fn budget(limits: &SearchLimits, us: Color, overhead: u64) -> Option<(u64, u64)> {
    if let Some(mt) = limits.movetime {
        let t = mt.saturating_sub(overhead).max(1);
        return Some((t, t));
    }
    if !limits.time.iter().any(Option::is_some) {
        return None;
    }
    let left = limits.time[us.index()].unwrap_or(0);
    let inc = limits.increment[us.index()];
    let avail = left.saturating_sub(overhead + CLOCK_RESERVE_MS).max(1);
    let mtg = limits
        .moves_to_go
        .map_or(DEFAULT_MOVES_TO_GO, |m| m.clamp(1, MAX_MOVES_TO_GO));
    // The increment's share ramps up with the clock, so that a low clock grows back.
    let from = (inc * INCREMENT_RESERVE_FROM).min(INCREMENT_RESERVE_FROM_MAX_MS);
    let full = (inc * INCREMENT_RESERVE_FULL).min(INCREMENT_RESERVE_FULL_MAX_MS);
    let ramp = if avail >= full {
        1000
    } else {
        let healthy = avail.saturating_sub(from) * 1000 / (full - from).max(1);
        INCREMENT_LOW_CLOCK_PERMILLE + healthy * (1000 - INCREMENT_LOW_CLOCK_PERMILLE) / 1000
    };
    // Every move planned costs its overhead too (the time between our answer and the clock's
    // stop), so the moves after this one keep theirs in reserve: a slow GUI in a long
    // sudden-death game takes its toll on every move, not once.
    let planned = avail
        .saturating_sub(overhead * (mtg - 1))
        .max(avail / (2 * mtg));
    let (soft_cap, hard_cap) = budget_caps_permille(mtg);
    let mut soft = planned / mtg + inc * INCREMENT_SHARE_PERMILLE / 1000 * ramp / 1000;
    soft = soft.min(avail * soft_cap / 1000).max(1);
    let hard = (soft * HARD_SOFT_RATIO)
        .min(avail * hard_cap / 1000)
        .max(soft);
    Some((soft, hard))
}

/// The most of the time left (per mille) the soft and the hard limit may take with `mtg`
/// moves to go: more on the last moves before a time control, which refills the clock.
fn budget_caps_permille(mtg: u64) -> (u64, u64) {
    (
        SOFT_MAX_PERMILLE.max(LAST_MOVES_SOFT_PERMILLE / mtg),
        HARD_MAX_PERMILLE.max(LAST_MOVES_HARD_PERMILLE / mtg),
    )
}

impl TimeManager {
    pub fn new(
        limits: &SearchLimits,
        options: &SearchOptions,
        us: Color,
        start: Instant,
    ) -> TimeManager {
        let b = budget(limits, us, options.move_overhead + limits.gui_lag_ms);
        TimeManager {
            origin: start,
            start_us: AtomicU64::new(0),
            soft: b.map(|x| x.0),
            hard: b.map(|x| x.1),
            fixed: limits.movetime.is_some(),
            pondering: AtomicBool::new(limits.ponder),
        }
    }

    /// Milliseconds since the clock started.
    pub fn elapsed_ms(&self) -> u64 {
        let now = self.origin.elapsed().as_micros() as u64;
        now.saturating_sub(self.start_us.load(Ordering::Relaxed)) / 1000
    }

    /// Microseconds since `go` (for nps: pondering time counts).
    pub fn since_go_us(&self) -> u64 {
        self.origin.elapsed().as_micros() as u64
    }

    pub fn pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }

    /// The opponent played the expected move: the clock starts now. Only the first
    /// `ponderhit` starts it; a repeated or late one leaves the running clock alone (it would
    /// otherwise give the move its time again).
    pub fn ponderhit(&self) {
        if !self.pondering.load(Ordering::Acquire) {
            return;
        }
        self.start_us
            .store(self.origin.elapsed().as_micros() as u64, Ordering::Relaxed);
        self.pondering.store(false, Ordering::Release);
    }

    /// A hard limit exists (it may not run yet, while pondering).
    pub fn has_deadline(&self) -> bool {
        self.hard.is_some()
    }

    /// Past the hard limit: stop at once.
    pub fn out_of_time(&self) -> bool {
        self.out_of_time_by(1000)
    }

    /// Past this share (per mille) of the hard limit.
    pub fn out_of_time_by(&self, permille: u64) -> bool {
        match self.hard {
            Some(h) if !self.pondering() => self.elapsed_ms() * 1000 >= h * permille,
            _ => false,
        }
    }

    /// After an iteration: is there time for another? `stable` = iterations with the same
    /// best move.
    pub fn another_iteration(&self, stable: u32) -> bool {
        let Some(soft) = self.soft else { return true };
        if self.pondering() {
            return true;
        }
        let elapsed = self.elapsed_ms();
        if self.fixed {
            return elapsed < soft;
        }
        let scaled = soft * stability_scale(stable) / 1000;
        elapsed < scaled * NEW_ITERATION_PERMILLE / 1000
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(ms: u64, inc: u64) -> SearchLimits {
        SearchLimits {
            time: [Some(ms), Some(ms)],
            increment: [inc, inc],
            ..SearchLimits::default()
        }
    }

    #[test]
    fn budgets_stay_inside_the_clock() {
        for overhead in [0, 10, 50, 100] {
            for ms in [0u64, 1, 5, 20, 50, 100, 300, 1000, 10_000, 600_000] {
                for inc in [0, 10, 100, 1000] {
                    for mtg in [None, Some(1), Some(2), Some(40)] {
                        let mut l = clock(ms, inc);
                        l.moves_to_go = mtg;
                        let (soft, hard) = budget(&l, Color::White, overhead).unwrap();
                        assert!(
                            soft >= 1 && soft <= hard,
                            "{ms}+{inc} mtg {mtg:?}: {soft} {hard}"
                        );
                        // The hard limit leaves the overhead, a reserve and at least 40% of the
                        // clock (15% on the last move before a time control).
                        if ms > overhead + CLOCK_RESERVE_MS + 2 {
                            assert!(
                                hard + overhead + CLOCK_RESERVE_MS <= ms,
                                "{ms}+{inc}: hard {hard}"
                            );
                            let cap = match mtg {
                                Some(1) => LAST_MOVES_HARD_PERMILLE,
                                _ => HARD_MAX_PERMILLE,
                            };
                            assert!(hard * 1000 <= ms * cap, "{ms}+{inc}: hard {hard}");
                        }
                    }
                }
            }
        }
    }

    /// The last move before a time control may spend up to half the clock (soft) and 85%
    /// (hard), since the control refills it; it took at most a quarter (and 60%), the rest
    /// lost. Two moves to go and more keep the usual caps.
    #[test]
    fn the_last_move_before_a_control_takes_more() {
        let last = |mtg| {
            let mut l = clock(10_000, 0);
            l.moves_to_go = Some(mtg);
            budget(&l, Color::White, 10).unwrap()
        };
        let avail = 10_000 - 10 - CLOCK_RESERVE_MS;
        assert_eq!(last(1), (avail / 2, avail * 85 / 100));
        assert_eq!(last(2), (avail / 4, avail * 60 / 100));
        assert_eq!(budget_caps_permille(DEFAULT_MOVES_TO_GO), (250, 600));
    }

    /// The overhead is reserved for every move still planned: a larger overhead gives a
    /// smaller budget in sudden death (by about the overhead, while the clock is healthy).
    #[test]
    fn overhead_is_paid_on_every_move() {
        let l = clock(10_000, 0);
        let (fast, _) = budget(&l, Color::White, 0).unwrap();
        let (slow, _) = budget(&l, Color::White, 100).unwrap();
        assert!(slow + 90 <= fast && slow + 110 >= fast, "{fast} {slow}");
        // A clock too short for the reserve still gets a share of its own.
        let (soft, _) = budget(&clock(500, 0), Color::White, 100).unwrap();
        assert!((1..=500 / DEFAULT_MOVES_TO_GO).contains(&soft), "{soft}");
    }

    /// A low clock keeps part of the increment in play, and a long increment is spent once a
    /// few seconds are banked, not only from 80 increments on.
    #[test]
    fn the_increment_is_spent_on_low_clocks_and_long_increments() {
        let (soft, hard) = budget(&clock(500, 500), Color::White, 10).unwrap();
        assert!((90..=125).contains(&soft) && hard <= 300, "{soft} {hard}");
        // 10+5: the full share from the start (capped at a quarter of the clock).
        let (soft, _) = budget(&clock(10_000, 5_000), Color::White, 10).unwrap();
        assert!(soft >= 2_400, "{soft}");
        // A short increment still rebuilds a low clock: less than the increment is spent.
        let (soft, _) = budget(&clock(150, 10), Color::White, 10).unwrap();
        assert!(soft < 10, "{soft}");
        // At 1+0.01 with a healthy clock, unchanged: a thirtieth and most of the increment.
        let (soft, _) = budget(&clock(1_000, 10), Color::White, 10).unwrap();
        assert_eq!(soft, (1_000 - 15 - 10 * 29) / 30 + 8);
    }

    #[test]
    fn only_the_first_ponderhit_starts_the_clock() {
        let l = SearchLimits {
            ponder: true,
            ..clock(10_000, 0)
        };
        let tm = TimeManager::new(&l, &SearchOptions::default(), Color::White, Instant::now());
        assert!(tm.pondering());
        tm.ponderhit();
        assert!(!tm.pondering());
        std::thread::sleep(std::time::Duration::from_millis(30));
        tm.ponderhit();
        assert!(tm.elapsed_ms() >= 30, "{}", tm.elapsed_ms());
    }

    #[test]
    fn movetime_is_used_whole() {
        let l = SearchLimits {
            movetime: Some(1000),
            ..SearchLimits::default()
        };
        assert_eq!(budget(&l, Color::Black, 30), Some((970, 970)));
        assert_eq!(budget(&SearchLimits::depth(5), Color::White, 30), None);
    }
}
