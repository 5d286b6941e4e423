//! FIDE's dead positions, the part a game's data can tell: a draw where stalemate draws and
//! neither side can ever mate.

use super::Position;
use crate::types::{Bitboard, Color};
use crate::variant::StalemateRule;

impl<B: Bitboard> Position<B> {
    /// No pawn-like piece and at most one other non-royal piece, worth 3 or less (K v K,
    /// K+minor v K), in a game where stalemate draws. Pieces still to be placed (cancellation)
    /// are material too. Cheap where there are more than three pieces, as in most positions.
    pub fn dead_material(&self) -> bool {
        if self.occupied().count() > 3 {
            return false;
        }
        let v = &*self.variant;
        if v.stalemate != StalemateRule::Draw || self.placement_pending() {
            return false;
        }
        let mut extra = 0;
        for k in v.kinds().filter(|&k| k != v.royal) {
            let n = u32::from(self.count(Color::White, k)) + u32::from(self.count(Color::Black, k));
            if n == 0 {
                continue;
            }
            let piece = v.piece(k);
            if piece.pawn || piece.value > 3 {
                return false;
            }
            extra += n;
        }
        extra <= 1
    }
}
