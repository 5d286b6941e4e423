//! The Cannons and Crabs cannon's king exception: a piece with `no-jump-check` may not jump
//! an occupied square to attack a King. Its straight leaps of more than one step therefore
//! enter the attack tables (which are always judged against a royal piece: check, king moves,
//! castling squares, pins) as lame leaps blocked by the squares they pass over; its moves and
//! its captures of other pieces still jump.

use crate::movegen::tables::lame_path;
use crate::types::{Bitboard, BoardSize, Square};
use crate::variant::PieceType;

/// The squares that block this leap's attack on a royal piece, or `None` if nothing can.
pub fn attack_block<B: Bitboard>(
    piece: &PieceType,
    size: BoardSize,
    from: Square,
    dx: i8,
    dy: i8,
) -> Option<B> {
    let straight = dx == 0 || dy == 0 || dx.abs() == dy.abs();
    if !piece.no_jump_check || !straight || dx.abs().max(dy.abs()) < 2 {
        return None;
    }
    Some(lame_path(size, from, dx, dy, false))
}
