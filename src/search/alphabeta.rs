//! The search proper: a principal variation search with its pruning, reductions and
//! extensions (iterative deepening is in `iterate.rs`, quiescence in `quiescence.rs`). Node kinds
//! (root / PV / non-PV) and thread roles (main / helper) are types, so the checks they decide are
//! made when the code is compiled, not at every node.

use super::context::{RootMove, SharedContext, ThreadContext};
use super::movepick::{is_tactical, is_tactical_ordered, MovePicker, OrderHints};
use super::params::*;
use super::prune::{PruneFacts, Shallow};
use super::score::*;
use super::split::SplitNode;
use super::tt::{Bound, TranspositionTable};
use super::RootProgress;
use crate::position::Position;
use crate::types::{Bitboard, Color, Move, MoveList, MAX_MOVES};
use crate::variant::{RepetitionRule, StalemateRule};
use std::marker::PhantomData;
use std::sync::atomic::Ordering;
use std::sync::OnceLock;

pub trait NodeKind {
    const ROOT: bool;
    const PV: bool;
}
pub struct Root;
pub struct Pv;
pub struct NonPv;
impl NodeKind for Root {
    const ROOT: bool = true;
    const PV: bool = true;
}
impl NodeKind for Pv {
    const ROOT: bool = false;
    const PV: bool = true;
}
impl NodeKind for NonPv {
    const ROOT: bool = false;
    const PV: bool = false;
}

/// Which thread runs the search: the main thread keeps the clock and reports; helpers are silent.
pub trait Role {
    const MAIN: bool;
}
pub struct MainThread;
pub struct Helper;
impl Role for MainThread {
    const MAIN: bool = true;
}
impl Role for Helper {
    const MAIN: bool = false;
}

/// What the search of each move of a node reads about the node.
#[derive(Clone, Copy, Debug)]
pub(super) struct NodeFacts {
    pub depth: i32,
    pub ply: usize,
    pub cut_node: bool,
    pub improving: bool,
    /// Placements are owed (a cancellation turn is under way).
    pub mid_turn: bool,
    pub us: Color,
    pub mate_ply: usize,
}

/// One move of a node, as its move picker gave it.
#[derive(Clone, Copy, Debug)]
pub(super) struct MoveFacts {
    pub m: Move,
    /// The position's hash after `m` (`Position::hash_after`).
    pub hash: u64,
    /// The picker's ordering value.
    pub order: i32,
    pub tactical: bool,
    /// A capture or promotion that does not lose material (or a root move).
    pub good_tactical: bool,
    /// Futile unless it gives check: searched only if it does.
    pub prune_unless_check: bool,
}

/// Late-move reductions by [depth][moves searched], computed once.
fn lmr_table() -> &'static [[u8; 64]; 64] {
    static TABLE: OnceLock<[[u8; 64]; 64]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [[0u8; 64]; 64];
        for (d, row) in t.iter_mut().enumerate() {
            for (m, r) in row.iter_mut().enumerate() {
                *r = lmr_reduction(d, m).clamp(0, 63) as u8;
            }
        }
        t
    })
}

pub struct Worker<'a, B: Bitboard, R: Role> {
    pub t: &'a mut ThreadContext,
    pub s: &'a SharedContext,
    pub pos: Position<B>,
    lmr: &'static [[u8; 64]; 64],
    /// One principal line is searched (no MultiPV): the threads may share iterations.
    pub(super) single_line: bool,
    /// Searching a move of a split point (`split_move`, its index there; `split_ply`, the
    /// split node's ply).
    pub(super) in_split: bool,
    pub(super) split_move: usize,
    pub(super) split_ply: usize,
    /// The move just searched at the split node beat alpha with a null window: its search
    /// with the full window is left to the main thread (`split.rs`).
    pub(super) research_deferred: bool,
    /// A line being passed on (a split point's path or result), kept to reuse its memory.
    pub(super) line_buf: Vec<Move>,
    _role: PhantomData<R>,
}

/// The score of a side with no legal move, under the variant's stalemate rule.
pub fn no_move_score(stalemate: StalemateRule, in_check: bool, ply: usize) -> i32 {
    if in_check {
        return mated_in(ply);
    }
    match stalemate {
        StalemateRule::Draw => DRAW,
        StalemateRule::Loss => mated_in(ply),
        StalemateRule::Win => mate_in(ply),
    }
}

