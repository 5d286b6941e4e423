//! Shallow-depth pruning: what becomes of each move of a node near the leaves, once a move that
//! does not lose has been found. `negamax` asks as it goes through the moves; a split node asks
//! for all its moves at once, before it hands them out (`split.rs`).

use super::alphabeta::{NodeKind, Role, Worker};
use super::params::*;
use crate::types::{Bitboard, Move};

/// What shallow pruning makes of a move.
pub(super) enum Shallow {
    Search,
    Prune,
    /// Searched only if it gives check; with `see_if_check`, only if it does not also lose too
    /// much material (its exchange is looked at only then: most moves are not checks, and the
    /// exchange test is not cheap).
    UnlessCheck {
        see_if_check: bool,
    },
    /// A late quiet move: this one, and every later quiet move, is searched only if it gives
    /// check.
    LateQuiet,
    /// A late quiet move in a null-window node: this one and every later quiet move are pruned.
    LateQuiets,
}

/// What the pruning of a node's moves reads about the node.
#[derive(Clone, Copy, Debug)]
pub(super) struct PruneFacts {
    pub depth: i32,
    pub improving: bool,
    pub in_check: bool,
    /// The static evaluation plus the futility margin: no quiet move is expected above it.
    pub futility_bound: i32,
}

impl<B: Bitboard, R: Role> Worker<'_, B, R> {
    /// The verdict on move `m` after `searched` moves were searched, against `alpha`. Quiet
    /// checks escape futility and the quiet exchange bound (but not the capture one). Where an
    /// exchange test needs the child's table bucket, `hash` gets it (asked for before the test,
    /// so that its load overlaps it).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn shallow_verdict<N: NodeKind>(
        &self,
        m: Move,
        tactical: bool,
        good_tactical: bool,
        searched: usize,
        alpha: i32,
        f: &PruneFacts,
        hash: &mut Option<u64>,
    ) -> Shallow {
        let depth = f.depth;
        if tactical {
            if !good_tactical && depth <= SEE_PRUNE_MAX_DEPTH {
                *hash = Some(self.ask_for_child(m));
                if !self
                    .s
                    .see
                    .see_ge(&self.pos, m, see_capture_threshold(depth))
                {
                    return Shallow::Prune;
                }
            }
            return Shallow::Search;
        }
        // Late-move pruning holds for every later quiet move too, but in principal-variation
        // nodes, and at the last ply in any node, one that gives check is still searched: a
        // mate on the expected line, or a quiet mate one move off it, would otherwise wait for
        // a much deeper iteration.
        let late = depth <= LMP_MAX_DEPTH && searched >= lmp_count(depth, f.improving);
        if late && !N::PV && depth > LMP_CHECKS_MAX_DEPTH {
            return Shallow::LateQuiets;
        }
        if late {
            return Shallow::LateQuiet;
        }
        if !f.in_check && depth <= FUTILITY_MAX_DEPTH && f.futility_bound <= alpha {
            return Shallow::UnlessCheck {
                see_if_check: depth <= SEE_PRUNE_MAX_DEPTH,
            };
        }
        *hash = Some(self.ask_for_child(m));
        let see = &self.s.see;
        let quiet_bound = see_quiet_threshold(depth);
        if depth > SEE_PRUNE_MAX_DEPTH || see.see_ge(&self.pos, m, quiet_bound) {
            return Shallow::Search;
        }
        // The second exchange test mostly answers as the first (the bounds are equal from
        // depth 3, and between the same multiples of the values below): then it is not made
        // again.
        if see.same_verdict(quiet_bound, quiet_prune_bound(depth))
            || self.quiet_loses_too_much(m, depth)
        {
            return Shallow::Prune;
        }
        Shallow::UnlessCheck {
            see_if_check: false,
        }
    }

    /// Whether move `m` is searched after `verdict` (the node has done what a late verdict asks
    /// of its move list): `None` if it is pruned, else whether it still is unless it gives
    /// check, which only playing it tells.
    #[inline(always)]
    pub(super) fn admit(&mut self, verdict: &Shallow, m: Move, depth: i32) -> Option<bool> {
        let see_if_check = match *verdict {
            Shallow::Search => return Some(false),
            Shallow::Prune | Shallow::LateQuiets => return None,
            Shallow::LateQuiet => false,
            Shallow::UnlessCheck { see_if_check } => see_if_check,
        };
        self.spared_as_check(m, see_if_check, depth).then_some(true)
    }

    /// Whether a quiet move pruned unless it gives check is searched after all: it may give
    /// check (where only playing tells, the search tests it after playing), and with
    /// `see_if_check`, a futile check that loses too much is pruned all the same.
    fn spared_as_check(&mut self, m: Move, see_if_check: bool, depth: i32) -> bool {
        self.pos.quiet_move_gives_check(m) != Some(false)
            && !(see_if_check && self.quiet_loses_too_much(m, depth))
    }

    /// A quiet move at a shallow depth that loses more material than both the quiet and the
    /// capture bound allow: pruned even if it gives check.
    fn quiet_loses_too_much(&self, m: Move, depth: i32) -> bool {
        depth <= SEE_PRUNE_MAX_DEPTH && !self.s.see.see_ge(&self.pos, m, quiet_prune_bound(depth))
    }
}

/// The bound under which a quiet move loses too much even to be searched for a check.
fn quiet_prune_bound(depth: i32) -> i32 {
    see_quiet_threshold(depth).min(see_capture_threshold(depth))
}
