//! Captures and promotions of a side not in check, generated directly for quiescence (filtering
//! the full legal list costs about twice as much: most of a legal generator's time goes to
//! checking quiet moves). With `king_safe` on the moves it leaves untested, it follows
//! `Position::legal_moves` move for move (the enemy king is never captured; king safety is
//! tested where that generator tests it); the test below holds the two together on random
//! positions of every built-in game and of cancellation games (captures by their own rule, as
//! there) and relay games (which have a generator of their own: a relay move changes which
//! moves the pieces have).
//!
//! Wanted in `movegen` instead (so rule modules have one generator to hook into): a
//! `legal_moves_of(GenKind::Tactical, list)` variant of `legal_moves`.

use crate::position::Position;
use crate::types::{Bitboard, Move, MoveKind, MoveList, PieceKind, Square};

/// The captures and promotions (all promotion pieces; non-promoting captures where promotion
/// is optional). The side to move must not be in check. Returns whether the king safety of
/// some moves was left untested (`king_safe` tests one): in games without a rule module or
/// cancellation, that of every move but the king's and en passant. The search tests only the
/// moves it plays, most captures being pruned or cut off before that (and the exposure of the
/// king, which most tests need, is then worked out only at nodes that play a move). Only the
/// moves to `targets` are wanted: the others may be left out (rule modules leave them in).
pub fn tactical_moves<B: Bitboard>(pos: &Position<B>, list: &mut MoveList, targets: B) -> bool {
    if pos.tables.moves_by_rule {
        // Relay moves change which moves the pieces have: the rule module's own generator.
        crate::rules::tactical_moves(pos, list);
        return false;
    }
    if pos.variant.cancellation.is_some() {
        // Cancellation captures are legal by their own rule, not by `king_safe`'s test.
        tactical_by_pieces::<_, false>(pos, list, targets);
        return false;
    }
    tactical_by_pieces::<_, true>(pos, list, targets);
    true
}

/// Is `m`, a move of a `tactical_moves` list that left king safety untested, legal? The
/// king's moves and en passant were tested already. `exposure`: the side to move's
/// `king_exposure`, worked out on first use.
#[inline(always)]
pub fn king_safe<B: Bitboard>(pos: &Position<B>, m: Move, exposure: &mut Option<(B, B)>) -> bool {
    m.kind() == MoveKind::EnPassant
        || pos
            .piece_at(m.from())
            .is_some_and(|p| p.kind() == pos.variant.royal)
        || safe_given_exposure(pos, m, exposure)
}

/// Does `m`, not a king's move nor en passant, leave the king safe? Only a move from a square
/// of the exposure's first set or to one of its second needs the full test.
#[inline(always)]
fn safe_given_exposure<B: Bitboard>(
    pos: &Position<B>,
    m: Move,
    exposure: &mut Option<(B, B)>,
) -> bool {
    let (careful_from, careful_to) =
        *exposure.get_or_insert_with(|| pos.king_exposure(pos.side_to_move()));
    (!careful_from.has(m.from()) && !careful_to.has(m.to())) || pos.leaves_king_safe(m)
}

/// The legal captures and promotions by the pieces' own moves, with no rule module's changes
/// (Knight Relay adds its relayed captures to these).
#[inline(always)]
pub(crate) fn tactical_ordinary<B: Bitboard>(pos: &Position<B>, list: &mut MoveList) {
    tactical_by_pieces::<_, false>(pos, list, !B::EMPTY)
}

/// Captures from `from` to `caps`, as they are.
#[inline(always)]
fn push_plain_captures<B: Bitboard>(list: &mut MoveList, from: Square, caps: B) {
    for to in caps.squares() {
        list.push(Move::new(from, to, MoveKind::Normal));
    }
}

