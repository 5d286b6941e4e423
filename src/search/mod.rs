//! The search: iterative deepening with aspiration windows, principal variation search,
//! quiescence, a lock-free transposition table shared by the threads (which split the main
//! thread's PV nodes, and beyond three helpers run Lazy SMP), and time management.
//! It is generic over the bitboard width (dispatched once per search) and reads every game rule
//! from the variant: stalemate and repetition rules, the move rule, piece values.
//!
//! Use: a [`Searcher`] holds the table and the threads; [`Searcher::start`] runs a search on its
//! own thread and tells a [`Listener`] about each iteration ([`Report`]) and the result
//! ([`Outcome`]); [`Searcher::search`] does the same and waits. [`SearchLimits`] says when to
//! stop. The evaluation is reached through [`eval`] only (its data built once per game).
//!
//! Files: `iterate` (iterative deepening, aspiration, reports), `alphabeta` (the principal
//! variation search), `quiescence`, `tactical` (quiescence's move generator), `movepick`
//! (ordering), `history`, `see`, `tt`, `time`,
//! `threads` (the threads and the `Searcher`), `split` (sharing a node's moves between
//! threads), `context` (shared vs per-thread state), `eval`,
//! `limits`, `score`, and `params` (every tunable, declared once).

mod alphabeta;
mod context;
pub mod eval;
pub mod history;
mod iterate;
pub mod limits;
pub mod movepick;
pub mod params;
mod prune;
mod quiescence;
pub mod score;
pub mod see;
mod split;
pub mod tactical;
mod threads;
pub mod time;
pub mod tt;

pub use limits::{SearchLimits, SearchOptions};
pub use score::Score;
pub use threads::{strongest_move, SearchHandle, Searcher};

use crate::types::Move;

/// One line of an iteration's result (one per MultiPV line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub depth: i32,
    pub seldepth: usize,
    /// 1-based line number.
    pub multipv: usize,
    pub score: Score,
    /// Whether `score` is exact or only a bound: the last report of a search stopped inside an
    /// iteration can give a move that beat the window before its exact score was known.
    pub bound: tt::Bound,
    /// All threads together.
    pub nodes: u64,
    pub nps: u64,
    /// Per mille.
    pub hashfull: u32,
    pub time_ms: u64,
    pub pv: Vec<Move>,
}

/// The answer of a finished search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// `None` when the side to move has no legal move.
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    /// The expected line: `best` first, then the rest of the turn where a turn has several
    /// plies (a capture and its placements), then the reply. Front ends answer with the turn.
    pub line: Vec<Move>,
    pub score: Score,
    /// Whether `score` is exact or a bound (see `Report::bound`).
    pub bound: tt::Bound,
    /// Last completed iteration.
    pub depth: i32,
    pub nodes: u64,
    /// The search's time in microseconds: the speed is reckoned from it, as the iterations'
    /// reports are (from whole milliseconds it would disagree with the last report).
    pub time_us: u64,
}

impl Outcome {
    pub fn time_ms(&self) -> u64 {
        self.time_us / 1000
    }
    pub fn nps(&self) -> u64 {
        nodes_per_second(self.nodes, self.time_us)
    }
}

/// Nodes per second from a search's microseconds: the one formula of every report's `nps`.
pub fn nodes_per_second(nodes: u64, time_us: u64) -> u64 {
    nodes.saturating_mul(1_000_000) / time_us.max(1)
}

/// The main thread starts searching a root move (UCI's `currmove`, XBoard's `stat01`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootProgress {
    /// The iteration.
    pub depth: i32,
    pub mv: Move,
    /// 1-based place of the move in this iteration's order.
    pub number: usize,
    /// Root moves in all.
    pub total: usize,
    /// All threads together, so far.
    pub nodes: u64,
    /// Since `go`.
    pub time_ms: u64,
}

/// Hears a running search (called from the search's main thread).
pub trait Listener: Send {
    fn report(&mut self, report: &Report);
    fn finished(&mut self, outcome: &Outcome);
    /// Called at each root move the main thread takes up; most listeners ignore it.
    fn root_progress(&mut self, _progress: &RootProgress) {}
}

/// A listener that ignores everything.
pub struct Silent;

impl Listener for Silent {
    fn report(&mut self, _: &Report) {}
    fn finished(&mut self, _: &Outcome) {}
}
