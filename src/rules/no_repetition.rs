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

#[cfg(test)]
mod tests {
    use crate::position::Position;
    use crate::types::{Bitboard, Move, MoveKind, MoveList};
    use crate::variant::Registry;
    use crate::with_position;

    /// Quiet moves of pieces other than pawns (they can go back).
    fn reversible<B: Bitboard>(p: &Position<B>) -> Vec<Move> {
        let mut list = MoveList::new();
        p.legal_moves(&mut list);
        list.iter()
            .copied()
            .filter(|m| m.kind() == MoveKind::Normal && p.piece_at(m.to()).is_none())
            .filter(|m| {
                p.piece_at(m.from())
                    .is_some_and(|q| !p.variant.piece(q.kind()).pawn)
            })
            .collect()
    }

    fn back(m: Move) -> Move {
        Move::new(m.to(), m.from(), MoveKind::Normal)
    }

    /// In the search's null-move subtree, a move that recreates the position after the pass is
    /// legal: that position never occurred in the game. After White's pass, Black goes out and
    /// White goes out, Black comes back; White coming back recreates the start placement with
    /// Black to move, which only the pass produced.
    #[test]
    fn the_position_after_a_null_move_does_not_count() {
        let reg = Registry::builtin();
        let gt = reg.find("canonical").unwrap();
        let mut game = gt.start();
        let mut tried = 0;
        with_position!(&mut game, p => {
            p.play_null();
            for black in reversible(p) {
                p.play(black);
                for white in reversible(p) {
                    p.play(white);
                    if reversible(p).contains(&back(black)) {
                        p.play(back(black));
                        let mut list = MoveList::new();
                        p.legal_moves(&mut list);
                        if p.piece_at(white.from()).is_none() && p.piece_at(white.to()).is_some() {
                            assert!(list.contains(back(white)), "{:?} is refused", back(white));
                            tried += 1;
                        }
                        p.undo();
                    }
                    p.undo();
                }
                p.undo();
            }
        });
        assert!(tried > 0);
    }
}
