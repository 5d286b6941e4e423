//! Which captures and placements are legal (`rules/cancellation.md`, "Legality").
//!
//! A capture with its placements is legal only if the capturer's King is safe once every
//! placement is made: for the capturer's own remnant some way of placing must be safe (and a
//! placement ply that leaves no safe way is illegal); for the defender's remnant every way the
//! defender could place must be safe. The defender's own placements are free.
//!
//! Placements change the board only on the destination and its neighbours, so when none of
//! those squares lies on a line to the King (nor, for enemy pieces, a leap away from it) the
//! answer is the board's without them; otherwise the placements are explored.

use super::{outcome, CancellationRule, Outcome, Pending, Step};
use crate::position::Position;
use crate::rules::relay::{Board, RelayTables};
use crate::types::{Bitboard, Color, Move, MoveKind, MoveList, Piece, PieceKind, Square};

/// Pieces placed on a hypothetical board (at most the destination and 8 more).
struct Placed {
    list: [(Square, Piece); 9],
    len: usize,
}

impl Placed {
    const NONE: Placed = Placed {
        list: [(Square::new(0), Piece::new(Color::White, PieceKind(0))); 9],
        len: 0,
    };
}

/// The King to keep safe on a hypothetical board.
struct Guard<'a, B: Bitboard> {
    pos: &'a Position<B>,
    rule: &'a CancellationRule,
    king: Square,
    enemy: Color,
    /// Enemy pieces still on the real board but gone from the hypothetical one.
    removed: B,
    /// Relay games: the hypothetical board before the placements. Which moves the pieces have
    /// depends on every piece there, placed ones included, so the King's safety is judged on
    /// the whole finished board, by effective moves, and no placement is taken as harmless.
    relay: Option<(&'a RelayTables<B>, Board<B>)>,
}

/// The relay tables and the board of `pos` with the pieces on `gone` taken off, in a relay game.
fn relay_board<'a, B: Bitboard>(
    pos: &'a Position<B>,
    gone: &[Square],
) -> Option<(&'a RelayTables<B>, Board<B>)> {
    let rt = pos.tables.relay.as_deref()?;
    let mut b = Board::of(pos);
    for &sq in gone {
        if let Some(p) = pos.piece_at(sq) {
            b.remove(sq, p);
        }
    }
    Some((rt, b))
}

/// Does a `color` `kind` on `from` attack `to` (judged as against a royal piece)?
fn attacks<B: Bitboard>(
    pos: &Position<B>,
    color: Color,
    kind: PieceKind,
    from: Square,
    to: Square,
    occ: B,
) -> bool {
    let t = &*pos.tables;
    if t.rev_capture_leaps(color, kind, to).has(from) {
        return true;
    }
    if t.rev_lame_leaps(color, kind, to)
        .iter()
        .any(|l| l.target == from && (l.block & occ).is_empty())
    {
        return true;
    }
    t.kind_moves(color, kind)
        .rides
        .iter()
        .any(|r| r.capture && t.ray_attacks(r.ray, r.hop, from, occ).has(to))
}

