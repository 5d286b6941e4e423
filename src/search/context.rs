//! Search state, separated by who may touch it: `SharedContext` is read (and the stop flag and
//! node counters written) by every thread of one search; `ThreadContext` belongs to one thread
//! and lives on between searches (its histories are only cleared by `ucinewgame`).

use super::eval::{EvalParams, PawnCache};
use super::history::Histories;
use super::limits::{SearchLimits, SearchOptions};
use super::movepick::PlyBuffers;
use super::params::MAX_PLY;
use super::score::Score;
use super::score::{INFINITE, MATE, NONE};
use super::see::SeeValues;
use super::time::TimeManager;
use super::tt::{Bound, TranspositionTable};
use super::{Listener, Outcome, Report};
use crate::types::Move;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// A node counter on its own cache line, written by one thread, read by the main thread.
#[derive(Default)]
#[repr(align(64))]
pub struct NodeCounter(pub AtomicU64);

pub struct SharedContext {
    pub tt: Arc<TranspositionTable>,
    pub stop: AtomicBool,
    /// The answer is out (or going out): it is given once, by whoever comes first of the main
    /// thread at the end, `stop`, and the clock watchdog.
    pub answered: AtomicBool,
    /// The answer was given by a `stop` the input thread acted on ahead of the command loop
    /// (`SearchHandle::stop_and_answer`).
    pub stopped_early: AtomicBool,
    /// The main thread's current line: its best move first, then the expected continuation
    /// (the rest of the turn in games where a turn has several plies, then the reply).
    pub choice: Mutex<ChoiceLine>,
    /// Its score (internal units), for the answer when there is no move.
    pub choice_score: AtomicI32,
    /// Iterations completed when the choice was made.
    pub choice_depth: AtomicI32,
    pub listener: Mutex<Box<dyn Listener>>,
    pub time: TimeManager,
    pub limits: SearchLimits,
    pub options: SearchOptions,
    pub eval: Arc<EvalParams>,
    pub see: SeeValues,
    /// Per thread, published every `CLOCK_CHECK_NODES` nodes and at the end.
    pub nodes: Vec<NodeCounter>,
    /// The deepest iteration a helper thread has completed (single-line searches only): the
    /// main thread takes it over instead of searching that depth itself.
    pub helper: DeepestHelperLine,
    /// The iteration the main thread is searching.
    pub main_depth: AtomicI32,
    /// Where the main thread shares a node's moves with the split helpers.
    pub split: super::split::SplitPoint,
    /// Microseconds from `go` to the end of the search proper (`SEARCHING` while it runs):
    /// the answer to a `stop` after `go infinite` reports the search's time, not the wait's.
    pub searched_us: AtomicU64,
}

/// `SharedContext::searched_us` while the search runs.
pub const SEARCHING: u64 = u64::MAX;

/// A helper thread's result of a completed iteration.
#[derive(Clone, Default, Debug, PartialEq)]
pub struct HelperLine {
    pub depth: i32,
    pub score: i32,
    pub seldepth: usize,
    pub pv: Vec<Move>,
}

/// The deepest iteration completed by any helper thread, with its result.
#[derive(Default)]
pub struct DeepestHelperLine {
    depth: AtomicI32,
    line: Mutex<HelperLine>,
}

impl DeepestHelperLine {
    /// The depth of the deepest line offered so far (0: none).
    #[inline(always)]
    pub fn depth(&self) -> i32 {
        self.depth.load(Ordering::Relaxed)
    }

    /// A helper completed iteration `depth` with `best` first: kept if no helper went as deep
    /// before.
    pub fn offer(&self, depth: i32, best: &RootMove) {
        if depth <= self.depth.load(Ordering::Acquire) {
            return;
        }
        let mut line = self.line.lock().unwrap_or_else(|e| e.into_inner());
        if depth <= line.depth {
            return;
        }
        line.depth = depth;
        line.score = best.score;
        line.seldepth = best.seldepth;
        line.pv.clear();
        line.pv.extend_from_slice(&best.pv);
        self.depth.store(depth, Ordering::Release);
    }

    /// The deepest line, if a helper completed iteration `depth` or a deeper one.
    pub fn reaching(&self, depth: i32) -> Option<HelperLine> {
        if self.depth.load(Ordering::Acquire) < depth {
            return None;
        }
        Some(self.line.lock().unwrap_or_else(|e| e.into_inner()).clone())
    }
}

