//! What a search is asked to do: protocol-neutral limits, filled from `go` (UCI) or from the
//! XBoard clock, with the root moves already resolved against the position.

use crate::types::Move;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Iterations to complete (1 ..= `params::MAX_DEPTH`).
    pub depth: Option<i32>,
    /// Nodes, all threads together.
    pub nodes: Option<u64>,
    /// Stop once a mate in this many moves (or fewer) is found.
    pub mate: Option<u32>,
    /// Exactly this long, in milliseconds.
    pub movetime: Option<u64>,
    /// Clock left, [White, Black], in milliseconds (negative values from a GUI read as 0).
    pub time: [Option<u64>; 2],
    pub increment: [u64; 2],
    pub moves_to_go: Option<u64>,
    /// Search until told to stop; the result waits for `stop`.
    pub infinite: bool,
    /// Pondering: no clock until `ponderhit`; the result waits for `stop` or `ponderhit`.
    pub ponder: bool,
    /// Only these root moves (all, when empty).
    pub search_moves: Vec<Move>,
    /// What the GUI was seen to take from our clock on each move beyond our own time
    /// (XBoard), paid on every move like `Move Overhead`.
    pub gui_lag_ms: u64,
    /// The node limit is a clock counted in nodes (XBoard `nps`), so it is saved as a clock is.
    pub nodes_are_clock: bool,
}

impl SearchLimits {
    pub fn depth(depth: i32) -> SearchLimits {
        SearchLimits {
            depth: Some(depth),
            ..SearchLimits::default()
        }
    }

    pub fn uses_clock(&self) -> bool {
        self.movetime.is_some() || self.time.iter().any(Option::is_some)
    }

    /// A forced mate seen well past its length ends the search where it runs on the clock
    /// (a depth or node cap beside it included: the clock is what it saves) or unlimited. A
    /// search asked only for a depth, a node count or a mate length goes on as asked.
    pub fn ends_on_proven_mate(&self) -> bool {
        self.uses_clock()
            || self.nodes_are_clock
            || self.depth.is_none() && self.nodes.is_none() && self.mate.is_none()
    }

    /// Nothing but `stop` ends the search in reasonable time: `infinite`, or a bare `go` with
    /// no depth, nodes, mate or clock (which runs to the last depth, hours away).
    pub fn waits_for_stop(&self) -> bool {
        self.infinite
            || (self.depth.is_none()
                && self.nodes.is_none()
                && self.mate.is_none()
                && !self.uses_clock())
    }
}

/// Engine settings a search reads (the UCI options that concern it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    pub threads: usize,
    pub multi_pv: usize,
    /// Milliseconds subtracted from every time budget for GUI and pipe latency.
    pub move_overhead: u64,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            threads: 1,
            multi_pv: 1,
            move_overhead: DEFAULT_MOVE_OVERHEAD,
        }
    }
}

pub const DEFAULT_MOVE_OVERHEAD: u64 = 10;
pub const MAX_MOVE_OVERHEAD: u64 = 5_000;
pub const MAX_THREADS: usize = 256;
pub const MAX_MULTI_PV: usize = 256;