impl<B: Bitboard> Guard<'_, B> {
    fn safe(&self, occ: B, placed: &Placed) -> bool {
        let placed = &placed.list[..placed.len];
        if let Some((rt, board)) = &self.relay {
            let mut b = *board;
            for &(sq, piece) in placed {
                b.put(sq, piece);
            }
            debug_assert!(b.occ == occ, "the relay board and the occupancy differ");
            return !rt.attacked_on(&self.pos.tables, &b, self.king, self.enemy);
        }
        !self
            .pos
            .is_attacked_without(self.king, self.enemy, occ, self.removed)
            && placed.iter().all(|&(sq, p)| {
                p.color() != self.enemy
                    || !attacks(self.pos, self.enemy, p.kind(), sq, self.king, occ)
            })
    }

    /// Can the placements of `p` change whether the King is attacked?
    fn placements_matter(&self, p: Pending, placer: Color) -> bool {
        if self.relay.is_some() {
            return true;
        }
        let zone = self.rule.neighbours(p.center) | 1u128 << p.center.index();
        self.pos.tables.exposure(self.enemy, self.king).to_u128() & zone != 0
            || (placer == self.enemy && self.leap_threat(zone, p.remaining))
    }

    /// Could an enemy piece of value ≤ `r` placed on `zone` attack the King by a leap?
    fn leap_threat(&self, zone: u128, r: u8) -> bool {
        let t = &*self.pos.tables;
        self.rule.placeable.iter().any(|&(k, v)| {
            v <= r
                && (t.rev_capture_leaps(self.enemy, k, self.king).to_u128() & zone != 0
                    || t.rev_lame_leaps(self.enemy, k, self.king)
                        .iter()
                        .any(|l| zone >> l.target.index() & 1 != 0))
        })
    }

    /// With `all`: is the King safe after every way `placer` can make the placements of `p`?
    /// Without: after some way?
    ///
    /// Pieces of one value placed one after another on the neighbours make the same board in
    /// any order (the greedy rule offers each of them the same value, whichever goes first),
    /// so only ascending squares are explored: `last` is the previous neighbour placement's
    /// value and square. k pieces of one value on eight neighbours then make C(8, k) boards
    /// (times the types), not 8!/(8 - k)! orders of them.
    fn explore(
        &self,
        placer: Color,
        mut p: Pending,
        mut occ: B,
        placed: &mut Placed,
        all: bool,
        mut last: Option<(u8, Square)>,
    ) -> bool {
        let mark = placed.len;
        let mut step = Step::default();
        let result = loop {
            if !self.rule.step(placer, &mut p, occ.to_u128(), &mut step) {
                break self.safe(occ, placed);
            }
            let on_neighbour = !p.at_center();
            let floor = match last {
                Some((v, sq)) if on_neighbour && v == step.value => Some(sq.index()),
                _ => None,
            };
            let ordered = |sq: Square| floor.is_none_or(|f| sq.index() > f);
            let next = |sq: Square| on_neighbour.then_some((step.value, sq));
            if step.count() == 1 {
                let (sq, kind) = step.first();
                if !ordered(sq) {
                    // Another order of the same pieces, explored where this one went first.
                    break all;
                }
                occ = occ.with(sq);
                placed.list[placed.len] = (sq, Piece::new(placer, kind));
                placed.len += 1;
                p = p.after(step.value);
                last = next(sq);
                continue;
            }
            let mut answer = all;
            for (sq, kind) in step.pairs().filter(|&(sq, _)| ordered(sq)) {
                let before = placed.len;
                placed.list[placed.len] = (sq, Piece::new(placer, kind));
                placed.len += 1;
                let after = p.after(step.value);
                let safe = self.explore(placer, after, occ.with(sq), placed, all, next(sq));
                placed.len = before;
                if safe != all {
                    answer = safe;
                    break;
                }
            }
            break answer;
        };
        placed.len = mark;
        result
    }

    /// The answer for the remnant `p` of `placer` on a board with occupancy `occ`.
    fn remnant_safe(&self, placer: Color, p: Pending, occ: B) -> bool {
        let mut placed = Placed::NONE;
        if !self.placements_matter(p, placer) {
            return self.safe(occ, &placed);
        }
        // Without hoppers (or relays), pieces of the King's own side only ever block attacks:
        // if the board is safe before they are placed, every way of placing them is.
        if placer != self.enemy
            && !self.pos.tables.has_hoppers
            && self.relay.is_none()
            && self.safe(occ, &placed)
        {
            return true;
        }
        self.explore(placer, p, occ, &mut placed, placer == self.enemy, None)
    }
}

/// Is the capture `m` (by a non-royal piece, pseudo-legal) legal under the cancellation rule?
pub fn capture_is_legal<B: Bitboard>(pos: &Position<B>, m: Move) -> bool {
    let Some(rule) = pos.variant.cancellation.as_ref() else {
        return pos.leaves_king_safe(m);
    };
    let us = pos.side_to_move();
    let (from, to) = (m.from(), m.to());
    let victim_sq = if m.kind() == MoveKind::EnPassant {
        pos.ep_victim_square(m)
    } else {
        to
    };
    let (Some(attacker), Some(victim)) = (pos.piece_at(from), pos.piece_at(victim_sq)) else {
        return false;
    };
    let occ = pos.occupied().without(from).without(victim_sq);
    let guard = Guard {
        pos,
        rule,
        king: pos.king(us),
        enemy: !us,
        removed: B::from_square(victim_sq),
        relay: relay_board(pos, &[from, victim_sq]),
    };
    match outcome(rule.value(attacker.kind()), rule.value(victim.kind())) {
        Outcome::BothVanish => guard.safe(occ, &Placed::NONE),
        Outcome::Capturer(r) => guard.remnant_safe(us, Pending::new(to, r, true), occ),
        Outcome::Defender(r) => guard.remnant_safe(!us, Pending::new(to, r, false), occ),
    }
}

