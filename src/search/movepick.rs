//! Move ordering. The legal moves are generated once and scored: the TT move first, then winning
//! and equal captures (MVV/LVA, promotions counted as captures), killers and the counter-move,
//! quiet moves by history, and losing captures (by SEE) last. Moves are picked best-first by
//! selection, so a cutoff early on spends no time sorting the rest.

use super::history::Histories;
use super::see::SeeValues;
use crate::position::Position;
use crate::types::{Bitboard, Move, MoveKind, MoveList, MAX_MOVES};
use crate::variant::RepetitionRule;

const TT_MOVE: i32 = 1 << 30;
const GOOD_TACTICAL: i32 = 1 << 28;
const KILLER: i32 = 1 << 26;
const COUNTER: i32 = KILLER - 2;
const BAD_TACTICAL: i32 = -(1 << 28);

/// Captures (en passant included) and promotions: the moves quiescence searches.
#[inline(always)]
pub fn is_tactical<B: Bitboard>(pos: &Position<B>, m: Move) -> bool {
    match m.kind() {
        MoveKind::EnPassant | MoveKind::Promotion => true,
        MoveKind::CastleHigh | MoveKind::CastleLow | MoveKind::Drop => false,
        _ => pos.piece_at(m.to()).is_some(),
    }
}

#[inline(always)]
pub fn is_capture<B: Bitboard>(pos: &Position<B>, m: Move) -> bool {
    match m.kind() {
        MoveKind::EnPassant => true,
        MoveKind::CastleHigh | MoveKind::CastleLow | MoveKind::Drop => false,
        _ => pos.piece_at(m.to()).is_some(),
    }
}

/// The legal moves under the variant's rules: with `RepetitionRule::Illegal`, moves that
/// recreate an earlier position are dropped.
pub fn legal_moves<B: Bitboard>(pos: &mut Position<B>, list: &mut MoveList) {
    pos.legal_moves(list);
    if pos.variant.repetition == RepetitionRule::Illegal {
        let mut i = 0;
        while i < list.len() {
            let m = list.as_slice()[i];
            pos.play(m);
            let repeats = pos.occurred_before();
            pos.undo();
            if repeats {
                list.swap_remove(i);
            } else {
                i += 1;
            }
        }
    }
}

/// MVV/LVA: the most valuable victim first, the cheapest attacker among equals.
#[inline(always)]
fn mvv_lva<B: Bitboard>(pos: &Position<B>, see: &SeeValues, m: Move) -> i32 {
    let attacker = pos.piece_at(m.from()).map_or(0, |p| see.of(p.kind()).min(10_000));
    see.gain(pos, m) * 16 - attacker / 16
}

pub struct MovePicker {
    list: MoveList,
    scores: [i32; MAX_MOVES],
    next: usize,
}

/// What the picker needs to know to order the moves of a node.
pub struct OrderHints {
    pub tt_move: Move,
    pub killers: [Move; 2],
    pub counter: Move,
}

impl MovePicker {
    /// All moves of a main-search node, ordered.
    pub fn main<B: Bitboard>(pos: &mut Position<B>, see: &SeeValues, hist: &Histories, hints: &OrderHints) -> MovePicker {
        let mut list = MoveList::new();
        legal_moves(pos, &mut list);
        let mut scores = [0; MAX_MOVES];
        let us = pos.side_to_move();
        for (i, &m) in list.iter().enumerate() {
            scores[i] = if m == hints.tt_move {
                TT_MOVE
            } else if is_tactical(pos, m) {
                let base = if see.see_ge(pos, m, 0) { GOOD_TACTICAL } else { BAD_TACTICAL };
                base + mvv_lva(pos, see, m)
            } else if m == hints.killers[0] {
                KILLER
            } else if m == hints.killers[1] {
                KILLER - 1
            } else if m == hints.counter {
                COUNTER
            } else {
                hist.quiet(us, m)
            };
        }
        MovePicker { list, scores, next: 0 }
    }

    /// Captures and promotions (or every move, when in check) for quiescence.
    pub fn quiescence<B: Bitboard>(pos: &mut Position<B>, see: &SeeValues, in_check: bool, tt_move: Move) -> MovePicker {
        let mut list = MoveList::new();
        legal_moves(pos, &mut list);
        let mut scores = [0; MAX_MOVES];
        if !in_check {
            let mut i = 0;
            while i < list.len() {
                if is_tactical(pos, list.as_slice()[i]) {
                    i += 1;
                } else {
                    list.swap_remove(i);
                }
            }
        }
        for (i, &m) in list.iter().enumerate() {
            scores[i] = if m == tt_move {
                TT_MOVE
            } else if is_tactical(pos, m) {
                GOOD_TACTICAL + mvv_lva(pos, see, m)
            } else {
                0
            };
        }
        MovePicker { list, scores, next: 0 }
    }

    /// The number of moves (legal moves for `main`; searched kinds for `quiescence`).
    pub fn len(&self) -> usize {
        self.list.len()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The best remaining move and its ordering score.
    #[inline]
    pub fn next(&mut self) -> Option<(Move, i32)> {
        let n = self.list.len();
        if self.next >= n {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..n {
            if self.scores[i] > self.scores[best] {
                best = i;
            }
        }
        let moves = self.list.as_slice();
        let m = moves[best];
        let s = self.scores[best];
        // Move the picked one into the consumed prefix.
        let (a, b) = (self.next, best);
        let first = moves[a];
        self.scores[b] = self.scores[a];
        self.scores[a] = s;
        self.swap(a, b, first, m);
        self.next += 1;
        Some((m, s))
    }

    fn swap(&mut self, a: usize, b: usize, at_a: Move, at_b: Move) {
        // MoveList has no indexed setter: rebuild the two slots through swap_remove-free copying.
        if a == b {
            return;
        }
        let mut rebuilt = MoveList::new();
        for (i, &m) in self.list.iter().enumerate() {
            rebuilt.push(if i == a {
                at_b
            } else if i == b {
                at_a
            } else {
                m
            });
        }
        self.list = rebuilt;
    }

    /// Ordering score of a winning-or-equal capture (for pruning decisions).
    pub const GOOD_TACTICAL: i32 = GOOD_TACTICAL;
    pub const KILLER: i32 = KILLER;
}
