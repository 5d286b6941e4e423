//! Canonical's rule: no move may recreate any earlier position of the game (placement of all
//! pieces and side to move). It is a legality rule, so it applies in play, search and perft
//! alike, against every position since the game (or the FEN it started from) was set up.

use crate::position::Position;
use crate::types::{Bitboard, MoveList};
use crate::variant::RepetitionRule;

/// Removes the moves that would recreate an earlier position.
pub fn filter<B: Bitboard>(pos: &Position<B>, list: &mut MoveList) {
    if pos.variant.repetition != RepetitionRule::Illegal {
        return;
    }
    let mut i = 0;
    while i < list.len() {
        if pos.seen(pos.hash_after(list.as_slice()[i])) {
            list.swap_remove(i);
        } else {
            i += 1;
        }
    }
}
