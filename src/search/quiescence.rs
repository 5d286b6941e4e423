//! Quiescence: captures and promotions (every evasion in check, every placement mid-turn) until
//! the position is quiet, standing pat on the static evaluation.

use super::alphabeta::{no_move_score, NodeKind, Role, Worker};
use super::movepick::MovePicker;
use super::params::*;
use super::score::*;
use super::tactical::king_safe;
use super::tt::Bound;
use crate::types::{Bitboard, Move, MoveKind};

impl<B: Bitboard, R: Role> Worker<'_, B, R> {
    /// `qply`: plies played in quiescence above this node.
    pub(super) fn quiescence<N: NodeKind>(
        &mut self,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
    ) -> i32 {
        self.t.pv_len[ply] = ply;
        let us = self.pos.side_to_move();
        let mate_ply = self.t.stack[ply].mate_ply;
        if self.visit(ply) {
            return 0;
        }
        let in_check = self.t.stack[ply].in_check;
        if self.is_draw(in_check, ply) {
            return DRAW;
        }
        if ply >= MAX_PLY - 4 {
            return if in_check { DRAW } else { self.evaluate() };
        }
        let key = self.pos.hash();
        let hit = self.s.tt.probe(key);
        let tt_move = hit.map_or(Move::NULL, |h| h.mv);
        if let Some(h) = hit {
            let s = from_tt(h.score, mate_ply);
            if !N::PV && h.bound.settles(s, alpha, beta) {
                return s;
            }
        }
        // Mid-turn (placements owed) every placement is searched: no standing pat on a board
        // that still misses the pieces to be placed.
        let mid_turn = self.pos.placement_pending();
        if !in_check && !mid_turn && self.may_be_stalemated_to_a_loss(us) && !self.has_legal_move()
        {
            return no_move_score(self.pos.variant.stalemate, false, mate_ply);
        }
        let static_eval;
        let mut best;
        if in_check || mid_turn {
            static_eval = NONE;
            best = -INFINITE;
        } else {
            static_eval = match hit {
                Some(h) if h.eval != NONE => h.eval,
                _ => self.evaluate(),
            };
            best = static_eval;
            if best >= beta {
                if hit.is_none() {
                    self.s.tt.store(
                        key,
                        Move::NULL,
                        to_tt(best, mate_ply),
                        static_eval,
                        -1,
                        Bound::Lower,
                    );
                }
                return best;
            }
            alpha = alpha.max(best);
        }
        let original_alpha = alpha;
        // Deep in quiescence, only recaptures (the placements of a turn still all count).
        let recaptures_on = (qply >= QS_RECAPTURES_FROM && !in_check && !mid_turn)
            .then(|| self.t.stack[ply - 1].mv.to());
        let mut picker =
            MovePicker::quiescence(&self.pos, in_check || mid_turn, tt_move, recaptures_on);
        let mut best_move = Move::NULL;
        let mut any_move = false;
        // Worked out for the first move that needs it (see `tactical::king_safe`).
        let mut exposure = None;
        while let Some((m, _)) =
            picker.next(self.t.moves.at(ply), &self.pos, &self.s.see, &self.t.hist)
        {
            any_move = true;
            if recaptures_on.is_some_and(|sq| m.to() != sq) {
                continue;
            }
            // The child's table bucket, asked for before the exchange test (else before the
            // king-safety test and `play`) so that its load overlaps them: a probe waiting on
            // memory is most of a quiescence node's own time. The moves pruned by the cheap
            // delta test need no hash.
            let mut hash = None;
            if !in_check && !mid_turn && best > -MATE_BOUND {
                let see = &self.s.see;
                let gain = see.gain(&self.pos, m);
                let promotion = m.kind() == MoveKind::Promotion;
                if !promotion && static_eval + gain + DELTA_MARGIN <= alpha {
                    continue;
                }
                // Where captures cancel, one that wins nothing outright only trades pieces for
                // others of the same worth: quiescence leaves those to the main search.
                let threshold = (see.captures_cancel() && !promotion) as i32;
                // A capture that wins the threshold even if the taker is lost in return cannot
                // fail the exchange test: `see_ge` would say so at once, after its call.
                let cheap_taker = !promotion
                    && gain >= threshold
                    && self
                        .pos
                        .piece_at(m.from())
                        .is_some_and(|p| see.of(p.kind()) + threshold <= gain);
                if !cheap_taker {
                    hash = Some(self.ask_for_child(m));
                    if !see.see_ge(&self.pos, m, threshold) {
                        continue;
                    }
                }
            }
            let hash = hash.unwrap_or_else(|| self.ask_for_child(m));
            // Last, as most moves are pruned before.
            if picker.king_safety_deferred() && !king_safe(&self.pos, m, &mut exposure) {
                continue;
            }
            self.t.stack[ply].mv = m;
            self.pos.play_hashed(m, hash);
            self.t.stack[ply + 1].in_check = self.pos.in_check_after_move();
            self.t.stack[ply + 1].mate_ply = mate_ply + (self.pos.side_to_move() != us) as usize;
            let score = if self.pos.side_to_move() == us {
                self.quiescence::<N>(alpha, beta, ply + 1, qply + 1)
            } else {
                -self.quiescence::<N>(-beta, -alpha, ply + 1, qply + 1)
            };
            self.pos.undo();
            if self.t.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = m;
                    if N::PV {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        if in_check && !any_move {
            return mated_in(mate_ply);
        }
        if mid_turn && !any_move {
            // Cannot happen (a placement is owed only where one can be made); be safe.
            return self.evaluate();
        }
        let bound = Bound::of_result(best, original_alpha, beta);
        let score = to_tt(best, mate_ply);
        self.s
            .tt
            .store(key, best_move, score, static_eval, -1, bound);
        best
    }
}

#[cfg(test)]
mod tests {
    use crate::search::{SearchLimits, Searcher};
    use crate::variant::Registry;

    /// Under hostile relay every piece a queen-rich enemy sees may capture like it: quiescence
    /// here took 2.37 M nodes for a depth-1 search (6 s) before recaptures alone were searched
    /// deep in it; now a few thousand.
    #[test]
    fn deep_quiescence_searches_recaptures_only() {
        let registry = Registry::builtin();
        let gt = registry
            .find("hostile-relay-friendly-anti-relay-grand")
            .unwrap();
        let game = gt
            .position("r8r/1nkqcabPPQ/rpppRrprpa/10/10/10/10/pPPPPpPPPQ/CN1KBRQ1NB/A8R w - - 0 1")
            .unwrap();
        let mut searcher = Searcher::new(1).unwrap();
        let outcome = searcher.search(&game, gt.eval(), SearchLimits::depth(1));
        assert!(outcome.best.is_some());
        assert!(outcome.nodes < 50_000, "{} nodes", outcome.nodes);
    }
}
