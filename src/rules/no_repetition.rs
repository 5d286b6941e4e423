//! Canonical's rule: no move may recreate any earlier position of the game (placement of all
//! pieces and side to move). It is a legality rule, so it applies in play, search and perft
//! alike, against every position since the game (or the FEN it started from) was set up.

use crate::position::Position;
use crate::types::{Bitboard, Move, MoveKind, MoveList};
use crate::variant::RepetitionRule;

/// Removes the moves that would recreate an earlier position. Without placements a capture
/// leaves fewer pieces than any earlier position had, so only the other moves are looked at,
/// each against the positions since the last capture.
///
/// The test of the rule is inlined into the generators (which call this for every node of
/// every game), the filtering not.
#[inline(always)]
pub fn filter<B: Bitboard>(pos: &Position<B>, list: &mut MoveList) {
    if pos.variant.repetition == RepetitionRule::Illegal {
        filter_repetitions(pos, list);
    }
}

#[inline(never)]
fn filter_repetitions<B: Bitboard>(pos: &Position<B>, list: &mut MoveList) {
    if pos.variant.cancellation.is_some() {
        return filter_by(list, |m| pos.seen(pos.hash_after(m)));
    }
    // No move here is a cancellation ply: `hash_after` is its two parts, the one common to
    // every move taken once.
    let sieve = pos.move_sieve_since_last_capture();
    if sieve.is_empty() {
        return;
    }
    let common = pos.hash_after_any_move();
    let seen = |hash: u64| sieve.may_hold(hash) && pos.seen_since_last_capture(hash);
    filter_by(list, |m| {
        // Most moves are plain ones: their hash is the mover's two keys, with no dispatch on
        // the kind of move for each piece looked at.
        if matches!(m.kind(), MoveKind::Normal | MoveKind::DoubleStep) {
            let (from, to) = (m.from(), m.to());
            if pos.piece_at(to).is_some() {
                return false;
            }
            if let Some(p) = pos.piece_at(from) {
                return seen(common ^ pos.quiet_hash_change(p, from, to));
            }
        }
        !pos.is_capture(m) && seen(common ^ pos.hash_change(m))
    });
}

/// Removes the moves for which `recreates` holds.
fn filter_by(list: &mut MoveList, recreates: impl Fn(Move) -> bool) {
    let mut i = 0;
    while i < list.len() {
        if recreates(list.as_slice()[i]) {
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

    /// The filter (captures skipped, each other move looked up since the last capture) keeps
    /// exactly the moves that recreate no position of the game, by a full scan of the history.
    /// The playouts favour moves that go back and forth, so that many moves are refused, some
    /// of them recreating a position from long before.
    #[test]
    fn filter_matches_a_full_scan() {
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        let reg = Registry::builtin();
        let mut rng = StdRng::seed_from_u64(11);
        let (mut refused, mut checked) = (0, 0);
        for name in ["canonical", "canonic", "canon"] {
            let gt = reg.find(name).unwrap();
            for _ in 0..4 {
                let mut game = gt.start();
                with_position!(&mut game, p => {
                    let mut list = MoveList::new();
                    for _ in 0..200 {
                        p.legal_moves(&mut list);
                        let fresh = gt.position(&p.fen()).unwrap();
                        let mut all = MoveList::new();
                        fresh.legal_moves(&mut all);
                        let mut want: Vec<Move> = all
                            .iter()
                            .copied()
                            .filter(|&m| !p.seen(p.hash_after(m)))
                            .collect();
                        let mut got: Vec<Move> = list.iter().copied().collect();
                        want.sort_by_key(|m| m.raw());
                        got.sort_by_key(|m| m.raw());
                        assert_eq!(got, want, "{name}: {}", p.fen());
                        refused += all.len() - list.len();
                        checked += 1;
                        if list.is_empty() {
                            break;
                        }
                        // Kings and queens, shut in their fortresses, come back often and
                        // from far.
                        let back: Vec<Move> = reversible(p)
                            .into_iter()
                            .filter(|m| {
                                p.piece_at(m.from()).is_some_and(|q| {
                                    q.kind() == p.variant.royal
                                        || p.variant.piece(q.kind()).letter == 'q'
                                })
                            })
                            .collect();
                        let m = if !back.is_empty() && rng.gen_range(0..8) != 0 {
                            back[rng.gen_range(0..back.len())]
                        } else {
                            list.as_slice()[rng.gen_range(0..list.len())]
                        };
                        p.play(m);
                    }
                });
            }
        }
        assert!(
            checked > 1_000 && refused > 400,
            "{checked} positions, {refused} refused"
        );
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