impl<'a, B: Bitboard, R: Role> Worker<'a, B, R> {
    pub fn new(t: &'a mut ThreadContext, s: &'a SharedContext, pos: Position<B>) -> Self {
        Worker {
            t,
            s,
            pos,
            lmr: lmr_table(),
            single_line: s.options.multi_pv <= 1,
            in_split: false,
            split_move: 0,
            split_ply: 0,
            research_deferred: false,
            line_buf: Vec::with_capacity(MAX_PLY + 2),
            _role: PhantomData,
        }
    }

    // ---------------------------------------------------------------- helpers

    /// Makes this thread's node count visible to the others (and to whoever answers).
    #[inline(always)]
    pub(super) fn share_nodes(&self) {
        self.s.nodes[self.t.id]
            .0
            .store(self.t.nodes, Ordering::Relaxed);
    }

    /// The main thread takes up root move `m`, the `number`th of the iteration: whoever follows
    /// the search hears it (never a helper: only the main thread speaks for the search).
    #[cold]
    pub(super) fn announce_root_move(&self, m: Move, number: usize) {
        self.share_nodes();
        self.s.root_progress(&RootProgress {
            depth: self.t.root_depth,
            mv: m,
            number,
            total: self.t.root_moves.len(),
            nodes: self.s.total_nodes(),
            time_ms: self.s.time.since_go_us() / 1000,
        });
    }

    /// Counts the node and says whether the search must unwind now.
    #[inline(always)]
    pub(super) fn visit(&mut self, ply: usize) -> bool {
        self.t.nodes += 1;
        if ply > self.t.seldepth {
            self.t.seldepth = ply;
        }
        if self.t.nodes.is_multiple_of(CLOCK_CHECK_NODES) {
            self.share_nodes();
            if R::MAIN {
                self.t.others_nodes = self
                    .s
                    .nodes
                    .iter()
                    .skip(1)
                    .map(|n| n.0.load(Ordering::Relaxed))
                    .sum();
                if self.t.completed_depth >= 1 && self.s.time.out_of_time() {
                    self.s.request_stop();
                }
                if self.single_line && self.s.helper.depth() >= self.t.root_depth {
                    self.t.superseded = true;
                    self.t.stopped = true;
                }
            } else if self.t.id > self.s.split.helpers
                && self
                    .s
                    .limits
                    .nodes
                    .is_some_and(|n| self.s.total_nodes() >= n)
            {
                // A Lazy SMP helper leaves off by itself once the node budget is spent: with
                // more threads than cores the main thread, which stops the search, may not run
                // for a while. (A split helper's moves belong to the main thread's nodes.)
                self.t.stopped = true;
            }
        }
        if R::MAIN && self.t.completed_depth >= 1 {
            if let Some(n) = self.s.limits.nodes {
                if self.t.nodes + self.t.others_nodes >= n {
                    self.s.request_stop();
                }
            }
        }
        if self.s.stop.load(Ordering::Relaxed) || (self.in_split && self.split_work_void()) {
            self.t.stopped = true;
        }
        self.t.stopped
    }

    /// Draw by the move rule, by repetition or for want of mating material. A position met
    /// again inside the search (`ply` plies from the root) counts as a draw, since the side
    /// that repeated it could go on repeating; one that occurred only in the game before the
    /// search (the root included) needs two earlier occurrences, as the rules do: a single
    /// one would let the losing side "escape" to a draw the opponent simply avoids.
    /// Inlined at every node: the rare case that needs a move list is `has_legal_move`.
    #[inline(always)]
    pub(super) fn is_draw(&mut self, in_check: bool, ply: usize) -> bool {
        if self.pos.dead_material() {
            return true;
        }
        let v = &self.pos.variant;
        if v.move_rule > 0 && self.pos.halfmove_clock() >= v.move_rule {
            return !in_check || self.has_legal_move();
        }
        if v.repetition != RepetitionRule::Draw {
            return false;
        }
        let (count, latest) = self.pos.repetition();
        count >= 2 || count == 1 && latest < ply
    }

    /// Within `MOVE_RULE_TT_MARGIN` plies of the move rule, where the table's scores depend on
    /// the path (see there).
    #[inline(always)]
    fn near_move_rule(&self) -> bool {
        let rule = self.pos.variant.move_rule;
        rule > 0 && self.pos.halfmove_clock() + MOVE_RULE_TT_MARGIN >= rule
    }