impl SharedContext {
    pub fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.0.load(Ordering::Relaxed)).sum()
    }
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
    pub fn request_stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    fn listener(&self) -> std::sync::MutexGuard<'_, Box<dyn Listener>> {
        // A listener that panicked mid-call is still usable for the next line.
        self.listener.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Reports an iteration's lines, all of them or, once the answer is out, none: an answer
    /// given meanwhile would otherwise leave the GUI a MultiPV iteration's first lines only.
    pub fn report(&self, lines: impl Iterator<Item = Report>) {
        let mut listener = self.listener();
        if !self.answered.load(Ordering::Acquire) {
            for r in lines {
                listener.report(&r);
            }
        }
    }

    pub fn root_progress(&self, p: &super::RootProgress) {
        if !self.answered.load(Ordering::Acquire) {
            self.listener().root_progress(p);
        }
    }

    /// The search is over, though the answer may wait for `stop` or `ponderhit`.
    pub fn search_ended(&self) {
        self.searched_us
            .store(self.time.since_go_us(), Ordering::Release);
    }

    /// Microseconds the search ran: until now, or until it ended where it has.
    pub fn search_time_us(&self) -> u64 {
        match self.searched_us.load(Ordering::Acquire) {
            SEARCHING => self.time.since_go_us(),
            ended => ended,
        }
    }

    /// The first move of the published line, if any.
    pub fn chosen_move(&self) -> Option<Move> {
        self.choice
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .moves()
            .first()
            .copied()
    }

    /// Records the main thread's current line (best move first; empty when there is none),
    /// its score and what the score is (a move that beat the window of an unfinished
    /// iteration has only a bound).
    pub fn publish(&self, line: &[Move], score: i32, bound: Bound, depth: i32) {
        // All under the line's lock, so that an answer never pairs them across two
        // publications.
        let mut choice = self.choice.lock().unwrap_or_else(|e| e.into_inner());
        choice.set(line);
        choice.bound = bound;
        self.choice_score.store(score, Ordering::Release);
        self.choice_depth.store(depth, Ordering::Release);
    }

    /// Gives the answer from the published choice (with the depth it was published at,
    /// whichever thread answers), unless it was given already. Returns whether this call gave
    /// it.
    pub fn answer(&self) -> bool {
        // Hold the listener while claiming, so that no report can follow the answer.
        let mut listener = self.listener();
        if self.answered.swap(true, Ordering::AcqRel) {
            return false;
        }
        let (mut line, mut score, mut bound, mut depth) = {
            let choice = self.choice.lock().unwrap_or_else(|e| e.into_inner());
            (
                choice.moves().to_vec(),
                self.choice_score.load(Ordering::Acquire),
                choice.bound,
                self.choice_depth.load(Ordering::Acquire),
            )
        };
        // A helper that completed a deeper iteration than the main thread's published one
        // answers instead: with more threads than cores the main thread may not even have
        // finished its first iteration when the clock runs out, while the helpers have.
        if let Some(deeper) = self.helper.reaching(depth + 1) {
            if !deeper.pv.is_empty() {
                line = deeper.pv;
                score = deeper.score.max(-MATE);
                bound = Bound::Exact;
                depth = deeper.depth;
            }
        }
        let outcome = Outcome {
            best: line.first().copied(),
            ponder: line.get(1).copied(),
            line,
            score: Score::from_internal(score),
            bound,
            depth,
            nodes: self.total_nodes(),
            time_us: self.search_time_us(),
        };
        listener.finished(&outcome);
        true
    }
}

/// A published line, kept in place (publishing happens at the root, during the search).
#[derive(Clone, Copy)]
pub struct ChoiceLine {
    moves: [Move; CHOICE_LINE_LEN],
    len: usize,
    /// What the published score is.
    bound: Bound,
}

/// Enough for a whole turn of a cancellation game (a capture and its placements) and the reply.
pub const CHOICE_LINE_LEN: usize = 32;

impl ChoiceLine {
    pub const EMPTY: ChoiceLine = ChoiceLine {
        moves: [Move::NULL; CHOICE_LINE_LEN],
        len: 0,
        bound: Bound::Exact,
    };

    fn set(&mut self, line: &[Move]) {
        let line = &line[..line.len().min(CHOICE_LINE_LEN)];
        let len = line
            .iter()
            .position(|&m| m == Move::NULL)
            .unwrap_or(line.len());
        self.moves[..len].copy_from_slice(&line[..len]);
        self.len = len;
    }

