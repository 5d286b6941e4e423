//! Legal moves of a relay game, and the entry points the rest of the engine calls.

use super::board::Board;
use super::relations::Relations;
use super::tables::RelayTables;
use crate::position::{castle_bit, Position};
use crate::types::{Bitboard, Color, Move, MoveKind, MoveList, Square};
use std::borrow::Cow;

#[inline(always)]
fn tables_of<B: Bitboard>(pos: &Position<B>) -> &RelayTables<B> {
    pos.tables
        .relay
        .as_deref()
        .expect("a relay game has relay tables")
}

/// A position seen with its relations, for the search and evaluation (mobility by effective
/// moves) and for tests.
pub struct RelayView<'a, B: Bitboard> {
    pub pos: &'a Position<B>,
    pub tables: &'a RelayTables<B>,
    pub board: Board<B>,
    /// Owned (`new`), or the thread's memo's own copy (`with`).
    pub relations: Cow<'a, Relations<B>>,
}

impl<'a, B: Bitboard> RelayView<'a, B> {
    /// `None` when the game has no relay rules.
    pub fn new(pos: &'a Position<B>) -> Option<RelayView<'a, B>> {
        let tables = pos.tables.relay.as_deref()?;
        let board = Board::of(pos);
        let relations = Cow::Owned(tables.relations_memo(&board));
        Some(RelayView {
            pos,
            tables,
            board,
            relations,
        })
    }

    /// `f` of the view of `pos`, whose relay tables are `tables`: `new` without copying the
    /// relations (the evaluation's path). `f` must not ask for another position's relations.
    pub fn with<T>(
        pos: &Position<B>,
        tables: &RelayTables<B>,
        f: impl FnOnce(&RelayView<'_, B>) -> T,
    ) -> T {
        let board = Board::of(pos);
        tables.with_relations(&board, |relations| {
            f(&RelayView {
                pos,
                tables,
                board,
                relations: Cow::Borrowed(relations),
            })
        })
    }

    /// Effective types of the piece on `sq` (bit per type of `RelayTables`).
    pub fn effective_types(&self, sq: Square) -> u32 {
        self.tables.effective_types(&self.relations, sq)
    }
    /// What relay rules change now, as `d` shows it: each piece that lost or gained a move
    /// type, by square order, as `Nd4 -N`, `Qe2 +N -B` (types in Betza notation).
    pub fn effects(&self) -> Vec<String> {
        let v = &*self.pos.variant;
        let mut out = Vec::new();
        for sq in self.relations.modified.squares() {
            let Some(p) = self.pos.piece_at(sq) else {
                continue;
            };
            let natural = self.tables.natural_types(p.kind());
            let effective = self.effective_types(sq);
            let mut text = format!("{}{}", v.letter(p.color(), p.kind()), v.size.name(sq));
            for (sign, types) in [('+', effective & !natural), ('-', natural & !effective)] {
                for t in super::bits(types) {
                    text.push_str(&format!(" {sign}{}", self.tables.type_name(t)));
                }
            }
            out.push(text);
        }
        out
    }
    /// Quiet moves and captures of the piece on `sq` by its effective moves (pseudo-legal;
    /// pawns and Kings by their own moves, the enemy King never a target).
    pub fn targets(&self, sq: Square) -> (B, B) {
        let Some(p) = self.pos.piece_at(sq) else {
            return (B::EMPTY, B::EMPTY);
        };
        let c = p.color();
        let occ = self.board.occ;
        let enemy = self.pos.pieces(!c).without(self.pos.king(!c));
        if self.relations.modified.has(sq) {
            self.tables
                .effective_targets(&self.relations, c, sq, occ, enemy)
        } else {
            let (q, x, d) = self.pos.targets(c, p.kind(), sq, occ, enemy);
            (q | d, x)
        }
    }
    /// Attackers of `color` on `sq` as against a King, with effective moves.
    pub fn attackers(&self, sq: Square, color: Color) -> B {
        self.tables
            .attackers::<false>(&self.pos.tables, &self.board, &self.relations, sq, color)
    }
}

/// Pieces giving check to the side to move, with effective moves.
pub fn checkers<B: Bitboard>(pos: &Position<B>) -> B {
    let rt = tables_of(pos);
    let b = Board::of(pos);
    let us = pos.side_to_move();
    rt.with_relations(&b, |rel| {
        rt.attackers::<false>(&pos.tables, &b, rel, pos.king(us), !us)
    })
}

/// Is `color`'s King attacked, with effective moves?
pub fn king_attacked<B: Bitboard>(pos: &Position<B>, color: Color) -> bool {
    let rt = tables_of(pos);
    let b = Board::of(pos);
    rt.attacked_on(&pos.tables, &b, pos.king(color), !color)
}

/// Would the mover's King be safe after the pseudo-legal move `m`?
pub fn leaves_king_safe<B: Bitboard>(pos: &Position<B>, m: Move) -> bool {
    tables_of(pos).safe_after(pos, &Board::of(pos), m)
}

/// All legal moves of a relay game.
pub fn legal_moves<B: Bitboard>(pos: &Position<B>, list: &mut MoveList) {
    generate::<B, false>(pos, list)
}

/// The legal captures and promotions of a relay game (quiescence): the same moves as
/// `legal_moves` keeps of these, without testing the quiet ones.
pub fn tactical_moves<B: Bitboard>(pos: &Position<B>, list: &mut MoveList) {
    generate::<B, true>(pos, list)
}

fn generate<B: Bitboard, const TACTICAL: bool>(pos: &Position<B>, list: &mut MoveList) {
    list.clear();
    let rt = tables_of(pos);
    let b = Board::of(pos);
    rt.with_relations(&b, |rel| {
        generate_with::<B, TACTICAL>(pos, rt, &b, rel, list)
    });
}

fn generate_with<B: Bitboard, const TACTICAL: bool>(
    pos: &Position<B>,
    rt: &RelayTables<B>,
    b: &Board<B>,
    rel: &Relations<B>,
    list: &mut MoveList,
) {
    let t = &*pos.tables;
    let v = &*pos.variant;
    let us = pos.side_to_move();
    let them = !us;
    let occ = b.occ;
    let enemy = pos.pieces(them).without(pos.king(them));
    let ksq = pos.king(us);
    let (checkers, latent) = rt.king_threats(t, b, rel, ksq, them);
    let (careful_from, careful_to) = if checkers.any() {
        (!B::EMPTY, !B::EMPTY)
    } else {
        (
            rt.departures(t, b, ksq, them) | latent,
            rt.screens(them, ksq) | latent,
        )
    };
    let ep = pos.ep_square();
    let cancellation = v.cancellation.is_some();
    for k in v.kinds() {
        let pieces = pos.pieces_of(us, k);
        if pieces.is_empty() {
            continue;
        }
        let royal = k == v.royal;
        let pawn = v.piece(k).pawn;
        let km = t.kind_moves(us, k);
        for from in pieces.squares() {
            let (quiet, mut caps, doubles) = if rel.modified.has(from) {
                let (q, c) = rt.effective_targets(rel, us, from, occ, enemy);
                (q, c, B::EMPTY)
            } else {
                pos.targets(us, k, from, occ, enemy)
            };
            let zone = t.promotion_zone[us.index()];
            // Only captures, and quiet moves that may promote.
            let (quiet, doubles) = if TACTICAL {
                if pawn {
                    (quiet & zone, doubles & zone)
                } else {
                    (B::EMPTY, B::EMPTY)
                }
            } else {
                (quiet, doubles)
            };
            if royal {
                for to in (quiet | caps).squares() {
                    let m = Move::new(from, to, MoveKind::Normal);
                    if rt.safe_after(pos, b, m) {
                        list.push(m);
                    }
                }
                continue;
            }
            if cancellation {
                // Cancellation captures (`rules/cancellation.md`): never a promotion, and legal
                // by that rule's own test, judged there by effective moves.
                crate::rules::cancellation::legality::push_captures(
                    pos,
                    from,
                    caps,
                    checkers.any(),
                    list,
                );
                caps = B::EMPTY;
            }
            let check_all = careful_from.has(from);
            let mut emit = |m: Move, list: &mut MoveList| {
                // A pawn's plain move onto an empty square of the zone is no capture.
                let quiet_move = matches!(m.kind(), MoveKind::Normal | MoveKind::DoubleStep)
                    && !caps.has(m.to());
                if TACTICAL && quiet_move {
                    return;
                }
                if (!check_all && !careful_to.has(m.to())) || rt.safe_after(pos, b, m) {
                    list.push(m);
                }
            };
            let targets = quiet | caps;
            if pawn && (targets & zone).any() {
                for to in targets.squares() {
                    if zone.has(to) {
                        pos.emit_promotions(us, from, to, MoveKind::Normal, &mut emit, list);
                    } else {
                        emit(Move::new(from, to, MoveKind::Normal), list);
                    }
                }
            } else {
                for to in targets.squares() {
                    emit(Move::new(from, to, MoveKind::Normal), list);
                }
            }
            for to in doubles.squares() {
                if pawn && zone.has(to) {
                    pos.emit_promotions(us, from, to, MoveKind::DoubleStep, &mut emit, list);
                } else {
                    emit(Move::new(from, to, MoveKind::DoubleStep), list);
                }
            }
            if km.en_passant {
                if let Some(ep) = ep {
                    if t.capture_leaps(us, k, from).has(ep) {
                        let m = Move::new(from, ep, MoveKind::EnPassant);
                        let legal = if cancellation {
                            crate::rules::cancellation::legality::capture_is_legal(pos, m)
                        } else {
                            rt.safe_after(pos, b, m)
                        };
                        if legal {
                            list.push(m);
                        }
                    }
                }
            }
        }
    }
    if checkers.is_empty() && !TACTICAL {
        castling(pos, rt, b, rel, list);
        kings_leap(pos, rt, b, rel, list);
    }
    crate::rules::no_repetition::filter(pos, list);
}

/// Castling as in the base game; the squares the King crosses are judged in the position before
/// the move and its safety after it, both with effective moves.
fn castling<B: Bitboard>(
    pos: &Position<B>,
    rt: &RelayTables<B>,
    b: &Board<B>,
    rel: &Relations<B>,
    list: &mut MoveList,
) {
    let us = pos.side_to_move();
    let rights = pos.castling_rights();
    if rights & (castle_bit(us, 0) | castle_bit(us, 1)) == 0 || pos.variant.king_leap {
        return;
    }
    let them = !us;
    let size = pos.variant.size;
    let kfrom = pos.king(us);
    let occ = b.occ;
    for side in 0..2 {
        if rights & castle_bit(us, side) == 0 {
            continue;
        }
        let Some((psq, kto, pto)) = pos.castle_squares(us, side, kfrom) else {
            continue;
        };
        let rank = size.rank(kfrom);
        let others = occ.without(kfrom).without(psq);
        let span = |a: Square, c: Square| -> (u8, u8) {
            let (fa, fc) = (size.file(a), size.file(c));
            (fa.min(fc), fa.max(fc))
        };
        let clear = [span(kfrom, psq), span(kfrom, kto), span(psq, pto)]
            .iter()
            .all(|&(a, c)| (a..=c).all(|f| !others.has(size.square(f, rank))));
        if !clear {
            continue;
        }
        let (a, c) = span(kfrom, kto);
        let crossed_safe = (a..=c)
            .map(|f| size.square(f, rank))
            .filter(|&s| s != kfrom && s != kto)
            .all(|s| {
                rt.attackers::<true>(&pos.tables, b, rel, s, them)
                    .is_empty()
            });
        if !crossed_safe {
            continue;
        }
        let kind = if side == 0 {
            MoveKind::CastleHigh
        } else {
            MoveKind::CastleLow
        };
        let m = Move::new(kfrom, kto, kind);
        if rt.safe_after(pos, b, m) {
            list.push(m);
        }
    }
}

/// King's Leap (`rules::kings_leap`) with effective moves: the leapt square is judged with the
/// King still on its square.
fn kings_leap<B: Bitboard>(
    pos: &Position<B>,
    rt: &RelayTables<B>,
    b: &Board<B>,
    rel: &Relations<B>,
    list: &mut MoveList,
) {
    let us = pos.side_to_move();
    if !pos.variant.king_leap || pos.castling_rights() & castle_bit(us, 0) == 0 {
        return;
    }
    let them = !us;
    let size = pos.variant.size;
    let from = pos.king(us);
    for (dx, dy) in [(2, 0), (-2, 0), (0, 2), (0, -2)] {
        let (Some(to), Some(mid)) = (size.offset(from, dx, dy), size.offset(from, dx / 2, dy / 2))
        else {
            continue;
        };
        if b.occ.has(to)
            || b.by_color[them.index()].has(mid)
            || rt.attackers::<true>(&pos.tables, b, rel, mid, them).any()
        {
            continue;
        }
        let m = Move::new(from, to, MoveKind::KingLeap);
        if rt.safe_after(pos, b, m) {
            list.push(m);
        }
    }
}