    /// Has the side to move a legal move? Asked where the node's own moves are not generated:
    /// the move rule reached in check (a draw unless it is checkmate, which beats the rule), and
    /// quiescence where having no move loses. Rare, and its move list is large: kept out of
    /// its callers' frames.
    #[cold]
    #[inline(never)]
    pub(super) fn has_legal_move(&mut self) -> bool {
        let mut list = MoveList::new();
        self.pos.legal_moves(&mut list);
        !list.is_empty()
    }

    /// Pieces other than pawns and the king: without them null moves are unsafe (zugzwang).
    fn has_non_pawn_material(&self) -> bool {
        self.has_non_pawn_material_of(self.pos.side_to_move())
    }

    #[inline(always)]
    fn has_non_pawn_material_of(&self, side: Color) -> bool {
        let (pawn_like, royal) = self.pos.tables.role_kinds();
        (self.pos.pieces(side) & !self.pos.pieces_of_kinds(side, pawn_like | royal)).any()
    }

    /// `side` loses when left without a move, and has nothing but its King and pawn-like
    /// pieces, so that a quiet move may well leave it none (and quiescence, which searches no
    /// quiet move, must ask whether it has any).
    #[inline(always)]
    pub(super) fn may_be_stalemated_to_a_loss(&self, side: Color) -> bool {
        self.pos.variant.stalemate == StalemateRule::Loss && !self.has_non_pawn_material_of(side)
    }

    /// The hash after `m`, whose table bucket is asked for now.
    #[inline(always)]
    pub(super) fn ask_for_child(&self, m: Move) -> u64 {
        let hash = self.pos.hash_after(m);
        self.s.tt.prefetch(hash);
        hash
    }

    /// How many moves the node at `ply` has (the root moves at the root).
    fn moves_at(&mut self, ply: usize, picker: Option<&mut MovePicker>) -> usize {
        match picker {
            Some(p) => p.move_count(self.t.moves.at(ply), &self.pos, &self.s.see, &self.t.hist),
            None => self.t.root_moves.len(),
        }
    }

    pub(super) fn evaluate(&mut self) -> i32 {
        super::eval::evaluate_cached(&self.s.eval, &self.pos, &mut self.t.pawn_cache)
    }