    fn moves(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

/// A root move with what the latest iteration learnt about it.
#[derive(Clone, Debug)]
pub struct RootMove {
    pub mv: Move,
    pub score: i32,
    /// What `score` is: exact, or a bound of an aspiration window or of a null window that
    /// an iteration left unfinished.
    pub bound: Bound,
    pub previous_score: i32,
    pub seldepth: usize,
    pub pv: Vec<Move>,
}

impl RootMove {
    /// The score to report and what it is: a move not searched again in this iteration (it
    /// was cut short, or the move fell below the best) keeps the previous one's score.
    pub fn reported_score(&self) -> (i32, Bound) {
        if self.score == -INFINITE {
            (self.previous_score, Bound::Exact)
        } else {
            (self.score, self.bound)
        }
    }

    pub fn new(mv: Move) -> RootMove {
        RootMove {
            mv,
            score: -INFINITE,
            bound: Bound::Exact,
            previous_score: -INFINITE,
            seldepth: 0,
            pv: vec![mv],
        }
    }
}

/// One ply of the search stack.
#[derive(Copy, Clone)]
pub struct Frame {
    pub static_eval: i32,
    pub mv: Move,
    pub in_check: bool,
    /// Plies from the root that passed the turn: the distance mate scores count. It equals the
    /// ply except in games whose turns have several plies (cancellation placements).
    pub mate_ply: usize,
}

pub struct ThreadContext {
    /// 0 = the main thread.
    pub id: usize,
    pub hist: Histories,
    /// One frame per ply, as an array: its length known when compiled, so that the search's
    /// many reads at `ply` and `ply + 1` need no bounds check past its `MAX_PLY` guard.
    pub stack: Box<[Frame; MAX_PLY + 4]>,
    /// Move buffers, one per ply.
    pub moves: PlyBuffers,
    pub pv: Vec<[Move; MAX_PLY + 2]>,
    pub pv_len: [usize; MAX_PLY + 2],
    pub nodes: u64,
    /// Other threads' nodes as last read (main thread, for `go nodes`).
    pub others_nodes: u64,
    pub seldepth: usize,
    pub root_moves: Vec<RootMove>,
    pub pv_index: usize,
    pub root_depth: i32,
    pub completed_depth: i32,
    pub stopped: bool,
    /// Pawn-structure scores already computed (the evaluation's cache).
    pub pawn_cache: PawnCache,
    /// The main thread left its iteration because a helper completed that depth first.
    pub superseded: bool,
}

impl ThreadContext {
    pub fn new(id: usize) -> ThreadContext {
        ThreadContext {
            id,
            hist: Histories::new(),
            stack: Box::new(
                [Frame {
                    static_eval: NONE,
                    mv: Move::NULL,
                    in_check: false,
                    mate_ply: 0,
                }; MAX_PLY + 4],
            ),
            moves: PlyBuffers::new(MAX_PLY + 4),
            pv: vec![[Move::NULL; MAX_PLY + 2]; MAX_PLY + 2],
            pv_len: [0; MAX_PLY + 2],
            nodes: 0,
            others_nodes: 0,
            seldepth: 0,
            root_moves: Vec::new(),
            pv_index: 0,
            root_depth: 0,
            completed_depth: 0,
            stopped: false,
            pawn_cache: PawnCache::new(),
            superseded: false,
        }
    }

    /// Ready for a new search (histories are kept).
    pub fn reset(&mut self, root_moves: Vec<RootMove>) {
        self.nodes = 0;
        self.others_nodes = 0;
        self.seldepth = 0;
        self.root_moves = root_moves;
        self.pv_index = 0;
        self.root_depth = 0;
        self.completed_depth = 0;
        self.stopped = false;
        self.superseded = false;
        self.hist.clear_killers();
        for f in self.stack.iter_mut() {
            *f = Frame {
                static_eval: NONE,
                mv: Move::NULL,
                in_check: false,
                mate_ply: 0,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deepest_helper_line_is_kept() {
        let deepest = DeepestHelperLine::default();
        let line = |raw: u32, score: i32| RootMove {
            mv: Move::from_raw(raw),
            score,
            bound: Bound::Exact,
            previous_score: 0,
            seldepth: 9,
            pv: vec![Move::from_raw(raw), Move::from_raw(raw + 1)],
        };
        assert!(deepest.reaching(1).is_none());
        deepest.offer(6, &line(100, 25));
        deepest.offer(5, &line(200, -3));
        assert_eq!(deepest.depth(), 6);
        assert!(deepest.reaching(7).is_none());
        let got = deepest.reaching(6).expect("depth 6 is done");
        assert_eq!((got.depth, got.score, got.seldepth), (6, 25, 9));
        assert_eq!(got.pv, vec![Move::from_raw(100), Move::from_raw(101)]);
        deepest.offer(8, &line(300, 40));
        assert_eq!(deepest.reaching(4).map(|l| l.depth), Some(8));
    }
}
