//! King's Leap Chess: instead of castling, the king's first move may be a Dabbaba leap to an
//! empty square, if the king is not in check before or after, and the square leapt over holds
//! no hostile piece and is not attacked (judged with the king still on its square).
//! The right is the castling field's `K`/`k` bit and goes with the king's first move.

use crate::position::{castle_bit, Position};
use crate::types::{Bitboard, Move, MoveKind, MoveList};

const LEAPS: [(i32, i32); 4] = [(2, 0), (-2, 0), (0, 2), (0, -2)];

/// Adds the legal leaps. Called only when the side to move is not in check.
///
/// The test of the game's rule is inlined into the generator, the leaps not.
#[inline(always)]
pub fn generate<B: Bitboard>(pos: &Position<B>, list: &mut MoveList) {
    if pos.variant.king_leap {
        generate_leaps(pos, list);
    }
}

#[inline(never)]
fn generate_leaps<B: Bitboard>(pos: &Position<B>, list: &mut MoveList) {
    let us = pos.side_to_move();
    if pos.castling_rights() & castle_bit(us, 0) == 0 {
        return;
    }
    let them = !us;
    let size = pos.variant.size;
    let from = pos.king(us);
    let occ = pos.occupied();
    for (dx, dy) in LEAPS {
        let (Some(to), Some(mid)) = (size.offset(from, dx, dy), size.offset(from, dx / 2, dy / 2))
        else {
            continue;
        };
        if occ.has(to) || pos.pieces(them).has(mid) || pos.is_attacked(mid, them, occ) {
            continue;
        }
        let m = Move::new(from, to, MoveKind::KingLeap);
        if pos.leaves_king_safe(m) {
            list.push(m);
        }
    }
}