    #[inline(always)]
    pub(super) fn update_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.t.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        let child = &tail[0];
        let child_len = self.t.pv_len[ply + 1].max(ply + 1);
        line[ply] = m;
        line[ply + 1..child_len].copy_from_slice(&child[ply + 1..child_len]);
        self.t.pv_len[ply] = child_len;
    }

    // ---------------------------------------------------------------- alpha-beta

    /// Searches the child just played. In games whose turns may have several plies (a
    /// cancellation capture and its placements) the side to move may not change: then the
    /// child's score is ours and the window is not turned round.
    #[inline(always)]
    fn child<N: NodeKind>(
        &mut self,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        cut_node: bool,
        same_side: bool,
    ) -> i32 {
        // A leaf goes straight to quiescence, as `negamax` would send it: most children are
        // leaves, and this spares them `negamax`'s large frame (set up and torn down for nothing).
        if same_side {
            if depth <= 0 {
                self.quiescence::<N>(alpha, beta, ply + 1, 0)
            } else {
                self.negamax::<N>(alpha, beta, depth, ply + 1, cut_node)
            }
        } else if depth <= 0 {
            -self.quiescence::<N>(-beta, -alpha, ply + 1, 0)
        } else {
            -self.negamax::<N>(-beta, -alpha, depth, ply + 1, cut_node)
        }
    }

    /// Plays `mv.m`, searches it (the first move with the node's window, later ones with a
    /// null window, reduced when late and quiet, then again as needed) and takes it back.
    /// `None` when the move was played only to learn that it is pruned (no check). `searched`:
    /// the node's moves searched before this one. Shared by the node's own loop and by the
    /// threads of a split point (`split.rs`).
    #[inline(always)]
    pub(super) fn search_move<N: NodeKind>(
        &mut self,
        node: &NodeFacts,
        mv: MoveFacts,
        searched: usize,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        let (depth, ply) = (node.depth, node.ply);
        let m = mv.m;
        self.t.stack[ply].mv = m;
        // The child's bucket was asked for when the move was picked (or taken from a split).
        self.pos.play_hashed(m, mv.hash);
        let gives_check = self.pos.in_check_after_move();
        if mv.prune_unless_check && !gives_check {
            self.pos.undo();
            return None;
        }
        self.t.stack[ply + 1].in_check = gives_check;
        // A ply after which the same side moves again is part of a turn: the turn as a
        // whole costs one ply of depth.
        let same_side = self.pos.side_to_move() == node.us;
        self.t.stack[ply + 1].mate_ply = node.mate_ply + !same_side as usize;
        let extension = (gives_check && (ply as i32) < 2 * self.t.root_depth) as i32;
        let new_depth = if same_side {
            depth
        } else {
            depth - 1 + extension
        };
        let searched = searched + 1;

        let score = if searched == 1 {
            if N::PV {
                self.child::<Pv>(alpha, beta, new_depth, ply, false, same_side)
            } else {
                self.child::<NonPv>(alpha, beta, new_depth, ply, !node.cut_node, same_side)
            }
        } else {
            let mut r = 0;
            if depth >= LMR_MIN_DEPTH
                && searched > LMR_MIN_MOVES
                && !mv.good_tactical
                && !node.mid_turn
                && !same_side
            {
                r = self.lmr[(depth as usize).min(63)][searched.min(63)] as i32;
                if N::PV {
                    r -= 1;
                }
                if node.cut_node {
                    r += 1;
                }
                if !node.improving {
                    r += 1;
                }
                if gives_check {
                    r -= 1;
                }
                if !mv.tactical {
                    if mv.order >= MovePicker::KILLER - 2 {
                        r -= 1;
                    } else {
                        r -= mv.order / LMR_HISTORY_DIVISOR;
                    }
                }
                r = r.clamp(0, (new_depth - 1).max(0));
            }
            let mut s = self.child::<NonPv>(alpha, alpha + 1, new_depth - r, ply, true, same_side);
            if s > alpha && r > 0 {
                s = self.child::<NonPv>(
                    alpha,
                    alpha + 1,
                    new_depth,
                    ply,
                    !node.cut_node,
                    same_side,
                );
            }
            if N::PV && s > alpha && s < beta {
                if self.in_split && ply == self.split_ply && new_depth >= RESEARCH_SPLIT_MIN_DEPTH {
                    self.research_deferred = true;
                } else {
                    s = self.child::<Pv>(alpha, beta, new_depth, ply, false, same_side);
                }
            }
            s
        };
        self.pos.undo();
        Some(score)
    }

    pub(super) fn negamax<N: NodeKind>(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        let in_check = self.t.stack[ply].in_check;
        if depth <= 0 {
            return self.quiescence::<N>(alpha, beta, ply, 0);
        }
        let mate_ply = self.t.stack[ply].mate_ply;
        // Mid-turn (placements owed): the static evaluation misses the pieces still to be
        // placed, so nothing is pruned or reduced on it.
        let mid_turn = self.pos.placement_pending();
        self.t.pv_len[ply] = ply;
        if self.visit(ply) {
            return 0;
        }
        if !N::ROOT {
            if self.is_draw(in_check, ply) {
                return DRAW;
            }
            if ply >= MAX_PLY - 4 {
                return if in_check { DRAW } else { self.evaluate() };
            }
            // Mate distance pruning.
            alpha = alpha.max(mated_in(mate_ply));
            beta = beta.min(mate_in(mate_ply + 1));
            if alpha >= beta {
                return alpha;
            }
        }

        let key = self.pos.hash();
        let hit = self.s.tt.probe(key);
        let tt_move = hit.map_or(Move::NULL, |h| h.mv);
        if let Some(h) = hit {
            let s = from_tt(h.score, mate_ply);
            if !N::PV
                && h.depth >= depth
                && h.bound.settles(s, alpha, beta)
                && !self.near_move_rule()
            {
                return s;
            }
        }

        let static_eval = if in_check {
            NONE
        } else {
            match hit {
                Some(h) if h.eval != NONE => h.eval,
                _ => self.evaluate(),
            }
        };
        // The table's score is a better guess than the static evaluation when its bound agrees.
        let mut eval = static_eval;
        if let Some(h) = hit {
            let s = from_tt(h.score, mate_ply);
            if !in_check
                && !is_mate(s)
                && match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => s > eval,
                    Bound::Upper => s < eval,
                }
            {
                eval = s;
            }
        }
        self.t.stack[ply].static_eval = static_eval;
        let improving = !in_check && ply >= 2 && static_eval > self.t.stack[ply - 2].static_eval;

        if !N::PV && !in_check && !mid_turn {
            // Reverse futility pruning.
            if depth <= RFP_MAX_DEPTH
                && eval - rfp_margin(depth, improving) >= beta
                && !is_mate(beta)
            {
                return eval;
            }
            // Null-move pruning.
            if depth >= NMP_MIN_DEPTH
                && eval >= beta
                && static_eval >= beta
                && ply >= 1
                && self.t.stack[ply - 1].mv != Move::NULL
                && !is_mate(beta)
                && self.has_non_pawn_material()
            {
                let r = nmp_reduction(depth, eval - beta);
                self.t.stack[ply].mv = Move::NULL;
                self.pos.play_null();
                self.t.stack[ply + 1].in_check = false;
                self.t.stack[ply + 1].mate_ply = mate_ply + 1;
                let score = self.child::<NonPv>(beta - 1, beta, depth - r, ply, !cut_node, false);
                self.pos.undo_null();
                if self.t.stopped {
                    return 0;
                }
                if score >= beta {
                    return if is_mate(score) { beta } else { score };
                }
            }
        }

        // Internal iterative reduction: no table move, so this node was never searched well.
        if !N::ROOT && depth >= IIR_MIN_DEPTH && tt_move == Move::NULL {
            depth -= 1;
        }

        let us = self.pos.side_to_move();
        let prev = if ply >= 1 {
            self.t.stack[ply - 1].mv
        } else {
            Move::NULL
        };
        // Near the move rule every line that does not mate at once scores a draw, and the
        // shallow pruning below (which spares quiet checks in a null-window node only at the
        // last ply) would then cut the mating move itself: a won ending would be drawn by the
        // rule.
        // Where leaving the other side without a move wins (the Canonical games), a quiet move
        // can win at once without giving check: against a King and pawns alone, which are
        // what such a side is reduced to, nothing is pruned either.
        let may_prune = !N::ROOT
            && !mid_turn
            && self.has_non_pawn_material()
            && !self.near_move_rule()
            && !self.may_be_stalemated_to_a_loss(!us);
        // What shallow pruning reads (none where nothing may be pruned).
        let prune = may_prune.then_some(PruneFacts {
            depth,
            improving,
            in_check,
            futility_bound: eval + futility_margin(depth),
        });
        let mut picker = if N::ROOT {
            None
        } else {
            let hints = OrderHints {
                tt_move,
                killers: self.t.hist.killers(ply),
                counter: self.t.hist.counter(us, prev),
            };
            Some(MovePicker::main(&self.pos, hints))
        };
        let mut root_index = self.t.pv_index;

        let node = NodeFacts {
            depth,
            ply,
            cut_node,
            improving,
            mid_turn,
            us,
            mate_ply,
        };
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = Move::NULL;
        let mut legal = 0usize;
        let mut searched = 0usize;
        let mut quiets = [Move::NULL; 64];
        let mut quiet_count = 0;
        let mut quiets_filtered = false;

        loop {
            let (m, order) = match picker.as_mut() {
                Some(p) => {
                    match p.next(self.t.moves.at(ply), &self.pos, &self.s.see, &self.t.hist) {
                        Some(x) => x,
                        None => break,
                    }
                }
                None => {
                    if root_index >= self.t.root_moves.len() {
                        break;
                    }
                    root_index += 1;
                    (self.t.root_moves[root_index - 1].mv, 0)
                }
            };
            legal += 1;
            // The child's table bucket, asked for before the exchange tests (or else before
            // playing) so that its load overlaps them: a probe waiting on memory is much of a
            // node's time. Moves that cheaper tests prune need no hash.
            let mut hash = None;
            // The picker's score tells most moves apart without reading the board again.
            let tactical = if N::ROOT {
                is_tactical(&self.pos, m)
            } else {
                is_tactical_ordered(&self.pos, m, order)
            };
            let good_tactical = tactical && (N::ROOT || order >= MovePicker::GOOD_TACTICAL);

            // Pruning at shallow depth, once a move that does not lose has been found.
            let mut prune_unless_check = false;
            if let Some(f) = prune.as_ref().filter(|_| best > -MATE_BOUND) {
                let verdict = self.shallow_verdict::<N>(
                    m,
                    tactical,
                    good_tactical,
                    searched,
                    alpha,
                    f,
                    &mut hash,
                );
                match verdict {
                    Shallow::LateQuiets => {
                        if let Some(p) = picker.as_mut() {
                            p.skip_quiets();
                        }
                    }
                    // Every later quiet move is searched only if it gives check: the others
                    // are dropped at once, all together.
                    Shallow::LateQuiet if !quiets_filtered => {
                        quiets_filtered = true;
                        if let Some(p) = picker.as_mut() {
                            let pos = &mut self.pos;
                            p.keep_quiets(self.t.moves.at(ply), |q| {
                                pos.quiet_move_gives_check(q) != Some(false)
                            });
                        }
                    }
                    _ => {}
                }
                match self.admit(&verdict, m, depth) {
                    Some(unless_check) => prune_unless_check = unless_check,
                    None => continue,
                }
            }
            if N::ROOT && R::MAIN {
                self.announce_root_move(m, root_index);
            }
            let Some(score) = self.search_move::<N>(
                &node,
                MoveFacts {
                    m,
                    hash: hash.unwrap_or_else(|| self.ask_for_child(m)),
                    order,
                    tactical,
                    good_tactical,
                    prune_unless_check,
                },
                searched,
                alpha,
                beta,
            ) else {
                continue;
            };
            searched += 1;
            if self.t.stopped {
                return 0;
            }

            if N::ROOT {
                let child_len = self.t.pv_len[1].max(1);
                let seldepth = self.t.seldepth;
                let line: Vec<Move> = self.t.pv[1][1..child_len].to_vec();
                let rm = &mut self.t.root_moves[root_index - 1];
                if searched == 1 || score > alpha {
                    rm.score = score;
                    rm.bound = Bound::of_result(score, alpha, beta);
                    rm.seldepth = seldepth;
                    rm.pv.clear();
                    rm.pv.push(m);
                    rm.pv.extend_from_slice(&line);
                    // A new best move of the first line is the answer if time runs out now.
                    // With several lines the answer stays the last completed iteration's best,
                    // so that it is never the first move of another line the GUI shows.
                    if R::MAIN && score > alpha && self.t.pv_index == 0 && self.single_line {
                        self.s
                            .publish(&rm.pv, score, rm.bound, self.t.completed_depth);
                    }
                } else {
                    rm.score = -INFINITE;
                }
            }

            if score > best {
                best = score;
                if score > alpha {
                    best_move = m;
                    if N::PV && !N::ROOT {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        if !tactical && !mid_turn {
                            self.t.hist.reward_quiet(
                                us,
                                m,
                                &quiets[..quiet_count],
                                depth,
                                ply,
                                prev,
                            );
                        }
                        break;
                    }
                    alpha = score;
                }
            }
            if !tactical && !mid_turn && quiet_count < quiets.len() {
                quiets[quiet_count] = m;
                quiet_count += 1;
            }
            if N::PV
                && searched == 1
                && self.may_split(depth)
                && self.moves_at(ply, picker.as_mut()) <= MAX_MOVES
            {
                let mut at = SplitNode {
                    alpha,
                    beta,
                    best,
                    best_move,
                    root_index,
                    quiets: &mut quiets,
                    quiet_count,
                    prev,
                    searched,
                    prune: prune.filter(|_| best > -MATE_BOUND),
                };
                if !self.split::<N>(&node, picker.as_mut(), &mut at) {
                    return 0;
                }
                best = at.best;
                best_move = at.best_move;
                break;
            }
        }

        if legal == 0 {
            return no_move_score(self.pos.variant.stalemate, in_check, mate_ply);
        }
        // The root's result is stored too, for the next search of this position (analysis
        // started again, pondering that missed): its move is searched first there. Not a
        // later line of MultiPV, nor a search of some moves only: their best is not the
        // position's.
        if !N::ROOT || (self.t.pv_index == 0 && self.s.limits.search_moves.is_empty()) {
            let bound = Bound::of_result(best, original_alpha, beta);
            let score = to_tt(best, mate_ply);
            self.s
                .tt
                .store(key, best_move, score, static_eval, depth, bound);
        }
        best
    }
}

/// The root moves of a search: every legal move, or those of `search_moves` that are legal,
/// the table's move first (an earlier search's, pondering's). It is the answer should the
/// search be stopped before its first iteration; and the first iteration scores its first move
/// from its own shallow search and every later one against the table's deeper bounds, so a move
/// the table knows nothing about must not lead it.
pub fn root_moves<B: Bitboard>(
    pos: &Position<B>,
    search_moves: &[Move],
    tt: &TranspositionTable,
) -> Vec<RootMove> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let mut roots: Vec<RootMove> = list
        .iter()
        .filter(|m| search_moves.is_empty() || search_moves.contains(m))
        .map(|&m| RootMove::new(m))
        .collect();
    if let Some(h) = tt.probe(pos.hash()) {
        if let Some(i) = roots.iter().position(|r| r.mv == h.mv) {
            roots[..=i].rotate_right(1);
        }
    }
    roots
}
