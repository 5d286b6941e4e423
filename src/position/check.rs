//! Check after a move, from what the move changed: the search asks at every node, and a full
//! scan of the enemy's attack groups costs several times more than looking at the few places
//! a plain move can give check from.

use super::Position;
use crate::movegen::tables::AttackGroup;
use crate::types::{Bitboard, Color, Move, MoveKind, Piece, PieceKind, Square};

impl<B: Bitboard> Position<B> {
    /// The same answer as `in_check`, faster right after a plain move, a pawn's initial step or
    /// a promotion. Before such a move its player could not be giving check (the position was
    /// legal), so a check now comes from the moved piece itself, from a line the move opened
    /// on `from` (riders, hoppers and lame leapers behind it: `exposure`) or from a screen it
    /// made on `to` for a hopper (`screen_lines`); the last two are left to the full scan.
    /// A capture leaves `to` occupied, so it opens nothing there. Every other move, relay
    /// games and cancellation games (whose plies may keep the turn) use the full scan.
    /// A "no" is remembered for the move generator (`State::known_unchecked`).
    /// Inline: most moves give no check, and are told so from a few table reads, in the
    /// caller's code; the scans are out of line.
    #[inline(always)]
    pub fn in_check_after_move(&mut self) -> bool {
        let check = self.check_after_move();
        self.state.known_unchecked = !check;
        check
    }

    #[inline(always)]
    fn check_after_move(&self) -> bool {
        let m = self.state.mv;
        let plain = matches!(
            m.kind(),
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Promotion
        );
        if !plain || m == Move::NULL || self.scan_checks {
            return self.full_check();
        }
        let mover = !self.side;
        match self.piece_at(m.to()) {
            Some(p) if p.color() == mover => self.moved_piece_gives_check(p, m.from(), m.to()),
            _ => self.full_check(),
        }
    }

    /// `in_check`, out of line.
    #[inline(never)]
    fn full_check(&self) -> bool {
        self.in_check()
    }

    /// After `piece` has moved from `from` to `to` (on the board now), is the enemy king
    /// attacked? Unless the move left a line to the king (`exposure`) or made a screen on one
    /// for a hopper (`screen_lines`), only the moved piece can be giving the check.
    /// The tables' tests are inlined: most moves give no check, and are told so without a
    /// call (or the saving of registers that the full tests need).
    #[inline(always)]
    pub(super) fn moved_piece_gives_check(&self, piece: Piece, from: Square, to: Square) -> bool {
        let mover = piece.color();
        let ksq = self.king(!mover);
        if self.check_beyond_moved_piece(mover, ksq, from, to, self.by_color[mover.index()]) {
            return self.king_attacked_by(mover, ksq);
        }
        self.tables.attack_span(mover, piece.kind(), ksq).has(to)
            && self.piece_attacks(mover, piece.kind(), to, ksq, self.occupied())
    }

    /// `is_attacked` on the `mover`'s enemy king on `ksq`, out of line.
    #[inline(never)]
    fn king_attacked_by(&self, mover: Color, ksq: Square) -> bool {
        self.is_attacked(ksq, mover, self.occupied())
    }

    /// Could a move from `from` to `to` by a `mover` piece give check other than by the piece
    /// itself (the king on `ksq`, `ours` the mover's pieces after the move)? A line from the
    /// king through `from` opens a check only if one of the mover's pieces stands beyond
    /// `from` on it; a lame leap's path is not a line, so it is always scanned.
    #[inline(always)]
    pub(super) fn check_beyond_moved_piece(
        &self,
        mover: Color,
        ksq: Square,
        from: Square,
        to: Square,
        ours: B,
    ) -> bool {
        let t = &*self.tables;
        let opened = t.exposure(mover, ksq).has(from)
            && ((t.beyond(ksq, from) & ours).any() || t.lame_exposure(mover, ksq).has(from));
        opened || t.screen_lines(mover, ksq).has(to)
    }

    /// Does the `color` piece of `kind` on `from` attack `target` (judged as an attack on a
    /// king, as `attackers` judges it) with occupancy `occ`? Only the kind's own attack groups
    /// are looked at; `from` must be in the kind's `attack_span` of `target`. Out of line:
    /// `moved_piece_gives_check` has ruled most moves out by that span.
    #[inline(never)]
    fn piece_attacks(
        &self,
        color: Color,
        kind: PieceKind,
        from: Square,
        target: Square,
        occ: B,
    ) -> bool {
        let t = &*self.tables;
        // Every group listed holds `kind`, so the one piece on `from` is the group's only
        // candidate: leaps and combined lines need no mask of the group's kinds built.
        t.kind_groups(color, kind).iter().any(|&gi| {
            let group = &t.attack_groups[color.index()][gi];
            let lines = match group {
                AttackGroup::Leaps { table_of, .. } => {
                    return t.rev_capture_leaps(color, *table_of, target).has(from);
                }
                AttackGroup::Rays { .. } => t.group_lines(color, gi, target),
                AttackGroup::Lame { .. } => None,
            };
            match lines {
                Some(lines) => lines.has(from) && t.slide(target, lines, occ).has(from),
                // Hoppers, rides without combined lines, lame leapers: the group's own test.
                None => self
                    .group_attackers(color, gi, group, target, occ, B::from_square(from))
                    .any(),
            }
        })
    }
}
