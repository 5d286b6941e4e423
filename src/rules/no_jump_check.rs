//! The Cannons and Crabs cannon's king exception: a piece with `no-jump-check` may not jump
//! an occupied square to attack a King. Its straight leaps of more than one step therefore
//! enter the attack tables (which are always judged against a royal piece: check, king moves,
//! castling squares, pins) as lame leaps blocked by the squares they pass over; its moves and
//! its captures of other pieces still jump.

use crate::movegen::tables::lame_path;
use crate::types::{Bitboard, BoardSize, Square};
use crate::variant::PieceType;

/// Whether a leap by this vector jumps a line of squares the rule reads: a straight leap of
/// two or more steps (an oblique leap has no one path).
pub fn jumps_a_line(dx: i8, dy: i8) -> bool {
    (dx == 0 || dy == 0 || dx.abs() == dy.abs()) && dx.abs().max(dy.abs()) >= 2
}

/// The squares that block this leap's attack on a royal piece, or `None` if nothing can.
pub fn attack_block<B: Bitboard>(
    piece: &PieceType,
    size: BoardSize,
    from: Square,
    dx: i8,
    dy: i8,
) -> Option<B> {
    if !piece.no_jump_check || !jumps_a_line(dx, dy) {
        return None;
    }
    Some(lame_path(size, from, dx, dy, false))
}
