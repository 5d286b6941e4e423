//! Rule modifiers, one module each, called by the move generator through narrow functions.
pub mod cancellation;
pub mod kings_leap;
pub mod knight_relay;
pub mod no_jump_check;
pub mod no_repetition;
pub mod relay;

use crate::position::Position;
use crate::types::{Bitboard, Color, Move, MoveList};

// The games whose moves a rule module makes (relay and anti-relay, Knight Relay: the pieces'
// moves depend on the whole board), behind one flag of the tables (`Tables::moves_by_rule`)
// so that the ordinary games' hot paths test one bit for all of them.

#[inline(never)]
pub(crate) fn legal_moves<B: Bitboard>(pos: &Position<B>, list: &mut MoveList) {
    if pos.tables.relay.is_some() {
        relay::legal_moves(pos, list)
    } else {
        knight_relay::legal_moves(pos, list)
    }
}

#[inline(never)]
pub(crate) fn tactical_moves<B: Bitboard>(pos: &Position<B>, list: &mut MoveList) {
    if pos.tables.relay.is_some() {
        relay::tactical_moves(pos, list)
    } else {
        knight_relay::tactical_moves(pos, list)
    }
}

#[inline(never)]
pub(crate) fn leaves_king_safe<B: Bitboard>(pos: &Position<B>, m: Move) -> bool {
    if pos.tables.relay.is_some() {
        relay::leaves_king_safe(pos, m)
    } else {
        knight_relay::leaves_king_safe(pos, m)
    }
}

#[inline(never)]
pub(crate) fn checkers<B: Bitboard>(pos: &Position<B>) -> B {
    if pos.tables.relay.is_some() {
        relay::checkers(pos)
    } else {
        knight_relay::checkers(pos)
    }
}

pub(crate) fn king_attacked<B: Bitboard>(pos: &Position<B>, color: Color) -> bool {
    if pos.tables.relay.is_some() {
        relay::king_attacked(pos, color)
    } else {
        knight_relay::king_attacked(pos, color)
    }
}