/// `tactical_ordinary`, of the moves to `targets` only; with `DEFER`, the king safety of moves
/// other than the king's and en passant is left to `king_safe`.
#[inline(always)]
fn tactical_by_pieces<B: Bitboard, const DEFER: bool>(
    pos: &Position<B>,
    list: &mut MoveList,
    targets: B,
) {
    list.clear();
    let us = pos.side_to_move();
    let them = !us;
    let t = &*pos.tables;
    let v = &*pos.variant;
    let occ = pos.occupied();
    let enemy = pos.pieces(them).without(pos.king(them)) & targets;
    // Quiescence's recaptures want the moves onto one enemy piece: only its capturers (the
    // exchanges' query, hoppers and lame leapers included) have any, where every piece was
    // looked at. (Nothing moves to an occupied square without taking, and en passant goes to
    // an empty one.)
    let movers = if targets == enemy && !enemy.more_than_one() && enemy.any() {
        pos.capturers(enemy.lsb(), us, occ)
    } else {
        !B::EMPTY
    };
    // Asked for at the first move that needs it: many quiescence nodes have none at all.
    let mut exposure = None;
    let zone = t.promotion_zone[us.index()] & targets;
    let compulsory = t.compulsory_zone[us.index()];
    let ep = pos.ep_square().filter(|&sq| targets.has(sq));
    let cancellation = v.cancellation.is_some();
    // The pawn kinds, bit `kind` each: a bit test a kind where the piece's entry took a bounds
    // check and a multiply.
    let pawns = pos.pawn_kinds();
    let is_pawn = |k: PieceKind| pawns >> k.index() & 1 != 0;
    // The moves of a piece with a capture, a promotion or an en-passant square to look at
    // (most pieces have none, and the loops below find that out with as little as their kind
    // allows), unless they are plain captures pushed as they are (`push_here` below).
    // `en_passant`: the square, where the piece's kind captures so.
    let mut push_moves = |list: &mut MoveList,
                          k: PieceKind,
                          from: Square,
                          quiet: B,
                          mut caps: B,
                          en_passant: Option<Square>| {
        let pawn = is_pawn(k);
        if k == v.royal {
            for to in caps.squares() {
                let m = Move::new(from, to, MoveKind::Normal);
                if pos.leaves_king_safe(m) {
                    list.push(m);
                }
            }
            return;
        }
        if cancellation {
            // Cancellation captures: never a promotion, and legal by their own rule.
            crate::rules::cancellation::legality::push_captures(pos, from, caps, false, list);
            caps = B::EMPTY;
        }
        let promoting = if pawn {
            (quiet | caps) & zone
        } else {
            B::EMPTY
        };
        if (caps | promoting).is_empty() && en_passant.is_none() {
            return;
        }
        let mut emit = |m: Move| {
            if DEFER || safe_given_exposure(pos, m, &mut exposure) {
                list.push(m);
            }
        };
        for to in promoting.squares() {
            for &p in &v.promote_to {
                if !v.promotion_limited_by_initial
                    || pos.count(us, p) < v.initial_counts[us.index()][p.index()]
                {
                    emit(Move::promotion(from, to, p));
                }
            }
            if caps.has(to) && !compulsory.has(to) {
                emit(Move::new(from, to, MoveKind::Normal));
            }
        }
        for to in (caps & !promoting).squares() {
            emit(Move::new(from, to, MoveKind::Normal));
        }
        if let Some(ep) = en_passant {
            if t.capture_leaps(us, k, from).has(ep) {
                let m = Move::new(from, ep, MoveKind::EnPassant);
                let legal = if cancellation {
                    crate::rules::cancellation::legality::capture_is_legal(pos, m)
                } else {
                    pos.leaves_king_safe(m)
                };
                if legal {
                    list.push(m);
                }
            }
        }
    };
    for k in v.kinds() {
        let pieces = pos.pieces_of(us, k) & movers;
        if pieces.is_empty() {
            continue;
        }
        let pawn = is_pawn(k);
        let en_passant = ep.filter(|_| t.kind_moves(us, k).en_passant);
        // Most pieces' tactical moves are plain captures, their king safety left to
        // `king_safe` (`DEFER`): pushed here, without a call of `push_moves`, for any kind but
        // the king (whose captures are tested) when there is no en passant, from a square with
        // no promotion (not a pawn's, or one of `plain_captures`).
        let push_here = DEFER && en_passant.is_none() && k != v.royal;
        if !pawn && t.is_symmetric(us, k) {
            // Only the captures are wanted (no promotion): the slide is worked out only when
            // an enemy stands on the piece's lines at all.
            for from in pieces.squares() {
                let (leaps, lines) = t.reach_parts(us, k, from);
                let mut caps = leaps & enemy;
                if (lines & enemy).any() {
                    caps |= t.slide(from, lines, occ) & enemy;
                }
                if push_here {
                    push_plain_captures(list, from, caps);
                } else if caps.any() || en_passant.is_some() {
                    push_moves(list, k, from, B::EMPTY, caps, en_passant);
                }
            }
            continue;
        }
        let plain = t.plain_captures(us, k);
        let capture_leaps = t.capture_leaps_row(us, k);
        for from in pieces.squares() {
            if plain.has(from) {
                // No promotion from here: the capture leaps are all.
                let caps = capture_leaps[from.index()] & enemy;
                if push_here {
                    push_plain_captures(list, from, caps);
                } else if caps.any() || en_passant.is_some() {
                    push_moves(list, k, from, B::EMPTY, caps, en_passant);
                }
            } else {
                let (quiet, caps, doubles) = pos.targets(us, k, from, occ, enemy);
                if push_here && !pawn {
                    push_plain_captures(list, from, caps);
                    continue;
                }
                // A double step may reach the zone too (`double-step-ranks` in a file).
                let quiet = quiet | doubles;
                let promoting = if pawn { quiet & zone } else { B::EMPTY };
                if (caps | promoting).any() || en_passant.is_some() {
                    push_moves(list, k, from, quiet, caps, en_passant);
                }
            }
        }
    }
    crate::rules::no_repetition::filter(pos, list);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::movepick::is_tactical;
    use crate::variant::Registry;
    use crate::with_position;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    use std::collections::BTreeSet;

    /// The moves (to `only_to`, if given) that `tactical_moves` yields and `king_safe` lets
    /// through (rule modules' generators may yield moves to other squares too); none twice.
    fn tactical_legal<B: Bitboard>(
        p: &Position<B>,
        only_to: Option<Square>,
        gt: &crate::game::GameType,
    ) -> BTreeSet<u32> {
        let targets = only_to.map_or(!B::EMPTY, B::from_square);
        let mut list = MoveList::new();
        let deferred = tactical_moves(p, &mut list, targets);
        let all: BTreeSet<u32> = list.iter().map(|m| m.raw()).collect();
        assert_eq!(
            all.len(),
            list.len(),
            "{}: duplicates in {}",
            gt.variant.name,
            p.fen()
        );
        let mut exposure = None;
        list.iter()
            .filter(|&&m| targets.has(m.to()) && (!deferred || king_safe(p, m, &mut exposure)))
            .map(|m| m.raw())
            .collect()
    }

    /// On random playouts of every built-in game, the tactical generator yields exactly the
    /// legal captures and promotions, and those to one square when asked for them only.
    #[test]
    fn matches_the_legal_generator() {
        let mut reg = Registry::builtin();
        // Double steps into the promotion zone, which a variant file can give.
        reg.load(
            "[dsz : chess]\ndouble-step-ranks = 2 4 5 6\npromotion-ranks = 7 8\n\
                  [dsz-relay : dsz]\nrelay = relay\n",
        )
        .expect("the test's variants file");
        let mut rng = StdRng::seed_from_u64(7);
        let (mut checked, mut double_step_promotions) = (0, 0);
        let mut games: Vec<&crate::game::GameType> = reg.games().iter().collect();
        for name in [
            "dsz",
            "dsz-relay",
            "relay-chess",
            "anti-relay-chess",
            "cancellation-chess",
            "cancellation-extended-chess",
            "relay-grand",
            "anti-relay-tutti-frutti",
            "cancellation-capablanca",
            "cancellation-anti-relay-chess",
            "cancellation-relay-chess",
        ] {
            games.push(reg.find(name).unwrap());
        }
        for gt in games {
            for _ in 0..6 {
                let mut game = gt.start();
                with_position!(&mut game, p => {
                    let mut legal = MoveList::new();
                    for _ in 0..160 {
                        p.legal_moves(&mut legal);
                        if legal.is_empty() {
                            break;
                        }
                        // Mid-turn (placements owed) quiescence generates every move instead.
                        if !p.in_check() && !p.placement_pending() {
                            let want: BTreeSet<u32> =
                                legal.iter().filter(|&&m| is_tactical(p, m)).map(|m| m.raw()).collect();
                            let got = tactical_legal(p, None, gt);
                            assert_eq!(got, want, "{}: {}", gt.variant.name, p.fen());
                            // Only the moves to one square: those of the legal list to it.
                            if let Some(&m) = legal.iter().find(|&&m| is_tactical(p, m)) {
                                let to = m.to();
                                let want: BTreeSet<u32> = legal
                                    .iter()
                                    .filter(|&&m| is_tactical(p, m) && m.to() == to)
                                    .map(|m| m.raw())
                                    .collect();
                                let got = tactical_legal(p, Some(to), gt);
                                assert_eq!(got, want, "{}: {} to {to:?}", gt.variant.name, p.fen());
                            }
                            checked += 1;
                            let size = p.variant.size;
                            double_step_promotions += legal
                                .iter()
                                .filter(|m| {
                                    m.kind() == MoveKind::Promotion
                                        && size.rank(m.from()).abs_diff(size.rank(m.to())) == 2
                                })
                                .count();
                        }
                        // Prefer captures so that games reach promotions and bare endings.
                        let caps: Vec<Move> = legal.iter().copied().filter(|&m| is_tactical(p, m)).collect();
                        let m = if !caps.is_empty() && rng.gen_bool(0.6) {
                            caps[rng.gen_range(0..caps.len())]
                        } else {
                            legal.as_slice()[rng.gen_range(0..legal.len())]
                        };
                        p.play(m);
                    }
                });
            }
        }
        assert!(
            checked > 5_000 && double_step_promotions > 0,
            "{checked} {double_step_promotions}"
        );
    }
}
