//! Iterative deepening: one aspiration-window search of the root per depth (and per line with
//! MultiPV), the main thread's reports, its clock decisions and its taking over of a helper's
//! completed iteration (Lazy SMP helpers, see `threads.rs`).

use super::alphabeta::{Role, Root, Worker};
use super::params::*;
use super::score::*;
use super::tt::Bound;
use super::Report;
use crate::types::{Bitboard, Move};
use std::sync::atomic::Ordering;

/// What iterative deepening remembers from one iteration to the next.
struct Progress {
    /// Iterations in a row with the same best move.
    stable: u32,
    last_best: Move,
    reported_best: Move,
}

impl<B: Bitboard, R: Role> Worker<'_, B, R> {
    /// Searches until the limits or the stop flag end it. The main thread reports each
    /// iteration and publishes its choice as it goes.
    pub fn iterate(&mut self) {
        let max_depth = self.s.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let multi_pv = self
            .s
            .options
            .multi_pv
            .clamp(1, self.t.root_moves.len().max(1));
        self.t.stack[0].in_check = self.pos.in_check();
        let mut progress = Progress {
            stable: 0,
            last_best: Move::NULL,
            reported_best: Move::NULL,
        };
        if self.t.root_moves.is_empty() {
            self.wait_if_required();
            return;
        }
        let mut depth = 0;
        while depth < max_depth {
            depth += 1;
            // Lazy SMP: every other Lazy SMP helper (those beyond the split helpers, see
            // `split.rs`) searches one iteration beyond the main thread, so
            // that the threads' searches differ and the main thread finds the next iteration
            // half-done in the table (and takes the helper's result over when it comes first).
            if !R::MAIN && (self.t.id - self.s.split.helpers) % 2 == 1 {
                depth = depth.max(self.s.main_depth.load(Ordering::Relaxed) + 1);
                if depth > max_depth {
                    break;
                }
            }
            if self.t.stopped || self.s.stopped() {
                break;
            }
            if R::MAIN && self.single_line {
                if let Some(adopted) = self.adopt_helper_line(depth) {
                    depth = adopted;
                    if !self.iteration_done(depth, 1, &mut progress) {
                        break;
                    }
                    continue;
                }
            }
            self.t.root_depth = depth;
            if R::MAIN {
                self.s.main_depth.store(depth, Ordering::Relaxed);
            }
            for rm in self.t.root_moves.iter_mut() {
                rm.previous_score = rm.score;
            }
            for pv_index in 0..multi_pv {
                self.t.pv_index = pv_index;
                self.t.seldepth = 0;
                self.aspiration(depth);
                // Keep the lines already found in front, best first.
                self.t.root_moves[..=pv_index].sort_by_key(|r| std::cmp::Reverse(r.score));
                if self.t.stopped {
                    break;
                }
            }
            if self.t.stopped {
                if R::MAIN && self.t.superseded && !self.s.stopped() {
                    // A helper finished this depth first: take its line over (next round).
                    self.t.stopped = false;
                    self.t.superseded = false;
                    for rm in self.t.root_moves.iter_mut() {
                        rm.score = rm.previous_score;
                    }
                    depth -= 1;
                    continue;
                }
                break;
            }
            self.t.completed_depth = depth;
            // Counts are shared every `CLOCK_CHECK_NODES` nodes; an answer given by another
            // thread (`stop`) reads them, so they are at least this iteration's.
            self.share_nodes();
            if !R::MAIN {
                if self.single_line {
                    self.s.helper.offer(depth, &self.t.root_moves[0]);
                }
                continue;
            }
            if !self.iteration_done(depth, multi_pv, &mut progress) {
                break;
            }
        }
        // Before any wait for `stop` or `ponderhit`: the answer they trigger counts these.
        self.share_nodes();
        if R::MAIN {
            // An interrupted iteration may still have found a better move: report it (with
            // one line only: see `negamax`'s root, which publishes it as the answer).
            if self.single_line
                && self.t.root_moves[0].mv != progress.reported_best
                && self.t.completed_depth >= 1
            {
                self.report(self.t.completed_depth, 1);
            }
            self.wait_if_required();
            self.s.request_stop();
        }
    }

    /// The main thread completed iteration `depth` (or took a helper's over): reports it,
    /// publishes the choice, and says whether to go on.
    fn iteration_done(&mut self, depth: i32, multi_pv: usize, progress: &mut Progress) -> bool {
        // Published first: an answer given meanwhile by another thread (the clock's watchdog,
        // `stop`) then has this depth, and the report it makes redundant is dropped.
        self.publish();
        self.report(depth, multi_pv);
        progress.reported_best = self.t.root_moves[0].mv;
        let best = &self.t.root_moves[0];
        if let Some(mate) = self.s.limits.mate {
            if best.score >= mate_in(2 * mate as usize) {
                return false;
            }
        }
        // A forced mate (either way) seen well past its length will not change.
        if self.s.limits.ends_on_proven_mate()
            && is_mate(best.score)
            && depth >= 2 * (MATE - best.score.abs()) + MATE_CONFIRM_PLIES
        {
            return false;
        }
        if best.mv == progress.last_best {
            progress.stable += 1;
        } else {
            progress.stable = 0;
        }
        progress.last_best = best.mv;
        self.s.time.another_iteration(progress.stable)
    }

    /// Lazy SMP: when a helper thread has completed iteration `depth` (or a deeper one), the
    /// main thread takes its line as its own result of that iteration instead of searching it
    /// again. Returns the depth taken over.
    fn adopt_helper_line(&mut self, depth: i32) -> Option<i32> {
        let line = self.s.helper.reaching(depth)?;
        let found = line
            .pv
            .first()
            .and_then(|&first| self.t.root_moves.iter().position(|r| r.mv == first));
        let Some(i) = found else {
            // Cannot happen (the threads share the root moves); searching on alone is safe.
            self.single_line = false;
            return None;
        };
        self.t.root_moves[..=i].rotate_right(1);
        for rm in self.t.root_moves.iter_mut() {
            rm.previous_score = rm.score;
        }
        let rm = &mut self.t.root_moves[0];
        rm.score = line.score;
        rm.bound = Bound::Exact;
        rm.seldepth = line.seldepth;
        rm.pv = line.pv;
        log::debug!("main thread takes over a helper's iteration {}", line.depth);
        self.t.root_depth = line.depth;
        self.t.completed_depth = line.depth;
        Some(line.depth)
    }

    /// The main thread's search is over: `go infinite` and `go ponder` answer only after
    /// `stop` (or `ponderhit`), with the search's own time. The stop flag may be the search's
    /// own (a node budget spent): what ends the wait is the answer `stop` gives.
    fn wait_if_required(&self) {
        if !R::MAIN {
            return;
        }
        self.s.search_ended();
        while (self.s.limits.infinite || self.s.time.pondering())
            && !self.s.answered.load(Ordering::Acquire)
        {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }

    fn aspiration(&mut self, depth: i32) {
        let previous = self.t.root_moves[self.t.pv_index].previous_score;
        let mut delta = ASPIRATION_DELTA;
        let (mut alpha, mut beta) = if depth >= ASPIRATION_MIN_DEPTH && previous.abs() < MATE_BOUND
        {
            (
                (previous - delta).max(-INFINITE),
                (previous + delta).min(INFINITE),
            )
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let score = self.negamax::<Root>(alpha, beta, depth, 0, false);
            let from = self.t.pv_index;
            self.t.root_moves[from..].sort_by_key(|r| std::cmp::Reverse(r.score));
            if self.t.stopped {
                return;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
            } else {
                return;
            }
            delta = aspiration_widen(delta);
            if delta > 1_000 {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }

    /// The current best root move (and the reply to ponder on) for whoever answers.
    fn publish(&self) {
        let rm = &self.t.root_moves[0];
        let (score, bound) = rm.reported_score();
        self.s
            .publish(&rm.pv, score.max(-MATE), bound, self.t.completed_depth);
    }

    fn report(&self, depth: i32, lines: usize) {
        if !R::MAIN {
            return;
        }
        let time_us = self.s.time.since_go_us().max(1);
        let nodes = self.t.nodes
            + self
                .s
                .nodes
                .iter()
                .skip(1)
                .map(|n| n.0.load(Ordering::Relaxed))
                .sum::<u64>();
        let reports = self.t.root_moves.iter().take(lines).enumerate();
        self.s.report(reports.filter_map(|(i, rm)| {
            let (score, bound) = rm.reported_score();
            if score == -INFINITE {
                return None;
            }
            Some(Report {
                depth,
                seldepth: rm.seldepth.max(1),
                multipv: i + 1,
                score: Score::from_internal(score),
                bound,
                nodes,
                nps: super::nodes_per_second(nodes, time_us),
                hashfull: self.s.tt.hashfull(),
                time_ms: time_us / 1000,
                pv: rm.pv.clone(),
            })
        }));
    }
}