/// Adds the legal captures of the non-royal piece on `from` onto the squares `caps` (one move
/// each: a capture never promotes). `in_check`: the side to move is in check now.
///
/// Out of check, a capture can only endanger the King through the squares it changes (the
/// capturer's, the destination and its neighbours): when none of them is on a line to the King
/// and no enemy piece placed there could leap onto it, the capture is legal without a test.
pub fn push_captures<B: Bitboard>(
    pos: &Position<B>,
    from: Square,
    caps: B,
    in_check: bool,
    list: &mut MoveList,
) {
    let Some(rule) = pos.variant.cancellation.as_ref() else {
        return;
    };
    let us = pos.side_to_move();
    let (king, enemy) = (pos.king(us), !us);
    let lines = if in_check {
        !0
    } else {
        pos.tables.exposure(enemy, king).to_u128()
    };
    // In relay games any placement may change which moves the pieces have: no shortcut.
    let from_clear = lines >> from.index() & 1 == 0 && pos.tables.relay.is_none();
    let a = pos.piece_at(from).map_or(0, |p| rule.value(p.kind()));
    for to in caps.squares() {
        let m = Move::new(from, to, MoveKind::Normal);
        let zone = rule.neighbours(to) | 1u128 << to.index();
        let quiet_zone = from_clear && lines & zone == 0;
        let safe = quiet_zone && {
            let d = pos.piece_at(to).map_or(0, |p| rule.value(p.kind()));
            match outcome(a, d) {
                Outcome::Defender(r) => {
                    let guard = Guard {
                        pos,
                        rule,
                        king,
                        enemy,
                        removed: B::EMPTY,
                        relay: None,
                    };
                    !guard.leap_threat(zone, r)
                }
                _ => true,
            }
        };
        if safe || capture_is_legal(pos, m) {
            list.push(m);
        }
    }
}

/// The legal moves while placements are pending: the placements of the current step; for the
/// capturer's own remnant only those after which some way of finishing leaves its King safe.
pub fn generate_placements<B: Bitboard>(pos: &Position<B>, list: &mut MoveList) {
    list.clear();
    let Some(rule) = pos.variant.cancellation.as_ref() else {
        return;
    };
    let mut p = pos.pending_placement();
    let placer = pos.side_to_move();
    let occ = pos.occupied();
    let mut step = Step::default();
    if !rule.step(placer, &mut p, occ.to_u128(), &mut step) {
        return;
    }
    if !p.passes_turn() {
        for (sq, kind) in step.pairs() {
            list.push(Move::drop(kind, sq));
        }
    } else {
        let guard = Guard {
            pos,
            rule,
            king: pos.king(placer),
            enemy: !placer,
            removed: B::EMPTY,
            relay: relay_board(pos, &[]),
        };
        let mut placed = Placed::NONE;
        // Without hoppers our own pieces only block: a safe board stays safe whatever we place.
        let safe_now = guard.safe(occ, &placed);
        let free = !guard.placements_matter(p, placer)
            || (safe_now && !pos.tables.has_hoppers && guard.relay.is_none());
        let all_safe = free && safe_now;
        for (sq, kind) in step.pairs() {
            let ok = free && all_safe
                || !free && {
                    placed.list[0] = (sq, Piece::new(placer, kind));
                    placed.len = 1;
                    guard.explore(
                        placer,
                        p.after(step.value),
                        occ.with(sq),
                        &mut placed,
                        false,
                        // The rest in any order: this piece's square is not theirs to follow.
                        None,
                    )
                };
            if ok {
                list.push(Move::drop(kind, sq));
            }
        }
    }
    crate::rules::no_repetition::filter(pos, list);
}
